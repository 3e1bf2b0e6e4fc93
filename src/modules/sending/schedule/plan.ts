// One dispatch tick's plan: which due lead goes now from which inbox, under every limit at once.
// Pure and deterministic: the same input gives the same plan (gaps were drawn before, gap.ts).
//
// Limits: campaign dailyLimit (all its sends today) and maxNewLeadsPerDay (first emails today), each
// inbox's ramp cap (capToday) across all campaigns, domainDailyCap shared by a domain's inboxes
// (caps.ts), status, backoffUntil, and the gap (nextFreeAt): an inbox makes at most one send per tick.
//
// Order:
// - Campaigns take turns, one send per turn, so a campaign with a large backlog cannot take every
//   shared inbox. Turns go to the campaign that has used the smallest share of its daily limit, then to
//   the one whose oldest due lead has waited longest, then by id.
// - Inside a campaign: follow-ups before new leads, so started sequences finish (prioritizeNew turns this
//   round); then the longest-due lead first, then by id. When the new-leads limit is reached, new leads
//   wait and follow-ups still go.
// - One sender per lead (sender.ts): a lead that has had an email goes only from its own inbox, while
//   that inbox is in the campaign's pool; when it cannot send now (not ready, used this tick, out of
//   domain room) the lead waits (senderWaiting) and the next lead is tried. Leads without one (first
//   emails, or their inbox left the pool) take the rotation below.
// - Inboxes rotate fairly: the campaign's free inbox that sent least today, then the one that sent
//   longest ago, then by id. Spread over ticks this keeps every inbox within one send of the others.
// - providerMatching: a lead on provider_a or provider_b goes only from an inbox on the same provider
//   while the campaign has an active inbox on it; when none of those is free now (gap, cap, back-off) the
//   lead waits (provider_unmatched) and the next lead is tried. Leads on a provider none of the
//   campaign's active inboxes share, and leads on other/none/unknown providers, go from any inbox.
//   Matching is why the user turned the option on, so it is kept over volume; falling back only when
//   no matching inbox exists means no lead waits forever. A lead's own inbox wins over matching.
// Cost: O(due leads · log) for sorting plus O(campaign inboxes); leads are looked at once each.
import type { Provider } from '../../leads/lead.entity';
import { domainDays, inboxReadiness, type DomainMember, type InboxDay } from './caps';
import { nextSender } from './sender';

export interface DueLead {
  leadId: string;
  campaignId: string;
  provider: Provider | null;
  /** No email yet (currentStep 0): counts under maxNewLeadsPerDay. */
  isNew: boolean;
  /** When its step became due (wait and holds over, window open); leads due later are ignored. */
  dueAt: Date;
  /** The inbox that sends its sequence (lead.mailboxId); null before its first email. */
  mailboxId: string | null;
}

export interface PlanCampaign {
  id: string;
  dailyLimit: number;
  maxNewLeadsPerDay: number | null;
  prioritizeNew: boolean;
  providerMatching: boolean;
  /** Sequence sends today, in the campaign zone. */
  sentToday: number;
  /** First emails today, in the campaign zone. */
  newToday: number;
  /** Its pool: the inboxes it sends from now, its own and the tagged ones (campaigns/sender-pool.queries.ts). */
  inboxIds: readonly string[];
}

export interface PlanInbox extends InboxDay, DomainMember {
  id: string;
  /** Who hosts the inbox's mail (same values as a lead's provider); null when unknown. */
  provider: Provider | null;
  lastSentAt: Date | null;
}

export interface PlanInput {
  leads: readonly DueLead[];
  campaigns: readonly PlanCampaign[];
  /** Every inbox of the campaigns' domains, paused ones too (domain caps count all their sends). */
  inboxes: readonly PlanInbox[];
}

export interface PlannedSend {
  leadId: string;
  campaignId: string;
  inboxId: string;
}

export interface Plan {
  sends: PlannedSend[];
  /** Leads passed over this tick to wait for an inbox on their provider. */
  providerHeld: string[];
  /** Leads passed over this tick to wait for their own inbox (sender.ts). */
  senderWaiting: string[];
}

const MATCHABLE: ReadonlySet<Provider> = new Set<Provider>(['provider_a', 'provider_b']);

interface Queued {
  at: number;
  lead: DueLead;
}

const byDue = (a: Queued, b: Queued) => a.at - b.at || (a.lead.leadId < b.lead.leadId ? -1 : a.lead.leadId > b.lead.leadId ? 1 : 0);

/** Whether the inbox may still send this tick: it has not sent yet and its domain has room left. */
const isFree = (inbox: PlanInbox, used: ReadonlySet<string>, domainLeft: ReadonlyMap<string, number>) => !used.has(inbox.id) && domainLeft.get(inbox.domain)! > 0;

/** A campaign's inboxes in rotation order; skips, for good, inboxes used this tick or out of domain room
 *  (neither comes back within a tick). */
class InboxQueue {
  private next = 0;
  constructor(private readonly inboxes: PlanInbox[]) {}

  peek(used: ReadonlySet<string>, domainLeft: ReadonlyMap<string, number>): PlanInbox | null {
    while (this.next < this.inboxes.length) {
      const inbox = this.inboxes[this.next];
      if (isFree(inbox, used, domainLeft)) return inbox;
      this.next++;
    }
    return null;
  }
}

interface Run {
  campaign: PlanCampaign;
  queues: [Queued[], Queued[]];
  positions: [number, number];
  /** Which queue holds new leads (0 when prioritizeNew). */
  newQueue: 0 | 1;
  room: number;
  newRoom: number;
  anyInbox: InboxQueue;
  providerInbox: Map<Provider, InboxQueue>;
  /** The campaign's pool. */
  pool: ReadonlySet<string>;
  headAt: number;
}

/** What every campaign's turn reads: each inbox by id, and those ready at the start of the tick. */
interface Inboxes {
  byId: ReadonlyMap<string, PlanInbox>;
  ready: ReadonlySet<string>;
}

export function planSends(input: PlanInput, now: Date): Plan {
  const nowMs = now.getTime();
  const domainLeft = new Map<string, number>();
  for (const [domain, day] of domainDays(input.inboxes)) domainLeft.set(domain, day.left);
  const inboxById = new Map(input.inboxes.map((inbox) => [inbox.id, inbox]));
  // Readiness depends on the inbox alone (its domain's room as the tick starts): judged once per inbox.
  const ready = new Set<string>();
  for (const inbox of input.inboxes) if (inboxReadiness(inbox, domainLeft.get(inbox.domain)!, now) === 'ready') ready.add(inbox.id);
  const inboxes: Inboxes = { byId: inboxById, ready };

  const leadsByCampaign = new Map<string, { fresh: Queued[]; followUps: Queued[] }>();
  for (const c of input.campaigns) leadsByCampaign.set(c.id, { fresh: [], followUps: [] });
  for (const lead of input.leads) {
    const at = lead.dueAt.getTime();
    const bucket = leadsByCampaign.get(lead.campaignId);
    if (!bucket || at > nowMs) continue;
    (lead.isNew ? bucket.fresh : bucket.followUps).push({ at, lead });
  }

  const runs: Run[] = [];
  for (const campaign of input.campaigns) {
    const { fresh, followUps } = leadsByCampaign.get(campaign.id)!;
    const room = campaign.dailyLimit - campaign.sentToday;
    if (room <= 0 || fresh.length + followUps.length === 0) continue;
    const run = buildRun(campaign, fresh, followUps, room, inboxes);
    if (run) runs.push(run);
  }
  runs.sort(
    (a, b) =>
      a.campaign.sentToday / a.campaign.dailyLimit - b.campaign.sentToday / b.campaign.dailyLimit ||
      a.headAt - b.headAt ||
      (a.campaign.id < b.campaign.id ? -1 : a.campaign.id > b.campaign.id ? 1 : 0),
  );

  const plan: Plan = { sends: [], providerHeld: [], senderWaiting: [] };
  const used = new Set<string>();
  let turn = runs;
  while (turn.length > 0) {
    turn = turn.filter((run) => sendOne(run, plan, used, domainLeft, inboxes));
  }
  return plan;
}

function buildRun(campaign: PlanCampaign, fresh: Queued[], followUps: Queued[], room: number, inboxes: Inboxes): Run | null {
  const ready: PlanInbox[] = [];
  const matchable = new Set<Provider>();
  const pool = new Set(campaign.inboxIds);
  for (const id of pool) {
    const inbox = inboxes.byId.get(id);
    if (!inbox) continue;
    if (inbox.status === 'active' && inbox.provider && MATCHABLE.has(inbox.provider)) matchable.add(inbox.provider);
    if (inboxes.ready.has(id)) ready.push(inbox);
  }
  if (ready.length === 0) return null;
  ready.sort((a, b) => a.sentToday - b.sentToday || (a.lastSentAt?.getTime() ?? -Infinity) - (b.lastSentAt?.getTime() ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const providerInbox = new Map<Provider, InboxQueue>();
  if (campaign.providerMatching) {
    for (const provider of matchable) providerInbox.set(provider, new InboxQueue(ready.filter((inbox) => inbox.provider === provider)));
  }

  fresh.sort(byDue);
  followUps.sort(byDue);
  const headAt = Math.min(fresh[0]?.at ?? Infinity, followUps[0]?.at ?? Infinity);
  return {
    campaign,
    queues: campaign.prioritizeNew ? [fresh, followUps] : [followUps, fresh],
    positions: [0, 0],
    newQueue: campaign.prioritizeNew ? 0 : 1,
    room,
    newRoom: campaign.maxNewLeadsPerDay === null ? Infinity : campaign.maxNewLeadsPerDay - campaign.newToday,
    anyInbox: new InboxQueue(ready),
    providerInbox,
    pool,
    headAt,
  };
}

/** The run's next send, if it has one this tick; false when the campaign is done for the tick. */
function sendOne(run: Run, plan: Plan, used: Set<string>, domainLeft: Map<string, number>, inboxes: Inboxes): boolean {
  // Nothing more this tick once the limit is used or none of the campaign's inboxes is left free.
  if (run.room <= 0 || !run.anyInbox.peek(used, domainLeft)) return false;
  for (const q of [0, 1] as const) {
    if (q === run.newQueue && run.newRoom <= 0) continue;
    const queue = run.queues[q];
    while (run.positions[q] < queue.length) {
      const { lead } = queue[run.positions[q]];
      let inbox: PlanInbox | null;
      const own = nextSender(lead, run.pool) === 'own';
      if (own) {
        // Its own inbox or none: one that cannot send now (or sent this tick) keeps the lead waiting.
        const mine = inboxes.ready.has(lead.mailboxId!) ? inboxes.byId.get(lead.mailboxId!)! : null;
        inbox = mine && isFree(mine, used, domainLeft) ? mine : null;
      } else {
        const matching = lead.provider ? run.providerInbox.get(lead.provider) : undefined;
        inbox = (matching ?? run.anyInbox).peek(used, domainLeft);
      }
      if (!inbox) {
        // Only its own inbox, or a provider queue, can fail it while the campaign still has a free inbox.
        (own ? plan.senderWaiting : plan.providerHeld).push(lead.leadId);
        run.positions[q]++;
        continue;
      }
      run.positions[q]++;
      used.add(inbox.id);
      domainLeft.set(inbox.domain, domainLeft.get(inbox.domain)! - 1);
      run.room--;
      if (lead.isNew) run.newRoom--;
      plan.sends.push({ leadId: lead.leadId, campaignId: run.campaign.id, inboxId: inbox.id });
      return true;
    }
  }
  return false;
}
