// The SQL of what the engine knows about campaigns and inboxes at `now` (load-state.ts, batch-context.ts):
// set-wise reads over id arrays, a handful of statements per tick or batch whatever the number of
// campaigns and inboxes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../../storage/sql';
import type { SendWindow } from '../../campaigns/campaign.entity';
import type { Provider } from '../../leads/lead.entity';
import type { StepCondition, StepTask, Variant } from '../../steps/step.entity';
import type { PlanCampaign } from '../schedule';

const num = (v: unknown): number => Number(v ?? 0);
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
/** A `date` column as YYYY-MM-DD, whether the driver hands it over as text or as a Date. */
const plainDate = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** A step as the engine reads it. */
export interface EngineStep {
  id: string;
  position: number;
  waitMinutes: number;
  condition: StepCondition | null;
  variants: Variant[];
  task: StepTask | null;
}

/** A campaign row as the engine reads it; its counts, inboxes and steps come from the other statements
 *  (load-state.ts EngineCampaign adds them). */
export interface CampaignRow extends Omit<PlanCampaign, 'sentToday' | 'newToday' | 'inboxIds'> {
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
  /** The parent of a subsequence, null for a top-level campaign. */
  parentCampaignId: string | null;
}

function toCampaignRow(r: Record<string, unknown>): CampaignRow {
  return {
    id: String(r.id),
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
    abWinnerMetric: (r.ab_winner_metric as CampaignRow['abWinnerMetric']) ?? null,
    abOptimizeAfter: num(r.ab_optimize_after),
    firstSentAt: date(r.first_sent_at),
    parentCampaignId: (r.parent_campaign_id as string | null) ?? null,
  };
}

/**
 * The campaigns with these ids, whatever they are; without ids, the active ones that run a sequence
 * (never the One-off campaign). `workspaceIds` narrows either to those workspaces. Oldest first.
 * @allWorkspaces the dispatch tick reads every workspace's active campaigns (workspaceIds narrows a scoped tick); other callers pass campaign ids they found in their workspace
 */
export async function campaignRows(em: EntityManager, ids?: readonly string[], workspaceIds?: readonly string[]): Promise<CampaignRow[]> {
  const rows = await sql(
    em,
    `select c.*, w.timezone as workspace_zone from campaign c join workspace w on w.id = c.workspace_id
      where ${ids ? 'c.id = any(?::uuid[])' : `c.status = 'active' and not c.one_off`} ${workspaceIds ? 'and c.workspace_id = any(?::uuid[])' : ''}
      order by c.created_at, c.id`,
    [...(ids ? [pgArray(ids)] : []), ...(workspaceIds ? [pgArray(workspaceIds)] : [])],
  );
  return rows.map(toCampaignRow);
}

export type StepRow = EngineStep & { campaignId: string };

/**
 * The steps of these campaigns, by position.
 * @allWorkspaces keyed by campaign ids campaignRows read
 */
export async function stepRows(em: EntityManager, campaignIds: readonly string[]): Promise<StepRow[]> {
  const rows = await sql(em, `select id, campaign_id, position, wait_minutes, condition, variants, task from step where campaign_id = any(?::uuid[]) order by position`, [
    pgArray(campaignIds),
  ]);
  return rows.map((s) => ({
    id: String(s.id),
    campaignId: String(s.campaign_id),
    position: num(s.position),
    waitMinutes: num(s.wait_minutes),
    condition: (s.condition as StepCondition | null) ?? null,
    variants: (s.variants as Variant[]) ?? [],
    task: (s.task as StepTask | null) ?? null,
  }));
}

/**
 * Per campaign, its sequence sends since `since` (its day's start in its zone), queued and going ones
 * included, and how many of them were first emails.
 * @allWorkspaces keyed by campaign ids campaignRows read
 */
export async function campaignSendsSince(em: EntityManager, campaigns: readonly { id: string; since: string }[]): Promise<Map<string, { sent: number; fresh: number }>> {
  const rows = await sql(
    em,
    `select c.id, count(s.id)::int as sent, count(s.id) filter (where s.is_first)::int as fresh
       from unnest(?::uuid[], ?::timestamptz[]) as c(id, since)
       left join send s on s.campaign_id = c.id and s.kind = 'step' and s.status <> 'dropped' and coalesce(s.sent_at, s.created_at) >= c.since
      group by c.id`,
    [pgArray(campaigns.map((c) => c.id)), pgArray(campaigns.map((c) => c.since))],
  );
  return new Map(rows.map((c) => [String(c.id), { sent: num(c.sent), fresh: num(c.fresh) }]));
}

/** An inbox row with its workspace's zone: what the tick and the send-time checks need. */
export interface InboxStateRow {
  id: string;
  workspaceId: string;
  workspaceZone: string;
  email: string;
  fromName: string;
  signature: string | null;
  /** As stored; a deleted inbox keeps its last status. */
  status: string;
  /** Why it paused itself (decisions.md §16), else null. */
  pausedReason: string | null;
  /** `sending` or `seed` (decisions.md §16: a seed never sends). */
  purpose: string;
  deletedAt: Date | null;
  dailyCap: number;
  rampStart: number;
  rampIncrement: number;
  /** YYYY-MM-DD. */
  rampStartedAt: string;
  domainDailyCap: number | null;
  backoffUntil: Date | null;
  nextFreeAt: Date | null;
  lastSentAt: Date | null;
  minGapMinutes: number;
  gapJitterMinutes: number;
  provider: Provider | null;
  smtp: { host: string; port: number; secure: boolean; username: string; passwordEnc: string | null; authType: string };
}

function toInboxStateRow(r: Record<string, unknown>): InboxStateRow {
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    workspaceZone: String(r.workspace_zone),
    email: String(r.email),
    fromName: String(r.from_name),
    signature: (r.signature as string | null) ?? null,
    status: String(r.status),
    pausedReason: (r.paused_reason as string | null) ?? null,
    purpose: String(r.purpose),
    deletedAt: date(r.deleted_at),
    dailyCap: num(r.daily_cap),
    rampStart: num(r.ramp_start),
    rampIncrement: num(r.ramp_increment),
    rampStartedAt: plainDate(r.ramp_started_at)!,
    domainDailyCap: r.domain_daily_cap === null ? null : num(r.domain_daily_cap),
    backoffUntil: date(r.backoff_until),
    nextFreeAt: date(r.next_free_at),
    lastSentAt: date(r.last_sent_at),
    minGapMinutes: num(r.min_gap_minutes),
    gapJitterMinutes: num(r.gap_jitter_minutes),
    provider: (r.provider as Provider | null) ?? null,
    smtp: {
      host: String(r.smtp_host),
      port: Number(r.smtp_port),
      secure: Boolean(r.smtp_secure),
      username: String(r.username),
      passwordEnc: r.password_enc === null ? null : String(r.password_enc),
      authType: String(r.auth_type),
    },
  };
}

/**
 * Every inbox of these workspaces, deleted ones too (their sends still count for their domain today).
 * @allWorkspaces the workspaces of the campaigns a dispatch tick plans (every workspace with an active campaign); other callers pass their own
 */
export async function workspacesInboxRows(em: EntityManager, workspaceIds: readonly string[]): Promise<InboxStateRow[]> {
  const rows = await sql(em, `select i.*, w.timezone as workspace_zone from inbox i join workspace w on w.id = i.workspace_id where i.workspace_id = any(?::uuid[])`, [
    pgArray(workspaceIds),
  ]);
  return rows.map(toInboxStateRow);
}

/**
 * The inboxes with these ids.
 * @allWorkspaces keyed by the inboxes of sends the delivery claimed (every workspace's)
 */
export async function inboxRowsById(em: EntityManager, inboxIds: readonly string[]): Promise<InboxStateRow[]> {
  const rows = await sql(em, `select i.*, w.timezone as workspace_zone from inbox i join workspace w on w.id = i.workspace_id where i.id = any(?::uuid[])`, [pgArray(inboxIds)]);
  return rows.map(toInboxStateRow);
}

/**
 * What each inbox sent (inbox_day_stat) on its day (YYYY-MM-DD, one per inbox): 0 without a row.
 * @allWorkspaces keyed by inbox ids workspacesInboxRows or inboxRowsById read
 */
export async function inboxSentOnDays(em: EntityManager, days: readonly { inboxId: string; day: string }[]): Promise<Map<string, number>> {
  const rows = await sql(
    em,
    `select d.id, coalesce(s.sent, 0)::int as sent from unnest(?::uuid[], ?::date[]) as d(id, day)
         left join inbox_day_stat s on s.inbox_id = d.id and s.day = d.day`,
    [pgArray(days.map((d) => d.inboxId)), pgArray(days.map((d) => d.day))],
  );
  return new Map(rows.map((s) => [String(s.id), num(s.sent)]));
}

/**
 * Per inbox, its sends in the queue or on the wire.
 * @allWorkspaces keyed by inbox ids workspacesInboxRows read
 */
export async function inboxOpenSends(em: EntityManager, inboxIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await sql(em, `select inbox_id, count(*)::int as n from send where status in ('queued', 'sending') and inbox_id = any(?::uuid[]) group by inbox_id`, [
    pgArray(inboxIds),
  ]);
  return new Map(rows.map((s) => [String(s.inbox_id), num(s.n)]));
}
