// GET /campaigns/:id/stats (api.md Campaign numbers; extra fields decisions.md §5): totals, per variant,
// per day with the `pending` estimate (sending/schedule/forecast.ts) and future sending days, lead
// counts, opportunities and conversions. Set-wise aggregates over the campaign's sends, leads and bounces
// (indexes send(campaign_id, sent_at), lead(campaign_id, …), bounce(campaign_id, created_at)); what
// counts as a reply or a positive one is in metrics.ts. One-off emails are counted apart
// (`one_off_sent`) and a reply to a one-off is not a campaign reply.
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import { Campaign } from '../campaigns/campaign.entity';
import { loadCampaigns, loadInboxes, type EngineCampaign } from '../sending/engine/load-state';
import { sql } from '../../db/sql';
import { runningSql } from '../leads/lifecycle/lead-status';
import { LEAD_DUE_AT, skippedVerifications } from '../sending/lead-due-sql';
import { dateOfDay, dayOfDate, forecastPending, wallClock, type Cohort } from '../sending/schedule';
import { autoRepliedLead, percent, positiveLead, repliedLead, sentEmail } from './metrics';

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

const n = (v: unknown): number => Number(v ?? 0);

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
  const [[sends], [bounces]] = await Promise.all([
    sql(
      ctx.em,
      `select count(*) filter (where s.kind = 'step' and ${sentEmail('s')})::int as sent,
              count(*) filter (where s.kind = 'one_off' and ${sentEmail('s')})::int as one_off_sent,
              count(*) filter (where s.kind = 'step' and s.opened_at is not null)::int as opened,
              count(*) filter (where s.kind = 'step' and s.clicked_at is not null)::int as clicked
         from send s where s.campaign_id = ?`,
      [campaignId],
    ),
    sql(ctx.em, `select count(*)::int as n from bounce b left join send s on s.id = b.send_id where b.campaign_id = ? and (s.id is null or s.kind = 'step')`, [campaignId]),
  ]);
  return { sent: n(sends?.sent), oneOffSent: n(sends?.one_off_sent), opened: n(sends?.opened), clicked: n(sends?.clicked), bounced: n(bounces?.n) };
}

async function leadTotals(ctx: AuthedCtx, campaign: EngineCampaign, campaignDealValue: number | null) {
  const value = `coalesce(l.deal_value, ?::int, 0)`;
  const [r] = await sql(
    ctx.em,
    `select count(*)::int as total,
            count(*) filter (where l.status = 'completed')::int as completed,
            count(*) filter (where l.status in ('active', 'paused') and l.current_step > 0 and l.current_step < ?)::int as in_sequence,
            count(*) filter (where l.status = 'pending')::int as pending,
            count(*) filter (where l.status = 'replied')::int as replied_now,
            count(*) filter (where l.status = 'unsubscribed')::int as unsubscribed_now,
            count(*) filter (where ${repliedLead('l')})::int as replied,
            count(*) filter (where ${positiveLead('l')})::int as positive,
            count(*) filter (where ${autoRepliedLead('l')})::int as auto_replies,
            count(*) filter (where l.status = 'unsubscribed' or l.stop_reason = 'unsubscribed')::int as unsubscribed,
            count(*) filter (where l.current_step > 0 or exists (
              select 1 from send s where s.lead_id = l.id and s.kind = 'step' and s.is_first and ${sentEmail('s')}))::int as started,
            coalesce(sum(${value}) filter (where ${positiveLead('l')}), 0)::bigint as opportunities_value,
            count(*) filter (where l.interest = 'won')::int as conversions,
            coalesce(sum(${value}) filter (where l.interest = 'won'), 0)::bigint as conversions_value
       from lead l where l.campaign_id = ?`,
    [campaign.steps.length, campaignDealValue, campaignDealValue, campaign.id],
  );
  return {
    leads: {
      total: n(r?.total),
      completed: n(r?.completed),
      inSequence: n(r?.in_sequence),
      pending: n(r?.pending),
      replied: n(r?.replied_now),
      unsubscribed: n(r?.unsubscribed_now),
    },
    replied: n(r?.replied),
    positive: n(r?.positive),
    autoReplies: n(r?.auto_replies),
    unsubscribed: n(r?.unsubscribed),
    sequenceStarted: n(r?.started),
    opportunities: n(r?.positive),
    opportunitiesValue: n(r?.opportunities_value),
    conversions: n(r?.conversions),
    conversionsValue: n(r?.conversions_value),
  };
}

/** Every variant of every email step as the steps stand, plus any variant that sent before the steps
 *  changed; a reply counts for the last sequence email the lead got before replying. */
async function variantRows(ctx: AuthedCtx, campaign: EngineCampaign): Promise<VariantStats[]> {
  const [sent, replies] = await Promise.all([
    sql(
      ctx.em,
      `select s.step_position as step, s.variant, count(*)::int as n from send s
        where s.campaign_id = ? and s.kind = 'step' and ${sentEmail('s')} and s.variant is not null group by 1, 2`,
      [campaign.id],
    ),
    sql(
      ctx.em,
      `select x.step, x.variant, count(*)::int as n, count(*) filter (where x.positive)::int as positive from (
         select distinct on (l.id) s.step_position as step, s.variant, ${positiveLead('l')} as positive
           from lead l join send s on s.lead_id = l.id and s.kind = 'step' and ${sentEmail('s')} and s.sent_at <= l.replied_at
          where l.campaign_id = ? and ${repliedLead('l')}
          order by l.id, s.sent_at desc) x
        where x.variant is not null group by 1, 2`,
      [campaign.id],
    ),
  ]);
  const rows = new Map<string, VariantStats>();
  const row = (step: number, variant: number) => {
    const key = `${step}:${variant}`;
    if (!rows.has(key)) rows.set(key, { step, variant, sent: 0, replies: 0, positive: 0, replyRate: 0 });
    return rows.get(key)!;
  };
  for (const step of campaign.steps) if (!step.task) step.variants.forEach((_, i) => row(step.position, i + 1));
  for (const r of sent) row(n(r.step), n(r.variant)).sent = n(r.n);
  for (const r of replies) Object.assign(row(n(r.step), n(r.variant)), { replies: n(r.n), positive: n(r.positive) });
  return [...rows.values()].map((v) => ({ ...v, replyRate: percent(v.replies, v.sent) })).sort((a, b) => a.step - b.step || a.variant - b.variant);
}

/** Sends, replies and bounces per calendar day in the campaign zone, from the first day anything
 *  happened to today, every day present. */
async function pastDays(ctx: AuthedCtx, campaign: EngineCampaign, now: Date): Promise<Map<string, DayStats>> {
  const zone = campaign.timezone;
  const day = (col: string) => `to_char(${col} at time zone ?, 'YYYY-MM-DD')`;
  const rows = await sql(
    ctx.em,
    `select d.day, sum(d.sent)::int as sent, sum(d.replies)::int as replies, sum(d.bounces)::int as bounces from (
       select ${day('s.sent_at')} as day, count(*) as sent, 0 as replies, 0 as bounces from send s
        where s.campaign_id = ? and s.kind = 'step' and ${sentEmail('s')} group by 1
       union all
       select ${day('l.replied_at')}, 0, count(*), 0 from lead l where l.campaign_id = ? and ${repliedLead('l')} group by 1
       union all
       select ${day('b.created_at')}, 0, 0, count(*) from bounce b left join send s on s.id = b.send_id
        where b.campaign_id = ? and (s.id is null or s.kind = 'step') group by 1
     ) d group by d.day`,
    [zone, campaign.id, zone, campaign.id, zone, campaign.id],
  );
  const today = wallClock(zone, now.getTime()).day;
  const byDay = new Map(
    rows.map((r) => [String(r.day), { day: String(r.day), sent: n(r.sent), replies: n(r.replies), bounces: n(r.bounces), pending: null, future: false } as DayStats]),
  );
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
  const excluded = skippedVerifications(campaign.skipRisky);
  // Due when the wait is over (now while a task is open: next_due_at is null then), away leads when
  // they are back.
  const due = `greatest(coalesce(${LEAD_DUE_AT}, ?), coalesce(l.away_until, '-infinity'::timestamptz))`;
  const [rows, inboxes] = await Promise.all([
    sql(
      ctx.em,
      `select exists (select 1 from send s where s.lead_id = l.id and s.kind = 'step' and s.status in ('queued', 'sending')) as queued,
              to_char(${due} at time zone ?, 'YYYY-MM-DD') as day, l.current_step as step, count(*)::int as n
         from lead l
        where l.campaign_id = ? and ${runningSql('l')} and (l.verification is null or l.verification not in ${excluded})
        group by 1, 2, 3`,
      [firstWait, now, zone, campaign.id],
    ),
    loadInboxes(ctx.em, now, [campaign.workspaceId]),
  ]);
  const today = wallClock(zone, now.getTime()).day;
  const cohorts: Cohort[] = [];
  let queuedToday = 0;
  for (const r of rows) {
    const step = n(r.step);
    if (r.queued) {
      // Its email is in the queue (counted in today's sends already): the lead continues from the next step.
      queuedToday += n(r.n);
      const next = campaign.steps[step + 1];
      if (next) cohorts.push({ day: today + Math.ceil(next.waitMinutes / 1440), step: step + 1, count: n(r.n) });
    } else cohorts.push({ day: dayOfDate(String(r.day)), step, count: n(r.n) });
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
