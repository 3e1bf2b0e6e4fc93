// The SQL of one-off emails (one-offs.service.ts), one named function per statement. The lead and inbox
// are the workspace's, found through the workspace filter before these run.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../storage/sql';

/** The first of `keys` (an address and its domain: blocklist-match.ts blockKeys) on the workspace's
 *  blocklist, or null. */
export async function blockedKey(em: EntityManager, workspaceId: string, keys: readonly string[]): Promise<string | null> {
  const blocked = await sql(em, `select email from blocklist_entry where workspace_id = ? and email = any(?::text[])`, [workspaceId, pgArray(keys)]);
  return blocked.length ? String(blocked[0]!.email) : null;
}

/**
 * How many emails the inbox sent on `day` (its workspace's day).
 * @allWorkspaces keyed by an inbox the caller found in its workspace
 */
export async function inboxSentOn(em: EntityManager, inboxId: string, day: string): Promise<number> {
  const [stat] = await sql(em, `select sent from inbox_day_stat where inbox_id = ? and day = ?`, [inboxId, day]);
  return Number(stat?.sent ?? 0);
}

export interface QueuedOneOffRow {
  id: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  dedupeKey: string;
  messageId: string;
  subject: string | null;
  body: string;
  replyToId: string | null;
  inReplyTo: string | null;
  references: string | null;
  scheduledFor: Date;
}

/** Queues a one-off of the workspace; nothing when the lead already has one with this dedupe key (the same
 *  message queued twice is one email). */
export async function insertQueuedOneOff(em: EntityManager, workspaceId: string, r: QueuedOneOffRow, now: Date): Promise<void> {
  await sql(
    em,
    `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, dedupe_key, status, message_id, subject, body, reply_to_id, in_reply_to, "references", scheduled_for, attempts)
     values (?, ?, ?, ?, ?, ?, 'one_off', ?, 'queued', ?, ?, ?, ?, ?, ?, ?, 0) on conflict do nothing`,
    [r.id, now, workspaceId, r.campaignId, r.leadId, r.inboxId, r.dedupeKey, r.messageId, r.subject, r.body, r.replyToId, r.inReplyTo, r.references, r.scheduledFor],
  );
}

/**
 * The lead's one-off holding a dedupe key: its id, status and when it is due.
 * @allWorkspaces keyed by a lead the caller found in its workspace
 */
export async function oneOffByDedupeKey(em: EntityManager, leadId: string, dedupeKey: string): Promise<{ id: string; status: string; scheduledFor: Date } | null> {
  const [row] = await sql(em, `select id, status, scheduled_for from send where lead_id = ? and kind = 'one_off' and dedupe_key = ?`, [leadId, dedupeKey]);
  return row ? { id: String(row.id), status: String(row.status), scheduledFor: new Date(row.scheduled_for as string) } : null;
}

/** Drops the workspace's one-off with the error `Cancelled` while it is still queued; whether it did. */
export async function cancelQueuedOneOff(em: EntityManager, workspaceId: string, id: string): Promise<boolean> {
  const rows = await sql(em, `update send set status = 'dropped', error = 'Cancelled' where id = ? and workspace_id = ? and kind = 'one_off' and status = 'queued' returning id`, [
    id,
    workspaceId,
  ]);
  return rows.length > 0;
}

/** The status of the workspace's one-off, or null when it has none with this id. */
export async function oneOffStatus(em: EntityManager, workspaceId: string, id: string): Promise<string | null> {
  const [current] = await sql(em, `select status from send where id = ? and workspace_id = ? and kind = 'one_off'`, [id, workspaceId]);
  return current ? String(current.status) : null;
}
