// The SQL of writing a batch of read messages (ingest-batch.ts): the reply items in one statement, and the
// folder cursor. The items are one inbox's, in its workspace; the cursor belongs to the inbox (the poller
// reads every workspace's inboxes).
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { sql, sqlStatements, type Statement } from '../../../storage/sql';
import { cutChars } from '../reply-text';
import type { FolderTarget, ItemDraft } from './prepare';
import type { Suggestion } from './suggest';

/** An item to insert: its id, the message's UID, what was read and the interest suggested. */
export interface ReplyItemInsert {
  id: string;
  uid: number;
  item: ItemDraft;
  suggestion: Suggestion;
}

const ITEM_COLUMNS = 29;

/**
 * Inserts the batch's items of the workspace's inbox in one statement, skipping messages that already
 * have one (the unique keys: inbox + Message-ID, or folder + UIDVALIDITY + UID); the ids this call
 * inserted. In the same round trip, the transaction stops waiting for its commit to reach the disk
 * (ingest-batch.ts says why).
 */
export async function insertReplyItems(
  em: EntityManager,
  workspaceId: string,
  t: Omit<FolderTarget, 'workspaceId'>,
  items: readonly ReplyItemInsert[],
  now: Date,
): Promise<Set<string>> {
  const [, rows] = await sqlStatements(em, [
    { query: 'set local synchronous_commit = off', params: [] },
    {
      query: `insert into reply_item (id, created_at, workspace_id, inbox_id, lead_id, campaign_id, send_id, one_off, kind, rule, evidence, matched_by, bounce,
       message_id, thread_references, folder, uid_validity, uid, from_email, from_name, subject, snippet, body_text, received_at,
       assisted_interest, assisted_confidence, lead_away_until, untracked, reply_to)
     values ${items.map(() => `(${Array(ITEM_COLUMNS).fill('?').join(', ')})`).join(', ')}
     on conflict do nothing returning id`,
      params: items.flatMap(({ id, uid, item: d, suggestion: s }) => {
        const b = d.cls.bounce;
        return [
          id,
          now,
          workspaceId,
          t.inboxId,
          d.match?.leadId ?? null,
          d.match?.campaignId ?? null,
          d.match?.sendId ?? null,
          d.match?.oneOff ?? false,
          d.cls.kind,
          d.cls.rule,
          d.cls.evidence.slice(0, 500),
          d.match?.matchedBy ?? d.untracked,
          // The diagnostic cut to whole characters: jsonb refuses half of a surrogate pair.
          b ? JSON.stringify({ permanent: b.permanent, status: b.status, recipient: b.recipient, diagnostic: b.diagnostic === null ? null : cutChars(b.diagnostic, 1000) }) : null,
          d.messageId,
          JSON.stringify(d.threadReferences),
          t.path,
          t.uidValidity,
          uid,
          d.fromEmail,
          d.fromName,
          d.subject,
          d.snippet,
          d.bodyText,
          d.receivedAt,
          s.interest,
          s.confidence,
          d.awayUntil,
          d.untracked !== null,
          d.replyTo,
        ];
      }),
    },
  ]);
  return new Set(rows!.map((r) => String(r.id)));
}

/**
 * The folder's cursor past `uid` (never backwards under the same UIDVALIDITY), with the messages skipped
 * as unreadable added to its count, as a statement for a caller that sends it with others (the batch's
 * last round trip).
 * @allWorkspaces keyed by an inbox the poller reads (it reads every workspace's inboxes)
 */
export function cursorStatement(t: Pick<FolderTarget, 'inboxId' | 'path' | 'uidValidity'>, uid: number, now: Date, unreadable: number, lastUnreadable: string | null): Statement {
  return {
    query: `insert into inbox_folder_cursor (id, created_at, inbox_id, folder, uid_validity, last_uid, unreadable, last_unreadable, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (inbox_id, folder) do update set
       last_uid = case when inbox_folder_cursor.uid_validity = excluded.uid_validity then greatest(inbox_folder_cursor.last_uid, excluded.last_uid) else excluded.last_uid end,
       uid_validity = excluded.uid_validity,
       unreadable = inbox_folder_cursor.unreadable + excluded.unreadable,
       last_unreadable = coalesce(excluded.last_unreadable, inbox_folder_cursor.last_unreadable),
       updated_at = excluded.updated_at`,
    params: [randomUUID(), now, t.inboxId, t.path, t.uidValidity, uid, unreadable, lastUnreadable, now],
  };
}

/**
 * The folder's cursor past `uid` (cursorStatement), on its own.
 * @allWorkspaces keyed by an inbox the poller reads (it reads every workspace's inboxes)
 */
export async function moveCursor(
  em: EntityManager,
  t: Pick<FolderTarget, 'inboxId' | 'path' | 'uidValidity'>,
  uid: number,
  now: Date,
  unreadable = 0,
  lastUnreadable: string | null = null,
): Promise<void> {
  const { query, params } = cursorStatement(t, uid, now, unreadable, lastUnreadable);
  await sql(em, query, params);
}
