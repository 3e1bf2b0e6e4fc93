// The SQL of a test's run (run-test.ts, README.md here): the test's lease, the copies' claims and their
// hand-off to SMTP, what the seeds showed, and the end. A run works on the test its job names (queued by
// the start, in that test's workspace), so these statements are keyed by the test or its copies.
import type { EntityManager } from '@mikro-orm/postgresql';
import { leaseFreeSql, ownerAliveSql } from '../../storage/owner-sql';
import { boolArray, pgArray, sql, sqlRun, textArray, timeArray } from '../../storage/sql';

export interface LeasedTest {
  id: string;
  workspaceId: string;
  deadlineAt: Date;
  subject: string;
  body: string;
  textOnly: boolean;
}

/**
 * Takes the running test's lease in `holder`'s name until `until`, if nobody holds it; the test then.
 * @allWorkspaces keyed by the test a placement-test job carries
 */
export async function takeTestLease(em: EntityManager, testId: string, now: Date, until: Date, holder: string): Promise<LeasedTest | null> {
  const [r] = await sql(
    em,
    `update placement_test set lease_until = ?, lease_holder = ?
      where id = ? and status = 'running' and ${leaseFreeSql('lease_until', 'lease_holder', '?')}
     returning id, workspace_id, deadline_at, subject, body, text_only`,
    [until, holder, testId, now],
  );
  if (!r) return null;
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    deadlineAt: new Date(r.deadline_at as string),
    subject: String(r.subject),
    body: String(r.body),
    textOnly: Boolean(r.text_only),
  };
}

/**
 * Renews the lease while `holder` holds it; false when it no longer does (another process took the test
 * over, or it ended).
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function renewTestLease(em: EntityManager, testId: string, until: Date, holder: string): Promise<boolean> {
  const [r] = await sql(em, `update placement_test set lease_until = ? where id = ? and lease_holder = ? and status = 'running' returning id`, [until, testId, holder]);
  return r !== undefined;
}

/**
 * Lets the lease go while `holder` holds it (a stopping run: the next one takes the test at once).
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function releaseTestLease(em: EntityManager, testId: string, holder: string): Promise<void> {
  await sqlRun(em, `update placement_test set lease_until = null where id = ? and lease_holder = ?`, [testId, holder]);
}

/** The SMTP answer recorded on a copy whose process died after handing it to SMTP. */
export const INTERRUPTED_DETAIL = 'The service stopped while this copy was being sent: it may or may not have gone out, and it is never sent again.';

/**
 * The copies a dead process had claimed (its owner lock gone): one it had handed to SMTP may have gone out,
 * so it is never sent again and is looked for like a sent one (from when it was handed); one it had not is
 * queued again for this run.
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function settleDeadClaims(em: EntityManager, testId: string): Promise<void> {
  await sqlRun(
    em,
    `update placement_copy set
        status = case when handed_at is null then 'queued' else 'sent' end,
        sent_at = case when handed_at is null then null else handed_at end,
        detail = case when handed_at is null then detail else ? end,
        claimed_by = null
      where test_id = ? and status = 'sending' and not ${ownerAliveSql('claimed_by')}`,
    [INTERRUPTED_DETAIL, testId],
  );
}

export interface SenderLogin {
  id: string;
  email: string;
  fromName: string;
  signature: string | null;
  /** decisions.md §15: how it logs in (a password, or OAuth with no password: mail-login.ts). */
  smtp: { host: string; port: number; secure: boolean; username: string; authType: string; passwordEnc: string | null };
  /** Deleted since the test started: its copies fail. */
  deleted: boolean;
  /** Deleted and added back as a seed since the test started (decisions.md §16: seeds never send): its
   *  copies fail. */
  seed: boolean;
}

/**
 * The senders with copies still queued, with what sending needs of them.
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function sendersWithQueued(em: EntityManager, testId: string): Promise<SenderLogin[]> {
  const rows = await sql(
    em,
    `select i.id, i.email, i.from_name, i.signature, i.smtp_host, i.smtp_port, i.smtp_secure, i.username, i.auth_type, i.password_enc, i.deleted_at, i.purpose
       from inbox i where i.id in (select distinct sender_id from placement_copy where test_id = ? and status = 'queued')
      order by i.created_at, i.id`,
    [testId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    email: String(r.email),
    fromName: String(r.from_name),
    signature: (r.signature as string | null) ?? null,
    smtp: {
      host: String(r.smtp_host),
      port: Number(r.smtp_port),
      secure: Boolean(r.smtp_secure),
      username: String(r.username),
      authType: String(r.auth_type),
      passwordEnc: (r.password_enc as string | null) ?? null,
    },
    deleted: r.deleted_at !== null,
    seed: r.purpose === 'seed',
  }));
}

export interface ClaimedCopy {
  id: string;
  seedEmail: string;
}

/**
 * Claims the sender's queued copies for `owner` (status `sending` is the lock from here; committed before
 * any SMTP call).
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function claimSenderCopies(em: EntityManager, testId: string, senderId: string, owner: string): Promise<ClaimedCopy[]> {
  const rows = await sql(
    em,
    `update placement_copy set status = 'sending', claimed_by = ?
      where id in (select id from placement_copy where test_id = ? and sender_id = ? and status = 'queued' for update skip locked)
     returning id, seed_email`,
    [owner, testId, senderId],
  );
  return rows.map((r) => ({ id: String(r.id), seedEmail: String(r.seed_email) })).sort((a, b) => a.seedEmail.localeCompare(b.seedEmail));
}

/**
 * Marks a claimed copy handed to SMTP, committed before the call: only while it is still `owner`'s claim
 * and never handed before. False: not this process's to send (do not send it).
 * @allWorkspaces keyed by a copy this run claimed
 */
export async function handCopy(em: EntityManager, copyId: string, owner: string, now: Date): Promise<boolean> {
  const [r] = await sql(em, `update placement_copy set handed_at = ? where id = ? and status = 'sending' and claimed_by = ? and handed_at is null returning id`, [
    now,
    copyId,
    owner,
  ]);
  return r !== undefined;
}

export interface SmtpAnswer {
  id: string;
  accepted: boolean;
  /** The server's answer of a refused copy; null for an accepted one. */
  detail: string | null;
  /** When SMTP answered: an accepted copy's sent_at. */
  at: Date;
}

/**
 * Records what SMTP said of claimed copies: `sent` (accepted, from `at`), or `failed` with the server's
 * answer; only copies still `owner`'s claim.
 * @allWorkspaces keyed by copies this run claimed
 */
export async function settleCopies(em: EntityManager, copies: readonly SmtpAnswer[], owner: string): Promise<void> {
  if (!copies.length) return;
  await sqlRun(
    em,
    `update placement_copy c set
        status = case when x.accepted then 'sent' else 'failed' end,
        placement = case when x.accepted then null else 'failed' end,
        sent_at = case when x.accepted then x.at else null end,
        detail = x.detail, claimed_by = null
       from unnest(?::uuid[], ?::boolean[], ?::text[], ?::timestamptz[]) as x(id, accepted, detail, at)
      where c.id = x.id and c.status = 'sending' and c.claimed_by = ?`,
    [pgArray(copies.map((c) => c.id)), boolArray(copies.map((c) => c.accepted)), textArray(copies.map((c) => c.detail)), timeArray(copies.map((c) => c.at)), owner],
  );
}

/**
 * Gives claimed copies never handed to SMTP back to the queue (a run told to stop).
 * @allWorkspaces keyed by copies this run claimed
 */
export async function releaseClaims(em: EntityManager, ids: readonly string[], owner: string): Promise<void> {
  await sqlRun(em, `update placement_copy set status = 'queued', claimed_by = null where id = any(?::uuid[]) and status = 'sending' and claimed_by = ? and handed_at is null`, [
    pgArray(ids),
    owner,
  ]);
}

/**
 * Fails the sender's queued copies without trying them (its inbox was deleted since the test started).
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function failQueuedCopies(em: EntityManager, testId: string, senderId: string, detail: string): Promise<void> {
  await sqlRun(em, `update placement_copy set status = 'failed', placement = 'failed', detail = ? where test_id = ? and sender_id = ? and status = 'queued'`, [
    detail,
    testId,
    senderId,
  ]);
}

export interface SeedToRead {
  seedId: string;
  email: string;
  /** decisions.md §15: how it logs in (a password, or OAuth with no password: mail-login.ts). */
  imap: { host: string; port: number; username: string; authType: string; passwordEnc: string | null };
  /** Its copies sent and not seen yet. */
  pending: { id: string; messageId: string }[];
  /** Copies to it not sent (or failed) yet: while any is queued or on its way, more may come. */
  unsent: number;
}

/**
 * Per seed of the test, its copies sent and not seen yet, and how many are still to be sent; with the
 * seed's IMAP login.
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function seedsToRead(em: EntityManager, testId: string): Promise<SeedToRead[]> {
  const rows = await sql(
    em,
    `select i.id, i.email, i.imap_host, i.imap_port, i.username, i.auth_type, i.password_enc,
            coalesce(array_agg(c.id order by c.id) filter (where c.status = 'sent' and c.placement is null), '{}') as pending_ids,
            coalesce(array_agg(c.message_id order by c.id) filter (where c.status = 'sent' and c.placement is null), '{}') as pending_message_ids,
            count(*) filter (where c.status in ('queued', 'sending'))::int as unsent
       from placement_copy c join inbox i on i.id = c.seed_id
      where c.test_id = ?
      group by i.id
      order by i.email`,
    [testId],
  );
  return rows.map((r) => {
    const ids = r.pending_ids as string[];
    const messageIds = r.pending_message_ids as string[];
    return {
      seedId: String(r.id),
      email: String(r.email),
      imap: {
        host: String(r.imap_host),
        port: Number(r.imap_port),
        username: String(r.username),
        authType: String(r.auth_type),
        passwordEnc: (r.password_enc as string | null) ?? null,
      },
      pending: ids.map((id, i) => ({ id, messageId: messageIds[i]! })),
      unsent: Number(r.unsent),
    };
  });
}

export interface SightingRow {
  copyId: string;
  placement: string;
  folder: string;
  auth: unknown;
}

/**
 * Records where copies were first seen, at `seenAt` (the delay counts from when each was sent); a copy
 * already placed keeps its first sighting. Clears the seed's read error on them.
 * @allWorkspaces keyed by copies of the test whose lease this run took
 */
export async function recordSightings(em: EntityManager, sightings: readonly SightingRow[], seenAt: Date): Promise<void> {
  if (!sightings.length) return;
  await sqlRun(
    em,
    `update placement_copy c set placement = x.placement, folder = x.folder, auth = x.auth::jsonb, seen_at = ?,
            delay_seconds = greatest(0, round(extract(epoch from (?::timestamptz - c.sent_at))))::int, detail = null
       from unnest(?::uuid[], ?::text[], ?::text[], ?::text[]) as x(id, placement, folder, auth)
      where c.id = x.id and c.placement is null`,
    [
      seenAt,
      seenAt,
      pgArray(sightings.map((s) => s.copyId)),
      textArray(sightings.map((s) => s.placement)),
      textArray(sightings.map((s) => s.folder)),
      textArray(sightings.map((s) => (s.auth === null ? null : JSON.stringify(s.auth)))),
    ],
  );
}

/**
 * Notes on the seed's copies still looked for why it could not be read (null: it could), keeping what a
 * crash left on a copy (INTERRUPTED_DETAIL), which says more about why it may never come.
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function setSeedReadError(em: EntityManager, testId: string, seedId: string, error: string | null): Promise<void> {
  await sqlRun(em, `update placement_copy set detail = ? where test_id = ? and seed_id = ? and status = 'sent' and placement is null and detail is distinct from ?`, [
    error,
    testId,
    seedId,
    INTERRUPTED_DETAIL,
  ]);
}

/**
 * Copies neither placed nor failed yet: while any is left, the test goes on (until its deadline).
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function copiesLeft(em: EntityManager, testId: string): Promise<number> {
  const [r] = await sql(em, `select count(*)::int as n from placement_copy where test_id = ? and placement is null`, [testId]);
  return Number(r!.n);
}

/** What a copy never sent says at the end. */
export const NOT_SENT_DETAIL = 'Not sent: the test ended before this copy could be sent.';

/**
 * Ends the test (once: only while it is running): copies sent and not seen are `missing`, copies never
 * handed to SMTP `failed`, a copy handed by a process still running `missing` (whether it went is
 * unknown). The test's start and whether it was scheduled when this call ended it; null when it had ended.
 * @allWorkspaces keyed by the test whose lease this run took
 */
export async function endTest(em: EntityManager, testId: string, now: Date): Promise<{ createdAt: Date; scheduled: boolean } | null> {
  const [r] = await sql(
    em,
    `update placement_test set status = 'done', finished_at = ?, lease_until = null where id = ? and status = 'running' returning created_at, scheduled_for`,
    [now, testId],
  );
  if (!r) return null;
  await sqlRun(
    em,
    `update placement_copy set
        placement = case when status = 'sent' or handed_at is not null then 'missing' else 'failed' end,
        status = case when status = 'sent' or handed_at is not null then 'sent' else 'failed' end,
        detail = case when status = 'sent' then detail when handed_at is not null then ? else ? end,
        claimed_by = null
      where test_id = ? and placement is null`,
    [INTERRUPTED_DETAIL, NOT_SENT_DETAIL, testId],
  );
  return { createdAt: new Date(r.created_at as string), scheduled: r.scheduled_for !== null };
}

export interface SenderRate {
  inboxId: string;
  email: string;
}

/**
 * decisions.md §16 protection: pauses these inboxes (only those still active) with pausedReason
 * `placement`; the ones it paused, with their address.
 * @allWorkspaces keyed by the senders of the test whose lease this run took
 */
export async function pauseForPlacement(em: EntityManager, inboxIds: readonly string[]): Promise<SenderRate[]> {
  if (!inboxIds.length) return [];
  const rows = await sql(
    em,
    `update inbox set status = 'paused', paused_reason = 'placement' where id = any(?::uuid[]) and status = 'active' and deleted_at is null returning id, email`,
    [pgArray(inboxIds)],
  );
  return rows.map((r) => ({ inboxId: String(r.id), email: String(r.email) }));
}

/**
 * Running tests nobody holds: one whose run took it and stopped (its process died, or was stopped), or one
 * no run has taken `unclaimedAfterMs` after its start (its queued run was lost). The resume job queues
 * their run.
 * @allWorkspaces the resume job looks at every workspace's running tests
 */
export async function testsToResume(em: EntityManager, now: Date, unclaimedAfterMs: number): Promise<string[]> {
  const rows = await sql(
    em,
    `select id from placement_test
      where status = 'running' and ${leaseFreeSql('lease_until', 'lease_holder', '?')} and (lease_holder is not null or created_at < ?)
      order by created_at`,
    [now, new Date(now.getTime() - unclaimedAfterMs)],
  );
  return rows.map((r) => String(r.id));
}

export interface ScheduledWorkspace {
  workspaceId: string;
  schedule: string;
  zone: string;
  setAt: Date | null;
  lastSlot: Date | null;
}

/**
 * Workspaces with a placement schedule, with their zone, when the schedule was set and their last
 * scheduled slot.
 * @allWorkspaces the scheduler starts every workspace's scheduled tests
 */
export async function scheduledWorkspaces(em: EntityManager): Promise<ScheduledWorkspace[]> {
  const rows = await sql(
    em,
    `select w.id, w.placement_schedule, w.timezone, w.placement_schedule_set_at,
            (select max(t.scheduled_for) from placement_test t where t.workspace_id = w.id) as last_slot
       from workspace w where w.placement_schedule <> 'off'`,
  );
  return rows.map((r) => ({
    workspaceId: String(r.id),
    schedule: String(r.placement_schedule),
    zone: String(r.timezone),
    setAt: r.placement_schedule_set_at ? new Date(r.placement_schedule_set_at as string) : null,
    lastSlot: r.last_slot ? new Date(r.last_slot as string) : null,
  }));
}
