// decisions.md §13 "Logs", from outside: every answer carries X-Request-Id (taken when the client sent a
// sane one, else made), the lines logged while serving a request carry the same id (the service's own
// lines, the REST error handler's, GraphQL's formatError), one line per request names its route pattern,
// never its query string or a token in its path, and no secret a client sends or receives (passwords,
// inbox credentials, session tokens, API keys, webhook secrets, the verification key) reaches the logs.
// A test area (`probe`) adds a route and a GraphQL field that fail unexpectedly, for the 500 paths.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { Query, Resolver } from 'type-graphql';
import { jsonRoute } from '../../src/contracts/api-route';
import { Scope } from '../../src/contracts/graphql/scopes';
import type { AppModule } from '../../src/runtime/app-module';
import { createLogger } from '../../src/observability/logger';
import { appModules } from '../../src/modules';
import { Client, expectError, signUp, testClientAddress, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

// Secrets the probes' failures carry, as a careless error would: they must not be written either.
const PROBE_PASSWORD = `probe-password-${randomUUID()}`;
const PROBE_BEARER = `probe-bearer-${randomUUID()}`;

/** An unexpected failure holding what an HTTP client's error holds: the request, body and headers. */
const probeFailure = (where: string) =>
  Object.assign(new Error(`${where} failed unexpectedly`), {
    request: { body: { password: PROBE_PASSWORD }, headers: { authorization: `Bearer ${PROBE_BEARER}` } },
  });

@Resolver()
class ProbeResolver {
  @Query(() => Boolean, { description: 'Fails unexpectedly (test area).' })
  @Scope('reports:read')
  probeCrash(): boolean {
    throw probeFailure('GraphQL probe');
  }
}

const probe: AppModule = {
  name: 'probe',
  description: 'A test area.',
  resolvers: [ProbeResolver],
  routes: [
    jsonRoute({
      method: 'get',
      path: '/probe/crash/:id',
      summary: 'Fails unexpectedly after an await',
      scope: 'reports:read',
      response: { schema: { type: 'object' } },
      handle: async () => {
        await new Promise((r) => setTimeout(r, 1));
        throw probeFailure('REST probe');
      },
    }),
  ],
};

const captured: string[] = [];
const output = () => captured.join('');
const lines = () =>
  output()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** The lines with this message. */
const logged = (msg: string) => lines().filter((l) => l.msg === msg);
/** The completion line of the request with this id. */
const requestLine = (reqId: string) => logged('request').find((l) => l.reqId === reqId);

let service: Awaited<ReturnType<typeof startTestService>>;
let smtp: SmtpPeer;
let closedPort: number;
let me: Account;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const spare = net.createServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  closedPort = (spare.address() as net.AddressInfo).port;
  await new Promise<void>((r) => spare.close(() => r()));
  service = await startTestService({
    env: { ALLOW_PRIVATE_FETCH: 'true', LOG_LEVEL: 'debug' },
    modules: [...appModules, probe],
    log: createLogger({ level: 'debug', destination: { write: (s: string) => void captured.push(s) } }),
  });
  me = await signUp(service.url);
});
afterAll(async () => {
  await service?.stop();
  await smtp?.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('is made when the client sends none, one per request, on success, refusals, 404s, GraphQL, public links and health', async () => {
    const anon = new Client(service.url);
    const answers = {
      ok: await me.client.get('/settings'),
      notFound: await me.client.get('/no-such-thing'),
      unknownId: await me.client.get(`/campaigns/${randomUUID()}`),
      invalid: await me.client.post('/campaigns', { name: '' }),
      unauthorized: await anon.withToken('ses_unknown').get('/settings'),
      noCredentials: await anon.get('/settings'),
      graphql: await me.client.request('POST', '/graphql', { query: '{ __typename }' }),
      graphqlError: await me.client.request('POST', '/graphql', { query: '{ nope }' }),
      graphiql: await anon.request('GET', '/graphql', undefined, { accept: 'text/html' }),
      publicLink: await anon.request('GET', '/u/not-a-real-token'),
      health: await anon.request('GET', '/api/health'),
      rootNotFound: await anon.request('GET', '/nothing/here'),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      ok: 200,
      notFound: 404,
      unknownId: 404,
      invalid: 400,
      unauthorized: 401,
      noCredentials: 401,
      graphql: 200,
      graphqlError: 400,
      graphiql: 200,
      publicLink: expect.any(Number),
      health: 200,
      rootNotFound: 404,
    });
    const ids = Object.values(answers).map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is taken as sent when sane, and replaced when not (too long, spaces, several, other characters)', async () => {
    const send = (id: string) => me.client.request('GET', '/api/settings', undefined, { 'x-request-id': id });
    for (const id of ['lb-7f3a.1:20261126', 'abc_DEF-123', 'x'.repeat(128)]) {
      const res = await send(id);
      expect({ id, answered: res.headers.get('x-request-id') }).toEqual({ id, answered: id });
      expect(requestLine(id)).toMatchObject({ reqId: id, status: 200 });
    }
    for (const id of ['x'.repeat(129), 'has spaces', 'a\tb', '<script>alert(1)</script>', 'a%0d%0aSet-Cookie:x=1', 'a,b']) {
      const res = await send(id);
      expect(res.status).toBe(200);
      expect({ id, answered: res.headers.get('x-request-id') }).toEqual({ id, answered: expect.stringMatching(UUID) });
      expect(output()).not.toContain(id);
    }
    // Two headers arrive joined ("a, b"): not one sane id.
    const twice = await rawGet('/api/health', ['X-Request-Id: first', 'X-Request-Id: second']);
    expect(twice).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    // A CR inside the value is refused by Node's HTTP parser before any of our code runs; a bare LF in a
    // header is a new header line, never part of our answer.
    const injected = await rawGet('/api/health', ['X-Request-Id: abc\nSet-Cookie: stolen=1']);
    expect(injected).not.toMatch(/set-cookie: stolen/i);
  });

  it("is on the service's own log lines written while serving the request, and on its completion line", async () => {
    // The connection test logs from inside the inbox service, after its SMTP and IMAP round trips.
    const inbox = await me.client.post('/mailboxes', mailboxBody({ password: 'smtp-secret', username: 'sender@example.com' }));
    expect(inbox.status).toBe(200);
    const res = await me.client.request('POST', `/api/mailboxes/${inbox.body.id}/test`, {}, { 'x-request-id': 'conn-test-1' });
    expect(res.status).toBe(200);
    expect(logged('mailbox connection test')).toEqual([expect.objectContaining({ reqId: 'conn-test-1', level: 'info', mailbox_id: inbox.body.id })]);
    expect(requestLine('conn-test-1')).toMatchObject({ level: 'info', method: 'POST', route: '/api/mailboxes/:id/test', status: 200, ms: expect.any(Number) });
  });

  it('names the request in the 500 answer and on the error line (REST and GraphQL)', async () => {
    const rest = await me.client.get(`/probe/crash/${randomUUID()}`);
    const restId = rest.headers.get('x-request-id')!;
    expect(expectError(rest, 500, 'internal_error').details).toEqual({ request_id: restId });
    expect(logged('unhandled error')).toEqual([
      expect.objectContaining({ level: 'error', reqId: restId, err: expect.objectContaining({ message: 'REST probe failed unexpectedly' }) }),
    ]);
    expect(requestLine(restId)).toMatchObject({ route: '/api/probe/crash/:id', status: 500 });

    const gql = await me.client.request('POST', '/graphql', { query: '{ probeCrash }' });
    const gqlId = gql.headers.get('x-request-id')!;
    expect(gqlId).toMatch(UUID);
    expect(gql.body.errors).toEqual([expect.objectContaining({ extensions: { code: 'internal_error', status: 500, details: { request_id: gqlId } } })]);
    expect(logged('graphql internal error')).toEqual([expect.objectContaining({ level: 'error', reqId: gqlId })]);
    expect(requestLine(gqlId)).toMatchObject({ method: 'POST', route: '/graphql' });
  });

  it('logs route patterns, never query strings or the tokens in public link paths; health at debug', async () => {
    const token = `tok${randomUUID().replace(/-/g, '')}`;
    const anon = new Client(service.url);
    const ids = {
      unsubscribe: (await anon.request('GET', `/u/${token}`)).headers.get('x-request-id')!,
      click: (await anon.request('GET', `/c/${token}?u=${token}`)).headers.get('x-request-id')!,
      query: (await me.client.get(`/campaigns?token=${token}`)).headers.get('x-request-id')!,
      notFound: (await anon.request('GET', `/api/${token}`)).headers.get('x-request-id')!,
      outside: (await anon.request('GET', `/${token}`)).headers.get('x-request-id')!,
      health: (await anon.request('GET', '/api/health')).headers.get('x-request-id')!,
    };
    expect(output()).not.toContain(token);
    expect(Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, requestLine(id)?.route]))).toEqual({
      unsubscribe: '/u/:token',
      click: '/c/:token',
      query: '/api/campaigns',
      notFound: '/api',
      outside: null,
      health: '/api/health',
    });
    expect(requestLine(ids.health)?.level).toBe('debug');
  });
});

describe('secrets never reach the logs', () => {
  it('whatever a client sends or is given: passwords, inbox credentials, tokens, API keys, webhook and verification secrets', async () => {
    const s = {
      signupPassword: `signup-pw-${randomUUID()}`,
      wrongPassword: `wrong-pw-${randomUUID()}`,
      smtpPassword: 'smtp-secret', // the SMTP peer's: the connection test logs in with it
      newInboxPassword: `inbox-pw-${randomUUID()}`,
      invalidBodyPassword: `invalid-pw-${randomUUID()}`,
      brokenJsonPassword: `json-pw-${randomUUID()}`,
      graphqlPassword: `gql-pw-${randomUUID()}`,
      verificationKey: `nb-${randomUUID()}`,
      memberPassword: `member-pw-${randomUUID()}`,
      unknownKey: `key_${randomUUID().replace(/-/g, '')}unknown`,
    };
    const found: Record<string, string> = {};
    const owner = await signUp(service.url, { password: s.signupPassword });
    found.sessionToken = owner.token;
    const anon = new Client(service.url, null, testClientAddress());

    // log in, right and wrong
    const login = await anon.post('/auth/login', { email: owner.email, password: s.signupPassword });
    expect(login.status).toBe(200);
    found.loginToken = login.body.token;
    expectError(await anon.post('/auth/login', { email: owner.email, password: s.wrongPassword }), 401);

    // an inbox with a password; its connection test (which logs); a new password
    const inbox = await owner.client.post('/mailboxes', mailboxBody({ password: s.smtpPassword, username: 'sender@example.com' }));
    expect(inbox.status).toBe(200);
    expect((await owner.client.post(`/mailboxes/${inbox.body.id}/test`)).status).toBe(200);
    expect((await owner.client.patch(`/mailboxes/${inbox.body.id}`, { password: s.newInboxPassword })).status).toBe(200);
    // refusals that carry a password: a validation error, broken JSON, a GraphQL variable of the wrong type
    expectError(await owner.client.post('/mailboxes', mailboxBody({ password: s.invalidBodyPassword, smtp_port: 'x' })), 400);
    expectError(await owner.client.request('POST', '/api/mailboxes', `{"password": "${s.brokenJsonPassword}",`, { 'content-type': 'application/json' }), 400);
    const gql = await owner.client.request('POST', '/graphql', {
      query: 'mutation ($input: CreateMailboxInput!) { createMailbox(input: $input) { id } }',
      variables: { input: { password: s.graphqlPassword, smtpPort: 'not a port' } },
    });
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('bad_request');

    // a webhook's secret, at creation and rotation
    const hook = await owner.client.post('/webhooks', { url: 'http://127.0.0.1:9/hook' });
    expect(hook.status).toBe(201);
    found.webhookSecret = hook.body.secret;
    const rotated = await owner.client.post(`/webhooks/${hook.body.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    found.rotatedSecret = rotated.body.secret;

    // an API key, used; an unknown one; the verification key; a member's password
    const key = await owner.client.post('/settings/api-keys', { name: 'zapier' });
    expect(key.status).toBe(201);
    found.apiKey = key.body.key;
    expect((await owner.client.withToken(found.apiKey).get('/mailboxes')).status).toBe(200);
    expectError(await owner.client.withToken(s.unknownKey).get('/mailboxes'), 401);
    expect((await owner.client.put('/settings/verification-key', { key: s.verificationKey })).status).toBe(200);
    expect((await owner.client.post('/settings/members', { email: `m-${randomUUID()}@example.com`, name: 'M', password: s.memberPassword, role: 'member' })).status).toBe(200);

    // the 500 paths, whose errors carry a request body and an Authorization header
    expectError(await owner.client.get(`/probe/crash/${randomUUID()}`), 500, 'internal_error');
    await owner.client.request('POST', '/graphql', { query: '{ probeCrash }' });

    const out = output();
    // The run was logged (so the check below has something to look at): every request, and the errors.
    expect(logged('request').length).toBeGreaterThan(15);
    expect(out).toContain('"msg":"mailbox connection test"');
    expect(out).toContain('"msg":"unhandled error"');
    const secrets = { ...s, ...found, probePassword: PROBE_PASSWORD, probeBearer: PROBE_BEARER };
    for (const [kind, value] of Object.entries(secrets)) {
      expect(value.length).toBeGreaterThan(8);
      expect({ kind, leaked: out.includes(value) }).toEqual({ kind, leaked: false });
    }
  });
});

function mailboxBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `sam-${randomUUID().slice(0, 8)}@acme.test`,
    from_name: 'Sam',
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_secure: false,
    imap_host: '127.0.0.1',
    imap_port: closedPort,
    username: 'sam',
    password: 'app password',
    daily_cap: 30,
    ...overrides,
  };
}

/** A GET with raw header lines, as a client that does not check them sends it; the raw answer head. */
function rawGet(path: string, headerLines: string[]): Promise<string> {
  const { port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headerLines.join('\r\n')}\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('end', () => resolve(data.split('\r\n\r\n')[0] + '\r\n'));
    socket.on('error', reject);
  });
}
