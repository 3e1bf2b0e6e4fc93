// The import rules (api.md "Adding leads", decisions.md §5), identical for every way of adding leads and
// applied set-wise in SQL to the staged rows (staging.ts). Each row given is counted exactly once, by
// the first rule in this order that keeps it out:
//
//   1. invalid              not an email address (marked while staging)
//   2. duplicate            an earlier row has the same address (case-insensitive; the first one
//                           wins), or the address is already a lead of this campaign (a repeat
//                           within one chunk is marked while staging, staging.ts)
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
// Rows are staged and judged a chunk at a time (staging.ts), in file order, so the database inserts one
// chunk while the next is parsed. Chunks change no count: rule 2 looks back across chunks through the
// campaign's leads (earlier chunks' new leads among them) and the addresses kept out so far
// (SEEN_TABLE), and rules 3–5 depend on nothing but the row itself.
//
// Concurrent imports into one workspace take turns (a transaction-scoped advisory lock) so rules 2–5
// see each other's leads; the unique (campaign_id, email) index still guards against any other writer:
// a chunk whose insert meets one of its rows already there is inserted again with ON CONFLICT DO NOTHING
// (importChunk), and a row that loses that race counts as a duplicate.
//
// What an import costs the database (lead-import benchmark, 100,000 rows beside 100,000 leads): about
// 3.8 s of CPU, the insert three quarters of it (every index of lead, the campaign's foreign key and the
// statement triggers per row: perf), the rules most of the rest; the service parses the next chunk
// meanwhile on the other core, in about 2.6 s of CPU, so the database sets the pace.
import type { Db } from './staging';
import { KEYSET_TABLE, SEEN_TABLE, STAGING_TABLE as S } from './staging';

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
  /** Whether a staged row (columns of ${S}) is kept out by the rule, with $n parameters. */
  test: string;
  params(scope: ImportScope): unknown[];
}

/** Rules 2–5 in order, row by row (rule 1, and rule 2 within a chunk, are applied while staging). Each
 *  test is an index probe; the blocklist's is one probe of its unique (workspace_id, email) index for
 *  the address and the domain together (`in`, a two-value array the index takes in one scan; an OR of
 *  the two would not use it), which saves a pass over the chunk.
 *
 *  Plan note: the statistics of `lead` lag behind an import (this import's own leads, in earlier chunks
 *  of its transaction, and a large import committed a moment ago are not in them), and the planner then
 *  took a campaign of 40,000 leads for one of a single lead: it joined every lead of the campaign against
 *  every staged row, or probed the campaign's leads through an index on campaign_id alone, filtering on
 *  the address (10,000 × 40,000 comparisons, 30–45 s per chunk of a second 100,000-lead import). So the
 *  tests on `lead` end in OFFSET 0, which keeps each a per-row probe rather than a semi-join the planner
 *  may turn around, and the campaign is given as `(select $1)`, which hides its value from the planner:
 *  it plans for an average campaign and probes the unique (campaign_id, email) index, whatever the
 *  statistics say. A probe costs no more than the semi-join when they are right (20 ms for 10,000 rows
 *  against 100,000 leads). */
export const RULES: readonly Rule[] = [
  { outcome: 'duplicate', test: `exists (select 1 from ${SEEN_TABLE} s where s.email = ${S}.email)`, params: () => [] },
  {
    outcome: 'duplicate',
    test: `exists (select 1 from lead l where l.campaign_id = (select $1::uuid) and l.email = ${S}.email offset 0)`,
    params: (scope) => [scope.campaignId],
  },
  {
    outcome: 'blocklisted',
    test: `exists (select 1 from blocklist_entry b where b.workspace_id = $1 and b.email in (${S}.email, ${S}.domain))`,
    params: (scope) => [scope.workspaceId],
  },
  {
    outcome: 'in_another_campaign',
    test: `exists (select 1 from lead l join campaign c on c.id = l.campaign_id
                   where l.workspace_id = $1 and l.email = ${S}.email and l.campaign_id <> $2 and not c.one_off offset 0)`,
    params: (scope) => [scope.workspaceId, scope.campaignId],
  },
  {
    outcome: 'contacted_recently',
    test: `$2::timestamptz is not null
           and exists (select 1 from lead l where l.workspace_id = $1 and l.email = ${S}.email and l.last_sent_at >= $2::timestamptz offset 0)`,
    params: (scope) => [scope.workspaceId, scope.recentSince],
  },
];

/** Serializes imports within a workspace until the transaction ends. */
export async function lockWorkspaceImports(db: Db, workspaceId: string): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(hashtextextended('lead-import:' || $1::text, 0))`, [workspaceId]);
}

/** The UPDATE that marks the rows a rule keeps out. One statement per rule, in order: each then runs as
 *  a semi-join the planner can pick a strategy for (folded into one CASE of subqueries, every row would
 *  probe every index one by one, several times slower). */
const ruleUpdate = (rule: Rule) => `update ${S} set outcome = '${rule.outcome}' where ${S}.outcome is null and ${rule.test}`;

/** Runs one rule on its own on the staged rows; returns how many rows it kept out. */
export async function applyRule(db: Db, rule: Rule, scope: ImportScope): Promise<number> {
  const res = await db.query(ruleUpdate(rule), rule.params(scope));
  return res.rowCount ?? 0;
}

// No ORDER BY: the ids already carry the row order (staging.ts), and sorting wide rows costs a spill.
// No provider: a lead's provider is its domain's, read from the workspace's domain_provider
// (leads/lead-provider.ts), so leads on domains already looked up have theirs from the start.
// No ON CONFLICT: its speculative insertion took 8% of the insert (0.3 s of backend CPU for 90,000
// rows); the rules have kept out every address the campaign holds, and importChunk handles the rare
// conflict with another writer.
const NEW_LEAD_SQL = `
  insert into lead (id, created_at, workspace_id, campaign_id, email, vars, timezone, status, current_step, source_list_id)
  select s.id, $3, $1, $2, s.email, s.vars, s.timezone, 'pending', 0, $4
    from ${S} s where s.outcome is null`;
const NEW_LEAD_RACE_SQL = `${NEW_LEAD_SQL}
  on conflict (campaign_id, email) do nothing`;
const INSERT_CONSTRAINT = 'lead_campaign_id_email_unique';

/**
 * The import keeps the field names of its new leads itself (lead_field_name and campaign_field, which
 * the insert trigger keeps for every other insert; the lead_search_fields migration): the trigger read
 * every new lead's keys, 0.3 s of backend CPU per 90,000 leads, 9% of the insert (perf), where the
 * import counts its rows per set of names (staging.ts keyset) and reads the few sets. Same rows, same
 * counts, same first instant (every lead of an import is created at `now`); a test compares the two.
 * The setting is local to the import's transaction, and the insert's conflict path clears it.
 */
export const IMPORT_KEEPS_FIELD_NAMES = `select set_config('outreach.lead_fields', 'import', true)`;
const TRIGGER_KEEPS_FIELD_NAMES = `select set_config('outreach.lead_fields', '', true)`;
const FIELD_NAMES_SQL = `
  with per_set as (select keyset, count(*)::int as n from ${S} where outcome is null group by keyset),
  fields as (select k.name, sum(p.n)::int as leads
               from per_set p join ${KEYSET_TABLE} ks on ks.id = p.keyset cross join lateral unnest(ks.names) as k(name)
              group by 1),
  names as (insert into lead_field_name (workspace_id, name) select $1, name from fields order by name on conflict do nothing)
  insert into campaign_field as f (campaign_id, name, leads, first_at)
  select $2, name, leads, $3 from fields order by name
  on conflict (campaign_id, name) do update set leads = f.leads + excluded.leads, first_at = least(f.first_at, excluded.first_at)`;

export const noRows = (): ImportCounts => ({ inserted: 0, duplicates: 0, blocklisted: 0, invalid: 0, inAnotherCampaign: 0, contactedRecently: 0 });

/** A statement with its $n parameters written in as literals (quoted by the driver). */
function bound(db: Db, sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_m, i: string) => {
    const v = params[Number(i) - 1];
    if (v === null || v === undefined) return 'null';
    return db.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
  });
}

type Result = { rows: { outcome: Outcome | null; n: number }[]; rowCount: number | null };

/**
 * Applies every rule to the staged chunk, inserts the rows left as new leads, adds each staged row once
 * to `counts`, remembers the chunk's addresses and empties the staging table for the next chunk.
 *
 * All of it goes in one round trip (a multi-statement query): the main thread is busy parsing the next
 * chunk meanwhile, and every extra round trip would wait for it. `first`: the first chunk of the import,
 * whose staged rows are analyzed: temporary tables are never analyzed automatically, and the planner
 * needs the spread of the addresses; the later chunks are alike (the planner scales the row count to
 * the table's size), so analyzing each again was 2% of the import for nothing.
 */
export async function importChunk(db: Db, scope: ImportScope, counts: ImportCounts, first: boolean): Promise<void> {
  const judge = [
    // Only the compared columns: the vars would cost the most.
    ...(first ? [`analyze ${S} (email, domain)`] : []),
    ...RULES.map((rule) => bound(db, ruleUpdate(rule), rule.params(scope))),
    // A later repeat of an address inserted here is a duplicate by the campaign rule anyway; only the
    // addresses kept out by rules 3–5 need remembering (duplicates are remembered already).
    `insert into ${SEEN_TABLE} (email) select email from ${S} where outcome in ('blocklisted', 'in_another_campaign', 'contacted_recently') on conflict do nothing`,
  ];
  const run = async (statements: string[]) => (await db.query(statements.join(';\n'))) as unknown as Result[];
  let tail: Result[];
  try {
    tail = (await run([...judge, ...insertStatements(db, scope)])).slice(judge.length);
  } catch (err) {
    if ((err as { constraint?: string }).constraint !== INSERT_CONSTRAINT) throw err;
    // Another writer added one of the addresses meanwhile: the chunk again, skipping what is there.
    await db.query('rollback to savepoint lead_insert');
    tail = await run(raceInsertStatements(db, scope));
  }
  const by = new Map(tail[0]!.rows.map((r) => [r.outcome, r.n]));
  const candidates = by.get(null) ?? 0;
  const inserted = tail[2]!.rowCount ?? 0;
  counts.inserted += inserted;
  counts.duplicates += (by.get('duplicate') ?? 0) + (candidates - inserted);
  counts.blocklisted += by.get('blocklisted') ?? 0;
  counts.invalid += by.get('invalid') ?? 0;
  counts.inAnotherCampaign += by.get('in_another_campaign') ?? 0;
  counts.contactedRecently += by.get('contacted_recently') ?? 0;
}

/** The rows' outcomes, then the insert inside a savepoint (a conflict rolls back to it) and the new
 *  leads' field names; the insert is the third statement, here and in raceInsertStatements. */
function insertStatements(db: Db, { workspaceId, campaignId, now, sourceListId }: ImportScope): string[] {
  return [
    `select outcome, count(*)::int as n from ${S} group by outcome`,
    'savepoint lead_insert',
    bound(db, NEW_LEAD_SQL, [workspaceId, campaignId, now, sourceListId]),
    bound(db, FIELD_NAMES_SQL, [workspaceId, campaignId, now]),
    'release savepoint lead_insert',
    `truncate ${S}`,
  ];
}

/** After a conflict: the insert skipping the addresses already there, whose field names the trigger
 *  keeps (the rows that went in are not known here). */
function raceInsertStatements(db: Db, { workspaceId, campaignId, now, sourceListId }: ImportScope): string[] {
  return [
    `select outcome, count(*)::int as n from ${S} group by outcome`,
    TRIGGER_KEEPS_FIELD_NAMES,
    bound(db, NEW_LEAD_RACE_SQL, [workspaceId, campaignId, now, sourceListId]),
    IMPORT_KEEPS_FIELD_NAMES,
    'release savepoint lead_insert',
    `truncate ${S}`,
  ];
}
