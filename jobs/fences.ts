// The fences of job runs (README.md here): one session advisory lock per run in flight, `job:<name>` for a
// recurring job, `job:<name>:<id>` for one queued run, held for as long as the handler runs, even past
// its lease: a process that took the job over after the lease ran out cannot take the fence, and skips.
// So a job never runs twice at once.
//
// The fences live on the process owner's connection (src/storage/process-owner.ts), beside the owner lock:
// one dedicated connection per process for every session lock. If that connection is lost, every fence
// on it is gone with it: each run holding one is told to stop, and the owner makes the connection again.
import type { ProcessOwner } from '../src/storage/process-owner';

export interface Fence {
  /** Gives the fence back once the run's handler has returned. */
  release(): Promise<void>;
}

export class JobFences {
  constructor(private readonly owner: ProcessOwner) {}

  /** Takes the fence `key` for one run; null when a run here or in another process holds it, or when
   *  the connection is down (a run that cannot be fenced does not start). `onLost`: the connection
   *  holding the fence was lost while the run goes on. */
  take(key: string, onLost: () => void): Promise<Fence | null> {
    return this.owner.tryLock(`job:${key}`, onLost);
  }
}
