// Raw SQL of the leads area that the query builder does not express: the company part of the workspace
// search (its index expression is declared on the Lead entity and must match it exactly), the search
// page's ways of reading, and the campaign field names (lead-fields.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

/** The lead field searched by the workspace-wide q beside the address, in the spellings CSV headers
 *  commonly give it (lead field names are case-sensitive). */
export const COMPANY_FIELDS = ['company', 'Company', 'COMPANY'] as const;

const col = (alias: string) => (alias ? `${alias}."vars"` : '"vars"');

/** Whether the lead has a company field in any spelling: the predicate of the company index, written the
 *  same way in the queries so the planner can use it (an operator would not match a function call). */
export const hasCompanySql = (alias: string) => `jsonb_exists_any(${col(alias)}, array['company', 'Company', 'COMPANY'])`;

/** The lead's company fields in one text (a line break between spellings), for the trigram index
 *  lead_company_trgm: a value containing q makes this contain it too, so the index finds every lead whose
 *  company contains q (and a few more, which the exact test then drops). */
export const companyTextSql = (alias: string) =>
  `(coalesce(${col(alias)} ->> 'company', '') || chr(10) || coalesce(${col(alias)} ->> 'Company', '') || chr(10) || coalesce(${col(alias)} ->> 'COMPANY', ''))`;

/**
 * api.md Leads: the workspace q matches "part of the company field", in any case (ILIKE), in any of its
 * spellings. The tests before the last only let the planner reach the trigram index (`lead`, a rare
 * part of q, first: lead-query.ts withSearchHints); the last is the rule. Patterns are LIKE patterns
 * (escaped text between %).
 */
export function companyMatchSql(alias: string, pattern: string, lead?: string): { sql: string; params: string[] } {
  const text = companyTextSql(alias);
  return {
    sql: `(${hasCompanySql(alias)} and ${lead ? `${text} ilike ? and ` : ''}${text} ilike ? and (${COMPANY_FIELDS.map((k) => `${col(alias)} ->> '${k}' ilike ?`).join(' or ')}))`,
    params: [...(lead ? [lead] : []), pattern, ...COMPANY_FIELDS.map(() => pattern)],
  };
}

export interface FieldRow {
  name: string;
  firstAt: Date | null;
}

/** The field names some lead of the campaign carries, with when each first showed up (campaign_field,
 *  kept by triggers: an index range of a few rows whatever the campaign's size). */
export async function campaignFieldNames(em: EntityManager, campaignId: string): Promise<FieldRow[]> {
  const rows = await sql(em, `select name, first_at from campaign_field where campaign_id = ? and leads > 0`, [campaignId]);
  // The driver may hand timestamps over as text.
  return rows.map((r) => ({ name: String(r.name), firstAt: r.first_at === null ? null : new Date(r.first_at as string | Date) }));
}

/** PostgreSQL's samples of the leads' addresses and company fields (the statistics ANALYZE keeps of
 *  the column and of the company index's expression: about a hundred values each), lower-cased. */
export async function searchSamples(em: EntityManager): Promise<{ address: string[]; company: string[] }> {
  const rows = await sql(
    em,
    `select tablename = 'lead' as address, unnest(coalesce(most_common_vals::text::text[], '{}') || coalesce(histogram_bounds::text::text[], '{}')) as v
       from pg_stats
      where schemaname = current_schema() and ((tablename = 'lead' and attname = 'email') or (tablename = 'lead_company_trgm' and attname = 'expr'))`,
  );
  const of = (address: boolean) => rows.filter((r) => r.address === address).map((r) => String(r.v).toLowerCase());
  return { address: of(true), company: of(false) };
}
