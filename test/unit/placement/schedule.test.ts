// schedule.ts (decisions.md §16 placement_schedule): 06:00 in the workspace's zone, daily or on Mondays;
// the latest slot runs once, and only a slot at or after the schedule was set.
import { dueSlot, latestSlot } from '../../../src/modules/placement/schedule';

describe('latestSlot', () => {
  it("daily: today's 06:00 in the zone once it has passed, else yesterday's", () => {
    // 05:30 UTC is 06:30 in Berlin (winter): today's slot; 04:30 UTC is 05:30 there: yesterday's.
    expect(latestSlot('daily', 'Europe/Berlin', new Date('2026-01-14T05:30:00Z'))).toEqual(new Date('2026-01-14T05:00:00Z'));
    expect(latestSlot('daily', 'Europe/Berlin', new Date('2026-01-14T04:30:00Z'))).toEqual(new Date('2026-01-13T05:00:00Z'));
    expect(latestSlot('daily', 'America/New_York', new Date('2026-07-01T12:00:00Z'))).toEqual(new Date('2026-07-01T10:00:00Z'));
  });

  it('weekly: the latest Monday 06:00 in the zone', () => {
    // Wednesday 14 January 2026: Monday the 12th; on Monday at 05:59 local, the Monday before.
    expect(latestSlot('weekly', 'UTC', new Date('2026-01-14T09:00:00Z'))).toEqual(new Date('2026-01-12T06:00:00Z'));
    expect(latestSlot('weekly', 'Asia/Tokyo', new Date('2026-01-11T20:59:00Z'))).toEqual(new Date('2026-01-04T21:00:00Z'));
    expect(latestSlot('weekly', 'Asia/Tokyo', new Date('2026-01-11T21:00:00Z'))).toEqual(new Date('2026-01-11T21:00:00Z'));
  });

  it('keeps 06:00 local across a daylight-saving change', () => {
    // Europe/Berlin moves to summer time on 29 March 2026: 06:00 is 04:00 UTC from then on.
    expect(latestSlot('daily', 'Europe/Berlin', new Date('2026-03-29T12:00:00Z'))).toEqual(new Date('2026-03-29T04:00:00Z'));
    expect(latestSlot('daily', 'Europe/Berlin', new Date('2026-03-28T12:00:00Z'))).toEqual(new Date('2026-03-28T05:00:00Z'));
  });

  it('off has no slot', () => {
    expect(latestSlot('off', 'UTC', new Date())).toBeNull();
  });
});

describe('dueSlot', () => {
  const now = new Date('2026-01-14T09:00:00Z');
  const slot = new Date('2026-01-14T06:00:00Z');
  it('is the latest slot when it is not before the schedule was set and has not run', () => {
    expect(dueSlot({ schedule: 'daily', zone: 'UTC', setAt: new Date('2026-01-10T00:00:00Z'), lastSlot: new Date('2026-01-13T06:00:00Z') }, now)).toEqual(slot);
    expect(dueSlot({ schedule: 'daily', zone: 'UTC', setAt: new Date('2026-01-10T00:00:00Z'), lastSlot: null }, now)).toEqual(slot);
  });

  it('runs a slot once, never one before the schedule was set, and nothing while off', () => {
    expect(dueSlot({ schedule: 'daily', zone: 'UTC', setAt: new Date('2026-01-10T00:00:00Z'), lastSlot: slot }, now)).toBeNull();
    expect(dueSlot({ schedule: 'daily', zone: 'UTC', setAt: new Date('2026-01-14T07:00:00Z'), lastSlot: null }, now)).toBeNull();
    expect(dueSlot({ schedule: 'daily', zone: 'UTC', setAt: null, lastSlot: null }, now)).toBeNull();
    expect(dueSlot({ schedule: 'off', zone: 'UTC', setAt: new Date('2026-01-10T00:00:00Z'), lastSlot: null }, now)).toBeNull();
  });
});
