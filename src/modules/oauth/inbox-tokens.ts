// An OAuth inbox's tokens (decisions.md §15; README.md here "Tokens"). The refresh token is stored
// encrypted like passwords; the access token is cached (encrypted, in the inbox's row, so every process
// shares it) until a minute before it expires. One refresh at a time per inbox across every process: a
// provider that rotates refresh tokens (Microsoft) must never see two refreshes race, since the loser's
// spent token would log the inbox out. So a refresh is a lease on the row, claimed in one statement (no
// transaction stays open while the provider answers), then the call, then its outcome written under the
// lease. The lease outlives the call's deadline; others wait for the new token meanwhile.
//
//   invalid_grant     the grant is over: the inbox becomes reconnect_needed (from any status; the one it
//                     had comes back with the reconnect) with the provider's answer as lastError, and the
//                     event mailbox_disconnected (one transaction). ReconnectNeeded.
//   unreachable, …    transient: the lease is given back, the caller backs off as for an unanswering
//                     server. TokenUnavailable. Never a disconnection.
//
// A process that dies holding the lease loses it after REFRESH_LEASE_MS; if the provider had answered it,
// that answer is lost (with Microsoft, the next refresh then meets a spent token and the inbox needs
// reconnecting, as after any lost answer).
import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OAuthProviderName } from '../../runtime/config';
import type { AppDeps } from '../../runtime/context';
import { OAuthFailure, OAUTH_TIMEOUT_MS } from '../../net/oauth-client';
import type { OAuthGrant } from '../../runtime/ports';
import { Workspace } from '../accounts/workspace.entity';
import { mailboxDisconnectedEvent } from '../events/payloads';
import { recordEvent } from '../events/record-event';
import type { Inbox } from '../inboxes/inbox.entity';
import { InboxOAuth } from './inbox-oauth.entity';
import { claimRefresh, dropGrantRow, lockInboxRow, markReconnectNeeded, releaseRefresh, tokenRow, writeRefreshed, type TokenRow } from './inbox-tokens.queries';

/** decisions.md §15: an access token is used until a minute before it expires. */
export const REFRESH_MARGIN_MS = 60_000;
/** The refresh lease: longer than a refresh can take (discovery, keys and the token call, each bounded
 *  by OAUTH_TIMEOUT_MS), so it never lapses while its holder still waits on the provider. */
export const REFRESH_LEASE_MS = 6 * OAUTH_TIMEOUT_MS;
/** How often a caller waiting for another's refresh looks again. */
const WAIT_STEP_MS = 200;

export interface AccessToken {
  token: string;
  /** Which token this is: a caller whose token the server refused asks for one newer than it. */
  version: number;
  /** When to stop using it (a minute before it expires); null when the provider gave no lifetime. */
  usableUntil: Date | null;
}

/** The provider ended the inbox's grant: it needs reconnecting (status reconnect_needed). */
export class ReconnectNeeded extends Error {
  constructor(readonly inboxId: string) {
    super("Google or Microsoft ended this inbox's access (consent revoked, password changed or account disabled): connect it again under Settings → Inboxes.");
    this.name = 'ReconnectNeeded';
  }
}

/** No token now, for a reason that passes (the provider unreachable, another refresh still under way). */
export class TokenUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenUnavailable';
  }
}

const expiryOf = (grant: OAuthGrant, now: Date): Date | null => (grant.expiresIn === null ? null : new Date(now.getTime() + grant.expiresIn * 1000));

/** Whether a cached token may still be used at `now`. */
export const usable = (t: Pick<AccessToken, 'usableUntil'>, now: Date): boolean => t.usableUntil === null || t.usableUntil.getTime() > now.getTime();

/** A new grant (a connection or a reconnection) as the inbox's tokens, in the caller's transaction: any
 *  refresh under way loses its lease, so its answer is not written over these. The grant row is read FOR
 *  UPDATE (the caller holds the inbox row already): a lease another process took before is seen, so
 *  clearing it is written; one it tries to take now waits, then finds the version moved on. */
export async function storeGrant(deps: AppDeps, em: EntityManager, inbox: Inbox, provider: OAuthProviderName, grant: OAuthGrant, now: Date): Promise<void> {
  const tokens = {
    provider,
    subject: typeof grant.claims?.sub === 'string' ? grant.claims.sub : '',
    tenant: typeof grant.claims?.tid === 'string' ? grant.claims.tid : null,
    refreshTokenEnc: deps.secrets.encrypt(grant.refreshToken!),
    accessTokenEnc: deps.secrets.encrypt(grant.accessToken),
    accessExpiresAt: expiryOf(grant, now),
    refreshClaim: null,
    refreshClaimUntil: null,
  };
  const row = await em.findOne(InboxOAuth, { inbox: inbox.id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (row) em.assign(row, { ...tokens, tokenVersion: row.tokenVersion + 1 });
  else em.create(InboxOAuth, { ...tokens, workspace: em.getReference(Workspace, inbox.workspace.id), inbox, tokenVersion: 1 });
}

function cached(deps: AppDeps, row: TokenRow, now: Date): AccessToken | null {
  if (!row.accessTokenEnc) return null;
  const usableUntil = row.accessExpiresAt === null ? null : new Date(row.accessExpiresAt.getTime() - REFRESH_MARGIN_MS);
  const token = { token: deps.secrets.decrypt(row.accessTokenEnc), version: row.tokenVersion, usableUntil };
  return usable(token, now) ? token : null;
}

/**
 * The inbox's access token: the cached one while usable, else a refreshed one (one refresh at a time,
 * across processes). `refused`: the version of a token the inbox's server refused, so only a newer one
 * will do (an authentication failure refreshes once, then retries). Throws ReconnectNeeded when the
 * provider ended the grant, TokenUnavailable when no token can be had now.
 */
export async function accessTokenFor(deps: AppDeps, inboxId: string, opts: { refused?: number } = {}): Promise<AccessToken> {
  const em = deps.orm.em.fork();
  const started = Date.now();
  for (;;) {
    const row = await tokenRow(em, inboxId);
    if (!row) throw new TokenUnavailable('The inbox has no OAuth tokens: connect it again.');
    if (row.status === 'reconnect_needed') throw new ReconnectNeeded(inboxId);
    const now = deps.clock.now();
    const token = opts.refused !== undefined && row.tokenVersion <= opts.refused ? null : cached(deps, row, now);
    if (token) return token;
    const claim = randomUUID();
    const lease = await claimRefresh(em, inboxId, claim, row.tokenVersion, now, new Date(now.getTime() + REFRESH_LEASE_MS));
    if (lease) return refresh(deps, em, inboxId, row, claim, deps.secrets.decrypt(lease.refreshTokenEnc));
    // Another caller (here or in another process) refreshes, or just did: wait for its token.
    if (Date.now() - started > REFRESH_LEASE_MS + 5_000) throw new TokenUnavailable("Another refresh of this inbox's token did not finish; it is tried again later.");
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

async function refresh(deps: AppDeps, em: EntityManager, inboxId: string, row: TokenRow, claim: string, refreshToken: string): Promise<AccessToken> {
  const provider = row.provider as OAuthProviderName;
  let grant: OAuthGrant;
  try {
    grant = await deps.oauth.refresh(provider, refreshToken, row.tenant);
  } catch (err) {
    deps.metrics.engine.oauthRefresh(provider, err instanceof OAuthFailure && err.kind === 'invalid_grant' ? 'invalid_grant' : 'failed');
    if (err instanceof OAuthFailure && err.kind === 'invalid_grant') {
      if (await disconnect(deps, inboxId, claim, provider, err.message)) throw new ReconnectNeeded(inboxId);
      throw new TokenUnavailable('The inbox was connected again while its token was refreshed; it is tried again.');
    }
    await releaseRefresh(em, inboxId, claim);
    const why = err instanceof OAuthFailure ? err.message : String((err as Error)?.message ?? err);
    deps.log.warn('oauth token refresh failed', { inboxId, provider, detail: why });
    throw new TokenUnavailable(`The access token could not be refreshed (${why}); it is tried again later.`);
  }
  deps.metrics.engine.oauthRefresh(provider, 'ok');
  const now = deps.clock.now();
  const expiresAt = expiryOf(grant, now);
  const version = await writeRefreshed(em, inboxId, claim, {
    accessTokenEnc: deps.secrets.encrypt(grant.accessToken),
    accessExpiresAt: expiresAt,
    refreshTokenEnc: grant.refreshToken ? deps.secrets.encrypt(grant.refreshToken) : null,
  });
  // Reconnected meanwhile: the new grant's tokens stand; this answer is for the old one.
  if (version === null) throw new TokenUnavailable('The inbox was connected again while its token was refreshed; it is tried again.');
  deps.log.info('oauth token refreshed', { inboxId, provider, version });
  return { token: grant.accessToken, version, usableUntil: expiresAt === null ? null : new Date(expiresAt.getTime() - REFRESH_MARGIN_MS) };
}

/** decisions.md §15: invalid_grant: reconnect_needed, lastError, event mailbox_disconnected, in one
 *  transaction, and only while the lease is still this caller's (a reconnect meanwhile stands). */
async function disconnect(deps: AppDeps, inboxId: string, claim: string, provider: OAuthProviderName, said: string): Promise<boolean> {
  const reason = `${provider === 'google' ? 'Google' : 'Microsoft'} ended the access: ${said}`.slice(0, 500);
  return deps.orm.em.fork().transactional(async (tx) => {
    // The inbox row before its grant row, the order a reconnect (and a deletion) takes them in: taking
    // the grant first could deadlock with a reconnect holding the inbox.
    await lockInboxRow(tx, inboxId);
    if (!(await releaseRefresh(tx, inboxId, claim))) return false;
    const changed = await markReconnectNeeded(tx, inboxId, reason);
    if (changed) {
      await recordEvent(tx, mailboxDisconnectedEvent({ workspaceId: changed.workspaceId, inboxId, email: changed.email, provider, reason }, deps.clock.now()));
      deps.log.warn('inbox disconnected: its provider ended the grant', { inboxId, provider });
    }
    return true;
  });
}

/** A grant to end at its provider once the inbox's deletion is committed. */
export interface EndedGrant {
  inboxId: string;
  provider: OAuthProviderName;
  refreshToken: string;
}

/** A deleted inbox's tokens, dropped in the caller's transaction; answers the grant to revoke after the
 *  commit (revokeGrant), or null: a password inbox, or an account another inbox still signs in with. */
export async function dropGrant(deps: AppDeps, em: EntityManager, inboxId: string): Promise<EndedGrant | null> {
  const row = await dropGrantRow(em, inboxId);
  if (!row || row.shared) return null;
  return { inboxId, provider: row.provider as OAuthProviderName, refreshToken: deps.secrets.decrypt(row.refreshTokenEnc) };
}

/** Revokes a deleted inbox's refresh token at its provider (RFC 7009; a provider without a revocation
 *  endpoint, as Microsoft's, does nothing). Outside any transaction; a failure is logged, never the
 *  deletion's: the tokens are gone from here either way. */
export async function revokeGrant(deps: AppDeps, grant: EndedGrant): Promise<void> {
  try {
    await deps.oauth.revoke(grant.provider, grant.refreshToken);
  } catch (err) {
    const why = err instanceof OAuthFailure ? err.message : String((err as Error)?.message ?? err).slice(0, 300);
    deps.log.warn('oauth revocation failed', { inboxId: grant.inboxId, provider: grant.provider, detail: why });
  }
}
