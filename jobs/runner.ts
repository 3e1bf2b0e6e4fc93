// The Agenda adapter: jobs live in PostgreSQL (same database) by default, in MongoDB when MONGODB_URL
// is set. Each job file exports a definition; jobs carry ids, re-read state and are safe to run twice.
// A job's lock is a lease that a dead process gives up within seconds, and a job never runs twice at
// once: the protocol, and what happens after a crash or a SIGTERM, are in README.md here.
import { Agenda, type Job, type JobId } from 'agenda';
import type { MongoBackend } from '@agendajs/mongo-backend';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { Pool } from 'pg';
import type { AppDeps } from '../src/runtime/context';
import type { JobDefinition } from '../src/runtime/job';
import { settledWithin } from '../src/runtime/time-limit';
import { withMigrationLock } from '../src/storage/migration-lock';
import { postgresRows, type AgendaRows } from './agenda-rows';
import { JobFences } from './fences';
import { heartbeatJob } from './heartbeat.job';
import { jobLease, LeasedRuns } from './leased-runs';
import { intervalMs, scanIntervalMs } from './scan-interval';

/** How often each process gives back the locks of processes that are gone. */
export const SWEEP_EVERY_MS = 3_000;
/** At stop, how long the runs in flight get to reach a safe point before their jobs are given back. */
export const STOP_GRACE_MS = 3_000;
/** At stop, the bound of Agenda's own stop, and of giving back what is still held and closing the
 *  connections (the database may be what is slow). */
const STOP_STEP_MS = 1_000;
const STOP_CLEANUP_MS = 1_500;
const TABLE = 'agenda_jobs';
/** Runs at once per process of a job that does not set its own concurrency. */
const DEFAULT_CONCURRENCY = 5;

/** Runs at once per process across every job: the sum of each job's own concurrency, so that each job's
 *  own limit is the only one. Agenda's process-wide default (20) let one job fill every slot: twenty
 *  placement tests (each holds its slot for the whole test, up to hours) stopped sending, reply polling
 *  and webhook delivery in that process. */
export function totalConcurrency(jobs: readonly JobDefinition[]): number {
  return jobs.reduce((sum, job) => sum + (job.concurrency ?? DEFAULT_CONCURRENCY), 0);
}

export interface JobRunner {
  agenda: Agenda;
  /** This process's name on the job rows it locks (Agenda's lastModifiedBy): host, pid and a nonce. */
  owner: string;
  /** Started and not told to stop (the readiness check, src/observability/readiness.ts). */
  readonly running: boolean;
  /** Stops taking jobs, tells the runs in flight to stop, waits for them at most STOP_GRACE_MS, and gives
   *  every job it still holds back to the other processes. Bounded whatever the runs do. */
  stop(): Promise<void>;
}

interface Backend {
  backend: MongoBackend | PostgresBackend;
  rows: AgendaRows;
  close(): Promise<void>;
}

async function openBackend(deps: AppDeps, databaseUrl: string): Promise<Backend> {
  const owner = deps.owner.name;
  if (deps.config.mongodbUrl) {
    const { backend, rows } = (await import('./mongo-backend')).mongoBackend(deps, deps.config.mongodbUrl);
    await connectOnce(backend);
    return { backend, rows, close: () => backend.disconnect() };
  }
  // Our own pool, so the lease writes (agenda-rows.ts) share it and it outlives agenda.stop() until the
  // runs in flight have written their rows.
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', (err) => deps.log.warn('job runner database connection error', { err: String(err) }));
  const backend = new PostgresBackend({ pool, tableName: TABLE });
  // The LISTEN connection reconnects by itself when the database goes away; its 'error' event must have
  // a listener, or losing the database would end the process.
  backend.notificationChannel?.on('error', (err) => deps.log.warn('job notification channel error; it reconnects', { err: String(err) }));
  try {
    await connectPostgresBackend(backend, databaseUrl);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const unwatch = deps.metrics.pools.watch('jobs', () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return {
    backend,
    rows: postgresRows(pool, TABLE, owner),
    close: () => {
      unwatch();
      return pool.end();
    },
  };
}

/** Agenda creates its tables with CREATE TABLE IF NOT EXISTS, which two processes starting at once on a
 *  fresh database can race (one fails on pg_class's unique index). It is schema work like a migration, so
 *  it waits on the same lock. */
export function connectPostgresBackend(backend: PostgresBackend, databaseUrl: string): Promise<void> {
  return withMigrationLock(databaseUrl, () => connectOnce(backend));
}

/** Connected here, once, before Agenda sees the backend: Agenda connects in its constructor without
 *  handling a failure, so a database that is down would become an unhandled rejection and a start()
 *  waiting forever. Its own connect() then gets this same connection. */
async function connectOnce(backend: MongoBackend | PostgresBackend): Promise<void> {
  const connected = backend.connect();
  backend.connect = () => connected;
  await connected;
}

/** Starts Agenda with the modules' jobs (src/runtime/app-module.ts) and the runner's own heartbeat. The process's
 *  owner (deps.owner, started by src/service.ts before this and closed after its stop) names this
 *  process on the rows it locks and holds the runs' fences. */
export async function startJobs(deps: AppDeps, databaseUrl: string, moduleJobs: readonly JobDefinition[]): Promise<JobRunner> {
  const owner = deps.owner.name;
  const fences = new JobFences(deps.owner);
  let opened: Backend | null = null;
  let agenda: Agenda | null = null;
  try {
    opened = await openBackend(deps, databaseUrl);
    const { backend, rows } = opened;
    // What dead processes held is given back before anything else (after a crash, at once).
    await giveBackDeadLocks(deps, rows, backend, 'start');
    const lease = jobLease(deps.config.jobLeaseSeconds);
    const runs = new LeasedRuns(deps, rows, fences, deps.log, lease);
    // A run whose lease was lost writes nothing more to its row: the row may be another process's now.
    const repository = backend.repository;
    const saveJobState = repository.saveJobState.bind(repository);
    repository.saveJobState = (job, options) => (runs.lost.has(job) ? Promise.resolve() : saveJobState(job, options));

    const jobDefinitions: JobDefinition[] = [heartbeatJob, ...moduleJobs];
    agenda = new Agenda({
      backend,
      name: owner,
      processEvery: scanIntervalMs(jobDefinitions),
      defaultConcurrency: DEFAULT_CONCURRENCY,
      maxConcurrency: totalConcurrency(jobDefinitions),
      defaultLockLifetime: lease.lifetimeMs,
    });
    // Once the stop closes the pool, what Agenda still had going (its queue filling locks due jobs one by
    // one until none is left, and does not look at the stop) meets the closed pool and reports it. The
    // stop gives those jobs back itself, so that report is no fault to raise.
    let poolClosing = false;
    agenda.on('error', (err: Error) =>
      poolClosing ? deps.log.debug('job runner error after its pool closed at stop', { err: String(err) }) : deps.log.error('job runner error', { err: String(err) }),
    );
    agenda.on('complete', (job: Job) => runs.completed(job));
    for (const def of jobDefinitions) agenda.define(def.name, runs.handler(def), { concurrency: def.concurrency, lockLifetime: lease.lifetimeMs });
    await agenda.start();
    await scheduleRecurring(agenda, jobDefinitions);
    const sweep = setInterval(() => void giveBackDeadLocks(deps, rows, backend, 'sweep'), SWEEP_EVERY_MS);
    sweep.unref();
    // deps.jobs.enqueue(name, data) lands here from now on (src/runtime/job-queue.ts holds what came before).
    const started = agenda;
    await deps.jobs.attach(async (name, data) => {
      if (!started.definitions[name]) throw new Error(`No job is registered under the name "${name}".`);
      await started.now(name, data);
    });

    let stopping: Promise<void> | null = null;
    const close = opened.close;
    return {
      agenda: started,
      owner,
      get running() {
        return stopping === null;
      },
      stop() {
        stopping ??= (async () => {
          clearInterval(sweep);
          // The runs in flight are told to stop at once; Agenda meanwhile stops scanning and unlocks what
          // it locked but has not started. Its connection stays open: the runs still write their rows.
          const ended = runs.stop(STOP_GRACE_MS);
          await settledWithin(
            started.stop(false).catch((err) => deps.log.warn('job runner stop failed', { err: String(err) })),
            STOP_STEP_MS,
          );
          await ended;
          deps.jobs.detach();
          // Whatever this process still holds (a run past the grace, a row locked as Agenda stopped) is
          // given back now rather than when its lease runs out. The fences go with the owner's connection,
          // which src/service.ts closes once the requests have drained too.
          const cleanup = async () => {
            await rows.expireOwn().catch((err) => deps.log.warn('could not give the jobs back', { err: String(err) }));
            poolClosing = true;
            await close().catch(() => undefined);
          };
          if (!(await settledWithin(cleanup(), STOP_CLEANUP_MS))) deps.log.warn('job runner connections still closing at stop');
        })();
        return stopping;
      },
    };
  } catch (err) {
    await agenda?.stop(false).catch(() => undefined);
    await opened?.close().catch(() => undefined);
    throw err;
  }
}

/** The job queue of a process without the `jobs` role (decisions.md §13): what its requests queue is
 *  written to Agenda's rows at once, for the job processes to run, and nothing is ever run here. Agenda is
 *  never started, so it takes no locks, scans nothing and schedules nothing; its notification channel,
 *  when the backend has one, wakes the job processes at once instead of at their next scan. */
export async function startJobQueue(deps: AppDeps, databaseUrl: string, jobNames: readonly string[]): Promise<{ stop(): Promise<void> }> {
  const opened = await openBackend(deps, databaseUrl);
  const known = new Set(jobNames);
  const channel = opened.backend.notificationChannel;
  try {
    await channel?.connect();
  } catch (err) {
    // Without it the job processes find the rows at their next scan, seconds later.
    deps.log.warn('job notification channel unavailable; queued jobs wait for the next scan', { err: String(err) });
  }
  // Agenda publishes on the backend's channel whenever it is connected.
  const agenda = new Agenda({ backend: opened.backend, name: deps.owner.name });
  agenda.on('error', (err: Error) => deps.log.error('job queue error', { err: String(err) }));
  await deps.jobs.attach(async (name, data) => {
    if (!known.has(name)) throw new Error(`No job is registered under the name "${name}".`);
    await agenda.now(name, data);
  });
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        deps.jobs.detach();
        const closed = (async () => {
          await channel?.disconnect().catch(() => undefined);
          await opened.close().catch(() => undefined);
        })();
        if (!(await settledWithin(closed, STOP_CLEANUP_MS))) deps.log.warn('job queue connections still closing at stop');
      })();
      return stopping;
    },
  };
}

/** Gives back, at once, the jobs locked by processes that are gone (owner-lock check in rows.expireDead),
 *  and wakes every process's scan for them (Agenda's notification channel, when the backend has one)
 *  rather than leaving them to the next scan. */
async function giveBackDeadLocks(deps: AppDeps, rows: AgendaRows, backend: MongoBackend | PostgresBackend, when: 'start' | 'sweep'): Promise<void> {
  try {
    const given = await rows.expireDead();
    if (!given.length) return;
    deps.log.info('gave back the jobs of a process that is gone', { when, jobs: given.map((g) => g.name) });
    const channel = backend.notificationChannel;
    if (channel?.state !== 'connected') return;
    for (const g of given) await channel.publish({ jobId: g.id as JobId, jobName: g.name, nextRunAt: null, priority: 0, timestamp: new Date() });
  } catch (err) {
    deps.log.warn('could not check for the jobs of processes that are gone', { when, err: String(err) });
  }
}

/** The recurring jobs' rows (one per name, shared by every process). A row that already has its schedule
 *  is left alone: Agenda's every() would rewrite it, naming this process as the holder of a lock another
 *  process holds, which would hide that lock from the check for dead holders. */
async function scheduleRecurring(agenda: Agenda, defs: readonly JobDefinition[]): Promise<void> {
  for (const def of defs) {
    if (!def.every) continue;
    const { jobs } = await agenda.queryJobs({ name: def.name });
    const row = jobs.find((j) => j.type === 'single');
    if (row && row.repeatInterval === def.every && row.nextRunAt && !row.disabled) continue;
    const job = await agenda.every(def.every, def.name, undefined, { skipImmediate: false });
    // every() keeps a row's next run when the one it computes is due now (its guard against moving a
    // recurring job at each start), so a row the old interval had put an hour away would wait out that
    // hour. A new interval starts now instead: at most one new interval from this start.
    const latest = Date.now() + intervalMs(def.every);
    if (job.attrs.nextRunAt && job.attrs.nextRunAt.getTime() > latest) {
      job.attrs.nextRunAt = new Date();
      await job.save();
    }
  }
}
