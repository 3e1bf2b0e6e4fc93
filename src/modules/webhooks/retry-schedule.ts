// When a failed attempt is tried again (decisions.md §8), as pure functions of (attempts, now).
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Waits after the 1st, 2nd, … failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
/** The first attempt and its seven retries; the 8th failure is final. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

export type AfterFailure = { status: 'pending'; nextAttemptAt: Date } | { status: 'failed'; nextAttemptAt: null };

/** What follows the failure of attempt number `attempts` (1 for the first). */
export function afterFailure(attempts: number, now: Date): AfterFailure {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  if (wait === undefined) return { status: 'failed', nextAttemptAt: null };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + wait) };
}

/** Whether an endpoint failing since `failingSince` is to be disabled at `now`. */
export const failedTooLong = (failingSince: Date, now: Date): boolean => now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
