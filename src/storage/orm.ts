// MikroORM set-up: config, connection (embedded PostgreSQL unless DATABASE_URL is set), migrations.
import { MikroORM, defineConfig, type EntityManager, type Options } from '@mikro-orm/postgresql';
import type { Config } from '../runtime/config';
import { AUDIT_TABLE } from '../observability/audit-trail/audit-table';
import { IDEMPOTENCY_TABLE } from '../contracts/idempotency/idempotency-table';
import { RATE_LIMIT_TABLE } from '../security/rate-limits/counter-table';
import { settledWithin } from '../runtime/time-limit';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { entities } from './entities';
import { withMigrationLock } from './migration-lock';
import { migrationsList } from './migrations';
import { appliedMigrationNames } from './migrations-state.queries';

export function ormOptions(clientUrl: string, extra: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    // No Migrator extension here: MikroORM loads @mikro-orm/migrations itself on orm.getMigrator(), which
    // openDatabase calls only when a migration is due (migrations/index.ts).
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // One pool for API requests and jobs; embedded PostgreSQL allows 200 connections.
    pool: { min: 0, max: 20 },
    // Never guess types from TS metadata: every property declares its type.
    discovery: { requireEntitiesArray: true },
    forceUtcTimezone: true,
    // Filters (workspace, notDeleted) apply to the entity queried, not to every relation it joins:
    // a deleted inbox must not hide what it sent and received (api.md Inboxes rule 5).
    autoJoinRefsForFilters: false,
    // Agenda's PostgreSQL backend keeps its own table in the same database, and so does the rate
    // limiters' store (src/security/rate-limits/counter-table.ts; our migration makes it in the library's shape);
    // the idempotency keys, the audit log and background jobs are raw SQL too (src/contracts/idempotency/, src/observability/audit-trail/,
    // src/modules/leads/background/).
    schemaGenerator: {
      skipTables: [
        'agenda_jobs',
        'agenda_logs',
        RATE_LIMIT_TABLE,
        IDEMPOTENCY_TABLE,
        AUDIT_TABLE,
        'background_job',
        'background_job_input',
        'background_job_seen',
        'background_job_result',
      ],
    },
    debug: false,
    ...extra,
  });
}

/** The migrations of this code that the database has not applied, in order. */
export async function pendingMigrations(em: EntityManager): Promise<string[]> {
  const applied = await appliedMigrationNames(em);
  return migrationsList.map((m) => m.name).filter((name) => !applied.has(name));
}

/** How long closing the pool may wait for connections still in use. */
const CLOSE_MS = 1_000;

export interface Database {
  orm: MikroORM;
  url: string;
  close(): Promise<void>;
}

/** Connects (starting the embedded server when DATABASE_URL is unset) and applies pending migrations.
 *  `signal` (SIGTERM during start-up) aborted: what has started is stopped and this rejects with it. */
/** `entities`: those of the module list the service runs (every manifest's, by default). */
/** `warn`: where the query builder's own warnings go (a pooled connection lost, say), as one log line
 *  each rather than knex's plain text on the console. */
export async function openDatabase(
  config: Config,
  log: (m: string) => void = () => {},
  signal?: AbortSignal,
  entities?: Options['entities'],
  warn: (m: string) => void = log,
): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, log, signal);
    url = embedded.url;
  }
  let orm: MikroORM | null = null;
  try {
    signal?.throwIfAborted();
    const knexLog = { warn, error: warn, deprecate: warn, debug: () => undefined };
    orm = await MikroORM.init(ormOptions(url, { driverOptions: { log: knexLog }, ...(entities ? { entities } : {}) }));
    // Migrations run to the end once begun (one transaction); an abort is seen after them. One process
    // at a time (migration-lock.ts); the Migrator is made only when one is due.
    if ((await pendingMigrations(orm.em.fork())).length) {
      const migrator = orm.getMigrator();
      const applied = await withMigrationLock(url, () => migrator.up(), signal);
      for (const m of applied) log(`applied migration ${m.name}`);
    }
    signal?.throwIfAborted();
    const opened = orm;
    return {
      orm,
      url,
      async close() {
        // Bounded (decisions.md §1): the pool waits for connections still in use, and a request left
        // running at stop must not keep the embedded database from stopping.
        await settledWithin(opened.close(true), CLOSE_MS);
        await embedded?.stop();
      },
    };
  } catch (err) {
    await orm?.close(true).catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
}
