// Raw SQL of the rate-limit counters (the table is rate-limiter-flexible's; counter-table.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRun } from '../../storage/sql';
import { RATE_LIMIT_TABLE } from './counter-table';

/**
 * Deletes counters whose window ended before `nowMs` (the library never reads them again). Uses the
 * index on expire, so each call costs the rows it deletes.
 * @allWorkspaces the counters are the library's rows, keyed by a rule and a hashed key (a client address), not rows of a workspace; expired ones go for everyone
 */
export const deleteExpiredCounters = (em: EntityManager, nowMs: number): Promise<number> => sqlRun(em, `delete from "${RATE_LIMIT_TABLE}" where expire < ?`, [nowMs]);
