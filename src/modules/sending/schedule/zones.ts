// Zone math for sending: wall clocks and wall times resolved to instants, in IANA zones, with luxon.
// Wall dates are handled as day numbers (whole days since 1970-01-01) so that walking a week of windows
// needs no string parsing; `dateOfDay`/`dayOfDate` convert to and from plain dates (YYYY-MM-DD).
//
// DST rules (the same for a window's start and its end, so touching windows keep touching):
// - a wall time that happens twice (clocks go back) means its first occurrence;
// - a wall time that never happens (clocks go forward over it) means the instant the clocks jump, the
//   first instant whose wall time is later than it. A 02:30 start on the spring-forward day in Berlin
//   opens at 03:00 CEST.
import { IANAZone } from 'luxon';
import { dayIn } from '../../inboxes/ramp';

export { sendZone, type ZoneSettings } from '../../leads/send-zone';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The calendar day (YYYY-MM-DD) of `now` in `zone`: the key per-day caps are counted under (campaign
 *  zone for dailyLimit and maxNewLeadsPerDay, workspace zone for inbox caps, as inboxes/ramp.ts). */
export const dayKey: (zone: string, now: Date) => string = dayIn;

// luxon reads offsets through Intl (about 10 µs a call). A zone changes its offset at most once in a
// UTC day, so an offset that is the same at both ends of a UTC day holds all day and is cached per
// (zone, day); only transition days ask luxon for each instant.
const zones = new Map<string, IANAZone>();
const dayOffsets = new Map<string, Map<number, number | null>>();
const CACHE_DAYS_PER_ZONE = 4096;

function ianaZone(name: string): IANAZone {
  let zone = zones.get(name);
  if (!zone) {
    zone = IANAZone.create(name);
    if (!zone.isValid) throw new Error(`Unknown time zone: ${name}`);
    zones.set(name, zone);
  }
  return zone;
}

/** Offset of `zone` from UTC at instant `ms`, in minutes. Throws on an unknown zone (zones are validated
 *  where they are stored, so this is a programming error, not bad input). */
export function zoneOffset(zone: string, ms: number): number {
  return dayOffset(zone, Math.floor(ms / DAY)) ?? ianaZone(zone).offset(ms);
}

/** The offset that holds all through UTC day `day`; null on a day the offset changes. */
function dayOffset(zone: string, day: number): number | null {
  let perDay = dayOffsets.get(zone);
  if (!perDay) {
    perDay = new Map();
    dayOffsets.set(zone, perDay);
  }
  let constant = perDay.get(day);
  if (constant === undefined) {
    const iana = ianaZone(zone);
    const atStart = iana.offset(day * DAY);
    constant = atStart === iana.offset((day + 1) * DAY - 1) ? atStart : null;
    if (perDay.size >= CACHE_DAYS_PER_ZONE) perDay.clear();
    perDay.set(day, constant);
  }
  return constant;
}

/** The offset of `zone` when it stays the same from the UTC day before `ms` to the day after; null when
 *  it changes in that time. Lets callers read wall times by plain arithmetic away from DST changes. */
export function steadyOffset(zone: string, ms: number): number | null {
  const day = Math.floor(ms / DAY);
  const offset = dayOffset(zone, day);
  return offset !== null && dayOffset(zone, day - 1) === offset && dayOffset(zone, day + 1) === offset ? offset : null;
}

export interface WallClock {
  /** Whole days since 1970-01-01 of the wall date. */
  day: number;
  /** Minutes since wall midnight. */
  minutes: number;
  /** 0 is Sunday. */
  weekday: number;
}

/** What a clock in `zone` shows at instant `ms`. */
export function wallClock(zone: string, ms: number): WallClock {
  const local = ms + zoneOffset(zone, ms) * MINUTE;
  const day = Math.floor(local / DAY);
  return { day, minutes: Math.floor((local - day * DAY) / MINUTE), weekday: weekdayOfDay(day) };
}

/** 0 is Sunday; day 0 (1970-01-01) was a Thursday. */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function dayOfDate(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** The instant the wall clock of `zone` shows `minutes` past midnight of wall day `day` (minutes may be
 *  1440: midnight ending the day). Twice-shown times give the first; skipped ones the jump (see top). */
export function wallTimeAt(zone: string, day: number, minutes: number): number {
  const asUtc = day * DAY + minutes * MINUTE;
  const before = zoneOffset(zone, asUtc - DAY);
  const after = zoneOffset(zone, asUtc + DAY);
  let best = Number.POSITIVE_INFINITY;
  for (const offset of before === after ? [before] : [before, after]) {
    const ms = asUtc - offset * MINUTE;
    if (zoneOffset(zone, ms) === offset && ms < best) best = ms;
  }
  if (best !== Number.POSITIVE_INFINITY) return best;
  // Skipped: before the jump the clock is behind the wanted time, after it ahead. Find the jump (offsets
  // change on whole minutes).
  let lo = Math.floor((asUtc - after * MINUTE) / MINUTE); // offset `before` still applies here
  let hi = Math.ceil((asUtc - before * MINUTE) / MINUTE); // offset `after` applies here
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffset(zone, mid * MINUTE) === after) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE;
}

/** The first instant of plain date `date` (YYYY-MM-DD) in `zone`. */
export function startOfDate(zone: string, date: string): Date {
  return new Date(wallTimeAt(zone, dayOfDate(date), 0));
}

/** The next midnight in `zone` after `now`: the end of "today" there (due_today counts up to it). */
export function endOfDay(zone: string, now: Date): Date {
  return new Date(wallTimeAt(zone, wallClock(zone, now.getTime()).day + 1, 0));
}
