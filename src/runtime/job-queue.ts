// The job queue port: services queue a job run (`deps.jobs.enqueue(name, data)`) without knowing Agenda;
// the job runner (jobs/runner.ts) attaches itself when it starts.
//
// Deps are built before the runner starts, so something could queue a job before there is a runner. Such
// runs are held here, in order, and handed to the runner when it attaches: failing the caller (throwing)
// would turn a start-up race into a 500, and dropping the run would lose work silently. The service
// attaches the runner, or in a process without the `jobs` role the queue that only writes the rows
// (jobs/runner.ts startJobQueue), before its HTTP server listens, so no request's run is ever only in this
// process's memory. A service started without jobs (`jobs: false`: tests, benchmarks) never
// attaches, so what it queues is only held (tests read it from `held`) and never runs: there, enqueue is a
// no-op by design, and a test that wants the job run calls it itself. Once the runner has stopped (the
// service is stopping), enqueue throws: nothing would ever run the job.
import type { Logger } from '../observability/logger';

export type JobData = Record<string, unknown>;

/** Puts one run of a job where the runner picks it up (Agenda: `now(name, data)`). */
export type JobSink = (name: string, data: JobData) => Promise<void>;

export interface JobQueue {
  /** Queues one run of the job `name` (jobs carry ids, not objects). Throws for a job name the runner
   *  does not know (once attached) and after the runner stopped. */
  enqueue(name: string, data: JobData): Promise<void>;
  /** The runner, once started: runs held until now are handed over first. */
  attach(sink: JobSink): Promise<void>;
  /** The runner stopped: from now on enqueue throws. */
  detach(): void;
}

/**
 * Queues the run of work a request has already recorded, and which a sweep of the job runner queues
 * anyway when this fails: the service is stopping (the runner stopped while requests drain). The failure
 * is logged, not thrown, so the request answers as usual; `sweep` names what queues the run instead.
 * Whether the run was queued.
 */
export async function enqueueRecorded(deps: { jobs: JobQueue; log: Logger }, name: string, data: JobData, sweep: string): Promise<boolean> {
  try {
    await deps.jobs.enqueue(name, data);
    return true;
  } catch (err) {
    deps.log.warn(`the ${name} run was not queued; ${sweep} will queue it`, { ...data, err: String(err) });
    return false;
  }
}

export class DeferredJobQueue implements JobQueue {
  private sink: JobSink | null = null;
  private stopped = false;
  private readonly waiting: { name: string; data: JobData }[] = [];

  /** Runs queued while no runner was attached (jobs disabled: everything queued). */
  get held(): readonly { name: string; data: JobData }[] {
    return this.waiting;
  }

  async enqueue(name: string, data: JobData): Promise<void> {
    if (this.sink) return this.sink(name, data);
    if (this.stopped) throw new Error(`The job "${name}" was queued after the job runner stopped; it would never run.`);
    this.waiting.push({ name, data });
  }

  async attach(sink: JobSink): Promise<void> {
    this.stopped = false;
    // Handed over before the sink takes new runs, so the order is kept; a run the runner refuses (an
    // unknown name: a programming error) fails the runner's start.
    while (this.waiting.length) {
      const next = this.waiting[0]!;
      await sink(next.name, next.data);
      this.waiting.shift();
    }
    this.sink = sink;
  }

  detach(): void {
    this.sink = null;
    this.stopped = true;
  }
}
