// The process as a holder of leases (jobs/README.md "Owner"). Every process of the service, with or
// without the job runner, is an owner named `host:pid:nonce` and holds the owner lock, a PostgreSQL session
// advisory lock `process-owner:<name>`, on one dedicated connection (never pooled, never in a
// transaction) for as long as it lives. PostgreSQL drops it the moment the process dies and its socket
// closes (SIGKILL, a crash, the OOM killer), so any process can tell, in SQL (owner-sql.ts), whether the
// holder named on a row is still alive: the job runner's Agenda rows, the webhook endpoints and
// deliveries, the column runs. The same connection holds the job runner's fences (jobs/fences.ts), so
// a process keeps one connection for all its session locks.
//
// A host that vanishes without closing its socket (power loss, a network cut) is noticed by the server
// after SERVER_DROP_MS (TCP keepalives and a user timeout asked for this session), and by the process
// itself sooner, within CLIENT_NOTICE_MS (a ping with a deadline): a holder learns it lost its lock
// before anyone else may act on it, and stops its work (every lock held here is told). The gap between
// the two is the grace a holder's work has to end once told: leased work keeps each step it cannot
// abort shorter than HOLDER_GRACE_MS (a webhook attempt's 15 s), so no step runs in two processes at once.
// Once lost, the connection is made again in the background and the owner lock taken again.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from '../observability/logger';
import { settledWithin } from '../runtime/time-limit';
import { lockKeySql, OWNER_LOCK_PREFIX, ownerAliveSql } from './owner-sql';

/** How often the process checks that its connection answers, and how long an answer may take. */
const PING_EVERY_MS = 2_000;
const PING_DEADLINE_MS = 5_000;
const TICK_MS = 1_000;
/** The longest a lost connection goes unnoticed here: the cut just after an answer, the next ping on
 *  the tick after PING_EVERY_MS, its deadline seen on the tick after PING_DEADLINE_MS. */
export const CLIENT_NOTICE_MS = PING_EVERY_MS + TICK_MS + PING_DEADLINE_MS + TICK_MS;
/** The longest a step of leased work may go on once its holder was told it lost its lock. */
export const HOLDER_GRACE_MS = 20_000;
/** The server drops the locks of a session whose peer is gone after this: TCP keepalives (idle, then
 *  probes) while the session is idle, the user timeout while an answer waits unacknowledged. Longer than
 *  CLIENT_NOTICE_MS + HOLDER_GRACE_MS (29 s). */
const KEEPALIVE = { idle: 10, interval: 5, count: 5 };
export const SERVER_DROP_MS = (KEEPALIVE.idle + KEEPALIVE.interval * KEEPALIVE.count) * 1_000;
/** A connection and its owner lock are made within this, or given up and tried again. */
const CONNECT_MS = 10_000;
const RECONNECT_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;
const CLOSE_MS = 1_000;

/** A session advisory lock taken on the owner connection. */
export interface SessionLock {
  /** Gives it back (nothing to do when the connection it was taken on is gone: it went with it). */
  release(): Promise<void>;
}

interface Session {
  client: Client;
  /** The connection's queries, one after the other (pg wants no query sent while one is running). */
  queue: Promise<unknown>;
  /** Since when the ping in flight waits for its answer. */
  pingSince: number | null;
  lastAnswer: number;
}

interface Held {
  session: Session;
  onLost: () => void;
}

export class ProcessOwner {
  /** This process's name on every row it holds: host, pid and a nonce (a restarted pid is another owner). */
  readonly name = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private session: Session | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RECONNECT_MS;
  private readonly ticker: NodeJS.Timeout;
  /** Locks taken (or being taken) here, by name: a second taker here is refused, never let in by
   *  PostgreSQL's reentrant session locks. */
  private readonly held = new Map<string, Held>();

  private constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  /** Connects and takes the owner lock; a database that cannot be reached fails the start. */
  static async start(url: string, log: Logger): Promise<ProcessOwner> {
    const owner = new ProcessOwner(url, log);
    try {
      await owner.connect();
    } catch (err) {
      await owner.close();
      throw err;
    }
    return owner;
  }

  /** Whether the owner lock is held now: work that takes a lease does not start while it is not (the
   *  lease would protect nothing). */
  get connected(): boolean {
    return this.session !== null;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: CONNECT_MS, application_name: `owner ${this.name}`.slice(0, 63) });
    // Listening from the start: an error event with no listener would end the process.
    let session: Session | null = null;
    client.on('error', (err) => session && this.dropped(session, err));
    client.on('end', () => session && this.dropped(session));
    const setup = (async () => {
      await client.connect();
      await client.query(
        `select set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false), set_config('tcp_keepalives_count', $3, false),
                set_config('tcp_user_timeout', $4, false)`,
        [String(KEEPALIVE.idle), String(KEEPALIVE.interval), String(KEEPALIVE.count), String(SERVER_DROP_MS)],
      );
      // Without waiting: after a cut this process's previous session may still hold it on the server (a
      // network cut it has not noticed yet). The lock is then taken again once the server drops that one.
      const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${lockKeySql('$1::text')}) as ok`, [OWNER_LOCK_PREFIX + this.name]);
      if (rows[0]?.ok !== true) throw new Error('the owner lock is still held by the previous connection, which the server has not dropped yet');
    })();
    try {
      if (!(await settledWithin(setup, CONNECT_MS))) throw new Error(`no connection and owner lock within ${CONNECT_MS} ms`);
      await setup;
    } catch (err) {
      await cut(client);
      throw err;
    }
    if (this.closing) {
      await cut(client);
      return;
    }
    session = { client, queue: Promise.resolve(), pingSince: null, lastAnswer: Date.now() };
    this.session = session;
    this.retryMs = RECONNECT_MS;
  }

  /** The connection is gone (or given up): every lock on it went with it. */
  private dropped(session: Session, err?: Error): void {
    if (session !== this.session) return;
    this.session = null;
    if (this.closing) return;
    this.log.error('process owner connection lost; its locks are gone and their holders told', { err: String(err ?? 'connection ended') });
    for (const [name, h] of this.held) {
      if (h.session !== session) continue;
      this.held.delete(name);
      h.onLost();
    }
    void cut(session.client);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closing || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => this.log.info('process owner connection made again'),
        (err) => {
          this.log.warn('process owner connection still down', { err: String(err) });
          this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
          this.reconnectLater();
        },
      );
    }, this.retryMs);
    this.retry.unref();
  }

  /** The ping: a connection that has not answered within PING_DEADLINE_MS is given up. The verdict waits
   *  for the I/O already received (setImmediate runs after it): a process that was busy does not
   *  mistake its own delay for the server's. */
  private tick(): void {
    const session = this.session;
    if (!session) return;
    const now = Date.now();
    if (session.pingSince !== null) {
      if (now - session.pingSince < PING_DEADLINE_MS) return;
      setImmediate(() => {
        if (session.pingSince !== null && Date.now() - session.pingSince >= PING_DEADLINE_MS) this.dropped(session, new Error(`no answer within ${PING_DEADLINE_MS} ms`));
      });
      return;
    }
    if (now - session.lastAnswer < PING_EVERY_MS) return;
    session.pingSince = now;
    this.query(session, 'select 1', []).then(
      () => {
        session.pingSince = null;
        session.lastAnswer = Date.now();
      },
      () => undefined, // the connection's 'error' or 'end' says what happened
    );
  }

  /**
   * Takes the session advisory lock named `lockName` on the owner connection, without waiting; null when
   * a session (here or in another process) holds it, or when the connection is down. `onLost`: the
   * connection holding it was lost while it was held (it is then free for others).
   */
  async tryLock(lockName: string, onLost: () => void): Promise<SessionLock | null> {
    const session = this.session;
    if (!session || this.held.has(lockName)) return null;
    const held: Held = { session, onLost };
    this.held.set(lockName, held);
    let ok = false;
    try {
      const { rows } = await this.query<{ ok: boolean }>(session, `select pg_try_advisory_lock(${lockKeySql('$1::text')}) as ok`, [lockName]);
      ok = rows[0]?.ok === true;
    } catch (err) {
      this.log.warn('session lock could not be taken', { lock: lockName, err: String(err) });
    }
    if (!ok || this.held.get(lockName) !== held) {
      if (this.held.get(lockName) === held) this.held.delete(lockName);
      return null;
    }
    return { release: () => this.release(lockName, held) };
  }

  private async release(lockName: string, held: Held): Promise<void> {
    if (this.held.get(lockName) !== held) return;
    this.held.delete(lockName);
    if (held.session !== this.session) return;
    await this.query(held.session, `select pg_advisory_unlock(${lockKeySql('$1::text')})`, [lockName]).catch((err) => {
      this.log.warn('session lock could not be given back', { lock: lockName, err: String(err) });
    });
  }

  /** Of these owner names, those whose process is alive (holds its owner lock). Throws while disconnected. */
  async alive(owners: readonly string[]): Promise<Set<string>> {
    const session = this.session;
    if (!session) throw new Error('the process owner connection is down');
    const { rows } = await this.query<{ owner: string }>(session, `select o as owner from unnest($1::text[]) o where ${ownerAliveSql('o')}`, [owners]);
    return new Set(rows.map((r) => r.owner));
  }

  private query<R extends object>(session: Session, text: string, params: unknown[]) {
    const result = session.queue.then(() => session.client.query<R>(text, params));
    session.queue = result.catch(() => undefined);
    return result;
  }

  /** Ends the connection: PostgreSQL drops the owner lock and every lock still held, so every lease of
   *  this process is free for the others at once. Bounded: a server that does not answer is cut. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.ticker);
    if (this.retry) clearTimeout(this.retry);
    const session = this.session;
    this.session = null;
    this.held.clear();
    if (session) await cut(session.client);
  }
}

/** Ends a connection, bounded: a server that does not answer is cut off. */
async function cut(client: Client): Promise<void> {
  if (await settledWithin(client.end(), CLOSE_MS)) return;
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
