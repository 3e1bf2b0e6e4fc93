// A transaction on one pooled connection of its own, for imports (leads/import, lead lists): COPY and
// temporary tables live on one connection, which the ORM's transactions do not hand out. The statements
// that run on it are in the importing area's queries files, through storage/sql.ts (which takes the raw
// connection as it takes an EntityManager).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from 'pg';

/** The import's connection, inside its transaction. */
export type Db = Client;

/**
 * Runs `fn` inside a transaction on one pooled connection: committed when it returns, rolled back when
 * it throws. A connection that cannot even roll back is closed, so the pool drops it.
 */
export async function inImportTransaction<T>(em: EntityManager, fn: (db: Db) => Promise<T>): Promise<T> {
  const knex = em.getConnection().getKnex();
  const db = (await knex.client.acquireConnection()) as Db;
  let broken = false;
  try {
    await db.query('BEGIN');
    try {
      const result = await fn(db);
      await db.query('COMMIT');
      return result;
    } catch (err) {
      await db.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    }
  } finally {
    if (broken) await db.end().catch(() => undefined);
    await knex.client.releaseConnection(db);
  }
}

/**
 * Runs `fn` on one pooled connection of its own, outside any transaction: for work that commits batch by
 * batch (an async import, src/modules/leads/background/), beginning and committing each itself. A
 * transaction `fn` leaves open when it throws is rolled back; `cleanUp` runs before the connection goes
 * back (temporary tables); a connection that cannot do either is closed, so the pool drops it.
 */
export async function onImportConnection<T>(em: EntityManager, fn: (db: Db) => Promise<T>, cleanUp: (db: Db) => Promise<void>): Promise<T> {
  const knex = em.getConnection().getKnex();
  const db = (await knex.client.acquireConnection()) as Db;
  let broken = false;
  try {
    return await fn(db);
  } catch (err) {
    await db.query('ROLLBACK').catch(() => (broken = true));
    throw err;
  } finally {
    if (!broken) await cleanUp(db).catch(() => (broken = true));
    if (broken) await db.end().catch(() => undefined);
    await knex.client.releaseConnection(db);
  }
}
