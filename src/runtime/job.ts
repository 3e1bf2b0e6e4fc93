// A background job as data (the Agenda adapter in jobs/runner.ts registers them from the module
// manifests). Jobs carry ids, not objects, re-read state and are safe to run twice (conventions.md).
// How a run holds its job (a lease, renewed while it runs) and what happens after a crash: jobs/README.md.
import type { AppDeps } from './context';

/** What the runner gives one run of a job besides its data. */
export interface JobRun {
  /** Aborted when the run must stop at its next safe point: the service is stopping (SIGTERM), or the
   *  run no longer holds its lease (another process may take the job). A run that sees it claims no new
   *  work, finishes or gives back what it holds, and returns; the runner makes the job due again. */
  signal: AbortSignal;
}

export interface JobDefinition<D = unknown> {
  name: string;
  /** Recurring schedule (Agenda interval such as "30 seconds"), or undefined for jobs queued on demand. */
  every?: string;
  /** How many of this job may run at once in one process. */
  concurrency?: number;
  run(deps: AppDeps, data: D, run: JobRun): Promise<void>;
}
