// GET /campaigns/:id/stats (api.md Campaign numbers; extra fields decisions.md §5): totals, per variant,
// per day with the `pending` estimate (sending/schedule/forecast.ts) and future sending days, lead
// counts, opportunities and conversions, from set-wise aggregates (campaign-stats.queries.ts); what
// counts as a reply or a positive one is in metrics.ts. One-off emails are counted apart
// (`one_off_sent`) and a reply to a one-off is not a campaign reply.
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { Campaign } from '../campaigns/campaign.entity';
import { loadCampaigns, loadInboxes, type EngineCampaign } from '../sending/engine/load-state';
import { dateOfDay, dayOfDate, forecastPending, wallClock, type Cohort } from '../sending/schedule';
import {
  campaignBounceTotal,
  campaignDayCounts,
  campaignDueCohorts,
  campaignLeadTotals,
  campaignSendTotals,
  campaignVariantReplies,
  campaignVariantSends,
} from './campaign-stats.queries';
import { percent } from './metrics';

export interface VariantStats {
  step: number;
  variant: number;
  sent: number;
  replies: number;
  positive: number;
  replyRate: number;
}

export interface DayStats {
  day: string;
  sent: number;
  replies: number;
  bounces: number;
  /** Today (when the campaign is active) and future days: emails still expected that day. */
  pending: number | null;
  future: boolean;
}

export interface CampaignStats {
  variants: VariantStats[];
  byDay: DayStats[];
  leads: { total: number; completed: number; inSequence: number; pending: number; replied: number; unsubscribed: number };
  sent: number;
  oneOffSent: number;
  opened: number;
  clicked: number;
  replied: number;
  positive: number;
  bounced: number;
  autoReplies: number;
  unsubscribed: number;
  sequenceStarted: number;
  openTracking: boolean;
  clickTracking: boolean;
  opportunities: number;
  opportunitiesValue: number;
  conversions: number;
  conversionsValue: number;
}

export async function campaignStats(ctx: AuthedCtx, campaignId: string): Promise<CampaignStats> {
  const entity = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const now = ctx.deps.clock.now();
  const [campaign] = await loadCampaigns(ctx.em, now, [campaignId]);
  if (!campaign) throw new Error('campaign vanished');
  const [emails, leads, variants, days, pending] = await Promise.all([
    emailTotals(ctx, campaignId),
    leadTotals(ctx, campaign, entity.dealValue),
    variantRows(ctx, campaign),
    pastDays(ctx, campaign, now),
    campaign.status === 'active' ? pendingDays(ctx, campaign, now) : Promise.resolve([]),
  ]);
  return {
    variants,
    byDay: mergeDays(days, pending, dateOfDay(wallClock(campaign.timezone, now.getTime()).day)),
    ...emails,
    ...leads,
    openTracking: campaign.openTracking,
    clickTracking: campaign.clickTracking,
  };
}

async function emailTotals(ctx: AuthedCtx, campaignId: string) {
  const [sends, bounced] = await Promise.all([campaignSendTotals(ctx.em, campaignId), campaignBounceTotal(ctx.em, campaignId)]);
  return { ...sends, bounced };
}

async function leadTotals(ctx: AuthedCtx, campaign: EngineCampaign, campaignDealValue: number | null) {
  const r = await campaignLeadTotals(ctx.em, campaign.id, campaign.steps.length, campaignDealValue);
  return {
    leads: {
      total: r.total,
      completed: r.completed,
      inSequence: r.inSequence,
      pending: r.pending,
      replied: r.repliedNow,
      unsubscribed: r.unsubscribedNow,
    },
    replied: r.replied,
    positive: r.positive,
    autoReplies: r.autoReplies,
    unsubscribed: r.unsubscribed,
    sequenceStarted: r.started,
    opportunities: r.positive,
    opportunitiesValue: r.opportunitiesValue,
    conversions: r.conversions,
    conversionsValue: r.conversionsValue,
  };
}

/** Every variant of every email step as the steps stand, plus any variant that sent before the steps
 *  changed; a reply counts for the last sequence email the lead got before replying. */
async function variantRows(ctx: AuthedCtx, campaign: EngineCampaign): Promise<VariantStats[]> {
  const [sent, replies] = await Promise.all([campaignVariantSends(ctx.em, campaign.id), campaignVariantReplies(ctx.em, campaign.id)]);
  const rows = new Map<string, VariantStats>();
  const row = (step: number, variant: number) => {
    const key = `${step}:${variant}`;
    if (!rows.has(key)) rows.set(key, { step, variant, sent: 0, replies: 0, positive: 0, replyRate: 0 });
    return rows.get(key)!;
  };
  for (const step of campaign.steps) if (!step.task) step.variants.forEach((_, i) => row(step.position, i + 1));
  for (const r of sent) row(r.step, r.variant).sent = r.sent;
  for (const r of replies) Object.assign(row(r.step, r.variant), { replies: r.replies, positive: r.positive });
  return [...rows.values()].map((v) => ({ ...v, replyRate: percent(v.replies, v.sent) })).sort((a, b) => a.step - b.step || a.variant - b.variant);
}

/** Sends, replies and bounces per calendar day in the campaign zone, from the first day anything
 *  happened to today, every day present. */
async function pastDays(ctx: AuthedCtx, campaign: EngineCampaign, now: Date): Promise<Map<string, DayStats>> {
  const zone = campaign.timezone;
  const rows = await campaignDayCounts(ctx.em, campaign.id, zone);
  const today = wallClock(zone, now.getTime()).day;
  const byDay = new Map(rows.map((r) => [r.day, { ...r, pending: null, future: false } as DayStats]));
  const first = Math.min(today, ...[...byDay.keys()].map(dayOfDate));
  const out = new Map<string, DayStats>();
  for (let d = first; d <= today; d++) {
    const key = dateOfDay(d);
    out.set(key, byDay.get(key) ?? { day: key, sent: 0, replies: 0, bounces: 0, pending: null, future: false });
  }
  return out;
}

/** The estimate for today and the coming sending days, from the campaign's leads grouped by the day
 *  their next step comes due and that step. */
async function pendingDays(ctx: AuthedCtx, campaign: EngineCampaign, now: Date) {
  const zone = campaign.timezone;
  const firstWait = campaign.steps[0]?.waitMinutes ?? 0;
  const [rows, inboxes] = await Promise.all([
    campaignDueCohorts(ctx.em, campaign.id, { zone, firstWaitMinutes: firstWait, skipRisky: campaign.skipRisky, now }),
    loadInboxes(ctx.em, now, [campaign.workspaceId]),
  ]);
  const today = wallClock(zone, now.getTime()).day;
  const cohorts: Cohort[] = [];
  let queuedToday = 0;
  for (const r of rows) {
    const step = r.step;
    if (r.queued) {
      // Its email is in the queue (counted in today's sends already): the lead continues from the next step.
      queuedToday += r.count;
      const next = campaign.steps[step + 1];
      if (next) cohorts.push({ day: today + Math.ceil(next.waitMinutes / 1440), step: step + 1, count: r.count });
    } else cohorts.push({ day: dayOfDate(r.day), step, count: r.count });
  }
  const days = forecastPending(
    {
      campaign,
      steps: campaign.steps.map((s) => ({ waitMinutes: s.waitMinutes, sendsEmail: !s.task })),
      inboxes: inboxes.filter((i) => campaign.inboxIds.includes(i.id)),
      cohorts,
    },
    now,
  );
  if (queuedToday) {
    const todayKey = dateOfDay(today);
    const row = days.find((d) => d.day === todayKey);
    if (row) row.pending += queuedToday;
    else days.unshift({ day: todayKey, pending: queuedToday });
  }
  return days;
}

function mergeDays(past: Map<string, DayStats>, pending: { day: string; pending: number }[], today: string): DayStats[] {
  const days = new Map(past);
  for (const p of pending) {
    const row = days.get(p.day) ?? { day: p.day, sent: 0, replies: 0, bounces: 0, pending: null, future: p.day > today };
    row.pending = p.pending;
    days.set(p.day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
