// The shared state the gauges of README.md "Series" describe, read at scrape time (state.series.ts caches
// it for a few seconds, one read at a time). One statement, each part bounded: the counts stop at
// STATE_COUNT_CAP rows (a backlog that large reads as the cap, which is alarm enough) and walk partial
// indexes (`send_queue`, `event_undelivered`, `webhook_delivery_due`); the inbox part reads one row per
// inbox that is not deleted. The transaction only carries the statement timeout.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

/** A count stops here. */
export const STATE_COUNT_CAP = 100_000;
/** How long the read may run in the database. */
export const STATE_STATEMENT_TIMEOUT_MS = 2_000;

export interface SharedState {
  /** Queued sends whose time has come (they go at the next ticks), and those queued for later (retries, one-offs waiting for a window). */
  sendsDue: number;
  sendsWaiting: number;
  /** Sends claimed and on the wire (`sending`). */
  sendsSending: number;
  /** When the inbox polled longest ago (or, never polled, created) was last polled; null without inboxes. */
  oldestPollAt: Date | null;
  /** Events not yet handed to deliveries by the fan-out. */
  eventsUndelivered: number;
  /** Deliveries not yet delivered nor failed for good (due now or waiting for their retry). */
  deliveriesPending: number;
}

const capped = (from: string) => `(select count(*)::int from (select 1 from ${from} limit ${STATE_COUNT_CAP}) t)`;

/**
 * Every figure of SharedState, in one statement under a statement timeout.
 * @allWorkspaces the gauges describe the whole service: backlogs and lag across every workspace
 */
export async function readSharedState(em: EntityManager, now: Date): Promise<SharedState> {
  return em.transactional(async (tx) => {
    await sql(tx, `select set_config('statement_timeout', ?, true)`, [String(STATE_STATEMENT_TIMEOUT_MS)]);
    const [row] = await sql(
      tx,
      `select ${capped(`send where status = 'queued' and scheduled_for <= ?`)} as sends_due,
              ${capped(`send where status = 'queued' and scheduled_for > ?`)} as sends_waiting,
              ${capped(`send where status = 'sending'`)} as sends_sending,
              (select min(coalesce(polled_at, created_at)) from inbox where deleted_at is null and purpose <> 'seed') as oldest_poll_at,
              ${capped(`event where delivered_at is null`)} as events_undelivered,
              ${capped(`webhook_delivery where status = 'pending'`)} as deliveries_pending`,
      [now, now],
    );
    return {
      sendsDue: Number(row!.sends_due),
      sendsWaiting: Number(row!.sends_waiting),
      sendsSending: Number(row!.sends_sending),
      oldestPollAt: row!.oldest_poll_at ? new Date(row!.oldest_poll_at as string) : null,
      eventsUndelivered: Number(row!.events_undelivered),
      deliveriesPending: Number(row!.deliveries_pending),
    };
  });
}
