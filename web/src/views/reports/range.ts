// The reports' date range: a preset number of days ending today in the workspace timezone, kept in the
// URL (?days=30) so a report can be bookmarked and shared.
import { todayIn } from '../../ui/format';

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE: RangeDays = 30;

export function parseRange(value: string | null): RangeDays {
  const n = Number(value);
  return RANGE_PRESETS.find((p) => p === n) ?? DEFAULT_RANGE;
}

/** `day` (YYYY-MM-DD) moved by `delta` days, calendar arithmetic in UTC so no DST hour gets in the way. */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

/** The analytics input for the last `days` days, today included (api.md: `to` is included). */
export function rangeFor(days: RangeDays, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}

/** A day (YYYY-MM-DD) as Unix seconds at the browser's local midnight: uPlot labels its time axis in local
 *  time, so the tick reads as the same calendar day the service counted in the workspace timezone. */
export function daySeconds(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime() / 1000;
}
