// decisions.md §13: the metrics move when mail is sent, polled and delivered, and when jobs run; the
// shared-state gauges reflect the rows. Real peers: the SMTP peer, Dovecot, a webhook receiver, the job
// runner. The file has a database of its own, so the gauges (which count every workspace) see only its rows.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { AppModule } from '../../src/runtime/app-module';
import { STATE_TTL_MS } from '../../src/observability/metrics/state.series';
import { appModules } from '../../src/modules';
import { pollAllInboxes } from '../../src/modules/replies/poll.job';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { dsnBounce, outOfOffice, personReply } from '../support/inbound-mail';
import { scrape, valueOf, type Scrape } from '../support/metrics';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';
import { DAY, dovecotPeer, IMAP_PASSWORD, MINUTE, sendingWorld } from '../support/sending-world';
import { startWebhookReceiver } from '../support/webhook-receiver';

let own: OwnDatabase;
const env: Record<string, string> = {};
// Registered before sendingWorld's hooks, which read `env` when they start the service.
beforeAll(async () => {
  own = await createOwnDatabase();
  env.DATABASE_URL = own.url;
});
const world = sendingWorld({ env });
const dovecot = dovecotPeer(world, { mailboxes: 6, prefix: 'metrics' });
afterAll(() => own?.drop());

const { clock, db } = world;
const metrics = () => scrape(world.service.url);
/** The change of a series between two scrapes (absent counts as 0). */
const moved = (before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}) => (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
/** A scrape after the gauges' cache has run out (its TTL is on the service clock), so they are read from
 *  the database again. */
async function freshScrape(): Promise<Scrape> {
  clock.advance(STATE_TTL_MS);
  return metrics();
}

/** An active campaign sending at any hour from a Dovecot inbox, with leads at these addresses. */
async function campaignWith(emails: string[]) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, {
    ...SENDS_ANY_HOUR,
    dailyLimit: 100,
  });
  await addStep(world.service, world.me.workspaceId, campaign.id, {});
  await addStep(world.service, world.me.workspaceId, campaign.id, { waitMinutes: 2 * 1440 });
  const inbox = await dovecot.imapInbox([campaign.id]);
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    emails.map((email) => ({ email, createdAt: new Date(clock.now().getTime() - DAY) })),
  );
  return { campaign, inbox, leads };
}

/** Ticks a minute apart (one email per inbox per tick) until no send of the campaign is due; how many. */
async function tickUntilDone(campaignId: string, leads: number): Promise<number> {
  let ticks = 0;
  for (; ticks < leads + 2; ticks++) {
    const [row] = await db(`select count(*)::int as n from send where campaign_id = ? and attempts > 0`, [campaignId]);
    if (row.n === leads) return ticks;
    await world.tick();
    clock.advance(MINUTE);
  }
  throw new Error('the first emails were not all tried');
}

const sendCounts = async () =>
  (
    await db(`select count(*) filter (where scheduled_for <= ?)::int as due, count(*) filter (where scheduled_for > ?)::int as waiting from send where status = 'queued'`, [
      clock.now(),
      clock.now(),
    ])
  )[0] as { due: number; waiting: number };

it('counts emails by outcome and dispatch ticks, and the queue gauges follow the rows', async () => {
  const tag = randomUUID().slice(0, 6);
  const [ok, refused, later] = [`ok-${tag}@client.test`, `refused-${tag}@client.test`, `later-${tag}@client.test`];
  world.peer.behaviour = {
    rcpt: (address) => (address === refused ? { code: 550, message: '5.1.1 No such user' } : address === later ? { code: 451, message: '4.7.1 Try again later' } : undefined),
  };
  const { campaign } = await campaignWith([ok, refused, later]);
  const before = await metrics();

  const ticks = await tickUntilDone(campaign.id, 3);
  await world.peer.waitForMessages(1);

  const after = await freshScrape();
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'sent' })).toBe(1);
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'bounced' })).toBe(1);
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'deferred' })).toBe(1);
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'failed' })).toBe(0);
  expect(moved(before, after, 'outreach_dispatch_tick_duration_seconds_count')).toBe(ticks);
  // The deferred email waits for its retry (5 minutes): queued, not due yet.
  expect(await sendCounts()).toEqual({ due: 0, waiting: 1 });
  expect(valueOf(after, 'outreach_sends_queued', { state: 'due' })).toBe(0);
  expect(valueOf(after, 'outreach_sends_queued', { state: 'waiting' })).toBe(1);
  expect(valueOf(after, 'outreach_sends_in_flight')).toBe(0);

  // Its time comes: the gauge reads it as due.
  clock.advance(5 * MINUTE);
  const due = await freshScrape();
  expect(await sendCounts()).toEqual({ due: 1, waiting: 0 });
  expect(valueOf(due, 'outreach_sends_queued', { state: 'due' })).toBe(1);
  expect(valueOf(due, 'outreach_sends_queued', { state: 'waiting' })).toBe(0);
  world.peer.behaviour = {};
});

it('counts polls by outcome and reply items by kind, and the lag gauge counts from the last good poll', async () => {
  const tag = randomUUID().slice(0, 6);
  const emails = [`ann-${tag}@client.test`, `bob-${tag}@client.test`, `cy-${tag}@client.test`];
  const { campaign, inbox, leads } = await campaignWith(emails);
  await tickUntilDone(campaign.id, 3);
  const messageId = async (leadId: string) => (await db(`select message_id from send where lead_id = ?`, [leadId]))[0].message_id as string;
  const append = (raw: string) => dovecot.imap.appendMessage(inbox.email, raw, { date: clock.now() });
  await append(personReply({ from: leads[0]!.email, to: inbox.email, inReplyTo: await messageId(leads[0]!.id) }));
  await append(outOfOffice({ from: leads[1]!.email, to: inbox.email, inReplyTo: await messageId(leads[1]!.id) }));
  await append(dsnBounce({ to: inbox.email, recipient: leads[2]!.email, returnedId: await messageId(leads[2]!.id) }));

  // An inbox whose IMAP server is down: its poll fails.
  const closed = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const down = await createInbox(world.service, world.me.workspaceId, { imapHost: '127.0.0.1', imapPort: closed, password: IMAP_PASSWORD });

  const before = await metrics();
  await pollInbox(world.service.deps, down.id);
  // Out of the way of the lag below, which counts from the inbox polled longest ago.
  await db(`update inbox set deleted_at = now() where id = ?`, [down.id]);
  const polledAt = clock.now();
  const totals = await pollAllInboxes(world.service.deps);
  expect(totals.items).toBe(3);

  const after = await metrics();
  // Every inbox of the file's database: this test's and the first test's.
  expect(moved(before, after, 'outreach_imap_polls_total', { outcome: 'ok' })).toBe(totals.inboxes);
  expect(totals.inboxes).toBe(2);
  expect(moved(before, after, 'outreach_imap_polls_total', { outcome: 'failed' })).toBe(1);
  expect(moved(before, after, 'outreach_reply_items_total', { kind: 'reply' })).toBe(1);
  expect(moved(before, after, 'outreach_reply_items_total', { kind: 'auto_reply' })).toBe(1);
  expect(moved(before, after, 'outreach_reply_items_total', { kind: 'bounce' })).toBe(1);

  // Read again: the same messages make no new items, and count none.
  await pollAllInboxes(world.service.deps);
  const again = await metrics();
  expect(moved(after, again, 'outreach_reply_items_total', { kind: 'reply' })).toBe(0);
  expect(moved(after, again, 'outreach_imap_polls_total', { outcome: 'ok' })).toBe(2);

  // Every inbox was read at `polledAt` or later; ten minutes on, the oldest lags by ten minutes at most.
  const [row] = await db(`select min(polled_at) as at from inbox where deleted_at is null`);
  expect(new Date(row.at).getTime()).toBeGreaterThanOrEqual(polledAt.getTime());
  // Ten minutes on the clock are far past the gauges' cache: this scrape reads them again.
  clock.at = new Date(new Date(row.at).getTime() + 10 * MINUTE);
  const lag = await metrics();
  expect(valueOf(lag, 'outreach_imap_oldest_unpolled_lag_seconds')).toBe(600);
});

it('counts the other outcomes: failed on the last try, dropped, interrupted, auth refused; answers sent at once', async () => {
  const tag = randomUUID().slice(0, 6);
  const [last, blocked, stuck] = [`last-${tag}@client.test`, `blocked-${tag}@client.test`, `stuck-${tag}@client.test`];
  world.peer.behaviour = { rcpt: () => ({ code: 451, message: '4.7.1 Try again later' }) };
  const { campaign, leads } = await campaignWith([last, blocked, stuck]);
  await tickUntilDone(campaign.id, 3);
  const sendOf = async (email: string) => (await db(`select id from send where lead_id = ?`, [leads.find((l) => l.email === email)!.id]))[0].id as string;
  // One deferral short of giving up; blocklisted since it was queued; left in `sending` by a dead process.
  await db(`update send set attempts = 5 where id = ?`, [await sendOf(last)]);
  expect((await world.me.client.post('/blocklist', { emails: [blocked] })).status).toBeLessThan(300);
  await db(`update send set status = 'sending', claimed_at = ? where id = ?`, [new Date(clock.now().getTime() - 11 * MINUTE), await sendOf(stuck)]);
  clock.advance(6 * MINUTE);

  const before = await metrics();
  await world.tick();
  const after = await metrics();
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'failed' })).toBe(1);
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'dropped' })).toBe(1);
  expect(moved(before, after, 'outreach_emails_total', { outcome: 'interrupted' })).toBe(1);
  expect((await db(`select status, error from send where id = ?`, [await sendOf(stuck)]))[0]).toEqual({ status: 'failed', error: 'interrupted' });
  expect((await db(`select status from send where id = ?`, [await sendOf(last)]))[0].status).toBe('failed');

  // The inbox's server refuses our login: the email waits for the inbox.
  world.peer.behaviour = { auth: () => ({ code: 535, message: '5.7.8 Authentication failed' }) };
  const refusing = await campaignWith([`auth-${tag}@client.test`]);
  await world.tick();
  const refused = await metrics();
  expect(moved(after, refused, 'outreach_emails_total', { outcome: 'auth_refused' })).toBe(1);
  expect((await db(`select status from send where campaign_id = ?`, [refusing.campaign.id]))[0].status).toBe('queued');

  // An answer to a reply item, sent at once: accepted, then refused.
  world.peer.behaviour = {};
  const [item] = await db(`select id from reply_item where workspace_id = ? and kind = 'reply' limit 1`, [world.me.workspaceId]);
  expect((await world.me.client.post(`/replies/${item.id}/reply`, { body: 'Thanks, talk soon.' })).status).toBeLessThan(300);
  world.peer.behaviour = { rcpt: () => ({ code: 550, message: '5.1.1 No such user' }) };
  expect((await world.me.client.post(`/replies/${item.id}/reply`, { body: 'And one more thing.' })).status).toBe(400);
  const answered = await metrics();
  expect(moved(refused, answered, 'outreach_emails_total', { outcome: 'sent' })).toBe(1);
  expect(moved(refused, answered, 'outreach_emails_total', { outcome: 'answer_refused' })).toBe(1);
  world.peer.behaviour = {};
});

it('counts webhook deliveries by outcome, and the backlog gauge follows the rows', async () => {
  const receiver = await startWebhookReceiver();
  try {
    clock.at = new Date();
    const res = await world.me.client.post('/webhooks', { url: receiver.url });
    expect(res.status).toBe(201);
    // The earlier tests' events (emails sent, bounces, replies) have not been handed on: each becomes a
    // delivery for the new endpoint.
    const [{ n: events }] = await db(`select count(*)::int as n from event where delivered_at is null`);
    expect(events).toBeGreaterThan(2);
    const backlog = await freshScrape();
    expect(valueOf(backlog, 'outreach_webhook_backlog', { stage: 'events' })).toBe(events);
    expect(valueOf(backlog, 'outreach_webhook_backlog', { stage: 'deliveries' })).toBe(0);

    // The receiver fails the first request it gets: a retry is scheduled for it.
    receiver.respond = (_req, n) => (n === 0 ? 500 : 200);
    const before = await metrics();
    expect(await runWebhooksOnce(world.service.deps, { workspaceIds: [world.me.workspaceId] })).toBe(events);
    const after = await freshScrape();
    expect(receiver.received).toHaveLength(events);
    expect(moved(before, after, 'outreach_webhook_deliveries_total', { outcome: 'delivered' })).toBe(events - 1);
    expect(moved(before, after, 'outreach_webhook_deliveries_total', { outcome: 'retry' })).toBe(1);
    expect(moved(before, after, 'outreach_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
    const [{ n: pending }] = await db(`select count(*)::int as n from webhook_delivery where status = 'pending'`);
    expect(pending).toBe(1);
    expect(valueOf(after, 'outreach_webhook_backlog', { stage: 'events' })).toBe(0);
    expect(valueOf(after, 'outreach_webhook_backlog', { stage: 'deliveries' })).toBe(1);
  } finally {
    await receiver.stop();
  }
});

it('counts job runs and failures by job, and reports the job runner pool', async () => {
  const failing: AppModule = {
    name: 'metrics-probe',
    // Its failure is logged as an error, which the test logger prints: that line in the output is expected.
    description: 'A job that fails.',
    jobs: () => [
      {
        name: 'metrics-probe-fails',
        async run() {
          throw new Error('the probe fails on purpose');
        },
      },
    ],
  };
  const service = await startTestService({ jobs: true, env: { DATABASE_URL: own.url }, modules: [...appModules, failing] });
  try {
    const at = async () => scrape(service.url);
    const first = await at();
    // Every job the runner has is there from the start, at zero.
    expect(valueOf(first, 'outreach_job_runs_total', { job: 'metrics-probe-fails', outcome: 'failed' })).toBe(0);
    expect(valueOf(first, 'outreach_job_runs_total', { job: 'dispatch', outcome: 'completed' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(first, 'outreach_db_pool_in_use', { pool: 'jobs' })).toBeGreaterThanOrEqual(0);

    await service.deps.jobs.enqueue('metrics-probe-fails', {});
    let s = first;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      s = await at();
      if (
        (valueOf(s, 'outreach_job_runs_total', { job: 'metrics-probe-fails', outcome: 'failed' }) ?? 0) >= 1 &&
        (valueOf(s, 'outreach_job_runs_total', { job: 'heartbeat', outcome: 'completed' }) ?? 0) >= 1
      )
        break;
    }
    expect(valueOf(s, 'outreach_job_runs_total', { job: 'metrics-probe-fails', outcome: 'failed' })).toBe(1);
    expect(valueOf(s, 'outreach_job_runs_total', { job: 'metrics-probe-fails', outcome: 'completed' })).toBe(0);
    expect(valueOf(s, 'outreach_job_runs_total', { job: 'heartbeat', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(s, 'outreach_job_run_duration_seconds_count', { job: 'metrics-probe-fails' })).toBe(1);
  } finally {
    await service.stop();
  }
}, 30_000);
