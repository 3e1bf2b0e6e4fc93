// Placement tests across processes (decisions.md §16, src/modules/placement/README.md "After a crash" and
// "Schedule"): the service as `npm start` runs it (src/main.ts with its job runner), on a database of its
// own, with the real SMTP peer delivering into Dovecot seeds.
// - Killed (SIGKILL) in the middle of sending a test, and started again: the test is finished, not lost,
//   and no copy is sent twice.
// - Two processes running the schedule: a due slot makes one test, and a restart does not make another.
import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { startScheduledTests } from '../../src/modules/placement/placement.job';
import { INTERRUPTED_DETAIL } from '../../src/modules/placement/run.queries';
import { latestSlot } from '../../src/modules/placement/schedule';
import { Client, signUp, type Account } from '../support/client';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { seedDelivery, type SeedDelivery } from '../support/seed-delivery';
import { startTestService } from '../support/service';
import { killServiceProcess, startServiceProcess, waitUntil, type ServiceProcess } from '../support/service-process';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

jest.setTimeout(400_000);

const SEEDS = Array.from({ length: 8 }, (_, i) => `pseed${i}-${randomUUID().slice(0, 6)}@seeds.test`);
const PASSWORD = 'seed-secret';
let db: OwnDatabase;
let sql: Pg;
let service: Awaited<ReturnType<typeof startTestService>>;
let smtp: SmtpPeer;
let imap: ImapPeer;
let delivery: SeedDelivery;
const procs: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createOwnDatabase();
  // An in-process service on the same database (no jobs): it applies the migrations and serves the API
  // calls and factories of the test.
  service = await startTestService({ env: { DATABASE_URL: db.url, ALLOW_PRIVATE_FETCH: 'true' } });
  sql = new Pg({ connectionString: db.url });
  await sql.connect();
  smtp = await startSmtpPeer({ users: { 'sender@example.com': 'smtp-secret' } });
  imap = await startImapPeer({ users: Object.fromEntries(SEEDS.map((s) => [s, PASSWORD])) });
  delivery = seedDelivery(imap, () => ({ folder: 'INBOX' }));
  smtp.behaviour.deliver = (m) => delivery.deliver(m);
});

afterAll(async () => {
  for (const p of procs.splice(0)) await killServiceProcess(p);
  await delivery?.close();
  await imap?.stop();
  await smtp?.stop();
  await sql?.end();
  await service?.stop();
  await db?.drop();
});

const startProcess = async () => {
  const p = await startServiceProcess({ DATABASE_URL: db.url, DATA_DIR: process.env.TEST_DATA_DIR!, ALLOW_PRIVATE_FETCH: 'true', JOB_LEASE_SECONDS: '6', LOG_LEVEL: 'warn' });
  procs.push(p);
  return p;
};
const kill = async (p: ServiceProcess) => {
  await killServiceProcess(p);
  procs.splice(procs.indexOf(p), 1);
};

let nextSeed = 0;
/** A workspace with `senders` sending inboxes (through the SMTP peer) and `seeds` Dovecot seeds. */
async function workspace(senders: number, seeds: number): Promise<Account> {
  const me = await signUp(service.url, { timezone: 'UTC' });
  for (let i = 0; i < senders; i++) {
    await createInbox(service, me.workspaceId, {
      email: `s${i}-${randomUUID().slice(0, 6)}@acme.test`,
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      username: 'sender@example.com',
      password: 'smtp-secret',
    });
  }
  for (let i = 0; i < seeds; i++) {
    const email = SEEDS[nextSeed++]!;
    await createInbox(service, me.workspaceId, { email, purpose: 'seed', seedProvider: 'other', imapHost: imap.host, imapPort: imap.port, username: email, password: PASSWORD });
  }
  return me;
}
/** Makes the recurring schedule job due now: the processes' next scan runs it (within seconds). */
const runScheduleNow = () => sql.query(`update agenda_jobs set next_run_at = now() where name = 'placement-schedule' and type = 'single'`);
const messageIds = () => smtp.messages.map((m) => /^Message-ID: (\S+)/m.exec(m.raw)?.[1]);

it('a test whose process is killed mid-send is finished by the next one: nothing lost, nothing sent twice', async () => {
  const me = await workspace(2, 4);
  // Every SMTP step takes a while: the kill lands while copies are still to go.
  smtp.behaviour.delayMs = 300;
  const a = await startProcess();
  const started = await new Client(a.url, me.token).post('/placement-tests', { subject: 'Hi', body: 'Hello' });
  expect(started.status).toBe(202);
  const testId = started.body.id as string;
  await waitUntil(
    async () => smtp.messages.length,
    (n) => n >= 2,
    60_000,
  );
  await kill(a);
  const before = smtp.messages.length;
  const [left] = (await sql.query(`select count(*)::int as n from placement_copy where test_id = $1 and status in ('queued', 'sending')`, [testId])).rows;
  expect(left.n).toBeGreaterThan(0);
  // A copy that was on the wire when the process died never arrives: it ends missing at the deadline,
  // which is brought near so the test ends in seconds.
  await sql.query(`update placement_test set deadline_at = now() + interval '25 seconds' where id = $1`, [testId]);
  smtp.behaviour.delayMs = 0;

  const b = await startProcess();
  const done = await waitUntil(
    async () => (await sql.query(`select status from placement_test where id = $1`, [testId])).rows[0].status,
    (s) => s === 'done',
    150_000,
  );
  expect(done).toBe('done');
  await kill(b);

  const ids = messageIds();
  expect(ids.length).toBe(new Set(ids).size); // no copy twice
  expect(smtp.messages.length).toBeGreaterThan(before); // the second process sent the rest
  const copies = (await sql.query(`select message_id, status, placement, detail from placement_copy where test_id = $1`, [testId])).rows;
  expect(copies).toHaveLength(8);
  for (const c of copies) {
    if (ids.includes(c.message_id)) expect(c).toMatchObject({ status: 'sent', placement: 'inbox' });
    else expect(c).toMatchObject({ status: 'sent', placement: 'missing', detail: INTERRUPTED_DETAIL });
  }
  // At most one copy per sender was on the wire at the kill.
  expect(copies.filter((c) => c.placement === 'missing').length).toBeLessThanOrEqual(2);
  const [event] = (await sql.query(`select payload from event where kind = 'placement_test_completed' and payload->>'test_id' = $1`, [testId])).rows;
  expect(event.payload.summary.sent).toBe(8);
});

it('two processes running the schedule start a due slot once; a restart starts no second test', async () => {
  const withCampaign = await workspace(1, 1);
  const plain = await workspace(1, 1);
  const campaign = await createCampaign(service, withCampaign.workspaceId, { ...SENDS_ANY_HOUR, status: 'active' });
  await addStep(service, withCampaign.workspaceId, campaign.id, { variants: [{ subject: 'Scheduled hello', body: 'Hi', enabled: true }] });
  // Daily since two days ago: today's (or yesterday's) 06:00 UTC is due, and no process ran it.
  await sql.query(`update workspace set placement_schedule = 'daily', placement_schedule_set_at = now() - interval '2 days' where id = any($1)`, [
    [withCampaign.workspaceId, plain.workspaceId],
  ]);
  const slot = latestSlot('daily', 'UTC', new Date())!;

  const [a, b] = await Promise.all([startProcess(), startProcess()]);
  // Due now: the first test's processes left its next run up to a minute away.
  await runScheduleNow();
  const tests = async () =>
    (
      await sql.query(`select workspace_id, scheduled_for, campaign_id, step, subject from placement_test where workspace_id = any($1) order by workspace_id`, [
        [withCampaign.workspaceId, plain.workspaceId],
      ])
    ).rows;
  await waitUntil(tests, (rows) => rows.length >= 2, 120_000);
  // Both processes have run the schedule by now (it runs every minute, on whichever process is free).
  // Due again at once, so the test waits for a run rather than for the minute.
  const since = Date.now();
  await runScheduleNow();
  await waitUntil(
    async () => (await sql.query(`select last_finished_at from agenda_jobs where name = 'placement-schedule'`)).rows[0]?.last_finished_at,
    (at) => at && new Date(at).getTime() > since,
    90_000,
  );
  // And two schedulers at once in one process: the slot's unique test and the start lock hold.
  expect(await Promise.all([startScheduledTests(service.deps), startScheduledTests(service.deps)])).toEqual([[], []]);
  await Promise.all([kill(a), kill(b)]);
  const c = await startProcess();
  const again = Date.now();
  await runScheduleNow();
  await waitUntil(
    async () => (await sql.query(`select last_finished_at from agenda_jobs where name = 'placement-schedule'`)).rows[0]?.last_finished_at,
    (at) => at && new Date(at).getTime() > again,
    90_000,
  );
  await kill(c);

  const rows = await tests();
  expect(rows).toHaveLength(2);
  const byWorkspace = new Map(rows.map((r) => [r.workspace_id, r]));
  expect(byWorkspace.get(withCampaign.workspaceId)).toMatchObject({ scheduled_for: slot, campaign_id: campaign.id, step: 1, subject: 'Scheduled hello' });
  expect(byWorkspace.get(plain.workspaceId)).toMatchObject({ scheduled_for: slot, campaign_id: null, subject: 'Quick question about next week' });
});
