// GET /campaigns/:id/sending-status (and GET /sending-status for a page of campaigns at once): the engine's own state loaders (engine/load-state.ts) plus set-wise
// counts of the leads due now and today (sending-status.queries.ts), judged by schedule/sending-status.ts
// explainSending.
import type { AuthedCtx } from '../../runtime/context';
import { mapLimited } from '../../runtime/concurrency';
import { isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { Campaign } from '../campaigns/campaign.entity';
import { domainDays, endOfDay, explainSending, nextSendAt, type SendingStatus } from './schedule';
import { campaignBounceFigures } from './engine/bounce-protect';
import { loadCampaigns, loadInboxes, type EngineCampaign, type EngineInbox } from './engine/load-state';
import { dueNowCounts, lineCounts } from './sending-status.queries';

export interface SendingStatusView extends SendingStatus {
  campaignId: string;
  sentToday: number;
  dailyLimit: number;
  newToday: number;
  newLeadsLimit: number | null;
  nextDueAt: Date | null;
}

const HOLD_MS = 86_400_000;

/** Campaigns one status lookup may name (GET /sending-status?campaign_ids=…): a page of the campaigns list. */
export const STATUS_LOOKUP_MAX = 100;
/** Campaigns whose counts are read at once: each reads two statements in parallel (three when it paused itself). */
const STATUS_CONCURRENCY = 6;

export async function sendingStatus(ctx: AuthedCtx, campaignId: string): Promise<SendingStatusView> {
  const [status] = await sendingStatuses(ctx, [campaignId]);
  return status!;
}

/** The sending status of each campaign named, in the order given (the campaigns list asks for a page at a
 *  time): the campaigns and the workspace's inboxes are read once for all of them. Any id that is not a
 *  campaign of the workspace is 404, like the single lookup. */
export async function sendingStatuses(ctx: AuthedCtx, campaignIds: readonly string[]): Promise<SendingStatusView[]> {
  const ids = [...new Set(campaignIds)];
  if (ids.length > STATUS_LOOKUP_MAX) {
    const message = `at most ${STATUS_LOOKUP_MAX} campaigns at a time`;
    throw new AppError('validation_failed', `Ask for ${message}.`, { fields: { campaign_ids: [message] } });
  }
  if (!ids.every(isUuid)) throw notFound('Campaign');
  const entities = new Map((await ctx.em.find(Campaign, { id: { $in: ids } })).map((c) => [c.id, c]));
  if (entities.size < ids.length) throw notFound('Campaign');
  const now = ctx.deps.clock.now();
  const loaded = new Map((await loadCampaigns(ctx.em, now, ids)).map((c) => [c.id, c]));
  const inboxList = await loadInboxes(ctx.em, now, [ctx.actor.workspaceId]);
  const domainLeft = new Map([...domainDays(inboxList)].map(([d, day]) => [d, day.left]));
  const statuses = await mapLimited(ids, STATUS_CONCURRENCY, (id) => {
    const campaign = loaded.get(id);
    if (!campaign) throw new Error('campaign vanished');
    return statusOf(ctx, campaign, entities.get(id)!, inboxList, domainLeft, now);
  });
  const byId = new Map(statuses.map((s) => [s.campaignId, s]));
  return campaignIds.map((id) => byId.get(id)!);
}

async function statusOf(
  ctx: AuthedCtx,
  campaign: EngineCampaign,
  entity: Campaign,
  inboxList: readonly EngineInbox[],
  domainLeft: ReadonlyMap<string, number>,
  now: Date,
): Promise<SendingStatusView> {
  const campaignId = campaign.id;
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
  const [dueNow, { dueToday, held, nextDueAt: earliest }, bounces] = await Promise.all([
    dueNowCounts(ctx.em, scope, now, holdSince),
    lineCounts(ctx.em, scope, now, holdSince, endOfDay(campaign.timezone, now)),
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
    campaignId,
    ...status,
    sentToday: campaign.sentToday,
    dailyLimit: campaign.dailyLimit,
    newToday: campaign.newToday,
    newLeadsLimit: campaign.maxNewLeadsPerDay,
    nextDueAt,
  };
}
