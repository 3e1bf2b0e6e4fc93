// The OAuth port (src/net/oauth-client.ts, decisions.md §15) against the local OpenID provider over
// HTTPS with its throw-away CA: endpoints from discovery, PKCE S256, the ID token checked (Microsoft's
// `{tenantid}` issuer filled with the token's tid), refresh with rotation, revocation, and failures sorted
// into invalid_grant, denied and unreachable. Every request goes through the outbound guard.
import { createHash, randomBytes } from 'node:crypto';
import { loadConfig, type OAuthProviderName } from '../../src/runtime/config';
import { guardedHttp } from '../../src/net/http-client';
import { issuerMatches, OAuthFailure, openIdClient } from '../../src/net/oauth-client';
import type { OAuthPort } from '../../src/runtime/ports';
import { startOidcProvider, TEST_TENANT, type OidcProvider } from '../support/oidc-provider';

let provider: OidcProvider;
let oauth: OAuthPort;
const REDIRECT = 'https://outreach.example/api/oauth/google/callback';

beforeAll(async () => {
  provider = await startOidcProvider();
  const config = loadConfig({ ...provider.env('google'), ...provider.env('microsoft') });
  oauth = openIdClient(guardedHttp({ allowPrivateFetch: true }, { extraCa: [provider.ca] }), config);
});
afterAll(() => provider.stop());
afterEach(() => {
  provider.signInAs({ email: 'sender@example.com' });
  provider.idTokenOverrides = null;
  provider.tokenFailure = null;
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Start, the browser at the provider, and the code redeemed. */
async function connect(p: OAuthProviderName, opts: { verifier?: string } = {}) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(16).toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const url = await oauth.authorizationUrl(p, { redirectUri: REDIRECT, state, codeChallenge: challenge, nonce });
  const back = new URL(await provider.authorize(url));
  const callback = new URL(REDIRECT);
  for (const [k, v] of back.searchParams) callback.searchParams.set(k, v);
  return oauth.redeem(p, callback, { state, codeVerifier: opts.verifier ?? verifier, nonce });
}

const failure = async (work: Promise<unknown>): Promise<OAuthFailure> => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OAuthFailure);
  return err as OAuthFailure;
};

it('asks for the authorization code with PKCE S256, a state, a nonce and the scopes of decisions.md §15', async () => {
  const url = new URL(await oauth.authorizationUrl('google', { redirectUri: REDIRECT, state: 's1', codeChallenge: 'c1', nonce: 'n1', loginHint: 'sam@acme.example' }));
  expect(url.origin + url.pathname).toBe(`${provider.base}/google/authorize`);
  expect(Object.fromEntries(url.searchParams)).toEqual({
    client_id: 'outreach-test-client',
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid email https://mail.google.com/',
    state: 's1',
    nonce: 'n1',
    code_challenge: 'c1',
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
    login_hint: 'sam@acme.example',
  });
  const ms = new URL(await oauth.authorizationUrl('microsoft', { redirectUri: REDIRECT, state: 's2', codeChallenge: 'c2', nonce: 'n2' }));
  expect(ms.searchParams.get('scope')).toBe('openid email offline_access https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All');
  expect(ms.searchParams.get('code_challenge_method')).toBe('S256');
});

it('redeems a Google code: the ID token checked, a refresh token, refreshes without rotation', async () => {
  provider.signInAs({ email: 'sam@acme.example' });
  const grant = await connect('google');
  expect(grant.claims).toMatchObject({ email: 'sam@acme.example', iss: provider.issuer('google'), aud: 'outreach-test-client' });
  expect(grant.refreshToken).toMatch(/^rt_google_/);
  expect(provider.introspect(grant.accessToken)).toEqual({ active: true, email: 'sam@acme.example' });
  const again = await oauth.refresh('google', grant.refreshToken!, null);
  expect(again.accessToken).not.toBe(grant.accessToken);
  expect(again.refreshToken).toBeNull();
});

it("checks a Microsoft ID token against the {tenantid} template filled with the token's tid, and rotates refresh tokens", async () => {
  provider.signInAs({ email: 'kim@contoso.example', noEmailClaim: true });
  const grant = await connect('microsoft');
  expect(grant.claims).toMatchObject({ tid: TEST_TENANT, iss: `${provider.base}/ms/${TEST_TENANT}/v2.0`, preferred_username: 'kim@contoso.example' });
  expect(grant.claims!.email).toBeUndefined();
  const refreshed = await oauth.refresh('microsoft', grant.refreshToken!, TEST_TENANT);
  expect(refreshed.refreshToken).toMatch(/^rt_microsoft_/);
  expect(refreshed.refreshToken).not.toBe(grant.refreshToken);
  // The spent one is refused, as Microsoft does: invalid_grant.
  const reused = await failure(oauth.refresh('microsoft', grant.refreshToken!, TEST_TENANT));
  expect(reused.kind).toBe('invalid_grant');
  provider.stats.reuses--; // that reuse was this test's own
});

it('refuses a Microsoft ID token whose issuer names another tenant than its tid, or the template itself', async () => {
  provider.idTokenOverrides = { iss: `${provider.base}/ms/00000000-0000-4000-8000-000000000000/v2.0` };
  expect((await failure(connect('microsoft'))).kind).toBe('denied');
  provider.idTokenOverrides = { iss: `${provider.base}/ms/{tenantid}/v2.0` };
  expect((await failure(connect('microsoft'))).kind).toBe('denied');
  provider.idTokenOverrides = { tid: 'not-a-tenant', iss: `${provider.base}/ms/not-a-tenant/v2.0` };
  expect((await failure(connect('microsoft'))).kind).toBe('denied');
});

it('refuses an ID token for another audience, or a code redeemed with the wrong PKCE verifier', async () => {
  provider.idTokenOverrides = { aud: 'someone-else' };
  expect((await failure(connect('google'))).kind).toBe('denied');
  provider.idTokenOverrides = null;
  const before = provider.stats.pkceFailures;
  expect((await failure(connect('google', { verifier: randomBytes(32).toString('base64url') }))).kind).toBe('invalid_grant');
  expect(provider.stats.pkceFailures).toBe(before + 1);
});

it('a revoked grant is invalid_grant; an unavailable or silent token endpoint is unreachable (transient)', async () => {
  provider.signInAs({ email: 'gone@acme.example' });
  const grant = await connect('google');
  provider.tokenFailure = 'unavailable';
  expect((await failure(oauth.refresh('google', grant.refreshToken!, null))).kind).toBe('unreachable');
  provider.tokenFailure = 'drop';
  expect((await failure(oauth.refresh('google', grant.refreshToken!, null))).kind).toBe('unreachable');
  provider.tokenFailure = null;
  provider.revokeAccount('gone@acme.example');
  const ended = await failure(oauth.refresh('google', grant.refreshToken!, null));
  expect(ended.kind).toBe('invalid_grant');
  expect(ended.message).toContain('revoked');
  expect(ended.message).not.toContain(grant.refreshToken!);
});

it('revokes a token at the revocation endpoint', async () => {
  provider.signInAs({ email: 'leaving@acme.example' });
  const grant = await connect('google');
  await oauth.revoke('google', grant.refreshToken!);
  expect((await failure(oauth.refresh('google', grant.refreshToken!, null))).kind).toBe('invalid_grant');
});

it('goes through the outbound guard: a loopback issuer is refused without ALLOW_PRIVATE_FETCH, an unknown CA fails TLS', async () => {
  const config = loadConfig(provider.env('google'));
  const guarded = openIdClient(guardedHttp({ allowPrivateFetch: false }, { extraCa: [provider.ca] }), config);
  const refused = await failure(guarded.authorizationUrl('google', { redirectUri: REDIRECT, state: 's', codeChallenge: 'c', nonce: 'n' }));
  expect(refused.kind).toBe('unreachable');
  expect(refused.message).toMatch(/loopback/);
  const untrusted = openIdClient(guardedHttp({ allowPrivateFetch: true }), config);
  const tls = await failure(untrusted.authorizationUrl('google', { redirectUri: REDIRECT, state: 's', codeChallenge: 'c', nonce: 'n' }));
  expect(tls.kind).toBe('unreachable');
  expect(tls.message).toMatch(/certificate/i);
});

it('refuses a discovery document that names another issuer', async () => {
  const config = loadConfig(provider.env('google'));
  const fresh = openIdClient(guardedHttp({ allowPrivateFetch: true }, { extraCa: [provider.ca] }), config);
  provider.discoveryIssuer = 'https://accounts.evil.example';
  try {
    expect((await failure(fresh.authorizationUrl('google', { redirectUri: REDIRECT, state: 's', codeChallenge: 'c', nonce: 'n' }))).kind).toBe('denied');
  } finally {
    provider.discoveryIssuer = null;
  }
});

it('matches a template issuer only with one tenant segment in place of the configured one', () => {
  const configured = 'https://login.microsoftonline.com/organizations/v2.0';
  expect(issuerMatches(configured, 'https://login.microsoftonline.com/{tenantid}/v2.0')).toBe(true);
  expect(issuerMatches(configured, configured)).toBe(true);
  expect(issuerMatches(configured, 'https://login.evil.example/{tenantid}/v2.0')).toBe(false);
  expect(issuerMatches(configured, 'https://login.microsoftonline.com/{tenantid}/v2.0/x')).toBe(false);
  expect(issuerMatches(configured, 'https://login.microsoftonline.com/{tenantid}/{tenantid}')).toBe(false);
  expect(issuerMatches('https://accounts.google.com', 'https://accounts.google.com/')).toBe(false);
});

it("never used a refresh token twice (the reuse above was that test's own)", () => {
  expect(provider.stats.reuses).toBe(0);
});
