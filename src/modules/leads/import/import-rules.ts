// The import rules (api.md "Adding leads", decisions.md §5), identical for every way of adding leads and
// applied set-wise in SQL to the staged rows (staging.ts). Each row given is counted exactly once, by
// the first rule in this order that keeps it out:
//
//   1. invalid              not an email address (marked while staging)
//   2. duplicate            an earlier row has the same address (case-insensitive; the first one
//                           wins), or the address is already a lead of this campaign
//   3. blocklisted          the address, or its domain, is on the workspace's blocklist
//   4. in_another_campaign  the address is a lead in any other campaign of the workspace; the One-off
//                           campaign does not count (it only holds addresses for one-off emails, it
//                           runs no sequence), so a one-off contact can still be added to a campaign
//   5. contacted_recently   the workspace emailed the address within its recent_contact_days
//                           (Lead.lastSentAt, which the sending engine sets on every email, sequence
//                           or one-off). Every emailed address is a lead somewhere, so after rule 4
//                           this catches the addresses emailed from the One-off campaign
//   6. inserted             a new lead: status pending, step 0
//
// Concurrent imports into one workspace take turns (a transaction-scoped advisory lock) so rules 2–5
// see each other's leads; the unique (campaign_id, email) index and ON CONFLICT DO NOTHING still guard
// against any other writer, and a row that loses that race counts as a duplicate.
import type { Db } from './staging';
import { STAGING_TABLE as S } from './staging';

export type Outcome = 'invalid' | 'duplicate' | 'blocklisted' | 'in_another_campaign' | 'contacted_recently';

export interface ImportCounts {
  inserted: number;
  duplicates: number;
  blocklisted: number;
  invalid: number;
  inAnotherCampaign: number;
  contactedRecently: number;
}

export interface ImportScope {
  workspaceId: string;
  campaignId: string;
  /** The lead list the rows come from (set as the leads' sourceList), or null. */
  sourceListId: string | null;
  /** Addresses emailed at or after this moment were contacted recently; null turns the rule off. */
  recentSince: Date | null;
  /** created_at of the new leads. */
  now: Date;
}

interface Rule {
  outcome: Outcome;
  /** An UPDATE of the staged rows still without an outcome, and its parameters. */
  sql: string;
  params(scope: ImportScope): unknown[];
}

const stillIn = `${S}.outcome is null`;

/** Rules 2–5 in order (rule 1 is applied while staging). Each marks the rows it keeps out. */
export const RULES: readonly Rule[] = [
  {
    outcome: 'duplicate',
    sql: `update ${S} set outcome = 'duplicate' from (select n, row_number() over (partition by email order by n) as k from ${S} where outcome is null) d
          where ${S}.n = d.n and d.k > 1`,
    params: () => [],
  },
  {
    outcome: 'duplicate',
    sql: `update ${S} set outcome = 'duplicate' where ${stillIn}
          and exists (select 1 from lead l where l.campaign_id = $1 and l.email = ${S}.email)`,
    params: (scope) => [scope.campaignId],
  },
  // Address and domain are two statements so each is a plain equality (anti-)join on the unique
  // (workspace_id, email) index rather than an OR the planner cannot hash.
  {
    outcome: 'blocklisted',
    sql: `update ${S} set outcome = 'blocklisted' where ${stillIn}
          and exists (select 1 from blocklist_entry b where b.workspace_id = $1 and b.email = ${S}.email)`,
    params: (scope) => [scope.workspaceId],
  },
  {
    outcome: 'blocklisted',
    sql: `update ${S} set outcome = 'blocklisted' where ${stillIn}
          and exists (select 1 from blocklist_entry b where b.workspace_id = $1 and b.email = ${S}.domain)`,
    params: (scope) => [scope.workspaceId],
  },
  {
    outcome: 'in_another_campaign',
    sql: `update ${S} set outcome = 'in_another_campaign' where ${stillIn}
          and exists (select 1 from lead l join campaign c on c.id = l.campaign_id
                      where l.workspace_id = $1 and l.email = ${S}.email and l.campaign_id <> $2 and not c.one_off)`,
    params: (scope) => [scope.workspaceId, scope.campaignId],
  },
  {
    outcome: 'contacted_recently',
    sql: `update ${S} set outcome = 'contacted_recently' where ${stillIn} and $2::timestamptz is not null
          and exists (select 1 from lead l where l.workspace_id = $1 and l.email = ${S}.email and l.last_sent_at >= $2::timestamptz)`,
    params: (scope) => [scope.workspaceId, scope.recentSince],
  },
];

/** Serializes imports within a workspace until the transaction ends. */
export async function lockWorkspaceImports(db: Db, workspaceId: string): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(hashtextextended('lead-import:' || $1::text, 0))`, [workspaceId]);
}

/** Runs one rule on the staged rows; returns how many rows it kept out. */
export async function applyRule(db: Db, rule: Rule, scope: ImportScope): Promise<number> {
  const res = await db.query(rule.sql, rule.params(scope));
  return res.rowCount ?? 0;
}

// No ORDER BY: the ids already carry the row order (staging.ts), and sorting wide rows costs a spill.
const NEW_LEAD_SQL = `
  insert into lead (id, created_at, workspace_id, campaign_id, email, vars, timezone, status, current_step, source_list_id)
  select id, $3, $1, $2, email, vars, timezone, 'pending', 0, $4 from ${S} where outcome is null
  on conflict (campaign_id, email) do nothing`;

/** Applies every rule, inserts the rows left as new leads, and counts each staged row once. */
export async function applyRulesAndInsert(db: Db, scope: ImportScope): Promise<ImportCounts> {
  // Temporary tables are never analyzed automatically; the planner needs the row count to pick hash
  // joins over the staged rows.
  await db.query(`analyze ${S}`);
  for (const rule of RULES) await applyRule(db, rule, scope);
  const counts = await db.query<{ outcome: Outcome | null; n: number }>(`select outcome, count(*)::int as n from ${S} group by outcome`);
  const by = new Map(counts.rows.map((r) => [r.outcome, r.n]));
  const candidates = by.get(null) ?? 0;
  const inserted = candidates ? ((await db.query(NEW_LEAD_SQL, [scope.workspaceId, scope.campaignId, scope.now, scope.sourceListId])).rowCount ?? 0) : 0;
  return {
    inserted,
    duplicates: (by.get('duplicate') ?? 0) + (candidates - inserted),
    blocklisted: by.get('blocklisted') ?? 0,
    invalid: by.get('invalid') ?? 0,
    inAnotherCampaign: by.get('in_another_campaign') ?? 0,
    contactedRecently: by.get('contacted_recently') ?? 0,
  };
}
