// Webhook endpoints and their deliveries (decisions.md §8; delivery itself: deliver.ts, README.md).
// Choices decisions.md leaves open:
// - A URL whose host is an IP address in a private or reserved range is refused at once (400
//   address_not_allowed) unless ALLOW_PRIVATE_FETCH; a host name is judged at each delivery by the
//   outbound-fetch guard (it may resolve differently later), and a refusal there is a failed attempt.
// - POST …/test and POST …/deliveries/:id/retry make their attempt within the request and answer the
//   delivery as it then stands (a failed attempt is a result, not an error; retries follow the schedule).
// - A retry of a delivered or failed delivery makes it pending again, due now; a failure after the
//   schedule is used up fails it again at once.
// - PATCH enabled: true clears the failing streak, so 5 days start again.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404, isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { normalizeHost, refusedCategory } from '../../net/safe-fetch';
import { EVENT_DESCRIPTIONS, EVENT_KINDS, insertEvent } from '../events/record-event';
import { deliverNow } from './deliver';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { DEFAULT_DELIVERY_PAGE, type CreateWebhookInput, type DeliveryQueryInput, type UpdateWebhookInput } from './webhooks.inputs';
import { endpointDeliveryCount, endpointDeliveryPage, makeDeliveryDue, workspaceDelivery } from './webhooks.queries';
import type { WebhookDeliveryPage, WebhookDeliveryView, WebhookEventKindView, WebhookView, WebhookWithSecretView } from './webhooks.types';
import { isoKey, Paging } from '../../contracts/pagination/keyset';

/** decisions.md §8: `whsec_` + base64 of 32 random bytes (the Standard Webhooks secret format). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const view = (w: WebhookEndpoint): WebhookView => ({
  id: w.id,
  url: w.url,
  events: [...w.events],
  description: w.description,
  enabled: w.enabled,
  disabledAt: w.disabledAt,
  createdAt: w.createdAt,
});

/** Kinds as given, each once, in the order of the list of kinds. */
const kinds = (events: readonly string[] | null | undefined): string[] => EVENT_KINDS.filter((k) => events?.includes(k));

/** The guard's verdict on a URL written as an address, when it is saved (a name is checked when it is
 *  resolved, at each delivery). ALLOW_PRIVATE_FETCH lets private and loopback addresses through, never
 *  link-local or metadata ones (refusedCategory, decisions.md §10): those were saved with it before. */
function checkAddress(ctx: AuthedCtx, url: string): void {
  const host = normalizeHost(new URL(url).hostname);
  const category = isIP(host) ? refusedCategory(host, ctx.deps.config.allowPrivateFetch) : null;
  if (category) {
    throw new AppError('address_not_allowed', `The webhook URL points at a ${category} address, which the server does not deliver to.`, { host, category });
  }
}

const endpointOr404 = (ctx: AuthedCtx, id: string) => findOr404(ctx.em, WebhookEndpoint, id, 'Webhook');

export async function createWebhook(ctx: AuthedCtx, input: CreateWebhookInput): Promise<WebhookWithSecretView> {
  checkAddress(ctx, input.url);
  const secret = newWebhookSecret();
  const endpoint = ctx.em.create(WebhookEndpoint, {
    workspace: ctx.actor.workspaceId,
    url: input.url,
    events: kinds(input.events),
    description: input.description?.trim() || null,
    secretEnc: ctx.deps.secrets.encrypt(secret),
  });
  await ctx.em.persistAndFlush(endpoint);
  return { ...view(endpoint), secret };
}

export async function listWebhooks(ctx: AuthedCtx): Promise<WebhookView[]> {
  return (await ctx.em.find(WebhookEndpoint, {}, { orderBy: { createdAt: 'asc', id: 'asc' } })).map(view);
}

export async function updateWebhook(ctx: AuthedCtx, id: string, input: UpdateWebhookInput): Promise<WebhookView> {
  const endpoint = await endpointOr404(ctx, id);
  if (input.url !== undefined) {
    checkAddress(ctx, input.url);
    endpoint.url = input.url;
  }
  if (input.events !== undefined) endpoint.events = kinds(input.events);
  if (input.description !== undefined) endpoint.description = input.description?.trim() || null;
  if (input.enabled !== undefined && input.enabled !== endpoint.enabled) {
    endpoint.enabled = input.enabled;
    if (input.enabled) {
      endpoint.failingSince = null;
      endpoint.disabledAt = null;
    }
  }
  await ctx.em.flush();
  return view(endpoint);
}

export async function deleteWebhook(ctx: AuthedCtx, id: string): Promise<{ deleted: true }> {
  const endpoint = await endpointOr404(ctx, id);
  // Its deliveries go with it (on delete cascade); an attempt in flight finishes and writes nothing.
  await ctx.em.removeAndFlush(endpoint);
  return { deleted: true };
}

export async function rotateWebhookSecret(ctx: AuthedCtx, id: string): Promise<WebhookWithSecretView> {
  const endpoint = await endpointOr404(ctx, id);
  const secret = newWebhookSecret();
  // Attempts from now on are signed with the new secret: a worker re-reads its endpoint at most a second
  // before each attempt (deliver.ts ENDPOINT_FRESH_MS).
  endpoint.secretEnc = ctx.deps.secrets.encrypt(secret);
  await ctx.em.flush();
  return { ...view(endpoint), secret };
}

export function listEventKinds(): WebhookEventKindView[] {
  return EVENT_KINDS.map((kind) => ({ kind, description: EVENT_DESCRIPTIONS[kind] }));
}

async function readDelivery(ctx: AuthedCtx, id: string): Promise<WebhookDeliveryView> {
  const delivery = await workspaceDelivery(ctx.em, ctx.actor.workspaceId, id);
  if (!delivery) throw notFound('Delivery');
  return delivery;
}

/** GET /webhooks/:id/deliveries: newest first (the index webhook_delivery_log). */
export async function listDeliveries(ctx: AuthedCtx, id: string, query: DeliveryQueryInput): Promise<WebhookDeliveryPage> {
  const endpoint = await endpointOr404(ctx, id);
  const paging = Paging.of(ctx, 'webhook-deliveries', { endpointId: endpoint.id }, query, DEFAULT_DELIVERY_PAGE);
  const [createdAt, deliveryId] = paging.after ?? [];
  const page = { limit: paging.fetch!, offset: paging.offset, ...(paging.after ? { after: { createdAt: String(createdAt), id: String(deliveryId) } } : {}) };
  const [rows, total] = await Promise.all([
    endpointDeliveryPage(ctx.em, ctx.actor.workspaceId, endpoint.id, page),
    endpointDeliveryCount(ctx.em, ctx.actor.workspaceId, endpoint.id),
  ]);
  return { total, ...paging.close(rows, (d) => [isoKey(d.createdAt), d.id]) };
}

/** POST /webhooks/:id/test: a `webhook_test` event for this endpoint only, attempted now (even while
 *  the endpoint is disabled: that is how one checks it before enabling it again). */
export async function testWebhook(ctx: AuthedCtx, id: string): Promise<WebhookDeliveryView> {
  const endpoint = await endpointOr404(ctx, id);
  // The receiver is waited on: one of the workspace's slots for work on outside servers (peer-work.ts),
  // taken before anything is written, so a refusal (429) leaves no test event behind.
  return ctx.deps.peerWork.run(ctx.actor.workspaceId, async () => {
    const now = ctx.deps.clock.now();
    const deliveryId = await ctx.em.transactional(async (tx) => {
      const eventId = await insertEvent(
        tx,
        { workspaceId: ctx.actor.workspaceId, kind: 'webhook_test', payload: { webhook_id: endpoint.id, message: 'A test event sent by POST /webhooks/:id/test.' }, now },
        { fannedOut: true },
      );
      const delivery = tx.create(WebhookDelivery, { workspace: ctx.actor.workspaceId, event: eventId!, endpoint: endpoint.id, nextAttemptAt: now, createdAt: now });
      await tx.flush();
      return delivery.id;
    });
    await deliverNow(ctx.deps, deliveryId);
    return readDelivery(ctx, deliveryId);
  });
}

/** POST /webhooks/deliveries/:id/retry: one more attempt now, whatever its status. */
export async function retryDelivery(ctx: AuthedCtx, id: string): Promise<WebhookDeliveryView> {
  if (!isUuid(id)) throw notFound('Delivery');
  // The receiver is waited on: a slot taken before the delivery is made due (a 429 changes nothing).
  return ctx.deps.peerWork.run(ctx.actor.workspaceId, async () => {
    if (!(await makeDeliveryDue(ctx.em, ctx.actor.workspaceId, id, ctx.deps.clock.now()))) throw notFound('Delivery');
    // When a worker holds it at this moment, that worker's attempt is the retry.
    await deliverNow(ctx.deps, id);
    return readDelivery(ctx, id);
  });
}
