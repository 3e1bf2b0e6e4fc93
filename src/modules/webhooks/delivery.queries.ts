// The SQL of webhook delivery (README.md here): the fan-out from the event outbox, the endpoint lease,
// claiming due deliveries and writing what an attempt gave. Raw SQL on ids, for jobs that run with no
// caller (no workspace filter); each statement names the workspace through the rows it reads.
//
// A lease (the endpoint's, a delivery's claim) names its holder, the process that took it
// (src/storage/process-owner.ts), and counts only while that process lives and its time has not run out
// (leaseFreeSql): a dead worker's or request's leases are free at once, a live one's protect its work.
import type { EntityManager } from '@mikro-orm/postgresql';
import { leaseFreeSql } from '../../storage/owner-sql';
import { intArray, pgArray, sql, timeArray } from '../../storage/sql';
import { afterFailure, failedTooLong } from './retry-schedule';
import type { DeliveryStatus } from './webhook.entity';

/** Events fanned out per statement. */
export const FAN_OUT_BATCH = 1_000;

/**
 * One batch of the outbox: each event not yet handed to delivery gets a pending delivery for every
 * enabled endpoint of its workspace subscribed to its kind, and is marked handed (event.delivered_at).
 * One statement, so both happen or neither; SKIP LOCKED lets two fan-outs share the work, and the
 * unique (event, endpoint) makes a repeat harmless. Returns how many events it handed.
 * @allWorkspaces the fan-out job's pass over every workspace's outbox (workspaceIds narrows a scoped run)
 */
export async function fanOutBatch(em: EntityManager, now: Date, limit = FAN_OUT_BATCH, workspaceIds: readonly string[] | null = null): Promise<number> {
  const rows = await sql(
    em,
    `with batch as (
       select id, workspace_id, kind from event where delivered_at is null and (?::uuid[] is null or workspace_id = any(?::uuid[])) order by created_at limit ? for update skip locked),
     made as (
       insert into webhook_delivery (id, created_at, workspace_id, event_id, endpoint_id, status, attempts, next_attempt_at)
       select gen_random_uuid(), ?, b.workspace_id, b.id, w.id, 'pending', 0, ?
         from batch b join webhook_endpoint w on w.workspace_id = b.workspace_id and w.enabled and (cardinality(w.events) = 0 or b.kind = any(w.events))
        where b.kind <> 'webhook_test'
       on conflict (event_id, endpoint_id) do nothing)
     update event set delivered_at = ? where id in (select id from batch) returning id`,
    [scope(workspaceIds), scope(workspaceIds), limit, now, now, now],
  );
  return rows.length;
}

/** A workspace scope as a uuid[] parameter; null is every workspace. */
const scope = (workspaceIds: readonly string[] | null) => (workspaceIds ? pgArray(workspaceIds) : null);

/**
 * Enabled endpoints with a delivery due and no worker holding them (of the given workspaces, else all).
 * @allWorkspaces the delivery job's pass over every workspace's endpoints (workspaceIds narrows a scoped run)
 */
export async function endpointsWithDueWork(em: EntityManager, now: Date, workspaceIds: readonly string[] | null = null): Promise<string[]> {
  const rows = await sql(
    em,
    `select w.id from webhook_endpoint w
      where w.enabled and ${leaseFreeSql('w.lease_until', 'w.lease_holder', '?')} and (?::uuid[] is null or w.workspace_id = any(?::uuid[]))
        and exists (select 1 from webhook_delivery d where d.endpoint_id = w.id and d.status = 'pending' and d.next_attempt_at <= ?)`,
    [now, scope(workspaceIds), scope(workspaceIds), now],
  );
  return rows.map((r) => String(r.id));
}

export interface LeasedEndpoint {
  id: string;
  workspaceId: string;
  url: string;
  secretEnc: string;
  failingSince: Date | null;
}

/**
 * Takes the endpoint for one worker of `holder` until `until`, if it is enabled and nobody holds it.
 * @allWorkspaces keyed by an endpoint the delivery job found due (endpointsWithDueWork)
 */
export async function takeEndpointLease(em: EntityManager, id: string, now: Date, until: Date, holder: string): Promise<LeasedEndpoint | null> {
  const [r] = await sql(
    em,
    `update webhook_endpoint set lease_until = ?, lease_holder = ? where id = ? and enabled and ${leaseFreeSql('lease_until', 'lease_holder', '?')}
     returning id, workspace_id, url, secret_enc, failing_since`,
    [until, holder, id, now],
  );
  return r ? toEndpoint(r) : null;
}

/**
 * The endpoint as an attempt needs it, without taking it (a single attempt made by a request).
 * @allWorkspaces keyed by the endpoint of a delivery the caller found or made in its workspace
 */
export async function loadEndpoint(em: EntityManager, id: string): Promise<LeasedEndpoint | null> {
  const [r] = await sql(em, `select id, workspace_id, url, secret_enc, failing_since from webhook_endpoint where id = ?`, [id]);
  return r ? toEndpoint(r) : null;
}

/**
 * What a PATCH, DELETE or rotation may have changed since a worker took the endpoint: its URL, secret and
 * whether it is still enabled; null once deleted.
 * @allWorkspaces keyed by an endpoint whose lease this worker holds
 */
export async function endpointNow(em: EntityManager, id: string): Promise<{ url: string; secretEnc: string; enabled: boolean } | null> {
  const [r] = await sql(em, `select url, secret_enc, enabled from webhook_endpoint where id = ?`, [id]);
  return r ? { url: String(r.url), secretEnc: String(r.secret_enc), enabled: Boolean(r.enabled) } : null;
}

const toEndpoint = (r: Record<string, unknown>): LeasedEndpoint => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  url: String(r.url),
  secretEnc: String(r.secret_enc),
  failingSince: r.failing_since ? new Date(r.failing_since as string) : null,
});

/**
 * Lets the endpoint go, while `holder` still holds it (not a lease another process took since).
 * @allWorkspaces keyed by an endpoint whose lease this worker holds
 */
export async function releaseEndpointLease(em: EntityManager, id: string, holder: string): Promise<void> {
  await sql(em, `update webhook_endpoint set lease_until = null where id = ? and lease_holder = ?`, [id, holder]);
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  attempts: number;
  kind: string;
  payload: unknown;
  eventAt: Date;
}

const CLAIMED = `select c.id, c.endpoint_id, c.event_id, c.attempts, e.kind, e.payload, e.created_at as event_at from c join event e on e.id = c.event_id`;

const toClaimed = (r: Record<string, unknown>): ClaimedDelivery => ({
  id: String(r.id),
  endpointId: String(r.endpoint_id),
  eventId: String(r.event_id),
  attempts: Number(r.attempts),
  kind: String(r.kind),
  payload: r.payload,
  eventAt: new Date(r.event_at as string),
});

/**
 * Renews the endpoint's lease and claims up to `limit` of its due deliveries, oldest first, in one
 * statement: each gets a lease until `until` in `holder`'s name and its attempt counted, so no other
 * worker takes it meanwhile (FOR UPDATE SKIP LOCKED, then the lease is the lock), and an attempt a crash
 * cuts short still counts toward the schedule. Nothing is claimed once the endpoint is disabled or
 * deleted, or held by another process (this worker's lease was lost). Each row carries the endpoint's
 * secret as it is now (a rotation applies from the next claim).
 * @allWorkspaces keyed by an endpoint whose lease this worker holds
 */
export async function claimDue(em: EntityManager, endpointId: string, now: Date, until: Date, holder: string, limit: number): Promise<(ClaimedDelivery & { secretEnc: string })[]> {
  const rows = await sql(
    em,
    `with lease as (
       update webhook_endpoint set lease_until = ? where id = ? and enabled and lease_holder = ? returning secret_enc),
     c as (
       update webhook_delivery set lease_until = ?, lease_holder = ?, attempts = attempts + 1 where id in (
         select id from webhook_delivery
          where endpoint_id = ? and status = 'pending' and next_attempt_at <= ? and ${leaseFreeSql('lease_until', 'lease_holder', '?')}
            and exists (select 1 from lease)
          order by next_attempt_at, id limit ? for update skip locked)
       returning id, endpoint_id, event_id, attempts)
     ${CLAIMED.replace('select ', 'select (select secret_enc from lease) as secret_enc, ')} order by e.created_at, c.id`,
    [until, endpointId, holder, until, holder, endpointId, now, now, limit],
  );
  return rows.map((r) => ({ ...toClaimed(r), secretEnc: String(r.secret_enc) }));
}

/**
 * Claims one delivery for an attempt now (POST …/test, …/retry) in `holder`'s name, due or not; null
 * when a live worker or request holds it or it is no longer pending.
 * @allWorkspaces keyed by a delivery the caller found or made in its workspace
 */
export async function claimOne(em: EntityManager, id: string, now: Date, until: Date, holder: string): Promise<ClaimedDelivery | null> {
  const [r] = await sql(
    em,
    `with c as (
       update webhook_delivery set lease_until = ?, lease_holder = ?, attempts = attempts + 1
        where id = ? and status = 'pending' and ${leaseFreeSql('lease_until', 'lease_holder', '?')}
       returning id, endpoint_id, event_id, attempts)
     ${CLAIMED}`,
    [until, holder, id, now],
  );
  return r ? toClaimed(r) : null;
}

/**
 * Gives back claimed deliveries that were not attempted (a worker stopping): attempt not counted. Only
 * while `holder` still holds them: one another process claimed since is its own.
 * @allWorkspaces keyed by deliveries this worker claimed
 */
export async function releaseClaims(em: EntityManager, ids: readonly string[], holder: string): Promise<void> {
  await sql(em, `update webhook_delivery set lease_until = null, attempts = greatest(attempts - 1, 0) where id = any(?::uuid[]) and status = 'pending' and lease_holder = ?`, [
    pgArray(ids),
    holder,
  ]);
}

export interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
}

export interface Delivered {
  id: string;
  at: Date;
  responseStatus: number;
}

/**
 * Many successful attempts written at once (one statement, one commit): the worker's group commit.
 * `clearStreak` also ends the endpoint's failing streak.
 * @allWorkspaces keyed by an endpoint whose lease this worker holds and deliveries it claimed
 */
export async function recordDelivered(em: EntityManager, endpointId: string, done: readonly Delivered[], clearStreak: boolean): Promise<void> {
  if (!done.length) return;
  await sql(
    em,
    `with x as (select * from unnest(?::uuid[], ?::timestamptz[], ?::int[]) as x(id, at, code)),
     streak as (update webhook_endpoint set failing_since = null where id = ? and ? and failing_since is not null)
     update webhook_delivery d set status = 'delivered', delivered_at = x.at, next_attempt_at = null, lease_until = null, response_status = x.code, error = null
       from x where d.id = x.id`,
    [pgArray(done.map((d) => d.id)), timeArray(done.map((d) => d.at)), intArray(done.map((d) => d.responseStatus)), endpointId, clearStreak],
  );
}

/**
 * Writes what an attempt gave. A success clears the endpoint's failing streak; a failure schedules the
 * next attempt (or fails the delivery) and disables an endpoint that has failed for 5 days. Returns
 * whether the endpoint was disabled by this failure.
 * @allWorkspaces keyed by a delivery this worker claimed and its endpoint
 */
export async function recordAttempt(
  em: EntityManager,
  d: ClaimedDelivery,
  endpoint: LeasedEndpoint,
  r: AttemptResult,
  now: Date,
): Promise<{ disabled: boolean; status: DeliveryStatus }> {
  if (r.ok) {
    await sql(
      em,
      `update webhook_delivery set status = 'delivered', delivered_at = ?, next_attempt_at = null, lease_until = null, response_status = ?, error = null where id = ?`,
      [now, r.responseStatus, d.id],
    );
    // Only when a streak is known (read at lease time): the common case writes one row.
    if (endpoint.failingSince) {
      await sql(em, `update webhook_endpoint set failing_since = null where id = ?`, [endpoint.id]);
      endpoint.failingSince = null;
    }
    return { disabled: false, status: 'delivered' };
  }
  const next = afterFailure(d.attempts, now);
  await sql(em, `update webhook_delivery set status = ?, next_attempt_at = ?, lease_until = null, response_status = ?, error = ? where id = ?`, [
    next.status,
    next.nextAttemptAt,
    r.responseStatus,
    r.error,
    d.id,
  ]);
  const [row] = await sql(em, `update webhook_endpoint set failing_since = coalesce(failing_since, ?) where id = ? returning failing_since, enabled`, [now, endpoint.id]);
  if (!row) return { disabled: false, status: next.status };
  endpoint.failingSince = new Date(row.failing_since as string);
  // decisions.md §8: every attempt failed for 5 days: the endpoint is disabled.
  if (row.enabled && failedTooLong(endpoint.failingSince, now)) {
    await sql(em, `update webhook_endpoint set enabled = false, disabled_at = ? where id = ? and enabled`, [now, endpoint.id]);
    return { disabled: true, status: next.status };
  }
  return { disabled: false, status: next.status };
}
