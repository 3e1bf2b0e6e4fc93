// The shared-state gauges (src/observability/metrics/state.series.ts): one database read serves every scrape for a
// few seconds, never two reads at once, and a read that fails or hangs leaves those gauges out while
// the process's own series still answer.
import { Counter, Registry } from 'prom-client';
import type { SharedState } from '../../src/observability/metrics/state.queries';
import { STATE_TTL_MS, StateSeries } from '../../src/observability/metrics/state.series';
import { silentLogger } from '../../src/observability/logger';
import { parseMetrics, valueOf } from '../support/metrics';

const NOW = new Date('2026-11-30T10:00:00.000Z');
const STATE: SharedState = { sendsDue: 3, sendsWaiting: 5, sendsSending: 1, oldestPollAt: new Date(NOW.getTime() - 90_000), eventsUndelivered: 2, deliveriesPending: 7 };

function world(read: () => Promise<{ state: SharedState; now: Date }>, nowMs?: () => number) {
  const registry = new Registry();
  const own = new Counter({ name: 'own_total', help: 'A series of the process.', registers: [registry] });
  own.inc(4);
  let reads = 0;
  new StateSeries(
    registry,
    () => {
      reads++;
      return read();
    },
    silentLogger,
    nowMs,
  );
  return { scrape: async () => parseMetrics(await registry.metrics()), reads: () => reads };
}

it('reports the state read from the database', async () => {
  const w = world(async () => ({ state: STATE, now: NOW }));
  const s = await w.scrape();
  expect(valueOf(s, 'outreach_state_read_ok')).toBe(1);
  expect(valueOf(s, 'outreach_sends_queued', { state: 'due' })).toBe(3);
  expect(valueOf(s, 'outreach_sends_queued', { state: 'waiting' })).toBe(5);
  expect(valueOf(s, 'outreach_sends_in_flight')).toBe(1);
  expect(valueOf(s, 'outreach_imap_oldest_unpolled_lag_seconds')).toBe(90);
  expect(valueOf(s, 'outreach_webhook_backlog', { stage: 'events' })).toBe(2);
  expect(valueOf(s, 'outreach_webhook_backlog', { stage: 'deliveries' })).toBe(7);
});

it('says 0 s of lag without inboxes', async () => {
  const s = await world(async () => ({ state: { ...STATE, oldestPollAt: null }, now: NOW })).scrape();
  expect(valueOf(s, 'outreach_imap_oldest_unpolled_lag_seconds')).toBe(0);
});

it('serves a storm of scrapes with one read', async () => {
  const w = world(async () => ({ state: STATE, now: NOW }));
  await Promise.all(Array.from({ length: 50 }, () => w.scrape()));
  await w.scrape();
  expect(w.reads()).toBe(1);
});

it('reads again once STATE_TTL_MS has passed on the service clock, and not before', async () => {
  let now = NOW.getTime();
  const w = world(
    async () => ({ state: STATE, now: new Date(now) }),
    () => now,
  );
  await w.scrape();
  now += STATE_TTL_MS - 1;
  await w.scrape();
  expect(w.reads()).toBe(1);
  now += 1;
  await w.scrape();
  expect(w.reads()).toBe(2);
  // A clock moved back past the TTL (a test's) reads again too, rather than serving a reading from the future.
  now -= 2 * STATE_TTL_MS;
  await w.scrape();
  expect(w.reads()).toBe(3);
});

it('answers the process series when the read fails, without the gauges, and does not retry at once', async () => {
  const w = world(async () => {
    throw new Error('connection refused');
  });
  const s = await w.scrape();
  expect(valueOf(s, 'own_total')).toBe(4);
  expect(valueOf(s, 'outreach_state_read_ok')).toBe(0);
  for (const name of ['outreach_sends_queued', 'outreach_sends_in_flight', 'outreach_imap_oldest_unpolled_lag_seconds', 'outreach_webhook_backlog'])
    expect(s.samples.filter((x) => x.name === name)).toEqual([]);
  await w.scrape();
  expect(w.reads()).toBe(1);
});

it('answers without the gauges when the read hangs, and starts no second read meanwhile', async () => {
  const w = world(() => new Promise(() => undefined));
  const s = await w.scrape();
  expect(valueOf(s, 'own_total')).toBe(4);
  expect(valueOf(s, 'outreach_state_read_ok')).toBe(0);
  expect(s.samples.filter((x) => x.name === 'outreach_sends_queued')).toEqual([]);
  await w.scrape();
  expect(w.reads()).toBe(1);
}, 15_000);
