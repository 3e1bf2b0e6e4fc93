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
import { boolArray, inlined, inlinedStatement, pgArray, sqlBatch, textArray, timeArray } from '../../../db/sql';
import { domainOf } from '../../../email-address';
import { dropQueuedSendsStatement, stopAssignments, stopSelectedStatement } from '../../leads/lifecycle/lead-progress';
import { stopChangesSql } from '../../leads/lifecycle/lead-status';
import { recordHardBounces, type HardBounce } from '../../sending/engine/outcomes';
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

/** One new item: what matched, how it was classified, when it arrived, and for an auto-reply until
 *  when its lead is away (classify-inbound.ts leadAwayUntil). */
export interface NewItem {
  match: Match;
  cls: Classification;
  receivedAt: Date;
  awayUntil: Date | null;
}

interface LeadRow {
  id: string;
  email: string;
  stop_on_reply: boolean;
  stop_on_auto_reply: boolean;
  company_reply_stop: boolean;
}

/** What the effects read under the leads' locks: the lead rows, and for hard bounces the status of
 *  their sends (the one a bounce names, else the lead's last from this inbox). */
interface Reads {
  leads: Map<string, LeadRow>;
  sendStatus: Map<string, string>;
  lastSend: Map<string, string>;
}

/** Applies the effects of a batch's newly inserted items, as if one by one in their order. `tail`
 *  (statements built with inlined) runs after them, in the last round trip. */
export async function applyEffects(em: EntityManager, items: NewItem[], c: EffectContext, tail: string[] = []): Promise<void> {
  const reads = items.length ? await readLocked(em, items, c) : null;
  const todo = reads
    ? waves(
        items.filter((i) => reads.leads.has(i.match.leadId)),
        reads.leads,
      )
    : [];
  if (!todo.length) {
    if (tail.length) await sqlBatch(em, tail);
    return;
  }
  for (let n = 0; n < todo.length; n++) await applyWave(em, todo[n]!, reads!, c, n === todo.length - 1 ? tail : []);
}

/** Every lead locked first, in id order (two pollers locking in one order cannot deadlock each other),
 *  and then, in the same round trip, what hard bounces need to know about their sends. */
async function readLocked(em: EntityManager, items: NewItem[], c: EffectContext): Promise<Reads> {
  const hard = items.filter((i) => i.cls.kind === 'bounce' && i.cls.bounce!.permanent);
  const [leadRows, sendRows] = await sqlBatch(em, [
    inlined(
      `select l.id, l.email, c.stop_on_reply, c.stop_on_auto_reply, c.company_reply_stop
         from lead l join campaign c on c.id = l.campaign_id where l.id = any(?::uuid[]) order by l.id for update of l`,
      [pgArray([...new Set(items.map((i) => i.match.leadId))])],
    ),
    inlined(
      `select s.id, s.status, null::uuid as lead_id from send s where s.id = any(?::uuid[])
       union all
       select * from (select distinct on (lead_id) id, status, lead_id from send
                       where lead_id = any(?::uuid[]) and inbox_id = ? and status in ('sent', 'bounced') order by lead_id, sent_at desc) last`,
      [pgArray(hard.flatMap((i) => (i.match.sendId ? [i.match.sendId] : []))), pgArray(hard.filter((i) => !i.match.sendId).map((i) => i.match.leadId)), c.inboxId],
    ),
  ]);
  return {
    leads: new Map((leadRows as unknown as LeadRow[]).map((r) => [r.id, r])),
    sendStatus: new Map(sendRows!.map((r) => [String(r.id), String(r.status)])),
    lastSend: new Map(sendRows!.filter((r) => r.lead_id !== null).map((r) => [String(r.lead_id), String(r.id)])),
  };
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

/** The statements of a wave, sent together in one round trip (db/sql.ts sqlBatch) and run in order. */
class Writes {
  readonly statements: string[] = [];
  add(query: string, params: readonly unknown[]): void {
    this.statements.push(inlined(query, params));
  }
  addStatement(statement: { query: string; params: readonly unknown[] }): void {
    this.statements.push(inlinedStatement(statement));
  }
}

async function applyWave(em: EntityManager, wave: NewItem[], reads: Reads, c: EffectContext, tail: string[]): Promise<void> {
  const leadOf = (i: NewItem) => reads.leads.get(i.match.leadId)!;
  const replies = wave.filter((i) => i.cls.kind === 'reply');
  const autoReplies = wave.filter((i) => i.cls.kind === 'auto_reply');
  const w = new Writes();

  // decisions.md §6 reply: the lead stops with stopOnReply, queued one-offs go, the company stop; without
  // stopOnReply it goes on and `no_reply` conditions stop holding (replied_at). A reply to a one-off is
  // kept but not counted: no replied_at and no inbox count, though its sequence still stops (a person who
  // answered is never followed up against the campaign's setting). replied_at and the stop are one
  // update of each lead (lead-progress.ts stopAssignments).
  const counted = replies.filter((i) => !i.match.oneOff);
  if (counted.length) countDays(w, counted, c, 'replied');
  const replyStatus = (i: NewItem) => (leadOf(i).stop_on_reply ? (i.match.oneOff ? 'stopped' : 'replied') : null);
  const replying = replies.filter((i) => !i.match.oneOff || replyStatus(i) !== null);
  if (replying.length) {
    w.add(
      `update lead l set replied_at = coalesce(l.replied_at, v.at), ${stopAssignments('l', 'v.stop is not null', 'v.stop', `'replied'`)}
         from unnest(?::uuid[], ?::timestamptz[], ?::text[]) as v(id, at, stop) where l.id = v.id`,
      [pgArray(replying.map((i) => i.match.leadId)), timeArray(replying.map((i) => (i.match.oneOff ? null : i.receivedAt))), textArray(replying.map(replyStatus))],
    );
  }
  const replyStops = replying.filter((i) => replyStatus(i) !== null).map((i) => i.match.leadId);
  if (replyStops.length) w.addStatement(dropQueuedSendsStatement(replyStops, 'Lead replied'));
  const goingOn = replies.filter((i) => replyStatus(i) === null).map((i) => i.match.leadId);
  // api.md Other value sets: a queued one-off is dropped when the lead replies before it goes.
  if (goingOn.length) w.addStatement(dropQueuedSendsStatement(goingOn, 'Lead replied', 'one_off'));

  // decisions.md §6 auto_reply: a return date holds the lead until then; stop with stopOnAutoReply (not
  // for a one-off). Both in one update of each lead.
  const autoStops = (i: NewItem) => leadOf(i).stop_on_auto_reply && !i.match.oneOff;
  const holding = autoReplies.filter((i) => i.awayUntil || autoStops(i));
  if (holding.length) {
    w.add(
      `update lead l set away_until = case when v.until is null then l.away_until else greatest(coalesce(l.away_until, v.until), v.until) end,
              ${stopAssignments('l', 'v.stop', `'stopped'`, `'auto_replied'`)}
         from unnest(?::uuid[], ?::timestamptz[], ?::boolean[]) as v(id, until, stop) where l.id = v.id`,
      [pgArray(holding.map((i) => i.match.leadId)), timeArray(holding.map((i) => i.awayUntil)), boolArray(holding.map(autoStops))],
    );
  }
  const autoStopped = holding.filter(autoStops).map((i) => i.match.leadId);
  if (autoStopped.length) w.addStatement(dropQueuedSendsStatement(autoStopped, 'Lead auto-replied'));
  companyStop(w, replies, leadOf);

  // decisions.md §6 bounce: 4.x.x a soft bounce; 5.x.x a hard one, written below.
  const bounces = wave.filter((i) => i.cls.kind === 'bounce');
  const hard = bounces.length ? hardBounces(w, bounces, leadOf, reads, c) : [];
  const statements = [...w.statements, ...tail];
  if (statements.length) await sqlBatch(em, statements);
  await recordHardBounces(em, hard, c.now);
}

/** The inbox's `replied` or `bounced` count per day of the workspace. */
function countDays(w: Writes, items: NewItem[], c: EffectContext, column: 'replied' | 'bounced') {
  const perDay = new Map<string, number>();
  for (const i of items) {
    const day = dayKey(c.workspaceZone, i.receivedAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = [...perDay];
  w.add(
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
     values ${days.map(() => (column === 'replied' ? '(?, ?, ?, ?, ?, 0, 0, 0, ?)' : '(?, ?, ?, ?, ?, 0, 0, ?, 0)')).join(', ')}
     on conflict (inbox_id, day) do update set ${column} = inbox_day_stat.${column} + excluded.${column}`,
    days.flatMap(([day, n]) => [randomUUID(), c.now, c.workspaceId, c.inboxId, day, n]),
  );
}

/** companyReplyStop for the wave's replies (companyDomain says which stop their company): the
 *  lifecycle's stop (`stopped`/`company_replied`) for every other lead of the campaign on the domain that
 *  the stop changes, and their queued emails dropped. */
function companyStop(w: Writes, replies: NewItem[], leadOf: (i: NewItem) => LeadRow) {
  const stopping = replies.map((i) => ({ i, domain: companyDomain(i, leadOf(i)) })).filter((x) => x.domain !== null);
  if (!stopping.length) return;
  const colleagues = {
    query: `select l.id from lead l join unnest(?::uuid[], ?::uuid[], ?::text[]) as r(campaign_id, lead_id, pattern)
         on l.campaign_id = r.campaign_id and l.id <> r.lead_id and lower(l.email) like r.pattern escape '\\'
      where ${stopChangesSql('l', 'stopped')}`,
    params: [
      pgArray(stopping.map((x) => x.i.match.campaignId)),
      pgArray(stopping.map((x) => x.i.match.leadId)),
      textArray(stopping.map((x) => `%@${x.domain!.replace(/[\\%_]/g, (ch) => `\\${ch}`)}`)),
    ],
  };
  w.addStatement(stopSelectedStatement(colleagues, { status: 'stopped', reason: 'company_replied' }, 'Someone at the same company replied'));
}

/** decisions.md §6 bounce: soft bounces are recorded; hard ones (5.x.x) count their send as bounced
 *  here and are returned for recordHardBounces, exactly as at SMTP time (it is shared with SMTP-time
 *  bounces). */
function hardBounces(w: Writes, items: NewItem[], leadOf: (i: NewItem) => LeadRow, reads: Reads, c: EffectContext): HardBounce[] {
  const reasonOf = (i: NewItem) => (i.cls.bounce!.diagnostic || i.cls.evidence || 'bounced').slice(0, 500);
  const soft = items.filter((i) => !i.cls.bounce!.permanent);
  if (soft.length) {
    w.add(
      `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
       values ${soft.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, 'dsn', ?, 'soft', ?)`).join(', ')}`,
      soft.flatMap((i) => [
        randomUUID(),
        c.now,
        c.workspaceId,
        i.match.campaignId,
        i.match.leadId,
        c.inboxId,
        i.match.sendId,
        leadOf(i).email,
        smtpCode(i.cls.bounce!.diagnostic),
        reasonOf(i),
      ]),
    );
  }
  const hard = items.filter((i) => i.cls.bounce!.permanent);
  if (!hard.length) return [];
  // The send counts as bounced (the inbox's bounce-rate stop reads send status): the one the bounce
  // names, else the lead's last from this inbox. Its status was read under the lead's lock (readLocked)
  // and is kept up to date here from wave to wave: a send the SMTP server already refused was recorded
  // then, and a second bounce of one send (in this batch or an earlier one) finds it bounced; the bounce
  // message repeats it and changes nothing.
  const status = reads.sendStatus;
  const sendOf = (i: NewItem) => i.match.sendId ?? reads.lastSend.get(i.match.leadId) ?? null;
  const counted = hard.filter((i) => {
    const send = sendOf(i);
    return send === null || status.get(send) !== 'bounced';
  });
  const withSend = counted.filter((i) => sendOf(i) !== null);
  if (withSend.length) {
    w.add(`update send s set status = 'bounced', error = v.reason from unnest(?::uuid[], ?::text[]) as v(id, reason) where s.id = v.id and s.status = 'sent'`, [
      pgArray(withSend.map((i) => sendOf(i)!)),
      textArray(withSend.map(reasonOf)),
    ]);
    countDays(w, withSend, c, 'bounced');
    for (const i of withSend) if (status.get(sendOf(i)!) === 'sent') status.set(sendOf(i)!, 'bounced');
  }
  return counted.map((i) => ({
    workspaceId: c.workspaceId,
    campaignId: i.match.campaignId,
    leadId: i.match.leadId,
    inboxId: c.inboxId,
    sendId: sendOf(i),
    email: leadOf(i).email,
    source: 'dsn',
    code: smtpCode(i.cls.bounce!.diagnostic),
    category: 'hard',
    reason: reasonOf(i),
  }));
}

/** The SMTP reply code a diagnostic starts with ("smtp; 550 5.1.1 …"), or null. */
function smtpCode(diagnostic: string | null): number | null {
  const m = diagnostic?.match(/\b([245]\d\d)\b/);
  return m ? Number(m[1]) : null;
}
