// Attempts of webhook deliveries (decisions.md §8, README.md here): the Standard Webhooks request, one
// worker per endpoint with a few attempts in flight, and the single attempt a request makes (test, retry).
import { Webhook } from 'standardwebhooks';
import type { AppDeps } from '../../runtime/context';
import { AppError } from '../../contracts/errors';
import { KeptConnections } from '../../net/kept-connections';
import {
  claimDue,
  claimOne,
  endpointNow,
  loadEndpoint,
  recordAttempt,
  recordDelivered,
  releaseClaims,
  releaseEndpointLease,
  takeEndpointLease,
  type AttemptResult,
  type ClaimedDelivery,
  type Delivered,
  type LeasedEndpoint,
} from './delivery.queries';
import { DELIVERY_TIMEOUT_MS } from './retry-schedule';
import type { DeliveryStatus } from './webhook.entity';
import type { WebhookOutcome } from '../../observability/metrics/label-values';

/** Attempts in flight to one endpoint at once: a slow receiver holds only its own worker's slots. */
export const PER_ENDPOINT_CONCURRENCY = 4;
/** Deliveries claimed per round trip (a worker's queue). */
export const CLAIM_BATCH = 32;
/** The next claim starts when the queue is down to this: a claim's round trip then overlaps the attempts
 *  of the half batch still queued, instead of the attempts waiting for it. */
const REFILL_AT = CLAIM_BATCH / 2;
/** How long a claim (and the endpoint's lease) holds without news, while its holder lives: longer than
 *  the claimed deliveries queued at once take at worst ((REFILL_AT + CLAIM_BATCH) /
 *  PER_ENDPOINT_CONCURRENCY × the timeout = 3 min), so a live worker never loses its claims. A dead
 *  holder's leases are free at once (the owner lock, delivery.queries.ts); this is the backstop for a
 *  holder alive but frozen. */
export const LEASE_MS = 5 * 60_000;
/** Successes waiting for their group commit before the workers wait for it. */
const MAX_UNWRITTEN = 256;
/** A group of successes is written once this many have gathered, or after GROUP_WAIT_MS. */
const GROUP_SIZE = 64;
const GROUP_WAIT_MS = 20;
/** An answer's body is read up to this: a 2xx's is thrown away, an error's starts the attempt's `error`. */
const ANSWER_BYTES = 4_096;
/** How long a 2xx's body is waited for after its status (so a kept socket can be reused); a longer one
 *  is cut and its socket closed. The status alone decides (decisions.md §8). */
const OK_BODY_WAIT_MS = 1_000;
/** How stale a worker's view of its endpoint (URL, enabled, secret) may be when an attempt starts: a
 *  PATCH url, a disable or a DELETE reaches a running worker within this, its queue or not (decisions.md
 *  §8), at one read a second rather than one per attempt. */
export const ENDPOINT_FRESH_MS = 1_000;

export interface DeliveryOptions {
  /** The attempt's deadline; DELIVERY_TIMEOUT_MS (15 s) unless a test shortens it. */
  timeoutMs?: number;
  /** Checked between attempts: a stopping worker gives back what it has not started. */
  stopping?: () => boolean;
}

/** The body receivers get: `{type, timestamp, data}` (decisions.md §8). */
export function webhookBody(d: Pick<ClaimedDelivery, 'kind' | 'eventAt' | 'payload'>): string {
  return JSON.stringify({ type: d.kind, timestamp: d.eventAt.toISOString(), data: d.payload });
}

/** One POST, signed with the Standard Webhooks headers; `webhook-id` is the event id, the same on every
 *  attempt and for every endpoint, so a receiver can drop a repeat. Never throws: the outcome is data. */
export async function attempt(deps: AppDeps, url: string, signer: Webhook, d: ClaimedDelivery, opts: DeliveryOptions, connections?: KeptConnections): Promise<AttemptResult> {
  const body = webhookBody(d);
  const at = deps.clock.now();
  const headers = {
    'content-type': 'application/json',
    'webhook-id': d.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(d.eventId, at, body),
  };
  try {
    // Through the outbound guard: no private addresses unless ALLOW_PRIVATE_FETCH, no redirects for a POST.
    // A 2xx status within the deadline is delivered whatever its body does, however large or slow
    // (decisions.md §8 "Any 2xx within 15 s is delivered"): `okBody` settles it at the status.
    const res = await deps.http.request(url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: opts.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      maxBytes: ANSWER_BYTES,
      okBody: { maxBytes: ANSWER_BYTES, waitMs: OK_BODY_WAIT_MS },
      connections,
    });
    if (res.status >= 200 && res.status < 300) return { ok: true, responseStatus: res.status, error: null };
    const said = res.text.replace(/\s+/g, ' ').trim().slice(0, 200);
    return { ok: false, responseStatus: res.status, error: `The endpoint answered HTTP ${res.status}${said ? `: ${said}` : '.'}` };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, responseStatus: null, error: err.message.slice(0, 500) };
    return { ok: false, responseStatus: null, error: `The request failed: ${String((err as Error)?.message ?? err)}`.slice(0, 500) };
  }
}

/** An attempt's outcome for the metrics, from the delivery's status after it: a failure with a retry
 *  to come leaves it pending. */
const attemptOutcome = (status: DeliveryStatus): WebhookOutcome => (status === 'pending' ? 'retry' : status);

const signerFor = (deps: AppDeps, endpoint: LeasedEndpoint) => new Webhook(deps.secrets.decrypt(endpoint.secretEnc));

/**
 * Delivers what is due to one endpoint until nothing is (or it is disabled, or the worker stops): takes
 * the endpoint's lease (a second worker for the same endpoint returns at once), claims a few deliveries
 * at a time and keeps PER_ENDPOINT_CONCURRENCY attempts in flight. Returns how many attempts it made.
 */
export async function deliverEndpoint(deps: AppDeps, endpointId: string, opts: DeliveryOptions = {}): Promise<number> {
  // A lease taken while this process holds no owner lock would protect nothing.
  if (!deps.owner.connected) return 0;
  const em = deps.orm.em.fork();
  const holder = deps.owner.name;
  const leaseUntil = () => new Date(deps.clock.now().getTime() + LEASE_MS);
  const endpoint = await takeEndpointLease(em, endpointId, deps.clock.now(), leaseUntil(), holder);
  if (!endpoint) return 0;
  let signer = signerFor(deps, endpoint);
  // The worker's attempts share keep-alive sockets to the endpoint (each reused only for the address the
  // guard has just checked), closed when the worker ends.
  const connections = new KeptConnections(PER_ENDPOINT_CONCURRENCY);
  const queue: ClaimedDelivery[] = [];
  let refilling: Promise<void> | null = null;
  /** Nothing more to claim (none due, or the endpoint was disabled or deleted). */
  let exhausted = false;
  /** Stop taking deliveries (the endpoint was disabled by a failure, or a write failed). */
  let halt = false;
  let made = 0;
  /** The first database failure (a claim or a write): the worker stops and rethrows it. */
  let failure: unknown = null;

  // One claim at a time, started before the queue runs dry so the attempts in flight never wait for
  // it. (`.finally` runs as a later microtask, after the assignment, so the slot is always freed.)
  const claim = async () => {
    let claimed;
    try {
      claimed = await claimDue(em, endpoint.id, deps.clock.now(), leaseUntil(), holder, CLAIM_BATCH);
    } catch (err) {
      failure ??= err;
      halt = true;
      return;
    }
    if (!claimed.length) exhausted = true;
    const secretEnc = claimed[0]?.secretEnc;
    if (secretEnc && secretEnc !== endpoint.secretEnc) {
      endpoint.secretEnc = secretEnc;
      signer = signerFor(deps, endpoint);
    }
    queue.push(...claimed);
  };
  const refill = () => (refilling ??= claim().finally(() => (refilling = null)));

  const next = async (): Promise<ClaimedDelivery | null> => {
    for (;;) {
      if (halt || opts.stopping?.()) return null;
      if (!exhausted && queue.length <= REFILL_AT) void refill();
      const d = queue.shift();
      if (d) return d;
      if (exhausted) return null;
      await refill();
    }
  };

  // Successes are written in groups (one statement and one commit for all that finished meanwhile), so
  // the attempts in flight never wait on the database; a failure is written at once (it may disable the
  // endpoint). A crash before a group is written leaves its deliveries claimed by a dead holder: another
  // worker attempts them again at once with the same webhook-id, which receivers use to drop a repeat
  // (README.md "Crash behaviour").
  const unwritten: Delivered[] = [];
  let writing: Promise<void> | null = null;
  const flush = async () => {
    try {
      // A moment to let a group gather: fewer, larger commits leave the database's CPU to the attempts.
      if (unwritten.length && unwritten.length < GROUP_SIZE) await new Promise((resolve) => setTimeout(resolve, GROUP_WAIT_MS));
      while (unwritten.length) {
        const group = unwritten.splice(0);
        await recordDelivered(em, endpoint.id, group, endpoint.failingSince !== null);
        endpoint.failingSince = null;
      }
    } catch (err) {
      failure ??= err;
      halt = true;
    }
  };
  const write = (): Promise<void> => (writing ??= flush().finally(() => (writing = null)));

  // The endpoint as it is now, read again once ENDPOINT_FRESH_MS has passed (one read shared by the
  // attempts starting meanwhile): a new URL or secret applies to the next attempt, and a disabled or
  // deleted endpoint gets none (what is queued goes back below, its attempts uncounted).
  let readAt = Date.now();
  let reading: Promise<void> | null = null;
  const reread = async () => {
    try {
      const now = await endpointNow(em, endpoint.id);
      readAt = Date.now();
      if (!now || !now.enabled) {
        halt = true;
        return;
      }
      endpoint.url = now.url;
      if (now.secretEnc !== endpoint.secretEnc) {
        endpoint.secretEnc = now.secretEnc;
        signer = signerFor(deps, endpoint);
      }
    } catch (err) {
      failure ??= err;
      halt = true;
    }
  };
  const current = async (): Promise<boolean> => {
    if (Date.now() - readAt >= ENDPOINT_FRESH_MS) await (reading ??= reread().finally(() => (reading = null)));
    return !halt;
  };

  const worker = async () => {
    for (let d = await next(); d; d = await next()) {
      if (!(await current())) {
        queue.unshift(d); // not attempted: given back with the rest
        break;
      }
      const result = await attempt(deps, endpoint.url, signer, d, opts, connections);
      made++;
      if (result.ok) {
        deps.metrics.engine.webhookAttempt('delivered');
        unwritten.push({ id: d.id, at: deps.clock.now(), responseStatus: result.responseStatus! });
        const pending = write();
        if (unwritten.length >= MAX_UNWRITTEN) await pending;
        continue;
      }
      await write();
      const { disabled, status } = await recordAttempt(em, d, endpoint, result, deps.clock.now());
      deps.metrics.engine.webhookAttempt(attemptOutcome(status));
      if (disabled) halt = true;
    }
  };

  try {
    await Promise.all(Array.from({ length: PER_ENDPOINT_CONCURRENCY }, worker));
    await refilling; // a claim started for the queue: what it claimed is given back below
    while (unwritten.length) await write();
    await writing;
    if (failure) throw failure;
  } finally {
    connections.close();
    // Claimed but not attempted (stopping, or the endpoint was disabled): back to the queue, uncounted.
    if (queue.length)
      await releaseClaims(
        em,
        queue.splice(0).map((d) => d.id),
        holder,
      );
    await releaseEndpointLease(em, endpoint.id, holder);
  }
  return made;
}

/** One attempt now for one delivery (the test event, a manual retry), in the caller's request; false
 *  when a live worker or request holds it at this moment (it is being attempted), it is not pending, or
 *  this process has lost its owner lock for now (a worker attempts it then). */
export async function deliverNow(deps: AppDeps, deliveryId: string, opts: DeliveryOptions = {}): Promise<boolean> {
  // Without the owner lock the claim would protect nothing: a worker attempts it instead.
  if (!deps.owner.connected) return false;
  const em = deps.orm.em.fork();
  const now = deps.clock.now();
  const d = await claimOne(em, deliveryId, now, new Date(now.getTime() + LEASE_MS), deps.owner.name);
  if (!d) return false;
  const endpoint = await loadEndpoint(em, d.endpointId);
  if (!endpoint) return false;
  const result = await attempt(deps, endpoint.url, signerFor(deps, endpoint), d, opts);
  const { status } = await recordAttempt(em, d, endpoint, result, deps.clock.now());
  deps.metrics.engine.webhookAttempt(attemptOutcome(status));
  return true;
}
