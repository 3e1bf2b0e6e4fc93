// Starts the real service (same wiring as `npm start`) against the test database, on a free port.
import { loadConfig, type Config } from '../../src/runtime/config';
import type { Clock } from '../../src/runtime/clock';
import { createLogger, type Logger } from '../../src/observability/logger';

// Unexpected errors (500s) are printed so a failing test shows why; routine logs stay quiet.
const testLogger: Logger = createLogger({ level: 'error' });
import type { DnsResolver } from '../../src/net/dns';
import type { AppModule } from '../../src/runtime/app-module';
import type { Ports } from '../../src/runtime/ports';
import { startService, type RunningService } from '../../src/service';
import { DELIVER_JOB, FAN_OUT_JOB } from '../../src/modules/webhooks/delivery.job';
import { scryptPasswords, type ScryptParams } from '../../src/security/crypto';

/**
 * The password cost the test services hash at: the tests sign up and log in well over a thousand times,
 * and at decisions.md §10's cost (N = 2^15) each hash is 100–300 ms of CPU on a two-core machine, CPU the
 * rest of the run then waits for. 2^10 is 32 times cheaper and the same code. accounts.test.ts (the cost
 * new hashes are made at, the upgrade of older ones) and password-hash.test.ts keep the real cost.
 */
export const TEST_PASSWORD_PARAMS: ScryptParams = { ln: 10, r: 8, p: 1 };

export interface TestServiceOptions {
  env?: Record<string, string>;
  clock?: Clock;
  dns?: DnsResolver;
  /** Fakes for the service's ports (src/runtime/ports.ts); the rest are the real ones, but for passwords
   *  hashed at TEST_PASSWORD_PARAMS. */
  ports?: Partial<Ports>;
  jobs?: boolean;
  /** With jobs: also run webhook delivery (off by default: its jobs deliver every workspace's events on
   *  the wall clock, which would attempt other test files' deliveries behind their fake clocks). */
  webhookJobs?: boolean;
  /** The areas to run (src/modules/index.ts unless given): a test may add one of its own. */
  modules?: readonly AppModule[];
  /** Where the service logs (errors only, to stdout, unless given): a test that reads the log lines passes
   *  a logger writing to a stream of its own (src/observability/logger.ts createLogger). */
  log?: Logger;
  /** A rate-limit window shorter than the real 60 s, to see one end (rate-limits.test.ts). */
  rateLimitWindowSeconds?: number;
  /** Listen on this port (any free one unless given): for a PUBLIC_URL known before the start. */
  port?: number;
}

export async function startTestService(opts: TestServiceOptions = {}): Promise<RunningService & { config: Config }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is unset: run the tests with jest (test/support/global-setup.ts)');
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: process.env.TEST_DATA_DIR,
    SECRET_KEY: 'test-secret-key',
    // Files make hundreds of requests per workspace; rate-limits.test.ts tests the real default.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...opts.env,
  });
  if (opts.rateLimitWindowSeconds) config.rateLimit.windowSeconds = opts.rateLimitWindowSeconds;
  const service = await startService(config, {
    port: opts.port ?? 0,
    log: opts.log ?? testLogger,
    jobs: opts.jobs ?? false,
    skipJobs: opts.webhookJobs ? [] : [FAN_OUT_JOB, DELIVER_JOB],
    clock: opts.clock,
    dns: opts.dns,
    ports: { passwords: scryptPasswords(TEST_PASSWORD_PARAMS), ...opts.ports },
    modules: opts.modules,
  });
  return { ...service, config };
}
