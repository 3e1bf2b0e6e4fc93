// decisions.md §5 ramp: capToday = min(dailyCap, rampStart + rampIncrement × whole days since
// rampStartedAt), days in the workspace timezone; rampShare = round(100 × capToday / dailyCap).
import { capOn, dayIn, daysBetween, rampShare } from '../../src/modules/inboxes/ramp';

const ramp = { dailyCap: 50, rampStart: 10, rampIncrement: 5, rampStartedAt: '2026-03-10' };

describe('capOn', () => {
  it('allows rampStart on day 0', () => {
    expect(capOn(ramp, '2026-03-10')).toBe(10);
  });

  it('adds rampIncrement per whole day mid-ramp', () => {
    expect(capOn(ramp, '2026-03-11')).toBe(15);
    expect(capOn(ramp, '2026-03-15')).toBe(35);
  });

  it('stops at dailyCap', () => {
    expect(capOn(ramp, '2026-03-18')).toBe(50);
    expect(capOn(ramp, '2027-01-01')).toBe(50);
  });

  it('never exceeds a dailyCap smaller than rampStart, even on day 0', () => {
    expect(capOn({ ...ramp, dailyCap: 4 }, '2026-03-10')).toBe(4);
    expect(capOn({ ...ramp, dailyCap: 4 }, '2026-04-10')).toBe(4);
  });

  it('treats a start date in the future as day 0', () => {
    expect(capOn(ramp, '2026-03-01')).toBe(10);
  });

  it('counts calendar days across month ends and a DST change', () => {
    expect(capOn({ ...ramp, rampStartedAt: '2026-02-27' }, '2026-03-02')).toBe(25);
    expect(capOn({ ...ramp, dailyCap: 500, rampStartedAt: '2026-03-28' }, '2026-03-30')).toBe(20); // EU DST on 29 March
  });

  it('holds at rampStart with no increment', () => {
    expect(capOn({ ...ramp, rampIncrement: 0 }, '2026-06-01')).toBe(10);
  });
});

describe('dayIn (workspace day boundaries)', () => {
  const instant = new Date('2026-03-10T23:30:00Z');

  it('gives the calendar date in the zone', () => {
    expect(dayIn('UTC', instant)).toBe('2026-03-10');
    expect(dayIn('Asia/Tokyo', instant)).toBe('2026-03-11');
    expect(dayIn('America/Los_Angeles', new Date('2026-03-11T06:59:00Z'))).toBe('2026-03-10'); // PDT (UTC-7) since 8 March;
    expect(dayIn('America/Los_Angeles', new Date('2026-03-11T07:00:00Z'))).toBe('2026-03-11');
  });

  it('moves the ramp a day at local midnight, not UTC midnight', () => {
    const startedTokyo = { ...ramp, rampStartedAt: '2026-03-10' };
    expect(capOn(startedTokyo, dayIn('Asia/Tokyo', new Date('2026-03-10T14:59:00Z')))).toBe(10);
    expect(capOn(startedTokyo, dayIn('Asia/Tokyo', new Date('2026-03-10T15:00:00Z')))).toBe(15);
  });
});

describe('daysBetween', () => {
  it('counts whole days and goes negative backwards', () => {
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-03-10', '2026-04-10')).toBe(31);
    expect(daysBetween('2026-03-10', '2026-03-08')).toBe(-2);
  });
});

describe('rampShare', () => {
  it('is capToday as a rounded percentage of dailyCap', () => {
    expect(rampShare(10, 50)).toBe(20);
    expect(rampShare(10, 30)).toBe(33);
    expect(rampShare(20, 30)).toBe(67);
    expect(rampShare(50, 50)).toBe(100);
    expect(rampShare(4, 4)).toBe(100);
  });
});
