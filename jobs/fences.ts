// The fences of job runs (README.md here): one dedicated PostgreSQL connection per process, never pooled
// and never in a transaction, holding session advisory locks:
// - the owner lock, `job-owner:<owner>`: "this process is alive". Every process can see it in pg_locks,
//   and PostgreSQL drops it the moment the process dies and its socket closes, SIGKILL included;
// - one fence per run in flight, `job:<name>` for a recurring job, `job:<name>:<id>` for one queued run,
//   held for as long as the handler runs, even past its lease: a process that took the job over after
//   the lease ran out cannot take the fence, and skips. So a job never runs twice at once.
// If the connection is lost, every fence on it is gone with it: each run holding one is told to stop,
// and the connection is made again (with a new owner lock) in the background.
import { Client } from 'pg';
import type { Logger } from '../src/logger';

/** SQL for the bigint key of a lock name (the same hashing as the service's other advisory locks). */
const lockKey = (nameSql: string) => `hashtextextended(${nameSql}, 0)`;
export const ownerKeySql = (ownerSql: string) => lockKey(`'job-owner:' || ${ownerSql}`);
const fenceKeySql = (keySql: string) => lockKey(`'job:' || ${keySql}`);

/** SQL: is the session advisory lock with this bigint key held by some session of this database? */
export const advisoryLockHeldSql = (keySql: string) =>
  `exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.granted and l.objsubid = 1
     and l.database = (select oid from pg_database where datname = current_database())
     and l.classid = ((${keySql} >> 32) & 4294967295)::oid and l.objid = (${keySql} & 4294967295)::oid)`;

/** PostgreSQL notices within seconds a process whose host vanished without closing its socket (power
 *  loss, a network cut), and drops its locks: TCP keepalives for this session (seconds). */
const KEEPALIVE = { idle: 5, interval: 2, count: 3 };
const RECONNECT_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;

export interface Fence {
  /** Gives the fence back once the run's handler has returned. */
  release(): Promise<void>;
}

interface Holder {
  /** The connection the lock was taken on; a later connection does not hold it. */
  connection: number;
  onLost: () => void;
}

export class JobFences {
  private client: Client | null = null;
  private connection = 0;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RECONNECT_MS;
  /** Fences taken (or being taken) here, by key: a second run here of the same key never races the first. */
  private readonly held = new Map<string, Holder>();
  /** The connection's queries, one after the other (pg wants no query sent while one is running). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    /** This process's name among the job runners (Agenda's `lastModifiedBy`). */
    readonly owner: string,
    private readonly log: Logger,
  ) {}

  /** Connects and takes the owner lock; a database that cannot be reached fails the start. */
  async open(): Promise<void> {
    await this.connect();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, keepAlive: true, application_name: `jobs ${this.owner}`.slice(0, 63) });
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`select set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', $3, false)`, [
        String(KEEPALIVE.idle),
        String(KEEPALIVE.interval),
        String(KEEPALIVE.count),
      ]);
      await client.query(`select pg_advisory_lock(${ownerKeySql('$1::text')})`, [this.owner]);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connection++;
    this.retryMs = RECONNECT_MS;
  }

  private dropped(client: Client, err?: Error): void {
    if (client !== this.client) return;
    this.client = null;
    if (this.closing) return;
    this.log.error('job fence connection lost; the runs in flight are told to stop', { err: String(err ?? 'connection ended') });
    for (const holder of this.held.values()) holder.onLost();
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => this.log.info('job fence connection made again'),
        (err) => {
          this.log.warn('job fence connection still down', { err: String(err) });
          this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
          this.reconnectLater();
        },
      );
    }, this.retryMs);
    this.retry.unref();
  }

  /** Takes the fence `key` for one run; null when a run here or in another process holds it, or when
   *  the connection is down (a run that cannot be fenced does not start). `onLost`: the connection
   *  holding the fence was lost while the run goes on. */
  async take(key: string, onLost: () => void): Promise<Fence | null> {
    const client = this.client;
    if (!client || this.held.has(key)) return null;
    const holder: Holder = { connection: this.connection, onLost };
    this.held.set(key, holder);
    let ok = false;
    try {
      const { rows } = await this.query<{ ok: boolean }>(client, `select pg_try_advisory_lock(${fenceKeySql('$1::text')}) as ok`, [key]);
      ok = rows[0]?.ok === true;
    } catch (err) {
      this.log.warn('job fence could not be taken', { key, err: String(err) });
    }
    if (!ok) {
      this.held.delete(key);
      return null;
    }
    return { release: () => this.release(key, holder) };
  }

  private async release(key: string, holder: Holder): Promise<void> {
    if (this.held.get(key) !== holder) return;
    this.held.delete(key);
    // Taken on a connection since lost: PostgreSQL dropped it then.
    if (!this.client || holder.connection !== this.connection) return;
    await this.query(this.client, `select pg_advisory_unlock(${fenceKeySql('$1::text')})`, [key]).catch((err) => {
      this.log.warn('job fence could not be given back', { key, err: String(err) });
    });
  }

  /** Of these owners, those whose process is alive (holds its owner lock). Throws while disconnected. */
  async alive(owners: readonly string[]): Promise<Set<string>> {
    if (!this.client) throw new Error('the job fence connection is down');
    const { rows } = await this.query<{ owner: string }>(this.client, `select o as owner from unnest($1::text[]) o where ${advisoryLockHeldSql(ownerKeySql('o'))}`, [owners]);
    return new Set(rows.map((r) => r.owner));
  }

  private query<R extends object>(client: Client, sql: string, params: unknown[]) {
    const result = this.queue.then(() => client.query<R>(sql, params));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Ends the connection: PostgreSQL drops the owner lock and every fence still held. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
