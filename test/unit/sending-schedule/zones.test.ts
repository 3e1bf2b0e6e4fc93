// zones.ts: wall clocks and wall times in IANA zones, with the DST rules every window relies on
// (a twice-shown time is its first occurrence; a skipped time is the instant the clocks jump).
import { DateTime, IANAZone } from 'luxon';
import { dateOfDay, dayKey, dayOfDate, endOfDay, sendZone, startOfDate, wallClock, wallTimeAt, weekdayOfDay, zoneOffset } from '../../../src/modules/sending/schedule';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (zone: string, date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return iso(wallTimeAt(zone, dayOfDate(date), h * 60 + m));
};

describe('zoneOffset', () => {
  it('agrees with luxon at every half hour of a year, across both DST changes, in zones with odd offsets', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const wrong: string[] = [];
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham']) {
      const iana = IANAZone.create(zone);
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 30 * 60_000) {
        // Each half hour and the minute before it: transitions fall on whole minutes.
        for (const t of [ms - 60_000, ms]) if (zoneOffset(zone, t) !== iana.offset(t)) wrong.push(`${zone} ${iso(t)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an unknown zone rather than guessing', () => {
    expect(() => zoneOffset('Mars/Olympus_Mons', 0)).toThrow('Unknown time zone');
  });
});

describe('wallClock', () => {
  it('reads the wall date, minutes and weekday (0 is Sunday) of an instant', () => {
    const clock = wallClock('Asia/Tokyo', Date.parse('2026-06-12T16:30:00Z')); // Sat 13 June 01:30 in Tokyo
    expect(dateOfDay(clock.day)).toBe('2026-06-13');
    expect(clock.minutes).toBe(90);
    expect(clock.weekday).toBe(6);
    expect(wallClock('America/Los_Angeles', Date.parse('2026-06-12T16:30:00Z')).weekday).toBe(5);
  });

  it('numbers days from 1970-01-01, a Thursday', () => {
    expect(weekdayOfDay(0)).toBe(4);
    expect(weekdayOfDay(-1)).toBe(3);
    expect(dayOfDate('2026-03-29')).toBe(20541);
    expect(dateOfDay(20541)).toBe('2026-03-29');
  });
});

describe('wallTimeAt', () => {
  it('resolves an ordinary wall time with the offset of that moment', () => {
    expect(at('Europe/Berlin', '2026-01-15', '09:00')).toBe('2026-01-15T08:00:00.000Z');
    expect(at('Europe/Berlin', '2026-07-15', '09:00')).toBe('2026-07-15T07:00:00.000Z');
  });

  it('gives the instant the clocks jump for a time skipped when they go forward', () => {
    expect(at('Europe/Berlin', '2026-03-29', '02:30')).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
    expect(at('Europe/Berlin', '2026-03-29', '02:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('Europe/Berlin', '2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('America/New_York', '2026-03-08', '02:30')).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
  });

  it('gives the first occurrence of a time shown twice when they go back', () => {
    expect(at('Europe/Berlin', '2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z'); // 02:30 CEST
    expect(at('America/New_York', '2026-11-01', '01:30')).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
  });

  it('reads 24:00 as the midnight ending the day, and handles a zone whose midnight is skipped', () => {
    expect(at('Europe/Berlin', '2026-03-28', '24:00')).toBe(at('Europe/Berlin', '2026-03-29', '00:00'));
    // Chile goes from 00:00 straight to 01:00 on 6 September 2026: the day starts at the jump.
    expect(at('America/Santiago', '2026-09-06', '00:00')).toBe('2026-09-06T04:00:00.000Z');
  });
});

describe('day keys and midnights', () => {
  it('keys the day in the zone asked for (the campaign zone for campaign limits, the workspace zone for inboxes)', () => {
    const now = new Date('2026-06-10T23:30:00Z');
    expect(dayKey('UTC', now)).toBe('2026-06-10');
    expect(dayKey('Asia/Tokyo', now)).toBe('2026-06-11');
    expect(dayKey('America/Los_Angeles', now)).toBe('2026-06-10');
  });

  it('ends a 23-hour and a 25-hour day at the right midnight', () => {
    expect(endOfDay('Europe/Berlin', new Date('2026-03-29T10:00:00Z')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(endOfDay('Europe/Berlin', new Date('2026-10-25T10:00:00Z')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfDate('Europe/Berlin', '2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    // Just before midnight the day still ends at that midnight.
    const justBefore = DateTime.fromISO('2026-06-10T23:59:59', { zone: 'Asia/Tokyo' }).toJSDate();
    expect(endOfDay('Asia/Tokyo', justBefore).toISOString()).toBe('2026-06-10T15:00:00.000Z');
  });
});

describe('sendZone', () => {
  it("is the lead's zone with lead_timezone on and the lead has one, else the campaign's", () => {
    expect(sendZone({ timezone: 'Europe/Berlin', leadTimezone: true }, { timezone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(sendZone({ timezone: 'Europe/Berlin', leadTimezone: true }, { timezone: null })).toBe('Europe/Berlin');
    expect(sendZone({ timezone: 'Europe/Berlin', leadTimezone: false }, { timezone: 'Asia/Tokyo' })).toBe('Europe/Berlin');
  });
});
