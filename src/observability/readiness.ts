// decisions.md §13: `GET /api/health/ready` says whether this process can do its work now: the database
// answers, its migrations are the ones this code expects, and (with the `jobs` role) the job runner runs.
// A load balancer asks every few seconds and a database that has gone away answers nothing, so every
// check is bounded by CHECK_MS, one check runs at a time however many ask, and an answer is reused for
// REUSE_MS.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProcessOwner } from '../storage/process-owner';
import { pendingMigrations } from '../storage/orm';
import { settledWithin } from '../runtime/time-limit';

export const CHECK_MS = 2_000;
const REUSE_MS = 1_000;

/** One check: resolves when it holds, rejects (or runs past CHECK_MS) with why it does not. */
export type ReadinessCheck = () => Promise<void>;

export interface CheckResult {
  ok: boolean;
  /** Why it failed, in a few words (never a secret: these are the driver's and our own messages). */
  error?: string;
}

export interface ReadinessReport {
  ok: boolean;
  checks: Record<string, CheckResult>;
}

export class Readiness {
  private last: { at: number; report: ReadinessReport } | null = null;
  private running: Promise<ReadinessReport> | null = null;

  constructor(
    private readonly checks: Readonly<Record<string, ReadinessCheck>>,
    private readonly now: () => number = Date.now,
  ) {}

  report(): Promise<ReadinessReport> {
    if (this.last && this.now() - this.last.at < REUSE_MS) return Promise.resolve(this.last.report);
    this.running ??= this.runAll().finally(() => (this.running = null));
    return this.running;
  }

  private async runAll(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const results = await Promise.all(names.map((name) => runCheck(this.checks[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const report = { ok: results.every((r) => r.ok), checks };
    this.last = { at: this.now(), report };
    return report;
  }
}

async function runCheck(check: ReadinessCheck): Promise<CheckResult> {
  const run = check().then(
    (): CheckResult => ({ ok: true }),
    (err: unknown): CheckResult => ({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
  return (await settledWithin(run, CHECK_MS)) ? run : { ok: false, error: `no answer within ${CHECK_MS} ms` };
}

/** The database answers a query. */
export function databaseCheck(orm: MikroORM): ReadinessCheck {
  return async () => {
    const answer = await orm.checkConnection();
    if (!answer.ok) throw new Error(answer.reason);
  };
}

/** Every migration this code knows has run: a process of an older release beside a newer schema is
 *  still ready (migrations only add), one of a newer release before its migrations ran is not. */
export function migrationsCheck(orm: MikroORM): ReadinessCheck {
  return async () => {
    const pending = await pendingMigrations(orm.em.fork());
    if (pending.length) throw new Error(`${pending.length} migration(s) not applied: ${pending.join(', ')}`);
  };
}

/** The job runner runs: started and not stopping, and its process holds the owner lock, without which
 *  it takes no lease (jobs/README.md "Owner"). */
export function jobRunnerCheck(runner: () => { running: boolean } | null, owner: ProcessOwner): ReadinessCheck {
  return async () => {
    if (!runner()?.running) throw new Error('the job runner is not running');
    if (!owner.connected) throw new Error('the process owner connection is down; jobs wait for it');
  };
}
