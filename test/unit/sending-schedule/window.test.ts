// window.ts: when a campaign's window is open (days + hours, or windows replacing them), across DST
// changes and lead zones, and the campaign's start and end dates (campaign zone, both days included).
import {
  dateRangeState,
  isSendingOpen,
  nextOpening,
  nextSendAt,
  openSpans,
  sendZone,
  windowEndsAt,
  windowsOf,
  type CampaignTiming,
  type SendingSchedule,
} from '../../../src/modules/sending/schedule';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];
const hours = (windowStart: string, windowEnd: string, days = EVERY_DAY): SendingSchedule => ({ days, windowStart, windowEnd, windows: null });
const windows = (...list: { days: number[]; start: string; end: string }[]): SendingSchedule => ({
  days: WEEKDAYS,
  windowStart: '09:00',
  windowEnd: '17:00',
  windows: list,
});
const t = (s: string) => new Date(s);
const open = (schedule: SendingSchedule, zone: string, s: string) => isSendingOpen(schedule, zone, t(s));
const opening = (schedule: SendingSchedule, zone: string, s: string) => nextOpening(schedule, zone, t(s))?.toISOString() ?? null;
const endsAt = (schedule: SendingSchedule, zone: string, s: string) => windowEndsAt(schedule, zone, t(s))?.toISOString() ?? null;
const hoursOpenOn = (schedule: SendingSchedule, zone: string, fromIso: string, toIso: string) =>
  openSpans(schedule, zone, Date.parse(fromIso), Date.parse(toIso)).map((s) => (Math.min(s.end, Date.parse(toIso)) - Math.max(s.start, Date.parse(fromIso))) / 3_600_000);

describe('days and hours', () => {
  const office = hours('09:00', '17:00', WEEKDAYS);

  it('is open from the start minute up to, not including, the end minute, on the days listed', () => {
    // Monday 2 March 2026, Berlin is UTC+1.
    expect(open(office, 'Europe/Berlin', '2026-03-02T07:59:59.999Z')).toBe(false);
    expect(open(office, 'Europe/Berlin', '2026-03-02T08:00:00.000Z')).toBe(true);
    expect(open(office, 'Europe/Berlin', '2026-03-02T15:59:59.999Z')).toBe(true);
    expect(open(office, 'Europe/Berlin', '2026-03-02T16:00:00.000Z')).toBe(false);
    // Saturday and Sunday (0 is Sunday) are not listed.
    expect(open(office, 'Europe/Berlin', '2026-03-07T10:00:00Z')).toBe(false);
    expect(open(office, 'Europe/Berlin', '2026-03-08T10:00:00Z')).toBe(false);
  });

  it('reads the hours in the zone given, not in UTC', () => {
    expect(open(office, 'America/New_York', '2026-03-02T13:00:00Z')).toBe(false); // 08:00 EST
    expect(open(office, 'America/New_York', '2026-03-02T14:00:00Z')).toBe(true); // 09:00 EST
  });

  it('opens next on the next sending day, the same instant when already open, and closes at the end', () => {
    expect(opening(office, 'Europe/Berlin', '2026-03-06T16:00:00Z')).toBe('2026-03-09T08:00:00.000Z'); // Fri 17:00 → Mon 09:00
    expect(opening(office, 'Europe/Berlin', '2026-03-02T09:15:00Z')).toBe('2026-03-02T09:15:00.000Z');
    expect(endsAt(office, 'Europe/Berlin', '2026-03-02T09:15:00Z')).toBe('2026-03-02T16:00:00.000Z');
    expect(endsAt(office, 'Europe/Berlin', '2026-03-02T17:00:00Z')).toBeNull();
  });

  it('opens at the new offset after a weekend where the clocks changed', () => {
    // New York: Friday 6 March 17:00 EST; clocks go forward on Sunday 8 March; Monday 09:00 is EDT.
    expect(opening(office, 'America/New_York', '2026-03-06T22:00:00Z')).toBe('2026-03-09T13:00:00.000Z');
  });

  it('never opens without a day to send on', () => {
    expect(opening(hours('09:00', '17:00', []), 'Europe/Berlin', '2026-03-02T00:00:00Z')).toBeNull();
    expect(open(hours('09:00', '17:00', []), 'Europe/Berlin', '2026-03-02T10:00:00Z')).toBe(false);
  });

  it('finds a once-a-week day six days ahead', () => {
    expect(opening(hours('10:00', '11:00', [6]), 'UTC', '2026-03-08T12:00:00Z')).toBe('2026-03-14T10:00:00.000Z');
  });

  it('reads an end of 24:00 as the midnight ending the day', () => {
    const evening = hours('18:00', '24:00', [1]);
    expect(open(evening, 'UTC', '2026-03-02T23:59:59Z')).toBe(true);
    expect(open(evening, 'UTC', '2026-03-03T00:00:00Z')).toBe(false);
    expect(endsAt(evening, 'UTC', '2026-03-02T20:00:00Z')).toBe('2026-03-03T00:00:00.000Z');
    expect(open(hours('00:00', '24:00'), 'Europe/Berlin', '2026-03-29T00:30:00Z')).toBe(true);
  });
});

describe('windows', () => {
  it('replace days and hours while set', () => {
    const saturdayOnly = windows({ days: [6], start: '10:00', end: '12:00' });
    expect(windowsOf(saturdayOnly)).toEqual([{ days: [6], start: '10:00', end: '12:00' }]);
    expect(open(saturdayOnly, 'UTC', '2026-03-07T11:00:00Z')).toBe(true); // Saturday
    expect(open(saturdayOnly, 'UTC', '2026-03-02T11:00:00Z')).toBe(false); // Monday, a `days` day
    expect(windowsOf(hours('09:00', '17:00', WEEKDAYS))).toEqual([{ days: WEEKDAYS, start: '09:00', end: '17:00' }]);
  });

  it('runs each window on its own days and leaves the gaps between them closed', () => {
    const split = windows({ days: [1, 2], start: '08:00', end: '10:00' }, { days: [1], start: '14:00', end: '16:00' });
    expect(open(split, 'UTC', '2026-03-02T09:00:00Z')).toBe(true);
    expect(open(split, 'UTC', '2026-03-02T12:00:00Z')).toBe(false);
    expect(opening(split, 'UTC', '2026-03-02T12:00:00Z')).toBe('2026-03-02T14:00:00.000Z');
    expect(opening(split, 'UTC', '2026-03-03T12:00:00Z')).toBe('2026-03-09T08:00:00.000Z'); // Tuesday has no afternoon
  });

  it('treats touching windows as one stretch, also across midnight', () => {
    const touching = windows({ days: [1], start: '09:00', end: '12:00' }, { days: [1], start: '12:00', end: '17:00' });
    expect(open(touching, 'UTC', '2026-03-02T12:00:00Z')).toBe(true);
    expect(endsAt(touching, 'UTC', '2026-03-02T10:00:00Z')).toBe('2026-03-02T17:00:00.000Z');
    const overnight = windows({ days: [1], start: '18:00', end: '24:00' }, { days: [2], start: '00:00', end: '06:00' });
    expect(endsAt(overnight, 'UTC', '2026-03-02T20:00:00Z')).toBe('2026-03-03T06:00:00.000Z');
  });
});

describe('DST days', () => {
  it('Europe/Berlin, clocks forward (29 March 2026): a start in the skipped hour opens when the clocks jump', () => {
    const early = hours('02:30', '05:00');
    expect(open(early, 'Europe/Berlin', '2026-03-29T00:59:59Z')).toBe(false);
    expect(opening(early, 'Europe/Berlin', '2026-03-29T00:00:00Z')).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
    expect(hoursOpenOn(early, 'Europe/Berlin', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')).toEqual([2]);
    // A window of 01:00–03:00 loses the skipped hour.
    expect(hoursOpenOn(hours('01:00', '03:00'), 'Europe/Berlin', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z')).toEqual([1]);
    // A window inside the skipped hour does not open that day; the next day it does.
    expect(opening(hours('02:00', '02:30'), 'Europe/Berlin', '2026-03-28T23:00:00Z')).toBe('2026-03-30T00:00:00.000Z');
  });

  it('Europe/Berlin, clocks back (25 October 2026): a window covering 01:00–03:00 lasts three hours', () => {
    const night = hours('01:00', '03:00');
    expect(hoursOpenOn(night, 'Europe/Berlin', '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z')).toEqual([3]);
    expect(open(night, 'Europe/Berlin', '2026-10-25T01:30:00Z')).toBe(true); // 02:30 CET, the second time
    expect(endsAt(night, 'Europe/Berlin', '2026-10-24T23:00:00Z')).toBe('2026-10-25T02:00:00.000Z'); // 03:00 CET
    // A start shown twice opens the first time.
    expect(opening(hours('02:30', '04:00'), 'Europe/Berlin', '2026-10-24T22:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('America/New_York, clocks forward (8 March 2026) and back (1 November 2026)', () => {
    expect(opening(hours('02:30', '04:00'), 'America/New_York', '2026-03-08T05:00:00Z')).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    expect(hoursOpenOn(hours('01:00', '03:00'), 'America/New_York', '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z')).toEqual([1]);
    expect(hoursOpenOn(hours('01:00', '03:00'), 'America/New_York', '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')).toEqual([3]);
    expect(open(hours('01:00', '03:00'), 'America/New_York', '2026-11-01T07:30:00Z')).toBe(true); // 02:30 EST
    // The 9-to-5 day is 8 hours on both days.
    expect(hoursOpenOn(hours('09:00', '17:00'), 'America/New_York', '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')).toEqual([8]);
  });
});

describe('lead zones ahead of and behind the campaign', () => {
  const campaign = { timezone: 'Europe/Berlin', leadTimezone: true };
  const office = hours('09:00', '17:00', WEEKDAYS);
  const tokyo = sendZone(campaign, { timezone: 'Asia/Tokyo' });
  const losAngeles = sendZone(campaign, { timezone: 'America/Los_Angeles' });

  it('opens for each lead in its own morning', () => {
    // Wednesday 10 June 2026 01:00 UTC: 10:00 in Tokyo, 03:00 in Berlin, Tuesday 18:00 in Los Angeles.
    expect(open(office, tokyo, '2026-06-10T01:00:00Z')).toBe(true);
    expect(open(office, 'Europe/Berlin', '2026-06-10T01:00:00Z')).toBe(false);
    expect(open(office, losAngeles, '2026-06-10T01:00:00Z')).toBe(false);
    expect(opening(office, losAngeles, '2026-06-10T01:00:00Z')).toBe('2026-06-10T16:00:00.000Z');
    expect(open(office, losAngeles, '2026-06-10T16:30:00Z')).toBe(true);
    expect(open(office, tokyo, '2026-06-10T16:30:00Z')).toBe(false);
  });

  it("reads the weekday in the lead's zone", () => {
    // Friday 12 June 16:00 UTC: Friday 09:00 in Los Angeles, already Saturday 01:00 in Tokyo.
    expect(open(office, losAngeles, '2026-06-12T16:00:00Z')).toBe(true);
    expect(opening(office, tokyo, '2026-06-12T16:00:00Z')).toBe('2026-06-15T00:00:00.000Z'); // Monday 09:00 JST
  });
});

describe('start and end dates', () => {
  const campaign: CampaignTiming = { ...hours('09:00', '17:00', WEEKDAYS), timezone: 'Europe/Berlin', startDate: '2026-04-01', endDate: '2026-04-10' };

  it('counts both dates as sending days, in the campaign zone', () => {
    expect(dateRangeState(campaign, 'Europe/Berlin', t('2026-03-31T21:59:59Z'))).toBe('before_start');
    expect(dateRangeState(campaign, 'Europe/Berlin', t('2026-03-31T22:00:00Z'))).toBeNull(); // 1 April 00:00 CEST
    expect(dateRangeState(campaign, 'Europe/Berlin', t('2026-04-10T21:59:59Z'))).toBeNull();
    expect(dateRangeState(campaign, 'Europe/Berlin', t('2026-04-10T22:00:00Z'))).toBe('after_end');
    expect(dateRangeState({ startDate: null, endDate: null }, 'Europe/Berlin', t('2030-01-01T00:00:00Z'))).toBeNull();
  });

  it('waits for the start date, then the window', () => {
    expect(nextSendAt(campaign, 'Europe/Berlin', t('2026-03-20T10:00:00Z'))?.toISOString()).toBe('2026-04-01T07:00:00.000Z');
  });

  it("lets a lead behind the campaign start when the campaign's start date begins, in its own window", () => {
    // 1 April begins in Berlin at 31 March 22:00 UTC: 15:00 on 31 March in Los Angeles, inside its window.
    expect(nextSendAt(campaign, 'America/Los_Angeles', t('2026-03-20T10:00:00Z'))?.toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });

  it('stops at the end of the end date, even mid-window for a lead zone behind', () => {
    // Friday 10 April is the last day; from Friday evening the next window (Monday) is past the end.
    expect(nextSendAt(campaign, 'Europe/Berlin', t('2026-04-10T16:00:00Z'))).toBeNull();
    expect(nextSendAt(campaign, 'Europe/Berlin', t('2026-04-10T10:00:00Z'))?.toISOString()).toBe('2026-04-10T10:00:00.000Z');
    // Los Angeles is open at 10 April 21:00 UTC (14:00 PDT) but Berlin's 10 April ends at 22:00 UTC.
    expect(nextSendAt(campaign, 'America/Los_Angeles', t('2026-04-10T21:59:00Z'))?.toISOString()).toBe('2026-04-10T21:59:00.000Z');
    expect(nextSendAt(campaign, 'America/Los_Angeles', t('2026-04-10T22:00:00Z'))).toBeNull();
    expect(nextSendAt(campaign, 'Europe/Berlin', t('2026-05-01T10:00:00Z'))).toBeNull();
  });
});

describe('isSendingOpen agrees with the open spans', () => {
  it('at every 10 minutes of the weeks around both DST changes, in several zones and schedules', () => {
    const schedules = [
      hours('09:00', '17:00', WEEKDAYS),
      hours('01:00', '03:00'),
      hours('02:30', '24:00', [0, 3, 6]),
      windows({ days: [0, 1], start: '00:00', end: '02:15' }, { days: [0], start: '02:15', end: '03:30' }, { days: [5, 6], start: '22:00', end: '24:00' }),
    ];
    const wrong: string[] = [];
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Tokyo']) {
      for (const weekStart of ['2026-03-04', '2026-03-25', '2026-04-01', '2026-09-02', '2026-10-21', '2026-10-28']) {
        const from = Date.parse(`${weekStart}T00:00:00Z`);
        for (const [n, schedule] of schedules.entries()) {
          const spans = openSpans(schedule, zone, from - 86_400_000, from + 8 * 86_400_000);
          for (let ms = from; ms < from + 7 * 86_400_000; ms += 10 * 60_000) {
            const expected = spans.some((s) => s.start <= ms && ms < s.end);
            if (isSendingOpen(schedule, zone, new Date(ms)) !== expected) wrong.push(`${zone} schedule ${n} ${new Date(ms).toISOString()}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
