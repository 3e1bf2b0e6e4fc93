// decisions.md §15 Connecting: the providers, the start call (PKCE S256, a single-use state bound to the
// workspace and the caller, 10 minutes) over REST and GraphQL, and the public callback against the local
// OpenID provider: the inbox created (or reconnected) with its provider's servers, the browser sent back
// to a path of this service with `connected` or one of the oauth_error codes, never a 500. The attacks: a
// replayed, expired, foreign or unknown state, a return_to to another origin, an address already
// connected, a reconnect as another address, a caller gone since the start.
import { randomUUID } from 'node:crypto';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as ops from '../graphql/generated';
import { expectError, signUp, testClientAddress, type Account } from '../support/client';
import { connectedId, oauthEnv, oauthError, oauthPorts, openCallback, signInWith } from '../support/oauth';
import { startOidcProvider, TEST_TENANT, type OidcProvider } from '../support/oidc-provider';
import { startTestService } from '../support/service';
import { MINUTE, TestClock } from '../support/sending-world';
import { accessTokenFor } from '../../src/modules/oauth/inbox-tokens';
import { claimRefresh, markReconnectNeeded, releaseRefresh, writeRefreshed } from '../../src/modules/oauth/inbox-tokens.queries';

const clock = new TestClock(new Date('2026-11-30T10:00:00.000Z'));
let provider: OidcProvider;
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
const PUBLIC_URL = 'https://outreach.example.test';

beforeAll(async () => {
  provider = await startOidcProvider();
  service = await startTestService({ clock, env: oauthEnv(provider, { PUBLIC_URL }), ports: oauthPorts(provider) });
  me = await signUp(service.url);
});
afterAll(async () => {
  await service?.stop();
  await provider?.stop();
});

const address = () => `sam-${randomUUID().slice(0, 8)}@acme.example`;
const db = (q: string, p: unknown[] = []) => service.deps.orm.em.getConnection().execute(q, p);

describe('the providers', () => {
  it('lists both providers with whether each is configured, REST and GraphQL', async () => {
    const res = await me.client.get('/oauth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { provider: 'google', configured: true },
      { provider: 'microsoft', configured: true },
    ]);
    expect((await me.client.gql(ops.OAuthProvidersDocument)).data!.oauthProviders).toEqual(res.body);
  });

  it('offers a provider only with both its client id and secret, and refuses to start an unconfigured one', async () => {
    const bare = await startTestService({ env: { OAUTH_GOOGLE_CLIENT_ID: 'id-without-secret' } });
    try {
      const them = await signUp(bare.url);
      expect((await them.client.get('/oauth/providers')).body).toEqual([
        { provider: 'google', configured: false },
        { provider: 'microsoft', configured: false },
      ]);
      expectError(await them.client.post('/mailboxes/oauth/google/start', {}), 400, 'oauth_not_configured');
      const gql = await them.client.gql(ops.StartMailboxOAuthDocument, { provider: 'microsoft' });
      expect(gql.errors?.[0]?.extensions?.code).toBe('oauth_not_configured');
    } finally {
      await bare.stop();
    }
  });
});

describe('the start call', () => {
  it("answers the provider's sign-in URL with PKCE S256, a state and a nonce, good for 10 minutes", async () => {
    const res = await me.client.post('/mailboxes/oauth/google/start', {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['authorization_url', 'expires_at']);
    expect(res.body.expires_at).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
    const url = new URL(res.body.authorization_url);
    expect(url.origin + url.pathname).toBe(`${provider.base}/google/authorize`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: 'outreach-test-client',
      redirect_uri: `${PUBLIC_URL}/api/oauth/google/callback`,
      scope: 'openid email https://mail.google.com/',
      code_challenge_method: 'S256',
    });
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce).toBeTruthy();
    // Only the state's hash is kept.
    const [row] = await db(`select state_hash, code_verifier_enc from oauth_state where workspace_id = ? order by created_at desc limit 1`, [me.workspaceId]);
    expect(row.state_hash).not.toBe(q.state);
    expect(row.code_verifier_enc).toMatch(/^v1\./);

    const gql = await me.client.gql(ops.StartMailboxOAuthDocument, { provider: 'microsoft' });
    const ms = new URL(gql.data!.startMailboxOAuth.authorizationUrl);
    expect(ms.searchParams.get('scope')).toBe('openid email offline_access https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All');
    expect(ms.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oauth/microsoft/callback`);
    expect(gql.data!.startMailboxOAuth.expiresAt).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
  });

  // The last four pass a look at the first characters but resolve to //evil.example (dot segments, %2e
  // being one), which a browser reads as another site.
  it.each([
    'https://evil.example/',
    '//evil.example/app',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'app/settings',
    '/app settings',
    '/app\u0000',
    '/.//evil.example',
    '/app/..//evil.example/x',
    '/%2e//evil.example',
    '/.%2E//evil.example',
  ])('refuses return_to %j (not a path of this service), REST and GraphQL alike', async (returnTo) => {
    const err = expectError(await me.client.post('/mailboxes/oauth/google/start', { return_to: returnTo }), 400, 'validation_failed');
    expect(err.details?.fields?.return_to).toBeDefined();
    const gql = await me.client.gql(ops.StartMailboxOAuthDocument, { provider: 'google', returnTo });
    expect(gql.errors?.[0]?.extensions?.code).toBe('validation_failed');
  });

  it('refuses an unknown provider (404) and an inbox that is not one of the workspace (unknown_mailbox)', async () => {
    expectError(await me.client.post('/mailboxes/oauth/yahoo/start', {}), 404, 'not_found');
    expect((await me.client.gql(ops.StartMailboxOAuthDocument, { provider: 'yahoo' })).errors?.[0]?.extensions?.code).toBe('not_found');
    const other = await signUp(service.url);
    const theirs = connectedId((await signInWith(other.client, service.url, provider, 'google', { as: { email: address() } })).location);
    expectError(await me.client.post('/mailboxes/oauth/google/start', { mailbox_id: theirs }), 400, 'unknown_mailbox');
    expect((await me.client.gql(ops.StartMailboxOAuthDocument, { provider: 'google', mailboxId: theirs })).errors?.[0]?.extensions?.code).toBe('unknown_mailbox');
    expectError(await me.client.post('/mailboxes/oauth/google/start', { mailbox_id: 'not-an-id' }), 400, 'validation_failed');
  });

  it('is the MCP tool postMailboxesOauthProviderStart: an agent gets the URL to hand to a person, who connects the inbox', async () => {
    const key = await me.client.post('/settings/api-keys', { name: 'mcp agent', scopes: ['mailboxes:write'] });
    const client = new McpClient({ name: 'oauth-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key.body.key}`, 'x-forwarded-for': testClientAddress() } },
      }),
    );
    try {
      const result = (await client.callTool({
        name: 'postMailboxesOauthProviderStart',
        arguments: { provider: 'microsoft', body: { return_to: '/app/settings' } },
      })) as CallToolResult;
      expect(result.isError).not.toBe(true);
      const answer = result.structuredContent as { authorization_url: string; expires_at: string };
      expect(new URL(answer.authorization_url).searchParams.get('code_challenge_method')).toBe('S256');
      provider.signInAs({ email: address() });
      const back = await openCallback(service.url, await provider.authorize(answer.authorization_url));
      connectedId(back.location);
    } finally {
      await client.close();
    }
  });

  it('needs mailboxes:write', async () => {
    const key = await me.client.post('/settings/api-keys', { name: 'read only', scopes: ['mailboxes:read'] });
    const reader = me.client.withToken(key.body.key);
    expect((await reader.get('/oauth/providers')).status).toBe(200);
    expectError(await reader.post('/mailboxes/oauth/google/start', {}), 403, 'insufficient_scope');
  });
});

describe('the callback', () => {
  it('creates the inbox with the provider servers and its tokens, and sends the browser back with connected', async () => {
    const email = address();
    const signIn = await signInWith(me.client, service.url, provider, 'google', { as: { email: email.toUpperCase() } });
    expect(signIn.callback.origin + signIn.callback.pathname).toBe(`${PUBLIC_URL}/api/oauth/google/callback`);
    expect(signIn.status).toBe(302);
    expect(signIn.location).toMatch(/^\/app\/settings\?connected=[0-9a-f-]{36}$/);
    const id = connectedId(signIn.location);
    const inbox = (await me.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === id);
    expect(inbox).toMatchObject({
      email,
      authType: 'oauth2',
      oauthProvider: 'google',
      smtpHost: 'smtp.gmail.com',
      smtpPort: 465,
      smtpSecure: true,
      imapHost: 'imap.gmail.com',
      imapPort: 993,
      username: email,
      status: 'active',
      dailyCap: 30,
    });
    expect((await me.client.gql(ops.OAuthMailboxDocument, { id })).data!.mailbox).toMatchObject({ authType: 'oauth2', oauthProvider: 'google', status: 'active' });
    const [row] = await db(`select password_enc, auth_type from inbox where id = ?`, [id]);
    expect(row).toEqual({ password_enc: null, auth_type: 'oauth2' });
    const [tokens] = await db(`select refresh_token_enc, access_token_enc, token_version, subject from inbox_oauth where inbox_id = ?`, [id]);
    expect(tokens.refresh_token_enc).toMatch(/^v1\./);
    expect(tokens.access_token_enc).toMatch(/^v1\./);
    expect(tokens.token_version).toBe(1);
    expect(tokens.subject).toMatch(/^sub-/);
    expect(service.deps.secrets.decrypt(tokens.refresh_token_enc)).toMatch(/^rt_google_/);
  });

  it("takes a Microsoft address from preferred_username when the ID token has no email, with Microsoft's servers", async () => {
    const email = address();
    const signIn = await signInWith(me.client, service.url, provider, 'microsoft', { as: { email, noEmailClaim: true }, returnTo: '/app/settings?tab=inboxes' });
    expect(signIn.location).toMatch(/^\/app\/settings\?tab=inboxes&connected=/);
    const id = connectedId(signIn.location);
    expect((await me.client.gql(ops.OAuthMailboxDocument, { id })).data!.mailbox).toMatchObject({
      email,
      oauthProvider: 'microsoft',
      smtpHost: 'smtp.office365.com',
      smtpPort: 587,
      smtpSecure: false,
      imapHost: 'outlook.office365.com',
      imapPort: 993,
    });
    const [tokens] = await db(`select tenant from inbox_oauth where inbox_id = ?`, [id]);
    expect(tokens.tenant).toBe(TEST_TENANT);
  });

  it('a replayed state is invalid_state: one use, one inbox', async () => {
    const signIn = await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } });
    connectedId(signIn.location);
    const again = await openCallback(service.url, signIn.callback);
    expect(again.status).toBe(302);
    expect(again.location).toBe('/app/settings?oauth_error=invalid_state');
  });

  it('an expired state (past 10 minutes) is invalid_state, back to its own return_to', async () => {
    const start = await me.client.post('/mailboxes/oauth/google/start', { return_to: '/app/settings?tab=inboxes' });
    provider.signInAs({ email: address() });
    const callback = await provider.authorize(start.body.authorization_url);
    clock.advance(10 * MINUTE + 1000);
    try {
      const res = await openCallback(service.url, callback);
      expect(res.location).toBe('/app/settings?tab=inboxes&oauth_error=invalid_state');
    } finally {
      clock.advance(-(10 * MINUTE + 1000));
    }
  });

  it('a state of another provider, an unknown state or none at all is invalid_state, and nothing is redeemed', async () => {
    const start = await me.client.post('/mailboxes/oauth/microsoft/start', {});
    provider.signInAs({ email: address() });
    const callback = new URL(await provider.authorize(start.body.authorization_url));
    const redemptions = provider.stats.redemptions;
    const foreign = await openCallback(service.url, `${PUBLIC_URL}/api/oauth/google/callback${callback.search}`);
    expect(oauthError(foreign.location)).toBe('invalid_state');
    expect((await openCallback(service.url, `${PUBLIC_URL}/api/oauth/google/callback?code=x&state=${'a'.repeat(43)}`)).location).toBe('/app/settings?oauth_error=invalid_state');
    expect((await openCallback(service.url, `${PUBLIC_URL}/api/oauth/google/callback?code=x`)).location).toBe('/app/settings?oauth_error=invalid_state');
    expect((await openCallback(service.url, `${PUBLIC_URL}/api/oauth/nobody/callback?code=x&state=y`)).location).toBe('/app/settings?oauth_error=invalid_state');
    expect(provider.stats.redemptions).toBe(redemptions);
  });

  it('consent refused is access_denied', async () => {
    const signIn = await signInWith(me.client, service.url, provider, 'google', { as: { deny: true } });
    expect(signIn.location).toBe('/app/settings?oauth_error=access_denied');
  });

  it('an address already connected in the workspace is mailbox_exists, and that inbox keeps its tokens', async () => {
    const email = address();
    const first = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email } })).location);
    const [before] = await db(`select refresh_token_enc, token_version from inbox_oauth where inbox_id = ?`, [first]);
    const again = await signInWith(me.client, service.url, provider, 'microsoft', { as: { email } });
    expect(again.location).toBe('/app/settings?oauth_error=mailbox_exists');
    const [after] = await db(`select refresh_token_enc, token_version from inbox_oauth where inbox_id = ?`, [first]);
    expect(after).toEqual(before);
    // Another workspace may connect the same address.
    const other = await signUp(service.url);
    connectedId((await signInWith(other.client, service.url, provider, 'google', { as: { email } })).location);
  });

  it('a provider that refuses the code is provider_error', async () => {
    provider.idTokenOverrides = { aud: 'another-client' };
    try {
      const signIn = await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } });
      expect(signIn.location).toBe('/app/settings?oauth_error=provider_error');
    } finally {
      provider.idTokenOverrides = null;
    }
    provider.tokenFailure = 'unavailable';
    try {
      expect((await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } })).location).toBe('/app/settings?oauth_error=provider_error');
    } finally {
      provider.tokenFailure = null;
    }
  });

  it('is bound to the caller: an API key removed after the start leaves its state unusable', async () => {
    const key = await me.client.post('/settings/api-keys', { name: `agent ${randomUUID()}`, scopes: ['mailboxes:write'] });
    const agent = me.client.withToken(key.body.key);
    const start = await agent.post('/mailboxes/oauth/google/start', {});
    expect(start.status).toBe(200);
    provider.signInAs({ email: address() });
    const callback = await provider.authorize(start.body.authorization_url);
    expect((await me.client.delete(`/settings/api-keys/${key.body.id}`)).status).toBe(200);
    const res = await openCallback(service.url, callback);
    expect(res.location).toBe('/app/settings?oauth_error=invalid_state');
  });

  it('a connection started with an API key is made for that key, and written in the audit log', async () => {
    clock.advance(1000); // newer than every entry before it
    const key = await me.client.post('/settings/api-keys', { name: 'agent', scopes: ['mailboxes:write'] });
    const agent = me.client.withToken(key.body.key);
    const id = connectedId((await signInWith(agent, service.url, provider, 'google', { as: { email: address() } })).location);
    // The entries of this file bear the test clock's time: found by its target, not by its place.
    const log = await me.client.get('/settings/audit-log?limit=100');
    expect(log.body.find((e: { operation: string; target_id: string }) => e.operation === 'getOauthProviderCallback' && e.target_id === id)).toMatchObject({
      target_id: id,
      actor: { kind: 'key', id: key.body.id, name: 'agent' },
    });
  });
});

describe('reconnecting', () => {
  it('reconnects a reconnect_needed inbox with the same address: active again, same id, new tokens', async () => {
    const email = address();
    const id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email } })).location);
    await db(`update inbox set status = 'reconnect_needed', last_error = 'Google ended the access' where id = ?`, [id]);
    const [before] = await db(`select refresh_token_enc, token_version from inbox_oauth where inbox_id = ?`, [id]);
    const signIn = await signInWith(me.client, service.url, provider, 'google', { as: { email }, mailboxId: id });
    expect(new URL(signIn.start.body.authorization_url).searchParams.get('login_hint')).toBe(email);
    expect(signIn.location).toBe(`/app/settings?connected=${id}`);
    const inbox = (await me.client.gql(ops.OAuthMailboxDocument, { id })).data!.mailbox;
    expect(inbox).toMatchObject({ id, status: 'active', lastError: null });
    const [after] = await db(`select refresh_token_enc, token_version from inbox_oauth where inbox_id = ?`, [id]);
    expect(after.token_version).toBe(before.token_version + 1);
    expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
  });

  it('refuses to resume a reconnect_needed inbox (409 reconnect_required), REST and GraphQL; pausing it changes nothing', async () => {
    const id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } })).location);
    await db(`update inbox set status = 'reconnect_needed' where id = ?`, [id]);
    expect(expectError(await me.client.post(`/mailboxes/${id}/resume`), 409, 'reconnect_required').details).toEqual({ provider: 'google' });
    expect((await me.client.gql(ops.ResumeMailboxDocument, { id })).errors?.[0]?.extensions?.code).toBe('reconnect_required');
    expect((await me.client.post(`/mailboxes/${id}/pause`)).body).toEqual({ status: 'reconnect_needed' });
  });

  it('a reconnect signed in as another address is address_mismatch, and nothing changes', async () => {
    const email = address();
    const id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email } })).location);
    await db(`update inbox set status = 'reconnect_needed' where id = ?`, [id]);
    const signIn = await signInWith(me.client, service.url, provider, 'google', { as: { email: address() }, mailboxId: id });
    expect(signIn.location).toBe('/app/settings?oauth_error=address_mismatch');
    expect((await me.client.gql(ops.OAuthMailboxDocument, { id })).data!.mailbox.status).toBe('reconnect_needed');
  });

  it('moves a password inbox of the same address onto OAuth, keeping its id', async () => {
    const email = address();
    const created = await me.client.post('/mailboxes', {
      email,
      from_name: 'Sam',
      smtp_host: 'smtp.office365.com',
      smtp_port: 587,
      smtp_secure: false,
      imap_host: 'outlook.office365.com',
      imap_port: 993,
      username: email,
      password: 'an app password',
      daily_cap: 40,
    });
    expect(created.body).toMatchObject({ authType: 'password', oauthProvider: null });
    const signIn = await signInWith(me.client, service.url, provider, 'microsoft', { as: { email }, mailboxId: created.body.id });
    expect(signIn.location).toBe(`/app/settings?connected=${created.body.id}`);
    const [row] = await db(`select password_enc, auth_type, oauth_provider, daily_cap from inbox where id = ?`, [created.body.id]);
    expect(row).toEqual({ password_enc: null, auth_type: 'oauth2', oauth_provider: 'microsoft', daily_cap: 40 });
  });
});

// README "Tokens": the reconnect always wins over a refresh or a disconnection of the old grant that
// another process has under way. "Another process" is a transaction on a connection of its own, held
// open at the racing moment; the reconnect (the browser at the callback) goes on once it waited on that
// transaction's row locks, which is when the transaction commits.
describe('a reconnect racing a refresh or a disconnection in another process', () => {
  const LEASE = 'lease-of-the-old-grant';

  /** A transaction of another process, held open on its own pooled connection. */
  async function otherProcess() {
    const em = service.deps.orm.em.fork();
    await em.begin();
    const run = (q: string, p: unknown[] = []) => em.getConnection().execute(q, p, 'all', em.getTransactionContext());
    const [{ pid }] = await run(`select pg_backend_pid() as pid`);
    return { em, run, pid: Number(pid), commit: () => em.commit(), rollback: () => em.rollback() };
  }

  /** Resolves once a statement waits on a row lock the backend `pid` holds. */
  async function waitsOn(pid: number) {
    for (const started = Date.now(); Date.now() - started < 10_000;) {
      const [r] = await db(`select count(*)::int as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))`, [pid]);
      if (r.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`nothing waited on a lock of backend ${pid}`);
  }

  /** A connected Google inbox and a reconnect of it signed in at the provider, the browser not yet back. */
  async function reconnectUnderWay() {
    const email = address();
    const id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email } })).location);
    const start = await me.client.post('/mailboxes/oauth/google/start', { mailbox_id: id });
    provider.signInAs({ email });
    const callback = await provider.authorize(start.body.authorization_url);
    const [{ token_version }] = await db(`select token_version from inbox_oauth where inbox_id = ?`, [id]);
    return { id, email, callback, version: Number(token_version) };
  }

  const statusOf = async (id: string) => {
    const rest = (await me.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === id);
    const gql = (await me.client.gql(ops.OAuthMailboxDocument, { id })).data!.mailbox;
    return { rest: { status: rest.status, lastError: rest.lastError }, gql: { status: gql.status, lastError: gql.lastError } };
  };

  it("a refresh that took the lease before the reconnect read the grant loses it: the old grant's answer is never written", async () => {
    const { id, callback, version } = await reconnectUnderWay();
    const other = await otherProcess();
    const until = new Date(clock.now().getTime() + MINUTE);
    expect(await claimRefresh(other.em, id, LEASE, version, clock.now(), until)).not.toBeNull();
    const back = openCallback(service.url, callback);
    await waitsOn(other.pid);
    await other.commit();
    expect((await back).location).toBe(`/app/settings?connected=${id}`);

    // The refresh of the old grant comes back: neither its tokens nor a disconnection are written.
    const em = service.deps.orm.em.fork();
    expect(await writeRefreshed(em, id, LEASE, { accessTokenEnc: 'old grant', accessExpiresAt: null, refreshTokenEnc: null })).toBeNull();
    expect(await releaseRefresh(em, id, LEASE)).toBe(false);
    const [row] = await db(`select refresh_claim, token_version from inbox_oauth where inbox_id = ?`, [id]);
    expect(row).toEqual({ refresh_claim: null, token_version: version + 1 });
    expect(await statusOf(id)).toEqual({ rest: { status: 'active', lastError: null }, gql: { status: 'active', lastError: null } });
  });

  it('a disconnection of the old grant committing after the reconnect began: the reconnect still wins (active, REST and GraphQL)', async () => {
    const { id, callback, version } = await reconnectUnderWay();
    // The old grant's refresh took the lease and met invalid_grant; its disconnection is under way.
    const until = new Date(clock.now().getTime() + MINUTE);
    expect(await claimRefresh(service.deps.orm.em.fork(), id, LEASE, version, clock.now(), until)).not.toBeNull();
    const other = await otherProcess();
    expect(await releaseRefresh(other.em, id, LEASE)).toBe(true);
    expect(await markReconnectNeeded(other.em, id, 'Google ended the access: invalid_grant')).not.toBeNull();
    const back = openCallback(service.url, callback);
    await waitsOn(other.pid);
    await other.commit();
    expect((await back).location).toBe(`/app/settings?connected=${id}`);
    expect(await statusOf(id)).toEqual({ rest: { status: 'active', lastError: null }, gql: { status: 'active', lastError: null } });
    const [row] = await db(`select refresh_claim, token_version from inbox_oauth where inbox_id = ?`, [id]);
    expect(row).toEqual({ refresh_claim: null, token_version: version + 1 });
  });

  it('a disconnection takes the inbox row before its grant, the order a reconnect takes them in, so the two never deadlock', async () => {
    const { id, email } = await reconnectUnderWay();
    provider.revokeAccount(email);
    // The cached token is due: the next use refreshes, and the provider answers invalid_grant.
    await db(`update inbox_oauth set access_expires_at = ? where inbox_id = ?`, [clock.now(), id]);
    // A reconnect in another process holds the inbox row...
    const other = await otherProcess();
    try {
      await other.run(`select 1 from inbox where id = ? for update`, [id]);
      const refreshed = accessTokenFor(service.deps, id).then(
        () => null,
        (err: Error) => err,
      );
      await waitsOn(other.pid);
      // ... and takes the grant next: free, since the waiting disconnection has not taken it yet.
      await expect(other.run(`select 1 from inbox_oauth where inbox_id = ? for update nowait`, [id])).resolves.toHaveLength(1);
      await other.commit();
      expect(await refreshed).toMatchObject({ name: 'ReconnectNeeded' });
    } catch (err) {
      await other.rollback().catch(() => undefined);
      throw err;
    }
    expect((await statusOf(id)).rest.status).toBe('reconnect_needed');
  });
});

describe('PATCH of an OAuth inbox', () => {
  let id: string;
  beforeAll(async () => {
    id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } })).location);
  });

  it.each([
    ['password', 'a new one'],
    ['username', 'someone@acme.example'],
    ['smtp_host', 'smtp.example.com'],
    ['smtp_port', 587],
    ['smtp_secure', false],
    ['imap_host', 'imap.example.com'],
    ['imap_port', 143],
  ])('refuses %s (400 validation_failed), REST and GraphQL', async (field, value) => {
    const err = expectError(await me.client.patch(`/mailboxes/${id}`, { [field]: value, ...(field === 'password' ? {} : { password: 'x' }) }), 400, 'validation_failed');
    expect(err.details?.fields?.[field]).toEqual(['cannot change on an inbox connected with OAuth']);
    const camel = field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    const gql = await me.client.gql(ops.UpdateMailboxDocument, { id, input: { [camel]: value, ...(field === 'password' ? {} : { password: 'x' }) } });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', details: { fields: { [field]: ['cannot change on an inbox connected with OAuth'] } } });
  });

  it('changes caps, ramp, gap, tags and signature as for any inbox', async () => {
    const res = await me.client.patch(`/mailboxes/${id}`, { daily_cap: 50, ramp_start: 5, min_gap_minutes: 12, tags: ['google'], signature: 'Sam' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dailyCap: 50, rampStart: 5, minGapMinutes: 12, tags: ['google'], signature: 'Sam', authType: 'oauth2' });
  });
});

describe('deleting an OAuth inbox', () => {
  const refreshTokenOf = async (id: string) => service.deps.secrets.decrypt((await db(`select refresh_token_enc from inbox_oauth where inbox_id = ?`, [id]))[0].refresh_token_enc);

  it('drops its tokens and revokes its grant at the provider, REST and GraphQL', async () => {
    const id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } })).location);
    const refreshToken = await refreshTokenOf(id);
    const revocations = provider.stats.revocations;
    expect((await me.client.delete(`/mailboxes/${id}`)).status).toBe(200);
    expect(await db(`select 1 from inbox_oauth where inbox_id = ?`, [id])).toHaveLength(0);
    expect(provider.stats.revocations).toBe(revocations + 1);
    await expect(service.deps.oauth.refresh('google', refreshToken, null)).rejects.toMatchObject({ kind: 'invalid_grant' });

    const viaGql = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } })).location);
    const gqlToken = await refreshTokenOf(viaGql);
    expect((await me.client.gql(ops.DeleteMailboxDocument, { id: viaGql })).data!.deleteMailbox).toEqual({ deleted: true });
    expect(await db(`select 1 from inbox_oauth where inbox_id = ?`, [viaGql])).toHaveLength(0);
    expect(provider.stats.revocations).toBe(revocations + 2);
    await expect(service.deps.oauth.refresh('google', gqlToken, null)).rejects.toMatchObject({ kind: 'invalid_grant' });
  });

  it("leaves alone an account another workspace's inbox still signs in with (Google ends every token of a grant)", async () => {
    const email = address();
    const mine = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email } })).location);
    const other = await signUp(service.url);
    const theirs = connectedId((await signInWith(other.client, service.url, provider, 'google', { as: { email } })).location);
    const revocations = provider.stats.revocations;
    expect((await me.client.delete(`/mailboxes/${mine}`)).status).toBe(200);
    expect(await db(`select 1 from inbox_oauth where inbox_id = ?`, [mine])).toHaveLength(0);
    expect(provider.stats.revocations).toBe(revocations);
    await expect(service.deps.oauth.refresh('google', await refreshTokenOf(theirs), null)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('is deleted even when the provider cannot be reached to revoke', async () => {
    const id = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email: address() } })).location);
    provider.tokenFailure = 'unavailable';
    try {
      expect((await me.client.delete(`/mailboxes/${id}`)).status).toBe(200);
    } finally {
      provider.tokenFailure = null;
    }
    expect(await db(`select 1 from inbox_oauth where inbox_id = ?`, [id])).toHaveLength(0);
    expect((await me.client.get(`/mailboxes/${id}`)).status).toBe(404);
  });
});
