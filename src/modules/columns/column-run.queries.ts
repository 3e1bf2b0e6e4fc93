// The SQL of a column run (column-run.job.ts, README.md here "After a crash"): the column's lease, the
// run's progress and its end. The lease (run_lease_until) names its holder, the process running the
// column (src/storage/process-owner.ts), and counts only while that process lives and its time has not run
// out (leaseFreeSql): a dead worker's column is free at once, a live one's is its own.
import type { EntityManager } from '@mikro-orm/postgresql';
import { leaseFreeSql } from '../../storage/owner-sql';
import { sql } from '../../storage/sql';

export interface LeasedColumn {
  id: string;
  workspaceId: string;
  name: string;
  kind: string;
  template: string | null;
  maxChars: number;
}

/**
 * Takes the column's lease in `holder`'s name until `until`, if its run goes on and nobody holds it; the
 * column as it is then.
 * @allWorkspaces keyed by the column a column-run job carries (queued by POST /blocks/:id/run in its workspace)
 */
export async function takeRunLease(em: EntityManager, columnId: string, now: Date, until: Date, holder: string): Promise<LeasedColumn | null> {
  const [r] = await sql(
    em,
    `update lead_column set run_lease_until = ?, run_lease_holder = ?
      where id = ? and running and ${leaseFreeSql('run_lease_until', 'run_lease_holder', '?')}
     returning id, workspace_id, name, kind, template, max_chars`,
    [until, holder, columnId, now],
  );
  if (!r) return null;
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    name: String(r.name),
    kind: String(r.kind),
    template: (r.template as string | null) ?? null,
    maxChars: Number(r.max_chars),
  };
}

/**
 * Counts run_left down to the cells still queued and renews the lease while `holder` holds it. False
 * when it no longer does (another process took the run over: this one stops).
 * @allWorkspaces keyed by the column whose lease this run took
 */
export async function recordProgress(em: EntityManager, columnId: string, until: Date, holder: string): Promise<boolean> {
  const [r] = await sql(
    em,
    `update lead_column set run_left = (select count(*) from column_cell where column_id = ? and queued),
            run_lease_until = case when run_lease_holder = ? then ? else run_lease_until end
      where id = ? returning run_lease_holder = ? as held`,
    [columnId, holder, until, columnId, holder],
  );
  return r?.held === true;
}

/**
 * Lets the column's lease go, while `holder` still holds it (a stopping run: the next one takes it at once).
 * @allWorkspaces keyed by the column whose lease this run took
 */
export async function releaseRunLease(em: EntityManager, columnId: string, holder: string): Promise<void> {
  await sql(em, `update lead_column set run_lease_until = null where id = ? and run_lease_holder = ?`, [columnId, holder]);
}

/**
 * Nothing is queued any more: the run is over.
 * @allWorkspaces keyed by the column whose lease this run took
 */
export async function endRun(em: EntityManager, columnId: string): Promise<void> {
  await sql(em, `update lead_column set running = false, run_left = 0, run_lease_until = null where id = ?`, [columnId]);
}

/**
 * The run ends early with `note`: what was not done stays undone (run_left says how much) and is no
 * longer queued.
 * @allWorkspaces keyed by the column whose lease this run took
 */
export async function stopRunEarly(em: EntityManager, columnId: string, note: string): Promise<void> {
  await sql(
    em,
    `update lead_column set running = false, run_note = ?, run_lease_until = null,
            run_left = (select count(*) from column_cell where column_id = ? and queued) where id = ?`,
    [note, columnId, columnId],
  );
  await sql(em, `update column_cell set queued = false where column_id = ? and queued`, [columnId]);
}

/**
 * Columns whose run goes on with nobody holding it (its worker died, or shut down mid-run).
 * @allWorkspaces the resume job's pass over every workspace's columns
 */
export async function runsToResume(em: EntityManager, now: Date): Promise<string[]> {
  const rows = await sql(em, `select id from lead_column where running and ${leaseFreeSql('run_lease_until', 'run_lease_holder', '?')}`, [now]);
  return rows.map((r) => String(r.id));
}
