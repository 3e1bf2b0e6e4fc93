// The lead table's statistics after a bulk import (lead-statistics.ts): PostgreSQL plans every lead list
// and search from them, and has none, or ones that miss most of the table, until autovacuum next analyses
// it (up to a minute or more after the import).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlRun } from '../../../storage/sql';

/**
 * How many rows the lead table had when it was last analysed, or null when it never was.
 * @allWorkspaces reads pg_class, the table's size as of its last ANALYZE: no workspace's rows
 */
export async function analysedLeadRows(em: EntityManager): Promise<number | null> {
  const [row] = await sql(em, `select reltuples::float8 as n from pg_class where oid = 'lead'::regclass`);
  const n = Number(row?.n ?? -1);
  return n < 0 ? null : n;
}

/**
 * ANALYZE of the lead table, skipped when another (autovacuum's, or another import's) is under way.
 * @allWorkspaces the table's statistics are one for every workspace (a sample of its rows, kept in pg_statistic)
 */
export async function analyzeLeads(em: EntityManager): Promise<void> {
  await sqlRun(em, 'analyze (skip_locked) lead');
}

/** The lead table's trigram indexes (the searches' way to their matches). */
export const LEAD_SEARCH_INDEXES = ['lead_email_trgm', 'lead_company_trgm'] as const;

/**
 * Moves the entries waiting in the trigram indexes' pending lists into the indexes proper, as VACUUM
 * would. GIN indexes take new rows into an unsorted pending list (fastupdate: cheap inserts), which every
 * search through the index then reads whole, until the list passes gin_pending_list_limit (4 MB) or a
 * VACUUM merges it, and on a large table autovacuum may not vacuum for a long while after an import.
 * @allWorkspaces the indexes cover every workspace's leads
 */
export async function mergeLeadSearchIndexes(em: EntityManager): Promise<void> {
  await sql(em, `select ${LEAD_SEARCH_INDEXES.map((name) => `gin_clean_pending_list('${name}'::regclass)`).join(', ')}`);
}
