// The daily ramp of an inbox (decisions.md §5), as pure functions of the inbox's settings and a date.
// Days are calendar days in the workspace timezone, so "today" turns over at the workspace's midnight.
import { DateTime } from 'luxon';

export interface RampSettings {
  dailyCap: number;
  rampStart: number;
  rampIncrement: number;
  /** YYYY-MM-DD in the workspace timezone. */
  rampStartedAt: string;
}

/** Today's date (YYYY-MM-DD) in `zone` at the instant `now`. */
export function dayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What the inbox may send on `today`: min(dailyCap, rampStart + rampIncrement × whole days since
 *  rampStartedAt). A start date in the future (someone moved it forward) counts as day 0. */
export function capOn(settings: RampSettings, today: string): number {
  const days = Math.max(0, daysBetween(settings.rampStartedAt, today));
  return Math.max(0, Math.min(settings.dailyCap, settings.rampStart + settings.rampIncrement * days));
}

/** capToday as a percentage of dailyCap, rounded: 100 once the ramp has reached the cap. */
export function rampShare(capToday: number, dailyCap: number): number {
  return dailyCap > 0 ? Math.round((100 * capToday) / dailyCap) : 0;
}
