// The two Agenda jobs of webhook delivery (README.md here). `webhook-fanout` runs every few seconds:
// it turns the event outbox into deliveries (fanOutBatch) and queues a `webhook-deliver` run for each
// endpoint with something due that no worker holds. `webhook-deliver` delivers to one endpoint
// (deliverEndpoint); Agenda runs a few at once, so the attempts in flight are bounded per endpoint
// (PER_ENDPOINT_CONCURRENCY) and overall (DELIVER_JOB_CONCURRENCY × that). Both are safe to run twice.
import type { AppDeps } from '../../runtime/context';
import { mapLimited } from '../../runtime/concurrency';
import type { JobDefinition } from '../../runtime/job';
import { deliverEndpoint, type DeliveryOptions } from './deliver';
import { endpointsWithDueWork, fanOutBatch, FAN_OUT_BATCH } from './delivery.queries';

export const FAN_OUT_JOB = 'webhook-fanout';
export const DELIVER_JOB = 'webhook-deliver';
export const FAN_OUT_EVERY = '5 seconds';
/** Endpoints delivered to at once by one process. */
export const DELIVER_JOB_CONCURRENCY = 8;

/** Hands every event of the outbox (of the given workspaces, else all) to delivery; how many it handed. */
export async function fanOutAll(deps: AppDeps, workspaceIds: readonly string[] | null = null): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await fanOutBatch(deps.orm.em.fork(), deps.clock.now(), FAN_OUT_BATCH, workspaceIds);
    total += n;
    if (n < FAN_OUT_BATCH) return total;
  }
}

/** Fan-out, then every endpoint with work due delivered in this process (tests and tools call it at a
 *  clock time of their choosing, for their own workspaces; the jobs do the same for all through
 *  Agenda). Attempts made. */
export async function runWebhooksOnce(deps: AppDeps, opts: DeliveryOptions & { workspaceIds?: readonly string[] } = {}): Promise<number> {
  const workspaceIds = opts.workspaceIds ?? null;
  await fanOutAll(deps, workspaceIds);
  const endpoints = await endpointsWithDueWork(deps.orm.em.fork(), deps.clock.now(), workspaceIds);
  const made = await mapLimited(endpoints, DELIVER_JOB_CONCURRENCY, (id) => deliverEndpoint(deps, id, opts));
  return made.reduce((a, b) => a + b, 0);
}

export function createFanOutJob(): JobDefinition {
  return {
    name: FAN_OUT_JOB,
    every: FAN_OUT_EVERY,
    concurrency: 1,
    async run(deps, _data, { signal }) {
      if (signal.aborted) return;
      await fanOutAll(deps);
      for (const endpointId of await endpointsWithDueWork(deps.orm.em.fork(), deps.clock.now())) {
        if (signal.aborted) return;
        await deps.jobs.enqueue(DELIVER_JOB, { endpointId });
      }
    },
  };
}

export function createDeliverJob(opts: Omit<DeliveryOptions, 'stopping'> = {}): JobDefinition<{ endpointId: string }> {
  return {
    name: DELIVER_JOB,
    concurrency: DELIVER_JOB_CONCURRENCY,
    async run(deps, data, { signal }) {
      if (typeof data?.endpointId !== 'string') return;
      // Told to stop, the worker finishes the attempts in flight, gives back the deliveries it has not
      // started and releases the endpoint (deliver.ts).
      await deliverEndpoint(deps, data.endpointId, { ...opts, stopping: () => signal.aborted });
    },
  };
}
