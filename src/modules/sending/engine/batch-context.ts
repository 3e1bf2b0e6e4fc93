// Everything the send-time checks and the composer need for one claimed batch, read set-wise: a
// handful of statements per batch instead of several per email (the send-throughput benchmark). The
// lanes then work from memory; each lane owns one inbox, so it keeps that inbox's gap and day count
// current itself as it sends. The statements: batch.queries.ts and state.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { blockKeys } from '../../blocklist/blocklist-match';
import { capOn } from '../../inboxes/ramp';
import { answerThread } from '../render/headers';
import { dayKey, emailThread, type EmailThread, type SentEmail } from '../schedule';
import { loadCampaigns, type EngineCampaign } from './load-state';
import type { ClaimedSend, SendingInbox } from './outcomes';
import type { EngineLead } from './pick-due';
import { blockedLeadIds, campaignStatusRows, replyThreadRows, sentStepRows } from './batch.queries';
import { batchLeadRows } from './due.queries';
import { inboxRowsById, inboxSentOnDays, type InboxStateRow } from './state.queries';

export interface BatchInbox extends SendingInbox {
  status: string;
  deleted: boolean;
  /** decisions.md §16: a seed never sends. An inbox deleted and added back as a seed keeps its id, so
   *  sends queued from it before (one-offs, retries) and answers to its leads still name it. */
  seed: boolean;
  backoffUntil: Date | null;
  nextFreeAt: Date | null;
  smtp: { host: string; port: number; secure: boolean; username: string; passwordEnc: string | null; authType: string };
  capToday: number;
  sentToday: number;
}

export interface SentStep extends SentEmail {
  position: number;
  /** An email of the lead it came from (a lead that joined a subsequence), which its thread continues. */
  fromOrigin: boolean;
}

export interface Thread {
  /** The first email's subject. */
  subject: string;
  /** Message-IDs of the earlier sequence emails, oldest first. */
  messageIds: string[];
  /** A new thread under `subject` (the lead's inbox changed): no Re:, no In-Reply-To. */
  restart?: boolean;
}

export interface BatchContext {
  leads: Map<string, EngineLead>;
  inboxes: Map<string, BatchInbox>;
  /** Leads whose address or domain is on their workspace's blocklist. */
  blocked: Set<string>;
  /** Per lead, its earlier sent sequence emails (step position, inbox, subject, Message-ID; first those of
   *  the lead it came from, for a lead that joined a subsequence): the thread a follow-up joins
   *  (schedule/sender.ts emailThread). */
  sentSteps: Map<string, SentStep[]>;
  /** Per reply item a one-off of the batch answers (its replyToId), the thread it joins. */
  answered: Map<string, Thread>;
}

/** Loads the batch's leads, inboxes (with today's sends), blocklist hits and threads; campaigns not in
 *  `campaigns` yet are added to it. */
export async function loadBatch(em: EntityManager, claimed: readonly ClaimedSend[], campaigns: Map<string, EngineCampaign>, now: Date): Promise<BatchContext> {
  const leadIds = [...new Set(claimed.map((s) => s.leadId))];
  const inboxIds = [...new Set(claimed.map((s) => s.inboxId))];
  const campaignIds = [...new Set(claimed.map((s) => s.campaignId))];
  const missing = campaignIds.filter((id) => !campaigns.has(id));
  // Campaigns already loaded by an earlier batch of the call: their status read again (a pause, by hand or
  // by bounce protection, must stop the emails of later batches).
  const known = campaignIds.filter((id) => campaigns.has(id));
  const replyIds = [...new Set(claimed.map((s) => s.replyToId).filter((id): id is string => id !== null))];
  const [leadRows, inboxRows, newCampaigns, statuses, threadRows, replyRows] = await Promise.all([
    batchLeadRows(em, leadIds),
    inboxRowsById(em, inboxIds),
    missing.length ? loadCampaigns(em, now, missing) : Promise.resolve([]),
    known.length ? campaignStatusRows(em, known) : Promise.resolve([]),
    // Step 1 too: a lead that joined a subsequence answers in the thread of the lead it came from.
    sentStepRows(
      em,
      claimed.filter((s) => s.kind === 'step').map((s) => s.leadId),
    ),
    replyIds.length ? replyThreadRows(em, replyIds) : Promise.resolve([]),
  ]);
  for (const c of newCampaigns) campaigns.set(c.id, c);
  for (const r of statuses) campaigns.get(r.id)!.status = r.status;

  const leads = new Map(leadRows.map(({ workspaceId: _, ...lead }) => [lead.id, lead]));
  // Blocklist: every lead's address and domain against its workspace's entries, in one statement.
  const keys = leadRows.flatMap((r) => blockKeys(r.email).map((key) => ({ lead: r.id, workspace: r.workspaceId, key })));
  const hits = keys.length ? await blockedLeadIds(em, keys) : [];

  const inboxes = await batchInboxes(em, inboxRows, now);

  const sentSteps = new Map<string, SentStep[]>();
  for (const r of threadRows) {
    const list = sentSteps.get(r.leadId) ?? [];
    list.push({ position: r.position, inboxId: r.inboxId, subject: r.subject, messageId: r.messageId, fromOrigin: r.fromOrigin });
    sentSteps.set(r.leadId, list);
  }
  const answered = new Map(replyRows.map((r) => [r.id, answerThread(r)]));
  return { leads, inboxes, blocked: new Set(hits), sentSteps, answered };
}

/** The inboxes with what each sent today (workspace zone). */
async function batchInboxes(em: EntityManager, rows: InboxStateRow[], now: Date): Promise<Map<string, BatchInbox>> {
  if (!rows.length) return new Map();
  const sentBy = await inboxSentOnDays(
    em,
    rows.map((r) => ({ inboxId: r.id, day: dayKey(r.workspaceZone, now) })),
  );
  return new Map(rows.map((r) => [r.id, toBatchInbox(r, sentBy.get(r.id) ?? 0, now)]));
}

/** Reads one inbox again (after an SMTP answer changed its state: back-off, error). */
export async function reloadInbox(em: EntityManager, ctx: BatchContext, id: string, now: Date): Promise<BatchInbox | undefined> {
  const fresh = await batchInboxes(em, await inboxRowsById(em, [id]), now);
  const inbox = fresh.get(id);
  if (inbox) ctx.inboxes.set(id, inbox);
  else ctx.inboxes.delete(id);
  return inbox;
}

/** The thread of the lead's email at step `position` from `inboxId` (schedule/sender.ts): its earlier
 *  sent sequence emails, oldest first, after those of the lead it came from (a subsequence's lead: its
 *  thread continues its parent lead's, decisions.md §11), judged by the one owner of the rule. */
export function threadBefore(ctx: BatchContext, leadId: string, position: number, inboxId: string): EmailThread {
  return emailThread(
    (ctx.sentSteps.get(leadId) ?? []).filter((s) => s.fromOrigin || s.position < position),
    inboxId,
  );
}

function toBatchInbox(r: InboxStateRow, sentToday: number, now: Date): BatchInbox {
  return {
    id: r.id,
    email: r.email,
    fromName: r.fromName,
    signature: r.signature,
    minGapMinutes: r.minGapMinutes,
    gapJitterMinutes: r.gapJitterMinutes,
    workspaceZone: r.workspaceZone,
    status: r.status,
    deleted: r.deletedAt !== null,
    seed: r.purpose === 'seed',
    backoffUntil: r.backoffUntil,
    nextFreeAt: r.nextFreeAt,
    smtp: r.smtp,
    capToday: capOn({ dailyCap: r.dailyCap, rampStart: r.rampStart, rampIncrement: r.rampIncrement, rampStartedAt: r.rampStartedAt }, dayKey(r.workspaceZone, now)),
    sentToday,
  };
}
