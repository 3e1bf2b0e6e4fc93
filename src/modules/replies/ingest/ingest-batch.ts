// One transaction per batch of messages read from a folder (README.md "Polling"): each message's reply
// item and all its effects, and the folder cursor moved past the batch. A crash before the commit leaves
// nothing, so the next poll reads the same messages again; a message read twice (two pollers, a reset
// cursor) finds its item already there (the unique key) and applies nothing a second time.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { mapLimited } from '../../../concurrency';
import type { AppDeps } from '../../../context';
import { sql, sqlRun } from '../../../db/sql';
import { applyEffects } from './effects';
import type { FolderTarget, ItemDraft, Prepared } from './prepare';
import { suggestFor, type Suggestion } from './suggest';

export interface BatchReport {
  items: number;
  unreadable: number;
  ignored: number;
}

/** At most this many model calls at once within a batch. */
const SUGGEST_CONCURRENCY = 4;

export async function ingestBatch(deps: AppDeps, em: EntityManager, target: FolderTarget, batch: Prepared[], now: Date): Promise<BatchReport> {
  const report: BatchReport = { items: 0, unreadable: 0, ignored: 0 };
  if (!batch.length) return report;
  const drafts = batch.filter((p): p is { uid: number; item: ItemDraft } => 'item' in p);
  const suggestions = await mapLimited(drafts, SUGGEST_CONCURRENCY, (d) => suggestFor(deps, d.item));
  const unreadable = batch.filter((p): p is Extract<Prepared, { skipped: 'unreadable' }> => 'skipped' in p && p.skipped === 'unreadable');
  for (const u of unreadable) deps.log.warn('unreadable message skipped', { inboxId: target.inboxId, folder: target.path, uid: u.uid, reason: u.reason });
  report.unreadable = unreadable.length;
  report.ignored = batch.length - drafts.length - unreadable.length;

  await em.transactional(async (tx) => {
    for (let i = 0; i < drafts.length; i++) {
      const { uid, item } = drafts[i]!;
      if (await insertItem(tx, target, uid, item, suggestions[i]!, now)) {
        report.items++;
        await applyEffects(tx, item.match, item.cls, {
          workspaceId: target.workspaceId,
          inboxId: target.inboxId,
          workspaceZone: target.workspaceZone,
          receivedAt: item.receivedAt,
          now,
        });
      }
    }
    const last = unreadable[unreadable.length - 1];
    await moveCursor(tx, target, batch[batch.length - 1]!.uid, now, unreadable.length, last ? `UID ${last.uid}: ${last.reason}` : null);
  });
  return report;
}

/** Inserts the item unless the message already has one; true when this call inserted it. */
async function insertItem(em: EntityManager, t: FolderTarget, uid: number, d: ItemDraft, s: Suggestion, now: Date): Promise<boolean> {
  const b = d.cls.bounce;
  const rows = await sql(
    em,
    `insert into reply_item (id, created_at, workspace_id, inbox_id, lead_id, campaign_id, send_id, one_off, kind, rule, evidence, matched_by, bounce,
       message_id, thread_references, folder, uid_validity, uid, from_email, from_name, subject, snippet, body_text, received_at,
       assisted_interest, assisted_confidence, lead_away_until)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict do nothing returning id`,
    [
      randomUUID(),
      now,
      t.workspaceId,
      t.inboxId,
      d.match.leadId,
      d.match.campaignId,
      d.match.sendId,
      d.match.oneOff,
      d.cls.kind,
      d.cls.rule,
      d.cls.evidence.slice(0, 500),
      d.match.matchedBy,
      b ? JSON.stringify({ permanent: b.permanent, status: b.status, recipient: b.recipient, diagnostic: b.diagnostic?.slice(0, 1000) ?? null }) : null,
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
      d.cls.awayUntil ?? null,
    ],
  );
  return rows.length > 0;
}

/** The folder's cursor past `uid` (never backwards under the same UIDVALIDITY). */
export async function moveCursor(em: EntityManager, t: FolderTarget, uid: number, now: Date, unreadable = 0, lastUnreadable: string | null = null): Promise<void> {
  await sqlRun(
    em,
    `insert into inbox_folder_cursor (id, created_at, inbox_id, folder, uid_validity, last_uid, unreadable, last_unreadable, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (inbox_id, folder) do update set
       last_uid = case when inbox_folder_cursor.uid_validity = excluded.uid_validity then greatest(inbox_folder_cursor.last_uid, excluded.last_uid) else excluded.last_uid end,
       uid_validity = excluded.uid_validity,
       unreadable = inbox_folder_cursor.unreadable + excluded.unreadable,
       last_unreadable = coalesce(excluded.last_unreadable, inbox_folder_cursor.last_unreadable),
       updated_at = excluded.updated_at`,
    [randomUUID(), now, t.inboxId, t.path, t.uidValidity, uid, unreadable, lastUnreadable, now],
  );
}
