// SQL fragments of the workspace search's company part, shared by the index that serves it (lead.entity.ts
// lead_company_trgm: its expression must match the queries' exactly) and the condition the lead list
// composes into its query builder (lead-query.ts companyContains). Fragments, not statements: the
// statements that use them are built in lead-query.ts.

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
