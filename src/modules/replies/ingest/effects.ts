// What reply items do to their leads and the numbers (decisions.md §6 "What each kind does"), inside the
// transaction that inserts them, so a message is either wholly applied or not at all.
//
// Set-wise: a batch's new items take one statement per kind of effect, not one per item. The outcome
// must be the one of applying the items one by one in UID order; that holds as long as no two items of
// a set touch the same lead, or the company of a lead whose reply stops that company (a reply and a
// bounce of one lead, two leads of one company). So the items are cut into waves, in order, each wave
// free of such pairs and applied as a whole before the next (almost always a single wave). The
// statements: effects.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Statement } from '../../../storage/sql';
import { domainOf } from '../../../contracts/email-address';
import { escapeLike } from '../../leads/lead-query';
import { recordHardBounces, type HardBounce } from '../../sending/engine/outcomes';
import { dayKey } from '../../sending/schedule';
import type { Classification } from '../classify/classify-inbound';
import { cutChars } from '../reply-text';
import { isFreeMailDomain } from './free-mail';
import type { Match } from './match';
import { lockEffectLeads, writeWave, type DayCount, type EffectLead, type WaveWrites } from './effects.queries';

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

/** What the effects read under the leads' locks: the lead rows, and for hard bounces the status of
 *  their sends (the one a bounce names, else the lead's last from this inbox). */
interface Reads {
  leads: Map<string, EffectLead>;
  sendStatus: Map<string, string>;
  lastSend: Map<string, string>;
}

/** Applies the effects of a batch's newly inserted items, as if one by one in their order. `tail`
 *  (statements of other queries files) runs after them, in the last round trip. */
export async function applyEffects(em: EntityManager, items: NewItem[], c: EffectContext, tail: readonly Statement[] = []): Promise<void> {
  const reads = items.length ? await readLocked(em, items, c) : null;
  const todo = reads
    ? waves(
        items.filter((i) => reads.leads.has(i.match.leadId)),
        reads.leads,
      )
    : [];
  if (!todo.length) {
    if (tail.length) await writeWave(em, c, NO_WRITES, tail);
    return;
  }
  for (let n = 0; n < todo.length; n++) await applyWave(em, todo[n]!, reads!, c, n === todo.length - 1 ? tail : []);
}

/** Every lead locked first, in id order (two pollers locking in one order cannot deadlock each other),
 *  and then, in the same round trip, what hard bounces need to know about their sends. */
async function readLocked(em: EntityManager, items: NewItem[], c: EffectContext): Promise<Reads> {
  const hard = items.filter((i) => i.cls.kind === 'bounce' && i.cls.bounce!.permanent);
  const { leads, sends } = await lockEffectLeads(em, {
    leadIds: [...new Set(items.map((i) => i.match.leadId))],
    sendIds: hard.flatMap((i) => (i.match.sendId ? [i.match.sendId] : [])),
    lastSendOf: hard.filter((i) => !i.match.sendId).map((i) => i.match.leadId),
    inboxId: c.inboxId,
  });
  return {
    leads: new Map(leads.map((r) => [r.id, r])),
    sendStatus: new Map(sends.map((r) => [r.id, r.status])),
    lastSend: new Map(sends.filter((r) => r.leadId !== null).map((r) => [r.leadId!, r.id])),
  };
}

/** decisions.md §6 companyReplyStop: a reply stops the other leads of its campaign on its domain, never
 *  for free-mail domains (a reply from one gmail.com address says nothing about another's company). */
function companyDomain(item: NewItem, lead: EffectLead): string | null {
  if (item.cls.kind !== 'reply' || item.match.oneOff || !lead.companyReplyStop) return null;
  const domain = domainOf(lead.email);
  return domain && !isFreeMailDomain(domain) ? domain : null;
}

/** Consecutive runs of items that are independent of each other (see the top of the file). */
function waves(items: NewItem[], leads: Map<string, EffectLead>): NewItem[][] {
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

/** A wave that writes nothing (a batch whose items all matched no lead still sends its tail). */
const NO_WRITES: WaveWrites = {
  repliedDays: [],
  replies: [],
  replyStops: [],
  replyGoingOn: [],
  away: [],
  awayStops: [],
  companyStops: [],
  softBounces: [],
  bouncedSends: [],
  bouncedDays: [],
};

async function applyWave(em: EntityManager, wave: NewItem[], reads: Reads, c: EffectContext, tail: readonly Statement[]): Promise<void> {
  const leadOf = (i: NewItem) => reads.leads.get(i.match.leadId)!;
  const replies = wave.filter((i) => i.cls.kind === 'reply');
  const autoReplies = wave.filter((i) => i.cls.kind === 'auto_reply');

  // decisions.md §6 reply: the lead stops with stopOnReply, queued one-offs go, the company stop; without
  // stopOnReply it goes on and `no_reply` conditions stop holding (replied_at). A reply to a one-off is
  // kept but not counted: no replied_at and no inbox count, though its sequence still stops (a person who
  // answered is never followed up against the campaign's setting). replied_at and the stop are one
  // update of each lead (lead-progress.ts stopAssignments).
  const counted = replies.filter((i) => !i.match.oneOff);
  const replyStatus = (i: NewItem) => (leadOf(i).stopOnReply ? (i.match.oneOff ? 'stopped' : 'replied') : null);
  const replying = replies.filter((i) => !i.match.oneOff || replyStatus(i) !== null);

  // decisions.md §6 auto_reply: a return date holds the lead until then; stop with stopOnAutoReply (not
  // for a one-off). Both in one update of each lead.
  const autoStops = (i: NewItem) => leadOf(i).stopOnAutoReply && !i.match.oneOff;
  const holding = autoReplies.filter((i) => i.awayUntil || autoStops(i));

  // decisions.md §6 bounce: 4.x.x a soft bounce; 5.x.x a hard one, written with recordHardBounces below.
  const bounces = wave.filter((i) => i.cls.kind === 'bounce' && !bouncedElsewhere(i, leadOf(i)));
  const { soft, bouncedSends, hard } = bounces.length ? hardBounces(bounces, leadOf, reads) : { soft: [], bouncedSends: [], hard: [] };

  await writeWave(
    em,
    c,
    {
      repliedDays: counted.length ? perDay(counted, c) : [],
      replies: replying.map((i) => ({ leadId: i.match.leadId, at: i.match.oneOff ? null : i.receivedAt, stop: replyStatus(i) })),
      replyStops: replying.filter((i) => replyStatus(i) !== null).map((i) => i.match.leadId),
      replyGoingOn: replies.filter((i) => replyStatus(i) === null).map((i) => i.match.leadId),
      away: holding.map((i) => ({ leadId: i.match.leadId, until: i.awayUntil, stop: autoStops(i) })),
      awayStops: holding.filter(autoStops).map((i) => i.match.leadId),
      companyStops: companyStops(replies, leadOf),
      softBounces: soft,
      bouncedSends: bouncedSends.map(({ sendId, item }) => ({ sendId, reason: reasonOf(item) })),
      bouncedDays: bouncedSends.length
        ? perDay(
            bouncedSends.map((b) => b.item),
            c,
          )
        : [],
    },
    tail,
  );
  await recordHardBounces(
    em,
    hard.map((i): HardBounce => ({
      workspaceId: c.workspaceId,
      campaignId: i.match.campaignId,
      leadId: i.match.leadId,
      inboxId: c.inboxId,
      sendId: i.sendId,
      email: leadOf(i).email,
      source: 'dsn',
      code: smtpCode(i.cls.bounce!.diagnostic),
      category: 'hard',
      reason: reasonOf(i),
    })),
    c.now,
  );
}

/** A bounce of an answer sent to someone other than the lead (the reply's Reply-To, a colleague who
 *  answered for it: decisions.md §11 "answers go to whoever wrote"). It says nothing of the lead's own
 *  address, so it neither stops the lead nor blocklists its address; as at SMTP time, where a refused
 *  answer records nothing. The item is kept. */
function bouncedElsewhere(i: NewItem, lead: EffectLead): boolean {
  const recipient = i.cls.bounce!.recipient?.trim().toLowerCase();
  return i.match.answer && !!recipient && recipient !== lead.email.toLowerCase();
}

/** How many of the items arrived on each day of the workspace. */
function perDay(items: NewItem[], c: EffectContext): DayCount[] {
  const perDay = new Map<string, number>();
  for (const i of items) {
    const day = dayKey(c.workspaceZone, i.receivedAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return [...perDay].map(([day, n]) => ({ day, n }));
}

/** companyReplyStop for the wave's replies (companyDomain says which stop their company): each such
 *  reply's campaign, lead and the LIKE pattern of addresses at its domain (`%`, `_` and `\` escaped). */
function companyStops(replies: NewItem[], leadOf: (i: NewItem) => EffectLead): WaveWrites['companyStops'] {
  return replies
    .map((i) => ({ i, domain: companyDomain(i, leadOf(i)) }))
    .filter((x) => x.domain !== null)
    .map(({ i, domain }) => ({ campaignId: i.match.campaignId, leadId: i.match.leadId, pattern: `%@${escapeLike(domain!)}` }));
}

/** Cut to whole characters: the reason goes into the email_bounced event's jsonb, which refuses half of a
 *  surrogate pair. */
const reasonOf = (i: NewItem) => cutChars(i.cls.bounce!.diagnostic || i.cls.evidence || 'bounced', 500);

/** decisions.md §6 bounce: soft bounces are recorded; hard ones (5.x.x) count their send as bounced
 *  here and are returned for recordHardBounces, exactly as at SMTP time (it is shared with SMTP-time
 *  bounces). */
function hardBounces(
  items: NewItem[],
  leadOf: (i: NewItem) => EffectLead,
  reads: Reads,
): { soft: WaveWrites['softBounces']; bouncedSends: { sendId: string; item: NewItem }[]; hard: (NewItem & { sendId: string | null })[] } {
  const soft = items
    .filter((i) => !i.cls.bounce!.permanent)
    .map((i) => ({
      campaignId: i.match.campaignId,
      leadId: i.match.leadId,
      sendId: i.match.sendId,
      email: leadOf(i).email,
      code: smtpCode(i.cls.bounce!.diagnostic),
      reason: reasonOf(i),
    }));
  const hard = items.filter((i) => i.cls.bounce!.permanent);
  if (!hard.length) return { soft, bouncedSends: [], hard: [] };
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
  for (const i of withSend) if (status.get(sendOf(i)!) === 'sent') status.set(sendOf(i)!, 'bounced');
  return {
    soft,
    bouncedSends: withSend.map((i) => ({ sendId: sendOf(i)!, item: i })),
    hard: counted.map((i) => ({ ...i, sendId: sendOf(i) })),
  };
}

/** The SMTP reply code a diagnostic starts with ("smtp; 550 5.1.1 …"), or null. */
function smtpCode(diagnostic: string | null): number | null {
  const m = diagnostic?.match(/\b([245]\d\d)\b/);
  return m ? Number(m[1]) : null;
}
