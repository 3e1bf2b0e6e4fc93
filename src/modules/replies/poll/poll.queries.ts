// The SQL of reply polling (poll.job.ts, poll-inbox.ts): which inboxes to read, one inbox's login and
// cursor, and its poll error. The poller reads every workspace's inboxes (decisions.md §6), so these
// statements span workspaces or are keyed by an inbox of that list (@allWorkspaces on each).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlRun } from '../../../storage/sql';

/**
 * Every inbox that is not deleted and not a seed (decisions.md §16: a seed's mail never becomes reply
 * items; placement tests read it), in id order, with its workspace (the job shares its polls out by
 * workspace); of the given workspaces only when `workspaceIds` is set (for tests). decisions.md §15: not
 * one whose provider ended its access (reconnect_needed).
 * @allWorkspaces the poll job reads every workspace's inboxes
 */
export async function inboxesToPoll(em: EntityManager, workspaceIds?: readonly string[]): Promise<{ id: string; workspaceId: string }[]> {
  const rows = workspaceIds
    ? await sql(
        em,
        `select id, workspace_id from inbox where deleted_at is null and purpose <> 'seed' and status <> 'reconnect_needed' and workspace_id = any(?::uuid[]) order by id`,
        [pgArray(workspaceIds)],
      )
    : await sql(em, `select id, workspace_id from inbox where deleted_at is null and purpose <> 'seed' and status <> 'reconnect_needed' order by id`);
  return rows.map((r) => ({ id: String(r.id), workspaceId: String(r.workspace_id) }));
}

/** What a poll needs of its inbox: the IMAP login, whether it is the DMARC report address, and its
 *  workspace's zone. */
export interface PolledInbox {
  id: string;
  workspace_id: string;
  email: string;
  imap_host: string;
  imap_port: number;
  username: string;
  auth_type: string;
  password_enc: string | null;
  dmarc_reports: boolean;
  created_at: string;
  timezone: string;
}

/**
 * The inbox to poll, unless it was deleted meanwhile (or is a seed: never read as replies).
 * @allWorkspaces keyed by an inbox of inboxesToPoll
 */
export async function inboxToPoll(em: EntityManager, inboxId: string): Promise<PolledInbox | null> {
  const [inbox] = await sql(
    em,
    `select i.id, i.workspace_id, i.email, i.imap_host, i.imap_port, i.username, i.auth_type, i.password_enc, i.dmarc_reports, i.created_at, w.timezone
       from inbox i join workspace w on w.id = i.workspace_id where i.id = ? and i.deleted_at is null and i.purpose <> 'seed'`,
    [inboxId],
  );
  return (inbox as unknown as PolledInbox | undefined) ?? null;
}

/**
 * A poll that worked: the inbox was read at `now` (the metrics' oldest unpolled inbox's lag counts from
 * it), and its last error goes when it is one a poll wrote (it starts with `prefix`).
 * @allWorkspaces keyed by an inbox of inboxesToPoll
 */
export async function markPolled(em: EntityManager, inboxId: string, prefix: string, now: Date): Promise<void> {
  await sqlRun(em, `update inbox set polled_at = ?, last_error = case when last_error like ? then null else last_error end where id = ?`, [now, `${prefix}%`, inboxId]);
}

/**
 * Shows why the inbox's poll failed.
 * @allWorkspaces keyed by an inbox of inboxesToPoll
 */
export async function setPollError(em: EntityManager, inboxId: string, error: string): Promise<void> {
  await sqlRun(em, `update inbox set last_error = ? where id = ?`, [error, inboxId]);
}

/**
 * The folder's cursor: the UIDVALIDITY it is under and the last UID read; null before the first poll.
 * @allWorkspaces keyed by an inbox of inboxesToPoll
 */
export async function folderCursor(em: EntityManager, inboxId: string, folder: string): Promise<{ uidValidity: string; lastUid: number } | null> {
  const [cursor] = await sql(em, `select uid_validity, last_uid from inbox_folder_cursor where inbox_id = ? and folder = ?`, [inboxId, folder]);
  return cursor ? { uidValidity: String(cursor.uid_validity), lastUid: Number(cursor.last_uid) } : null;
}

/**
 * When the inbox first sent (or bounced) an email; null when it never has.
 * @allWorkspaces keyed by an inbox of inboxesToPoll
 */
export async function inboxFirstSentAt(em: EntityManager, inboxId: string): Promise<Date | null> {
  const [firstSend] = await sql(em, `select min(sent_at) as at from send where inbox_id = ? and status in ('sent', 'bounced')`, [inboxId]);
  return firstSend?.at ? new Date(firstSend.at as string) : null;
}
