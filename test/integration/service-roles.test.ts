// decisions.md §13: SERVICE_ROLES and readiness. Services on a database of their own (their job runners
// must not take other files' campaigns), a campaign that may send at any hour, and the SMTP peer:
// - an `api` process runs no job and sends nothing; what its requests queue waits in the shared rows
//   until a `jobs` process runs it, and that process then sends;
// - a `jobs` process answers only health, readiness (and metrics): every API, GraphQL and MCP path is 404;
// - several processes starting at once on an empty database apply the migrations once, in turn;
// - readiness names its checks per role, turns 503 with the failing check when the database goes away
//   (a TCP proxy in front of it is cut) while /api/health stays 200, and 200 again when it returns.
import net from 'node:net';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '../../src/runtime/config';
import { PROVIDER_LOOKUP_JOB } from '../../src/modules/verification/provider-lookup.job';
import { signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { scrape, valueOf } from '../support/metrics';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';
import os from 'node:os';
import { killServiceProcess, startServiceProcess, waitUntil } from '../support/service-process';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

jest.setTimeout(120_000);

type Service = Awaited<ReturnType<typeof startTestService>>;

let db: OwnDatabase;
let sql: Client;
let peer: SmtpPeer;
const services: Service[] = [];

beforeAll(async () => {
  db = await createOwnDatabase();
  peer = await startSmtpPeer();
  sql = new Client({ connectionString: db.url });
});
afterAll(async () => {
  for (const s of services.splice(0)) await s.stop();
  await sql.end().catch(() => undefined);
  await peer.stop();
  await db.drop();
});

const start = async (roles: string, env: Record<string, string> = {}) => {
  const service = await startTestService({
    jobs: true,
    webhookJobs: true,
    env: { DATABASE_URL: db.url, SERVICE_ROLES: roles, ALLOW_PRIVATE_FETCH: 'true', SCHEDULER_TICK_SECONDS: '1', ...env },
  });
  services.push(service);
  return service;
};

const get = async (base: string, path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> | null }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('SERVICE_ROLES', () => {
  it('is api and jobs by default; a list of api and jobs otherwise; anything else is a configuration error', () => {
    expect([...loadConfig({}).roles].sort()).toEqual(['api', 'jobs']);
    expect([...loadConfig({ SERVICE_ROLES: 'jobs' }).roles]).toEqual(['jobs']);
    expect([...loadConfig({ SERVICE_ROLES: ' api , jobs ' }).roles].sort()).toEqual(['api', 'jobs']);
    for (const bad of ['web', 'api,worker', ',', 'API']) expect(() => loadConfig({ SERVICE_ROLES: bad })).toThrow(ConfigError);
  });

  it('an api process sends nothing and runs no job; a jobs process runs what it queued and sends', async () => {
    const api = await start('api');
    await sql.connect();
    const me = await signUp(api.url, { timezone: 'UTC' });
    const campaign = await createCampaign(api, me.workspaceId, { status: 'active', timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6, 7], windowStart: '00:00', windowEnd: '23:59' });
    await addStep(api, me.workspaceId, campaign.id);
    const inbox = await createInbox(api, me.workspaceId, {
      smtpHost: peer.host,
      smtpPort: peer.port,
      username: 'sender@example.com',
      password: 'smtp-secret',
      minGapMinutes: 0,
      gapJitterMinutes: 0,
    });
    await sql.query(`insert into campaign_inbox (campaign_id, inbox_id) values ($1, $2)`, [campaign.id, inbox.id]);
    await createLeads(api, me.workspaceId, campaign.id, [{ email: 'roles-lead@example.com' }]);
    // A run queued by the api process (as a request queues one) goes to the shared rows at once.
    await api.deps.jobs.enqueue(PROVIDER_LOOKUP_JOB, { workspaceId: me.workspaceId, campaignId: campaign.id });

    // Several scan and tick periods pass: a runner here would have scheduled the recurring jobs, run the
    // queued one and sent the email by now.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(peer.messages).toHaveLength(0);
    const rows = async () => (await sql.query<{ name: string; last_finished_at: Date | null; type: string }>(`select name, last_finished_at, type from agenda_jobs`)).rows;
    expect(await rows()).toEqual([expect.objectContaining({ name: PROVIDER_LOOKUP_JOB, last_finished_at: null })]);

    const jobs = await start('jobs');
    const ran = await waitUntil(rows, (r) => r.some((j) => j.name === PROVIDER_LOOKUP_JOB && j.last_finished_at !== null), 30_000);
    expect(ran.find((j) => j.name === PROVIDER_LOOKUP_JOB)?.last_finished_at).not.toBeNull();
    expect(ran.map((j) => j.name)).toEqual(expect.arrayContaining(['dispatch', 'poll-replies', 'heartbeat']));
    await waitUntil(
      async () => peer.messages.length,
      (n) => n > 0,
      30_000,
    );
    expect(peer.messages.map((m) => m.envelope.rcptTo)).toEqual([['roles-lead@example.com']]);

    // The api process answers the API; its readiness has no job runner to check.
    expect((await get(api.url, '/api/campaigns')).status).toBe(401);
    expect(await get(api.url, '/api/health/ready')).toEqual({ status: 200, body: { ok: true, checks: { database: { ok: true }, migrations: { ok: true } } } });
    // The jobs process answers only the probes (and metrics): every API and GraphQL path is a JSON 404.
    expect(await get(jobs.url, '/api/health')).toEqual({ status: 200, body: { ok: true } });
    expect(await get(jobs.url, '/api/health/ready')).toEqual({ status: 200, body: { ok: true, checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } } } });
    for (const path of ['/api/campaigns', '/api/auth/login', '/graphql', '/mcp', '/api/docs', '/api/openapi.json']) {
      const res = await get(jobs.url, path);
      expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 404, code: 'route_not_found' });
    }
    const post = await fetch(`${jobs.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    // Nor the MCP server (decisions.md §12).
    const mcp = await fetch(`${jobs.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(mcp.status).toBe(404);
    expect(jobs.apiRoutes).toEqual([]);

    // Metrics from both (loopback, no METRICS_TOKEN): the jobs process sent the email and ran the jobs;
    // the api process sent nothing and ran no job.
    const jobsMetrics = await scrape(jobs.url);
    expect(jobsMetrics.status).toBe(200);
    expect(valueOf(jobsMetrics, 'outreach_emails_total', { outcome: 'sent' })).toBe(1);
    expect(valueOf(jobsMetrics, 'outreach_job_runs_total', { job: PROVIDER_LOOKUP_JOB, outcome: 'completed' })).toBe(1);
    expect(valueOf(jobsMetrics, 'outreach_http_request_duration_seconds_count', { method: 'GET', route: '/api/health/ready', status: '200' })).toBe(1);
    const apiMetrics = await scrape(api.url);
    expect(apiMetrics.status).toBe(200);
    expect(valueOf(apiMetrics, 'outreach_emails_total', { outcome: 'sent' })).toBe(0);
    expect(valueOf(apiMetrics, 'outreach_dispatch_tick_duration_seconds_count')).toBe(0);
    expect(apiMetrics.samples.filter((s) => s.name === 'outreach_job_runs_total')).toEqual([]);
  });
});

describe('a process without the api role', () => {
  it('lowers its own CPU priority (src/main.ts), so that API processes on its host are served first', async () => {
    const jobs = await startServiceProcess({ DATABASE_URL: db.url, DATA_DIR: process.env.TEST_DATA_DIR!, SERVICE_ROLES: 'jobs' });
    try {
      expect(os.getPriority(jobs.pid)).toBe(os.constants.priority.PRIORITY_BELOW_NORMAL);
      expect(jobs.logs('jobs-only process: CPU priority lowered below the API processes')).toHaveLength(1);
    } finally {
      await killServiceProcess(jobs);
    }
  });
});

describe('several processes on one database', () => {
  it('start at once on an empty database: one applies the migrations while the others wait for it', async () => {
    const empty = await createOwnDatabase('empty');
    try {
      const all = await Promise.allSettled([0, 1, 2].map(() => startTestService({ env: { DATABASE_URL: empty.url } })));
      for (const s of all) if (s.status === 'fulfilled') await s.value.stop();
      expect(all.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    } finally {
      await empty.drop();
    }
  });
});

/** A TCP proxy in front of PostgreSQL that can be cut (every connection closed, new ones refused) and
 *  restored: the database "goes away" for the service and comes back. */
async function startCuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('GET /api/health/ready', () => {
  it('turns 503 naming the database when it goes away, while /api/health stays 200, and 200 when it returns', async () => {
    const proxy = await startCuttableProxy(new URL(db.url));
    const service = await start('api,jobs', { DATABASE_URL: proxy.url });
    try {
      expect(await get(service.url, '/api/health/ready')).toEqual({
        status: 200,
        body: { ok: true, checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } } },
      });

      proxy.cut();
      const down = await waitUntil(
        () => get(service.url, '/api/health/ready'),
        (r) => r.status === 503,
        20_000,
      );
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ ok: false, checks: { database: { ok: false } }, error: { code: 'not_ready', details: { failing: expect.arrayContaining(['database']) } } });
      expect(down.body!.checks.database.error).toEqual(expect.any(String));
      expect((await get(service.url, '/api/health')).status).toBe(200);

      proxy.restore();
      const up = await waitUntil(
        () => get(service.url, '/api/health/ready'),
        (r) => r.status === 200,
        40_000,
      );
      expect(up).toEqual({ status: 200, body: { ok: true, checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } } } });
    } finally {
      await service.stop();
      services.splice(services.indexOf(service), 1);
      await proxy.close();
    }
  });
});
