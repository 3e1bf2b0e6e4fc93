// Raw SQL of the verification area, one named function per statement (conventions.md "SQL in named
// places"). Every statement takes the workspace id or a campaign id the caller already found in its
// workspace (then its @allWorkspaces tag says which). A lead's domain is split_part(email, '@', 2)
// everywhere (emails are stored lower-cased).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlRun, textArray } from '../../storage/sql';
import type { Provider } from '../leads/lead.entity';
import { stopAssignments } from '../leads/lifecycle/lead-progress';
import { dropQueuedSendsStatement } from '../leads/lifecycle/lead-progress.queries';
import { inSequenceSql, stopChangesSql } from '../leads/lifecycle/lead-status';

/** SQL: the lead (the statement's only table) is still due mail (api.md Checks rules 3 and 4): still in
 *  its sequence, not stopped, completed, bounced, unsubscribed or replied. */
const STILL_DUE = inSequenceSql();

// --- domain_provider (the workspace's cache) ---------------------------------------------------------

/** The cached providers of `domains` checked after `freshSince` (an `unknown` row, a failed look-up, is
 *  never fresh: it is asked again). Primary-key look-ups. */
export async function cachedProviders(em: EntityManager, workspaceId: string, domains: readonly string[], freshSince: Date): Promise<Map<string, Provider>> {
  if (!domains.length) return new Map();
  const rows = await sql(em, `select domain, provider from domain_provider where workspace_id = ? and domain = any(?::text[]) and checked_at > ? and provider <> 'unknown'`, [
    workspaceId,
    textArray(domains),
    freshSince,
  ]);
  return new Map(rows.map((r) => [String(r.domain), r.provider as Provider]));
}

/** Stores look-up results (insert or refresh), one statement. These rows are the leads' providers
 *  (leads/lead-provider.ts). A failed look-up (`unknown`) is stored only where nothing better is known:
 *  the domain's last answer stays until DNS gives another. */
export async function storeProviders(em: EntityManager, workspaceId: string, found: ReadonlyMap<string, Provider>, at: Date): Promise<void> {
  if (!found.size) return;
  await sqlRun(
    em,
    `insert into domain_provider as d (workspace_id, domain, provider, checked_at)
       select ?, x.domain, x.provider, ? from unnest(?::text[], ?::text[]) as x(domain, provider)
     on conflict (workspace_id, domain) do update set provider = excluded.provider, checked_at = excluded.checked_at
       where excluded.provider <> 'unknown' or d.provider = 'unknown'`,
    [workspaceId, at, textArray([...found.keys()]), textArray([...found.values()])],
  );
}

// --- the jobs' checks of their data -------------------------------------------------------------------

/** Whether the campaign is the workspace's (a job carries both ids; a forged or stale one matches nothing). */
export async function isWorkspaceCampaign(em: EntityManager, workspaceId: string, campaignId: string): Promise<boolean> {
  const rows = await sql(em, `select id from campaign where id = ? and workspace_id = ?`, [campaignId, workspaceId]);
  return rows.length > 0;
}

/** The workspace's verification key (encrypted; null when none is set), when the campaign is the
 *  workspace's; undefined when it is not. */
export async function campaignVerificationKey(em: EntityManager, workspaceId: string, campaignId: string): Promise<string | null | undefined> {
  const [row] = await sql(em, `select w.verification_key_enc from campaign c join workspace w on w.id = c.workspace_id where c.id = ? and c.workspace_id = ?`, [
    campaignId,
    workspaceId,
  ]);
  if (!row) return undefined;
  return row.verification_key_enc ? String(row.verification_key_enc) : null;
}

// --- provider look-up after imports --------------------------------------------------------------------

/**
 * Distinct domains of the campaign's leads that take their provider from their domain (none pinned,
 * leads/lead-provider.ts), with how many leads each. The cache then says which need asking.
 * @allWorkspaces keyed by the campaign of the provider look-up job, checked against the job's workspace first
 */
export async function leadDomains(em: EntityManager, campaignId: string): Promise<{ domain: string; leads: number }[]> {
  const rows = await sql(em, `select split_part(email, '@', 2) as domain, count(*)::int as leads from lead where campaign_id = ? and provider is null group by 1`, [campaignId]);
  return rows.map((r) => ({ domain: String(r.domain), leads: Number(r.leads) }));
}

/** Distinct domains of the workspace's inboxes whose provider is not known yet: provider matching
 *  (sending/schedule/plan.ts) pairs leads with inboxes on the same provider. */
export async function inboxDomainsToLookUp(em: EntityManager, workspaceId: string): Promise<string[]> {
  const rows = await sql(
    em,
    `select distinct split_part(lower(email), '@', 2) as domain from inbox where workspace_id = ? and deleted_at is null and (provider is null or provider = 'unknown')`,
    [workspaceId],
  );
  return rows.map((r) => String(r.domain));
}

/** Writes providers onto the workspace's inboxes on those domains that have none (or `unknown`). */
export async function writeInboxProviders(em: EntityManager, workspaceId: string, providers: ReadonlyMap<string, Provider>): Promise<number> {
  if (!providers.size) return 0;
  return sqlRun(
    em,
    `update inbox i set provider = x.provider from unnest(?::text[], ?::text[]) as x(domain, provider)
      where i.workspace_id = ? and split_part(lower(i.email), '@', 2) = x.domain and (i.provider is null or i.provider = 'unknown') and i.provider is distinct from x.provider`,
    [textArray([...providers.keys()]), textArray([...providers.values()]), workspaceId],
  );
}

// --- POST /campaigns/:id/verify --------------------------------------------------------------------------

/**
 * Distinct domains of the campaign's leads still due mail, with their lead counts.
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function dueDomains(em: EntityManager, campaignId: string): Promise<{ domain: string; leads: number }[]> {
  const rows = await sql(em, `select split_part(email, '@', 2) as domain, count(*)::int as leads from lead where campaign_id = ? and ${STILL_DUE} group by 1`, [campaignId]);
  return rows.map((r) => ({ domain: String(r.domain), leads: Number(r.leads) }));
}

/**
 * Marks the campaign's leads still due mail on `domains` invalid: verification `invalid` and the
 * sequence stopped (`stopped`/`invalid`, decisions.md §5), as leads/lifecycle stopLead does one by one.
 * Returns the ids it changed (leads already invalid are left as they are).
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function markDomainsInvalid(em: EntityManager, campaignId: string, domains: readonly string[], at: Date): Promise<string[]> {
  if (!domains.length) return [];
  const rows = await sql(
    em,
    `update lead set verification = 'invalid', verified_at = ?, verification_result = null, status = 'stopped', stop_reason = 'invalid', next_due_at = null
      where campaign_id = ? and ${stopChangesSql('lead', 'stopped')} and split_part(email, '@', 2) = any(?::text[]) returning id`,
    [at, campaignId, textArray(domains)],
  );
  return rows.map((r) => String(r.id));
}

/**
 * Drops the queued emails of stopped leads (the lifecycle's statement).
 * @allWorkspaces keyed by lead ids just stopped by a statement keyed by the caller's campaign
 */
export async function dropQueuedSendsOf(em: EntityManager, leadIds: readonly string[], reason: string): Promise<number> {
  if (!leadIds.length) return 0;
  const drop = dropQueuedSendsStatement(leadIds, reason);
  return sqlRun(em, drop.query, drop.params);
}

// --- address verification ----------------------------------------------------------------------------------

/**
 * Unchecked leads (no result yet, `unchecked`, or `expired`: a hold that ran out) still due mail set to
 * `pending` from `at`. Returns how many.
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function markPending(em: EntityManager, campaignId: string, at: Date): Promise<number> {
  return sqlRun(
    em,
    `update lead set verification = 'pending', verification_started_at = ?, verified_at = null, verification_result = null
      where campaign_id = ? and ${STILL_DUE} and (verification is null or verification in ('unchecked', 'expired'))`,
    [at, campaignId],
  );
}

/**
 * Pending holds started at or before `holdStartedBy` (a day ago) become `expired`: the lead is sent
 * unchecked (sending/schedule/due.ts does the same when such a lead comes due).
 * @allWorkspaces keyed by the campaign of the address-check job, checked against the job's workspace first
 */
export async function expireStale(em: EntityManager, campaignId: string, holdStartedBy: Date): Promise<number> {
  return sqlRun(
    em,
    `update lead set verification = 'expired' where campaign_id = ? and verification = 'pending' and (verification_started_at is null or verification_started_at <= ?)`,
    [campaignId, holdStartedBy],
  );
}

export interface PendingLead {
  id: string;
  email: string;
  startedAt: Date;
}

/**
 * The next page of the campaign's pending leads, keyset on (verification_started_at, id), so leads
 * marked while a pass runs come after the ones before them. Served by lead_verification_pending.
 * @allWorkspaces keyed by the campaign of the address-check job, checked against the job's workspace first
 */
export async function pendingPage(em: EntityManager, campaignId: string, after: { startedAt: Date; id: string } | null, limit: number): Promise<PendingLead[]> {
  const rows = await sql(
    em,
    `select id, email, verification_started_at from lead where campaign_id = ? and verification = 'pending'
       and (?::timestamptz is null or (verification_started_at, id) > (?::timestamptz, ?::uuid))
     order by verification_started_at, id limit ?`,
    [campaignId, after?.startedAt ?? null, after?.startedAt ?? null, after?.id ?? null, limit],
  );
  return rows.map((r) => ({ id: String(r.id), email: String(r.email), startedAt: new Date(r.verification_started_at as string) }));
}

export interface CheckedLead {
  id: string;
  verification: 'valid' | 'invalid' | 'risky' | 'unknown';
  /** The verifier's own word (catchall tells a catch-all domain's risky from a disposable one). */
  result: string;
}

/**
 * Writes verifier answers to leads still pending; an `invalid` lead still due mail stops
 * (`stopped`/`invalid`). Returns the ids stopped.
 * @allWorkspaces keyed by lead ids the address-check job read from its campaign (pendingPage)
 */
export async function writeChecks(em: EntityManager, checked: readonly CheckedLead[], at: Date): Promise<string[]> {
  if (!checked.length) return [];
  const rows = await sql(
    em,
    `update lead l set verification = x.verification, verification_result = x.result, verified_at = ?,
        ${stopAssignments('l', `x.verification = 'invalid'`, `'stopped'`, `'invalid'`)}
       from unnest(?::uuid[], ?::text[], ?::text[]) as x(id, verification, result)
      where l.id = x.id and l.verification = 'pending'
      returning l.id, l.status, l.stop_reason`,
    [at, pgArray(checked.map((c) => c.id)), textArray(checked.map((c) => c.verification)), textArray(checked.map((c) => c.result))],
  );
  return rows.filter((r) => r.stop_reason === 'invalid' && r.status === 'stopped').map((r) => String(r.id));
}

/**
 * Campaigns with pending leads (the sweep's work list), served by lead_verification_pending.
 * @allWorkspaces the address-check sweep over every workspace; each row names its workspace
 */
export async function campaignsWithPending(em: EntityManager): Promise<{ workspaceId: string; campaignId: string }[]> {
  const rows = await sql(em, `select distinct workspace_id, campaign_id from lead where verification = 'pending'`);
  return rows.map((r) => ({ workspaceId: String(r.workspace_id), campaignId: String(r.campaign_id) }));
}

// --- GET /campaigns/:id/verification --------------------------------------------------------------------

export interface VerificationCounts {
  pending: number;
  valid: number;
  invalid: number;
  risky: number;
  unknown: number;
  expired: number;
  unchecked: number;
  skippedInvalid: number;
  skippedRisky: number;
  skippedCatchAll: number;
}

/**
 * The campaign's leads by verification, in one pass. A `pending` hold older than a day counts as
 * `expired` already (the sweep writes it within a minute). skipped_*: leads the result alone keeps mail
 * from, which would otherwise still be due it (status pending, active or paused, or stopped for the
 * reason `invalid`): `invalid` ones; `risky` ones while the campaign skips risky leads (skipRisky);
 * skipped_catch_all is the part of skipped_risky whose verifier said catchall.
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function verificationCounts(em: EntityManager, campaignId: string, skipRisky: boolean, holdStartedAfter: Date): Promise<VerificationCounts> {
  const skippable = `(${STILL_DUE} or (status = 'stopped' and stop_reason = 'invalid'))`;
  const fresh = `verification_started_at > ?`;
  const [row] = await sql(
    em,
    `select
       count(*) filter (where verification = 'pending' and ${fresh})::int as pending,
       count(*) filter (where verification = 'valid')::int as valid,
       count(*) filter (where verification = 'invalid')::int as invalid,
       count(*) filter (where verification = 'risky')::int as risky,
       count(*) filter (where verification = 'unknown')::int as unknown,
       count(*) filter (where verification = 'expired' or (verification = 'pending' and not coalesce(${fresh}, false)))::int as expired,
       count(*) filter (where verification is null or verification = 'unchecked')::int as unchecked,
       count(*) filter (where verification = 'invalid' and ${skippable})::int as skipped_invalid,
       count(*) filter (where ?::boolean and verification = 'risky' and ${skippable})::int as skipped_risky,
       count(*) filter (where ?::boolean and verification = 'risky' and verification_result = 'catchall' and ${skippable})::int as skipped_catch_all
     from lead where campaign_id = ?`,
    [holdStartedAfter, holdStartedAfter, skipRisky, skipRisky, campaignId],
  );
  return {
    pending: Number(row?.pending ?? 0),
    valid: Number(row?.valid ?? 0),
    invalid: Number(row?.invalid ?? 0),
    risky: Number(row?.risky ?? 0),
    unknown: Number(row?.unknown ?? 0),
    expired: Number(row?.expired ?? 0),
    unchecked: Number(row?.unchecked ?? 0),
    skippedInvalid: Number(row?.skipped_invalid ?? 0),
    skippedRisky: Number(row?.skipped_risky ?? 0),
    skippedCatchAll: Number(row?.skipped_catch_all ?? 0),
  };
}
