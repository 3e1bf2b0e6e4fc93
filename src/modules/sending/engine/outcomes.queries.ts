// The SQL of what an SMTP answer does (outcomes.ts). The delivery claims every workspace's due sends, so
// these statements are keyed by the ids of a claimed send (its row, inbox, campaign and lead) or, for a
// bounce read later, of the send the bounce message names; inserts carry the send's workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlStatements, type Statement } from '../../../storage/sql';
import type { StopReason } from '../../leads/lead.entity';
import { stopLeadsStatements } from '../../leads/lifecycle/lead-progress.queries';
import type { StopStatus } from '../../leads/lifecycle/lead-status';
import { eventsInsert } from '../../events/events.queries';
import type { NewEvent } from '../../events/record-event';

/** decisions.md §5: the bounce-rate stop looks at an inbox's last 100 sends. */
export const BOUNCE_WINDOW = 100;

export interface SendAttemptRow {
  id: string;
  workspaceId: string;
  sendId: string;
  inboxId: string;
  outcome: 'accepted' | 'deferred' | 'rejected';
  code: number | null;
  detail: string | null;
}

/**
 * Records one SMTP attempt of a send.
 * @allWorkspaces an insert for a send the delivery claimed, carrying the send's workspace
 */
export async function insertSendAttempt(em: EntityManager, a: SendAttemptRow, now: Date): Promise<void> {
  await sql(em, `insert into send_attempt (id, created_at, workspace_id, send_id, inbox_id, outcome, code, detail) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
    a.id,
    now,
    a.workspaceId,
    a.sendId,
    a.inboxId,
    a.outcome,
    a.code,
    a.detail,
  ]);
}

/**
 * Adds one send (accepted or refused) or one failure to the inbox's count for the day, and `bounced`
 * to its bounces. `column` is one of a fixed pair, never input.
 * @allWorkspaces an upsert for the inbox of a send the delivery claimed, carrying the send's workspace
 */
export async function addToInboxDay(
  em: EntityManager,
  d: { id: string; workspaceId: string; inboxId: string; day: string; column: 'sent' | 'failed'; bounced: number },
  now: Date,
): Promise<void> {
  const { column } = d;
  await sql(
    em,
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0)
     on conflict (inbox_id, day) do update set ${column} = inbox_day_stat.${column} + 1, bounced = inbox_day_stat.bounced + excluded.bounced`,
    [d.id, now, d.workspaceId, d.inboxId, d.day, column === 'sent' ? 1 : 0, column === 'failed' ? 1 : 0, d.bounced],
  );
}

/**
 * The inbox sent at `at`: it rests until `nextFreeAt` and its error is cleared.
 * @allWorkspaces keyed by the inbox of a send the delivery claimed
 */
export async function markInboxSent(em: EntityManager, inboxId: string, at: Date, nextFreeAt: Date): Promise<void> {
  await sql(em, `update inbox set last_sent_at = ?, next_free_at = ?, last_error = null where id = ?`, [at, nextFreeAt, inboxId]);
}

/**
 * The campaign has sent (once). An UPDATE on the campaign row: the steps service locks that row, so a
 * step change and a first send cannot cross (steps/sequence-lock.ts).
 * @allWorkspaces keyed by the campaign of a send the delivery claimed
 */
export async function markCampaignFirstSent(em: EntityManager, campaignId: string, at: Date): Promise<void> {
  await sql(em, `update campaign set first_sent_at = ? where id = ? and first_sent_at is null`, [at, campaignId]);
}

/**
 * The lead was last sent an email at `at`.
 * @allWorkspaces keyed by the lead of a send the delivery claimed
 */
export async function setLeadLastSent(em: EntityManager, leadId: string, at: Date): Promise<void> {
  await sql(em, `update lead set last_sent_at = ? where id = ?`, [at, leadId]);
}

/**
 * The send was refused for good (a hard bounce at SMTP time): it went out at `at` and bounced.
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function markSendBounced(em: EntityManager, sendId: string, r: { at: Date; code: number | null; subject: string; error: string }): Promise<void> {
  await sql(em, `update send set status = 'bounced', sent_at = ?, smtp_code = ?, subject = ?, error = ? where id = ?`, [r.at, r.code, r.subject, r.error, sendId]);
}

/** A permanent failure to record (outcomes.ts recordHardBounces): the lead, inbox and send it hit, and
 *  what the server or the bounce message said. */
export interface HardBounce {
  workspaceId: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  sendId: string | null;
  email: string;
  source: 'smtp' | 'dsn';
  code: number | null;
  category: 'hard' | 'block';
  reason: string;
}

/** One statement inserting the bounce rows of many hard bounces, each carrying its own workspace. */
function hardBouncesInsert(bounces: readonly (HardBounce & { id: string })[], now: Date): Statement {
  return {
    query: `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
       values ${bounces.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    params: bounces.flatMap((b) => [b.id, now, b.workspaceId, b.campaignId, b.leadId, b.inboxId, b.sendId, b.email, b.source, b.code, b.category, b.reason]),
  };
}

/**
 * Many hard bounces in one round trip: their bounce rows, their leads stopped (each lead once, as
 * stopLead does, its queued emails dropped with `stop.dropReason`), and their events.
 * @allWorkspaces bounces each carrying its own workspace (a batch of bounce messages spans workspaces), keyed by their leads
 */
export async function writeHardBounces(
  em: EntityManager,
  bounces: readonly (HardBounce & { id: string })[],
  now: Date,
  stop: { status: StopStatus; reason: StopReason; dropReason: string },
  events: readonly NewEvent[],
): Promise<void> {
  const leadIds = [...new Set(bounces.map((b) => b.leadId))];
  await sqlStatements(em, [hardBouncesInsert(bounces, now), ...stopLeadsStatements(leadIds, stop, stop.dropReason), eventsInsert(events)]);
}

/**
 * The inbox's server did not answer (or said 421): it backs off until `until` at least, showing `error`.
 * @allWorkspaces keyed by the inbox of a send the delivery claimed
 */
export async function backOffInbox(em: EntityManager, inboxId: string, error: string, now: Date, until: Date): Promise<void> {
  await sql(em, `update inbox set last_error = ?, backoff_until = greatest(coalesce(backoff_until, ?), ?) where id = ?`, [error, now, until, inboxId]);
}

/**
 * The send failed for good (its tries are used up).
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function failSend(em: EntityManager, sendId: string, code: number | null, error: string): Promise<void> {
  await sql(em, `update send set status = 'failed', smtp_code = ?, error = ? where id = ?`, [code, error, sendId]);
}

export interface SoftBounceRow {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  sendId: string;
  email: string;
  code: number | null;
  reason: string;
}

/**
 * A soft bounce at SMTP time: the send given up after its tries.
 * @allWorkspaces an insert for a send the delivery claimed, carrying the send's workspace
 */
export async function insertSoftBounce(em: EntityManager, b: SoftBounceRow, now: Date): Promise<void> {
  await sql(
    em,
    `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason) values (?, ?, ?, ?, ?, ?, ?, ?, 'smtp', ?, 'soft', ?)`,
    [b.id, now, b.workspaceId, b.campaignId, b.leadId, b.inboxId, b.sendId, b.email, b.code, b.reason],
  );
}

/**
 * The send goes back to the queue, due at `at`, with the answer that sent it back.
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function requeueSend(em: EntityManager, sendId: string, at: Date, code: number | null, error: string): Promise<void> {
  await sql(em, `update send set status = 'queued', scheduled_for = ?, smtp_code = ?, error = ? where id = ?`, [at, code, error, sendId]);
}

/**
 * The inbox's server refused our login or sender: it rests until `until`, showing `error`.
 * @allWorkspaces keyed by the inbox of a send the delivery claimed
 */
export async function restInbox(em: EntityManager, inboxId: string, error: string, until: Date): Promise<void> {
  await sql(em, `update inbox set last_error = ?, backoff_until = ? where id = ?`, [error, until, inboxId]);
}

/**
 * The send goes back to the queue, due at `until`, without using up a try.
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function requeueSendUntried(em: EntityManager, sendId: string, until: Date, code: number | null, error: string): Promise<void> {
  await sql(em, `update send set status = 'queued', scheduled_for = ?, attempts = greatest(attempts - 1, 0), smtp_code = ?, error = ? where id = ?`, [until, code, error, sendId]);
}

/**
 * The inbox's last BOUNCE_WINDOW sends (accepted or bounced) since a passed connection test brought it
 * back (bounce_count_from): how many, and how many bounced.
 * @allWorkspaces keyed by the inbox of a send the delivery claimed, or of a bounce read from its mailbox
 */
export async function inboxRecentSends(em: EntityManager, inboxId: string): Promise<{ sends: number; bounced: number }> {
  const [row] = await sql(
    em,
    `select count(*)::int as n, count(*) filter (where x.status = 'bounced')::int as b from (
       select s.status from send s join inbox i on i.id = s.inbox_id
        where s.inbox_id = ? and s.status in ('sent', 'bounced') and s.sent_at >= coalesce(i.bounce_count_from, '-infinity'::timestamptz)
        order by s.sent_at desc limit ${BOUNCE_WINDOW}) x`,
    [inboxId],
  );
  return { sends: Number(row?.n ?? 0), bounced: Number(row?.b ?? 0) };
}

/**
 * Stops an active inbox as bounce_stopped, showing `reason`; the inbox's workspace and address when it
 * was active, null otherwise.
 * @allWorkspaces keyed by the inbox of a send the delivery claimed, or of a bounce read from its mailbox
 */
export async function stopInboxForBounces(em: EntityManager, inboxId: string, reason: string): Promise<{ workspaceId: string; email: string } | null> {
  const [stopped] = await sql(em, `update inbox set status = 'bounce_stopped', last_error = ? where id = ? and status = 'active' returning workspace_id, email`, [reason, inboxId]);
  return stopped ? { workspaceId: String(stopped.workspace_id), email: String(stopped.email) } : null;
}
