// The event outbox's SQL (record-event.ts, decisions.md §8): inserting events in the caller's
// transaction. Each row names its own workspace; a `once_key` already used by the workspace inserts
// nothing (the unique (workspace_id, once_key)).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, textArray, timeArray, type Statement } from '../../storage/sql';

export interface EventRow {
  id: string;
  at: Date;
  kind: string;
  /** The event's `data`, as JSON text. */
  payload: string;
  onceKey: string | null;
  /** Set when the event is written as already handed to delivery. */
  deliveredAt: Date | null;
}

/** Inserts one event of the workspace; its id, or null when its once_key was already used. */
export async function insertEventRow(em: EntityManager, workspaceId: string, e: EventRow): Promise<string | null> {
  const rows = await sql(
    em,
    `insert into event (id, created_at, workspace_id, kind, payload, once_key, delivered_at) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (workspace_id, once_key) do nothing returning id`,
    [e.id, e.at, workspaceId, e.kind, e.payload, e.onceKey, e.deliveredAt],
  );
  return rows.length ? String(rows[0]!.id) : null;
}

/** An event as the batch insert takes it (record-event.ts NewEvent narrows the kind to the known ones). */
export interface EventToWrite {
  workspaceId: string;
  kind: string;
  /** The event's `data` as receivers see it: snake_case keys, ids as strings, times as ISO strings. */
  payload: Record<string, unknown>;
  /** When set, the event is recorded at most once per workspace for this key (a lead's unsubscribe). */
  onceKey?: string;
  now: Date;
}

/**
 * One statement recording many events, for a queries function that sends it with others in one round trip
 * (storage/sql.ts sqlStatements) or alone: the same rows as insertEventRow one by one, `onceKey`s already
 * used skipped. Five array parameters whatever the number of events.
 * @allWorkspaces an insert of events each carrying its own workspace (the dispatch tick's and the reply poll's batches span workspaces)
 */
export function eventsInsert(events: readonly EventToWrite[]): Statement {
  return {
    query: `insert into event (id, created_at, workspace_id, kind, payload, once_key)
     select gen_random_uuid(), x.at, x.workspace, x.kind, x.payload::jsonb, x.once_key
       from unnest(?::timestamptz[], ?::uuid[], ?::text[], ?::text[], ?::text[]) as x(at, workspace, kind, payload, once_key)
     on conflict (workspace_id, once_key) do nothing`,
    params: [
      timeArray(events.map((e) => e.now)),
      pgArray(events.map((e) => e.workspaceId)),
      textArray(events.map((e) => e.kind)),
      textArray(events.map((e) => JSON.stringify(e.payload))),
      textArray(events.map((e) => e.onceKey ?? null)),
    ],
  };
}

/**
 * eventsInsert run on its own, in the caller's transaction.
 * @allWorkspaces an insert of events each carrying its own workspace (the dispatch tick's batches span workspaces)
 */
export async function insertEvents(em: EntityManager, events: readonly EventToWrite[]): Promise<void> {
  const { query, params } = eventsInsert(events);
  await sql(em, query, params);
}
