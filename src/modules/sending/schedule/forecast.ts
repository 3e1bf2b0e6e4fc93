// The `pending` estimate of campaign stats (api.md Campaign numbers: "`pending` per day is an
// estimate"): how many sequence emails go out today and on each coming sending day if nothing changes.
// A day-by-day simulation over cohorts of leads (leads due on the same day at the same step), so its cost
// grows with steps × days, never with leads:
//
// - a day sends only when the campaign's window opens on it (campaign zone; today only while a window
//   is still ahead) and it lies inside the start/end dates;
// - each day sends at most min(daily limit, what the campaign's inboxes may send that day: ramp cap per
//   inbox, the smallest domain cap per domain; today minus what was already sent), and first emails at
//   most `maxNewLeadsPerDay`; `prioritizeNew` decides who goes first, otherwise the longest-waiting;
// - a lead that got step k is due for step k+1 `waitMinutes` later, rounded up to whole days;
// - task steps cost no email and are taken as done the day they come due.
//
// What it cannot know it assumes away: every lead gets every step (no replies, no conditions failing),
// the inboxes send for this campaign only, and lead time zones open when the campaign's does.
import type { InboxStatus } from '../../inboxes/inbox.entity';
import { capOn, type RampSettings } from '../../inboxes/ramp';
import { dayOfDate, dateOfDay, wallClock, wallTimeAt } from './zones';
import { openSpans, type CampaignTiming } from './window';

export interface ForecastStep {
  waitMinutes: number;
  /** False for a task step. */
  sendsEmail: boolean;
}

/** `count` leads whose next step (index into steps, 0 = the first) comes due on wall day `day` of the
 *  campaign zone (days since 1970-01-01; a past day means due now). */
export interface Cohort {
  day: number;
  step: number;
  count: number;
}

export interface ForecastInbox extends RampSettings {
  status: InboxStatus;
  domain: string;
  domainDailyCap: number | null;
  /** What it sent today, for any campaign. */
  sentToday: number;
}

export interface ForecastInput {
  campaign: CampaignTiming & {
    dailyLimit: number;
    maxNewLeadsPerDay: number | null;
    prioritizeNew: boolean;
    /** Sequence emails and first emails already sent today (campaign zone). */
    sentToday: number;
    newToday: number;
  };
  steps: readonly ForecastStep[];
  /** The campaign's inboxes. */
  inboxes: readonly ForecastInbox[];
  cohorts: readonly Cohort[];
}

export interface ForecastDay {
  /** YYYY-MM-DD in the campaign zone. */
  day: string;
  pending: number;
}

/** How far ahead the estimate looks, in calendar days after today. */
export const FORECAST_HORIZON_DAYS = 30;

/** Today (always, when it can still send) and each later sending day up to the last one with work. */
export function forecastPending(input: ForecastInput, now: Date, horizonDays = FORECAST_HORIZON_DAYS): ForecastDay[] {
  const { campaign } = input;
  const zone = campaign.timezone;
  const today = wallClock(zone, now.getTime()).day;
  const queue = input.cohorts.filter((c) => c.count > 0 && c.step < input.steps.length).map((c) => ({ ...c, day: Math.max(c.day, today) }));
  const days: ForecastDay[] = [];
  for (let day = today; day <= today + horizonDays && queue.length; day++) {
    if (!sendsOn(campaign, day, day === today ? now.getTime() : null)) continue;
    const isToday = day === today;
    let room = Math.max(0, Math.min(campaign.dailyLimit - (isToday ? campaign.sentToday : 0), inboxRoom(input.inboxes, day, isToday)));
    let newRoom = campaign.maxNewLeadsPerDay === null ? Number.POSITIVE_INFINITY : Math.max(0, campaign.maxNewLeadsPerDay - (isToday ? campaign.newToday : 0));
    let sent = 0;
    // Passes until nothing due today can move: a 0-minute wait or a task makes the next step due the same day.
    for (let moved = true; moved;) {
      moved = false;
      for (const cohort of dueInOrder(queue, day, campaign.prioritizeNew)) {
        const step = input.steps[cohort.step]!;
        const isNew = cohort.step === 0 && step.sendsEmail;
        const take = step.sendsEmail ? Math.min(cohort.count, room, isNew ? newRoom : Number.POSITIVE_INFINITY) : cohort.count;
        if (take <= 0) continue;
        moved = true;
        cohort.count -= take;
        if (step.sendsEmail) {
          room -= take;
          sent += take;
          if (isNew) newRoom -= take;
        }
        const next = input.steps[cohort.step + 1];
        if (next) queue.push({ day: day + Math.ceil(next.waitMinutes / 1440), step: cohort.step + 1, count: take });
      }
      removeEmpty(queue);
    }
    days.push({ day: dateOfDay(day), pending: sent });
  }
  // Trailing days without work say nothing; today stays.
  while (days.length > 1 && days[days.length - 1]!.pending === 0) days.pop();
  return days;
}

/** Whether the campaign may send on wall `day`: inside its dates and with a window open on it (after
 *  `after` when given: today, only what is still ahead counts). */
function sendsOn(campaign: CampaignTiming, day: number, after: number | null): boolean {
  if (campaign.startDate && day < dayOfDate(campaign.startDate)) return false;
  if (campaign.endDate && day > dayOfDate(campaign.endDate)) return false;
  const from = Math.max(wallTimeAt(campaign.timezone, day, 0), after ?? Number.NEGATIVE_INFINITY);
  const to = wallTimeAt(campaign.timezone, day + 1, 0);
  return from < to && openSpans(campaign, campaign.timezone, from, to).length > 0;
}

/** What the inboxes may send on `day`: each active inbox's ramp cap (less today's sends), each domain
 *  held to its smallest cap. */
function inboxRoom(inboxes: readonly ForecastInbox[], day: number, isToday: boolean): number {
  const domains = new Map<string, { room: number; cap: number | null; sent: number }>();
  const date = dateOfDay(day);
  for (const inbox of inboxes) {
    const d = domains.get(inbox.domain) ?? { room: 0, cap: null, sent: 0 };
    const sent = isToday ? inbox.sentToday : 0;
    if (inbox.status === 'active') d.room += Math.max(0, capOn(inbox, date) - sent);
    if (inbox.domainDailyCap !== null) d.cap = d.cap === null ? inbox.domainDailyCap : Math.min(d.cap, inbox.domainDailyCap);
    d.sent += sent;
    domains.set(inbox.domain, d);
  }
  let room = 0;
  for (const d of domains.values()) room += d.cap === null ? d.room : Math.min(d.room, Math.max(0, d.cap - d.sent));
  return room;
}

/** Cohorts due by `day`: first emails first with prioritizeNew, else follow-ups first; then the
 *  longest-waiting. */
function dueInOrder(queue: Cohort[], day: number, prioritizeNew: boolean): Cohort[] {
  const rank = (c: Cohort) => (c.step === 0 ? (prioritizeNew ? 0 : 1) : prioritizeNew ? 1 : 0);
  return queue.filter((c) => c.day <= day && c.count > 0).sort((a, b) => rank(a) - rank(b) || a.day - b.day || b.step - a.step);
}

function removeEmpty(queue: Cohort[]): void {
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.count <= 0) queue.splice(i, 1);
}
