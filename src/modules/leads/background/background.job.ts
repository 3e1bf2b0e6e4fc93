// The job runs of background jobs (README.md here), registered from the leads manifest: `background-job`
// runs one import or export (queued with its id by the async routes), `background-job-requeue` queues the
// run of a job a crash left unqueued, `background-job-expiry` deletes the
// export files kept past their 7 days. The runner (jobs/) holds each run under its lease and fence: one
// run of a job at a time, given to another process within seconds when its process dies; what the run
// itself does after a crash is in import-job.ts and export-job.ts.
import type { AppDeps } from '../../../runtime/context';
import { AppError } from '../../../contracts/errors';
import type { JobDefinition } from '../../../runtime/job';
import { deleteExpiredResults, finishJob, jobForRun, markRunQueued, unqueuedJobs, type JobRow } from './background-jobs.queries';
import { runExportJob } from './export-job';
import { RunStopped, runImportJob } from './import-job';

export const BACKGROUND_JOB = 'background-job';
export const BACKGROUND_EXPIRY_JOB = 'background-job-expiry';
export const BACKGROUND_REQUEUE_JOB = 'background-job-requeue';
/** A job made this long ago whose run is still not queued lost its queueing to a crash. */
export const UNQUEUED_AFTER_MS = 2 * 60_000;
const REQUEUE_BATCH = 100;
/** How long an export's file is kept after the job ends (decisions.md §12). */
export const RESULT_TTL_MS = 7 * 86_400_000;

/** Runs the job `jobId` to its end (or to a stop): done, or failed with the error body a synchronous
 *  request would have answered. Safe to run twice: a job that ended is left alone. */
export async function runBackgroundJob(deps: AppDeps, jobId: string, signal: AbortSignal): Promise<void> {
  const job: JobRow | null = await jobForRun(deps.orm.em.fork(), jobId);
  if (!job || job.status === 'done' || job.status === 'failed') return;
  try {
    if (job.kind === 'import') await runImportJob(deps, job, signal);
    else await runExportJob(deps, job, signal);
  } catch (err) {
    if (err instanceof RunStopped) return; // the runner makes the run due again; it resumes from its checkpoint
    if (signal.aborted) throw err; // a stop that broke the work mid-way: not the job's fault, it runs again
    const body = err instanceof AppError && err.status < 500 ? err.toBody().error : { code: 'internal_error', message: 'An unexpected error ended the job; it has been logged.' };
    if (!(err instanceof AppError)) deps.log.error('background job failed', { jobId, err: String((err as Error)?.stack ?? err) });
    await finishJob(deps.orm.em.fork(), jobId, { status: 'failed', error: body }, deps.clock.now());
  }
}

/** Deletes the export files of jobs that ended more than RESULT_TTL_MS ago; how many. */
export function expireResults(deps: AppDeps): Promise<number> {
  return deleteExpiredResults(deps.orm.em.fork(), new Date(deps.clock.now().getTime() - RESULT_TTL_MS));
}

/** Queues the run of every job a crash left `queued` with no run (the process died between committing the
 *  job and queueing its run): without this it would wait for ever. How many. */
export async function requeueUnqueued(deps: AppDeps): Promise<number> {
  const ids = await unqueuedJobs(deps.orm.em.fork(), new Date(deps.clock.now().getTime() - UNQUEUED_AFTER_MS), REQUEUE_BATCH);
  for (const jobId of ids) {
    await deps.jobs.enqueue(BACKGROUND_JOB, { jobId });
    await markRunQueued(deps.orm.em.fork(), jobId);
  }
  return ids.length;
}

export function createBackgroundJobs(): JobDefinition[] {
  const run: JobDefinition<{ jobId?: unknown }> = {
    name: BACKGROUND_JOB,
    concurrency: 2,
    async run(deps, data, { signal }) {
      if (typeof data?.jobId !== 'string') return;
      await runBackgroundJob(deps, data.jobId, signal);
    },
  };
  const expiry: JobDefinition = {
    name: BACKGROUND_EXPIRY_JOB,
    every: '1 hour',
    concurrency: 1,
    async run(deps, _data, { signal }) {
      if (!signal.aborted) await expireResults(deps);
    },
  };
  const requeue: JobDefinition = {
    name: BACKGROUND_REQUEUE_JOB,
    every: '1 minute',
    concurrency: 1,
    async run(deps, _data, { signal }) {
      if (!signal.aborted) await requeueUnqueued(deps);
    },
  };
  return [run as JobDefinition, expiry, requeue];
}
