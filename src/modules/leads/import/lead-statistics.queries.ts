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
