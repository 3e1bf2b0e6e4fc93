// Connecting a Google or Microsoft inbox with OAuth 2.0 (decisions.md §15; README.md here): the providers
// offered, the start call (the provider's sign-in URL, with PKCE S256 and a single-use state bound to the
// workspace and the caller, 10 minutes), and the public callback the browser comes back to, which redeems
// the code, takes the address from the ID token, creates the inbox (or reconnects one) with its provider's
// servers and tokens, and sends the browser back to a path of this service with `connected` or one of the
// `oauth_error` codes: never a 500.
import { createHash, randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordChange } from '../../observability/audit-trail/audit-log';
import { OAUTH_PROVIDERS, type Config, type OAuthProviderName } from '../../runtime/config';
import { authedContext, type Actor, type AppDeps, type AuthedCtx } from '../../runtime/context';
import { sha256 } from '../../security/crypto';
import { isValidEmail, normalizeEmail } from '../../contracts/email-address';
import { AppError, notFound } from '../../contracts/errors';
import { OAuthFailure } from '../../net/oauth-client';
import type { OAuthGrant } from '../../runtime/ports';
import { ApiKey } from '../accounts/api-key.entity';
import { User } from '../accounts/user.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox, NOT_DELETED_FILTER } from '../inboxes/inbox.entity';
import { placeInbox } from '../inboxes/inboxes.service';
import { storeGrant } from './inbox-tokens';
import { servicePath, type StartMailboxOAuthInput } from './oauth.inputs';
import { dropOldStates, spendState, type ClaimedState } from './oauth-state.queries';
import { OAuthState } from './oauth-state.entity';

/** decisions.md §15: a state expires after 10 minutes. */
export const STATE_TTL_MS = 10 * 60_000;
/** decisions.md §15: where the browser goes back to unless the start call says. */
export const DEFAULT_RETURN_TO = '/app/settings';
/** What a new OAuth inbox may send a day until changed (PATCH daily_cap, as for any inbox). */
export const OAUTH_INBOX_DAILY_CAP = 30;

/** decisions.md §15: the callback's outcomes besides `connected`. `plan_limit`: the plan's inbox count
 *  filled up while the person was signing in (the start call refuses a full plan up front). Clients that
 *  word them (the console) read this list (test/unit/console-words.test.ts). */
export const OAUTH_ERROR_CODES = ['access_denied', 'invalid_state', 'mailbox_exists', 'address_mismatch', 'provider_error', 'plan_limit'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** decisions.md §15: the redirect URI registered with each provider. */
export const redirectUriOf = (config: Pick<Config, 'publicUrl'>, provider: OAuthProviderName) => `${config.publicUrl}/api/oauth/${provider}/callback`;

const PROVIDER_LABEL: Record<OAuthProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

function providerNamed(name: string): OAuthProviderName {
  const provider = OAUTH_PROVIDERS.find((p) => p === name);
  if (!provider) throw notFound('OAuth provider');
  return provider;
}

/** GET /oauth/providers: every provider, and whether it is configured (its client id and secret set). */
export function listProviders(ctx: AuthedCtx): { provider: OAuthProviderName; configured: boolean }[] {
  const configured = ctx.deps.oauth.configured();
  return OAUTH_PROVIDERS.map((provider) => ({ provider, configured: configured.includes(provider) }));
}

/** POST /mailboxes/oauth/:provider/start (GraphQL startMailboxOAuth): the provider's sign-in URL. */
export async function startMailboxOAuth(ctx: AuthedCtx, providerName: string, input: StartMailboxOAuthInput): Promise<{ authorizationUrl: string; expiresAt: Date }> {
  const provider = providerNamed(providerName);
  if (!ctx.deps.oauth.configured().includes(provider)) {
    const env = `OAUTH_${provider.toUpperCase()}`;
    throw new AppError('oauth_not_configured', `${PROVIDER_LABEL[provider]} is not configured on this server: set ${env}_CLIENT_ID and ${env}_CLIENT_SECRET.`, { provider });
  }
  const reconnect = input.mailboxId ? await ctx.em.findOne(Inbox, { id: input.mailboxId }) : null;
  if (input.mailboxId && !reconnect) throw new AppError('unknown_mailbox', `No inbox ${input.mailboxId} in this workspace to reconnect.`, { mailbox_id: input.mailboxId });
  if (!reconnect) {
    const limit = ctx.deps.config.planInboxLimit;
    if ((await ctx.em.count(Inbox, {})) >= limit) {
      throw new AppError('plan_limit', `The plan allows ${limit} inboxes and all are in use; delete an inbox before connecting another.`, { limit });
    }
  }
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const now = ctx.deps.clock.now();
  const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
  let authorizationUrl: string;
  try {
    // Discovery may take a moment: before any write, no transaction waits on the provider.
    authorizationUrl = await ctx.deps.oauth.authorizationUrl(provider, {
      redirectUri: redirectUriOf(ctx.deps.config, provider),
      state,
      codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      nonce,
      loginHint: reconnect?.email,
    });
  } catch (err) {
    if (!(err instanceof OAuthFailure)) throw err;
    throw new AppError('oauth_unreachable', `${PROVIDER_LABEL[provider]} could not be reached to start the sign-in: ${err.message}`, { provider });
  }
  const { actor } = ctx;
  ctx.em.create(OAuthState, {
    workspace: ctx.em.getReference(Workspace, actor.workspaceId),
    stateHash: sha256(state),
    provider,
    // decisions.md §15: bound to the caller (a key's maker is its user).
    user: ctx.em.getReference(User, actor.userId!),
    apiKey: actor.who?.kind === 'key' ? ctx.em.getReference(ApiKey, actor.who.id) : null,
    mailboxId: reconnect?.id ?? null,
    returnTo: input.returnTo ?? DEFAULT_RETURN_TO,
    codeVerifierEnc: ctx.deps.secrets.encrypt(codeVerifier),
    nonce,
    expiresAt,
  });
  await ctx.em.flush();
  await dropOldStates(ctx.em, actor.workspaceId, new Date(now.getTime() - 86_400_000));
  return { authorizationUrl, expiresAt };
}

/** `path` with one more query parameter (path and query as the start call gave them). A stored path that
 *  does not resolve inside this service (a state from before the start call checked the resolved form)
 *  goes to the default page instead. */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(servicePath(path) ?? DEFAULT_RETURN_TO, 'http://service.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The callback's outcome for the log: what the browser is told, and why. */
interface Outcome {
  location: string;
  code: OAuthErrorCode | null;
  detail?: string;
}

/** GET /oauth/:provider/callback (public): where the browser goes next, always (decisions.md §15). */
export async function finishMailboxOAuth(deps: AppDeps, providerName: string, query: Record<string, string>, clientAddress: string | null): Promise<string> {
  let outcome: Outcome;
  try {
    outcome = await finish(deps, providerName, query, clientAddress);
  } catch (err) {
    // Never a 500 for a browser coming back: the failure is logged, the person told it did not work.
    deps.log.error('oauth callback failed', { provider: providerName.slice(0, 20), err: String((err as Error)?.stack ?? err) });
    outcome = { location: withParam(DEFAULT_RETURN_TO, 'oauth_error', 'provider_error'), code: 'provider_error' };
  }
  if (outcome.code) deps.log.warn('oauth connection refused', { provider: providerName.slice(0, 20), code: outcome.code, detail: outcome.detail });
  return outcome.location;
}

async function finish(deps: AppDeps, providerName: string, query: Record<string, string>, clientAddress: string | null): Promise<Outcome> {
  const em = deps.orm.em.fork();
  const now = deps.clock.now();
  const invalid = (returnTo: string, detail: string): Outcome => ({ location: withParam(returnTo, 'oauth_error', 'invalid_state'), code: 'invalid_state', detail });
  const given = query.state ?? '';
  // decisions.md §15: single-use, expiring, for this provider.
  const state = given.length > 0 && given.length <= 200 ? await spendState(em, sha256(given), now) : null;
  if (!state) return invalid(DEFAULT_RETURN_TO, 'unknown or used state');
  if (state.provider !== providerName) return invalid(state.returnTo, `a state of ${state.provider} came back to the ${providerName.slice(0, 20)} callback`);
  if (state.expiresAt.getTime() <= now.getTime()) return invalid(state.returnTo, 'expired state');
  const provider = state.provider as OAuthProviderName;
  const fail = (code: OAuthErrorCode, detail: string): Outcome => ({ location: withParam(state.returnTo, 'oauth_error', code), code, detail });
  if (query.error) {
    const said = `${query.error}${query.error_description ? `: ${query.error_description}` : ''}`.slice(0, 300);
    return fail(query.error === 'access_denied' ? 'access_denied' : 'provider_error', said);
  }

  const ctx = await callerOf(deps, state);
  if (!ctx) return invalid(state.returnTo, 'the caller who started it is gone');
  const callback = new URL(redirectUriOf(deps.config, provider));
  for (const [name, value] of Object.entries(query)) callback.searchParams.set(name, value);
  let grant: OAuthGrant;
  try {
    grant = await deps.oauth.redeem(provider, callback, { state: given, codeVerifier: deps.secrets.decrypt(state.codeVerifierEnc), nonce: state.nonce });
  } catch (err) {
    if (!(err instanceof OAuthFailure)) throw err;
    return fail('provider_error', err.message);
  }
  const address = addressOf(provider, grant.claims);
  if (!address) return fail('provider_error', 'the ID token names no usable address');
  if (!grant.refreshToken) return fail('provider_error', 'no refresh token came with the sign-in (offline access not granted)');

  const connected = await connect(ctx, provider, address, grant, state);
  if ('code' in connected) return fail(connected.code, connected.detail);
  await recordChange({ deps, actor: ctx.actor, clientAddress }, { operation: 'getOauthProviderCallback', targetId: connected.id });
  deps.log.info('inbox connected with oauth', { mailbox_id: connected.id, provider, reconnect: state.mailboxId !== null });
  return { location: withParam(state.returnTo, 'connected', connected.id), code: null };
}

/** The caller who started the connection, as they act now; null when they no longer can. */
async function callerOf(deps: AppDeps, state: ClaimedState): Promise<AuthedCtx | null> {
  const em = deps.orm.em.fork();
  const user = await em.findOne(User, { id: state.userId, workspace: state.workspaceId }, { filters: false });
  const key = state.apiKeyId ? await em.findOne(ApiKey, { id: state.apiKeyId, workspace: state.workspaceId }, { filters: false }) : null;
  if (!user || (state.apiKeyId && !key)) return null;
  const actor: Actor = key
    ? { workspaceId: state.workspaceId, userId: user.id, role: 'member', via: 'api_key', scopes: key.scopes, who: { kind: 'key', id: key.id, name: key.name } }
    : { workspaceId: state.workspaceId, userId: user.id, role: user.role, via: 'session', who: { kind: 'user', id: user.id, name: user.name || user.email } };
  return authedContext(deps, actor);
}

/** decisions.md §15: the address the ID token signs in as: `email`; Microsoft: `email`, else
 *  `preferred_username`. Google's must be verified. Null when there is none. */
export function addressOf(provider: OAuthProviderName, claims: Readonly<Record<string, unknown>> | null): string | null {
  if (!claims) return null;
  const pick = (v: unknown) => (typeof v === 'string' && isValidEmail(v.trim()) ? normalizeEmail(v.trim()) : null);
  if (provider === 'google') return claims.email_verified === false ? null : pick(claims.email);
  return pick(claims.email) ?? pick(claims.preferred_username);
}

/** Creates the inbox, or reconnects the one the state names (keeping its id and history), with the
 *  provider's servers and the grant's tokens, in one transaction (no network inside). */
async function connect(
  ctx: AuthedCtx,
  provider: OAuthProviderName,
  address: string,
  grant: OAuthGrant,
  state: ClaimedState,
): Promise<Inbox | { code: OAuthErrorCode; detail: string }> {
  const servers = ctx.deps.config.oauth[provider];
  const login = {
    smtpHost: servers.smtp.host,
    smtpPort: servers.smtp.port,
    smtpSecure: servers.smtp.port === 465,
    imapHost: servers.imap.host,
    imapPort: servers.imap.port,
    username: address,
    passwordEnc: null,
    authType: 'oauth2' as const,
    oauthProvider: provider,
  };
  try {
    return await ctx.em.transactional(async (em: EntityManager) => {
      // README "Tokens": the reconnect wins over a refresh or a disconnection of the old grant in another
      // process. The inbox row here and its grant row in storeGrant are read FOR UPDATE (in that order, as
      // the disconnection takes them, so the two cannot deadlock): a lease or a disconnection committed
      // before is seen and undone (the lease cleared, the status restored); one that comes later waits for
      // this commit and finds its lease gone. A plain read would let a flush keep a lease taken meanwhile
      // (only changed columns are written) or leave a disconnection committed meanwhile in place.
      const target = state.mailboxId
        ? await em.findOne(Inbox, { id: state.mailboxId }, { filters: { [NOT_DELETED_FILTER]: false }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
        : null;
      if (state.mailboxId && !target) return { code: 'provider_error' as const, detail: 'the inbox to reconnect is gone' };
      if (target && target.email !== address) {
        return { code: 'address_mismatch' as const, detail: `signed in as another address than ${target.email}` };
      }
      let inbox: Inbox;
      if (target && !target.deletedAt) {
        // decisions.md §15: a reconnect restores `active`, but a pause or a bounce stop stays: the status
        // from before the disconnection comes back (api.md: a pause is lifted only by resume, a bounce
        // stop only by a passed connection test).
        const restored = target.status === 'reconnect_needed' ? { status: target.statusBeforeDisconnect ?? ('active' as const), statusBeforeDisconnect: null } : {};
        em.assign(target, { ...login, lastError: null, backoffUntil: null, ...restored });
        inbox = target;
      } else {
        const name = typeof grant.claims?.name === 'string' ? grant.claims.name.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
        inbox = await placeInbox(ctx, em, address, {
          ...login,
          fromName: name || address.split('@')[0]!,
          dailyCap: OAUTH_INBOX_DAILY_CAP,
          signature: null,
          tags: [],
          domainDailyCap: null,
        });
      }
      await storeGrant(ctx.deps, em, inbox, provider, grant, ctx.deps.clock.now());
      await em.flush();
      return inbox;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'mailbox_exists') return { code: 'mailbox_exists', detail: `${address} is already an inbox of the workspace` };
    if (err instanceof AppError && err.code === 'plan_limit') return { code: 'plan_limit', detail: err.message };
    throw err;
  }
}
