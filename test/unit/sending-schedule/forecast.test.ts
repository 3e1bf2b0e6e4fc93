// forecast.ts: the per-day `pending` estimate of campaign stats, simulated over cohorts of leads.
import { dayOfDate, forecastPending, type ForecastInput } from '../../../src/modules/sending/schedule';

// Monday 30 November 2026, 10:00 UTC.
const MONDAY_10 = new Date('2026-11-30T10:00:00Z');
const MONDAY = dayOfDate('2026-11-30');

function input(over: Partial<Omit<ForecastInput, 'campaign'>> & { campaign?: Partial<ForecastInput['campaign']> } = {}): ForecastInput {
  return {
    steps: [{ waitMinutes: 0, sendsEmail: true }],
    inboxes: [{ status: 'active', domain: 'a.com', domainDailyCap: null, sentToday: 0, dailyCap: 1000, rampStart: 1000, rampIncrement: 0, rampStartedAt: '2026-01-01' }],
    cohorts: [],
    ...over,
    campaign: {
      timezone: 'UTC',
      days: [1, 2, 3, 4, 5],
      windowStart: '09:00',
      windowEnd: '17:00',
      windows: null,
      startDate: null,
      endDate: null,
      dailyLimit: 100,
      maxNewLeadsPerDay: null,
      prioritizeNew: false,
      sentToday: 0,
      newToday: 0,
      ...over.campaign,
    },
  };
}

it('spreads new leads over the sending days at the daily limit, skipping the weekend', () => {
  const days = forecastPending(input({ cohorts: [{ day: MONDAY - 3, step: 0, count: 650 }] }), MONDAY_10);
  expect(days).toEqual([
    { day: '2026-11-30', pending: 100 },
    { day: '2026-12-01', pending: 100 },
    { day: '2026-12-02', pending: 100 },
    { day: '2026-12-03', pending: 100 },
    { day: '2026-12-04', pending: 100 },
    // Saturday and Sunday have no window: no row.
    { day: '2026-12-07', pending: 100 },
    { day: '2026-12-08', pending: 50 },
  ]);
});

it("counts today's sends against today's room, and nothing today once the window has closed", () => {
  const base = { cohorts: [{ day: MONDAY, step: 0, count: 30 }] };
  expect(forecastPending(input({ ...base, campaign: { sentToday: 90 } }), MONDAY_10)).toEqual([
    { day: '2026-11-30', pending: 10 },
    { day: '2026-12-01', pending: 20 },
  ]);
  const evening = new Date('2026-11-30T18:00:00Z');
  expect(forecastPending(input(base), evening)).toEqual([{ day: '2026-12-01', pending: 30 }]);
});

it('moves leads through the steps by their waits, and tasks cost no email', () => {
  const steps = [
    { waitMinutes: 0, sendsEmail: true },
    { waitMinutes: 2 * 1440, sendsEmail: false },
    { waitMinutes: 0, sendsEmail: true },
  ];
  expect(forecastPending(input({ steps, cohorts: [{ day: MONDAY, step: 0, count: 10 }] }), MONDAY_10)).toEqual([
    { day: '2026-11-30', pending: 10 },
    { day: '2026-12-01', pending: 0 },
    { day: '2026-12-02', pending: 10 }, // the task comes due Wednesday and step 3 follows it the same day
  ]);
});

it('holds first emails to maxNewLeadsPerDay, follow-ups first unless prioritizeNew', () => {
  const cohorts = [
    { day: MONDAY, step: 0, count: 50 },
    { day: MONDAY - 1, step: 1, count: 80 },
  ];
  const steps = [
    { waitMinutes: 0, sendsEmail: true },
    { waitMinutes: 3 * 1440, sendsEmail: true },
  ];
  const followUpsFirst = forecastPending(input({ steps, cohorts, campaign: { maxNewLeadsPerDay: 30 } }), MONDAY_10);
  expect(followUpsFirst.slice(0, 2)).toEqual([
    { day: '2026-11-30', pending: 100 }, // 80 follow-ups, then 20 new
    { day: '2026-12-01', pending: 30 }, // the other 30 new (limit 30)
  ]);
  const newFirst = forecastPending(input({ steps, cohorts, campaign: { maxNewLeadsPerDay: 30, prioritizeNew: true } }), MONDAY_10);
  expect(newFirst.slice(0, 2)).toEqual([
    { day: '2026-11-30', pending: 100 }, // 30 new, then 70 follow-ups
    { day: '2026-12-01', pending: 30 }, // 10 follow-ups left, 20 new
  ]);
});

it("is held by the inboxes' ramp and the domain cap", () => {
  const inboxes: ForecastInput['inboxes'] = [
    { status: 'active', domain: 'a.com', domainDailyCap: 15, sentToday: 5, dailyCap: 50, rampStart: 10, rampIncrement: 10, rampStartedAt: '2026-11-30' },
    { status: 'active', domain: 'a.com', domainDailyCap: null, sentToday: 0, dailyCap: 50, rampStart: 10, rampIncrement: 10, rampStartedAt: '2026-11-30' },
    { status: 'paused', domain: 'b.com', domainDailyCap: null, sentToday: 0, dailyCap: 50, rampStart: 50, rampIncrement: 0, rampStartedAt: '2026-11-30' },
  ];
  const days = forecastPending(input({ inboxes, cohorts: [{ day: MONDAY, step: 0, count: 40 }] }), MONDAY_10);
  // Today the domain may send 15 of which 5 went: 10. Tuesday the domain cap (15) binds before the ramp (20 + 20).
  expect(days).toEqual([
    { day: '2026-11-30', pending: 10 },
    { day: '2026-12-01', pending: 15 },
    { day: '2026-12-02', pending: 15 },
  ]);
});

it('stops at the end date and never starts before the start date', () => {
  const cohorts = [{ day: MONDAY, step: 0, count: 500 }];
  const days = forecastPending(input({ cohorts, campaign: { startDate: '2026-12-01', endDate: '2026-12-02' } }), MONDAY_10);
  expect(days).toEqual([
    { day: '2026-12-01', pending: 100 },
    { day: '2026-12-02', pending: 100 },
  ]);
});

it('reads days in the campaign zone', () => {
  // 23:30 UTC Monday is already Tuesday 08:30 in Tokyo: the window opens later that day.
  const lateMonday = new Date('2026-11-30T23:30:00Z');
  const days = forecastPending(input({ cohorts: [{ day: MONDAY, step: 0, count: 5 }], campaign: { timezone: 'Asia/Tokyo' } }), lateMonday);
  expect(days).toEqual([{ day: '2026-12-01', pending: 5 }]);
});

it('gives nothing without leads or steps, and costs steps × days, not leads', () => {
  expect(forecastPending(input(), MONDAY_10)).toEqual([]);
  const many = forecastPending(input({ cohorts: [{ day: MONDAY, step: 0, count: 5_000_000 }], campaign: { dailyLimit: 1_000_000 } }), MONDAY_10);
  expect(many[0]).toEqual({ day: '2026-11-30', pending: 1000 }); // the inbox's 1,000 a day binds
  expect(many).toHaveLength(23); // 30 days ahead: today plus 22 weekdays
});
