// Column runs through the real job runner (Agenda on PostgreSQL, a database of its own as in
// jobs.test.ts): POST /blocks/:id/run queues the column-run job, which fills the column and ends the run;
// a service stopped mid-run leaves the rest queued, and the next start goes on where it stopped (the
// resume sweep), asking the model only for what was left. Like jobs.test.ts, Agenda 6.2.6 keeps this
// file alive after it ends (a liveness timer it never clears).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Client, signUp, type Account } from '../support/client';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';

let peer: http.Server;
let env: Record<string, string>;
let db: OwnDatabase;
const calls: string[] = [];
let delayMs = 0;

beforeAll(async () => {
  peer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { role: string; content: string }[] };
      const prompt = body.messages.find((m) => m.role === 'user')!.content;
      calls.push(prompt);
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: `Hello ${prompt}` } }] })), delayMs);
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  db = await createOwnDatabase();
  env = { DATABASE_URL: db.url, ALLOW_PRIVATE_FETCH: 'true', LLM_BASE_URL: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1` };
});
afterAll(async () => {
  await new Promise<void>((resolve) => peer.close(() => resolve()));
  await db?.drop();
});

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function promptColumn(me: Account, leads: number) {
  const { id } = (await me.client.post('/campaigns', { name: 'Run' })).body;
  await me.client.post(`/campaigns/${id}/leads/manual`, {
    leads: Array.from({ length: leads }, (_, i) => ({ email: `l${i}-${randomUUID().slice(0, 6)}@example.com`, vars: { company: `C${i}` } })),
  });
  const block = (await me.client.post(`/campaigns/${id}/blocks`, { name: 'opener', kind: 'prompt', template: 'an opener for {{company}}' })).body;
  return { campaignId: id as string, blockId: block.id as string };
}

it('runs a column as an Agenda job: run_left counts down to 0 and the values land on the leads', async () => {
  const service = await startTestService({ jobs: true, env });
  try {
    const me = await signUp(service.url);
    const { campaignId, blockId } = await promptColumn(me, 6);
    calls.length = 0;
    expect((await me.client.post(`/blocks/${blockId}/run`, {})).body).toEqual({ running: true, run_total: 6 });
    const [col] = await waitFor(
      async () => (await me.client.get(`/campaigns/${campaignId}/blocks`)).body,
      (b) => b[0].running === false,
    );
    expect(col).toMatchObject({ running: false, run_total: 6, run_left: 0, done: 6, run_note: null });
    expect(calls).toHaveLength(6);
    const leads = (await me.client.get(`/campaigns/${campaignId}/leads?limit=100`)).body as { vars: Record<string, string> }[];
    expect(leads.map((l) => l.vars.opener).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `Hello an opener for C${i}`));
  } finally {
    await service.stop();
  }
}, 60_000);

it('goes on where it stopped after the service stops mid-run, asking only for what was left', async () => {
  delayMs = 150;
  const first = await startTestService({ jobs: true, env });
  let me: Account;
  let ids: { campaignId: string; blockId: string };
  try {
    me = await signUp(first.url);
    ids = await promptColumn(me, 24);
    calls.length = 0;
    await me.client.post(`/blocks/${ids.blockId}/run`, {});
    // Some cells filled, most still waiting: stop the service (SIGTERM's path: jobs drain first).
    await waitFor(
      async () => calls.length,
      (n) => n >= 4,
    );
  } finally {
    await first.stop();
  }
  const asked = calls.length;
  expect(asked).toBeLessThan(24);

  const second = await startTestService({ jobs: true, env });
  try {
    const again = new Client(second.url, me.token);
    const [col] = await waitFor(
      async () => (await again.get(`/campaigns/${ids.campaignId}/blocks`)).body,
      (b) => b[0].running === false,
    );
    expect(col).toMatchObject({ running: false, run_total: 24, run_left: 0, done: 24 });
    // Each lead asked once (none twice: the stop let the in-flight answers land before draining).
    expect(calls).toHaveLength(24);
    expect(new Set(calls).size).toBe(24);
  } finally {
    await second.stop();
    delayMs = 0;
  }
}, 90_000);
