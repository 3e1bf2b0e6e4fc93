// Composition root: config → database (+ migrations) → schema → jobs → HTTP, by the process's roles
// (decisions.md §13). Used by main.ts and by
// the test harness, so tests run the very same wiring as `npm start`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, createProbeApp, type HttpApp } from '../rest/app';
import { startJobQueue, startJobs, type JobRunner } from '../jobs/runner';
import { collectModules, type AppModule } from './runtime/app-module';
import { buildPorts } from './runtime/build-ports';
import type { Clock } from './runtime/clock';
import type { Config } from './runtime/config';
import type { AppDeps } from './runtime/context';
import { loadSecretKey, Secrets } from './security/crypto';
import { openDatabase } from './storage/orm';
import { ProcessOwner } from './storage/process-owner';
import { buildAppSchema } from './contracts/graphql/schema';
import { createLogger, type Logger } from './observability/logger';
import { Metrics } from './observability/metrics/registry';
import { appModules } from './modules';
import { databaseCheck, jobRunnerCheck, migrationsCheck, Readiness } from './observability/readiness';
import type { DnsResolver } from './net/dns';
import type { Ports } from './runtime/ports';
import { settledWithin } from './runtime/time-limit';

/** decisions.md §1: SIGTERM ends within 10 s whatever is running. In-flight requests get this long (while
 *  the jobs reach their safe points, jobs/runner.ts), then their connections are closed; each later step
 *  of the stop is bounded by STOP_STEP_MS, and the database stops last. */
export const HTTP_DRAIN_MS = 3_000;
const STOP_STEP_MS = 1_000;

export interface RunningService {
  deps: AppDeps;
  /** What Express serves under /api (method, path), read off its router. */
  apiRoutes: { method: string; path: string }[];
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Shorthands for ports.clock and ports.dns. */
  clock?: Clock;
  dns?: DnsResolver;
  /** Replaces real ports (ports.ts) with these: a test's fake clock, DNS, HTTP, SMTP, … */
  ports?: Partial<Ports>;
  /** Tests may skip the job runner to keep each file light: then nothing is run and what requests queue
   *  is only held (src/runtime/job-queue.ts), whatever SERVICE_ROLES says. */
  jobs?: boolean;
  /** Jobs not to run (by name) when the runner starts: tests leave out those that would act on other
   *  test files' workspaces with the wall clock. */
  skipJobs?: readonly string[];
  /** Listen on this port instead of config.port (0: any free port). */
  port?: number;
  /** Aborted (SIGTERM during start-up): start no further, stop what has started, reject. */
  signal?: AbortSignal;
  /** The areas to run; every area of src/modules/index.ts unless given (a test may add one). */
  modules?: readonly AppModule[];
}

export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const log = opts.log ?? createLogger({ level: config.logLevel });
  const started = Date.now();
  const secrets = new Secrets(loadSecretKey(config.secretKey, config.dataDir, (m) => log.info(m)));
  // The composition root walks the module manifests once (src/modules/index.ts).
  const modules = collectModules(opts.modules ?? appModules);
  const db = await openDatabase(
    config,
    (m) => log.info(m),
    opts.signal,
    modules.entities,
    (m) => log.warn('database driver', { detail: m }),
  );
  let ready = false;
  let owner: ProcessOwner | null = null;
  let jobs: JobRunner | null = null;
  let queue: { stop(): Promise<void> } | null = null;
  let server: http.Server | null = null;
  let httpApp: HttpApp | null = null;
  // decisions.md §13: `api` serves the API; `jobs` runs the job runner. A process without `jobs` still
  // queues jobs (to the shared rows, for the job processes); one without `api` answers only the probes.
  const servesApi = config.roles.has('api');
  const hasJobsRole = config.roles.has('jobs');
  const runsJobs = hasJobsRole && opts.jobs !== false;
  try {
    // Before requests and jobs: every lease they take names this process, and counts while it lives
    // (jobs/README.md "Owner").
    owner = await ProcessOwner.start(db.url, log);
    const deps: AppDeps = {
      config,
      orm: db.orm,
      secrets,
      log,
      owner,
      extensions: modules.extensions,
      // Read at scrape time only, so `deps` is built by then (its clock for the gauges' "now").
      metrics: new Metrics({ orm: db.orm, log, now: () => deps.clock.now() }),
      ...buildPorts(config, { clock: opts.clock, dns: opts.dns, ...opts.ports }),
    };
    const readiness = new Readiness({
      database: databaseCheck(db.orm),
      migrations: migrationsCheck(db.orm),
      ...(runsJobs ? { jobs: jobRunnerCheck(() => jobs, owner) } : {}),
    });
    const probes = { isReady: () => ready, readiness };
    if (servesApi) httpApp = await createHttpApp(deps, await buildAppSchema(modules.resolvers), { ...probes, routes: modules.routes, tags: modules.tags });
    opts.signal?.throwIfAborted();
    // The job runner (or the queue) before the server listens: from the first request on, what a request
    // queues goes to the shared rows, never into this process's memory (decisions.md §13).
    const moduleJobs = modules.jobs(config);
    if (runsJobs) {
      const skipped = new Set(opts.skipJobs ?? []);
      jobs = await startJobs(
        deps,
        db.url,
        moduleJobs.filter((j) => !skipped.has(j.name)),
      );
    } else if (!hasJobsRole && opts.jobs !== false) {
      queue = await startJobQueue(
        deps,
        db.url,
        moduleJobs.map((j) => j.name),
      );
    }
    opts.signal?.throwIfAborted();
    server = http.createServer(httpApp?.app ?? createProbeApp(deps, probes));
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(opts.port ?? config.port, resolve);
    });
    opts.signal?.throwIfAborted();
    ready = true;
    const port = (server.address() as AddressInfo).port;
    log.info('service ready', {
      url: `http://localhost:${port}`,
      ...(servesApi ? { graphql: `http://localhost:${port}/graphql` } : {}),
      roles: [...config.roles].join(','),
      ms: Date.now() - started,
    });

    let stopping: Promise<void> | null = null;
    return {
      deps,
      apiRoutes: httpApp?.apiRoutes ?? [],
      url: `http://127.0.0.1:${port}`,
      databaseUrl: db.url,
      stop() {
        stopping ??= (async () => {
          ready = false;
          // Requests waiting on a mail server end now (answered as refusals), not at the drain's end.
          deps.smtp.endRequestWork?.();
          deps.imap.endRequestWork?.();
          // Stop taking requests and jobs at once; requests in flight drain while the jobs stop.
          const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
          server!.closeIdleConnections();
          const drained = settledWithin(closed, HTTP_DRAIN_MS).then((done) => {
            if (done) return;
            log.warn('requests still in flight at stop: their connections are closed');
            server!.closeAllConnections();
          });
          await Promise.all([jobs?.stop(), queue?.stop(), drained]);
          // The jobs have stopped: DNS look-ups still in flight are dropped, and the SMTP thread (unless a
          // send given up at the grace is still on it), the IMAP parse thread and GraphQL are ended.
          deps.dns.cancel?.();
          // With them the owner connection closes, last before the database: what this process still held
          // (work given up at the grace) stayed its own until now, and every lease of it is free for the
          // others from here on.
          await settledWithin(Promise.allSettled([deps.smtp.close(), deps.imap.close(), httpApp?.stop(), deps.owner.close()]), STOP_STEP_MS);
          await db.close();
        })();
        return stopping;
      },
    };
  } catch (err) {
    server?.close();
    await jobs?.stop().catch(() => undefined);
    await queue?.stop().catch(() => undefined);
    await owner?.close();
    await db.close();
    throw err;
  }
}
