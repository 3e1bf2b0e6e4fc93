// The SQL of the import rules (import-rules.ts: the rules, their order and what an import costs), run on
// the import's own connection inside its transaction (storage/import-transaction.ts), over the staged rows
// (import.queries.ts STAGING_TABLE).
import type { Db } from '../../../storage/import-transaction';
import { blockedSql } from '../../blocklist/blocklist-match';
import { sql, sqlRun, sqlStatementResults, type Statement, type StatementResult } from '../../../storage/sql';
import { KEYSET_TABLE, SEEN_TABLE, STAGING_TABLE as S } from './import.queries';

export type Outcome = 'invalid' | 'duplicate' | 'blocklisted' | 'in_another_campaign' | 'contacted_recently';

export interface ImportScope {
  workspaceId: string;
  campaignId: string;
  /** The lead list the rows come from (set as the leads' sourceList), or null. */
  sourceListId: string | null;
  /** Addresses emailed at or after this moment were contacted recently; null turns the rule off. */
  recentSince: Date | null;
  /** created_at of the new leads. */
  now: Date;
  /** An async import (background/): the addresses kept out by rules 3–5 are also kept in its rows
   *  (background_job_seen), so a run resumed after a crash still counts their repeats as duplicates. */
  jobId?: string;
}

interface Rule {
  outcome: Outcome;
  /** Whether a staged row (columns of ${S}) is kept out by the rule, with `?` parameters. */
  test: string;
  params(scope: ImportScope): unknown[];
}

/** A campaign and its subsequences are one family (decisions.md §11), named by the top-level campaign's
 *  id: its own, or its parent's. */
const familyOf = (c: string) => `coalesce(${c}.parent_campaign_id, ${c}.id)`;

/** The leads (`l`, of campaign `c`) with the staged row's address in the workspace outside the family of
 *  the campaign imported into: the one place rules 4 and 5 find "elsewhere", so neither applies between
 *  a campaign and its subsequences (their leads move between them). Parameters: workspace, campaign. */
const LEAD_OUTSIDE_FAMILY = `from lead l join campaign c on c.id = l.campaign_id
   where l.workspace_id = ? and l.email = ${S}.email and ${familyOf('c')} <> (select ${familyOf('f')} from campaign f where f.id = ?)`;

/** Rules 2–5 in order, row by row (rule 1, and rule 2 within a chunk, are applied while staging). Each
 *  test is an index probe; the blocklist's is two probes of its unique (workspace_id, email) index, one
 *  for the address and one for the domain (blocklist-match.ts blockedSql).
 *
 *  Plan note: the statistics of `lead` lag behind an import (this import's own leads, in earlier chunks
 *  of its transaction, and a large import committed a moment ago are not in them), and the planner then
 *  took a campaign of 40,000 leads for one of a single lead: it joined every lead of the campaign against
 *  every staged row, or probed the campaign's leads through an index on campaign_id alone, filtering on
 *  the address (10,000 × 40,000 comparisons, 30–45 s per chunk of a second 100,000-lead import). So the
 *  tests on `lead` end in OFFSET 0, which keeps each a per-row probe rather than a semi-join the planner
 *  may turn around, and the campaign is given as `(select ?)`, which hides its value from the planner:
 *  it plans for an average campaign and probes the unique (campaign_id, email) index, whatever the
 *  statistics say. A probe costs no more than the semi-join when they are right (20 ms for 10,000 rows
 *  against 100,000 leads). */
export const RULES: readonly Rule[] = [
  { outcome: 'duplicate', test: `exists (select 1 from ${SEEN_TABLE} s where s.email = ${S}.email)`, params: () => [] },
  {
    outcome: 'duplicate',
    test: `exists (select 1 from lead l where l.campaign_id = (select ?::uuid) and l.email = ${S}.email offset 0)`,
    params: (scope) => [scope.campaignId],
  },
  // The staged row's address or its domain, each probed on its own (blocklist-match.ts, plan note: a
  // blocklist PostgreSQL has not analysed yet once made this rule compare every row with every entry).
  {
    outcome: 'blocklisted',
    test: blockedSql(`${S}.email`, '?', `${S}.domain`),
    params: (scope) => [scope.workspaceId, scope.workspaceId],
  },
  {
    outcome: 'in_another_campaign',
    test: `exists (select 1 ${LEAD_OUTSIDE_FAMILY} and not c.one_off offset 0)`,
    params: (scope) => [scope.workspaceId, scope.campaignId],
  },
  {
    outcome: 'contacted_recently',
    test: `?::timestamptz is not null and exists (select 1 ${LEAD_OUTSIDE_FAMILY} and l.last_sent_at >= ?::timestamptz offset 0)`,
    params: (scope) => [scope.recentSince, scope.workspaceId, scope.campaignId, scope.recentSince],
  },
];

/** Serializes imports within a workspace until the transaction ends (rules 2–5 then see each other's
 *  leads). */
export async function lockWorkspaceImports(db: Db, workspaceId: string): Promise<void> {
  const lock = lockWorkspaceImportsStatement(workspaceId);
  await sql(db, lock.query, lock.params);
}

/** lockWorkspaceImports as a statement, to send with others (an async import between its batches). */
export const lockWorkspaceImportsStatement = (workspaceId: string): Statement => ({
  query: `select pg_advisory_xact_lock(hashtextextended('lead-import:' || ?::text, 0))`,
  params: [workspaceId],
});

/**
 * importKeepsFieldNames as a statement, to send with others.
 * @allWorkspaces a setting local to the import's own transaction
 */
export const importKeepsFieldNamesStatement = (): Statement => ({ query: IMPORT_KEEPS_FIELD_NAMES, params: [] });

/** The UPDATE that marks the rows a rule keeps out. One statement per rule, in order: each then runs as
 *  a semi-join the planner can pick a strategy for (folded into one CASE of subqueries, every row would
 *  probe every index one by one, several times slower). */
export const ruleUpdate = (rule: Rule, scope: ImportScope): Statement => ({
  query: `update ${S} set outcome = '${rule.outcome}' where ${S}.outcome is null and ${rule.test}`,
  params: rule.params(scope),
});

/** Runs one rule on its own on the staged rows; returns how many rows it kept out. */
export async function applyRule(db: Db, rule: Rule, scope: ImportScope): Promise<number> {
  const update = ruleUpdate(rule, scope);
  return sqlRun(db, update.query, update.params);
}

// No ORDER BY: the ids already carry the row order (staging.ts), and sorting wide rows costs a spill.
// No provider: a lead's provider is its domain's, read from the workspace's domain_provider
// (leads/lead-provider.ts), so leads on domains already looked up have theirs from the start.
// No ON CONFLICT: its speculative insertion took 8% of the insert (0.3 s of backend CPU for 90,000
// rows); the rules have kept out every address the campaign holds, and judgeAndInsertChunk handles
// the rare conflict with another writer. Parameters: created_at, workspace, campaign, source list.
const NEW_LEAD_SQL = `
  insert into lead (id, created_at, workspace_id, campaign_id, email, vars, timezone, status, current_step, source_list_id)
  select s.id, ?, ?, ?, s.email, s.vars, s.timezone, 'pending', 0, ?
    from ${S} s where s.outcome is null`;
const NEW_LEAD_RACE_SQL = `${NEW_LEAD_SQL}
  on conflict (campaign_id, email) do nothing`;
const newLeadParams = ({ workspaceId, campaignId, now, sourceListId }: ImportScope) => [now, workspaceId, campaignId, sourceListId];
const INSERT_CONSTRAINT = 'lead_campaign_id_email_unique';

/**
 * The import keeps the field names of its new leads itself (lead_field_name and campaign_field, which
 * the insert trigger keeps for every other insert; the lead_search_fields migration): the trigger read
 * every new lead's keys, 0.3 s of backend CPU per 90,000 leads, 9% of the insert (perf), where the
 * import counts its rows per set of names (staging.ts keyset) and reads the few sets. Same rows, same
 * counts, same first instant (every lead of an import is created at `now`); a test compares the two.
 * The setting is local to the import's transaction, and the insert's conflict path clears it.
 */
const IMPORT_KEEPS_FIELD_NAMES = `select set_config('outreach.lead_fields', 'import', true)`;
const TRIGGER_KEEPS_FIELD_NAMES = `select set_config('outreach.lead_fields', '', true)`;
// Parameters: workspace, campaign, first instant.
const FIELD_NAMES_SQL = `
  with per_set as (select keyset, count(*)::int as n from ${S} where outcome is null group by keyset),
  fields as (select k.name, sum(p.n)::int as leads
               from per_set p join ${KEYSET_TABLE} ks on ks.id = p.keyset cross join lateral unnest(ks.names) as k(name)
              group by 1),
  names as (insert into lead_field_name (workspace_id, name) select ?, name from fields order by name on conflict do nothing)
  insert into campaign_field as f (campaign_id, name, leads, first_at)
  select ?, name, leads, ? from fields order by name
  on conflict (campaign_id, name) do update set leads = f.leads + excluded.leads, first_at = least(f.first_at, excluded.first_at)`;

/**
 * From now until the transaction ends, the import keeps its new leads' field names itself (above).
 * @allWorkspaces a setting local to this import's own transaction
 */
export async function importKeepsFieldNames(db: Db): Promise<void> {
  await sqlRun(db, IMPORT_KEEPS_FIELD_NAMES);
}

/** What a staged chunk came to: how many rows each outcome has (null: none, the candidates) and how many
 *  the insert wrote. */
export interface ChunkResult {
  outcomes: Map<Outcome | null, number>;
  inserted: number;
}

/** The results of insertStatements or raceInsertStatements: the outcomes first, the insert third. */
function chunkResult([outcomes, , insert]: StatementResult[]): ChunkResult {
  return { outcomes: new Map(outcomes!.rows.map((r) => [r.outcome as Outcome | null, Number(r.n)])), inserted: insert!.rowCount };
}

/**
 * Applies every rule to the staged chunk, inserts the rows left as new leads, remembers the chunk's
 * addresses kept out and empties the staging table for the next chunk; what the chunk came to.
 *
 * All of it goes in one round trip (statements sent together): the main thread is busy parsing the next
 * chunk meanwhile, and every extra round trip would wait for it. `first`: the first chunk of the import,
 * whose staged rows are analyzed: temporary tables are never analyzed automatically, and the planner
 * needs the spread of the addresses; the later chunks are alike (the planner scales the row count to
 * the table's size), so analyzing each again was 2% of the import for nothing.
 *
 * The insert runs inside a savepoint: when it meets a lead another writer added meanwhile (the unique
 * (campaign_id, email) index refuses it), the chunk rolls back to the savepoint and goes in again
 * skipping the addresses already there (import-rules.ts).
 */
export async function judgeAndInsertChunk(db: Db, scope: ImportScope, first: boolean): Promise<ChunkResult> {
  const judge: Statement[] = [
    // Only the compared columns: the vars would cost the most.
    ...(first ? [plain(`analyze ${S} (email, domain)`)] : []),
    ...RULES.map((rule) => ruleUpdate(rule, scope)),
    // A later repeat of an address inserted here is a duplicate by the campaign rule anyway; only the
    // addresses kept out by rules 3–5 need remembering (duplicates are remembered already).
    plain(`insert into ${SEEN_TABLE} (email) select email from ${S} where outcome in ('blocklisted', 'in_another_campaign', 'contacted_recently') on conflict do nothing`),
    ...(scope.jobId
      ? [
          {
            query: `insert into background_job_seen (job_id, email) select ?, email from ${S} where outcome in ('blocklisted', 'in_another_campaign', 'contacted_recently') on conflict do nothing`,
            params: [scope.jobId],
          },
        ]
      : []),
  ];
  try {
    return chunkResult((await sqlStatementResults(db, [...judge, ...insertStatements(scope)])).slice(judge.length));
  } catch (err) {
    if ((err as { constraint?: string }).constraint !== INSERT_CONSTRAINT) throw err;
    // Another writer added one of the addresses meanwhile: the chunk again, skipping what is there.
    await sqlRun(db, 'rollback to savepoint lead_insert');
    return chunkResult(await sqlStatementResults(db, raceInsertStatements(scope)));
  }
}

const plain = (query: string): Statement => ({ query, params: [] });

/** The rows' outcomes, then the insert inside a savepoint (a conflict rolls back to it) and the new
 *  leads' field names; the insert is the third statement, here and in raceInsertStatements. */
function insertStatements(scope: ImportScope): Statement[] {
  return [
    plain(`select outcome, count(*)::int as n from ${S} group by outcome`),
    plain('savepoint lead_insert'),
    { query: NEW_LEAD_SQL, params: newLeadParams(scope) },
    { query: FIELD_NAMES_SQL, params: [scope.workspaceId, scope.campaignId, scope.now] },
    plain('release savepoint lead_insert'),
    plain(`truncate ${S}`),
  ];
}

/** After a conflict: the insert skipping the addresses already there, whose field names the trigger
 *  keeps (the rows that went in are not known here). */
function raceInsertStatements(scope: ImportScope): Statement[] {
  return [
    plain(`select outcome, count(*)::int as n from ${S} group by outcome`),
    plain(TRIGGER_KEEPS_FIELD_NAMES),
    { query: NEW_LEAD_RACE_SQL, params: newLeadParams(scope) },
    plain(IMPORT_KEEPS_FIELD_NAMES),
    plain('release savepoint lead_insert'),
    plain(`truncate ${S}`),
  ];
}
