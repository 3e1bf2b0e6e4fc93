// Raw SQL on an EntityManager, inside its transaction when it is in one (em.getConnection().execute
// alone would take another pooled connection and could wait on the transaction's own row locks).
//
// Straight through knex to the driver: `?` placeholders become bind parameters ($1, $2, …), so values
// travel apart from the statement and are never spliced into it. MikroORM's execute() would format
// every value into the SQL text first, a cost the sending engine's array statements feel.
import type { EntityManager } from '@mikro-orm/postgresql';

export type Row = Record<string, unknown>;

interface DriverResult {
  rows: Row[];
  rowCount: number | null;
}

async function run(em: EntityManager, query: string, params: readonly unknown[]): Promise<DriverResult> {
  const raw = em.getConnection().getKnex().raw(query, [...params] as never[]);
  const trx = em.getTransactionContext();
  if (trx) raw.transacting(trx);
  return (await raw) as unknown as DriverResult;
}

export async function sql(em: EntityManager, query: string, params: readonly unknown[] = []): Promise<Row[]> {
  return (await run(em, query, params)).rows;
}

/** Runs a write and returns how many rows it touched. */
export async function sqlRun(em: EntityManager, query: string, params: readonly unknown[] = []): Promise<number> {
  return (await run(em, query, params)).rowCount ?? 0;
}
