// decisions.md §8 retry schedule and auto-disable, as pure functions of (attempts, now).
import { afterFailure, DISABLE_AFTER_MS, failedTooLong, MAX_ATTEMPTS } from '../../src/modules/webhooks/retry-schedule';

const NOW = new Date('2026-11-30T10:00:00.000Z');
const S = 1_000;
const M = 60 * S;
const H = 60 * M;

it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after attempts 1 to 7, then fails', () => {
  const waits = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H];
  waits.forEach((wait, i) => expect(afterFailure(i + 1, NOW)).toEqual({ status: 'pending', nextAttemptAt: new Date(NOW.getTime() + wait) }));
  expect(MAX_ATTEMPTS).toBe(8);
  expect(afterFailure(8, NOW)).toEqual({ status: 'failed', nextAttemptAt: null });
  // A manual retry after the schedule was used up fails again at once.
  expect(afterFailure(9, NOW)).toEqual({ status: 'failed', nextAttemptAt: null });
});

it('disables after 5 days of failures, not a millisecond before', () => {
  expect(DISABLE_AFTER_MS).toBe(5 * 24 * H);
  expect(failedTooLong(new Date(NOW.getTime() - DISABLE_AFTER_MS + 1), NOW)).toBe(false);
  expect(failedTooLong(new Date(NOW.getTime() - DISABLE_AFTER_MS), NOW)).toBe(true);
});
