// What a dispatch tick (and the sending-status endpoint) needs to know about campaigns and inboxes at
// `now`, read set-wise: the campaigns with their steps, inboxes and today's counts, and every inbox of
// their workspaces with today's counts, cap, gap and back-off. Leads are read separately (pick-due.ts),
// only those due.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../../db/sql';
import { domainOf } from '../../../email-address';
import type { SendWindow } from '../../campaigns/campaign.entity';
import type { InboxStatus } from '../../inboxes/inbox.entity';
import type { RampSettings } from '../../inboxes/ramp';
import type { Provider } from '../../leads/lead.entity';
import type { StepCondition, StepTask, Variant } from '../../steps/step.entity';
import { capToday, dayKey, startOfDate, type PlanCampaign, type PlanInbox } from '../schedule';

export interface EngineStep {
  id: string;
  position: number;
  waitMinutes: number;
  condition: StepCondition | null;
  variants: Variant[];
  task: StepTask | null;
}

export interface EngineCampaign extends PlanCampaign {
  workspaceId: string;
  name: string;
  status: string;
  timezone: string;
  days: number[];
  windowStart: string;
  windowEnd: string;
  windows: SendWindow[] | null;
  leadTimezone: boolean;
  skipRisky: boolean;
  startDate: string | null;
  endDate: string | null;
  openTracking: boolean;
  clickTracking: boolean;
  textOnly: boolean;
  unsubHeader: boolean;
  cc: string | null;
  bcc: string | null;
  abWinnerMetric: 'reply' | 'positive' | 'open' | 'click' | null;
  abOptimizeAfter: number;
  firstSentAt: Date | null;
  steps: EngineStep[];
}

export interface EngineInbox extends PlanInbox, RampSettings {
  workspaceId: string;
  email: string;
  minGapMinutes: number;
  gapJitterMinutes: number;
  deleted: boolean;
}

const num = (v: unknown): number => Number(v ?? 0);
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
/** A `date` column as YYYY-MM-DD, whether the driver hands it over as text or as a Date. */
const plainDate = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The campaigns (active ones for a tick, never the One-off campaign, which runs no sequence; or the ids
 *  given, whatever they are), with steps and inbox ids, and their sequence sends today in the campaign
 *  zone (queued and going ones included, so a limit cannot be overrun by mail still in the queue). */
export async function loadCampaigns(em: EntityManager, now: Date, ids?: readonly string[], workspaceIds?: readonly string[]): Promise<EngineCampaign[]> {
  const rows = await sql(
    em,
    `select c.*, w.timezone as workspace_zone from campaign c join workspace w on w.id = c.workspace_id
      where ${ids ? 'c.id = any(?::uuid[])' : `c.status = 'active' and not c.one_off`} ${workspaceIds ? 'and c.workspace_id = any(?::uuid[])' : ''}
      order by c.created_at, c.id`,
    [...(ids ? [pgArray(ids)] : []), ...(workspaceIds ? [pgArray(workspaceIds)] : [])],
  );
  if (!rows.length) return [];
  const campaignIds = rows.map((r) => String(r.id));
  const [steps, links] = await Promise.all([
    sql(em, `select id, campaign_id, position, wait_minutes, condition, variants, task from step where campaign_id = any(?::uuid[]) order by position`, [pgArray(campaignIds)]),
    sql(
      em,
      `select ci.campaign_id, ci.inbox_id from campaign_inbox ci join inbox i on i.id = ci.inbox_id
        where ci.campaign_id = any(?::uuid[]) and i.deleted_at is null order by ci.inbox_id`,
      [pgArray(campaignIds)],
    ),
  ]);
  const since = rows.map((r) => startOfDate(String(r.timezone), dayKey(String(r.timezone), now)).toISOString());
  const counts = await sql(
    em,
    `select c.id, count(s.id)::int as sent, count(s.id) filter (where s.is_first)::int as fresh
       from unnest(?::uuid[], ?::timestamptz[]) as c(id, since)
       left join send s on s.campaign_id = c.id and s.kind = 'step' and s.status <> 'dropped' and coalesce(s.sent_at, s.created_at) >= c.since
      group by c.id`,
    [pgArray(campaignIds), pgArray(since)],
  );
  const countBy = new Map(counts.map((c) => [String(c.id), c]));
  return rows.map((r) => {
    const id = String(r.id);
    const count = countBy.get(id);
    return {
      id,
      workspaceId: String(r.workspace_id),
      name: String(r.name),
      status: String(r.status),
      timezone: String(r.timezone),
      days: r.days as number[],
      windowStart: String(r.window_start),
      windowEnd: String(r.window_end),
      windows: (r.windows as SendWindow[] | null) ?? null,
      leadTimezone: Boolean(r.lead_timezone),
      dailyLimit: num(r.daily_limit),
      maxNewLeadsPerDay: r.max_new_leads_per_day === null ? null : num(r.max_new_leads_per_day),
      prioritizeNew: Boolean(r.prioritize_new),
      providerMatching: Boolean(r.provider_matching),
      skipRisky: Boolean(r.skip_risky),
      startDate: plainDate(r.start_date),
      endDate: plainDate(r.end_date),
      openTracking: Boolean(r.open_tracking),
      clickTracking: Boolean(r.click_tracking),
      textOnly: Boolean(r.text_only),
      unsubHeader: Boolean(r.unsub_header),
      cc: (r.cc as string | null) ?? null,
      bcc: (r.bcc as string | null) ?? null,
      abWinnerMetric: (r.ab_winner_metric as EngineCampaign['abWinnerMetric']) ?? null,
      abOptimizeAfter: num(r.ab_optimize_after),
      firstSentAt: date(r.first_sent_at),
      sentToday: num(count?.sent),
      newToday: num(count?.fresh),
      inboxIds: links.filter((l) => String(l.campaign_id) === id).map((l) => String(l.inbox_id)),
      steps: steps
        .filter((s) => String(s.campaign_id) === id)
        .map((s) => ({
          id: String(s.id),
          position: num(s.position),
          waitMinutes: num(s.wait_minutes),
          condition: (s.condition as StepCondition | null) ?? null,
          variants: (s.variants as Variant[]) ?? [],
          task: (s.task as StepTask | null) ?? null,
        })),
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
  const rows = await sql(em, `select i.*, w.timezone as workspace_zone from inbox i join workspace w on w.id = i.workspace_id where i.workspace_id = any(?::uuid[])`, [
    pgArray(workspaceIds),
  ]);
  if (!rows.length) return [];
  const days = rows.map((r) => dayKey(String(r.workspace_zone), now));
  const ids = rows.map((r) => String(r.id));
  const [stats, open] = await Promise.all([
    sql(
      em,
      `select d.id, coalesce(s.sent, 0)::int as sent from unnest(?::uuid[], ?::date[]) as d(id, day)
         left join inbox_day_stat s on s.inbox_id = d.id and s.day = d.day`,
      [pgArray(ids), pgArray(days)],
    ),
    sql(em, `select inbox_id, count(*)::int as n from send where status in ('queued', 'sending') and inbox_id = any(?::uuid[]) group by inbox_id`, [pgArray(ids)]),
  ]);
  const sentBy = new Map(stats.map((s) => [String(s.id), num(s.sent)]));
  const openBy = new Map(open.map((s) => [String(s.inbox_id), num(s.n)]));
  return rows.map((r) => {
    const id = String(r.id);
    const email = String(r.email);
    const ramp = { dailyCap: num(r.daily_cap), rampStart: num(r.ramp_start), rampIncrement: num(r.ramp_increment), rampStartedAt: plainDate(r.ramp_started_at)! };
    return {
      id,
      workspaceId: String(r.workspace_id),
      email,
      status: (r.deleted_at ? 'paused' : r.status) as InboxStatus,
      deleted: Boolean(r.deleted_at),
      capToday: capToday(ramp, String(r.workspace_zone), now),
      ...ramp,
      sentToday: (sentBy.get(id) ?? 0) + (openBy.get(id) ?? 0),
      backoffUntil: date(r.backoff_until),
      nextFreeAt: date(r.next_free_at),
      lastSentAt: date(r.last_sent_at),
      minGapMinutes: num(r.min_gap_minutes),
      gapJitterMinutes: num(r.gap_jitter_minutes),
      provider: (r.provider as Provider | null) ?? null,
      // Caps are shared by a domain's inboxes within one workspace.
      domain: `${r.workspace_id}:${domainOf(email)}`,
      domainDailyCap: r.domain_daily_cap === null ? null : num(r.domain_daily_cap),
    };
  });
}
