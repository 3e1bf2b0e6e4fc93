// SQL of GET /reports/summary, /reports/analytics and /reports/analytics.csv (workspace-reports.service.ts):
// the workspace's sequence emails, replies, bounces and wins, counted as metrics.ts says. Every
// statement takes the workspace; one-off campaigns stay out.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import { positiveLead, repliedLead, sentEmail } from './metrics';

const n = (v: unknown): number => Number(v ?? 0);
const idOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export interface SummaryCountsRow {
  campaigns: number;
  activeCampaigns: number;
  mailboxes: number;
  bounced: number;
  /** Whether any campaign has open tracking on. */
  openTracking: boolean;
}

/** Campaigns (all and active), connected inboxes, bounces of sequence emails, and whether any campaign
 *  tracks opens: one row. */
export async function summaryCounts(em: EntityManager, workspaceId: string): Promise<SummaryCountsRow> {
  const ws = workspaceId;
  const [r] = await sql(
    em,
    `select (select count(*) from campaign c where c.workspace_id = ? and not c.one_off)::int as campaigns,
            (select count(*) from campaign c where c.workspace_id = ? and not c.one_off and c.status = 'active')::int as active_campaigns,
            (select count(*) from inbox i where i.workspace_id = ? and i.deleted_at is null)::int as mailboxes,
            (select count(*) from bounce b left join send s on s.id = b.send_id where b.workspace_id = ? and (s.id is null or s.kind = 'step'))::int as bounced,
            exists (select 1 from campaign c where c.workspace_id = ? and not c.one_off and c.open_tracking) as open_tracking`,
    [ws, ws, ws, ws, ws],
  );
  return {
    campaigns: n(r?.campaigns),
    activeCampaigns: n(r?.active_campaigns),
    mailboxes: n(r?.mailboxes),
    bounced: n(r?.bounced),
    openTracking: Boolean(r?.open_tracking),
  };
}

export interface SummarySendsRow {
  sent: number;
  opened: number;
  /** Sent by campaigns with open tracking on. */
  tracked: number;
}

/** Sequence emails sent, opened, and sent with open tracking on. */
export async function summarySends(em: EntityManager, workspaceId: string): Promise<SummarySendsRow> {
  const [r] = await sql(
    em,
    `select count(*)::int as sent, count(*) filter (where s.opened_at is not null)::int as opened,
            count(*) filter (where c.open_tracking)::int as tracked
       from send s join campaign c on c.id = s.campaign_id
      where s.workspace_id = ? and s.kind = 'step' and ${sentEmail('s')}`,
    [workspaceId],
  );
  return { sent: n(r?.sent), opened: n(r?.opened), tracked: n(r?.tracked) };
}

/** Leads of the workspace's campaigns that replied. */
export async function summaryRepliedLeads(em: EntityManager, workspaceId: string): Promise<number> {
  const [r] = await sql(em, `select count(*)::int as n from lead l join campaign c on c.id = l.campaign_id where l.workspace_id = ? and not c.one_off and ${repliedLead('l')}`, [
    workspaceId,
  ]);
  return n(r?.n);
}

/** The range of an analytics report: [start, end) as instants, days named in `zone`, and optionally one
 *  campaign (already found in the workspace). */
export interface AnalyticsRange {
  zone: string;
  start: Date;
  end: Date;
  campaignId: string | null;
}

/** SQL: the day (YYYY-MM-DD) of a timestamp column in the zone, the zone written into the text so the
 *  grouping expression is one. */
const dayIn = (zone: string) => (col: string) => `to_char(${col} at time zone '${zone.replace(/'/g, "''")}', 'YYYY-MM-DD')`;
const onlyCampaign = (range: AnalyticsRange) => (range.campaignId ? 'and c.id = ?' : '');
const campaignParam = (range: AnalyticsRange) => (range.campaignId ? [range.campaignId] : []);

export interface AnalyticsSendsRow {
  campaignId: string;
  inboxId: string;
  day: string;
  sent: number;
  started: number;
  opened: number;
  clicked: number;
}

/** Sequence emails sent in the range per campaign, inbox and day: how many, first ones, opened, clicked. */
export async function analyticsSends(em: EntityManager, workspaceId: string, range: AnalyticsRange): Promise<AnalyticsSendsRow[]> {
  const day = dayIn(range.zone);
  const rows = await sql(
    em,
    `select s.campaign_id, s.inbox_id, ${day('s.sent_at')} as day, count(*)::int as sent, count(*) filter (where s.is_first)::int as started,
            count(*) filter (where s.opened_at is not null)::int as opened, count(*) filter (where s.clicked_at is not null)::int as clicked,
            bool_or(c.open_tracking) as open_tracking, bool_or(c.click_tracking) as click_tracking
       from send s join campaign c on c.id = s.campaign_id
      where s.workspace_id = ? and s.kind = 'step' and ${sentEmail('s')} and s.sent_at >= ? and s.sent_at < ? and not c.one_off ${onlyCampaign(range)}
      group by 1, 2, 3`,
    [workspaceId, range.start, range.end, ...campaignParam(range)],
  );
  return rows.map((r) => ({
    campaignId: String(r.campaign_id),
    inboxId: String(r.inbox_id),
    day: String(r.day),
    sent: n(r.sent),
    started: n(r.started),
    opened: n(r.opened),
    clicked: n(r.clicked),
  }));
}

export interface AnalyticsRepliesRow {
  campaignId: string;
  /** The inbox of the last sequence email the lead got before replying; null when there was none. */
  inboxId: string | null;
  day: string;
  replies: number;
  positive: number;
}

/** Leads that replied in the range per campaign, credited inbox and day, and how many of them positively. */
export async function analyticsReplies(em: EntityManager, workspaceId: string, range: AnalyticsRange): Promise<AnalyticsRepliesRow[]> {
  const day = dayIn(range.zone);
  const rows = await sql(
    em,
    `select l.campaign_id, x.inbox_id, ${day('l.replied_at')} as day, count(*)::int as replies, count(*) filter (where ${positiveLead('l')})::int as positive
       from lead l join campaign c on c.id = l.campaign_id
       left join lateral (select s.inbox_id from send s where s.lead_id = l.id and s.kind = 'step' and ${sentEmail('s')} and s.sent_at <= l.replied_at
                           order by s.sent_at desc limit 1) x on true
      where l.workspace_id = ? and ${repliedLead('l')} and l.replied_at >= ? and l.replied_at < ? and not c.one_off ${onlyCampaign(range)}
      group by 1, 2, 3`,
    [workspaceId, range.start, range.end, ...campaignParam(range)],
  );
  return rows.map((r) => ({ campaignId: String(r.campaign_id), inboxId: idOrNull(r.inbox_id), day: String(r.day), replies: n(r.replies), positive: n(r.positive) }));
}

export interface AnalyticsBouncesRow {
  campaignId: string;
  inboxId: string | null;
  day: string;
  bounces: number;
}

/** Bounces of sequence emails in the range per campaign, inbox and day. */
export async function analyticsBounces(em: EntityManager, workspaceId: string, range: AnalyticsRange): Promise<AnalyticsBouncesRow[]> {
  const day = dayIn(range.zone);
  const rows = await sql(
    em,
    `select b.campaign_id, b.inbox_id, ${day('b.created_at')} as day, count(*)::int as bounces
       from bounce b join campaign c on c.id = b.campaign_id left join send s on s.id = b.send_id
      where b.workspace_id = ? and (s.id is null or s.kind = 'step') and b.created_at >= ? and b.created_at < ? and not c.one_off ${onlyCampaign(range)}
      group by 1, 2, 3`,
    [workspaceId, range.start, range.end, ...campaignParam(range)],
  );
  return rows.map((r) => ({ campaignId: String(r.campaign_id), inboxId: idOrNull(r.inbox_id), day: String(r.day), bounces: n(r.bounces) }));
}

/** Leads won in the range and the sum of their campaigns' deal values. */
export async function analyticsWon(em: EntityManager, workspaceId: string, range: AnalyticsRange): Promise<{ won: number; value: number }> {
  const [r] = await sql(
    em,
    `select count(*)::int as won, coalesce(sum(coalesce(c.deal_value, 0)), 0)::bigint as value
       from lead l join campaign c on c.id = l.campaign_id
      where l.workspace_id = ? and l.interest = 'won' and l.won_at >= ? and l.won_at < ? and not c.one_off ${onlyCampaign(range)}`,
    [workspaceId, range.start, range.end, ...campaignParam(range)],
  );
  return { won: n(r?.won), value: n(r?.value) };
}

/** The campaigns that have sent, by name: the report's campaign picker. */
export async function campaignsThatSent(em: EntityManager, workspaceId: string): Promise<{ id: string; name: string }[]> {
  const rows = await sql(em, `select id, name from campaign where workspace_id = ? and not one_off and first_sent_at is not null order by name, id`, [workspaceId]);
  return rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
}

export interface ReportLabelRow {
  kind: 'campaign' | 'inbox';
  id: string;
  label: string;
  openTracking: boolean;
  clickTracking: boolean;
}

/** Every campaign (its name and tracking) and every inbox (its address) of the workspace, deleted inboxes
 *  too: the labels of the report's rows. */
export async function reportLabels(em: EntityManager, workspaceId: string): Promise<ReportLabelRow[]> {
  const rows = await sql(
    em,
    `select 'campaign' as kind, id, name as label, open_tracking, click_tracking from campaign where workspace_id = ? union all select 'inbox', id, email, false, false from inbox where workspace_id = ?`,
    [workspaceId, workspaceId],
  );
  return rows.map((r) => ({
    kind: r.kind as ReportLabelRow['kind'],
    id: String(r.id),
    label: String(r.label),
    openTracking: Boolean(r.open_tracking),
    clickTracking: Boolean(r.click_tracking),
  }));
}
