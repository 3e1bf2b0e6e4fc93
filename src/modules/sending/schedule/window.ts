// When a campaign's sending window is open (api.md Campaign: days + hours, or `windows` replacing them;
// 0 is Sunday; each window the half-open range [start, end) of wall time in the send zone; "24:00" is the
// midnight ending the day). Wall times become instants by zones.ts (DST rules there), so on the day the
// clocks go back a 01:00–03:00 window lasts three hours, and on the day they go forward a window starting
// in the skipped hour opens when the clocks jump.
import type { SendWindow } from '../../campaigns/campaign.entity';
import { minutesOf } from '../../campaigns/schedule';
import { dayOfDate, steadyOffset, wallClock, wallTimeAt, weekdayOfDay } from './zones';

export interface SendingSchedule {
  days: readonly number[];
  windowStart: string;
  windowEnd: string;
  windows: readonly SendWindow[] | null;
}

/** An open stretch [start, end) in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

const DAY = 86_400_000;
const MINUTE = 60_000;
/** How far nextOpening looks: a week covers every weekday, plus a day of slack for DST and zones. */
export const OPENING_HORIZON_DAYS = 8;

/** The windows in force: `windows` while set, else one window of days × windowStart..windowEnd. */
export function windowsOf(schedule: SendingSchedule): readonly SendWindow[] {
  return schedule.windows ?? [{ days: [...schedule.days], start: schedule.windowStart, end: schedule.windowEnd }];
}

/** Open stretches overlapping [from, to), in order; windows that touch (12:00 end, 12:00 start, or
 *  24:00 then 00:00 the next day) are one stretch. */
export function openSpans(schedule: SendingSchedule, zone: string, from: number, to: number): Span[] {
  const windows = windowsOf(schedule);
  // A day either side: a wall day's windows can reach instants outside its UTC-ish neighbourhood.
  const firstDay = wallClock(zone, from).day - 1;
  const lastDay = wallClock(zone, to).day + 1;
  const spans: Span[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = weekdayOfDay(day);
    for (const w of windows) {
      if (!w.days.includes(weekday)) continue;
      const start = wallTimeAt(zone, day, minutesOf(w.start));
      const end = wallTimeAt(zone, day, minutesOf(w.end));
      if (end > start) spans.push({ start, end });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged.filter((s) => s.end > from && s.start < to);
}

function spanAt(schedule: SendingSchedule, zone: string, at: number): Span | null {
  return openSpans(schedule, zone, at, at + 1).find((s) => s.start <= at && at < s.end) ?? null;
}

export function isSendingOpen(schedule: SendingSchedule, zone: string, now: Date): boolean {
  const at = now.getTime();
  const offset = steadyOffset(zone, at);
  if (offset === null) return spanAt(schedule, zone, at) !== null;
  // No offset change within a day either side: wall time maps one to one onto instants, so reading
  // today's windows on the wall clock gives the same answer as the spans, for a fraction of the cost.
  const local = at + offset * MINUTE;
  const day = Math.floor(local / DAY);
  const minutes = (local - day * DAY) / MINUTE;
  const weekday = weekdayOfDay(day);
  return windowsOf(schedule).some((w) => w.days.includes(weekday) && minutesOf(w.start) <= minutes && minutes < minutesOf(w.end));
}

/** When the window next opens: `from` itself while open; null when it does not open within the horizon
 *  (no sending days). */
export function nextOpening(schedule: SendingSchedule, zone: string, from: Date, horizonDays = OPENING_HORIZON_DAYS): Date | null {
  const at = from.getTime();
  const span = openSpans(schedule, zone, at, at + horizonDays * DAY)[0];
  return span ? new Date(Math.max(span.start, at)) : null;
}

/** When the open stretch holding `now` closes; null while closed. */
export function windowEndsAt(schedule: SendingSchedule, zone: string, now: Date): Date | null {
  const span = spanAt(schedule, zone, now.getTime());
  return span ? new Date(span.end) : null;
}

// ---- Campaign date range: startDate..endDate, plain dates in the campaign zone, both included. ----

export interface DateRange {
  startDate: string | null;
  endDate: string | null;
}

export type RangeState = 'before_start' | 'after_end' | null;

/** Where `now` falls against the campaign's dates (read in the campaign zone, even with lead zones). */
export function dateRangeState(range: DateRange, campaignZone: string, now: Date): RangeState {
  const today = wallClock(campaignZone, now.getTime()).day;
  if (range.startDate && today < dayOfDate(range.startDate)) return 'before_start';
  if (range.endDate && today > dayOfDate(range.endDate)) return 'after_end';
  return null;
}

export interface CampaignTiming extends SendingSchedule, DateRange {
  /** The campaign's zone: where its dates are read. */
  timezone: string;
}

/** The first instant at or after `from` when the campaign may send to a lead whose send zone is `zone`:
 *  inside its dates and its window. Null when that never comes (past the end date, no sending day, or
 *  no open window before the end date). */
export function nextSendAt(campaign: CampaignTiming, zone: string, from: Date): Date | null {
  let at = from.getTime();
  if (campaign.startDate) at = Math.max(at, wallTimeAt(campaign.timezone, dayOfDate(campaign.startDate), 0));
  const endsAt = campaign.endDate ? wallTimeAt(campaign.timezone, dayOfDate(campaign.endDate) + 1, 0) : Number.POSITIVE_INFINITY;
  if (at >= endsAt) return null;
  const opening = nextOpening(campaign, zone, new Date(at));
  return opening && opening.getTime() < endsAt ? opening : null;
}
