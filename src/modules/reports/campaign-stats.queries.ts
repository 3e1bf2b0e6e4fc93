// SQL of GET /campaigns/:id/stats (campaign-stats.service.ts): set-wise aggregates over the campaign's
// sends, leads and bounces (indexes send(campaign_id, sent_at), lead(campaign_id, …),
// bounce(campaign_id, created_at)); what counts as a reply or a positive one is in metrics.ts. Every
// statement is keyed by a campaign the service found first through the workspace-filtered em
// (findOr404), so the campaign id carries the workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import { LEAD_DUE_AT, skippedVerifications } from '../sending/lead-due-sql';
import { autoRepliedLead, positiveLead, repliedLead, sentEmail } from './metrics';
import { runningSql } from '../leads/lifecycle/lead-status';

const n = (v: unknown): number => Number(v ?? 0);

export interface SendTotalsRow {
  sent: number;
  oneOffSent: number;
  opened: number;
  clicked: number;
}

/**
 * The campaign's sequence emails sent, opened and clicked, and its one-off emails sent.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignSendTotals(em: EntityManager, campaignId: string): Promise<SendTotalsRow> {
  const [r] = await sql(
    em,
    `select count(*) filter (where s.kind = 'step' and ${sentEmail('s')})::int as sent,
            count(*) filter (where s.kind = 'one_off' and ${sentEmail('s')})::int as one_off_sent,
            count(*) filter (where s.kind = 'step' and s.opened_at is not null)::int as opened,
            count(*) filter (where s.kind = 'step' and s.clicked_at is not null)::int as clicked
       from send s where s.campaign_id = ?`,
    [campaignId],
  );
  return { sent: n(r?.sent), oneOffSent: n(r?.one_off_sent), opened: n(r?.opened), clicked: n(r?.clicked) };
}

/**
 * The campaign's bounces, one-off emails' left out.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignBounceTotal(em: EntityManager, campaignId: string): Promise<number> {
  const [r] = await sql(em, `select count(*)::int as n from bounce b left join send s on s.id = b.send_id where b.campaign_id = ? and (s.id is null or s.kind = 'step')`, [
    campaignId,
  ]);
  return n(r?.n);
}

export interface LeadTotalsRow {
  total: number;
  completed: number;
  inSequence: number;
  pending: number;
  /** Leads whose status is `replied` now. */
  repliedNow: number;
  /** Leads whose status is `unsubscribed` now. */
  unsubscribedNow: number;
  /** Leads that replied (metrics.ts), whatever their status now. */
  replied: number;
  positive: number;
  autoReplies: number;
  /** Leads that unsubscribed, whether or not it stopped them. */
  unsubscribed: number;
  started: number;
  opportunitiesValue: number;
  conversions: number;
  conversionsValue: number;
}

/**
 * The campaign's leads counted every way the stats show, in one pass. A lead's value is its deal value,
 * else the campaign's; `stepCount` ends "in sequence".
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignLeadTotals(em: EntityManager, campaignId: string, stepCount: number, campaignDealValue: number | null): Promise<LeadTotalsRow> {
  const value = `coalesce(l.deal_value, ?::int, 0)`;
  const [r] = await sql(
    em,
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
    [stepCount, campaignDealValue, campaignDealValue, campaignId],
  );
  return {
    total: n(r?.total),
    completed: n(r?.completed),
    inSequence: n(r?.in_sequence),
    pending: n(r?.pending),
    repliedNow: n(r?.replied_now),
    unsubscribedNow: n(r?.unsubscribed_now),
    replied: n(r?.replied),
    positive: n(r?.positive),
    autoReplies: n(r?.auto_replies),
    unsubscribed: n(r?.unsubscribed),
    started: n(r?.started),
    opportunitiesValue: n(r?.opportunities_value),
    conversions: n(r?.conversions),
    conversionsValue: n(r?.conversions_value),
  };
}

export interface VariantSentRow {
  step: number;
  variant: number;
  sent: number;
}

/**
 * Sequence emails sent per step and variant.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignVariantSends(em: EntityManager, campaignId: string): Promise<VariantSentRow[]> {
  const rows = await sql(
    em,
    `select s.step_position as step, s.variant, count(*)::int as n from send s
      where s.campaign_id = ? and s.kind = 'step' and ${sentEmail('s')} and s.variant is not null group by 1, 2`,
    [campaignId],
  );
  return rows.map((r) => ({ step: n(r.step), variant: n(r.variant), sent: n(r.n) }));
}

export interface VariantRepliesRow {
  step: number;
  variant: number;
  replies: number;
  positive: number;
}

/**
 * Replies (and positive ones) per step and variant: a reply counts for the last sequence email the lead
 * got before replying.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignVariantReplies(em: EntityManager, campaignId: string): Promise<VariantRepliesRow[]> {
  const rows = await sql(
    em,
    `select x.step, x.variant, count(*)::int as n, count(*) filter (where x.positive)::int as positive from (
       select distinct on (l.id) s.step_position as step, s.variant, ${positiveLead('l')} as positive
         from lead l join send s on s.lead_id = l.id and s.kind = 'step' and ${sentEmail('s')} and s.sent_at <= l.replied_at
        where l.campaign_id = ? and ${repliedLead('l')}
        order by l.id, s.sent_at desc) x
      where x.variant is not null group by 1, 2`,
    [campaignId],
  );
  return rows.map((r) => ({ step: n(r.step), variant: n(r.variant), replies: n(r.n), positive: n(r.positive) }));
}

export interface DayCountRow {
  /** YYYY-MM-DD in the campaign zone. */
  day: string;
  sent: number;
  replies: number;
  bounces: number;
}

/**
 * Sequence emails sent, leads that replied and bounces per calendar day in `zone`, days with any.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignDayCounts(em: EntityManager, campaignId: string, zone: string): Promise<DayCountRow[]> {
  const day = (col: string) => `to_char(${col} at time zone ?, 'YYYY-MM-DD')`;
  const rows = await sql(
    em,
    `select d.day, sum(d.sent)::int as sent, sum(d.replies)::int as replies, sum(d.bounces)::int as bounces from (
       select ${day('s.sent_at')} as day, count(*) as sent, 0 as replies, 0 as bounces from send s
        where s.campaign_id = ? and s.kind = 'step' and ${sentEmail('s')} group by 1
       union all
       select ${day('l.replied_at')}, 0, count(*), 0 from lead l where l.campaign_id = ? and ${repliedLead('l')} group by 1
       union all
       select ${day('b.created_at')}, 0, 0, count(*) from bounce b left join send s on s.id = b.send_id
        where b.campaign_id = ? and (s.id is null or s.kind = 'step') group by 1
     ) d group by d.day`,
    [zone, campaignId, zone, campaignId, zone, campaignId],
  );
  return rows.map((r) => ({ day: String(r.day), sent: n(r.sent), replies: n(r.replies), bounces: n(r.bounces) }));
}

export interface DueCohortRow {
  /** The lead's email is in the queue (queued or going) now. */
  queued: boolean;
  /** The day (YYYY-MM-DD in `zone`) its next step comes due. */
  day: string;
  /** The lead's current step. */
  step: number;
  count: number;
}

/**
 * The campaign's leads still due mail (and not skipped for their verification) grouped by the day their
 * next step comes due and that step: due when the wait is over (now while a task is open: next_due_at is
 * null then), away leads when they are back.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignDueCohorts(
  em: EntityManager,
  campaignId: string,
  opts: { zone: string; firstWaitMinutes: number; skipRisky: boolean; now: Date },
): Promise<DueCohortRow[]> {
  const due = `greatest(coalesce(${LEAD_DUE_AT}, ?), coalesce(l.away_until, '-infinity'::timestamptz))`;
  const rows = await sql(
    em,
    `select exists (select 1 from send s where s.lead_id = l.id and s.kind = 'step' and s.status in ('queued', 'sending')) as queued,
            to_char(${due} at time zone ?, 'YYYY-MM-DD') as day, l.current_step as step, count(*)::int as n
       from lead l
      where l.campaign_id = ? and ${runningSql('l')} and (l.verification is null or l.verification not in ${skippedVerifications(opts.skipRisky)})
      group by 1, 2, 3`,
    [opts.firstWaitMinutes, opts.now, opts.zone, campaignId],
  );
  return rows.map((r) => ({ queued: Boolean(r.queued), day: String(r.day), step: n(r.step), count: n(r.n) }));
}
