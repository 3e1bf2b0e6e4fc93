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

/** A campaign and its subsequences are one family (decisions.md §11), named by the top-level campaign's
 *  id: its own, or its parent's. */
const familyOf = (c: string) => `coalesce(${c}.parent_campaign_id, ${c}.id)`;

/**
 * Rules 2–5 in order, for every staged row not judged yet (rule 1, and rule 2 within a chunk, are applied
 * while staging), in one statement that marks the rows kept out. Per row:
 * - one probe of the addresses kept out by earlier chunks (SEEN_TABLE);
 * - one probe of the workspace's leads with the row's address (the (workspace_id, email) index), which
 *   answers rules 2, 4 and 5 together: a lead of this campaign (duplicate); of a campaign outside this
 *   campaign's family that is not the One-off campaign (in_another_campaign); outside the family,
 *   emailed since `recentSince` (contacted_recently). "Outside the family" is spelled once, for both
 *   rules 4 and 5, so neither applies between a campaign and its subsequences (their leads move between
 *   them);
 * - the blocklist's two probes (address, domain; blocklist-match.ts blockedSql), for a row no earlier
 *   rule kept out (CASE evaluates them only then).
 * It used to be five statements, one per rule, each scanning the chunk again and three of them probing
 * `lead`: 610 ms of the database's time per 100,000 rows of the lead-import benchmark, against 420 ms
 * for this one (same run of the machine), and the database sets an import's pace.
 *
 * Plan note: the statistics of `lead` lag behind an import (this import's own leads, in earlier chunks
 * of its transaction, and a large import committed a moment ago are not in them), and the planner then
 * took a campaign of 40,000 leads for one of a single lead: it joined every lead of the campaign against
 * every staged row (10,000 × 40,000 comparisons, 30–45 s per chunk of a second 100,000-lead import). So
 * the leads are read in a LATERAL subquery ending in OFFSET 0, which stays a per-row probe of both columns
 * of (workspace_id, email), never a join the planner may turn around; the blocklist's probes are kept the
 * same way (blockedSql). The campaign imported into is read once (`target`: it is locked for the
 * import, so it is there). Parameters: workspace, campaign, recentSince (null: rule 5 is off).
 */
const JUDGE_SQL = `
  update ${S} set outcome = judged.outcome
    from (select s.n,
                 case
                   when exists (select 1 from ${SEEN_TABLE} seen where seen.email = s.email) then 'duplicate'
                   when found.here then 'duplicate'
                   when ${blockedSql('s.email', 'target.workspace_id', 's.domain')} then 'blocklisted'
                   when found.elsewhere then 'in_another_campaign'
                   when found.recently then 'contacted_recently'
                 end as outcome
            from ${S} s
            cross join (select f.id, ?::uuid as workspace_id, ${familyOf('f')} as family from campaign f where f.id = ?) target
            cross join lateral (
              select bool_or(l.campaign_id = target.id) as here,
                     bool_or(${familyOf('c')} <> target.family and not c.one_off) as elsewhere,
                     bool_or(${familyOf('c')} <> target.family and l.last_sent_at >= ?::timestamptz) as recently
                from lead l join campaign c on c.id = l.campaign_id
               where l.workspace_id = target.workspace_id and l.email = s.email
              offset 0) found
           where s.outcome is null) judged
   where ${S}.n = judged.n and judged.outcome is not null`;

/** The statement that applies rules 2–5 to the staged rows (JUDGE_SQL). */
export const judgeStatement = (scope: ImportScope): Statement => ({
  query: JUDGE_SQL,
  params: [scope.workspaceId, scope.campaignId, scope.recentSince],
});

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
    judgeStatement(scope),
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
