// One transaction per batch of messages read from a folder (README.md "The batch pipeline"): the batch's
// reply items (one insert), their effects (effects.ts, set-wise), their webhook events, and the folder
// cursor moved past the batch. A crash before the commit leaves nothing, so the next poll reads the same
// messages again; a message read twice (two pollers, a reset cursor) finds its item already there (the
// unique key) and applies nothing a second time. The statements: ingest-batch.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { mapLimited } from '../../../runtime/concurrency';
import type { AppDeps } from '../../../runtime/context';
import { eventsInsert } from '../../events/events.queries';
import { replyReceivedEvent } from '../../events/payloads';
import type { NewEvent } from '../../events/record-event';
import { runIngestedHooks, type IngestedItem } from './after-ingest';
import type { ReplyKind } from '../reply-item.entity';
import { applyEffects } from './effects';
import { cursorStatement, insertReplyItems } from './ingest-batch.queries';
import type { FolderTarget, ItemDraft, Prepared } from './prepare';
import { suggestFor, type ModelBudget, type Suggestion } from './suggest';

export interface BatchReport {
  items: number;
  unreadable: number;
  ignored: number;
}

/** At most this many model calls at once within a batch. */
const SUGGEST_CONCURRENCY = 4;

/** Each item's interest suggestion, in the order of the batch's items: read-only (the model endpoint or
 *  the rules), so the poller asks for them ahead of the batch's transaction; the model only while the
 *  poll's `budget` lets it (suggest.ts). */
export function suggestBatch(deps: AppDeps, batch: Prepared[], budget: ModelBudget): Promise<Suggestion[]> {
  return mapLimited(drafts(batch), SUGGEST_CONCURRENCY, (d) => suggestFor(deps, d.item, budget));
}

const drafts = (batch: Prepared[]) => batch.filter((p): p is { uid: number; item: ItemDraft } => 'item' in p);

/**
 * Writes a prepared batch: `suggestions` are suggestBatch's for it. When PostgreSQL refuses a value of the
 * batch (a data exception: a date out of its range, text jsonb cannot hold), one message would otherwise
 * fail its folder on every poll and nothing after it would ever be read (decisions.md §6 "one message is
 * one reply item", "a failed poll … is retried next poll"). The batch's transaction left nothing behind,
 * so it is written again message by message, in UID order, each with its own cursor move, as the batch
 * would have applied them (effects are the same one by one, README.md "waves"); a message PostgreSQL
 * still refuses on its own is recorded as unreadable with the reason and the cursor moves past it. Any
 * other failure (the database gone, a deadlock) fails the poll as before, and the next poll reads the
 * batch again.
 */
export async function ingestBatch(deps: AppDeps, em: EntityManager, target: FolderTarget, batch: Prepared[], suggestions: Suggestion[], now: Date): Promise<BatchReport> {
  let refused: string | null;
  try {
    return await writeBatch(deps, em, target, batch, suggestions, now);
  } catch (err) {
    refused = dataException(err);
    if (refused === null) throw err;
  }
  if (batch.length === 1) return writeBatch(deps, em, target, [notStored(batch[0]!, refused)], [], now);
  // The error's message starts with the whole statement (knex puts it there): its code says enough.
  deps.log.warn('batch refused by the database, written message by message', { inboxId: target.inboxId, folder: target.path, sqlState: refused });
  const report: BatchReport = { items: 0, unreadable: 0, ignored: 0 };
  let nextSuggestion = 0;
  for (const p of batch) {
    const own = 'item' in p ? [suggestions[nextSuggestion++]!] : [];
    let done: BatchReport;
    try {
      done = await writeBatch(deps, em, target, [p], own, now);
    } catch (err) {
      const code = dataException(err);
      if (code === null) throw err;
      done = await writeBatch(deps, em, target, [notStored(p, code)], [], now);
    }
    report.items += done.items;
    report.unreadable += done.unreadable;
    report.ignored += done.ignored;
  }
  return report;
}

/** A message PostgreSQL refuses, as an unreadable one: recorded on the cursor and passed over. */
const notStored = (p: Prepared, sqlState: string): Prepared => ({
  uid: p.uid,
  skipped: 'unreadable',
  reason: `could not be stored: PostgreSQL refused a value of it (SQLSTATE ${sqlState})`,
});

/** The SQLSTATE of a PostgreSQL error about a value (class 22, data exception) or its size (54, program
 *  limit exceeded), which the same statement meets every time; null for any other failure. */
function dataException(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code) ? code : null;
}

/** One transaction for the batch. */
async function writeBatch(deps: AppDeps, em: EntityManager, target: FolderTarget, batch: Prepared[], suggestions: Suggestion[], now: Date): Promise<BatchReport> {
  const report: BatchReport = { items: 0, unreadable: 0, ignored: 0 };
  if (!batch.length) return report;
  const items = drafts(batch);
  const unreadable = batch.filter((p): p is Extract<Prepared, { skipped: 'unreadable' }> => 'skipped' in p && p.skipped === 'unreadable');
  for (const u of unreadable) deps.log.warn('unreadable message skipped', { inboxId: target.inboxId, folder: target.path, uid: u.uid, reason: u.reason });
  report.unreadable = unreadable.length;
  report.ignored = batch.length - items.length - unreadable.length;

  let kinds: ReplyKind[] = [];
  await em.transactional(async (tx) => {
    const inserted = await insertItems(tx, target, items, suggestions, now);
    kinds = inserted.map((n) => n.item.cls.kind);
    report.items = inserted.length;
    // The events and the cursor go with the effects' last round trip.
    const events = inserted.flatMap((n) => replyEvent(target, n, now));
    const last = unreadable[unreadable.length - 1];
    const tail = [
      ...(events.length ? [eventsInsert(events)] : []),
      cursorStatement(target, batch[batch.length - 1]!.uid, now, unreadable.length, last ? `UID ${last.uid}: ${last.reason}` : null),
    ];
    // Effects are a lead's: an untracked item has none until it is linked (replies.service.ts linkReply).
    await applyEffects(
      tx,
      inserted.flatMap(({ item }) => (item.match ? [{ ...item, match: item.match }] : [])),
      { workspaceId: target.workspaceId, inboxId: target.inboxId, workspaceZone: target.workspaceZone, now },
      tail,
    );
    // Then what other areas do with the new items (after-ingest.ts: a subsequence's reply trigger); an
    // untracked item reaches them when it is linked to its lead (reply-link.service.ts).
    await runIngestedHooks(tx, deps, { workspaceId: target.workspaceId, inboxId: target.inboxId, now, items: inserted.flatMap(ingestedItem) });
  });
  // Counted once committed: a message read again finds its item there and is not inserted (nor counted).
  for (const kind of kinds) deps.metrics.engine.replyItem(kind);
  return report;
}

interface Inserted {
  id: string;
  item: ItemDraft;
}

/** The hooks' view of an inserted item; none for an untracked one (no lead yet). */
const ingestedItem = ({ id, item }: Inserted): IngestedItem[] =>
  item.match
    ? [
        {
          replyId: id,
          leadId: item.match.leadId,
          campaignId: item.match.campaignId,
          kind: item.cls.kind,
          oneOff: item.match.oneOff,
          bodyText: item.bodyText,
          receivedAt: item.receivedAt,
        },
      ]
    : [];

/** Inserts the batch's items in one statement, skipping messages that already have one (the unique keys:
 *  inbox + Message-ID, or folder + UIDVALIDITY + UID); returns those this call inserted, in batch order. */
async function insertItems(em: EntityManager, t: FolderTarget, drafts: { uid: number; item: ItemDraft }[], suggestions: Suggestion[], now: Date): Promise<Inserted[]> {
  if (!drafts.length) return [];
  const ids = drafts.map(() => randomUUID());
  // No waiting for the commit to reach the disk: if the database loses the last moments of commits in
  // a crash, items, effects, events and cursor are lost together and the next poll reads the same
  // messages again (the IMAP server holds them until the cursor moves). Same round trip as the insert.
  const done = await insertReplyItems(
    em,
    t.workspaceId,
    t,
    drafts.map(({ uid, item }, i) => ({ id: ids[i]!, uid, item, suggestion: suggestions[i]! })),
    now,
  );
  return drafts.flatMap((d, i) => (done.has(ids[i]!) ? [{ id: ids[i]!, item: d.item }] : []));
}

/** decisions.md §8: `reply_received` / `auto_reply_received` for each new reply and auto-reply (a
 *  bounce's `email_bounced` is recordHardBounces'), one-offs included and marked; an untracked reply's
 *  when it is linked. Only inserted items get one, so a message read twice is one event. */
function replyEvent(t: FolderTarget, { id, item }: Inserted, now: Date): NewEvent[] {
  const { match, cls } = item;
  const kind = cls.kind;
  // An untracked reply's event is recorded when it is linked to its lead, with the lead.
  if (kind === 'bounce' || !match) return [];
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
