// `npm start`: runs the service until SIGTERM/SIGINT, then drains and exits 0.
import 'reflect-metadata';
import os from 'node:os';
import { ConfigError, loadConfig } from './runtime/config';
import { createLogger, type Logger } from './observability/logger';
// Only types here: the service's modules (ORM, GraphQL, Express, Agenda) take seconds to load and are
// required below, after the signal handlers are in place.
import type { RunningService } from './service';

/** Past this, a stop that has not finished is given up (decisions.md §1 allows 10 s in all). */
const STOP_BACKSTOP_MS = 9_500;

// Until the configuration is read (LOG_LEVEL among it), and to tell what is wrong with it: info.
let log: Logger = createLogger({ level: 'info' });

async function main() {
  // Handlers first, before anything slow: a SIGTERM at any point of start-up ends in exit 0 with the
  // embedded database stopped (decisions.md §1), never in the default "killed by signal".
  let signalled: string | null = null;
  let service: RunningService | null = null;
  const starting = new AbortController();
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = signal;
    // From here on a late rejection from a part being torn down (Agenda fires some queries without
    // awaiting them) is logged: it must not turn a clean stop into exit 1.
    process.on('unhandledRejection', (err) => log.warn('rejection while shutting down', { err: String(err) }));
    if (!service) {
      log.info('shutdown requested during start-up; stopping what has started', { signal });
      starting.abort(new StartAborted(signal));
      return;
    }
    log.info('shutting down', { signal });
    // Every step of the stop is bounded (service.ts, jobs/runner.ts) so that it ends within
    // decisions.md §1's 10 s; should one still hang, the process ends anyway, and says so.
    setTimeout(() => {
      log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, STOP_BACKSTOP_MS).unref();
    service.stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err) => {
        log.error('shutdown failed', { err: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      log.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  log = createLogger({ level: config.logLevel });
  log.info('starting'); // every line carries pid and hostname
  if (!config.roles.has('api')) yieldCpuToApi();
  try {
    const { startService } = await import('./service');
    starting.signal.throwIfAborted();
    service = await startService(config, { log, signal: starting.signal });
  } catch (err) {
    // Asked to stop while starting: startService has stopped what it started (the embedded database
    // included) whatever the error, since it may be the stop itself (a database stopped under it).
    if (!signalled) throw err;
    if (!(err instanceof StartAborted)) log.warn('start-up ended by the shutdown', { err: String(err) });
    log.info('stopped');
    process.exit(0);
  }
}

/** decisions.md §13: a process without the `api` role (sending, polling, deliveries: throughput work)
 *  lowers its own CPU priority, so that on a host it shares with API processes the requests are served
 *  first and the jobs take what CPU is left. Where the system refuses, it runs at normal priority. */
function yieldCpuToApi(): void {
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
    log.info('jobs-only process: CPU priority lowered below the API processes', { nice: os.getPriority() });
  } catch (err) {
    log.warn('could not lower the CPU priority of this jobs-only process', { err: String(err) });
  }
}

class StartAborted extends Error {
  constructor(signal: string) {
    super(`start-up interrupted by ${signal}`);
  }
}

main().catch((err) => {
  log.error('start-up failed', { err: String((err as Error)?.stack ?? err) });
  process.exit(1);
});
