// Raw SQL of the checks area (conventions.md "SQL in named places").
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, textArray } from '../../db/sql';

/** Lead statuses that may still get an email of the campaign (merge-check counts only these). */
export const REACHABLE_STATUSES = ['pending', 'active', 'paused'] as const;

/** The leads merge-check counts: the campaign's, still in the sequence. */
const REACHABLE_LEADS = `l.campaign_id = ? and l.workspace_id = ? and l.status in (${REACHABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The rule of merge.ts leadValue + renderTemplate, per lead row `l` and name N: the field of exactly
 * that name when the lead has one, else the first field (in the stored jsonb order, which is the order
 * JSON.parse gives merge.ts) whose name matches ignoring case; blank when there is none, it is null, or
 * it holds only whitespace.
 *
 * Plan note: finding a field by name ignoring case means walking a lead's fields, far too slow per lead
 * (5 s for five fields over 90,000 leads), and even testing the lead's fields as lower-cased JSON text
 * first cost most of the statement (the jsonb to text cast on every lead: 0.3 s of it at 100,000). So
 * it goes in passes without a cast or a subquery per lead (so PostgreSQL may also split each between
 * workers): the counting pass, which reads each name only as written; at the same time, which other
 * spellings of the names occur at all (`caseVariants`: the keys of only the leads that lack one of the
 * names as written); then, only if some do, a pass that takes back from the blanks the leads with a
 * value under the first other spelling. About 0.1 s each for the six fields of the benchmark, against
 * 0.31 s for the single pass with the cast (loaded 2-core host).
 */
/** SQL: whether the lead row `l` lacks a non-blank value in field `name` spelt exactly so. vars hold text
 *  values, so a key is absent exactly when ->> gives null (a JSON null counts as blank either way). */
function blankAsWritten(name: string, params: unknown[]): string {
  params.push(name);
  return `not coalesce((l.vars ->> ?::text) ~ '\\S', false)`;
}

/** SQL: whether the lead row `l`, lacking field `name` as written, has a non-blank value under the first
 *  of its other spellings in the stored jsonb order (shorter keys first, then bytewise, which is the order
 *  JSON.parse gives merge.ts), as a chain of key tests: no subquery per lead. jsonb_exists rather than the
 *  `?` operator, which the driver would read as a placeholder. */
function filledUnderOtherSpelling(name: string, variants: readonly string[], params: unknown[]): string {
  const ordered = [...variants].sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  params.push(name);
  const chain = ordered.map((v) => {
    params.push(v, v);
    return `when jsonb_exists(l.vars, ?::text) then l.vars ->> ?::text`;
  });
  return `not jsonb_exists(l.vars, ?::text) and coalesce(case ${chain.join(' ')} end ~ '\\S', false)`;
}

/** Per name, the other spellings (same name ignoring case) that occur as a field of a lead counted. */
export async function caseVariants(em: EntityManager, workspaceId: string, campaignId: string, names: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await sql(
    em,
    `select distinct k from (select jsonb_object_keys(l.vars) as k from lead l where ${REACHABLE_LEADS} and not jsonb_exists_all(l.vars, ?::text[])) keys
      where lower(k) = any(?::text[]) and k <> all(?::text[])`,
    [campaignId, workspaceId, textArray(names), textArray(names.map((n) => n.toLowerCase())), textArray(names)],
  );
  const out = new Map<string, string[]>();
  for (const name of names) {
    const lower = name.toLowerCase();
    out.set(
      name,
      rows.map((r) => String(r.k)).filter((k) => k.toLowerCase() === lower && k !== name),
    );
  }
  return out;
}

export interface BlankCounts {
  total: number;
  /** Per name given, in order: leads for which it renders blank. */
  blank: number[];
}

/** The counting pass: the campaign's leads still in the sequence, and per name those without a
 *  non-blank value under that name as written. */
export function blankLeadFieldsStatement(workspaceId: string, campaignId: string, names: readonly string[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const columns = names.map((name, i) => `count(*) filter (where ${blankAsWritten(name, params)})::int as b${i}`);
  return {
    sql: `select count(*)::int as total${columns.map((c) => `, ${c}`).join('')} from lead l where ${REACHABLE_LEADS}`,
    params: [...params, campaignId, workspaceId],
  };
}

/** The correction pass: per name with other spellings, the leads counted blank by the counting pass that
 *  have a value under one of them after all. */
function filledElsewhereStatement(workspaceId: string, campaignId: string, spelt: readonly [string, readonly string[]][]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const columns = spelt.map(([name, variants], i) => `count(*) filter (where ${filledUnderOtherSpelling(name, variants, params)})::int as f${i}`);
  return { sql: `select ${columns.join(', ')} from lead l where ${REACHABLE_LEADS}`, params: [...params, campaignId, workspaceId] };
}

/**
 * Over the campaign's leads still in the sequence: how many there are and, per lead field name, how
 * many would render it blank; nothing per lead leaves the database. The counting pass and the search
 * for other spellings run at once, each on a connection of its own (read-only, no transaction); only
 * when other spellings occur does a third pass take back the leads that have a value under one of them.
 */
export async function countBlankLeadFields(em: EntityManager, workspaceId: string, campaignId: string, names: readonly string[]): Promise<BlankCounts> {
  const counting = blankLeadFieldsStatement(workspaceId, campaignId, names);
  const [variants, [row]] = await Promise.all([caseVariants(em.fork(), workspaceId, campaignId, names), sql(em.fork(), counting.sql, counting.params)]);
  const blank = names.map((_, i) => Number(row?.[`b${i}`] ?? 0));
  const spelt = names.map((name, i) => [i, name, variants.get(name) ?? []] as const).filter(([, , v]) => v.length);
  if (spelt.length) {
    const fix = filledElsewhereStatement(
      workspaceId,
      campaignId,
      spelt.map(([, name, v]) => [name, v]),
    );
    const [filled] = await sql(em, fix.sql, fix.params);
    spelt.forEach(([i], j) => (blank[i] -= Number(filled?.[`f${j}`] ?? 0)));
  }
  return { total: Number(row?.total ?? 0), blank };
}
