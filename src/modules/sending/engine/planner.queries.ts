// The SQL of the dispatch tick's planner lock (tick.ts): one planner at a time across every process.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../storage/sql';

/**
 * Takes the transaction-scoped advisory lock named `key` if no other transaction holds it; false
 * otherwise (that process plans this tick).
 * @allWorkspaces a lock named by the tick's scope (every workspace, or a scoped tick's), not a row
 */
export async function tryPlannerLock(em: EntityManager, key: string): Promise<boolean> {
  const [lock] = await sql(em, `select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as ok`, [key]);
  return Boolean(lock?.ok);
}
