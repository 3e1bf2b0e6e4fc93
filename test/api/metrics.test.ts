// decisions.md §13 GET /metrics: the Prometheus text format from this process's own registry; with
// METRICS_TOKEN set, only with that bearer token; unset, only from loopback (the socket's address, so an
// X-Forwarded-For header changes nothing: test/unit/metrics-access.test.ts has the refusals a loopback
// test cannot reach). HTTP requests are counted by route pattern, never by path.
import { randomUUID } from 'node:crypto';
import { Client, expectError, signUp, type Account } from '../support/client';
import { scrape, valueOf } from '../support/metrics';
import { startTestService } from '../support/service';

const TOKEN = `metrics-${randomUUID()}`;

describe('without METRICS_TOKEN', () => {
  let service: Awaited<ReturnType<typeof startTestService>>;
  let me: Account;
  beforeAll(async () => {
    service = await startTestService();
    me = await signUp(service.url);
  });
  afterAll(() => service.stop());

  it('answers loopback in the Prometheus text format, whatever X-Forwarded-For says', async () => {
    const res = await fetch(`${service.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const s = await scrape(service.url);
    // Node's own series, collected into the service's registry: event-loop lag and the process.
    expect(s.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(s.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(s.types.get('outreach_http_request_duration_seconds')).toBe('histogram');
    for (const name of ['outreach_emails_total', 'outreach_imap_polls_total', 'outreach_reply_items_total', 'outreach_webhook_deliveries_total', 'outreach_job_runs_total'])
      expect(s.types.get(name)).toBe('counter');
    expect(s.types.get('outreach_dispatch_tick_duration_seconds')).toBe('histogram');
    for (const name of ['outreach_sends_queued', 'outreach_imap_oldest_unpolled_lag_seconds', 'outreach_webhook_backlog', 'outreach_db_pool_in_use', 'outreach_db_pool_waiting'])
      expect(s.types.get(name)).toBe('gauge');
    // Each outcome's series is there from the start, at zero.
    for (const outcome of ['sent', 'bounced', 'deferred', 'failed', 'auth_refused', 'dropped', 'interrupted', 'answer_refused'])
      expect(valueOf(s, 'outreach_emails_total', { outcome })).toBe(0);
    for (const kind of ['reply', 'auto_reply', 'bounce']) expect(valueOf(s, 'outreach_reply_items_total', { kind })).toBe(0);
    // The shared state was read, and the ORM's pool is reported.
    expect(valueOf(s, 'outreach_state_read_ok')).toBe(1);
    expect(valueOf(s, 'outreach_sends_queued', { state: 'due' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(s, 'outreach_db_pool_in_use', { pool: 'orm' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(s, 'outreach_db_pool_waiting', { pool: 'orm' })).toBeGreaterThanOrEqual(0);
  });

  it('counts requests under their route pattern and status, never their path', async () => {
    const id = randomUUID();
    const campaign = await me.client.post('/campaigns', { name: `Metrics ${randomUUID()}` });
    expect(campaign.status).toBe(200);
    const before = await scrape(service.url);
    const count = (s: typeof before, labels: Record<string, string>) => valueOf(s, 'outreach_http_request_duration_seconds_count', labels) ?? 0;

    expectError(await me.client.get(`/campaigns/${id}`), 404, 'not_found');
    expect((await me.client.get(`/campaigns/${campaign.body.id}`)).status).toBe(200);
    expect((await me.client.get(`/campaigns/${campaign.body.id}`)).status).toBe(200);
    expectError(await me.client.request('GET', `/no-such-page/${id}`), 404, 'route_not_found');
    expectError(await me.client.request('POST', '/api/campaigns', '{"name":', { 'content-type': 'application/json' }), 400, 'invalid_json');
    expect((await me.client.request('POST', '/graphql', { query: '{ __typename }' })).status).toBe(200);
    expect((await me.client.request('GET', '/API/campaigns')).status).toBe(200);

    const after = await scrape(service.url);
    const route = '/api/campaigns/:id';
    expect(count(after, { method: 'GET', route, status: '404' }) - count(before, { method: 'GET', route, status: '404' })).toBe(1);
    expect(count(after, { method: 'GET', route, status: '200' }) - count(before, { method: 'GET', route, status: '200' })).toBe(2);
    expect(count(after, { method: 'GET', route: 'unmatched', status: '404' }) - count(before, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    // Refused before any route: under the mount path it reached.
    expect(count(after, { method: 'POST', route: '/api', status: '400' }) - count(before, { method: 'POST', route: '/api', status: '400' })).toBe(1);
    expect(count(after, { method: 'POST', route: '/graphql', status: '200' }) - count(before, { method: 'POST', route: '/graphql', status: '200' })).toBe(1);
    // Express matches paths without case; the label is the pattern.
    expect(count(after, { method: 'GET', route: '/api/campaigns', status: '200' }) - count(before, { method: 'GET', route: '/api/campaigns', status: '200' })).toBe(1);
    // Each request is one observation of its duration, in the buckets too.
    const observed = (s: typeof before, labels: Record<string, string>) => valueOf(s, 'outreach_http_request_duration_seconds_bucket', labels) ?? 0;
    const inf = { method: 'GET', route, status: '200', le: '+Inf' };
    expect(observed(after, inf) - observed(before, inf)).toBe(2);
    expect(valueOf(after, 'outreach_http_request_duration_seconds_sum', { method: 'GET', route, status: '200' })).toBeGreaterThan(0);
    // No id, path or address in any label.
    for (const sample of after.samples.filter((x) => x.name.startsWith('outreach_')))
      for (const value of Object.values(sample.labels)) expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|no-such-page|@/i);
    expect(after.text).not.toContain(id);
    expect(after.text).not.toContain(campaign.body.id);
  });
});

describe('with METRICS_TOKEN', () => {
  let service: Awaited<ReturnType<typeof startTestService>>;
  beforeAll(async () => {
    service = await startTestService({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => service.stop());

  it('asks for the token, from loopback too, with the error body', async () => {
    const anon = new Client(service.url);
    expectError(await anon.request('GET', '/metrics'), 401, 'metrics_token_required');
    expectError(await anon.request('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}x` }), 401, 'metrics_token_required');
    expectError(await anon.request('GET', '/metrics', undefined, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }), 401, 'metrics_token_required');
    // A session token of the API is not the metrics token.
    const me = await signUp(service.url);
    expectError(await me.client.request('GET', '/metrics'), 401, 'metrics_token_required');

    const s = await scrape(service.url, TOKEN);
    expect(s.status).toBe(200);
    expect(s.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    // The refusals were counted like any request.
    expect(valueOf(s, 'outreach_http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status: '401' })).toBe(4);
  });
});
