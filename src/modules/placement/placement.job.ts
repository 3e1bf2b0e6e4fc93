// The placement area's jobs (README.md here):
// - `placement-test` (queued by a test's start, carrying its id): one run of the test (run-test.ts). Many
//   at once per process: a run mostly waits for the next minute's reads.
// - `placement-schedule` (every minute, one at a time across processes): starts the scheduled tests that
//   are due (schedule.ts; a slot runs once, whichever process gets there: the unique slot per workspace),
//   and queues a run for every running test nobody holds (its process died, or stopped mid-test).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AppDeps } from '../../runtime/context';
import { authedContext } from '../../runtime/context';
import { AppError } from '../../contracts/errors';
import type { JobDefinition } from '../../runtime/job';
import type { PlacementSchedule } from '../accounts/workspace.entity';
import { scheduledContent } from './content';
import { runPlacementTest, type RunOptions } from './run-test';
import { scheduledWorkspaces, testsToResume } from './run.queries';
import { dueSlot } from './schedule';
import { PLACEMENT_TEST_JOB, startTest } from './start-test';

export const PLACEMENT_SCHEDULE_JOB = 'placement-schedule';

export function createPlacementTestJob(opts: Omit<RunOptions, 'stopping'> = {}): JobDefinition<{ testId: string }> {
  return {
    name: PLACEMENT_TEST_JOB,
    concurrency: 50,
    async run(deps, data, { signal }) {
      if (typeof data?.testId !== 'string') return;
      await runPlacementTest(deps, data.testId, { ...opts, stopping: () => signal.aborted });
    },
  };
}

/** Starts the scheduled tests due now; the ids of those started. A workspace whose test cannot start now
 *  (one is running, the day's 10 are used, no seed or sender) is tried again at the next turn. */
export async function startScheduledTests(deps: AppDeps, opts: { workspaceIds?: readonly string[] } = {}): Promise<string[]> {
  const now = deps.clock.now();
  const started: string[] = [];
  for (const w of await scheduledWorkspaces(deps.orm.em.fork())) {
    if (opts.workspaceIds && !opts.workspaceIds.includes(w.workspaceId)) continue;
    const slot = dueSlot({ schedule: w.schedule as PlacementSchedule, zone: w.zone, setAt: w.setAt, lastSlot: w.lastSlot }, now);
    if (!slot) continue;
    const ctx = authedContext(deps, { workspaceId: w.workspaceId, userId: null, role: 'owner', via: 'api_key' });
    try {
      const content = await scheduledContent(ctx.em, w.workspaceId);
      started.push(await startTest(deps, ctx.em, w.workspaceId, { content, scheduledFor: slot }));
    } catch (err) {
      // Another process started this slot meanwhile (the unique slot), or a rule refuses it now.
      if (err instanceof UniqueConstraintViolationException || (err as { code?: string }).code === '23505') continue;
      if (err instanceof AppError) {
        deps.log.info('scheduled placement test not started', { workspaceId: w.workspaceId, slot: slot.toISOString(), code: err.code });
        continue;
      }
      throw err;
    }
  }
  return started;
}

/** A started test's queued run takes it within seconds; one still untaken after this lost its run. */
export const UNCLAIMED_AFTER_MS = 2 * 60_000;

/** Queues a run for every running test nobody holds; how many. */
export async function resumeTests(deps: AppDeps): Promise<number> {
  const ids = await testsToResume(deps.orm.em.fork(), deps.clock.now(), UNCLAIMED_AFTER_MS);
  for (const testId of ids) await deps.jobs.enqueue(PLACEMENT_TEST_JOB, { testId });
  return ids.length;
}

export function createPlacementScheduleJob(): JobDefinition {
  return {
    name: PLACEMENT_SCHEDULE_JOB,
    every: '1 minute',
    concurrency: 1,
    async run(deps, _data, { signal }) {
      if (signal.aborted) return;
      const started = await startScheduledTests(deps);
      if (started.length) deps.log.info('scheduled placement tests started', { tests: started.length });
      if (!signal.aborted) await resumeTests(deps);
    },
  };
}
