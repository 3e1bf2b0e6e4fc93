// The SQL of idempotency keys (README.md here). Every statement names the workspace and the key, the
// table's primary key; the clean-up of expired keys is the one that spans workspaces.
//
// A `running` key is leased to the process running its request (src/storage/process-owner.ts): the lease
// counts only while that process lives and its time has not run out (leaseHeldSql), so a request whose
// process died frees its key for the next attempt at once.
import type { EntityManager } from '@mikro-orm/postgresql';
import { leaseHeldSql } from '../../storage/owner-sql';
import { sql, sqlRun } from '../../storage/sql';
import { IDEMPOTENCY_TABLE } from './idempotency-table';

const T = `"${IDEMPOTENCY_TABLE}"`;

export interface KeyClaim {
  workspaceId: string;
  key: string;
  fingerprint: string;
  holder: string;
  now: Date;
  leaseUntil: Date;
  expiresAt: Date;
}

/**
 * Claims the key for a request about to run: inserted `running` and leased to `holder`, unless the
 * workspace already has the key (then nothing; the caller reads it). One statement, so two identical
 * requests at once cannot both claim it.
 */
export async function insertClaim(em: EntityManager, c: KeyClaim): Promise<boolean> {
  const rows = await sql(
    em,
    `insert into ${T} (workspace_id, key, fingerprint, state, lease_holder, lease_until, created_at, expires_at)
     values (?, ?, ?, 'running', ?, ?, ?, ?) on conflict (workspace_id, key) do nothing returning key`,
    [c.workspaceId, c.key, c.fingerprint, c.holder, c.leaseUntil, c.now, c.expiresAt],
  );
  return rows.length === 1;
}

/**
 * Claims a key whose row is of no use any more: expired (any request may take it), or `running` for
 * the same request with nobody holding its lease (its process died). Conditional in one statement, so
 * of two takers one wins.
 */
export async function takeOverClaim(em: EntityManager, c: KeyClaim): Promise<boolean> {
  const n = await sqlRun(
    em,
    `update ${T} set fingerprint = ?, state = 'running', lease_holder = ?, lease_until = ?, created_at = ?, expires_at = ?,
            response_status = null, response_headers = null, response_body = null
      where workspace_id = ? and key = ?
        and (expires_at <= ? or (state = 'running' and fingerprint = ? and not ${leaseHeldSql('lease_until', 'lease_holder', '?')}))`,
    [c.fingerprint, c.holder, c.leaseUntil, c.now, c.expiresAt, c.workspaceId, c.key, c.now, c.fingerprint, c.now],
  );
  return n === 1;
}

export interface StoredKey {
  fingerprint: string;
  state: 'running' | 'done';
  /** A `running` key whose lease protects its request (its holder lives, its time has not run out). */
  held: boolean;
  expired: boolean;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

/** The workspace's key as it stands, or null when it has none. */
export async function readKey(em: EntityManager, workspaceId: string, key: string, now: Date): Promise<StoredKey | null> {
  const [r] = await sql(
    em,
    `select fingerprint, state, ${leaseHeldSql('lease_until', 'lease_holder', '?')} as held, expires_at <= ? as expired,
            response_status, response_headers, response_body
       from ${T} where workspace_id = ? and key = ?`,
    [now, now, workspaceId, key],
  );
  if (!r) return null;
  return {
    fingerprint: String(r.fingerprint),
    state: r.state === 'done' ? 'done' : 'running',
    held: r.held === true,
    expired: r.expired === true,
    status: r.response_status === null ? null : Number(r.response_status),
    headers: (r.response_headers as Record<string, string> | null) ?? null,
    body: r.response_body === null ? null : String(r.response_body),
  };
}

/** Extends the lease of a key `holder` is still running. */
export async function renewClaim(em: EntityManager, workspaceId: string, key: string, holder: string, leaseUntil: Date): Promise<void> {
  await sqlRun(em, `update ${T} set lease_until = ? where workspace_id = ? and key = ? and state = 'running' and lease_holder = ?`, [leaseUntil, workspaceId, key, holder]);
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Keeps the answer of the request `holder` ran under the key, for replays until the key expires. */
export async function storeAnswer(em: EntityManager, workspaceId: string, key: string, holder: string, answer: StoredAnswer): Promise<void> {
  await sqlRun(
    em,
    `update ${T} set state = 'done', response_status = ?, response_headers = ?::jsonb, response_body = ?, lease_holder = null, lease_until = null
      where workspace_id = ? and key = ? and state = 'running' and lease_holder = ?`,
    [answer.status, JSON.stringify(answer.headers), answer.body, workspaceId, key, holder],
  );
}

/** Frees the key of a request `holder` ran without an answer to keep (a 5xx, a 429, a cut connection). */
export async function releaseClaim(em: EntityManager, workspaceId: string, key: string, holder: string): Promise<void> {
  await sqlRun(em, `delete from ${T} where workspace_id = ? and key = ? and state = 'running' and lease_holder = ?`, [workspaceId, key, holder]);
}

/**
 * Deletes up to `limit` keys that expired before `now` (through the index on expires_at); how many.
 * @allWorkspaces the clean-up of expired keys, whoever's they are
 */
export async function deleteExpiredKeys(em: EntityManager, now: Date, limit: number): Promise<number> {
  return sqlRun(em, `delete from ${T} where ctid in (select ctid from ${T} where expires_at <= ? limit ?)`, [now, limit]);
}
