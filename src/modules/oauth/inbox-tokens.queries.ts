// The SQL of an OAuth inbox's tokens (inbox-tokens.ts, decisions.md §15): reading the cached access
// token, the refresh lease (claimed in one statement, so no transaction is open while the provider is
// asked), writing a refresh's outcome under that lease, and the disconnection. The mail paths (sending,
// polling) work on every workspace's inboxes, so these are keyed by an inbox id they hold.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

export interface TokenRow {
  workspaceId: string;
  email: string;
  status: string;
  provider: string;
  tenant: string | null;
  accessTokenEnc: string | null;
  accessExpiresAt: Date | null;
  tokenVersion: number;
  refreshClaimUntil: Date | null;
}

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The inbox's token row with its status; null when it has none (a password inbox, a deleted grant).
 * @allWorkspaces keyed by an inbox the caller holds (the sending engine and the poller work on every workspace's)
 */
export async function tokenRow(em: EntityManager, inboxId: string): Promise<TokenRow | null> {
  const [r] = await sql(
    em,
    `select i.workspace_id, i.email, i.status, o.provider, o.tenant, o.access_token_enc, o.access_expires_at, o.token_version, o.refresh_claim_until
       from inbox_oauth o join inbox i on i.id = o.inbox_id where o.inbox_id = ?`,
    [inboxId],
  );
  if (!r) return null;
  return {
    workspaceId: String(r.workspace_id),
    email: String(r.email),
    status: String(r.status),
    provider: String(r.provider),
    tenant: r.tenant === null ? null : String(r.tenant),
    accessTokenEnc: r.access_token_enc === null ? null : String(r.access_token_enc),
    accessExpiresAt: date(r.access_expires_at),
    tokenVersion: Number(r.token_version),
    refreshClaimUntil: date(r.refresh_claim_until),
  };
}

/**
 * Takes the refresh lease: only while the tokens are still the version the caller read and no live lease
 * is held. Answers the refresh token to use, or null when another holds the lease or refreshed already.
 * @allWorkspaces keyed by an inbox the caller holds
 */
export async function claimRefresh(em: EntityManager, inboxId: string, claim: string, version: number, now: Date, until: Date): Promise<{ refreshTokenEnc: string } | null> {
  const [r] = await sql(
    em,
    `update inbox_oauth set refresh_claim = ?, refresh_claim_until = ?
      where inbox_id = ? and token_version = ? and (refresh_claim_until is null or refresh_claim_until <= ?)
      returning refresh_token_enc`,
    [claim, until, inboxId, version, now],
  );
  return r ? { refreshTokenEnc: String(r.refresh_token_enc) } : null;
}

/**
 * A refresh's new tokens, written only while the caller still holds its lease (a reconnect meanwhile
 * cleared it: its tokens stay); the lease ends. Answers the new version, or null when the lease was lost.
 * @allWorkspaces keyed by an inbox the caller holds
 */
export async function writeRefreshed(
  em: EntityManager,
  inboxId: string,
  claim: string,
  t: { accessTokenEnc: string; accessExpiresAt: Date | null; refreshTokenEnc: string | null },
): Promise<number | null> {
  const [r] = await sql(
    em,
    `update inbox_oauth set access_token_enc = ?, access_expires_at = ?, refresh_token_enc = coalesce(?, refresh_token_enc),
            token_version = token_version + 1, refresh_claim = null, refresh_claim_until = null
      where inbox_id = ? and refresh_claim = ? returning token_version`,
    [t.accessTokenEnc, t.accessExpiresAt, t.refreshTokenEnc, inboxId, claim],
  );
  return r ? Number(r.token_version) : null;
}

/**
 * Gives the lease back (the refresh failed); true when it was still the caller's.
 * @allWorkspaces keyed by an inbox the caller holds
 */
export async function releaseRefresh(em: EntityManager, inboxId: string, claim: string): Promise<boolean> {
  const rows = await sql(em, `update inbox_oauth set refresh_claim = null, refresh_claim_until = null where inbox_id = ? and refresh_claim = ? returning inbox_id`, [
    inboxId,
    claim,
  ]);
  return rows.length > 0;
}

/**
 * Locks the inbox row for the caller's transaction (a disconnection takes it before the grant row, as a
 * reconnect does, so the two never deadlock).
 * @allWorkspaces keyed by an inbox the caller holds
 */
export async function lockInboxRow(em: EntityManager, inboxId: string): Promise<void> {
  await sql(em, `select 1 from inbox where id = ? for update`, [inboxId]);
}

/**
 * decisions.md §15: the provider ended the grant: the inbox needs reconnecting (it neither sends nor is
 * polled) and shows the provider's answer. The status it had is kept (`status` on the right of SET is the
 * row's old value), so a reconnect brings back a pause or a bounce stop rather than `active`. Answers its
 * workspace and address when it changed now.
 * @allWorkspaces keyed by an inbox the caller holds
 */
export async function markReconnectNeeded(em: EntityManager, inboxId: string, error: string): Promise<{ workspaceId: string; email: string } | null> {
  const [r] = await sql(
    em,
    `update inbox set status = 'reconnect_needed', status_before_disconnect = status, last_error = ?
      where id = ? and auth_type = 'oauth2' and status <> 'reconnect_needed' returning workspace_id, email`,
    [error, inboxId],
  );
  return r ? { workspaceId: String(r.workspace_id), email: String(r.email) } : null;
}

/**
 * A deleted inbox's grant, dropped (decisions.md §15: the service keeps no access to a mailbox it no
 * longer has as an inbox): its provider and refresh token, and whether another inbox (of any workspace)
 * still holds a grant of the same account at that provider, which revoking this one would end too (Google
 * revokes every token of a person's grant to the app). Null when the inbox had none.
 * @allWorkspaces keyed by an inbox the caller holds; the count looks at other workspaces' grants only to
 * leave them alone
 */
export async function dropGrantRow(em: EntityManager, inboxId: string): Promise<{ provider: string; refreshTokenEnc: string; shared: boolean } | null> {
  const [r] = await sql(
    em,
    `delete from inbox_oauth o where o.inbox_id = ?
      returning o.provider, o.refresh_token_enc,
                exists (select 1 from inbox_oauth x where x.provider = o.provider and x.subject = o.subject and x.inbox_id <> o.inbox_id) as shared`,
    [inboxId],
  );
  return r ? { provider: String(r.provider), refreshTokenEnc: String(r.refresh_token_enc), shared: Boolean(r.shared) } : null;
}
