// GET /campaigns/:id/sending-status: the engine's own state loaders (engine/load-state.ts) plus set-wise
// counts of the leads due now and today (sending-status.queries.ts), judged by schedule/sending-status.ts
// explainSending.
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import { Campaign } from '../campaigns/campaign.entity';
import { domainDays, endOfDay, explainSending, nextSendAt, type SendingStatus } from './schedule';
import { campaignBounceFigures } from './engine/bounce-protect';
import { loadCampaigns, loadInboxes } from './engine/load-state';
import { dueNowCounts, dueTodayCounts, heldCounts, nextDueAt as nextDueAtOf } from './sending-status.queries';

export interface SendingStatusView extends SendingStatus {
  sentToday: number;
  dailyLimit: number;
  newToday: number;
  newLeadsLimit: number | null;
  nextDueAt: Date | null;
}

const HOLD_MS = 86_400_000;

export async function sendingStatus(ctx: AuthedCtx, campaignId: string): Promise<SendingStatusView> {
  const entity = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const now = ctx.deps.clock.now();
  const [campaign] = await loadCampaigns(ctx.em, now, [campaignId]);
  if (!campaign) throw new Error('campaign vanished');
  const inboxList = await loadInboxes(ctx.em, now, [campaign.workspaceId]);
  const domainLeft = new Map([...domainDays(inboxList)].map(([d, day]) => [d, day.left]));
  // Its pool: its own inboxes and the tagged ones (decisions.md §11 Sender pools).
  const pool = new Set(campaign.inboxIds);
  const inboxes = inboxList.filter((i) => pool.has(i.id)).map((i) => ({ ...i, domainLeft: domainLeft.get(i.domain) ?? Number.POSITIVE_INFINITY }));

  const scope = {
    campaignId,
    firstWaitMinutes: campaign.steps[0]?.waitMinutes ?? 0,
    skipRisky: campaign.skipRisky,
    timezone: campaign.timezone,
    leadTimezone: campaign.leadTimezone,
  };
  const holdSince = new Date(now.getTime() - HOLD_MS);
  const pausedByBounces = entity.status === 'paused' && entity.pausedReason === 'bounce_protect';
  const [dueNow, dueToday, held, earliest, bounces] = await Promise.all([
    dueNowCounts(ctx.em, scope, now, holdSince),
    dueTodayCounts(ctx.em, scope, endOfDay(campaign.timezone, now)),
    heldCounts(ctx.em, scope, now, holdSince),
    nextDueAtOf(ctx.em, scope),
    pausedByBounces ? campaignBounceFigures(ctx.em, campaignId) : Promise.resolve(null),
  ]);
  const status = explainSending(
    {
      campaign: { ...campaign, status: campaign.status as Campaign['status'], pausedReason: entity.pausedReason },
      stepCount: campaign.steps.length,
      sentToday: campaign.sentToday,
      newToday: campaign.newToday,
      inboxes,
      dueNow: dueNow.groups,
      dueToday,
      held,
      bounces,
      dueBySender: dueNow.bySender,
    },
    now,
  );
  // The next moment a lead is due and the window is open (in the campaign zone).
  const nextDueAt = earliest ? nextSendAt(campaign, campaign.timezone, earliest > now ? earliest : now) : null;
  return {
    ...status,
    sentToday: campaign.sentToday,
    dailyLimit: campaign.dailyLimit,
    newToday: campaign.newToday,
    newLeadsLimit: campaign.maxNewLeadsPerDay,
    nextDueAt,
  };
}
