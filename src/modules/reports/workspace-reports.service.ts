// GET /reports/summary, /reports/analytics and /reports/analytics.csv (api.md Reports): the workspace's
// sequence emails, replies, bounces and wins, all time or over a range of days in the workspace zone.
// Counted as metrics.ts says, for every report alike: a bounced email was sent; an email opened or
// clicked more than once counts once; rates are percent of the emails sent (open and click rates of
// those sent by campaigns with that tracking on, null when none has it). One-off emails are the user's
// own mail, not campaign outreach: they and the replies to them stay out, as in campaign stats.
//
// A reply is credited to the inbox of the last sequence email the lead got before replying (by_mailbox).
import { DateTime } from 'luxon';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { dayKey, startOfDate } from '../sending/schedule';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, type AnalyticsInput } from './analytics.inputs';
import { percent } from './metrics';
import {
  analyticsBounces,
  analyticsReplies,
  analyticsSends,
  analyticsWon,
  campaignsThatSent,
  reportLabels,
  summaryCounts,
  summaryRepliedLeads,
  summarySends,
} from './workspace-reports.queries';

export interface ReportSummary {
  campaigns: number;
  activeCampaigns: number;
  mailboxes: number;
  sent: number;
  opened: number;
  replied: number;
  bounced: number;
  openRate: number | null;
  replyRate: number;
}

export interface AnalyticsRow {
  id: string;
  label: string;
  sent: number;
  replies: number;
  bounces: number;
  positive: number;
  replyRate: number;
  bounceRate: number;
}

export interface AnalyticsDay {
  day: string;
  sent: number;
  replies: number;
  bounces: number;
  positive: number;
  opened: number;
  clicked: number;
}

export interface AnalyticsTotals {
  sent: number;
  started: number;
  replies: number;
  bounces: number;
  positive: number;
  replyRate: number;
  bounceRate: number;
  opened: number;
  clicked: number;
  openRate: number | null;
  clickRate: number | null;
  won: number;
  wonValue: number;
}

export interface Analytics {
  from: string;
  to: string;
  totals: AnalyticsTotals;
  byDay: AnalyticsDay[];
  byCampaign: AnalyticsRow[];
  byMailbox: AnalyticsRow[];
  campaigns: { id: string; name: string }[];
}

export async function reportSummary(ctx: AuthedCtx): Promise<ReportSummary> {
  const ws = ctx.actor.workspaceId;
  const [counts, emails, replied] = await Promise.all([summaryCounts(ctx.em, ws), summarySends(ctx.em, ws), summaryRepliedLeads(ctx.em, ws)]);
  return {
    campaigns: counts.campaigns,
    activeCampaigns: counts.activeCampaigns,
    mailboxes: counts.mailboxes,
    sent: emails.sent,
    opened: emails.opened,
    replied,
    bounced: counts.bounced,
    openRate: counts.openTracking ? percent(emails.opened, emails.tracked) : null,
    replyRate: percent(replied, emails.sent),
  };
}

/** The range asked for, in the workspace zone: both ends included, `to` today and `from` 29 days
 *  earlier by default. */
async function rangeOf(ctx: AuthedCtx, input: AnalyticsInput) {
  const workspace = await ctx.em.findOneOrFail(Workspace, ctx.actor.workspaceId);
  const zone = workspace.timezone;
  const to = input.to ?? dayKey(zone, ctx.deps.clock.now());
  const from =
    input.from ??
    DateTime.fromISO(to)
      .minus({ days: ANALYTICS_DEFAULT_DAYS - 1 })
      .toISODate()!;
  if (from > to) throw new AppError('invalid_range', '`from` must not be after `to`.');
  const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days + 1;
  if (days > ANALYTICS_MAX_DAYS) throw new AppError('invalid_range', `A report covers at most ${ANALYTICS_MAX_DAYS} days.`);
  const dayList = Array.from({ length: days }, (_, i) => DateTime.fromISO(from).plus({ days: i }).toISODate()!);
  const next = DateTime.fromISO(to).plus({ days: 1 }).toISODate()!;
  return { zone, from, to, dayList, start: startOfDate(zone, from), end: startOfDate(zone, next) };
}

export async function reportAnalytics(ctx: AuthedCtx, input: AnalyticsInput): Promise<Analytics> {
  if (input.campaignId) await findOr404(ctx.em, Campaign, input.campaignId, 'Campaign');
  const ws = ctx.actor.workspaceId;
  const { zone, from, to, dayList, start, end } = await rangeOf(ctx, input);
  const range = { zone, start, end, campaignId: input.campaignId ?? null };
  const [sends, replies, bounces, won, campaigns, labels] = await Promise.all([
    analyticsSends(ctx.em, ws, range),
    analyticsReplies(ctx.em, ws, range),
    analyticsBounces(ctx.em, ws, range),
    analyticsWon(ctx.em, ws, range),
    campaignsThatSent(ctx.em, ws),
    reportLabels(ctx.em, ws),
  ]);

  const label = new Map(labels.map((l) => [`${l.kind}:${l.id}`, l.label]));
  const tracking = new Map(labels.filter((l) => l.kind === 'campaign').map((l) => [l.id, { open: l.openTracking, click: l.clickTracking }]));
  const days = new Map(dayList.map((d) => [d, { day: d, sent: 0, replies: 0, bounces: 0, positive: 0, opened: 0, clicked: 0 }]));
  const byCampaign = new Map<string, AnalyticsRow>();
  const byMailbox = new Map<string, AnalyticsRow>();
  const row = (map: Map<string, AnalyticsRow>, kind: 'campaign' | 'inbox', id: string) => {
    if (!map.has(id)) map.set(id, { id, label: label.get(`${kind}:${id}`) ?? '', sent: 0, replies: 0, bounces: 0, positive: 0, replyRate: 0, bounceRate: 0 });
    return map.get(id)!;
  };
  const totals = { sent: 0, started: 0, replies: 0, bounces: 0, positive: 0, opened: 0, clicked: 0, openSent: 0, clickSent: 0 };
  for (const r of sends) {
    const t = tracking.get(r.campaignId);
    totals.sent += r.sent;
    totals.started += r.started;
    totals.opened += r.opened;
    totals.clicked += r.clicked;
    if (t?.open) totals.openSent += r.sent;
    if (t?.click) totals.clickSent += r.sent;
    const d = days.get(r.day);
    if (d) Object.assign(d, { sent: d.sent + r.sent, opened: d.opened + r.opened, clicked: d.clicked + r.clicked });
    row(byCampaign, 'campaign', r.campaignId).sent += r.sent;
    row(byMailbox, 'inbox', r.inboxId).sent += r.sent;
  }
  for (const r of replies) {
    totals.replies += r.replies;
    totals.positive += r.positive;
    const d = days.get(r.day);
    if (d) Object.assign(d, { replies: d.replies + r.replies, positive: d.positive + r.positive });
    for (const target of [row(byCampaign, 'campaign', r.campaignId), r.inboxId ? row(byMailbox, 'inbox', r.inboxId) : null]) {
      if (!target) continue;
      target.replies += r.replies;
      target.positive += r.positive;
    }
  }
  for (const r of bounces) {
    totals.bounces += r.bounces;
    const d = days.get(r.day);
    if (d) d.bounces += r.bounces;
    row(byCampaign, 'campaign', r.campaignId).bounces += r.bounces;
    if (r.inboxId) row(byMailbox, 'inbox', r.inboxId).bounces += r.bounces;
  }
  const anyOpen = [...tracking].some(([id, t]) => t.open && (!input.campaignId || id === input.campaignId));
  const anyClick = [...tracking].some(([id, t]) => t.click && (!input.campaignId || id === input.campaignId));
  const rated = (rows: Map<string, AnalyticsRow>) =>
    [...rows.values()]
      .map((r) => ({ ...r, replyRate: percent(r.replies, r.sent), bounceRate: percent(r.bounces, r.sent) }))
      .sort((a, b) => b.sent - a.sent || a.label.localeCompare(b.label));
  return {
    from,
    to,
    totals: {
      sent: totals.sent,
      started: totals.started,
      replies: totals.replies,
      bounces: totals.bounces,
      positive: totals.positive,
      replyRate: percent(totals.replies, totals.sent),
      bounceRate: percent(totals.bounces, totals.sent),
      opened: totals.opened,
      clicked: totals.clicked,
      openRate: anyOpen ? percent(totals.opened, totals.openSent) : null,
      clickRate: anyClick ? percent(totals.clicked, totals.clickSent) : null,
      won: won.won,
      wonValue: won.value,
    },
    byDay: [...days.values()],
    byCampaign: rated(byCampaign),
    byMailbox: rated(byMailbox),
    campaigns,
  };
}
