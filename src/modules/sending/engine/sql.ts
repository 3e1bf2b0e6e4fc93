// Raw SQL on an EntityManager, inside its transaction when it is in one (em.getConnection().execute
// alone would take another pooled connection and could wait on the transaction's own row locks).
import type { EntityManager } from '@mikro-orm/postgresql';

export type Row = Record<string, unknown>;

export function sql(em: EntityManager, query: string, params: readonly unknown[] = []): Promise<Row[]> {
  return em.getConnection().execute<Row[]>(query, [...params], 'all', em.getTransactionContext());
}

/** Runs a write and returns how many rows it touched. */
export async function sqlRun(em: EntityManager, query: string, params: readonly unknown[] = []): Promise<number> {
  const res = await em.getConnection().execute<{ affectedRows?: number }>(query, [...params], 'run', em.getTransactionContext());
  return res.affectedRows ?? 0;
}
