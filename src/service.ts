// Composition root: config → database (+ migrations) → schema → HTTP → jobs. Used by main.ts and by
// the test harness, so tests run the very same wiring as `npm start`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp } from '../rest/app';
import { startJobs, type JobRunner } from '../jobs/runner';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { AppDeps } from './context';
import { loadSecretKey, Secrets } from './crypto';
import { openDatabase } from './db/orm';
import { buildAppSchema } from './graphql/schema';
import { consoleLogger, type Logger } from './logger';
import { smtpThread } from './mail/smtp-thread';
import { createResolver, type DnsResolver } from './net/dns';

export interface RunningService {
  deps: AppDeps;
  url: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  clock?: Clock;
  dns?: DnsResolver;
  /** Tests may skip the job runner to keep each file light. */
  jobs?: boolean;
  /** Listen on this port instead of config.port (0: any free port). */
  port?: number;
  /** Aborted (SIGTERM during start-up): start no further, stop what has started, reject. */
  signal?: AbortSignal;
}

export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const log = opts.log ?? consoleLogger;
  const started = Date.now();
  const secrets = new Secrets(loadSecretKey(config.secretKey, config.dataDir, (m) => log.info(m)));
  const db = await openDatabase(config, (m) => log.info(m), opts.signal);
  let ready = false;
  let jobs: JobRunner | null = null;
  let server: http.Server | null = null;
  try {
    const deps: AppDeps = { config, orm: db.orm, secrets, clock: opts.clock ?? systemClock, log, dns: opts.dns ?? createResolver(config.dnsServers) };
    const schema = await buildAppSchema();
    const httpApp = await createHttpApp(deps, schema, { isReady: () => ready });
    opts.signal?.throwIfAborted();
    server = http.createServer(httpApp.app);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(opts.port ?? config.port, resolve);
    });
    opts.signal?.throwIfAborted();
    if (opts.jobs !== false) jobs = await startJobs(deps, db.url);
    opts.signal?.throwIfAborted();
    ready = true;
    const port = (server.address() as AddressInfo).port;
    log.info('service ready', { url: `http://localhost:${port}`, graphql: `http://localhost:${port}/graphql`, ms: Date.now() - started });

    let stopping: Promise<void> | null = null;
    return {
      deps,
      url: `http://127.0.0.1:${port}`,
      databaseUrl: db.url,
      stop() {
        stopping ??= (async () => {
          ready = false;
          // Stop taking requests, let in-flight ones finish, then jobs, then the database.
          const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
          server!.closeIdleConnections();
          await jobs?.stop();
          // Jobs have drained their sends; an idle SMTP thread would otherwise outlive the service.
          await smtpThread.stopIfIdle();
          await closed;
          await httpApp.stop();
          await db.close();
        })();
        return stopping;
      },
    };
  } catch (err) {
    server?.close();
    await jobs?.stop().catch(() => undefined);
    await db.close();
    throw err;
  }
}
