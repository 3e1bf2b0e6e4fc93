// One transaction per batch of messages read from a folder (README.md "The batch pipeline"): the batch's
// reply items (one insert), their effects (effects.ts, set-wise), their webhook events, and the folder
// cursor moved past the batch. A crash before the commit leaves nothing, so the next poll reads the same
// messages again; a message read twice (two pollers, a reset cursor) finds its item already there (the
// unique key) and applies nothing a second time.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { mapLimited } from '../../../concurrency';
import type { AppDeps } from '../../../context';
import { inlined, inlinedStatement, sqlBatch, sqlRun } from '../../../db/sql';
import { replyReceivedEvent } from '../../events/payloads';
import { eventsInsert, type NewEvent } from '../../events/record-event';
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

/** Each item's interest suggestion, in the order of the batch's items: read-only (the model endpoint or
 *  the rules), so the poller asks for them ahead of the batch's transaction. */
export function suggestBatch(deps: AppDeps, batch: Prepared[]): Promise<Suggestion[]> {
  return mapLimited(drafts(batch), SUGGEST_CONCURRENCY, (d) => suggestFor(deps, d.item));
}

const drafts = (batch: Prepared[]) => batch.filter((p): p is { uid: number; item: ItemDraft } => 'item' in p);

/** Writes a prepared batch: `suggestions` are suggestBatch's for it. */
export async function ingestBatch(deps: AppDeps, em: EntityManager, target: FolderTarget, batch: Prepared[], suggestions: Suggestion[], now: Date): Promise<BatchReport> {
  const report: BatchReport = { items: 0, unreadable: 0, ignored: 0 };
  if (!batch.length) return report;
  const items = drafts(batch);
  const unreadable = batch.filter((p): p is Extract<Prepared, { skipped: 'unreadable' }> => 'skipped' in p && p.skipped === 'unreadable');
  for (const u of unreadable) deps.log.warn('unreadable message skipped', { inboxId: target.inboxId, folder: target.path, uid: u.uid, reason: u.reason });
  report.unreadable = unreadable.length;
  report.ignored = batch.length - items.length - unreadable.length;

  await em.transactional(async (tx) => {
    const inserted = await insertItems(tx, target, items, suggestions, now);
    report.items = inserted.length;
    // The events and the cursor go with the effects' last round trip.
    const events = inserted.flatMap((n) => replyEvent(target, n, now));
    const last = unreadable[unreadable.length - 1];
    const tail = [
      ...(events.length ? [inlinedStatement(eventsInsert(events))] : []),
      inlinedStatement(cursorUpsert(target, batch[batch.length - 1]!.uid, now, unreadable.length, last ? `UID ${last.uid}: ${last.reason}` : null)),
    ];
    await applyEffects(
      tx,
      inserted.map(({ item }) => item),
      { workspaceId: target.workspaceId, inboxId: target.inboxId, workspaceZone: target.workspaceZone, now },
      tail,
    );
  });
  return report;
}

interface Inserted {
  id: string;
  item: ItemDraft;
}

const ITEM_COLUMNS = 27;

/** Inserts the batch's items in one statement, skipping messages that already have one (the unique keys:
 *  inbox + Message-ID, or folder + UIDVALIDITY + UID); returns those this call inserted, in batch order. */
async function insertItems(em: EntityManager, t: FolderTarget, drafts: { uid: number; item: ItemDraft }[], suggestions: Suggestion[], now: Date): Promise<Inserted[]> {
  if (!drafts.length) return [];
  const ids = drafts.map(() => randomUUID());
  // No waiting for the commit to reach the disk: if the database loses the last moments of commits in
  // a crash, items, effects, events and cursor are lost together and the next poll reads the same
  // messages again (the IMAP server holds them until the cursor moves). Same round trip as the insert.
  const [, rows] = await sqlBatch(em, [
    'set local synchronous_commit = off',
    inlined(
      `insert into reply_item (id, created_at, workspace_id, inbox_id, lead_id, campaign_id, send_id, one_off, kind, rule, evidence, matched_by, bounce,
       message_id, thread_references, folder, uid_validity, uid, from_email, from_name, subject, snippet, body_text, received_at,
       assisted_interest, assisted_confidence, lead_away_until)
     values ${drafts.map(() => `(${Array(ITEM_COLUMNS).fill('?').join(', ')})`).join(', ')}
     on conflict do nothing returning id`,
      drafts.flatMap(({ uid, item: d }, i) => {
        const b = d.cls.bounce;
        const s = suggestions[i]!;
        return [
          ids[i],
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
          d.awayUntil,
        ];
      }),
    ),
  ]);
  const done = new Set(rows!.map((r) => String(r.id)));
  return drafts.flatMap((d, i) => (done.has(ids[i]!) ? [{ id: ids[i]!, item: d.item }] : []));
}

/** decisions.md §8: `reply_received` / `auto_reply_received` for each new reply and auto-reply (a
 *  bounce's `email_bounced` is recordHardBounces'), one-offs included and marked. Only inserted items
 *  get one, so a message read twice is one event. */
function replyEvent(t: FolderTarget, { id, item }: Inserted, now: Date): NewEvent[] {
  const { match, cls } = item;
  const kind = cls.kind;
  if (kind === 'bounce') return [];
  return [
    replyReceivedEvent(
      {
        workspaceId: t.workspaceId,
        replyId: id,
        leadId: match.leadId,
        campaignId: match.campaignId,
        inboxId: t.inboxId,
        fromEmail: item.fromEmail,
        subject: item.subject,
        kind,
        oneOff: match.oneOff,
        awayUntil: item.awayUntil,
      },
      item.receivedAt,
      now,
    ),
  ];
}

/** The folder's cursor past `uid` (never backwards under the same UIDVALIDITY). */
export async function moveCursor(em: EntityManager, t: FolderTarget, uid: number, now: Date, unreadable = 0, lastUnreadable: string | null = null): Promise<void> {
  const { query, params } = cursorUpsert(t, uid, now, unreadable, lastUnreadable);
  await sqlRun(em, query, params);
}

function cursorUpsert(t: FolderTarget, uid: number, now: Date, unreadable: number, lastUnreadable: string | null) {
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
