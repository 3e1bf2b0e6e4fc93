// Runs of jobs under their leases (README.md here). Agenda calls `handler(def)` for each run it has locked;
// the run then
// 1. takes the job's fence (fences.ts), or skips: a run that outlived its lease still runs elsewhere;
// 2. renews its lease (the Agenda lock) three times per lease while the handler runs, only while the row
//    still carries its lock; a renewal that finds another lock, or that has failed for as long as the
//    lease lasts, means the lease is lost: the handler is told to stop (its signal), and nothing the run
//    would still write to the row is written (it may be another process's run by now);
// 3. gives the fence back when the handler returns. A run told to stop before its end (SIGTERM, the
//    owner connection that held its fence lost) is due again at once, so another process (or the next
//    start) takes it up.
import { setMaxListeners } from 'node:events';
import type { Job, JobParameters } from 'agenda';
import type { AppDeps } from '../src/runtime/context';
import type { JobDefinition } from '../src/runtime/job';
import type { Logger } from '../src/observability/logger';
import { settledWithin } from '../src/runtime/time-limit';
import type { AgendaRows } from './agenda-rows';
import type { JobFences } from './fences';

/** A run's lease: how long a lock holds without renewal (another process takes the job over once it has
 *  run out) and how often a running job renews it (three times per lifetime, so one slow write costs
 *  nothing). JOB_LEASE_SECONDS sets the lifetime (15 s unless set). */
export interface JobLease {
  lifetimeMs: number;
  renewEveryMs: number;
}

export const jobLease = (seconds: number): JobLease => ({ lifetimeMs: seconds * 1000, renewEveryMs: Math.round((seconds * 1000) / 3) });

/** Why a run was told to stop: its lease is no longer its own. */
class LeaseLost extends Error {}

interface Renewal {
  readonly lost: boolean;
  stop(): void;
}

interface InFlight {
  attrs: JobParameters;
  lease?: Renewal;
  /** Settles on Agenda's 'complete' for the run, after Agenda's last write to its row. */
  completed: Promise<void>;
  complete(): void;
}

export class LeasedRuns {
  private readonly inFlight = new Map<JobParameters, InFlight>();
  private readonly stopping = new AbortController();
  /** Runs whose row may be another process's by now: what Agenda would still write for them is dropped
   *  (runner.ts guards the backend's saveJobState with it). */
  readonly lost = new WeakSet<object>();

  constructor(
    private readonly deps: AppDeps,
    private readonly rows: AgendaRows,
    private readonly fences: JobFences,
    private readonly log: Logger,
    private readonly lease: JobLease,
  ) {
    // Every run in flight listens to it (not a leak: each removes its listener when it ends).
    setMaxListeners(0, this.stopping.signal);
  }

  /** Agenda's handler for one job definition. */
  handler(def: JobDefinition): (job: Job) => Promise<void> {
    this.deps.metrics.engine.declareJob(def.name);
    return (job) => this.run(def, job);
  }

  /** Agenda's 'complete' event: the run has ended and its row has been written. */
  completed(job: Job): void {
    const entry = this.inFlight.get(job.attrs);
    if (!entry) return;
    this.inFlight.delete(job.attrs);
    entry.complete();
  }

  private async run(def: JobDefinition, job: Job): Promise<void> {
    const attrs = job.attrs;
    let complete!: () => void;
    const completed = new Promise<void>((resolve) => (complete = resolve));
    const entry: InFlight = { attrs, completed, complete };
    this.inFlight.set(attrs, entry);

    const id = String(attrs._id);
    // Taken just as the service stops: handed on untouched, due at once.
    if (this.stopping.signal.aborted) {
      attrs.nextRunAt = new Date();
      return;
    }
    const controller = new AbortController();
    // A run hands its signal to each of its waits at once (32 DNS look-ups in flight): not a leak.
    setMaxListeners(0, controller.signal);
    const stop = (reason: unknown) => {
      if (!controller.signal.aborted) controller.abort(reason);
    };
    // A recurring job is one at a time everywhere; a queued run is one run of its own.
    const key = def.every ? def.name : `${def.name}:${id}`;
    const fence = await this.fences.take(key, () => {
      this.log.warn('job fence lost with its connection; the run is told to stop', { job: def.name, id });
      stop(new Error('the owner connection holding the job fence was lost'));
    });
    if (!fence) {
      this.log.info('job run skipped: it still runs in another process, or cannot be fenced now', { job: def.name, id });
      // A queued run is tried again later rather than dropped; a recurring job waits for its next time.
      if (!def.every) attrs.nextRunAt = new Date(Date.now() + this.lease.lifetimeMs);
      this.deps.metrics.engine.jobRun(def.name, 'skipped');
      return;
    }
    const lease = this.renew(job, (why) => {
      this.log.warn('job lease lost; the run is told to stop', { job: def.name, id, why });
      stop(new LeaseLost(why));
    });
    entry.lease = lease;
    const onStop = () => stop(this.stopping.signal.reason);
    this.stopping.signal.addEventListener('abort', onStop);
    if (this.stopping.signal.aborted) onStop();
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      await def.run(this.deps, attrs.data, { signal: controller.signal });
      this.deps.metrics.engine.jobRun(def.name, controller.signal.aborted ? 'stopped' : 'completed', seconds());
    } catch (err) {
      this.deps.metrics.engine.jobRun(def.name, 'failed', seconds());
      this.log.error('job failed', { job: def.name, id, err: String((err as Error)?.stack ?? err) });
      throw err;
    } finally {
      this.stopping.signal.removeEventListener('abort', onStop);
      lease.stop();
      await fence.release();
      if (lease.lost) this.lost.add(attrs);
      // Stopped before its end: due again at once, here or in another process.
      else if (controller.signal.aborted) attrs.nextRunAt = new Date();
    }
  }

  /** Renews the run's lock every lease.renewEveryMs until stopped; `onLost` once it can no longer. */
  private renew(job: Job, onLost: (why: string) => void): Renewal {
    const id = String(job.attrs._id);
    let lost = false;
    let renewing = false;
    let renewedAt = job.attrs.lockedAt?.getTime() ?? Date.now();
    const lose = (why: string) => {
      if (lost) return;
      lost = true;
      clearInterval(timer);
      onLost(why);
    };
    const timer = setInterval(() => {
      if (renewing || lost) return;
      // Agenda gave the run up itself: the lock went unrenewed for its whole lifetime (a held event loop).
      if (job.getCanceledMessage()) return lose('the job runner cancelled it: the lock was not renewed in time');
      const held = job.attrs.lockedAt;
      if (!held) return lose('the run has no lock');
      renewing = true;
      const now = new Date();
      this.rows
        .renew(id, held, now)
        .then(
          (ok) => {
            if (!ok) return lose('another process took the job after the lease ran out');
            job.attrs.lockedAt = now;
            renewedAt = now.getTime();
          },
          (err) => {
            // A failed write (the database busy or away) is tried again at the next turn, until the lease
            // may have run out for the other processes.
            if (Date.now() - renewedAt >= this.lease.lifetimeMs - this.lease.renewEveryMs) lose(`the lease could not be renewed: ${String(err)}`);
          },
        )
        .finally(() => (renewing = false));
    }, this.lease.renewEveryMs);
    timer.unref();
    return {
      get lost() {
        return lost;
      },
      stop: () => clearInterval(timer),
    };
  }

  /** SIGTERM: tells every run in flight to stop, waits at most `graceMs` for them to end, and gives up on
   *  the rest (the runner gives their rows back; what they still write is dropped). */
  async stop(graceMs: number): Promise<void> {
    this.stopping.abort(new Error('the service is stopping'));
    const pending = [...this.inFlight.values()];
    if (pending.length) await settledWithin(Promise.all(pending.map((e) => e.completed)), graceMs);
    for (const e of this.inFlight.values()) {
      e.lease?.stop();
      this.lost.add(e.attrs);
      this.log.warn('job run still going at stop; its job is given back', { job: e.attrs.name, id: String(e.attrs._id) });
    }
  }
}
