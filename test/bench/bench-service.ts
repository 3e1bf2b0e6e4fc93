// What the in-process benchmarks share: the service (no jobs) on a throw-away embedded PostgreSQL in a
// temporary directory, removed again afterwards, and the way a benchmark file runs its main().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src/runtime/clock';
import { loadConfig } from '../../src/runtime/config';
import { startEmbeddedPostgres } from '../../src/storage/embedded-postgres';
import { silentLogger } from '../../src/observability/logger';
import { startService, type RunningService } from '../../src/service';

export interface BenchService {
  service: RunningService;
  /** Runs SQL on the bench database (outside any transaction). */
  run(sql: string, params?: unknown[]): Promise<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
  stop(): Promise<void>;
}

export async function startBenchService(name: string, opts: { env?: Record<string, string>; clock?: Clock } = {}): Promise<BenchService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-bench-`));
  const pg = await startEmbeddedPostgres(dataDir);
  const config = loadConfig({ DATABASE_URL: pg.url, DATA_DIR: dataDir, SECRET_KEY: 'bench-secret', RATE_LIMIT_PER_MINUTE: '1000000', ...opts.env });
  const service = await startService(config, { port: 0, log: silentLogger, jobs: false, clock: opts.clock });
  const conn = service.deps.orm.em.getConnection();
  return {
    service,
    run: (sql, params = []) => conn.execute(sql, params),
    async stop() {
      await service.stop();
      await pg.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The machine a run's figures come from, to print with them: figures compare within one run, and across
 *  runs only with the same machine and Node (the reply-ingest code of 2026-11-26, 78–82% of its baseline
 *  on the machine it was written on, measured 60–64% on another a week later, under the same Node 20, and
 *  about 52% there under Node 24). */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`;
}

/** Milliseconds since `t` (process.hrtime.bigint()). */
export const ms = (t: bigint): number => Number(process.hrtime.bigint() - t) / 1e6;

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `call` made once to warm up, then `runs` times: the median time in ms and the last answer. An answer
 *  other than `expected` (200) ends the benchmark. */
export async function timeCalls<R extends { status: number; text: string; body?: unknown }>(
  label: string,
  runs: number,
  call: () => Promise<R>,
  expected = 200,
): Promise<{ median: number; body: unknown }> {
  await call();
  const times: number[] = [];
  let body: unknown;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const res = await call();
    times.push(ms(t));
    if (res.status !== expected) throw new Error(`${label}: ${res.status} ${res.text}`);
    body = res.body;
  }
  return { median: median(times), body };
}

/** Runs a benchmark file's main() when the file is run directly; a failure exits non-zero. */
export function runWhenMain(mod: NodeModule, main: () => Promise<void>): void {
  if (require.main !== mod) return;
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
