// The SQL of background jobs (README.md here): the job rows, their input and result pieces, and the
// addresses an import kept out so far. Raw SQL only (the tables are made by our migration and left alone
// by the schema diff, src/storage/orm.ts); every read a caller makes goes through its workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Db } from '../../../storage/import-transaction';
import { sql, sqlRun, sqlStatementResults, type SqlTarget, type Statement, type StatementResult } from '../../../storage/sql';
import type { ImportCounts } from '../import/import-rules';

export type JobKind = 'import' | 'export';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** What a job runs on. `csv`: input pieces of CSV text; `rows`: input pieces, each a JSON array of
 *  `{email, vars}` (JSON leads, a lead list's entries); `sheet`: a link not yet read (the run reads it
 *  once and stores its CSV, then the job is `csv`); `export`: the campaign's leads as CSV. */
export interface JobInput {
  source: 'csv' | 'rows' | 'sheet' | 'export';
  url?: string;
  listId?: string;
  /** A lead list's field order (its entries' vars are jsonb and lost it). */
  fieldOrder?: string[];
  /** The download's file name (export). */
  fileName?: string;
}

/** Where an import stands: rows committed so far (from the first), and their counts. */
export interface ImportCheckpoint {
  rows: number;
  counts: ImportCounts;
}

export interface JobRow {
  id: string;
  workspaceId: string;
  kind: JobKind;
  status: JobStatus;
  campaignId: string;
  input: JobInput;
  progressDone: number;
  progressTotal: number | null;
  checkpoint: ImportCheckpoint | null;
  result: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  resultDeleted: boolean;
}

const COLUMNS = `id, workspace_id, kind, status, campaign_id, input, progress_done, progress_total, checkpoint, result, error, created_at, started_at, finished_at, result_deleted`;

function jobRow(r: Record<string, unknown>): JobRow {
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    kind: r.kind as JobKind,
    status: r.status as JobStatus,
    campaignId: String(r.campaign_id),
    input: r.input as JobInput,
    progressDone: Number(r.progress_done),
    progressTotal: r.progress_total === null ? null : Number(r.progress_total),
    checkpoint: (r.checkpoint as ImportCheckpoint | null) ?? null,
    result: (r.result as Record<string, unknown> | null) ?? null,
    error: (r.error as Record<string, unknown> | null) ?? null,
    createdAt: new Date(r.created_at as string),
    startedAt: r.started_at ? new Date(r.started_at as string) : null,
    finishedAt: r.finished_at ? new Date(r.finished_at as string) : null,
    resultDeleted: Boolean(r.result_deleted),
  };
}

export interface NewJob {
  id: string;
  workspaceId: string;
  kind: JobKind;
  campaignId: string;
  input: JobInput;
  total: number | null;
  createdAt: Date;
}

/** The workspace's jobs not finished yet (queued or running), counted once the workspace's job starts
 *  take turns (a transaction-scoped lock), so two starts at once cannot both see room for one more. */
export async function lockAndCountUnfinished(target: SqlTarget, workspaceId: string): Promise<number> {
  await sql(target, `select pg_advisory_xact_lock(hashtextextended('background-jobs:' || ?::text, 0))`, [workspaceId]);
  const [row] = await sql(target, `select count(*)::int as n from background_job where workspace_id = ? and status in ('queued', 'running')`, [workspaceId]);
  return Number(row!.n);
}

/** Adds a queued job. */
export async function insertJob(target: SqlTarget, job: NewJob): Promise<void> {
  const { workspaceId } = job;
  await sqlRun(
    target,
    `insert into background_job (id, workspace_id, kind, status, campaign_id, input, progress_total, created_at) values (?, ?, ?, 'queued', ?, ?::jsonb, ?, ?)`,
    [job.id, workspaceId, job.kind, job.campaignId, JSON.stringify(job.input), job.total, job.createdAt],
  );
}

/** The workspace's job, or null (unknown, or another workspace's). */
export async function workspaceJob(em: EntityManager, workspaceId: string, id: string): Promise<JobRow | null> {
  const [row] = await sql(em, `select ${COLUMNS} from background_job where id = ? and workspace_id = ?`, [id, workspaceId]);
  return row ? jobRow(row) : null;
}

/** The workspace's jobs, newest first (created_at, id descending), the first `limit` after `after`. */
export async function workspaceJobs(em: EntityManager, workspaceId: string, limit: number, after: { createdAt: string; id: string } | null): Promise<JobRow[]> {
  const rows = await sql(
    em,
    `select ${COLUMNS} from background_job where workspace_id = ? ${after ? 'and (created_at, id) < (?::timestamptz, ?::uuid)' : ''}
      order by created_at desc, id desc limit ${Math.floor(limit)}`,
    after ? [workspaceId, after.createdAt, after.id] : [workspaceId],
  );
  return rows.map(jobRow);
}

/**
 * A job for its run (the runner carries only the id).
 * @allWorkspaces keyed by the id the job was queued with; the run acts in the job's own workspace
 */
export async function jobForRun(target: SqlTarget, id: string): Promise<JobRow | null> {
  const [row] = await sql(target, `select ${COLUMNS} from background_job where id = ?`, [id]);
  return row ? jobRow(row) : null;
}

/**
 * Marks the job running (once: its first run fixes started_at, the instant its leads are created at).
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function markRunning(target: SqlTarget, id: string, now: Date): Promise<Date> {
  const [row] = await sql(target, `update background_job set status = 'running', started_at = coalesce(started_at, ?) where id = ? returning started_at`, [now, id]);
  return new Date(row!.started_at as string);
}

/**
 * Sets the progress (done, and total when known).
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function setProgress(target: SqlTarget, id: string, done: number, total?: number | null): Promise<void> {
  if (total === undefined) await sqlRun(target, `update background_job set progress_done = ? where id = ?`, [done, id]);
  else await sqlRun(target, `update background_job set progress_done = ?, progress_total = ? where id = ?`, [done, total, id]);
}

/**
 * The job ends: done with its result, or failed with its error body. Its input and the addresses it
 * kept are no longer needed.
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function finishJob(
  target: SqlTarget,
  id: string,
  end: { status: 'done'; result: unknown; done: number } | { status: 'failed'; error: unknown },
  now: Date,
): Promise<void> {
  if (end.status === 'done') {
    await sqlRun(target, `update background_job set status = 'done', result = ?::json, progress_done = ?, progress_total = ?, finished_at = ? where id = ?`, [
      JSON.stringify(end.result),
      end.done,
      end.done,
      now,
      id,
    ]);
  } else {
    await sqlRun(target, `update background_job set status = 'failed', error = ?::jsonb, finished_at = ? where id = ?`, [JSON.stringify(end.error), now, id]);
  }
  await sqlRun(target, `delete from background_job_input where job_id = ?`, [id]);
  await sqlRun(target, `delete from background_job_seen where job_id = ?`, [id]);
}

/**
 * Changes a job's input (a sheet once read is CSV) and its total.
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function setInput(target: SqlTarget, id: string, input: JobInput, total: number | null): Promise<void> {
  await sqlRun(target, `update background_job set input = ?::jsonb, progress_total = ? where id = ?`, [JSON.stringify(input), total, id]);
}

/**
 * Adds one piece of a job's input.
 * @allWorkspaces keyed by a job the caller has just made in its workspace (or is running)
 */
export async function addInputPiece(target: SqlTarget, id: string, seq: number, data: string): Promise<void> {
  await sqlRun(target, `insert into background_job_input (job_id, seq, data) values (?, ?, ?)`, [id, seq, data]);
}

/**
 * A lead list's entries as input pieces of `per` entries each (JSON arrays of {email, vars}), in the
 * order they were added; how many entries.
 * @allWorkspaces keyed by a list the caller found in its workspace
 */
export async function snapshotListEntries(target: SqlTarget, id: string, listId: string, per: number): Promise<number> {
  const [row] = await sql(
    target,
    `with e as (select email, vars, created_at, id, (row_number() over (order by created_at, id) - 1) / ${Math.floor(per)} as g from lead_list_entry where list_id = ?),
          pieces as (insert into background_job_input (job_id, seq, data)
                     select ?, g, json_agg(json_build_object('email', email, 'vars', vars) order by created_at, id)::text from e group by g returning 1)
     select (select count(*) from e)::int as n`,
    [listId, id],
  );
  return Number(row!.n);
}

/**
 * A page of a job's input pieces from `seq` on, in order.
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function inputPieces(target: SqlTarget, id: string, fromSeq: number, limit: number): Promise<{ seq: number; data: string }[]> {
  const rows = await sql(target, `select seq, data from background_job_input where job_id = ? and seq >= ? order by seq limit ${Math.floor(limit)}`, [id, fromSeq]);
  return rows.map((r) => ({ seq: Number(r.seq), data: String(r.data) }));
}

/**
 * Loads what an import kept out by rules 3–5 in its committed batches into the import's SEEN table (a
 * resumed run).
 * @allWorkspaces keyed by the id the job was queued with; a temporary table of the import's session
 */
export async function loadSeen(db: Db, id: string, seenTable: string): Promise<void> {
  await sqlRun(db, `insert into ${seenTable} (email) select email from background_job_seen where job_id = ? on conflict do nothing`, [id]);
}

/**
 * Replaces an export's result pieces (a run that starts again writes them all again).
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function clearResult(target: SqlTarget, id: string): Promise<void> {
  await sqlRun(target, `delete from background_job_result where job_id = ?`, [id]);
}

/**
 * Adds one piece of an export's CSV.
 * @allWorkspaces keyed by the id the job was queued with
 */
export async function addResultPiece(target: SqlTarget, id: string, seq: number, data: string): Promise<void> {
  await sqlRun(target, `insert into background_job_result (job_id, seq, data) values (?, ?, ?)`, [id, seq, data]);
}

/**
 * A page of an export's CSV pieces from `seq` on, in order.
 * @allWorkspaces keyed by a job the caller found in its workspace
 */
export async function resultPieces(target: SqlTarget, id: string, fromSeq: number, limit: number): Promise<{ seq: number; data: string }[]> {
  const rows = await sql(target, `select seq, data from background_job_result where job_id = ? and seq >= ? order by seq limit ${Math.floor(limit)}`, [id, fromSeq]);
  return rows.map((r) => ({ seq: Number(r.seq), data: String(r.data) }));
}

/**
 * The job's run is queued (the runner has its row): the requeue job leaves it alone from now on.
 * @allWorkspaces keyed by the id of a job just queued
 */
export async function markRunQueued(target: SqlTarget, id: string): Promise<void> {
  await sqlRun(target, `update background_job set run_queued = true where id = ?`, [id]);
}

/**
 * Jobs still `queued` whose run was never queued, made before `before` (so not one whose request is about
 * to queue it): their process died between the commit and the queueing. Oldest first, at most `limit`.
 * @allWorkspaces the requeue job, for every workspace
 */
export async function unqueuedJobs(target: SqlTarget, before: Date, limit: number): Promise<string[]> {
  const rows = await sql(target, `select id from background_job where status = 'queued' and not run_queued and created_at < ? order by created_at limit ?`, [before, limit]);
  return rows.map((r) => String(r.id));
}

/**
 * Deletes the results of jobs finished before `before` (kept 7 days) and marks them deleted; how many
 * jobs lost theirs.
 * @allWorkspaces the clean-up job, for every workspace
 */
export async function deleteExpiredResults(target: SqlTarget, before: Date): Promise<number> {
  const [row] = await sql(
    target,
    `with expired as (update background_job set result_deleted = true where finished_at < ? and not result_deleted returning id),
          gone as (delete from background_job_result r using expired e where r.job_id = e.id returning 1)
     select (select count(*) from expired)::int as n, (select count(*) from gone)::int as pieces`,
    [before],
  );
  return Number(row!.n);
}

const plain = (query: string): Statement => ({ query, params: [] });

/** A batch's transaction: its rows and its checkpoint commit together, so a batch the database loses in a
 *  crash of its own (a commit not yet flushed) is lost whole, checkpoint included, and the next run does it
 *  again. Nothing is promised to anyone at a batch's commit, so it need not wait for the flush. */
const BEGIN_BATCH = [plain('begin'), plain('set local synchronous_commit = off')];

/**
 * Begins a batch's transaction and takes its locks (`locks`, statements of the import's queries), in one
 * round trip; the locks' results.
 * @allWorkspaces transaction statements; the locks are the caller's, scoped to its workspace
 */
export async function beginBatch(db: Db, locks: readonly Statement[]): Promise<StatementResult[]> {
  return (await sqlStatementResults(db, [...BEGIN_BATCH, ...locks])).slice(BEGIN_BATCH.length);
}

/**
 * Stores the batch's checkpoint and progress and commits it; then, unless `next` is null, begins the next
 * batch's transaction with its locks: one round trip (the import's main thread parses the next batch
 * meanwhile, and each round trip would wait for it). The next batch's locks' results.
 * @allWorkspaces keyed by the id the job was queued with; the locks are the caller's
 */
export async function commitBatch(db: Db, id: string, checkpoint: ImportCheckpoint, next: readonly Statement[] | null): Promise<StatementResult[]> {
  const save: Statement = {
    query: `update background_job set checkpoint = ?::jsonb, progress_done = ? where id = ?`,
    params: [JSON.stringify(checkpoint), checkpoint.rows, id],
  };
  const statements = [save, plain('commit'), ...(next ? [...BEGIN_BATCH, ...next] : [])];
  return (await sqlStatementResults(db, statements)).slice(2 + BEGIN_BATCH.length);
}

/**
 * Commits the run's last transaction (the one that marks the job done) waiting for the flush, unlike the
 * batches before it: once a client reads `done`, it stays done.
 * @allWorkspaces a transaction statement
 */
export async function commit(db: Db): Promise<void> {
  await sqlStatementResults(db, [plain('set local synchronous_commit = on'), plain('commit')]);
}

/**
 * Sets a job's progress.total.
 * @allWorkspaces keyed by a job the caller has just made in its workspace
 */
export async function setTotal(target: SqlTarget, id: string, total: number): Promise<void> {
  await sqlRun(target, `update background_job set progress_total = ? where id = ?`, [total, id]);
}
