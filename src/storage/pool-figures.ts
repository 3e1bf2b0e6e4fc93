// How busy the ORM's connection pool is (knex's tarn pool: every request and every job of the process),
// for the metrics (src/observability/metrics/pool.series.ts). Read here, with the ORM's set-up, since reaching the pool
// goes through knex.
import type { MikroORM } from '@mikro-orm/postgresql';

export interface PoolFigures {
  /** Connections lent out now. */
  inUse: number;
  /** Open connections nobody uses. */
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** The part of tarn's Pool read here. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** The pool as it is now, or null when it is not open (before the first connection, after close). */
export function ormPoolFigures(orm: MikroORM): PoolFigures | null {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool | null }).pool;
  if (!pool) return null;
  return { inUse: pool.numUsed(), idle: pool.numFree(), waiting: pool.numPendingAcquires() };
}
