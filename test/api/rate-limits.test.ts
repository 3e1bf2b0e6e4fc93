// decisions.md §12 Rate limits: RATE_LIMIT_PER_MINUTE (default 600) requests per workspace across every
// process, the IETF RateLimit-Policy and RateLimit fields on every /api and /graphql answer, and 429
// `rate_limited` with Retry-After over the limit. The harness runs every other file with a high limit;
// here the real default runs (RATE_LIMIT_PER_MINUTE empty: the default), and two service processes
// share one counter.
import { print } from 'graphql';
import { Client, expectError, signUp, testClientAddress, type Reply } from '../support/client';
import { startTestService } from '../support/service';
import { killServiceProcess, startServiceProcess, type ServiceProcess } from '../support/service-process';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '' } });
});
afterAll(() => service?.stop());

const POLICY = /^"default";r=(\d+);t=(\d+)$/;

/** The RateLimit field of an answer: remaining and seconds to reset (the policy is checked too). */
function rateLimit(res: Reply, policy = '"default";q=600;w=60'): { r: number; t: number } {
  expect(res.headers.get('ratelimit-policy')).toBe(policy);
  const m = POLICY.exec(res.headers.get('ratelimit') ?? '');
  expect(m).not.toBeNull();
  return { r: Number(m![1]), t: Number(m![2]) };
}

/** Requests a one-row answer until it is refused; the number answered 200 before. */
async function exhaust(client: Client, max: number): Promise<{ allowed: number; refusal: Reply }> {
  for (let allowed = 0; allowed <= max; allowed++) {
    const res = await client.get('/settings');
    if (res.status !== 200) return { allowed, refusal: res };
  }
  throw new Error(`not refused after ${max + 1} requests`);
}

function expectLimited(res: Reply, policy = '"default";q=600;w=60'): number {
  const error = expectError(res, 429, 'rate_limited');
  const wait = Number(res.headers.get('retry-after'));
  const window = Number(/w=(\d+)$/.exec(policy)![1]);
  expect(Number.isInteger(wait) && wait >= 1 && wait <= window).toBe(true);
  expect(error.details).toEqual({ retry_after_seconds: wait });
  expect(rateLimit(res, policy)).toEqual({ r: 0, t: wait });
  return wait;
}

describe('headers', () => {
  it('come with every kind of answer: 200, 201, 400, 401, 404 (unknown id and unknown route), CSV and GraphQL', async () => {
    const { client } = await signUp(service.url);
    const created = await client.post('/campaigns', { name: 'Headers' });
    expect(created.status).toBe(200);
    const answers: Reply[] = [
      await client.get('/campaigns'),
      created,
      await client.post('/settings/api-keys', { name: 'k' }),
      await client.post('/campaigns', { name: '' }),
      await client.get('/campaigns/00000000-0000-4000-8000-000000000000'),
      await client.get('/no-such-route'),
      await client.get(`/campaigns/${created.body.id}/leads.csv`),
      await client.withToken('ses_unknown').get('/campaigns'),
      await client.withToken(null).get('/campaigns'),
      await client.request('POST', '/graphql', { query: print(ops.CampaignsDocument) }),
      await client.request('POST', '/graphql', { query: '{ nope }' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 201, 400, 404, 404, 200, 401, 401, 200, 400]);
    for (const a of answers) {
      const { r, t } = rateLimit(a);
      expect(r).toBeLessThan(600);
      expect(t).toBeGreaterThanOrEqual(1);
      expect(t).toBeLessThanOrEqual(60);
    }
  });

  it('are documented in the API reference on every operation’s answers, errors included', async () => {
    const doc = (await new Client(service.url).get('/openapi.json')).body;
    const refs = { RateLimit: { $ref: '#/components/headers/RateLimit' }, 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' } };
    expect(doc.paths['/campaigns/{id}/leads'].get.responses['200'].headers).toMatchObject({ 'X-Total-Count': expect.any(Object), ...refs });
    expect(doc.paths['/auth/login'].post.responses['200'].headers).toEqual(refs);
    expect(doc.components.responses.Error.headers).toEqual({ ...refs, 'Retry-After': { $ref: '#/components/headers/Retry-After' } });
    expect(doc.paths['/health'].get.responses['200'].headers).toBeUndefined();
  });

  it('count down one by one within a workspace', async () => {
    const { client } = await signUp(service.url);
    const seen: number[] = [];
    for (let i = 0; i < 25; i++) seen.push(rateLimit(await client.get('/settings')).r);
    expect(seen).toEqual(seen.map((_, i) => 599 - i));
  });

  it('leave the probes and the API reference alone (not counted)', async () => {
    for (const path of ['/api/health', '/api/health/ready', '/api/openapi.json', '/api/docs']) {
      const res = await new Client(service.url).request('GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
      expect(res.headers.get('ratelimit-policy')).toBeNull();
    }
  });

  it('count requests without credentials per client address: sign-up, login, a 401', async () => {
    const anon = new Client(service.url, null, testClientAddress());
    const first = rateLimit(await anon.get('/campaigns')).r;
    expect(rateLimit(await anon.post('/auth/login', { email: 'nobody@example.com', password: 'wrong password' })).r).toBe(first - 1);
    expect(rateLimit(await anon.withToken('key_unknown').get('/campaigns')).r).toBe(first - 2);
    // Another address counts apart.
    expect(rateLimit(await new Client(service.url, null, testClientAddress()).get('/campaigns')).r).toBe(599);
  });
});

describe('over the limit', () => {
  // 600 requests may take longer than a minute on a busy machine: the window is an hour here, so it
  // cannot end (and start the count again) half way.
  let hour: Awaited<ReturnType<typeof startTestService>>;
  beforeAll(async () => {
    hour = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '' }, rateLimitWindowSeconds: 3600 });
  });
  afterAll(() => hour?.stop());
  const HOUR = '"default";q=600;w=3600';

  it('answers 429 rate_limited with Retry-After after exactly 600 requests, REST and GraphQL, for the workspace only', async () => {
    const a = await signUp(hour.url);
    const b = await signUp(hour.url);
    const { allowed, refusal } = await exhaust(a.client, 600);
    expect(allowed).toBe(600);
    expectLimited(refusal, HOUR);

    // Every key and session of the workspace shares the count, GraphQL too (in its own shape).
    const key = await a.client.post('/settings/api-keys', { name: 'more' });
    expectLimited(key, HOUR);
    const gql = await a.client.request('POST', '/graphql', { query: print(ops.CampaignsDocument) });
    expect(gql.status).toBe(429);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'rate_limited', details: { retry_after_seconds: expect.any(Number) } });
    expect(Number(gql.headers.get('retry-after'))).toBe(gql.body.errors[0].extensions.details.retry_after_seconds);
    const login = await a.client.withToken(null).post('/auth/login', { email: a.email, password: a.password });
    expect(login.status).toBe(200); // another count: the client address's
    expectLimited(await a.client.withToken(login.body.token).get('/settings'), HOUR);

    // Another workspace is untouched.
    expect(rateLimit(await b.client.get('/settings'), HOUR).r).toBe(599);
  }, 300_000);

  it('ends with the window: a new one opens with the whole limit', async () => {
    const short = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '5' }, rateLimitWindowSeconds: 2 });
    try {
      const { client } = await signUp(short.url);
      const { allowed, refusal } = await exhaust(client, 5);
      expect(allowed).toBe(5);
      const wait = Number(refusal.headers.get('retry-after'));
      expect(rateLimit(refusal, '"default";q=5;w=2')).toEqual({ r: 0, t: wait });
      await new Promise((r) => setTimeout(r, wait * 1000 + 100));
      const again = await client.get('/settings');
      expect(again.status).toBe(200);
      expect(rateLimit(again, '"default";q=5;w=2').r).toBe(4);
    } finally {
      await short.stop();
    }
  });

  it('RATE_LIMIT_PER_MINUTE=0 turns it off: no count, no headers', async () => {
    const off = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
    try {
      const { client } = await signUp(off.url);
      const res = await client.get('/settings');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit')).toBeNull();
    } finally {
      await off.stop();
    }
  });
});

describe('two processes on one database', () => {
  const POLICY_200 = '"default";q=200;w=60';
  let procs: ServiceProcess[] = [];

  beforeAll(async () => {
    // 200 a minute: few enough requests to stay within one window on a busy machine, enough for batches.
    const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: process.env.TEST_DATA_DIR!, SERVICE_ROLES: 'api', RATE_LIMIT_PER_MINUTE: '200' };
    procs = await Promise.all([startServiceProcess(env), startServiceProcess(env)]);
  }, 180_000);
  afterAll(() => Promise.all(procs.map((p) => killServiceProcess(p, 'SIGTERM'))));

  it('share one count: each sees the other’s requests, and together they let exactly the limit through', async () => {
    const { token } = await signUp(procs[0].url);
    const [one, two] = procs.map((p) => new Client(p.url, token));
    for (let i = 0; i < 5; i++) expect((await one.get('/settings')).status).toBe(200);
    // The other process counts those 5 (and maybe a few the first took ahead and has not spent yet).
    expect(rateLimit(await two.get('/settings'), POLICY_200).r).toBeLessThanOrEqual(200 - 5 - 1);

    // Alternating until both refuse: 200 in all, whichever process answered.
    let allowed = 6;
    const refused = new Set<number>();
    for (let i = 0; refused.size < 2 && i < 500; i++) {
      const which = i % 2;
      if (refused.has(which)) continue;
      const res = await [one, two][which].get('/settings');
      if (res.status === 200) allowed++;
      else {
        expectLimited(res, POLICY_200);
        refused.add(which);
      }
    }
    expect(refused.size).toBe(2);
    expect(allowed).toBe(200);
  }, 120_000);
});
