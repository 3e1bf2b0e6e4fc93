// A background job as data (the Agenda adapter in jobs/runner.ts registers them from the module
// manifests). Jobs carry ids, not objects, re-read state and are safe to run twice (conventions.md).
import type { AppDeps } from './context';

export interface JobDefinition<D = unknown> {
  name: string;
  /** Recurring schedule (Agenda interval such as "30 seconds"), or undefined for jobs queued on demand. */
  every?: string;
  /** How many of this job may run at once in one process. */
  concurrency?: number;
  run(deps: AppDeps, data: D): Promise<void>;
  /** On shutdown, before the runner drains: ask a running job to wind down (finish what is on the wire). */
  stop?(): void;
}
