// decisions.md §16 placement_schedule, as pure functions of (settings, now): a daily test at 06:00 in the
// workspace's zone, a weekly one on Mondays at 06:00. The scheduler (placement.job.ts) runs the latest
// slot once (a unique slot per workspace, whichever process gets there), and only a slot at or after the
// schedule was set: turning it on at noon waits for tomorrow's 06:00. A slot missed while no process ran
// (a restart, an outage) runs when one runs again; older missed slots are not run one by one.
import { DateTime } from 'luxon';
import type { PlacementSchedule } from '../accounts/workspace.entity';

export const SCHEDULE_HOUR = 6;

/** The latest slot of the schedule at or before `now`, in `zone`; null when the schedule is off. */
export function latestSlot(schedule: PlacementSchedule, zone: string, now: Date): Date | null {
  if (schedule === 'off') return null;
  const local = DateTime.fromJSDate(now, { zone });
  const day = local.set({ hour: SCHEDULE_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (schedule === 'daily') return (day > local ? day.minus({ days: 1 }) : day).toJSDate();
  // Weekly: Monday (ISO weekday 1).
  const monday = day.minus({ days: day.weekday - 1 });
  return (monday > local ? monday.minus({ weeks: 1 }) : monday).toJSDate();
}

/** The slot to run now, if any: the latest one, when it is not before the schedule was set and has not run. */
export function dueSlot(s: { schedule: PlacementSchedule; zone: string; setAt: Date | null; lastSlot: Date | null }, now: Date): Date | null {
  const slot = latestSlot(s.schedule, s.zone, now);
  if (!slot || !s.setAt || slot < s.setAt) return null;
  if (s.lastSlot && s.lastSlot.getTime() >= slot.getTime()) return null;
  return slot;
}
