// Writing an event to the outbox (decisions.md §8): always inside the transaction of the change it
// reports, so a crash neither loses nor invents one. Delivery (signed webhooks) reads the outbox later.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { sql } from '../../db/sql';

/** Every kind an event can have (decisions.md §8); `webhook_test` is only ever sent by POST /webhooks/:id/test. */
export const EVENT_KINDS = [
  'unsubscribe',
  'interest_changed',
  'email_sent',
  'email_bounced',
  'reply_received',
  'auto_reply_received',
  'lead_completed',
  'task_opened',
  'mailbox_stopped',
  'webhook_test',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface NewEvent {
  workspaceId: string;
  kind: EventKind;
  /** The event's `data` as receivers see it: snake_case keys, ids as strings, times as ISO strings. */
  payload: Record<string, unknown>;
  /** When set, the event is recorded at most once per workspace for this key (a lead's unsubscribe). */
  onceKey?: string;
  now: Date;
}

/** Records one event in the caller's transaction. Returns false when `onceKey` was already used
 *  (nothing recorded), true otherwise. */
export async function recordEvent(em: EntityManager, event: NewEvent): Promise<boolean> {
  const rows = await sql(
    em,
    `insert into event (id, created_at, workspace_id, kind, payload, once_key) values (?, ?, ?, ?, ?, ?)
     on conflict (workspace_id, once_key) do nothing returning id`,
    [randomUUID(), event.now, event.workspaceId, event.kind, JSON.stringify(event.payload), event.onceKey ?? null],
  );
  return rows.length > 0;
}

/** Records many events in the caller's transaction with one statement (a batch of reply items); the
 *  same rows as recordEvent one by one. Returns how many were recorded (`onceKey`s already used are not). */
export async function recordEvents(em: EntityManager, events: NewEvent[]): Promise<number> {
  if (!events.length) return 0;
  const { query, params } = eventsInsert(events);
  return (await sql(em, query, params)).length;
}

/** recordEvents' statement, for a caller that sends it along with others in one round trip (sqlBatch). */
export function eventsInsert(events: NewEvent[]): { query: string; params: unknown[] } {
  return {
    query: `insert into event (id, created_at, workspace_id, kind, payload, once_key) values ${events.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}
     on conflict (workspace_id, once_key) do nothing returning id`,
    params: events.flatMap((e) => [randomUUID(), e.now, e.workspaceId, e.kind, JSON.stringify(e.payload), e.onceKey ?? null]),
  };
}
