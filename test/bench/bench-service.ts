// What the in-process benchmarks share: the service (no jobs) on a throw-away embedded PostgreSQL in a
// temporary directory, removed again afterwards, and the way a benchmark file runs its main().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { silentLogger } from '../../src/logger';
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
  const config = loadConfig({ DATABASE_URL: pg.url, DATA_DIR: dataDir, SECRET_KEY: 'bench-secret', ...opts.env });
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

/** Runs a benchmark file's main() when the file is run directly; a failure exits non-zero. */
export function runWhenMain(mod: NodeModule, main: () => Promise<void>): void {
  if (require.main !== mod) return;
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
