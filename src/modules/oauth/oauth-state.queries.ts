// The SQL of the connection flow's states (oauth-connect.service.ts, decisions.md §15).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlRun } from '../../storage/sql';

/** A state as the callback finds it. */
export interface ClaimedState {
  workspaceId: string;
  provider: string;
  userId: string;
  apiKeyId: string | null;
  mailboxId: string | null;
  returnTo: string;
  codeVerifierEnc: string;
  nonce: string;
  expiresAt: Date;
}

/**
 * Spends a state: marks it used and answers it, once; null when it is unknown or was used before. An
 * expired one is spent too (and answered, so its return path is known); the caller refuses it.
 * @allWorkspaces the public callback knows no workspace before it finds its state: keyed by the state's hash
 */
export async function spendState(em: EntityManager, stateHash: string, now: Date): Promise<ClaimedState | null> {
  const [row] = await sql(
    em,
    `update oauth_state set used_at = ? where state_hash = ? and used_at is null
     returning workspace_id, provider, user_id, api_key_id, mailbox_id, return_to, code_verifier_enc, nonce, expires_at`,
    [now, stateHash],
  );
  if (!row) return null;
  return {
    workspaceId: String(row.workspace_id),
    provider: String(row.provider),
    userId: String(row.user_id),
    apiKeyId: row.api_key_id === null ? null : String(row.api_key_id),
    mailboxId: row.mailbox_id === null ? null : String(row.mailbox_id),
    returnTo: String(row.return_to),
    codeVerifierEnc: String(row.code_verifier_enc),
    nonce: String(row.nonce),
    expiresAt: new Date(row.expires_at as string),
  };
}

/** Drops the workspace's states that expired before `before` (used or not): a start call tidies up. */
export async function dropOldStates(em: EntityManager, workspaceId: string, before: Date): Promise<void> {
  await sqlRun(em, `delete from oauth_state where workspace_id = ? and expires_at < ?`, [workspaceId, before]);
}
