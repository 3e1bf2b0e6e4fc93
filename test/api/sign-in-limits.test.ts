// decisions.md §10: after 10 failed logins for one address, or 30 from one client address, within 15
// minutes, the next attempts answer 429 with Retry-After until the window passes (a right password
// included); sign-up allows 20 per hour per client address. Through REST and GraphQL, counted in
// PostgreSQL so every process shares the counts.
//
// Each test uses client addresses and accounts of its own (testClientAddress: X-Forwarded-For, trusted
// from loopback). The windows follow the wall clock (rate-limiter-flexible reads Date.now()), so "the
// window passes" is played by ending the counter's window in the table.
import { randomBytes, randomUUID } from 'node:crypto';
import { print } from 'graphql';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_CLIENT, SIGNUPS_PER_CLIENT } from '../../src/modules/accounts/sign-in-limits';
import { clientKey } from '../../src/security/rate-limits/client-address';
import { RATE_LIMIT_TABLE } from '../../src/security/rate-limits/counter-table';
import { storedKey, type RateRule } from '../../src/security/rate-limits/rate-limiter';
import { Client, expectError, signUp, testClientAddress, type Reply } from '../support/client';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const sql = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

/** Plays the passing of the window: the counter's window ends now. */
async function endWindow(rule: RateRule, key: string): Promise<void> {
  const touched = await sql(`update ${RATE_LIMIT_TABLE} set expire = 0 where key = ? returning key`, [storedKey(rule, key)]);
  expect(touched).toHaveLength(1);
}

const anonFrom = (address: string, url = service.url) => new Client(url, null, address);
const wrongPassword = 'not the password!';

/** The 429 of decisions.md §10: `rate_limited`, Retry-After in whole seconds within the window, the
 *  same wait in details. Returns the wait. */
function expectThrottled(res: Reply, windowSeconds: number): number {
  const error = expectError(res, 429, 'rate_limited');
  const wait = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
  expect(error.details).toEqual({ retry_after_seconds: wait });
  return wait;
}

async function gqlLogin(client: Client, email: string, password: string) {
  const res = await client.request('POST', '/graphql', { query: print(ops.LoginDocument), variables: { input: { email, password } } });
  expect(res.status).toBe(200);
  return res;
}

async function gqlSignup(client: Client, email: string) {
  const res = await client.request('POST', '/graphql', { query: print(ops.SignupDocument), variables: { input: { email, password: 'long enough pw', workspaceName: 'W' } } });
  expect(res.status).toBe(200);
  return res;
}

describe('login, per address', () => {
  it('answers 429 after 10 failures for the address, from any client, a right password included, until the window passes', async () => {
    const victim = await signUp(service.url);
    // Every guess from another client address: the per-address count alone stops them.
    for (let i = 0; i < 10; i++) {
      expectError(await anonFrom(testClientAddress()).post('/auth/login', { email: victim.email, password: `${wrongPassword}${i}` }), 401, 'invalid_credentials');
    }
    expectThrottled(await anonFrom(testClientAddress()).post('/auth/login', { email: victim.email, password: victim.password }), 900);
    expectThrottled(await anonFrom(testClientAddress()).post('/auth/login', { email: victim.email.toUpperCase(), password: victim.password }), 900);

    // Another address from the same client still logs in.
    const other = await signUp(service.url);
    expect((await other.client.withToken(null).post('/auth/login', { email: other.email, password: other.password })).status).toBe(200);

    await endWindow(LOGIN_FAILURES_PER_ADDRESS, victim.email);
    expect((await anonFrom(testClientAddress()).post('/auth/login', { email: victim.email, password: victim.password })).status).toBe(200);
  });

  it('counts failures only: a right password gives its attempt back', async () => {
    const a = await signUp(service.url);
    const anon = anonFrom(testClientAddress());
    for (let i = 0; i < 9; i++) expectError(await anon.post('/auth/login', { email: a.email, password: wrongPassword }), 401, 'invalid_credentials');
    expect((await anon.post('/auth/login', { email: a.email, password: a.password })).status).toBe(200);
    // The tenth failure is still answered, as the login between did not count.
    expectError(await anon.post('/auth/login', { email: a.email, password: wrongPassword }), 401, 'invalid_credentials');
    expectThrottled(await anon.post('/auth/login', { email: a.email, password: a.password }), 900);
  });

  it('holds against a burst: of 20 concurrent guesses, 10 are checked and 10 refused', async () => {
    const a = await signUp(service.url);
    const guesses = await Promise.all(Array.from({ length: 20 }, () => anonFrom(testClientAddress()).post('/auth/login', { email: a.email, password: wrongPassword })));
    expect(guesses.filter((r) => r.status === 401)).toHaveLength(10);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(10);
  }, 60_000);

  it('counts REST and GraphQL attempts together; GraphQL answers rate_limited with the wait in extensions and Retry-After', async () => {
    const a = await signUp(service.url);
    const anon = anonFrom(testClientAddress());
    for (let i = 0; i < 5; i++) {
      expectError(await anon.post('/auth/login', { email: a.email, password: wrongPassword }), 401, 'invalid_credentials');
      const refused = await gqlLogin(anon, a.email, wrongPassword);
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'invalid_credentials', status: 401 });
      expect(refused.headers.get('retry-after')).toBeNull();
    }
    const throttled = await gqlLogin(anon, a.email, a.password);
    expect(throttled.body.data).toBeNull();
    const wait = Number(throttled.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(900);
    expect(throttled.body.errors[0].extensions).toEqual({ code: 'rate_limited', status: 429, details: { retry_after_seconds: wait } });
    expectThrottled(await anon.post('/auth/login', { email: a.email, password: a.password }), 900);
  });

  it('shares the count between processes of the service', async () => {
    const second = await startTestService();
    try {
      const a = await signUp(service.url);
      const address = testClientAddress();
      for (const url of [service.url, second.url]) {
        for (let i = 0; i < 5; i++) expectError(await anonFrom(address, url).post('/auth/login', { email: a.email, password: wrongPassword }), 401, 'invalid_credentials');
      }
      expectThrottled(await anonFrom(address, second.url).post('/auth/login', { email: a.email, password: a.password }), 900);
      expectThrottled(await anonFrom(address, service.url).post('/auth/login', { email: a.email, password: a.password }), 900);
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe('login, per client address', () => {
  it('answers 429 after 30 failures from one client (one IPv6 /64), for every address, until the window passes', async () => {
    const [x, y] = randomBytes(4).toString('hex').match(/.{4}/g)!;
    const net = `2001:db8:${x}:${y}`;
    const a = await signUp(service.url);
    // 30 guesses at 30 different addresses, from two hosts of one /64: no address reaches its own limit.
    for (let i = 0; i < 30; i++) {
      const res = await anonFrom(`${net}::${(i % 2) + 1}`).post('/auth/login', { email: `guess-${randomUUID()}@example.com`, password: wrongPassword });
      expectError(res, 401, 'invalid_credentials');
    }
    expectThrottled(await anonFrom(`${net}::3`).post('/auth/login', { email: a.email, password: a.password }), 900);
    const gql = await gqlLogin(anonFrom(`${net}::4`), a.email, a.password);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rate_limited', status: 429 });

    // Another client logs in to the same account.
    expect((await anonFrom(testClientAddress()).post('/auth/login', { email: a.email, password: a.password })).status).toBe(200);

    await endWindow(LOGIN_FAILURES_PER_CLIENT, clientKey(`${net}::1`));
    expect((await anonFrom(`${net}::1`).post('/auth/login', { email: a.email, password: a.password })).status).toBe(200);
  }, 60_000);
});

describe('sign-up, per client address', () => {
  it('answers 429 after 20 sign-ups from one client within the hour, whatever their outcome, through REST and GraphQL', async () => {
    const address = testClientAddress();
    const anon = anonFrom(address);
    const body = () => ({ email: `s-${randomUUID()}@example.com`, password: 'long enough pw', workspace_name: 'W' });
    // Refused by validation: never reaches the service, not counted.
    expectError(await anon.post('/auth/signup', { ...body(), password: 'short' }), 400, 'validation_failed');
    const first = body();
    expect((await anon.post('/auth/signup', first)).status).toBe(201);
    for (let i = 0; i < 18; i++) expect((await anon.post('/auth/signup', body())).status).toBe(201);
    // A sign-up for a taken address counts too (it is how addresses would be probed).
    expectError(await anon.post('/auth/signup', first), 409, 'email_taken');

    expectThrottled(await anon.post('/auth/signup', body()), 3600);
    const gql = await gqlSignup(anon, `s-${randomUUID()}@example.com`);
    expect(gql.body.data).toBeNull();
    const wait = Number(gql.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(gql.body.errors[0].extensions).toEqual({ code: 'rate_limited', status: 429, details: { retry_after_seconds: wait } });

    // Another client signs up.
    expect((await anonFrom(testClientAddress()).post('/auth/signup', body())).status).toBe(201);

    await endWindow(SIGNUPS_PER_CLIENT, clientKey(address));
    expect((await anon.post('/auth/signup', body())).status).toBe(201);
  }, 60_000);
});

describe('TRUST_PROXY: whose X-Forwarded-For names the client', () => {
  /** Whether a per-client failed-login count is held for this client key. */
  const counted = async (key: string) => (await sql(`select 1 from ${RATE_LIMIT_TABLE} where key = ?`, [storedKey(LOGIN_FAILURES_PER_CLIENT, key)])).length > 0;

  it('counts a failed login under the forwarded address when the proxy is trusted (loopback by default)', async () => {
    const address = testClientAddress();
    expectError(await anonFrom(address).post('/auth/login', { email: `nobody-${randomUUID()}@example.com`, password: wrongPassword }), 401);
    expect(await counted(clientKey(address))).toBe(true);
  });

  it('ignores X-Forwarded-For from a peer TRUST_PROXY does not name: the peer itself is the client', async () => {
    const elsewhere = await startTestService({ env: { TRUST_PROXY: '192.0.2.0/24, uniquelocal' } });
    try {
      const address = testClientAddress();
      expectError(await anonFrom(address, elsewhere.url).post('/auth/login', { email: `nobody-${randomUUID()}@example.com`, password: wrongPassword }), 401);
      expect(await counted(clientKey(address))).toBe(false);
      expect(await counted(clientKey('127.0.0.1'))).toBe(true);
    } finally {
      await elsewhere.stop();
    }
  });
});
