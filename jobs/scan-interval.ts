// How often Agenda looks for due jobs (its processEvery). A recurring job runs no more often than the scan
// that finds it due, so a fixed 5 s scan made SCHEDULER_TICK_SECONDS=2 tick every 5 s: the setting
// silently meant something else (issue 34). The scan now follows the shortest recurring interval, and a
// schedule it cannot read stops start-up instead of falling back to a default.
import humanInterval from 'human-interval';
import type { JobDefinition } from '../src/runtime/job';

/** The scan never waits longer than this: jobs queued on demand are woken at once by the notification
 *  channel, and this is how late a queued job is found when that channel is down. */
export const LONGEST_SCAN_MS = 5_000;
/** Nor runs more often than this (one query per job name per scan). */
const SHORTEST_SCAN_MS = 1_000;

/** A recurring schedule in milliseconds, read the way Agenda reads it (human-interval). */
export function intervalMs(every: string): number {
  const ms = humanInterval(every);
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) throw new Error(`The job schedule "${every}" is not an interval the job runner can keep.`);
  return ms;
}

/** Agenda's processEvery for these jobs: the shortest recurring interval, within 1–5 s. An interval below
 *  1 s cannot be kept and is refused (config refuses SCHEDULER_TICK_SECONDS below 1 already). */
export function scanIntervalMs(defs: readonly Pick<JobDefinition, 'name' | 'every'>[]): number {
  let scan = LONGEST_SCAN_MS;
  for (const def of defs) {
    if (!def.every) continue;
    const every = intervalMs(def.every);
    if (every < SHORTEST_SCAN_MS) throw new Error(`The job "${def.name}" repeats every ${every} ms; the job runner keeps intervals of 1 second or more.`);
    scan = Math.min(scan, every);
  }
  return scan;
}
