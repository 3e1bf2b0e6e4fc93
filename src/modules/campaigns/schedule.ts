// Pure rules of a campaign's sending schedule (api.md Campaigns rule 3): the days-and-hours pair, the
// optional list of windows that replaces it, and what is left to send on before an end date.
// Times are "HH:MM" in the campaign timezone; a window is the half-open range [start, end), so one that
// ends at 12:00 and one that starts at 12:00 touch without overlapping. An end of "24:00" means
// midnight at the end of the day; anything later runs past midnight.
import type { SendWindow } from './campaign.entity';

export const MAX_WINDOWS = 4;
const MINUTES_PER_DAY = 24 * 60;

export type ScheduleErrorCode = 'too_many_windows' | 'no_windows' | 'window_past_midnight' | 'windows_overlap';

export interface ScheduleError {
  code: ScheduleErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** Minutes since midnight of "HH:MM" (hours may exceed 23 so that an end past midnight is seen as such). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Days as stored: each day once, Sunday (0) first. */
export function normalizeDays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/** Null when start..end is a range inside one day; otherwise why not. */
export function checkTimeRange(start: string, end: string, label = 'The sending window'): ScheduleError | null {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (to <= from || to > MINUTES_PER_DAY) {
    return {
      code: 'window_past_midnight',
      message: `${label} ${start}–${end} does not end after it starts on the same day; a window cannot run past midnight (use 24:00 for midnight, or split it in two).`,
      details: { start, end },
    };
  }
  return null;
}

export function windowsOverlap(a: SendWindow, b: SendWindow): boolean {
  const sharesDay = a.days.some((d) => b.days.includes(d));
  return sharesDay && minutesOf(a.start) < minutesOf(b.end) && minutesOf(b.start) < minutesOf(a.end);
}

/** Null when the windows are usable together: one to four, each inside one day, no two overlapping on a
 *  day they share. Expects each window's shape (days 0..6, HH:MM times) to be valid already. */
export function checkWindows(windows: readonly SendWindow[]): ScheduleError | null {
  if (windows.length === 0) {
    return { code: 'no_windows', message: 'windows needs at least one window; send windows: null to go back to days, window_start and window_end.' };
  }
  if (windows.length > MAX_WINDOWS) {
    return { code: 'too_many_windows', message: `A campaign has at most ${MAX_WINDOWS} sending windows; ${windows.length} were sent.`, details: { max: MAX_WINDOWS } };
  }
  for (const [index, w] of windows.entries()) {
    const problem = checkTimeRange(w.start, w.end, `Window ${index + 1}`);
    if (problem) return { ...problem, details: { ...problem.details, window: index + 1 } };
  }
  for (let i = 0; i < windows.length; i++) {
    for (let j = i + 1; j < windows.length; j++) {
      if (windowsOverlap(windows[i], windows[j])) {
        const day = windows[i].days.find((d) => windows[j].days.includes(d));
        return {
          code: 'windows_overlap',
          message: `Windows ${i + 1} and ${j + 1} overlap on day ${day} (0 is Sunday); windows sharing a day must not share hours.`,
          details: { windows: [i + 1, j + 1], day },
        };
      }
    }
  }
  return null;
}

/** The week days the campaign sends on: its windows' days while windows are set, else `days`. */
export function sendingDays(schedule: { days: readonly number[]; windows: readonly SendWindow[] | null }): number[] {
  return normalizeDays(schedule.windows ? schedule.windows.flatMap((w) => w.days) : schedule.days);
}

/** Day of the week of a plain date (YYYY-MM-DD), 0 is Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whether any sending day falls in from..to (plain dates, both included). */
export function hasSendingDay(days: readonly number[], from: string, to: string): boolean {
  if (to < from || days.length === 0) return false;
  // A week covers every weekday, so there is no need to look further.
  for (let i = 0; i < 7; i++) {
    const date = addDays(from, i);
    if (date > to) return false;
    if (days.includes(weekdayOf(date))) return true;
  }
  return false;
}
