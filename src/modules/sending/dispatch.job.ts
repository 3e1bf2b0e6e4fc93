// Every SCHEDULER_TICK_SECONDS: plan what is due and send it (engine/tick.ts). Safe
// in several processes at once: planning takes a database lock, sending claims rows one by one.
import type { JobDefinition } from '../../job';
import { runDispatchTick } from './engine/tick';

export interface DispatchJob extends JobDefinition {
  /** On shutdown: the running tick finishes the emails on the wire and claims no more. */
  stop(): void;
}

export function createDispatchJob(tickSeconds: number): DispatchJob {
  let stopping = false;
  return {
    name: 'dispatch',
    every: `${tickSeconds} seconds`,
    concurrency: 1,
    stop() {
      stopping = true;
    },
    async run(deps) {
      if (stopping) return;
      const report = await runDispatchTick(deps, { stopping: () => stopping });
      if (report.queued || report.sent || report.bounced || report.deferred || report.swept) deps.log.info('dispatch tick', { ...report });
    },
  };
}
