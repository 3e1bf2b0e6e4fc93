// api.md Campaigns rule 3 as pure functions: at most four windows, none past midnight, none overlapping
// another on a day they share; windows are half-open, so touching ones do not overlap.
import { checkTimeRange, checkWindows, hasSendingDay, MAX_WINDOWS, minutesOf, normalizeDays, sendingDays, weekdayOf, windowsOverlap } from '../../src/modules/campaigns/schedule';

const w = (days: number[], start: string, end: string) => ({ days, start, end });

describe('minutesOf and normalizeDays', () => {
  it('reads HH:MM as minutes since midnight, hours past 23 included', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('25:10')).toBe(1510);
  });

  it('keeps each day once, Sunday first', () => {
    expect(normalizeDays([5, 1, 3, 1, 0, 5])).toEqual([0, 1, 3, 5]);
  });
});

describe('checkTimeRange', () => {
  it('accepts a range inside one day, up to 24:00', () => {
    expect(checkTimeRange('09:00', '17:00')).toBeNull();
    expect(checkTimeRange('00:00', '24:00')).toBeNull();
    expect(checkTimeRange('23:58', '23:59')).toBeNull();
  });

  it.each([
    ['22:00', '02:00'],
    ['09:00', '09:00'],
    ['10:00', '09:59'],
    ['20:00', '24:01'],
    ['20:00', '25:00'],
  ])('refuses %s–%s as running past midnight', (start, end) => {
    expect(checkTimeRange(start, end)?.code).toBe('window_past_midnight');
  });
});

describe('windowsOverlap', () => {
  it('is true for overlapping hours on a shared day', () => {
    expect(windowsOverlap(w([1, 2], '09:00', '12:00'), w([2, 3], '11:00', '14:00'))).toBe(true);
    expect(windowsOverlap(w([1], '09:00', '17:00'), w([1], '10:00', '11:00'))).toBe(true);
  });

  it('is false for the same hours on different days', () => {
    expect(windowsOverlap(w([1, 2], '09:00', '12:00'), w([3, 4], '09:00', '12:00'))).toBe(false);
  });

  it('is false for windows that only touch (09:00–12:00 and 12:00–15:00)', () => {
    expect(windowsOverlap(w([1], '09:00', '12:00'), w([1], '12:00', '15:00'))).toBe(false);
    expect(windowsOverlap(w([1], '12:00', '15:00'), w([1], '09:00', '12:00'))).toBe(false);
  });
});

describe('checkWindows', () => {
  it('accepts up to four windows that do not overlap', () => {
    const four = [w([1], '08:00', '09:00'), w([1], '09:00', '10:00'), w([1, 2], '13:00', '14:00'), w([0, 6], '08:00', '20:00')];
    expect(MAX_WINDOWS).toBe(4);
    expect(checkWindows(four)).toBeNull();
  });

  it('refuses a fifth window', () => {
    const five = [0, 1, 2, 3, 4].map((d) => w([d], '09:00', '10:00'));
    expect(checkWindows(five)).toMatchObject({ code: 'too_many_windows', details: { max: 4 } });
  });

  it('refuses an empty list (null turns windows off)', () => {
    expect(checkWindows([])?.code).toBe('no_windows');
  });

  it('refuses a window past midnight and names it', () => {
    expect(checkWindows([w([1], '09:00', '10:00'), w([2], '22:00', '01:00')])).toMatchObject({ code: 'window_past_midnight', details: { window: 2 } });
  });

  it('refuses two windows overlapping on a shared day and names them and the day', () => {
    expect(checkWindows([w([1, 3], '09:00', '12:00'), w([5], '08:00', '18:00'), w([3], '11:30', '13:00')])).toMatchObject({
      code: 'windows_overlap',
      details: { windows: [1, 3], day: 3 },
    });
  });

  it('accepts the same hours on different days', () => {
    expect(checkWindows([w([1, 2], '09:00', '12:00'), w([3], '09:00', '12:00')])).toBeNull();
  });
});

describe('sending days', () => {
  it('uses the windows’ days while windows are set, else days', () => {
    expect(sendingDays({ days: [1, 2], windows: null })).toEqual([1, 2]);
    expect(sendingDays({ days: [1, 2], windows: [w([6, 4], '09:00', '10:00'), w([4, 0], '11:00', '12:00')] })).toEqual([0, 4, 6]);
  });

  it('reads week days of plain dates (0 is Sunday)', () => {
    expect(weekdayOf('2026-03-15')).toBe(0);
    expect(weekdayOf('2026-03-16')).toBe(1);
    expect(weekdayOf('2026-03-21')).toBe(6);
  });

  it('finds a sending day in a date range, both ends included', () => {
    // 2026-03-20 is a Friday, 2026-03-21/22 the weekend.
    expect(hasSendingDay([1, 2, 3, 4, 5], '2026-03-21', '2026-03-22')).toBe(false);
    expect(hasSendingDay([1, 2, 3, 4, 5], '2026-03-20', '2026-03-22')).toBe(true);
    expect(hasSendingDay([1, 2, 3, 4, 5], '2026-03-21', '2026-03-23')).toBe(true);
    expect(hasSendingDay([3], '2026-03-01', '2027-03-01')).toBe(true);
    expect(hasSendingDay([1], '2026-03-17', '2026-03-16')).toBe(false);
  });
});
