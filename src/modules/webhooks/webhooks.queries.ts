// The SQL of the webhook endpoints' delivery log (webhooks.service.ts): reading deliveries and making one
// pending again. Every statement takes the workspace. Delivery itself: delivery.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import type { WebhookDeliveryView } from './webhooks.types';

const DELIVERY_COLUMNS = `d.id, d.event_id, e.kind, d.status, d.attempts, d.response_status, d.error, d.next_attempt_at, d.created_at, d.delivered_at`;

const toDelivery = (r: Record<string, unknown>): WebhookDeliveryView => ({
  id: String(r.id),
  eventId: String(r.event_id),
  event: String(r.kind),
  status: String(r.status),
  attempts: Number(r.attempts),
  responseStatus: r.response_status === null ? null : Number(r.response_status),
  error: (r.error as string | null) ?? null,
  nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at as string) : null,
  createdAt: new Date(r.created_at as string),
  deliveredAt: r.delivered_at ? new Date(r.delivered_at as string) : null,
});

/** One delivery of the workspace with its event's kind; null when there is none. */
export async function workspaceDelivery(em: EntityManager, workspaceId: string, deliveryId: string): Promise<WebhookDeliveryView | null> {
  const [row] = await sql(em, `select ${DELIVERY_COLUMNS} from webhook_delivery d join event e on e.id = d.event_id where d.id = ? and d.workspace_id = ?`, [
    deliveryId,
    workspaceId,
  ]);
  return row ? toDelivery(row) : null;
}

/** A page of an endpoint's deliveries, newest first (the index webhook_delivery_log). */
export async function endpointDeliveryPage(
  em: EntityManager,
  workspaceId: string,
  endpointId: string,
  page: { limit: number; offset: number; after?: { createdAt: string; id: string } },
): Promise<WebhookDeliveryView[]> {
  // A cursor page (decisions.md §12): the deliveries after the cursor's (created_at, id), a range of the
  // same index (its created_at bound; the few deliveries of the cursor's own millisecond by id).
  const after = page.after ? ` and (d.created_at, d.id) < (?::timestamptz, ?::uuid)` : '';
  const rows = await sql(
    em,
    `select ${DELIVERY_COLUMNS} from webhook_delivery d join event e on e.id = d.event_id
      where d.endpoint_id = ? and d.workspace_id = ?${after} order by d.created_at desc, d.id desc limit ? offset ?`,
    [endpointId, workspaceId, ...(page.after ? [page.after.createdAt, page.after.id] : []), page.limit, page.offset],
  );
  return rows.map(toDelivery);
}

/** How many deliveries an endpoint has. */
export async function endpointDeliveryCount(em: EntityManager, workspaceId: string, endpointId: string): Promise<number> {
  const [count] = await sql(em, `select count(*)::int as n from webhook_delivery where endpoint_id = ? and workspace_id = ?`, [endpointId, workspaceId]);
  return Number(count?.n ?? 0);
}

/** Makes the workspace's delivery pending again, due `now`, whatever its status; false when there is none. */
export async function makeDeliveryDue(em: EntityManager, workspaceId: string, deliveryId: string, now: Date): Promise<boolean> {
  const rows = await sql(em, `update webhook_delivery set status = 'pending', next_attempt_at = ? where id = ? and workspace_id = ? returning id`, [now, deliveryId, workspaceId]);
  return rows.length > 0;
}
