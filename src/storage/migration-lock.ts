// decisions.md §13: any number of processes start against one database, and every one applies the
// pending migrations at start (orm.ts). Two applying the same migration at once would race: one would fail
// its start on the other's half-made tables. So migrations run under a session advisory lock, taken on a
// connection of their own: a second process waits for the first to finish, then finds nothing pending.
// PostgreSQL drops the lock with the session, so a process killed while migrating holds nobody up. Agenda's
// own table creation (jobs/runner.ts) takes the same lock for the same reason.
import { Client } from 'pg';
import { lockKeySql } from './owner-sql';

const MIGRATION_LOCK = 'migrations';

/** Runs `work` holding the migration lock (waiting for it as long as another process migrates). An
 *  aborted `signal` (SIGTERM during start-up) ends the wait. */
export async function withMigrationLock<T>(url: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'migrations' });
  client.on('error', () => undefined); // a lost connection rejects the query in flight; nothing else to do
  const abort = () => void client.end().catch(() => undefined);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await client.connect();
    await client.query(`select pg_advisory_lock(${lockKeySql('$1::text')})`, [MIGRATION_LOCK]);
    signal?.throwIfAborted();
    return await work();
  } finally {
    signal?.removeEventListener('abort', abort);
    // Ending the session gives the lock back.
    await client.end().catch(() => undefined);
  }
}
