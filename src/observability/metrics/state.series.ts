// Gauges of the state every process shares (README.md "Series"): sends due and waiting, the oldest
// unpolled inbox's lag, the undelivered webhook backlog. Any process reports the same figures, read from
// the database at scrape time; so that a storm of scrapes cannot load the database, one read at a time
// serves every scrape for STATE_TTL_MS on the service clock (like every other time in the service), a
// failed read too, and a read that takes longer than STATE_WAIT_MS leaves the scrape without these
// gauges (the process's own series still answer) while it goes on for the next one.
// `outreach_state_read_ok` says whether they are there.
import type { MetricValue, Registry } from 'prom-client';
import type { Logger } from '../logger';
import type { SharedState } from './state.queries';

/** One database read serves the scrapes of this long. */
export const STATE_TTL_MS = 5_000;
/** A scrape waits this long for a read under way. */
export const STATE_WAIT_MS = 2_500;

type Snapshot = { ok: true; state: SharedState; now: Date } | { ok: false };

interface Reading {
  at: number;
  snapshot: Promise<Snapshot>;
  settled: boolean;
}

type Values = MetricValue<string>[];

/** A gauge whose values come from the shared snapshot at scrape time, and are left out when there is none
 *  (a prom-client Gauge without labels would say 0). Registry reads a metric's name, help, type and get(). */
function snapshotGauge(registry: Registry, snapshot: () => Promise<Snapshot>, name: string, help: string, values: (s: Snapshot) => Values): void {
  const metric = {
    name,
    help,
    type: 'gauge' as const,
    aggregator: 'omit' as const,
    async get() {
      return { name, help, type: 'gauge', aggregator: 'omit', values: values(await snapshot()) };
    },
  };
  registry.registerMetric(metric as never);
}

export class StateSeries {
  private reading: Reading | null = null;

  constructor(
    registry: Registry,
    private readonly read: () => Promise<{ state: SharedState; now: Date }>,
    private readonly log: Logger,
    /** Milliseconds now, on the service clock (deps.clock), which the TTL is measured on. */
    private readonly nowMs: () => number = Date.now,
  ) {
    const snapshot = () => this.snapshot();
    const when = (s: Snapshot, values: (state: SharedState, now: Date) => Values): Values => (s.ok ? values(s.state, s.now) : []);
    snapshotGauge(
      registry,
      snapshot,
      'outreach_state_read_ok',
      'Whether the database read behind the shared-state gauges of this scrape worked (1) or not (0): without it they are absent.',
      (s) => [{ labels: {}, value: s.ok ? 1 : 0 }],
    );
    snapshotGauge(
      registry,
      snapshot,
      'outreach_sends_queued',
      'Queued sends of every workspace: due (their time has come; they go at the next ticks) and waiting (retries and one-offs queued for later). Counts stop at 100000.',
      (s) =>
        when(s, (state) => [
          { labels: { state: 'due' }, value: state.sendsDue },
          { labels: { state: 'waiting' }, value: state.sendsWaiting },
        ]),
    );
    snapshotGauge(registry, snapshot, 'outreach_sends_in_flight', 'Sends claimed and on the wire now (status sending), every workspace and process.', (s) =>
      when(s, (state) => [{ labels: {}, value: state.sendsSending }]),
    );
    snapshotGauge(
      registry,
      snapshot,
      'outreach_imap_oldest_unpolled_lag_seconds',
      'Seconds since the inbox whose last good poll is oldest (never polled: since it was connected) was read; 0 without inboxes.',
      (s) => when(s, (state, now) => [{ labels: {}, value: state.oldestPollAt ? Math.max(0, (now.getTime() - state.oldestPollAt.getTime()) / 1000) : 0 }]),
    );
    snapshotGauge(
      registry,
      snapshot,
      'outreach_webhook_backlog',
      'Undelivered webhook work of every workspace: events the fan-out has not handed on yet, and deliveries pending (due, or waiting for a retry). Counts stop at 100000.',
      (s) =>
        when(s, (state) => [
          { labels: { stage: 'events' }, value: state.eventsUndelivered },
          { labels: { stage: 'deliveries' }, value: state.deliveriesPending },
        ]),
    );
  }

  /** The snapshot the gauges of one scrape share: the cached one, or a new read. Never two reads at once:
   *  a read still under way past the TTL keeps serving (and its scrapes wait at most STATE_WAIT_MS). */
  snapshot(): Promise<Snapshot> {
    const now = this.nowMs();
    const current = this.reading;
    // A clock moved back (a test's) by more than the TTL makes the reading stale too.
    if (!current || (current.settled && Math.abs(now - current.at) >= STATE_TTL_MS)) {
      const reading: Reading = { at: now, snapshot: this.readOnce(), settled: false };
      void reading.snapshot.then(() => (reading.settled = true));
      this.reading = reading;
    }
    return this.waitFor(this.reading!.snapshot);
  }

  private readOnce(): Promise<Snapshot> {
    return this.read().then(
      ({ state, now }): Snapshot => ({ ok: true, state, now }),
      (err: unknown): Snapshot => {
        this.log.warn('metrics: the shared-state read failed; its gauges are left out of the scrape', { err: String((err as Error)?.message ?? err) });
        return { ok: false };
      },
    );
  }

  private async waitFor(snapshot: Promise<Snapshot>): Promise<Snapshot> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Snapshot>((resolve) => (timer = setTimeout(() => resolve({ ok: false }), STATE_WAIT_MS)));
    try {
      return await Promise.race([snapshot, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
