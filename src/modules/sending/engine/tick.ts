// One dispatch tick: sweep interrupted sends, plan what is due (one planner at a time across every
// process: a transaction-scoped advisory lock; a process that cannot take it skips planning this tick),
// queue the plan as send rows, then send everything due. Sending runs in any number of processes at
// once: rows are claimed with FOR UPDATE SKIP LOCKED.
import type { AppDeps } from '../../../runtime/context';
import { dateRangeState, domainDays, inboxReadiness, isSendingOpen, planSends } from '../schedule';
import { deliverDue, type DeliveryReport, type TickOptions } from './deliver';
import { loadCampaigns, loadInboxes, type EngineCampaign, type EngineInbox } from './load-state';
import { pickDue, type DueWork } from './pick-due';
import { queuePlannedSends } from './queue';
import { tryPlannerLock } from './planner.queries';
import { requeueUnhanded, sweepInterrupted } from './sweep';

export interface TickReport extends DeliveryReport {
  planned: number;
  queued: number;
  /** A dead process's claimed sends never handed to the wire, given back to the queue (sweep.ts). */
  requeued: number;
  swept: number;
  /** False when another process held the planning lock. */
  plannedHere: boolean;
}

/** One planner at a time: for everything, or (a scoped tick) for those workspaces. */
const plannerLock = (workspaceIds?: readonly string[]) => `sending-planner:${workspaceIds ? [...workspaceIds].sort().join(',') : '*'}`;

/** How many emails a campaign can send this tick (its daily limit left, and one per ready inbox), and
 *  which inboxes of its pool cannot send now (their leads wait for them: schedule/sender.ts). */
function slotsOf(campaign: EngineCampaign, inboxes: ReadonlyMap<string, EngineInbox>, domainLeft: ReadonlyMap<string, number>, now: Date) {
  let ready = 0;
  const waitingInboxes: string[] = [];
  for (const id of campaign.inboxIds) {
    const inbox = inboxes.get(id);
    if (inbox && inboxReadiness(inbox, domainLeft.get(inbox.domain) ?? Number.POSITIVE_INFINITY, now) === 'ready') ready++;
    else waitingInboxes.push(id);
  }
  return { slots: Math.max(0, Math.min(campaign.dailyLimit - campaign.sentToday, ready)), waitingInboxes };
}

/** Plans and queues this tick's sequence emails; returns [planned, queued] or null without the lock. */
export async function planTick(deps: AppDeps, now: Date, workspaceIds?: readonly string[]): Promise<{ planned: number; queued: number } | null> {
  const em = deps.orm.em.fork();
  return em.transactional(async (tx) => {
    if (!(await tryPlannerLock(tx, plannerLock(workspaceIds)))) return null;
    const campaigns = (await loadCampaigns(tx, now, undefined, workspaceIds)).filter((c) => c.steps.length > 0);
    if (!campaigns.length) return { planned: 0, queued: 0 };
    const inboxList = await loadInboxes(tx, now, [...new Set(campaigns.map((c) => c.workspaceId))]);
    const inboxes = new Map(inboxList.map((i) => [i.id, i]));
    const domainLeft = new Map([...domainDays(inboxList)].map(([d, day]) => [d, day.left]));
    const work: DueWork = { due: [], leads: new Map(), positions: new Map() };
    // Inside their dates, and (unless leads have zones of their own) inside the window.
    const running = campaigns.filter((c) => dateRangeState(c, c.timezone, now) === null && (c.leadTimezone || isSendingOpen(c, c.timezone, now)));
    await pickDue(tx, running, new Map(running.map((c) => [c.id, slotsOf(c, inboxes, domainLeft, now)])), now, work, deps.extensions);
    const plan = planSends({ leads: work.due, campaigns, inboxes: inboxList }, now);
    const queued = await queuePlannedSends(tx, plan.sends, work, new Map(campaigns.map((c) => [c.id, c])), inboxes, now);
    return { planned: plan.sends.length, queued: queued.length };
  });
}

/** The whole tick. `stopping` lets a shutting-down process stop claiming new rows. */
export async function runDispatchTick(deps: AppDeps, opts: TickOptions = {}): Promise<TickReport> {
  const started = process.hrtime.bigint();
  const now = deps.clock.now();
  // First: a dead claimant's rows that never left go back to the queue, and this tick sends them.
  const requeued = await requeueUnhanded(deps.orm.em.fork(), opts.workspaceIds);
  const swept = await sweepInterrupted(deps.orm.em.fork(), now, deps.extensions, opts.workspaceIds);
  deps.metrics.engine.email('interrupted', swept);
  const planned = await planTick(deps, now, opts.workspaceIds);
  const delivered = await deliverDue(deps, opts);
  deps.metrics.engine.dispatchTick(Number(process.hrtime.bigint() - started) / 1e9);
  return { ...delivered, planned: planned?.planned ?? 0, queued: planned?.queued ?? 0, requeued, swept, plannedHere: planned !== null };
}
