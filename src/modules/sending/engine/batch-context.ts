// Everything the send-time checks and the composer need for one claimed batch, read set-wise: a
// handful of statements per batch instead of several per email (the send-throughput benchmark). The
// lanes then work from memory; each lane owns one inbox, so it keeps that inbox's gap and day count
// current itself as it sends.
import type { EntityManager } from '@mikro-orm/postgresql';
import { blockKeys } from '../../blocklist/blocklist-match';
import { capOn } from '../../inboxes/ramp';
import { answerThread } from '../render/headers';
import { dayKey } from '../schedule';
import { loadCampaigns, type EngineCampaign } from './load-state';
import type { ClaimedSend, SendingInbox } from './outcomes';
import { LEAD_COLUMNS, toEngineLead, type EngineLead } from './pick-due';
import { pgArray, sql, textArray } from '../../../db/sql';

export interface BatchInbox extends SendingInbox {
  status: string;
  deleted: boolean;
  backoffUntil: Date | null;
  nextFreeAt: Date | null;
  smtp: { host: string; port: number; secure: boolean; username: string; passwordEnc: string };
  capToday: number;
  sentToday: number;
}

export interface Thread {
  /** The first email's subject. */
  subject: string;
  /** Message-IDs of the earlier sequence emails, oldest first. */
  messageIds: string[];
}

export interface BatchContext {
  leads: Map<string, EngineLead>;
  inboxes: Map<string, BatchInbox>;
  /** Leads whose address or domain is on their workspace's blocklist. */
  blocked: Set<string>;
  /** Per lead, its earlier sent sequence emails (step position, subject, Message-ID), for follow-ups
   *  with a blank subject. */
  sentSteps: Map<string, { position: number; subject: string; messageId: string }[]>;
  /** Per reply item a one-off of the batch answers (its replyToId), the thread it joins. */
  answered: Map<string, Thread>;
}

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const plainDate = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** Loads the batch's leads, inboxes (with today's sends), blocklist hits and threads; campaigns not in
 *  `campaigns` yet are added to it. */
export async function loadBatch(em: EntityManager, claimed: readonly ClaimedSend[], campaigns: Map<string, EngineCampaign>, now: Date): Promise<BatchContext> {
  const leadIds = [...new Set(claimed.map((s) => s.leadId))];
  const inboxIds = [...new Set(claimed.map((s) => s.inboxId))];
  const missing = [...new Set(claimed.map((s) => s.campaignId))].filter((id) => !campaigns.has(id));
  const replyIds = [...new Set(claimed.map((s) => s.replyToId).filter((id): id is string => id !== null))];
  const [leadRows, inboxRows, newCampaigns, threadRows, replyRows] = await Promise.all([
    sql(em, `select ${LEAD_COLUMNS}, l.workspace_id from lead l where l.id = any(?::uuid[])`, [pgArray(leadIds)]),
    sql(em, INBOX_ROWS, [pgArray(inboxIds)]),
    missing.length ? loadCampaigns(em, now, missing) : Promise.resolve([]),
    sql(
      em,
      `select lead_id, step_position, subject, message_id from send
        where lead_id = any(?::uuid[]) and kind = 'step' and status = 'sent' order by lead_id, step_position`,
      [pgArray(claimed.filter((s) => s.kind === 'step' && (s.stepPosition ?? 1) > 1).map((s) => s.leadId))],
    ),
    replyIds.length ? sql(em, `select id, subject, message_id, thread_references from reply_item where id = any(?::uuid[])`, [pgArray(replyIds)]) : Promise.resolve([]),
  ]);
  for (const c of newCampaigns) campaigns.set(c.id, c);

  const leads = new Map(leadRows.map((r) => [String(r.id), toEngineLead(r)]));
  // Blocklist: every lead's address and domain against its workspace's entries, in one statement.
  const keys = leadRows.flatMap((r) => blockKeys(String(r.email)).map((key) => ({ lead: String(r.id), workspace: String(r.workspace_id), key })));
  const hits = keys.length
    ? await sql(
        em,
        `select distinct k.lead from unnest(?::uuid[], ?::uuid[], ?::text[]) as k(lead, workspace, key)
           join blocklist_entry b on b.workspace_id = k.workspace and b.email = k.key`,
        [pgArray(keys.map((k) => k.lead)), pgArray(keys.map((k) => k.workspace)), textArray(keys.map((k) => k.key))],
      )
    : [];

  const inboxes = await batchInboxes(em, inboxRows, now);

  const sentSteps = new Map<string, { position: number; subject: string; messageId: string }[]>();
  for (const r of threadRows) {
    const list = sentSteps.get(String(r.lead_id)) ?? [];
    list.push({ position: Number(r.step_position), subject: String(r.subject ?? ''), messageId: String(r.message_id) });
    sentSteps.set(String(r.lead_id), list);
  }
  const answered = new Map(
    replyRows.map((r) => [
      String(r.id),
      answerThread({ subject: String(r.subject), messageId: (r.message_id as string | null) ?? null, threadReferences: (r.thread_references as string[] | null) ?? [] }),
    ]),
  );
  return { leads, inboxes, blocked: new Set(hits.map((h) => String(h.lead))), sentSteps, answered };
}

const INBOX_ROWS = `select i.*, w.timezone as workspace_zone from inbox i join workspace w on w.id = i.workspace_id where i.id = any(?::uuid[])`;

/** The inboxes with what each sent today (workspace zone). */
async function batchInboxes(em: EntityManager, rows: Record<string, unknown>[], now: Date): Promise<Map<string, BatchInbox>> {
  if (!rows.length) return new Map();
  const stats = await sql(
    em,
    `select d.id, coalesce(s.sent, 0)::int as sent from unnest(?::uuid[], ?::date[]) as d(id, day) left join inbox_day_stat s on s.inbox_id = d.id and s.day = d.day`,
    [pgArray(rows.map((r) => String(r.id))), pgArray(rows.map((r) => dayKey(String(r.workspace_zone), now)))],
  );
  const sentBy = new Map(stats.map((s) => [String(s.id), Number(s.sent)]));
  return new Map(rows.map((r) => [String(r.id), toBatchInbox(r, sentBy.get(String(r.id)) ?? 0, now)]));
}

/** Reads one inbox again (after an SMTP answer changed its state: back-off, error). */
export async function reloadInbox(em: EntityManager, ctx: BatchContext, id: string, now: Date): Promise<BatchInbox | undefined> {
  const fresh = await batchInboxes(em, await sql(em, INBOX_ROWS, [pgArray([id])]), now);
  const inbox = fresh.get(id);
  if (inbox) ctx.inboxes.set(id, inbox);
  else ctx.inboxes.delete(id);
  return inbox;
}

/** The thread a follow-up at `position` answers in: the lead's earlier sent sequence emails. */
export function threadBefore(ctx: BatchContext, leadId: string, position: number): Thread | null {
  const earlier = (ctx.sentSteps.get(leadId) ?? []).filter((s) => s.position < position);
  if (!earlier.length) return null;
  return { subject: earlier[0]!.subject, messageIds: earlier.map((s) => s.messageId) };
}

function toBatchInbox(r: Record<string, unknown>, sentToday: number, now: Date): BatchInbox {
  const zone = String(r.workspace_zone);
  return {
    id: String(r.id),
    email: String(r.email),
    fromName: String(r.from_name),
    signature: (r.signature as string | null) ?? null,
    minGapMinutes: Number(r.min_gap_minutes),
    gapJitterMinutes: Number(r.gap_jitter_minutes),
    workspaceZone: zone,
    status: String(r.status),
    deleted: r.deleted_at !== null,
    backoffUntil: date(r.backoff_until),
    nextFreeAt: date(r.next_free_at),
    smtp: { host: String(r.smtp_host), port: Number(r.smtp_port), secure: Boolean(r.smtp_secure), username: String(r.username), passwordEnc: String(r.password_enc) },
    capToday: capOn(
      { dailyCap: Number(r.daily_cap), rampStart: Number(r.ramp_start), rampIncrement: Number(r.ramp_increment), rampStartedAt: plainDate(r.ramp_started_at) },
      dayKey(zone, now),
    ),
    sentToday,
  };
}
