// GET /reports/summary, /reports/analytics and /reports/analytics.csv (api.md Reports): the workspace's
// sequence emails, replies, bounces and wins, all time or over a range of days in the workspace zone.
// Counted as metrics.ts says, for every report alike: a bounced email was sent; an email opened or
// clicked more than once counts once; rates are percent of the emails sent (open and click rates of
// those sent by campaigns with that tracking on, null when none has it). One-off emails are the user's
// own mail, not campaign outreach: they and the replies to them stay out, as in campaign stats.
//
// A reply is credited to the inbox of the last sequence email the lead got before replying (by_mailbox).
import { DateTime } from 'luxon';
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import { AppError } from '../../errors';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { sql } from '../../db/sql';
import { dayKey, startOfDate } from '../sending/schedule';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS, type AnalyticsInput } from './analytics.inputs';
import { percent, positiveLead, repliedLead, sentEmail } from './metrics';

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

const n = (v: unknown): number => Number(v ?? 0);

export async function reportSummary(ctx: AuthedCtx): Promise<ReportSummary> {
  const ws = ctx.actor.workspaceId;
  const [[counts], [emails], [replies]] = await Promise.all([
    sql(
      ctx.em,
      `select (select count(*) from campaign c where c.workspace_id = ? and not c.one_off)::int as campaigns,
              (select count(*) from campaign c where c.workspace_id = ? and not c.one_off and c.status = 'active')::int as active_campaigns,
              (select count(*) from inbox i where i.workspace_id = ? and i.deleted_at is null)::int as mailboxes,
              (select count(*) from bounce b left join send s on s.id = b.send_id where b.workspace_id = ? and (s.id is null or s.kind = 'step'))::int as bounced,
              exists (select 1 from campaign c where c.workspace_id = ? and not c.one_off and c.open_tracking) as open_tracking`,
      [ws, ws, ws, ws, ws],
    ),
    sql(
      ctx.em,
      `select count(*)::int as sent, count(*) filter (where s.opened_at is not null)::int as opened,
              count(*) filter (where c.open_tracking)::int as tracked
         from send s join campaign c on c.id = s.campaign_id
        where s.workspace_id = ? and s.kind = 'step' and ${sentEmail('s')}`,
      [ws],
    ),
    sql(ctx.em, `select count(*)::int as n from lead l join campaign c on c.id = l.campaign_id where l.workspace_id = ? and not c.one_off and ${repliedLead('l')}`, [ws]),
  ]);
  const sent = n(emails?.sent);
  return {
    campaigns: n(counts?.campaigns),
    activeCampaigns: n(counts?.active_campaigns),
    mailboxes: n(counts?.mailboxes),
    sent,
    opened: n(emails?.opened),
    replied: n(replies?.n),
    bounced: n(counts?.bounced),
    openRate: counts?.open_tracking ? percent(n(emails?.opened), n(emails?.tracked)) : null,
    replyRate: percent(n(replies?.n), sent),
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
  const only = input.campaignId ? 'and c.id = ?' : '';
  const campaignParam = input.campaignId ? [input.campaignId] : [];
  const day = (col: string) => `to_char(${col} at time zone '${zone.replace(/'/g, "''")}', 'YYYY-MM-DD')`;
  const [sends, replies, bounces, [won], campaigns, labels] = await Promise.all([
    sql(
      ctx.em,
      `select s.campaign_id, s.inbox_id, ${day('s.sent_at')} as day, count(*)::int as sent, count(*) filter (where s.is_first)::int as started,
              count(*) filter (where s.opened_at is not null)::int as opened, count(*) filter (where s.clicked_at is not null)::int as clicked,
              bool_or(c.open_tracking) as open_tracking, bool_or(c.click_tracking) as click_tracking
         from send s join campaign c on c.id = s.campaign_id
        where s.workspace_id = ? and s.kind = 'step' and ${sentEmail('s')} and s.sent_at >= ? and s.sent_at < ? and not c.one_off ${only}
        group by 1, 2, 3`,
      [ws, start, end, ...campaignParam],
    ),
    sql(
      ctx.em,
      `select l.campaign_id, x.inbox_id, ${day('l.replied_at')} as day, count(*)::int as replies, count(*) filter (where ${positiveLead('l')})::int as positive
         from lead l join campaign c on c.id = l.campaign_id
         left join lateral (select s.inbox_id from send s where s.lead_id = l.id and s.kind = 'step' and ${sentEmail('s')} and s.sent_at <= l.replied_at
                             order by s.sent_at desc limit 1) x on true
        where l.workspace_id = ? and ${repliedLead('l')} and l.replied_at >= ? and l.replied_at < ? and not c.one_off ${only}
        group by 1, 2, 3`,
      [ws, start, end, ...campaignParam],
    ),
    sql(
      ctx.em,
      `select b.campaign_id, b.inbox_id, ${day('b.created_at')} as day, count(*)::int as bounces
         from bounce b join campaign c on c.id = b.campaign_id left join send s on s.id = b.send_id
        where b.workspace_id = ? and (s.id is null or s.kind = 'step') and b.created_at >= ? and b.created_at < ? and not c.one_off ${only}
        group by 1, 2, 3`,
      [ws, start, end, ...campaignParam],
    ),
    sql(
      ctx.em,
      `select count(*)::int as won, coalesce(sum(coalesce(c.deal_value, 0)), 0)::bigint as value
         from lead l join campaign c on c.id = l.campaign_id
        where l.workspace_id = ? and l.interest = 'won' and l.won_at >= ? and l.won_at < ? and not c.one_off ${only}`,
      [ws, start, end, ...campaignParam],
    ),
    sql(ctx.em, `select id, name from campaign where workspace_id = ? and not one_off and first_sent_at is not null order by name, id`, [ws]),
    sql(
      ctx.em,
      `select 'campaign' as kind, id, name as label, open_tracking, click_tracking from campaign where workspace_id = ? union all select 'inbox', id, email, false, false from inbox where workspace_id = ?`,
      [ws, ws],
    ),
  ]);

  const label = new Map(labels.map((l) => [`${l.kind}:${l.id}`, String(l.label)]));
  const tracking = new Map(labels.filter((l) => l.kind === 'campaign').map((l) => [String(l.id), { open: Boolean(l.open_tracking), click: Boolean(l.click_tracking) }]));
  const days = new Map(dayList.map((d) => [d, { day: d, sent: 0, replies: 0, bounces: 0, positive: 0, opened: 0, clicked: 0 }]));
  const byCampaign = new Map<string, AnalyticsRow>();
  const byMailbox = new Map<string, AnalyticsRow>();
  const row = (map: Map<string, AnalyticsRow>, kind: 'campaign' | 'inbox', id: string) => {
    if (!map.has(id)) map.set(id, { id, label: label.get(`${kind}:${id}`) ?? '', sent: 0, replies: 0, bounces: 0, positive: 0, replyRate: 0, bounceRate: 0 });
    return map.get(id)!;
  };
  const totals = { sent: 0, started: 0, replies: 0, bounces: 0, positive: 0, opened: 0, clicked: 0, openSent: 0, clickSent: 0 };
  for (const r of sends) {
    const t = tracking.get(String(r.campaign_id));
    totals.sent += n(r.sent);
    totals.started += n(r.started);
    totals.opened += n(r.opened);
    totals.clicked += n(r.clicked);
    if (t?.open) totals.openSent += n(r.sent);
    if (t?.click) totals.clickSent += n(r.sent);
    const d = days.get(String(r.day));
    if (d) Object.assign(d, { sent: d.sent + n(r.sent), opened: d.opened + n(r.opened), clicked: d.clicked + n(r.clicked) });
    row(byCampaign, 'campaign', String(r.campaign_id)).sent += n(r.sent);
    row(byMailbox, 'inbox', String(r.inbox_id)).sent += n(r.sent);
  }
  for (const r of replies) {
    totals.replies += n(r.replies);
    totals.positive += n(r.positive);
    const d = days.get(String(r.day));
    if (d) Object.assign(d, { replies: d.replies + n(r.replies), positive: d.positive + n(r.positive) });
    for (const target of [row(byCampaign, 'campaign', String(r.campaign_id)), r.inbox_id ? row(byMailbox, 'inbox', String(r.inbox_id)) : null]) {
      if (!target) continue;
      target.replies += n(r.replies);
      target.positive += n(r.positive);
    }
  }
  for (const r of bounces) {
    totals.bounces += n(r.bounces);
    const d = days.get(String(r.day));
    if (d) d.bounces += n(r.bounces);
    row(byCampaign, 'campaign', String(r.campaign_id)).bounces += n(r.bounces);
    if (r.inbox_id) row(byMailbox, 'inbox', String(r.inbox_id)).bounces += n(r.bounces);
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
      won: n(won?.won),
      wonValue: n(won?.value),
    },
    byDay: [...days.values()],
    byCampaign: rated(byCampaign),
    byMailbox: rated(byMailbox),
    campaigns: campaigns.map((c) => ({ id: String(c.id), name: String(c.name) })),
  };
}
