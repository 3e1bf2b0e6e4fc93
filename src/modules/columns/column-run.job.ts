// Runs of columns (decisions.md §7, README.md here). POST /blocks/:id/run marks the cells to fill
// (`queued`) and queues one `column-run` job carrying the column id. The job holds the column by a lease
// (run_lease_until, in the name of its process), re-reads what is still queued in small batches, fills a
// few cells at once and writes each outcome as it comes, counting run_left down. It ends the run when
// nothing is queued, or early with a run_note when the monthly cap is reached or the model cannot be
// reached. After a crash the cells still queued are exactly what is left, and the dead process's lease is
// free at once: the job runner runs the job again on another process within seconds, and the resume
// sweep (every minute) queues it for any running column nobody holds; the run goes on where it stopped.
// Told to stop (SIGTERM, or its process lost its owner lock) the job lets its lease go and returns, and
// the job runner makes the run due again at once, so another process (or the next start) takes it up.
// Safe to run twice: a second job finds the lease held and returns.
import type { AppDeps } from '../../runtime/context';
import { mapLimited } from '../../runtime/concurrency';
import type { JobDefinition } from '../../runtime/job';
import { fillCell, RunStop, type ColumnDef, type FillOptions } from './cell-fill';
import type { ColumnKind } from './column.entity';
import { endRun, recordProgress, releaseRunLease, runsToResume, stopRunEarly, takeRunLease } from './column-run.queries';
import { nextQueued, writeOutcome } from './columns.queries';
import { reserveCall } from './monthly-cap';

export const COLUMN_RUN_JOB = 'column-run';
export const COLUMN_RESUME_JOB = 'column-runs-resume';
/** Cells filled at once in one run (model calls or page reads in flight). */
export const CELL_CONCURRENCY = 4;
/** Cells read per batch. */
export const BATCH = 16;
/** How long a worker holds a column without writing before another may take the run over, while the
 *  worker's process lives (a dead one's lease is free at once): the backstop for a frozen process. */
export const LEASE_MS = 5 * 60_000;

export interface RunOptions {
  stopping?: () => boolean;
  /** Model back-off base (tests shorten it). */
  backoffMs?: number;
  attempts?: number;
}

/** Fills the queued cells of one column until none is left or the run must stop. */
export async function runColumnCells(deps: AppDeps, columnId: string, opts: RunOptions = {}): Promise<void> {
  // A lease taken while this process holds no owner lock would protect nothing.
  if (!deps.owner.connected) return;
  const em = deps.orm.em.fork();
  const holder = deps.owner.name;
  const leaseUntil = () => new Date(deps.clock.now().getTime() + LEASE_MS);
  const row = await takeRunLease(em, columnId, deps.clock.now(), leaseUntil(), holder);
  if (!row) return;
  const workspaceId = row.workspaceId;
  const column: ColumnDef = { name: row.name, kind: row.kind as ColumnKind, template: row.template, maxChars: row.maxChars };
  const fill: FillOptions = {
    reserveCall: () => reserveCall(em.fork(), workspaceId, deps.clock.now(), deps.config.columnMonthlyCap),
    backoffMs: opts.backoffMs,
    attempts: opts.attempts,
  };

  for (;;) {
    if (opts.stopping?.()) {
      // Told to stop: let the lease go, so the run the job runner makes due again (in this process or
      // another) takes it up at once instead of waiting for the lease to run out.
      await releaseRunLease(em, columnId, holder);
      return;
    }
    const batch = await nextQueued(em, columnId, BATCH);
    if (!batch.length) {
      await endRun(em, columnId);
      return;
    }
    let stop: RunStop | null = null;
    await mapLimited(batch, CELL_CONCURRENCY, async (cell) => {
      if (stop || opts.stopping?.()) return;
      try {
        const outcome = await fillCell(deps, { id: cell.leadId, email: cell.email, vars: cell.vars }, column, fill);
        await writeOutcome(em.fork(), cell.cellId, column.name, outcome, deps.clock.now());
      } catch (err) {
        if (err instanceof RunStop) stop ??= err;
        else {
          // Not the lead's fault nor the endpoint's: record it on the cell and go on.
          deps.log.error('column cell failed', { columnId, leadId: cell.leadId, err: String((err as Error)?.stack ?? err) });
          await writeOutcome(
            em.fork(),
            cell.cellId,
            column.name,
            { status: 'failed', value: null, note: 'An unexpected error; it has been logged.', review: null },
            deps.clock.now(),
          );
        }
      }
    });
    if (stop) {
      // Ends early: what was not done stays undone (run_left says how much) and is no longer queued.
      const s: RunStop = stop;
      await stopRunEarly(em, columnId, s.note);
      deps.log.info('column run stopped early', { columnId, note: s.note });
      return;
    }
    if (!(await recordProgress(em, columnId, leaseUntil(), holder))) {
      // Another process holds the run now (this one's lease was lost): it goes on there.
      deps.log.warn('column run lease lost; the run goes on elsewhere', { columnId });
      return;
    }
  }
}

export function createColumnRunJob(opts: Omit<RunOptions, 'stopping'> = {}): JobDefinition<{ columnId: string }> {
  return {
    name: COLUMN_RUN_JOB,
    concurrency: 4,
    async run(deps, data, { signal }) {
      if (typeof data?.columnId !== 'string') return;
      await runColumnCells(deps, data.columnId, { ...opts, stopping: () => signal.aborted });
    },
  };
}

/** Running columns nobody holds (a worker died, or shut down mid-run): queue their run again. */
export async function resumeRuns(deps: AppDeps): Promise<number> {
  const ids = await runsToResume(deps.orm.em.fork(), deps.clock.now());
  for (const columnId of ids) await deps.jobs.enqueue(COLUMN_RUN_JOB, { columnId });
  return ids.length;
}

export function createResumeJob(): JobDefinition {
  return {
    name: COLUMN_RESUME_JOB,
    every: '1 minute',
    concurrency: 1,
    async run(deps, _data, { signal }) {
      if (!signal.aborted) await resumeRuns(deps);
    },
  };
}
