// decisions.md §11: only an email waits for the lead's own inbox. On the wall clock, with the real job
// runner ticking the dispatch job and an inbox made through the API with the gap every new inbox gets
// (api.md Inbox: 9 minutes, 5 of jitter): email → LinkedIn task (wait 0) → email. The task opens within a
// tick or two of the first email, while the inbox's gap after that email is still running; before, it
// waited out the whole gap. The runner gets a database of its own (support/own-database.ts), so its
// dispatch job ticks this file's campaign only.
import { randomUUID } from 'node:crypto';
import * as ops from '../graphql/generated';
import { signUp } from '../support/client';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';
import { DEFAULT_SMTP_USERS, startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

let db: OwnDatabase;
let peer: SmtpPeer;
let service: Awaited<ReturnType<typeof startTestService>>;
beforeAll(async () => {
  db = await createOwnDatabase();
  peer = await startSmtpPeer();
  // A 5-second tick (the job runner's scan is 5 s at most; a shorter tick would not be honoured).
  service = await startTestService({ jobs: true, env: { DATABASE_URL: db.url, SCHEDULER_TICK_SECONDS: '5', ALLOW_PRIVATE_FETCH: 'true' } });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await peer?.stop();
  await db?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for `probe` to give a value, looking every half second; null after `ms`. */
async function within<T>(ms: number, probe: () => Promise<T | null | undefined>): Promise<T | null> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v) return v;
    await sleep(500);
  }
  return null;
}

it("opens a task step right after the email before it, long before the inbox's gap after that email ends", async () => {
  const me = await signUp(service.url, { timezone: 'UTC' });
  const api = me.client;
  const [user, password] = Object.entries(DEFAULT_SMTP_USERS)[0]!;
  const inbox = await api.post('/mailboxes', {
    email: user,
    from_name: 'Sam',
    smtp_host: peer.host,
    smtp_port: peer.port,
    smtp_secure: false,
    imap_host: '127.0.0.1',
    imap_port: 993,
    username: user,
    password,
    daily_cap: 30,
  });
  expect(inbox.status).toBe(200);
  expect(inbox.body).toMatchObject({ minGapMinutes: 9, gapJitterMinutes: 5 });
  const campaign = (await api.post('/campaigns', { name: 'Email, task, email' })).body;
  const allDay = { timezone: 'UTC', windows: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '24:00' }], mailbox_ids: [inbox.body.id] };
  expect((await api.patch(`/campaigns/${campaign.id}`, allDay)).status).toBe(200);
  const steps = await api.put(`/campaigns/${campaign.id}/steps`, [
    { position: 1, wait_minutes: 0, variants: [{ subject: 'Hello {{first_name}}', body: 'Hi {{first_name}}.' }] },
    { position: 2, wait_minutes: 0, task: { kind: 'linkedin_connect', text: 'Connect with {{first_name}}' }, variants: [] },
    { position: 3, wait_minutes: 1440, variants: [{ subject: '', body: 'Bumping this.' }] },
  ]);
  expect(steps.status).toBe(200);
  const email = `ada-${randomUUID().slice(0, 8)}@client.test`;
  expect((await api.post(`/campaigns/${campaign.id}/leads/manual`, { leads: [{ email, vars: { first_name: 'Ada' } }] })).body).toMatchObject({ inserted: 1 });
  expect((await api.post(`/campaigns/${campaign.id}/activate`)).status).toBe(200);

  const sql = (query: string, params: unknown[]) => service.deps.orm.em.fork().getConnection().execute(query, params);
  await peer.waitForMessages(1, 30_000);
  // Recorded once its batch is (record-sent.ts), with the inbox's gap after it: at least its 9 minutes.
  const sent = await within(10_000, async () => (await sql(`select sent_at from send where campaign_id = ? and status = 'sent'`, [campaign.id]))[0]);
  const [{ next_free_at: gapEnds }] = await sql(`select next_free_at from inbox where id = ?`, [inbox.body.id]);
  expect(new Date(gapEnds).getTime()).toBeGreaterThanOrEqual(new Date(sent!.sent_at).getTime() + 9 * 60_000);

  // Well inside the gap (a minute of the nine), the task is open and listed.
  const task = await within(60_000, async () => ((await api.get('/tasks')).body as { id: string; step_position: number; text: string }[])[0]);
  expect(Date.now()).toBeLessThan(new Date(gapEnds).getTime());
  expect(task).toMatchObject({ step_position: 2, text: 'Connect with Ada' });
  const gql = await api.gql(ops.TasksDocument, {});
  expect(gql.data!.tasks.map((t) => t.id)).toEqual([task!.id]);
  // Nothing else went: the next email waits for the task and a day.
  expect(peer.messages).toHaveLength(1);
}, 120_000);
