// The real OAuth port (ports.ts OAuthPort, decisions.md §15) on openid-client 6: endpoints from each
// issuer's OpenID discovery document, the authorization code flow with PKCE S256 and a nonce, the ID
// token checked by the library (signature against the issuer's keys, issuer, audience, nonce, times),
// refresh and revocation. Every request (discovery, keys, token, revocation) goes through the outbound
// guard (net/safe-fetch.ts, via the HTTP port): openid-client takes it as its `customFetch`.
//
// Microsoft's multi-tenant discovery document names its issuer with a `{tenantid}` placeholder
// (`https://login.microsoftonline.com/{tenantid}/v2.0`): each ID token is checked against that template
// filled with the token's own `tid` (decisions.md §15, never skipped). openid-client does this by itself
// only for the login.microsoftonline.com origin, so for any issuer (a sovereign cloud, a test's) it is
// done here with the library's own checks: a refresh runs on a configuration whose issuer is the
// inbox's tenant's; a code is redeemed once, its answer kept, the tenant read from its ID token, and the
// kept answer checked by the library on that tenant's configuration.
//
// Failures are OAuthFailure: `invalid_grant` (the grant is over: consent revoked, password changed,
// account disabled), `denied` (the provider refused: another error answer, or an ID token that fails
// its checks) or `unreachable` (no answer, a 5xx, a timeout: transient). Their text never holds a token.
import * as oidc from 'openid-client';
import type { Config, OAuthProviderName } from '../runtime/config';
import { OAUTH_PROVIDERS } from '../runtime/config';
import { AppError } from '../contracts/errors';
import { maskSecretsInText } from '../observability/log-redaction';
import type { HttpPort, OAuthAuthorization, OAuthGrant, OAuthPort } from '../runtime/ports';

/** Each request to a provider: the outbound guard's deadline, and openid-client's own (seconds) above it. */
export const OAUTH_TIMEOUT_MS = 10_000;
/** Largest answer read from a provider (a discovery document, its keys, a token answer). */
const OAUTH_MAX_BYTES = 512 * 1024;
/** How long a discovery document is used before it is read again (keys rotate; endpoints rarely move). */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** decisions.md §15: what each provider is asked for. */
export const OAUTH_PROVIDER_FACTS: Record<OAuthProviderName, { label: string; scope: string; params: Record<string, string> }> = {
  // Offline access with a consent screen every time: Google gives a refresh token only on consent.
  google: { label: 'Google', scope: 'openid email https://mail.google.com/', params: { access_type: 'offline', prompt: 'consent' } },
  microsoft: {
    label: 'Microsoft',
    scope: 'openid email offline_access https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All',
    params: { prompt: 'select_account' },
  },
};

export type OAuthFailureKind = 'invalid_grant' | 'denied' | 'unreachable';

export class OAuthFailure extends Error {
  constructor(
    readonly kind: OAuthFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthFailure';
  }
}

const TENANT = '{tenantid}';

/** A provider's issuer as discovered, or as configured: the same, or (Microsoft's multi-tenant issuers)
 *  the same URL with one path segment given as `{tenantid}`. */
export function issuerMatches(configured: string, discovered: string): boolean {
  if (discovered === configured) return true;
  if (!discovered.includes(TENANT)) return false;
  let a: URL, b: URL;
  try {
    a = new URL(configured);
    b = new URL(discovered.replace(TENANT, 'tenant-placeholder'));
  } catch {
    return false;
  }
  const mine = a.pathname.split('/');
  const theirs = discovered.slice(b.origin.length).split('/');
  return a.origin === b.origin && mine.length === theirs.length && theirs.every((seg, i) => seg === mine[i] || seg === TENANT) && theirs.filter((s) => s === TENANT).length === 1;
}

/** The tenant an issuer template is filled with: a Microsoft tenant id is a GUID. */
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a failure says, one line, tokens masked, bounded. */
function said(text: string): string {
  return maskSecretsInText(text.replace(/\s+/g, ' ').trim()).slice(0, 300);
}

/** An openid-client (or fetch) failure as an OAuthFailure. */
export function failureOf(err: unknown, what: string): OAuthFailure {
  if (err instanceof OAuthFailure) return err;
  if (err instanceof oidc.ResponseBodyError) {
    const words = said(`${err.error}${err.error_description ? `: ${err.error_description}` : ''}`);
    if (err.error === 'invalid_grant') return new OAuthFailure('invalid_grant', words);
    if (err.status >= 500 || err.error === 'temporarily_unavailable' || err.error === 'server_error') return new OAuthFailure('unreachable', `${what}: ${words}`);
    return new OAuthFailure('denied', words);
  }
  if (err instanceof oidc.AuthorizationResponseError) return new OAuthFailure('denied', said(`${err.error}${err.error_description ? `: ${err.error_description}` : ''}`));
  // Our guard's refusal or a failed request, anywhere down the library's causes.
  for (let cause: unknown = err, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (cause instanceof AppError) return new OAuthFailure('unreachable', `${what}: ${said(cause.message)}`);
  }
  const code = (err as { code?: string }).code;
  const response = (err as { cause?: unknown }).cause;
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && response instanceof Response && response.status >= 500) {
    return new OAuthFailure('unreachable', `${what}: the provider answered HTTP ${response.status}`);
  }
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return new OAuthFailure('unreachable', `${what}: no answer in time`);
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_PARSE_ERROR') {
    return new OAuthFailure('unreachable', `${what}: the provider answered something unexpected`);
  }
  return new OAuthFailure('denied', `${what}: ${said((err as Error)?.message ?? String(err))}`);
}

/** openid-client's fetch: every request through the outbound guard (the HTTP port), bounded. */
export function guardedFetch(http: HttpPort): oidc.CustomFetch {
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    // The library asks only GET (discovery, keys) and POST (token, revocation) with a form body.
    if (method !== 'GET' && method !== 'POST') throw new OAuthFailure('denied', `unexpected ${method} request`);
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const answer = await http.request(url, { method, headers: { ...init.headers }, body, maxBytes: OAUTH_MAX_BYTES, timeoutMs: OAUTH_TIMEOUT_MS });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      // The body is already decoded and whole.
      if (value === undefined || name === 'content-encoding' || name === 'content-length' || name === 'transfer-encoding') continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : answer.text, { status: answer.status, headers });
  };
}

interface Discovered {
  metadata: oidc.ServerMetadata;
  at: number;
}

/** The OAuth port for the configured providers (config.oauth), through `http` (the outbound guard). */
export function openIdClient(http: HttpPort, config: Pick<Config, 'oauth'>, opts: { now?: () => number } = {}): OAuthPort {
  const now = opts.now ?? Date.now;
  const fetch = guardedFetch(http);
  const cache = new Map<OAuthProviderName, Promise<Discovered>>();

  const clientOf = (provider: OAuthProviderName) => {
    const client = config.oauth[provider].client;
    if (!client) throw new OAuthFailure('denied', `${OAUTH_PROVIDER_FACTS[provider].label} is not configured on this server`);
    return client;
  };

  const configurationFor = (provider: OAuthProviderName, metadata: oidc.ServerMetadata, customFetch: oidc.CustomFetch = fetch): oidc.Configuration => {
    const client = clientOf(provider);
    const configuration = new oidc.Configuration(metadata, client.id, client.secret);
    configuration[oidc.customFetch] = customFetch;
    configuration.timeout = Math.ceil(OAUTH_TIMEOUT_MS / 1000) + 5;
    return configuration;
  };

  /** The issuer's discovery document, read once an hour (a failure is not kept: the next call asks again). */
  const discover = (provider: OAuthProviderName): Promise<Discovered> => {
    const cached = cache.get(provider);
    if (cached) return cached.then((d) => (now() - d.at < DISCOVERY_TTL_MS ? d : (cache.delete(provider), discover(provider))));
    const issuer = config.oauth[provider].issuer;
    const client = clientOf(provider);
    const found = (async (): Promise<Discovered> => {
      let configuration: oidc.Configuration;
      try {
        // The well-known URL itself, so the issuer it names is checked below (a template included).
        configuration = await oidc.discovery(new URL(`${issuer}/.well-known/openid-configuration`), client.id, client.secret, undefined, {
          [oidc.customFetch]: fetch,
          timeout: Math.ceil(OAUTH_TIMEOUT_MS / 1000) + 5,
        });
      } catch (err) {
        throw failureOf(err, `The discovery document of ${issuer} could not be read`);
      }
      const metadata = configuration.serverMetadata();
      if (!issuerMatches(issuer, metadata.issuer)) {
        throw new OAuthFailure('denied', `The discovery document of ${issuer} names another issuer (${said(metadata.issuer)})`);
      }
      if (!metadata.code_challenge_methods_supported?.includes('S256') && metadata.code_challenge_methods_supported !== undefined) {
        throw new OAuthFailure('denied', `${issuer} does not offer PKCE with S256`);
      }
      return { metadata: { ...metadata }, at: now() };
    })();
    cache.set(provider, found);
    found.catch(() => cache.delete(provider));
    return found;
  };

  /** The configuration whose issuer is `tenant`'s (a template's), or the discovered one. */
  const forTenant = (provider: OAuthProviderName, metadata: oidc.ServerMetadata, tenant: string | null, customFetch?: oidc.CustomFetch) => {
    if (!metadata.issuer.includes(TENANT)) return configurationFor(provider, metadata, customFetch);
    if (!tenant || !TENANT_ID.test(tenant)) throw new OAuthFailure('denied', 'The ID token names no tenant (tid) its issuer could be checked against');
    return configurationFor(provider, { ...metadata, issuer: metadata.issuer.replace(TENANT, tenant) }, customFetch);
  };

  const grantOf = (answer: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): OAuthGrant => ({
    accessToken: answer.access_token,
    expiresIn: typeof answer.expires_in === 'number' && Number.isFinite(answer.expires_in) ? answer.expires_in : null,
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token !== '' ? answer.refresh_token : null,
    claims: answer.id_token ? ({ ...answer.claims() } as Record<string, unknown>) : null,
  });

  return {
    configured: () => OAUTH_PROVIDERS.filter((p) => config.oauth[p].client !== null),

    async authorizationUrl(provider, req: OAuthAuthorization) {
      const { metadata } = await discover(provider);
      const facts = OAUTH_PROVIDER_FACTS[provider];
      return oidc
        .buildAuthorizationUrl(configurationFor(provider, metadata), {
          redirect_uri: req.redirectUri,
          scope: facts.scope,
          state: req.state,
          nonce: req.nonce,
          code_challenge: req.codeChallenge,
          code_challenge_method: 'S256',
          ...facts.params,
          ...(req.loginHint ? { login_hint: req.loginHint } : {}),
        })
        .toString();
    },

    async redeem(provider, callback, checks) {
      const { metadata } = await discover(provider);
      const expected = { expectedState: checks.state, pkceCodeVerifier: checks.codeVerifier, expectedNonce: checks.nonce };
      if (!metadata.issuer.includes(TENANT)) {
        try {
          return grantOf(await oidc.authorizationCodeGrant(configurationFor(provider, metadata), callback, expected));
        } catch (err) {
          throw failureOf(err, 'The code could not be redeemed');
        }
      }
      // decisions.md §15: the tenant's issuer. The code is redeemed once; its answer is kept.
      const tokenEndpoint = (url: string) => metadata.token_endpoint !== undefined && new URL(url).href === new URL(metadata.token_endpoint).href;
      let kept: { status: number; headers: Headers; text: string } | null = null;
      const keeping: oidc.CustomFetch = async (url, init) => {
        const answer = await fetch(url, init);
        if (!tokenEndpoint(url)) return answer;
        kept = { status: answer.status, headers: answer.headers, text: await answer.text() };
        throw new OAuthFailure('denied', 'kept');
      };
      try {
        await oidc.authorizationCodeGrant(configurationFor(provider, metadata, keeping), callback, expected);
      } catch (err) {
        if (!kept) throw failureOf(err, 'The code could not be redeemed');
      }
      const answer = kept as unknown as { status: number; headers: Headers; text: string };
      const replay: oidc.CustomFetch = (url, init) =>
        tokenEndpoint(url) ? Promise.resolve(new Response(answer.text, { status: answer.status, headers: answer.headers })) : fetch(url, init);
      try {
        const configuration = forTenant(provider, metadata, tenantOf(answer.text), replay);
        return grantOf(await oidc.authorizationCodeGrant(configuration, callback, expected));
      } catch (err) {
        throw failureOf(err, 'The code could not be redeemed');
      }
    },

    async refresh(provider, refreshToken, tenant) {
      const { metadata } = await discover(provider);
      try {
        return grantOf(await oidc.refreshTokenGrant(forTenant(provider, metadata, tenant), refreshToken));
      } catch (err) {
        throw failureOf(err, 'The token could not be refreshed');
      }
    },

    async revoke(provider, token) {
      const { metadata } = await discover(provider);
      if (!metadata.revocation_endpoint) return;
      try {
        await oidc.tokenRevocation(configurationFor(provider, metadata), token);
      } catch (err) {
        throw failureOf(err, 'The token could not be revoked');
      }
    },
  };
}

/** The `tid` claim of a token answer's ID token, read without checking it: only to choose the issuer
 *  the library then checks the token against. */
function tenantOf(text: string): string | null {
  try {
    const idToken = (JSON.parse(text) as { id_token?: unknown }).id_token;
    if (typeof idToken !== 'string') return null;
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { tid?: unknown };
    return typeof payload.tid === 'string' ? payload.tid : null;
  } catch {
    return null;
  }
}
