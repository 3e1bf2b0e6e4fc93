// Runs of columns (decisions.md §7, README.md here). POST /blocks/:id/run marks the cells to fill
// (`queued`) and queues one `column-run` job carrying the column id. The job holds the column by a lease
// (run_lease_until), re-reads what is still queued in small batches, fills a few cells at once and writes
// each outcome as it comes, counting run_left down. It ends the run when nothing is queued, or early with
// a run_note when the monthly cap is reached or the model cannot be reached. After a crash the cells
// still queued are exactly what is left: the resume sweep (every minute) queues the job again for any
// running column whose lease ran out, and the run goes on where it stopped. Told to stop (SIGTERM) the
// job lets its lease go and returns, and the job runner makes the run due again at once, so another
// process (or the next start) takes it up. Safe to run twice: a second job finds the lease held and
// returns.
import type { AppDeps } from '../../context';
import { mapLimited } from '../../concurrency';
import { sql } from '../../db/sql';
import type { JobDefinition } from '../../job';
import { fillCell, RunStop, type ColumnDef, type FillOptions } from './cell-fill';
import type { ColumnKind } from './column.entity';
import { nextQueued, writeOutcome } from './columns.queries';
import { reserveCall } from './monthly-cap';

export const COLUMN_RUN_JOB = 'column-run';
export const COLUMN_RESUME_JOB = 'column-runs-resume';
/** Cells filled at once in one run (model calls or page reads in flight). */
export const CELL_CONCURRENCY = 4;
/** Cells read per batch. */
export const BATCH = 16;
/** How long a worker holds a column without writing before another may take the run over. */
export const LEASE_MS = 5 * 60_000;

export interface RunOptions {
  stopping?: () => boolean;
  /** Model back-off base (tests shorten it). */
  backoffMs?: number;
  attempts?: number;
}

/** Takes the column's lease if the run is going and nobody holds it; the column as it is then. */
async function takeLease(deps: AppDeps, columnId: string) {
  const now = deps.clock.now();
  const [row] = await sql(
    deps.orm.em.fork(),
    `update lead_column set run_lease_until = ? where id = ? and running and (run_lease_until is null or run_lease_until < ?)
     returning id, workspace_id, name, kind, template, max_chars`,
    [new Date(now.getTime() + LEASE_MS), columnId, now],
  );
  return row;
}

/** Fills the queued cells of one column until none is left or the run must stop. */
export async function runColumnCells(deps: AppDeps, columnId: string, opts: RunOptions = {}): Promise<void> {
  const row = await takeLease(deps, columnId);
  if (!row) return;
  const em = deps.orm.em.fork();
  const workspaceId = String(row.workspace_id);
  const column: ColumnDef = { name: String(row.name), kind: row.kind as ColumnKind, template: (row.template as string | null) ?? null, maxChars: Number(row.max_chars) };
  const fill: FillOptions = {
    reserveCall: () => reserveCall(em.fork(), workspaceId, deps.clock.now(), deps.config.columnMonthlyCap),
    backoffMs: opts.backoffMs,
    attempts: opts.attempts,
  };
  const progress = () =>
    sql(em, `update lead_column set run_left = (select count(*) from column_cell where column_id = ? and queued), run_lease_until = ? where id = ?`, [
      columnId,
      new Date(deps.clock.now().getTime() + LEASE_MS),
      columnId,
    ]);

  for (;;) {
    if (opts.stopping?.()) {
      // Told to stop: let the lease go, so the run the job runner makes due again (in this process or
      // another) takes it up at once instead of waiting for the lease to run out.
      await sql(em, `update lead_column set run_lease_until = null where id = ?`, [columnId]);
      return;
    }
    const batch = await nextQueued(em, columnId, BATCH);
    if (!batch.length) {
      await sql(em, `update lead_column set running = false, run_left = 0, run_lease_until = null where id = ?`, [columnId]);
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
      await sql(
        em,
        `update lead_column set running = false, run_note = ?, run_lease_until = null,
                run_left = (select count(*) from column_cell where column_id = ? and queued) where id = ?`,
        [s.note, columnId, columnId],
      );
      await sql(em, `update column_cell set queued = false where column_id = ? and queued`, [columnId]);
      deps.log.info('column run stopped early', { columnId, note: s.note });
      return;
    }
    await progress();
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
  const rows = await sql(deps.orm.em.fork(), `select id from lead_column where running and (run_lease_until is null or run_lease_until < ?)`, [deps.clock.now()]);
  for (const r of rows) await deps.jobs.enqueue(COLUMN_RUN_JOB, { columnId: String(r.id) });
  return rows.length;
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
