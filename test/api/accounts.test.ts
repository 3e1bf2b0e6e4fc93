// decisions.md §2 (accounts, sessions, keys) and §3 (error body), through REST and GraphQL.
import { Client, expectError, signUp, testClientAddress } from '../support/client';
import { legacyPasswordHash, passwordHashOf, setPasswordHash } from '../support/factories/account.factory';
import { startTestService } from '../support/service';
import { scryptPasswords } from '../../src/security/crypto';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let anon: Client;

beforeAll(async () => {
  // The real password cost: this file checks the hashes sign-up makes and the upgrade of older ones.
  service = await startTestService({ ports: { passwords: scryptPasswords() } });
  // Its own client address: the sign-ups and logins below count against per-client limits (decisions.md §10).
  anon = new Client(service.url, null, testClientAddress());
});
afterAll(() => service.stop());

describe('health and unknown routes', () => {
  it('answers health without credentials', async () => {
    const res = await anon.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers unknown routes with a JSON 404 error body', async () => {
    expectError(await anon.get('/no-such-thing'), 404, 'route_not_found');
    expectError(await anon.request('GET', '/nowhere'), 404, 'route_not_found');
  });
});

describe('signup', () => {
  it('creates a workspace and its owner and returns a session token (201)', async () => {
    const email = `New.Owner.${Date.now()}@Example.com`;
    const res = await anon.post('/auth/signup', { email, password: 'long enough pw', workspace_name: 'Acme', timezone: 'Europe/Berlin' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      token: expect.any(String),
      user: { id: expect.any(String), email: email.toLowerCase(), name: '', role: 'owner' },
      workspace: { id: expect.any(String), name: 'Acme', timezone: 'Europe/Berlin' },
    });
  });

  it('defaults the timezone to UTC', async () => {
    const res = await anon.post('/auth/signup', { email: `a${Date.now()}@example.com`, password: 'long enough pw', workspace_name: 'W' });
    expect(res.body.workspace.timezone).toBe('UTC');
  });

  it.each([
    [{ password: 'short', workspace_name: 'W' }, 'password'],
    [{ password: 'long enough pw', workspace_name: 'W', timezone: 'Mars/Olympus' }, 'timezone'],
    [{ password: 'long enough pw', workspace_name: 'W', email: 'not-an-address' }, 'email'],
    [{ password: 'long enough pw' }, 'workspace_name'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const err = expectError(await anon.post('/auth/signup', { email: `x${Math.random()}@example.com`, ...body }), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  it('refuses an address that already has an account (409)', async () => {
    const a = await signUp(service.url);
    expectError(await anon.post('/auth/signup', { email: a.email.toUpperCase(), password: 'long enough pw', workspace_name: 'W' }), 409, 'email_taken');
  });

  it('refuses unknown fields and non-JSON bodies with 400, never 500', async () => {
    expectError(await anon.post('/auth/signup', { email: 'a@example.com', password: 'long enough pw', workspace_name: 'W', workspaceName: 'X' }), 400, 'validation_failed');
    expectError(await anon.request('POST', '/api/auth/signup', '{"email":', { 'content-type': 'application/json' }), 400, 'invalid_json');
    expectError(await anon.request('POST', '/api/auth/signup', '[1,2]', { 'content-type': 'application/json' }), 400, 'invalid_body');
    expectError(await anon.request('POST', '/api/auth/signup', 'email=a', { 'content-type': 'text/plain' }), 400, 'invalid_body');
  });

  it('refuses NUL characters with 400 instead of failing in the database', async () => {
    const err = expectError(
      await anon.post('/auth/signup', { email: `n${Date.now()}@example.com`, password: 'long enough pw', workspace_name: 'A\u0000B' }),
      400,
      'validation_failed',
    );
    expect(err.details!.fields).toHaveProperty('workspace_name');
  });

  it('answers 413 for a JSON body over 10 MB', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(10 * 1024 * 1024 + 10), workspace_name: 'W' });
    expectError(await anon.request('POST', '/api/auth/signup', big, { 'content-type': 'application/json' }), 413, 'payload_too_large');
  });

  it('is closed with 403 when ALLOW_SIGNUP=false', async () => {
    const closed = await startTestService({ env: { ALLOW_SIGNUP: 'false' } });
    try {
      const res = await new Client(closed.url).post('/auth/signup', { email: 'c@example.com', password: 'long enough pw', workspace_name: 'W' });
      expectError(res, 403, 'signup_closed');
    } finally {
      await closed.stop();
    }
  });
});

describe('login and credentials', () => {
  it('logs in with the right password only, case-insensitively by address', async () => {
    const a = await signUp(service.url);
    const ok = await anon.post('/auth/login', { email: a.email.toUpperCase(), password: a.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), user: { id: a.userId }, workspace: { id: a.workspaceId } });
    expectError(await anon.post('/auth/login', { email: a.email, password: 'wrong password!' }), 401, 'invalid_credentials');
    expectError(await anon.post('/auth/login', { email: 'nobody@example.com', password: 'wrong password!' }), 401, 'invalid_credentials');
  });

  it('needs a credential on every workspace route (401 with the error body)', async () => {
    expectError(await anon.get('/settings'), 401, 'unauthorized');
    expectError(await anon.withToken('ses_bogus').get('/settings'), 401, 'unauthorized');
    expectError(await anon.withToken('key_bogus').get('/settings'), 401, 'unauthorized');
    const res = await anon.request('GET', '/api/settings', undefined, { authorization: 'Basic abc' });
    expectError(res, 401, 'unauthorized');
  });
});

describe('password hashes (decisions.md §10)', () => {
  const CURRENT = /^scrypt\$ln=15,r=8,p=1\$/;

  it('are made at the current cost at sign-up and for members', async () => {
    const a = await signUp(service.url);
    expect(await passwordHashOf(service, a.userId)).toMatch(CURRENT);
    const member = await a.client.post('/settings/members', { email: `m-${Date.now()}@example.com`, name: 'M', password: 'member password', role: 'member' });
    expect(await passwordHashOf(service, member.body.id)).toMatch(CURRENT);
  });

  it('of the first format still log in, and are replaced at that login (REST)', async () => {
    const a = await signUp(service.url);
    const old = legacyPasswordHash(a.password);
    await setPasswordHash(service, a.userId, old);
    expectError(await anon.post('/auth/login', { email: a.email, password: 'not the password' }), 401, 'invalid_credentials');
    expect(await passwordHashOf(service, a.userId)).toBe(old); // a wrong password changes nothing

    expect((await anon.post('/auth/login', { email: a.email, password: a.password })).status).toBe(200);
    const upgraded = await passwordHashOf(service, a.userId);
    expect(upgraded).toMatch(CURRENT);
    expect((await anon.post('/auth/login', { email: a.email, password: a.password })).status).toBe(200);
    expect(await passwordHashOf(service, a.userId)).toBe(upgraded); // current hashes stay as they are
  });

  it('of the first format are replaced at a GraphQL login too', async () => {
    const a = await signUp(service.url);
    await setPasswordHash(service, a.userId, legacyPasswordHash(a.password));
    const login = await anon.gql(ops.LoginDocument, { input: { email: a.email, password: a.password } });
    expect(login.errors).toBeUndefined();
    expect(login.data!.login.user.id).toBe(a.userId);
    expect(await passwordHashOf(service, a.userId)).toMatch(CURRENT);
  });
});

describe('settings', () => {
  it('reads and changes the workspace', async () => {
    const a = await signUp(service.url);
    const res = await a.client.get('/settings');
    expect(res.body).toEqual({
      workspace: { id: a.workspaceId, name: 'Acme', timezone: 'UTC', recent_contact_days: 30, placement_schedule: 'off', placement_protect_below: null },
      user: { id: a.userId, email: a.email, name: '', role: 'owner' },
      verification_key_set: false,
    });
    const patched = await a.client.patch('/settings/workspace', { name: 'Acme GmbH', timezone: 'America/New_York', recent_contact_days: 14 });
    expect(patched.body).toEqual({
      id: a.workspaceId,
      name: 'Acme GmbH',
      timezone: 'America/New_York',
      recent_contact_days: 14,
      placement_schedule: 'off',
      placement_protect_below: null,
    });
    expectError(await a.client.patch('/settings/workspace', { timezone: 'Nowhere/Land' }), 400, 'validation_failed');
    expectError(await a.client.patch('/settings/workspace', { recent_contact_days: -1 }), 400, 'validation_failed');
    expectError(await a.client.patch('/settings/workspace', { name: null }), 400, 'validation_failed');
  });
});

describe('API keys', () => {
  it('shows a key once, stores only its hash, tracks last use, and revokes', async () => {
    const a = await signUp(service.url);
    const made = await a.client.post('/settings/api-keys', { name: 'zapier' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'zapier',
      key: expect.any(String),
      scopes: ['all'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const listed = await a.client.get('/settings/api-keys');
    expect(listed.body).toEqual([{ id: made.body.id, name: 'zapier', scopes: ['all'], created_at: made.body.created_at, last_used_at: null }]);

    const [row] = await service.deps.orm.em.fork().getConnection().execute('select key_hash from api_key where id = ?', [made.body.id]);
    expect(row.key_hash).not.toContain(made.body.key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const asKey = a.client.withToken(made.body.key);
    expect((await asKey.get('/settings')).status).toBe(200);
    const after = await a.client.get('/settings/api-keys');
    expect(after.body[0].last_used_at).toEqual(expect.any(String));

    expect((await a.client.delete(`/settings/api-keys/${made.body.id}`)).body).toEqual({ deleted: true });
    expectError(await asKey.get('/settings'), 401, 'unauthorized');
    expectError(await a.client.delete(`/settings/api-keys/${made.body.id}`), 404, 'not_found');
    expectError(await a.client.delete('/settings/api-keys/not-a-uuid'), 404, 'not_found');
  });

  it('cannot mint, list or revoke keys with a key (403)', async () => {
    const a = await signUp(service.url);
    const key = (await a.client.post('/settings/api-keys', { name: 'k' })).body;
    const asKey = a.client.withToken(key.key);
    expectError(await asKey.post('/settings/api-keys', { name: 'k2' }), 403);
    expectError(await asKey.get('/settings/api-keys'), 403);
    expectError(await asKey.delete(`/settings/api-keys/${key.id}`), 403);
  });

  it("treats another workspace's key id as not found", async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const key = (await a.client.post('/settings/api-keys', { name: 'k' })).body;
    expectError(await b.client.delete(`/settings/api-keys/${key.id}`), 404, 'not_found');
    expect((await a.client.get('/settings/api-keys')).body).toHaveLength(1);
  });
});

describe('verification key', () => {
  it('is saved by an owner session only, encrypted, and never returned', async () => {
    const a = await signUp(service.url);
    expect((await a.client.put('/settings/verification-key', { key: 'nb_secret_123' })).body).toEqual({ verification_key_set: true });
    expect((await a.client.get('/settings')).body.verification_key_set).toBe(true);
    const [row] = await service.deps.orm.em.fork().getConnection().execute('select verification_key_enc from workspace where id = ?', [a.workspaceId]);
    expect(row.verification_key_enc).not.toContain('nb_secret_123');
    expect(service.deps.secrets.decrypt(row.verification_key_enc)).toBe('nb_secret_123');

    const key = (await a.client.post('/settings/api-keys', { name: 'k' })).body.key;
    expectError(await a.client.withToken(key).put('/settings/verification-key', { key: 'x' }), 403);
    await a.client.post('/settings/members', { email: `m${Date.now()}@example.com`, name: 'Mia', password: 'member password', role: 'member' });
  });

  it('is refused to a member (403)', async () => {
    const a = await signUp(service.url);
    const email = `member-${Date.now()}@example.com`;
    await a.client.post('/settings/members', { email, name: 'Mia', password: 'member password', role: 'member' });
    const login = await anon.post('/auth/login', { email, password: 'member password' });
    expectError(await anon.withToken(login.body.token).put('/settings/verification-key', { key: 'x' }), 403, 'owner_required');
  });
});

describe('members', () => {
  it('lets an owner add and remove members; members cannot', async () => {
    const a = await signUp(service.url);
    const email = `member-${Date.now()}@example.com`;
    const added = await a.client.post('/settings/members', { email, name: 'Mia', password: 'member password', role: 'member' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: expect.any(String), email, name: 'Mia', role: 'member' });
    expect((await a.client.get('/settings/members')).body.map((m: { email: string }) => m.email)).toEqual([a.email, email]);
    expectError(await a.client.post('/settings/members', { email, name: 'Again', password: 'member password', role: 'member' }), 409, 'email_taken');
    expectError(await a.client.post('/settings/members', { email: 'z@example.com', name: 'Z', password: 'member password', role: 'admin' }), 400, 'validation_failed');

    const member = anon.withToken((await anon.post('/auth/login', { email, password: 'member password' })).body.token);
    expect((await member.get('/settings/members')).status).toBe(200);
    expectError(await member.post('/settings/members', { email: 'y@example.com', name: 'Y', password: 'member password', role: 'member' }), 403, 'owner_required');
    expectError(await member.delete(`/settings/members/${a.userId}`), 403, 'owner_required');
    expectError(await member.patch('/settings/workspace', { name: 'Mine' }), 403, 'owner_required');

    expectError(await a.client.delete(`/settings/members/${a.userId}`), 409, 'cannot_remove_self');
    expect((await a.client.delete(`/settings/members/${added.body.id}`)).body).toEqual({ deleted: true });
    expectError(await member.get('/settings'), 401, 'unauthorized');

    const b = await signUp(service.url);
    expectError(await b.client.delete(`/settings/members/${a.userId}`), 404, 'not_found');
  });
});

describe('GraphQL', () => {
  it('signs up, reads settings and manages keys with the same rules', async () => {
    const gql = anon;
    const email = `gql-${Date.now()}@example.com`;
    const signed = await gql.gql(ops.SignupDocument, { input: { email, password: 'long enough pw', workspaceName: 'G', timezone: 'Asia/Tokyo' } });
    expect(signed.errors).toBeUndefined();
    expect(signed.data!.signup.workspace).toMatchObject({ name: 'G', timezone: 'Asia/Tokyo', recentContactDays: 30 });
    const me = gql.withToken(signed.data!.signup.token);
    const settings = await me.gql(ops.SettingsDocument);
    expect(settings.data!.settings).toMatchObject({ verificationKeySet: false, user: { email } });

    const key = await me.gql(ops.CreateApiKeyDocument, { input: { name: 'ci' } });
    expect(key.data!.createApiKey.key).toMatch(/^key_/);
    const viaKey = gql.withToken(key.data!.createApiKey.key);
    const refused = await viaKey.gql(ops.CreateApiKeyDocument, { input: { name: 'again' } });
    expect(refused.errors![0].extensions).toMatchObject({ code: 'session_required', status: 403 });
    expect((await me.gql(ops.DeleteApiKeyDocument, { id: key.data!.createApiKey.id })).data!.deleteApiKey.deleted).toBe(true);
  });

  it('reports codes in extensions: validation, unauthorized, not found', async () => {
    const gql = anon;
    const bad = await gql.gql(ops.SignupDocument, { input: { email: 'x@example.com', password: 'short', workspaceName: 'G' } });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    const noAuth = await gql.gql(ops.SettingsDocument);
    expect(noAuth.errors![0].extensions).toMatchObject({ code: 'unauthorized', status: 401 });
    const a = await signUp(service.url);
    const missing = await a.client.gql(ops.DeleteMemberDocument, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('never echoes an input value (a password) in a coercion error', async () => {
    const res = await anon.request('POST', '/graphql', {
      query: 'mutation($input: SignupInput!) { signup(input: $input) { token } }',
      variables: { input: { email: 'e@example.com', password: 'TOP-SECRET-PASSWORD' } },
    });
    expect(res.text).not.toContain('TOP-SECRET-PASSWORD');
    expect(res.body.errors[0].extensions.code).toBe('bad_request');
    expect(res.body.errors[0].message).toContain('workspaceName');
  });

  it('serves GraphiQL from local files to a browser', async () => {
    const res = await anon.request('GET', '/graphql', undefined, { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html');
    expect(res.text).not.toMatch(/<script[^>]+src="https?:\/\//);
    expect(res.text).not.toMatch(/<link[^>]+href="https?:\/\//);
  });
});
