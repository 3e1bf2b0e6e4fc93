// The verification jobs under the real job runner (Agenda on PostgreSQL), on a database of their own
// (own-database.ts: a runner on the shared one would take other files' jobs): leads held `pending` by a
// service that stopped before checking them are checked by the next service's sweep, which re-reads them
// from the database; an import's provider look-up runs as a queued job.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, signUp } from '../support/client';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';

const KEY = 'nb_restart_key';
let db: OwnDatabase;
let dns: RunningDnsServer;
let verifier: http.Server;
let env: Record<string, string>;
const checked: string[] = [];

beforeAll(async () => {
  db = await createOwnDatabase();
  dns = await startDnsServer({ 'hosted.test': { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] } });
  verifier = http.createServer((req, res) => {
    const email = new URL(req.url!, 'http://verifier.test').searchParams.get('email') ?? '';
    checked.push(email);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', result: email.split('@')[0] }));
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  env = {
    DATABASE_URL: db.url,
    DNS_SERVERS: dns.server,
    ALLOW_PRIVATE_FETCH: 'true',
    VERIFIER_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}`,
  };
});
afterAll(async () => {
  await dns?.stop();
  verifier?.closeAllConnections();
  await new Promise<void>((resolve) => verifier?.close(() => resolve()));
  await db?.drop();
});

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('checks, after a restart, the leads a stopped service left pending, and looks up providers after an import', async () => {
  // First service: no job runner. The leads are held pending; the queued run never happens.
  const first = await startTestService({ env });
  let campaignId: string;
  let token: string;
  try {
    const me = await signUp(first.url);
    token = me.token;
    expect((await me.client.put('/settings/verification-key', { key: KEY })).status).toBe(200);
    campaignId = (await me.client.post('/campaigns', { name: 'Restart' })).body.id;
    await me.client.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email: 'valid@hosted.test' }, { email: 'catchall@hosted.test' }] });
    expect((await me.client.post(`/campaigns/${campaignId}/verify-addresses`)).body).toEqual({ marked: 2 });
  } finally {
    await first.stop();
  }
  expect(checked).toEqual([]);

  // Second service, with the runner: the sweep runs at start and re-reads the pending leads.
  const second = await startTestService({ env, jobs: true });
  try {
    const client = new Client(second.url, token!);
    const counts = await until(
      async () => (await client.get(`/campaigns/${campaignId!}/verification`)).body,
      (b) => b.pending === 0,
    );
    expect(counts).toMatchObject({ pending: 0, valid: 1, risky: 1, skipped_risky: 1, skipped_catch_all: 1 });
    expect(checked.sort()).toEqual(['catchall@hosted.test', 'valid@hosted.test']);

    // An import queues the provider look-up; the runner runs it.
    await client.post(`/campaigns/${campaignId!}/leads/manual`, { leads: [{ email: 'new@hosted.test' }] });
    const leads = await until(
      async () => (await client.get(`/campaigns/${campaignId!}/leads?provider=provider_a`)).headers.get('x-total-count'),
      (n) => n === '3',
    );
    expect(leads).toBe('3');
  } finally {
    await second.stop();
  }
});
