// jobs/scan-interval.ts: Agenda's scan follows the shortest recurring interval (SCHEDULER_TICK_SECONDS=2
// ticks every 2 s, not every 5), and a schedule the runner cannot keep stops start-up.
import { intervalMs, LONGEST_SCAN_MS, scanIntervalMs } from '../../jobs/scan-interval';

it('reads schedules as Agenda does', () => {
  expect(intervalMs('2 seconds')).toBe(2_000);
  expect(intervalMs('1 minute')).toBe(60_000);
  expect(intervalMs('1 hour')).toBe(3_600_000);
});

it('scans as often as the shortest recurring job, never less often than every 5 s', () => {
  expect(scanIntervalMs([{ name: 'dispatch', every: '2 seconds' }, { name: 'poll', every: '60 seconds' }, { name: 'queued' }])).toBe(2_000);
  expect(scanIntervalMs([{ name: 'dispatch', every: '30 seconds' }])).toBe(LONGEST_SCAN_MS);
  expect(scanIntervalMs([{ name: 'dispatch', every: '1 second' }])).toBe(1_000);
});

it('refuses a schedule it cannot read or keep, naming it', () => {
  expect(() => scanIntervalMs([{ name: 'dispatch', every: 'every now and then' }])).toThrow(/every now and then/);
  expect(() => scanIntervalMs([{ name: 'fast', every: '0.5 seconds' }])).toThrow(/"fast" repeats every 500 ms/);
});
