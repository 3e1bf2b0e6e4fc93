// Every SCHEDULER_TICK_SECONDS: plan what is due and send it (engine/tick.ts). Safe
// in several processes at once: planning takes a database lock, sending claims rows one by one.
import type { JobDefinition } from '../../runtime/job';
import { runDispatchTick } from './engine/tick';

export function createDispatchJob(tickSeconds: number): JobDefinition {
  return {
    name: 'dispatch',
    every: `${tickSeconds} seconds`,
    concurrency: 1,
    async run(deps, _data, { signal }) {
      // Told to stop (SIGTERM, or the run's lease lost), the tick claims no more and finishes the
      // emails on the wire.
      const report = await runDispatchTick(deps, { stopping: () => signal.aborted });
      if (report.queued || report.sent || report.bounced || report.deferred || report.requeued || report.swept) deps.log.info('dispatch tick', { ...report });
    },
  };
}
