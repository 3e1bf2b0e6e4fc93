// The monthly cap on prompt-column model calls (decisions.md §7): every model call, previews and retries
// included, counts for the workspace in the calendar month (UTC), in column_usage. A call is reserved
// before it is made, atomically, so concurrent runs and previews never pass the cap together.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../contracts/errors';
import { columnCallsInMonth, takeColumnCall } from './columns.queries';

export const monthKey = (now: Date): string => now.toISOString().slice(0, 7);

/** Seconds until the first of next month, UTC (the Retry-After of a refusal). */
export function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function capReached(now: Date, cap: number): AppError {
  return new AppError(
    'column_cap_reached',
    `The workspace has used its ${cap} prompt-column model calls for ${monthKey(now)} (COLUMN_MONTHLY_CAP); more are possible from the 1st of next month (UTC).`,
    { cap, month: monthKey(now) },
    secondsToNextMonth(now),
  );
}

/** Model calls used this month. */
export async function callsUsed(em: EntityManager, workspaceId: string, now: Date): Promise<number> {
  return columnCallsInMonth(em, workspaceId, monthKey(now));
}

/** Takes one call of the month's allowance; false when the cap is reached (nothing taken). */
export async function reserveCall(em: EntityManager, workspaceId: string, now: Date, cap: number): Promise<boolean> {
  if (cap < 1) return false;
  return takeColumnCall(em, workspaceId, monthKey(now), cap, now);
}
