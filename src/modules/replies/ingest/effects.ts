// What reply items do to their leads and the numbers (decisions.md §6 "What each kind does"), inside the
// transaction that inserts them, so a message is either wholly applied or not at all.
//
// Set-wise: a batch's new items take one statement per kind of effect, not one per item. The outcome
// must be the one of applying the items one by one in UID order; that holds as long as no two items of
// a set touch the same lead, or the company of a lead whose reply stops that company (a reply and a
// bounce of one lead, two leads of one company). So the items are cut into waves, in order, each wave
// free of such pairs and applied as a whole before the next (almost always a single wave).
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { pgArray, sql, sqlRun, textArray, timeArray } from '../../../db/sql';
import { domainOf } from '../../../email-address';
import { recordHardBounce } from '../../sending/engine/outcomes';
import { dayKey } from '../../sending/schedule';
import type { Classification } from '../classify/classify-inbound';
import { isFreeMailDomain } from './free-mail';
import type { Match } from './match';

export interface EffectContext {
  workspaceId: string;
  inboxId: string;
  workspaceZone: string;
  now: Date;
}

/** One new item: what matched, how it was classified, when it arrived. */
export interface NewItem {
  match: Match;
  cls: Classification;
  receivedAt: Date;
}

interface LeadRow {
  id: string;
  email: string;
  stop_on_reply: boolean;
  stop_on_auto_reply: boolean;
  company_reply_stop: boolean;
}

interface Stop {
  leadId: string;
  status: 'replied' | 'stopped';
  reason: 'replied' | 'auto_replied' | 'company_replied';
  dropReason: string;
}

/** Applies the effects of a batch's newly inserted items, as if one by one in their order. */
export async function applyEffects(em: EntityManager, items: NewItem[], c: EffectContext): Promise<void> {
  if (!items.length) return;
  // Every lead locked first, in id order (two pollers locking in one order cannot deadlock each other).
  const rows = (await sql(
    em,
    `select l.id, l.email, c.stop_on_reply, c.stop_on_auto_reply, c.company_reply_stop
       from lead l join campaign c on c.id = l.campaign_id where l.id = any(?::uuid[]) order by l.id for update of l`,
    [pgArray([...new Set(items.map((i) => i.match.leadId))])],
  )) as unknown as LeadRow[];
  const leads = new Map(rows.map((r) => [r.id, r]));
  for (const wave of waves(
    items.filter((i) => leads.has(i.match.leadId)),
    leads,
  ))
    await applyWave(em, wave, leads, c);
}

/** decisions.md §6 companyReplyStop: a reply stops the other leads of its campaign on its domain, never
 *  for free-mail domains (a reply from one gmail.com address says nothing about another's company). */
function companyDomain(item: NewItem, lead: LeadRow): string | null {
  if (item.cls.kind !== 'reply' || item.match.oneOff || !lead.company_reply_stop) return null;
  const domain = domainOf(lead.email);
  return domain && !isFreeMailDomain(domain) ? domain : null;
}

/** Consecutive runs of items that are independent of each other (see the top of the file). */
function waves(items: NewItem[], leads: Map<string, LeadRow>): NewItem[][] {
  const out: NewItem[][] = [];
  let wave: NewItem[] = [];
  let seenLeads = new Set<string>();
  let companies = new Map<string, boolean>(); // company key → a reply in the wave stops that company
  for (const item of items) {
    const lead = leads.get(item.match.leadId)!;
    const company = `${item.match.campaignId} ${domainOf(lead.email)}`;
    const stopsCompany = companyDomain(item, lead) !== null;
    const clash = seenLeads.has(lead.id) || (companies.has(company) && (stopsCompany || companies.get(company)!));
    if (clash) {
      out.push(wave);
      wave = [];
      seenLeads = new Set();
      companies = new Map();
    }
    wave.push(item);
    seenLeads.add(lead.id);
    companies.set(company, stopsCompany || (companies.get(company) ?? false));
  }
  if (wave.length) out.push(wave);
  return out;
}

async function applyWave(em: EntityManager, wave: NewItem[], leads: Map<string, LeadRow>, c: EffectContext): Promise<void> {
  const leadOf = (i: NewItem) => leads.get(i.match.leadId)!;
  const replies = wave.filter((i) => i.cls.kind === 'reply');
  const autoReplies = wave.filter((i) => i.cls.kind === 'auto_reply');
  const stops: Stop[] = [];

  // decisions.md §6 reply: the lead stops with stopOnReply, queued one-offs go, the company stop; without
  // stopOnReply it goes on and `no_reply` conditions stop holding (replied_at). A reply to a one-off is
  // kept but not counted: no replied_at and no inbox count, though its sequence still stops (a person who
  // answered is never followed up against the campaign's setting).
  const counted = replies.filter((i) => !i.match.oneOff);
  if (counted.length) {
    await sqlRun(em, `update lead l set replied_at = coalesce(l.replied_at, v.at) from unnest(?::uuid[], ?::timestamptz[]) as v(id, at) where l.id = v.id`, [
      pgArray(counted.map((i) => i.match.leadId)),
      timeArray(counted.map((i) => i.receivedAt)),
    ]);
    await countDays(em, counted, c);
  }
  for (const i of replies) {
    if (leadOf(i).stop_on_reply) stops.push({ leadId: i.match.leadId, status: i.match.oneOff ? 'stopped' : 'replied', reason: 'replied', dropReason: 'Lead replied' });
  }
  const goingOn = replies.filter((i) => !leadOf(i).stop_on_reply).map((i) => i.match.leadId);
  // api.md Other value sets: a queued one-off is dropped when the lead replies before it goes.
  if (goingOn.length) {
    await sqlRun(em, `update send set status = 'dropped', error = 'Lead replied' where lead_id = any(?::uuid[]) and kind = 'one_off' and status = 'queued'`, [pgArray(goingOn)]);
  }

  // decisions.md §6 auto_reply: a return date holds the lead until then; stop with stopOnAutoReply.
  const away = autoReplies.filter((i) => i.cls.awayUntil);
  if (away.length) {
    await sqlRun(
      em,
      `update lead l set away_until = greatest(coalesce(l.away_until, v.until), v.until) from unnest(?::uuid[], ?::timestamptz[]) as v(id, until) where l.id = v.id`,
      [pgArray(away.map((i) => i.match.leadId)), timeArray(away.map((i) => i.cls.awayUntil!))],
    );
  }
  for (const i of autoReplies) {
    if (leadOf(i).stop_on_auto_reply && !i.match.oneOff) stops.push({ leadId: i.match.leadId, status: 'stopped', reason: 'auto_replied', dropReason: 'Lead auto-replied' });
  }
  await stopLeads(em, stops);
  await companyStop(em, replies, leadOf);

  // decisions.md §6 bounce: one by one through the SMTP-time path (sending/engine/outcomes.ts).
  for (const i of wave) if (i.cls.kind === 'bounce') await bounced(em, i.match, leadOf(i), i.cls, i.receivedAt, c);
}

/** The inbox's `replied` count per day of the workspace. */
async function countDays(em: EntityManager, items: NewItem[], c: EffectContext) {
  const perDay = new Map<string, number>();
  for (const i of items) {
    const day = dayKey(c.workspaceZone, i.receivedAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = [...perDay];
  await sqlRun(
    em,
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
     values ${days.map(() => '(?, ?, ?, ?, ?, 0, 0, 0, ?)').join(', ')}
     on conflict (inbox_id, day) do update set replied = inbox_day_stat.replied + excluded.replied`,
    days.flatMap(([day, n]) => [randomUUID(), c.now, c.workspaceId, c.inboxId, day, n]),
  );
}

/** leads/lifecycle/lead-progress.ts stopLead for many leads at once: the same two statements, one per
 *  kind of stop. A lead already replied, unsubscribed, bounced or stopped keeps its status. */
async function stopLeads(em: EntityManager, stops: Stop[]) {
  const groups = new Map<string, Stop[]>();
  for (const s of stops) {
    const key = `${s.status}/${s.reason}/${s.dropReason}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const group of groups.values()) {
    const { status, reason, dropReason } = group[0]!;
    const ids = pgArray(group.map((s) => s.leadId));
    await sqlRun(
      em,
      `update "lead" set "status" = ?, "stop_reason" = ?, "next_due_at" = null
        where "id" = any(?::uuid[]) and "status" not in ('replied', 'unsubscribed', 'bounced', 'stopped')`,
      [status, reason, ids],
    );
    await sqlRun(em, `update "send" set "status" = 'dropped', "error" = ? where "lead_id" = any(?::uuid[]) and "status" = 'queued'`, [dropReason, ids]);
  }
}

/** companyReplyStop for the wave's replies (companyDomain says which stop their company). */
async function companyStop(em: EntityManager, replies: NewItem[], leadOf: (i: NewItem) => LeadRow) {
  const stopping = replies.map((i) => ({ i, domain: companyDomain(i, leadOf(i)) })).filter((x) => x.domain !== null);
  if (!stopping.length) return;
  const rows = await sql(
    em,
    `select l.id from lead l join unnest(?::uuid[], ?::uuid[], ?::text[]) as r(campaign_id, lead_id, pattern)
         on l.campaign_id = r.campaign_id and l.id <> r.lead_id and lower(l.email) like r.pattern escape '\\'
      where l.status not in ('replied', 'unsubscribed', 'bounced', 'stopped', 'completed')`,
    [
      pgArray(stopping.map((x) => x.i.match.campaignId)),
      pgArray(stopping.map((x) => x.i.match.leadId)),
      textArray(stopping.map((x) => `%@${x.domain!.replace(/[\\%_]/g, (ch) => `\\${ch}`)}`)),
    ],
  );
  await stopLeads(
    em,
    rows.map((r) => ({ leadId: String(r.id), status: 'stopped', reason: 'company_replied', dropReason: 'Someone at the same company replied' })),
  );
}

/** decisions.md §6 bounce: 5.x.x is a hard bounce exactly as at SMTP time; 4.x.x a soft one that stops nothing. */
async function bounced(em: EntityManager, match: Match, lead: LeadRow, cls: Classification, receivedAt: Date, c: EffectContext) {
  const b = cls.bounce!;
  const reason = (b.diagnostic || cls.evidence || 'bounced').slice(0, 500);
  const code = smtpCode(b.diagnostic);
  if (!b.permanent) {
    await sqlRun(
      em,
      `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason) values (?, ?, ?, ?, ?, ?, ?, ?, 'dsn', ?, 'soft', ?)`,
      [randomUUID(), c.now, c.workspaceId, match.campaignId, match.leadId, c.inboxId, match.sendId, lead.email, code, reason],
    );
    return;
  }
  // The send counts as bounced (the inbox's bounce-rate stop reads send status). A send the SMTP server
  // already refused was recorded then: the bounce message repeats it and changes nothing.
  const send = match.sendId ? { id: match.sendId, status: match.sendStatus } : await lastSendTo(em, match.leadId, c.inboxId);
  if (send?.status === 'bounced') return;
  if (send) {
    await sqlRun(em, `update send set status = 'bounced', error = ? where id = ? and status = 'sent'`, [reason, send.id]);
    await sqlRun(
      em,
      `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, ?, ?, ?, ?, 0, 0, 1, 0)
       on conflict (inbox_id, day) do update set bounced = inbox_day_stat.bounced + 1`,
      [randomUUID(), c.now, c.workspaceId, c.inboxId, dayKey(c.workspaceZone, receivedAt)],
    );
  }
  await recordHardBounce(
    em,
    {
      workspaceId: c.workspaceId,
      campaignId: match.campaignId,
      leadId: match.leadId,
      inboxId: c.inboxId,
      sendId: send?.id ?? null,
      email: lead.email,
      source: 'dsn',
      code,
      category: 'hard',
      reason,
    },
    c.now,
  );
}

async function lastSendTo(em: EntityManager, leadId: string, inboxId: string): Promise<{ id: string; status: string } | null> {
  const [row] = await sql(em, `select id, status from send where lead_id = ? and inbox_id = ? and status in ('sent', 'bounced') order by sent_at desc limit 1`, [leadId, inboxId]);
  return row ? { id: String(row.id), status: String(row.status) } : null;
}

/** The SMTP reply code a diagnostic starts with ("smtp; 550 5.1.1 …"), or null. */
function smtpCode(diagnostic: string | null): number | null {
  const m = diagnostic?.match(/\b([245]\d\d)\b/);
  return m ? Number(m[1]) : null;
}
