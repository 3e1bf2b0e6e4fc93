// Why a campaign is or is not sending (GET /campaigns/:id/sending-status), as a pure function of its
// state and `now`. Reasons stop every send and are listed, each that applies, in the order the sender
// meets them (decisions.md §5): not_active, bounce_protect (decisions.md §11), no_steps, no_inbox,
// before_start, after_end, outside_hours, daily_limit, inbox_stopped, inbox_placement (decisions.md §16),
// no_leads_due. Notes hold back only
// some leads or inboxes.
// Choices:
// - bounce_protect: the campaign paused itself for its bounce rate; it follows not_active (it is paused)
//   and says why, with `details: {bounced, sent}`, the figures bounce protection judged (its last 100
//   emails since its count started).
// - outside_hours: the window is closed in the campaign zone; with lead timezones, closed in every zone
//   that has a lead due now (the campaign zone when none is due).
// - inbox_stopped: no inbox can send today or soon: each is paused, stopped for bounces, backing off
//   after errors, or at its cap. Inboxes only waiting out their gap are not stopped (a note).
// - inbox_placement: follows inbox_stopped when some of those inboxes paused themselves for their
//   placement-test inbox rate (decisions.md §16), and names them: resuming one clears it.
// - inbox_reconnect_needed (decisions.md §15): with inbox_stopped, when any of those inboxes lost its
//   provider's access and waits to be connected again; it names them.
// - no_leads_due: no lead's wait has passed, counting new leads only while the new-lead limit has room
//   (a new lead over the limit is not due until tomorrow). Left out when there are no steps.
// - due_today (api.md): the smallest of the daily limit left, the leads due before midnight in the
//   campaign zone (new ones up to the new-lead limit left) and what the inboxes have left today (each
//   domain's inboxes up to the domain's room), split follow-ups first unless prioritizeNew. Zero while a
//   lasting reason (not active, no steps, no inbox, outside the dates) stops sending today.
import { DateTime } from 'luxon';
import type { CampaignStatus } from '../../campaigns/campaign.entity';
import type { Provider } from '../../leads/lead.entity';
import { inboxLeftToday, inboxReadiness, type InboxDay, type InboxReadiness } from './caps';
import { dateRangeState, isSendingOpen, nextSendAt, type CampaignTiming } from './window';

/** Every reason code, in the order the sender meets them; clients that word them (the console) read this
 *  list (test/unit/console-words.test.ts). */
export const REASON_CODES = [
  'not_active',
  'bounce_protect',
  'no_steps',
  'no_inbox',
  'before_start',
  'after_end',
  'outside_hours',
  'daily_limit',
  'inbox_stopped',
  'inbox_placement',
  'inbox_reconnect_needed',
  'no_leads_due',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Every note code, in the order of decisions.md (then ours). */
export const NOTE_CODES = ['inbox_capped', 'inbox_resting', 'inbox_backoff', 'new_leads_limit', 'verification_hold', 'lead_away', 'provider_unmatched', 'sender_waiting'] as const;
export type NoteCode = (typeof NOTE_CODES)[number];

export interface Message<C extends string> {
  code: C;
  text: string;
  /** Figures behind a reason that has them (bounce_protect: bounced, sent). */
  details?: Record<string, number>;
}

export interface StatusCampaign extends CampaignTiming {
  status: CampaignStatus;
  /** Why it is paused when it paused itself (bounce_protect), else null. */
  pausedReason?: string | null;
  leadTimezone: boolean;
  dailyLimit: number;
  maxNewLeadsPerDay: number | null;
  prioritizeNew: boolean;
  providerMatching: boolean;
}

export interface StatusInbox extends InboxDay {
  id: string;
  email: string;
  domain: string;
  provider: Provider | null;
  /** What its domain may still send today (caps.ts DomainDay.left, counted over all the domain's inboxes). */
  domainLeft: number;
  /** Why it paused itself (`placement`, decisions.md §16); null when paused by hand. */
  pausedReason?: string | null;
}

/** Leads due now (wait over, no hold) that have an inbox of their own, per inbox (sender.ts). */
export interface SenderDue {
  inboxId: string;
  count: number;
}

/** Leads due now (wait over, no hold), grouped by send zone, provider and new or follow-up. */
export interface DueGroup {
  zone: string;
  provider: Provider | null;
  isNew: boolean;
  count: number;
}

export interface SendingState {
  campaign: StatusCampaign;
  stepCount: number;
  /** Sequence sends and first emails today, in the campaign zone. */
  sentToday: number;
  newToday: number;
  /** The campaign's inboxes. */
  inboxes: readonly StatusInbox[];
  dueNow: readonly DueGroup[];
  /** Leads due before the next midnight in the campaign zone (zones.ts endOfDay), those due now included. */
  dueToday: { followUps: number; newLeads: number };
  /** Leads held back: due now while their address is verified; away (an auto-reply gave a return
   *  date) with their next email waiting for that date. */
  held: { verification: number; away: number };
  /** While it is paused by bounce protection: its last emails since its count started, and their hard bounces. */
  bounces?: { bounced: number; sent: number } | null;
  /** Leads due now with an inbox of their own, per inbox: they wait while it cannot send. */
  dueBySender: readonly SenderDue[];
}

export interface SendingStatus {
  sending: boolean;
  reasons: Message<ReasonCode>[];
  notes: Message<NoteCode>[];
  /** Leads due now in an open window (new ones only while the new-lead limit has room). */
  dueNow: number;
  dueToday: { total: number; followUps: number; newLeads: number };
}

const PROVIDER_NAMES: Partial<Record<Provider, string>> = {
  provider_a: 'Google-hosted (provider_a)',
  provider_b: 'Microsoft-hosted (provider_b)',
};

const LASTING: ReadonlySet<ReasonCode> = new Set(['not_active', 'bounce_protect', 'no_steps', 'no_inbox', 'before_start', 'after_end']);

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function explainSending(state: SendingState, now: Date): SendingStatus {
  const { campaign } = state;
  const zone = campaign.timezone;
  const at = (d: Date) => DateTime.fromJSDate(d, { zone }).setLocale('en').toFormat('ccc d LLL HH:mm');
  const reasons: Message<ReasonCode>[] = [];
  const notes: Message<NoteCode>[] = [];
  const newRoom = campaign.maxNewLeadsPerDay === null ? Infinity : Math.max(0, campaign.maxNewLeadsPerDay - state.newToday);

  if (campaign.status !== 'active') {
    reasons.push({
      code: 'not_active',
      text: campaign.status === 'draft' ? 'The campaign is a draft: activate it to start sending.' : 'The campaign is paused: activate it to carry on where it stopped.',
    });
  }
  if (campaign.status === 'paused' && campaign.pausedReason === 'bounce_protect') {
    const { bounced, sent } = state.bounces ?? { bounced: 0, sent: 0 };
    reasons.push({
      code: 'bounce_protect',
      text: `The campaign paused itself: ${plural(bounced, 'hard bounce')} in its last ${plural(sent, 'email')} (5% or more). Check the list, then activate it to send again (the count starts afresh).`,
      details: { bounced, sent },
    });
  }
  if (state.stepCount === 0) reasons.push({ code: 'no_steps', text: 'The campaign has no steps: add at least one step to its sequence.' });
  if (state.inboxes.length === 0) {
    reasons.push({ code: 'no_inbox', text: 'No inbox sends for this campaign: add at least one inbox to it (mailbox_ids), or tag one with a tag of its mailbox_tags.' });
  }

  const range = dateRangeState(campaign, zone, now);
  if (range === 'before_start') {
    reasons.push({ code: 'before_start', text: `The campaign starts on ${campaign.startDate} (${zone}); nothing is sent before that day.` });
  } else if (range === 'after_end') {
    reasons.push({ code: 'after_end', text: `The campaign ended on ${campaign.endDate} (${zone}); nothing more is sent. Move or clear the end date to carry on.` });
  }

  const dueZones = campaign.leadTimezone ? [...new Set(state.dueNow.filter((g) => g.count > 0).map((g) => g.zone))] : [];
  const zones = dueZones.length > 0 ? dueZones : [zone];
  const openZones = new Set(zones.filter((z) => isSendingOpen(campaign, z, now)));
  if (openZones.size === 0) {
    const openings = zones.map((z) => nextSendAt(campaign, z, now)).filter((d): d is Date => d !== null);
    const next = openings.length > 0 ? new Date(Math.min(...openings.map((d) => d.getTime()))) : null;
    const where = dueZones.length > 0 ? ' in the timezone of every lead with mail due' : '';
    reasons.push({
      code: 'outside_hours',
      text: next ? `Outside the sending window${where}; it next opens ${at(next)} (${zone} time).` : `Outside the sending window${where}, and no sending day is left to open it.`,
    });
  }

  if (state.sentToday >= campaign.dailyLimit) {
    reasons.push({
      code: 'daily_limit',
      text: `Today's limit of ${plural(campaign.dailyLimit, 'email')} is reached (${state.sentToday} sent); sending resumes after midnight (${zone}).`,
    });
  }

  const readiness = state.inboxes.map((inbox) => ({ inbox, state: inboxReadiness(inbox, inbox.domainLeft, now) }));
  const withState = (...states: InboxReadiness[]) => readiness.filter((r) => states.includes(r.state)).map((r) => r.inbox);
  const capped = withState('capped');
  const backingOff = withState('backoff');
  if (state.inboxes.length > 0 && withState('ready', 'resting').length === 0) {
    const why: Record<InboxReadiness, (inbox: StatusInbox) => string> = {
      paused: (inbox) => (inbox.pausedReason === 'placement' ? 'paused for its placement-test inbox rate' : 'paused'),
      bounce_stopped: () => 'stopped for its bounce rate; pass the connection test to resume',
      reconnect_needed: () => 'its sign-in with the provider ended; connect it again',
      capped: (inbox) => capReason(inbox),
      backoff: (inbox) => `backing off after errors until ${at(inbox.backoffUntil!)}`,
      resting: () => 'resting',
      ready: () => 'ready',
    };
    reasons.push({
      code: 'inbox_stopped',
      text: `None of the campaign's inboxes can send: ${list(readiness.map((r) => `${r.inbox.email} (${why[r.state](r.inbox)})`))}.`,
    });
    const placement = withState('paused').filter((i) => i.pausedReason === 'placement');
    if (placement.length) {
      reasons.push({
        code: 'inbox_placement',
        text: `${list(placement.map((i) => i.email))} paused itself for its placement-test inbox rate (placement_protect_below); check where its mail lands, then resume it (POST /mailboxes/:id/resume).`,
      });
    }
    // decisions.md §15
    const disconnected = withState('reconnect_needed');
    if (disconnected.length > 0) {
      reasons.push({
        code: 'inbox_reconnect_needed',
        text: `Google or Microsoft ended the access of ${list(disconnected.map((i) => i.email))}: connect ${disconnected.length === 1 ? 'it' : 'them'} again under Settings → Inboxes (Reconnect), and the leads waiting for ${disconnected.length === 1 ? 'it' : 'them'} carry on in their threads.`,
      });
    }
  }

  const eligible = state.dueNow.filter((g) => !g.isNew || newRoom > 0);
  const dueCount = eligible.reduce((sum, g) => sum + g.count, 0);
  if (dueCount === 0 && state.stepCount > 0) {
    const newWaiting = state.dueNow.some((g) => g.isNew && g.count > 0);
    reasons.push({
      code: 'no_leads_due',
      text: newWaiting
        ? "No lead can go now: no follow-up is due and today's new-lead limit is reached."
        : 'No lead is due now: every lead is waiting for its next step or has finished.',
    });
  }

  // Notes, in the order of the codes in decisions.md.
  if (capped.length > 0) {
    notes.push({
      code: 'inbox_capped',
      text: `${capped.length === 1 ? 'One inbox has' : `${capped.length} inboxes have`} reached today's cap: ${list(capped.map((i) => `${i.email} (${capReason(i)})`))}.`,
    });
  }
  const resting = withState('resting');
  if (resting.length > 0) {
    notes.push({ code: 'inbox_resting', text: `Waiting out the gap between sends: ${list(resting.map((i) => `${i.email} until ${at(i.nextFreeAt!)}`))}.` });
  }
  if (backingOff.length > 0) {
    notes.push({ code: 'inbox_backoff', text: `Backing off after temporary errors: ${list(backingOff.map((i) => `${i.email} until ${at(i.backoffUntil!)}`))}.` });
  }
  if (campaign.maxNewLeadsPerDay !== null && newRoom === 0) {
    notes.push({
      code: 'new_leads_limit',
      text: `Today's limit of ${plural(campaign.maxNewLeadsPerDay, 'new lead')} is reached; only follow-ups go out until midnight (${zone}).`,
    });
  }
  if (state.held.verification > 0) {
    notes.push({
      code: 'verification_hold',
      text: `${state.held.verification === 1 ? '1 lead is held while its address is' : `${state.held.verification} leads are held while their addresses are`} verified (a day at most).`,
    });
  }
  if (state.held.away > 0) {
    notes.push({ code: 'lead_away', text: `${plural(state.held.away, 'lead is', 'leads are')} away (an auto-reply said so); their mail waits until the return date.` });
  }
  if (campaign.providerMatching) {
    const unmatched = unmatchedProviders(state, eligible, now);
    if (unmatched.length > 0) {
      notes.push({
        code: 'provider_unmatched',
        text: `Waiting for an inbox on the same provider: ${list(unmatched.map(({ provider, count }) => `${plural(count, 'lead')} on ${PROVIDER_NAMES[provider]}`))}; the campaign's inboxes there have reached today's cap or are backing off.`,
      });
    }
  }

  // decisions.md §11: leads wait for their own inbox while it cannot send (one whose inbox left the
  // pool goes from another, so only the pool's inboxes count).
  const waiting = state.dueBySender.flatMap(({ inboxId, count }) => {
    const r = readiness.find((x) => x.inbox.id === inboxId);
    return r && r.state !== 'ready' && count > 0 ? [{ ...r, count }] : [];
  });
  if (waiting.length > 0) {
    const why = (r: (typeof waiting)[number]) =>
      r.state === 'capped'
        ? `reached today's cap: ${capReason(r.inbox)}`
        : r.state === 'resting'
          ? `resting until ${at(r.inbox.nextFreeAt!)}`
          : r.state === 'backoff'
            ? `backing off after errors until ${at(r.inbox.backoffUntil!)}`
            : r.state === 'paused'
              ? 'paused'
              : r.state === 'reconnect_needed'
                ? 'to be connected again'
                : 'stopped for its bounce rate';
    const total = waiting.reduce((sum, r) => sum + r.count, 0);
    notes.push({
      code: 'sender_waiting',
      text: `${total === 1 ? '1 lead waits for its own inbox' : `${total} leads wait for their own inbox`} (every email of a lead goes from the inbox of its first): ${list(waiting.map((r) => `${r.count} for ${r.inbox.email} (${why(r)})`))}.`,
    });
  }

  const dueNow = eligible.filter((g) => (campaign.leadTimezone ? openZones.has(g.zone) : openZones.size > 0)).reduce((sum, g) => sum + g.count, 0);
  return { sending: reasons.length === 0, reasons, notes, dueNow, dueToday: estimateToday(state, reasons, newRoom) };
}

function capReason(inbox: StatusInbox): string {
  return inbox.sentToday >= inbox.capToday ? `${inbox.sentToday} of ${inbox.capToday} sent` : `the ${inbox.domain} domain cap is used up`;
}

/** Providers whose due leads wait (plan.ts matching): the campaign has an active inbox on the provider
 *  but none of them can send now or later today. */
function unmatchedProviders(state: SendingState, eligible: readonly DueGroup[], now: Date): { provider: Provider; count: number }[] {
  const out: { provider: Provider; count: number }[] = [];
  for (const provider of ['provider_a', 'provider_b'] as const) {
    const count = eligible.filter((g) => g.provider === provider).reduce((sum, g) => sum + g.count, 0);
    const onProvider = state.inboxes.filter((i) => i.status === 'active' && i.provider === provider);
    if (count === 0 || onProvider.length === 0) continue;
    if (onProvider.every((i) => ['capped', 'backoff'].includes(inboxReadiness(i, i.domainLeft, now)))) out.push({ provider, count });
  }
  return out;
}

function estimateToday(state: SendingState, reasons: readonly Message<ReasonCode>[], newRoom: number): SendingStatus['dueToday'] {
  if (reasons.some((r) => LASTING.has(r.code))) return { total: 0, followUps: 0, newLeads: 0 };
  const limitLeft = Math.max(0, state.campaign.dailyLimit - state.sentToday);
  const byDomain = new Map<string, { left: number; domainLeft: number }>();
  for (const inbox of state.inboxes) {
    const d = byDomain.get(inbox.domain) ?? { left: 0, domainLeft: inbox.domainLeft };
    d.left += inboxLeftToday(inbox);
    byDomain.set(inbox.domain, d);
  }
  const inboxesLeft = [...byDomain.values()].reduce((sum, d) => sum + Math.min(d.left, d.domainLeft), 0);
  const followDue = state.dueToday.followUps;
  const newDue = Math.min(state.dueToday.newLeads, newRoom);
  const total = Math.min(limitLeft, followDue + newDue, inboxesLeft);
  const newLeads = state.campaign.prioritizeNew ? Math.min(total, newDue) : total - Math.min(total, followDue);
  return { total, followUps: total - newLeads, newLeads };
}
