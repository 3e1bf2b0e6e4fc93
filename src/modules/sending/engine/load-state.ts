// What a dispatch tick (and the sending-status endpoint) needs to know about campaigns and inboxes at
// `now`, read set-wise: the campaigns with their steps, inboxes and today's counts, and every inbox of
// their workspaces with today's counts, cap, gap and back-off. Leads are read separately (pick-due.ts),
// only those due. The statements: state.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { domainOf } from '../../../contracts/email-address';
import type { InboxStatus } from '../../inboxes/inbox.entity';
import type { RampSettings } from '../../inboxes/ramp';
import { capToday, dayKey, startOfDate, threadOpener, type PlanCampaign, type PlanInbox } from '../schedule';
import { sendingInboxLinks } from '../../campaigns/sender-pool.queries';
import { campaignRows, campaignSendsSince, inboxOpenSends, inboxSentOnDays, stepRows, workspacesInboxRows, type CampaignRow, type EngineStep } from './state.queries';

/** A campaign as the engine plans it: its row (state.queries.ts), today's counts and pool, and steps. */
export interface EngineCampaign extends CampaignRow, PlanCampaign {
  steps: EngineStep[];
  /** Whose first email step gives the subject of an email that starts a thread with a blank one
   *  (schedule/sender.ts threadOpener): the campaign's own, or for a subsequence its parent's. */
  opener: EngineStep | null;
}

export interface EngineInbox extends PlanInbox, RampSettings {
  workspaceId: string;
  email: string;
  minGapMinutes: number;
  gapJitterMinutes: number;
  deleted: boolean;
  pausedReason: string | null;
}

/** The campaigns (active ones for a tick, never the One-off campaign, which runs no sequence; or the ids
 *  given, whatever they are), with steps and the inboxes they send from (their pool), and their sequence sends today in the campaign
 *  zone (queued and going ones included, so a limit cannot be overrun by mail still in the queue). */
export async function loadCampaigns(em: EntityManager, now: Date, ids?: readonly string[], workspaceIds?: readonly string[]): Promise<EngineCampaign[]> {
  const rows = await campaignRows(em, ids, workspaceIds);
  if (!rows.length) return [];
  const campaignIds = rows.map((r) => r.id);
  // The pool is resolved here, at every tick (decisions.md §11 Sender pools): its own inboxes and the tagged ones.
  // A subsequence's threads start under its parent's first subject: the parents' steps too.
  const parentIds = [...new Set(rows.map((r) => r.parentCampaignId).filter((id): id is string => id !== null && !campaignIds.includes(id)))];
  const [steps, links] = await Promise.all([stepRows(em, [...campaignIds, ...parentIds]), sendingInboxLinks(em, campaignIds)]);
  const counts = await campaignSendsSince(
    em,
    rows.map((r) => ({ id: r.id, since: startOfDate(r.timezone, dayKey(r.timezone, now)).toISOString() })),
  );
  // Grouped once: a tag pool gives every campaign many links, and a scan per campaign would cost
  // campaigns × links.
  const pools = new Map<string, string[]>();
  for (const l of links) {
    const pool = pools.get(l.campaignId);
    if (pool) pool.push(l.inboxId);
    else pools.set(l.campaignId, [l.inboxId]);
  }
  const stepsOf = new Map<string, EngineStep[]>();
  for (const { campaignId, ...step } of steps) {
    const list = stepsOf.get(campaignId);
    if (list) list.push(step);
    else stepsOf.set(campaignId, [step]);
  }
  return rows.map((r) => {
    const count = counts.get(r.id);
    return {
      ...r,
      sentToday: count?.sent ?? 0,
      newToday: count?.fresh ?? 0,
      inboxIds: pools.get(r.id) ?? [],
      steps: stepsOf.get(r.id) ?? [],
      opener: threadOpener(stepsOf.get(r.parentCampaignId ?? r.id) ?? []),
    };
  });
}

/**
 * Every inbox of the given workspaces, deleted ones too (their sends still count for their domain
 * today), with today's count in the workspace zone: what was sent (accepted or bounced) plus what is in
 * the queue or on the wire, so two ticks can never plan past a cap.
 */
export async function loadInboxes(em: EntityManager, now: Date, workspaceIds: readonly string[]): Promise<EngineInbox[]> {
  if (!workspaceIds.length) return [];
  const rows = await workspacesInboxRows(em, workspaceIds);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [sentBy, openBy] = await Promise.all([
    inboxSentOnDays(
      em,
      rows.map((r) => ({ inboxId: r.id, day: dayKey(r.workspaceZone, now) })),
    ),
    inboxOpenSends(em, ids),
  ]);
  return rows.map((r) => {
    const ramp = { dailyCap: r.dailyCap, rampStart: r.rampStart, rampIncrement: r.rampIncrement, rampStartedAt: r.rampStartedAt };
    return {
      id: r.id,
      workspaceId: r.workspaceId,
      email: r.email,
      status: (r.deletedAt ? 'paused' : r.status) as InboxStatus,
      deleted: Boolean(r.deletedAt),
      pausedReason: r.pausedReason,
      capToday: capToday(ramp, r.workspaceZone, now),
      ...ramp,
      sentToday: (sentBy.get(r.id) ?? 0) + (openBy.get(r.id) ?? 0),
      backoffUntil: r.backoffUntil,
      nextFreeAt: r.nextFreeAt,
      lastSentAt: r.lastSentAt,
      minGapMinutes: r.minGapMinutes,
      gapJitterMinutes: r.gapJitterMinutes,
      provider: r.provider,
      // Caps are shared by a domain's inboxes within one workspace.
      domain: `${r.workspaceId}:${domainOf(r.email)}`,
      domainDailyCap: r.domainDailyCap,
    };
  });
}
