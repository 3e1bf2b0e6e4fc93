// Webhook delivery (decisions.md §8, src/modules/webhooks/README.md) against a receiver on loopback that
// verifies every signature with the `standardwebhooks` package: retries on the schedule with the same
// webhook-id, timeouts, a receiver that is down, auto-disable after 5 days, rotation, two workers at once,
// a service stopped between the change and the delivery; and one event per change for every kind the
// code paths here record (email sent by the engine, SMTP-time hard bounce, inbox stopped, task opened,
// lead completed, reply label, unsubscribe link hit twice).
import { randomUUID } from 'node:crypto';
import { recordEvent } from '../../src/modules/events/record-event';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { ENDPOINT_FRESH_MS, PER_ENDPOINT_CONCURRENCY } from '../../src/modules/webhooks/deliver';
import { RETRY_DELAYS_MS } from '../../src/modules/webhooks/retry-schedule';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { signUp } from '../support/client';
import { startTestService } from '../support/service';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';

const world = sendingWorld({ accountPer: 'test', env: { ALLOW_PRIVATE_FETCH: 'true', PUBLIC_URL: 'https://links.example.test' } });
const { clock, db } = world;
const SECOND = 1_000;
const DAY = 24 * 60 * MINUTE;

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.stop();
  // Other tests' endpoints would otherwise be delivered to by every later run.
  await db(`delete from webhook_endpoint where workspace_id = ?`, [world.me.workspaceId]);
});

async function addEndpoint(url = receiver.url, events?: string[]) {
  const res = await world.me.client.post('/webhooks', { url, ...(events ? { events } : {}) });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

/** Records one event as a change would, in a transaction of its own. */
async function record(kind: 'unsubscribe' | 'email_sent' = 'email_sent', payload: Record<string, unknown> = { lead_id: randomUUID() }, workspaceId = world.me.workspaceId) {
  await world.service.deps.orm.em.fork().transactional((em) => recordEvent(em, { workspaceId, kind, payload, now: clock.now() }));
}

// Scoped to this file's workspace: other test files' deliveries run on their own clocks.
const run = (timeoutMs?: number) => runWebhooksOnce(world.service.deps, { timeoutMs, workspaceIds: [world.me.workspaceId] });
const deliveries = (endpointId: string) =>
  db(`select status, attempts, response_status, error, next_attempt_at from webhook_delivery where endpoint_id = ? order by created_at`, [endpointId]);

/** Waits (up to 2 s) for a condition that a socket's close event makes true. */
async function waitUntil(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('delivery', () => {
  beforeEach(() => {
    // Signatures are checked with the 5-minute timestamp tolerance against the wall clock.
    clock.at = new Date();
  });

  it('POSTs {type, timestamp, data} with Standard Webhooks headers that verify with the secret', async () => {
    const hook = await addEndpoint();
    await record('email_sent', { lead_id: 'l-1', email: 'ann@client.test' });
    expect(await run()).toBe(1);
    const [req] = receiver.received;
    const body = verifyWebhook(hook.secret, req!);
    expect(body).toEqual({ type: 'email_sent', timestamp: expect.any(String), data: { lead_id: 'l-1', email: 'ann@client.test' } });
    const [event] = await db(`select id, created_at from event where workspace_id = ? and kind = 'email_sent'`, [world.me.workspaceId]);
    expect(req!.headers['webhook-id']).toBe(event.id);
    expect(body.timestamp).toBe(new Date(event.created_at).toISOString());
    expect(req!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    expect(req!.headers['content-type']).toBe('application/json');
    expect(await deliveries(hook.id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, response_status: 200, error: null, next_attempt_at: null })]);
    // Nothing due: a second run posts nothing.
    expect(await run()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('only the kinds an endpoint subscribed to, only its own workspace', async () => {
    const sentOnly = await addEndpoint(receiver.url, ['email_sent']);
    const other = await signUp(world.service.url);
    const theirs = await other.client.post('/webhooks', { url: receiver.url });
    await record('unsubscribe');
    await record('email_sent');
    await run();
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['email_sent']);
    verifyWebhook(sentOnly.secret, receiver.received[0]!);
    expect(() => verifyWebhook(theirs.body.secret, receiver.received[0]!)).toThrow();
    await db(`delete from webhook_endpoint where workspace_id = ?`, [other.workspaceId]);
  });

  it('retries a 500 after 5 s with the same webhook-id, then delivers', async () => {
    const hook = await addEndpoint();
    receiver.respond = (_r, n) => (n === 0 ? 500 : 204);
    await record();
    await run();
    let [d] = await deliveries(hook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 500, error: 'The endpoint answered HTTP 500: receiver says no' });
    expect(new Date(d.next_attempt_at).getTime()).toBe(clock.now().getTime() + 5 * SECOND);
    clock.advance(4 * SECOND);
    expect(await run()).toBe(0);
    clock.advance(SECOND);
    expect(await run()).toBe(1);
    [d] = await deliveries(hook.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 2, response_status: 204, error: null });
    const [first, second] = receiver.received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    verifyWebhook(hook.secret, first!);
    verifyWebhook(hook.secret, second!);
  });

  it('counts no answer within the timeout as a failure and tries again later', async () => {
    const hook = await addEndpoint();
    receiver.respond = (_r, n) => (n === 0 ? 'hang' : 200);
    await record();
    const started = Date.now();
    await run(300);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [d] = await deliveries(hook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: null, error: expect.stringContaining('did not answer') });
    clock.advance(5 * SECOND);
    await run(300);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  // decisions.md §8 "Any 2xx within 15 s is delivered": the status decides, whatever the body does.
  it('a 2xx with a 5 MB body is delivered once, not retried', async () => {
    const hook = await addEndpoint();
    receiver.respond = () => ({ status: 200, bytes: 5_000_000 });
    await record();
    expect(await run(2_000)).toBe(1);
    expect(await deliveries(hook.id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, response_status: 200, error: null })]);
    clock.advance(DAY);
    expect(await run(2_000)).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('a 2xx whose body trickles for 30 s is delivered once, not retried, and its connection closed', async () => {
    const hook = await addEndpoint();
    receiver.respond = () => ({ status: 200, trickleMs: 30_000 });
    await record();
    const started = Date.now();
    expect(await run(2_000)).toBe(1);
    expect(await deliveries(hook.id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, response_status: 200, error: null })]);
    // The body is not waited for: the connection is closed long before the receiver would end it.
    await waitUntil(() => receiver.connections.open === 0);
    expect(receiver.connections.open).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    clock.advance(DAY);
    expect(await run(2_000)).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('a receiver that is down: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed', async () => {
    const hook = await addEndpoint();
    await receiver.stop();
    await record();
    for (let i = 0; i < RETRY_DELAYS_MS.length; i++) {
      expect(await run()).toBe(1);
      const [d] = await deliveries(hook.id);
      expect(d).toMatchObject({ status: 'pending', attempts: i + 1, response_status: null });
      expect(new Date(d.next_attempt_at).getTime() - clock.now().getTime()).toBe(RETRY_DELAYS_MS[i]);
      clock.advance(RETRY_DELAYS_MS[i]! - 1);
      expect(await run()).toBe(0);
      clock.advance(1);
    }
    expect(await run()).toBe(1);
    expect(await deliveries(hook.id)).toEqual([expect.objectContaining({ status: 'failed', attempts: 8, next_attempt_at: null, error: expect.any(String) })]);
    clock.advance(DAY);
    expect(await run()).toBe(0);
    receiver = await startWebhookReceiver(); // for afterEach
  });

  it('disables an endpoint whose attempts have all failed for 5 days; a success in between starts the count again', async () => {
    const hook = await addEndpoint();
    receiver.respond = () => 503;
    const start = clock.now();
    await record();
    await run();
    // A success on day 1 ends the streak.
    clock.at = new Date(start.getTime() + DAY);
    receiver.respond = () => 200;
    await record();
    await run();
    receiver.respond = () => 503;
    clock.at = new Date(start.getTime() + 2 * DAY);
    await record();
    await run();
    clock.at = new Date(start.getTime() + 6 * DAY);
    await record();
    await run(); // failing since day 2: 4 days
    let [endpoint] = await db(`select enabled, disabled_at, failing_since from webhook_endpoint where id = ?`, [hook.id]);
    expect(endpoint.enabled).toBe(true);
    clock.at = new Date(start.getTime() + 7 * DAY);
    await record();
    await run(); // 5 days of failures
    [endpoint] = await db(`select enabled, disabled_at from webhook_endpoint where id = ?`, [hook.id]);
    expect({ ...endpoint, disabled_at: new Date(endpoint.disabled_at) }).toEqual({ enabled: false, disabled_at: clock.now() });
    const listed = await world.me.client.get('/webhooks');
    expect(listed.body[0]).toMatchObject({ id: hook.id, enabled: false, disabled_at: clock.now().toISOString() });
    // Disabled: new events are not delivered to it, pending retries wait.
    const before = receiver.received.length;
    await record();
    clock.advance(DAY);
    expect(await run()).toBe(0);
    expect(receiver.received).toHaveLength(before);
    // Enabled again: the pending retries go, and the 5 days start over.
    receiver.respond = () => 200;
    expect((await world.me.client.patch(`/webhooks/${hook.id}`, { enabled: true })).body).toMatchObject({ enabled: true, disabled_at: null });
    expect(await run()).toBeGreaterThan(0);
  });

  it('after a rotation, attempts are signed with the new secret only', async () => {
    const hook = await addEndpoint();
    const rotated = await world.me.client.post(`/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    await record();
    await run();
    verifyWebhook(rotated.body.secret, receiver.received[0]!);
    expect(() => verifyWebhook(hook.secret, receiver.received[0]!)).toThrow('No matching signature found');
  });

  it('two workers at once never post one delivery twice', async () => {
    await addEndpoint();
    for (let i = 0; i < 40; i++) await record('email_sent', { n: i });
    const other = await startTestService({ clock, env: { ALLOW_PRIVATE_FETCH: 'true' } });
    try {
      const otherRun = () => runWebhooksOnce(other.deps, { workspaceIds: [world.me.workspaceId] });
      await Promise.all([run(), otherRun(), run(), otherRun()]);
      await run();
    } finally {
      await other.stop();
    }
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it("one endpoint's attempts share a few kept connections, all closed when the worker ends", async () => {
    const hook = await addEndpoint();
    for (let i = 0; i < 40; i++) await record();
    expect(await run()).toBe(40);
    expect(receiver.received).toHaveLength(40);
    for (const req of receiver.received) verifyWebhook(hook.secret, req);
    // A connection per attempt before (40); now at most one per attempt in flight.
    expect(receiver.connections.accepted).toBeLessThanOrEqual(PER_ENDPOINT_CONCURRENCY);
    await waitUntil(() => receiver.connections.open === 0);
    expect(receiver.connections.open).toBe(0);
  });

  // decisions.md §8 PATCH url / enabled, DELETE: a running worker sees them within ENDPOINT_FRESH_MS, its
  // already-claimed queue included (attempts started before that may still go where they were going).
  it('a running worker follows PATCH url within a second, its queue included', async () => {
    const moved = await startWebhookReceiver();
    try {
      const hook = await addEndpoint();
      receiver.respond = () => ({ status: 200, delayMs: 300 });
      for (let i = 0; i < 40; i++) await record('email_sent', { n: i });
      const running = run();
      await receiver.waitFor(PER_ENDPOINT_CONCURRENCY);
      expect((await world.me.client.patch(`/webhooks/${hook.id}`, { url: moved.url })).status).toBe(200);
      const patchedAt = Date.now();
      expect(await running).toBe(40);
      expect(receiver.received.filter((r) => r.receivedAt.getTime() > patchedAt + ENDPOINT_FRESH_MS + 500)).toEqual([]);
      expect(moved.received.length).toBeGreaterThan(0);
      expect(new Set([...receiver.received, ...moved.received].map((r) => r.headers['webhook-id'])).size).toBe(40);
      expect((await deliveries(hook.id)).every((d) => d.status === 'delivered')).toBe(true);
    } finally {
      await moved.stop();
    }
  });

  it.each(['disabled', 'deleted'])('a running worker stops within a second once its endpoint is %s, its queue given back', async (change) => {
    const hook = await addEndpoint();
    receiver.respond = () => ({ status: 200, delayMs: 300 });
    for (let i = 0; i < 40; i++) await record('email_sent', { n: i });
    const running = run();
    await receiver.waitFor(PER_ENDPOINT_CONCURRENCY);
    const res = change === 'disabled' ? await world.me.client.patch(`/webhooks/${hook.id}`, { enabled: false }) : await world.me.client.delete(`/webhooks/${hook.id}`);
    expect(res.status).toBe(200);
    const changedAt = Date.now();
    await running;
    expect(receiver.received.filter((r) => r.receivedAt.getTime() > changedAt + ENDPOINT_FRESH_MS + 500)).toEqual([]);
    expect(receiver.received.length).toBeLessThan(40);
    if (change === 'disabled') {
      // What was claimed but not attempted waits, its attempt uncounted.
      const rows = await deliveries(hook.id);
      expect(rows.filter((d) => d.status === 'delivered')).toHaveLength(receiver.received.length);
      expect(rows.filter((d) => d.status === 'pending').every((d) => d.attempts === 0)).toBe(true);
    }
  });

  it('a slow endpoint does not hold back another one', async () => {
    const slow = await startWebhookReceiver();
    try {
      slow.respond = () => 'hang';
      await addEndpoint(slow.url);
      await addEndpoint(receiver.url);
      for (let i = 0; i < 12; i++) await record('email_sent', { n: i });
      const started = Date.now();
      const running = run(3_000);
      await receiver.waitFor(12, 5_000);
      // All 12 reached the fast receiver while the slow one still holds its first attempts: held back, they would
      // have waited out its 3 s timeout.
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(slow.received.length).toBeLessThanOrEqual(4);
      await running;
    } finally {
      await slow.stop();
    }
  });
});

describe('a service stopped between the change and the delivery', () => {
  it('delivers after a restart, exactly once', async () => {
    clock.at = new Date();
    const hook = await addEndpoint();
    // The change and its event commit; the service stops before any job ran (jobs are off here).
    const first = await startTestService({ clock, env: { ALLOW_PRIVATE_FETCH: 'true' } });
    await first.deps.orm.em.fork().transactional((em) => recordEvent(em, { workspaceId: world.me.workspaceId, kind: 'unsubscribe', payload: { lead_id: 'x' }, now: new Date() }));
    await first.stop();
    // A new process (the system clock) does what its fan-out and deliver jobs do: it finds the event in
    // the outbox and delivers it; a second round finds nothing more. (Not through Agenda here: its jobs
    // would deliver every test file's events on the wall clock.)
    const second = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
    try {
      expect(await runWebhooksOnce(second.deps, { workspaceIds: [world.me.workspaceId] })).toBe(1);
      expect(await runWebhooksOnce(second.deps, { workspaceIds: [world.me.workspaceId] })).toBe(0);
    } finally {
      await second.stop();
    }
    expect(receiver.received).toHaveLength(1);
    expect(verifyWebhook(hook.secret, receiver.received[0]!)).toMatchObject({ type: 'unsubscribe', data: { lead_id: 'x' } });
  }, 40_000);
});

describe('one event per change', () => {
  const events = (kind: string) =>
    db(`select payload from event where workspace_id = ? and kind = ? order by created_at`, [world.me.workspaceId, kind]).then((r) => r.map((e) => e.payload));

  async function campaignWith(opts: { steps?: number; leads?: number; task?: boolean } = {}) {
    const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', dailyLimit: 100 });
    if (opts.task) await addStep(world.service, world.me.workspaceId, campaign.id, { variants: [], task: { kind: 'call', text: 'Call {{firstName|them}}' } });
    for (let i = 0; i < (opts.steps ?? 1); i++) await addStep(world.service, world.me.workspaceId, campaign.id, {});
    const inbox = await world.senderInbox(campaign.id, {
      dailyCap: 100,
      rampStart: 100,
    });
    const leads = await createLeads(
      world.service,
      world.me.workspaceId,
      campaign.id,
      Array.from({ length: opts.leads ?? 1 }, (_, i) => ({
        email: `l${i}-${randomUUID().slice(0, 8)}@client.test`,
        vars: { firstName: 'Ann' },
        createdAt: new Date(MONDAY_10.getTime() - (60 - i) * MINUTE),
      })),
    );
    return { campaignId: campaign.id, inbox, leads };
  }

  beforeEach(() => {
    world.peer.behaviour = {};
  });

  it('email_sent for an email the engine sends, and lead_completed when it was the last step; once', async () => {
    const s = await campaignWith();
    await world.tick();
    const [send] = await db(`select id, message_id, subject from send where lead_id = ?`, [s.leads[0]!.id]);
    expect(await events('email_sent')).toEqual([
      {
        send_id: send.id,
        lead_id: s.leads[0]!.id,
        email: s.leads[0]!.email,
        campaign_id: s.campaignId,
        inbox_id: s.inbox.id,
        from: s.inbox.email,
        kind: 'step',
        step: 1,
        variant: 1,
        subject: send.subject,
        message_id: send.message_id,
        sent_at: clock.now().toISOString(),
      },
    ]);
    expect(await events('lead_completed')).toEqual([{ lead_id: s.leads[0]!.id, email: s.leads[0]!.email, campaign_id: s.campaignId, completed_at: clock.now().toISOString() }]);
    clock.advance(MINUTE);
    await world.tick();
    expect(await events('email_sent')).toHaveLength(1);
    expect(await events('lead_completed')).toHaveLength(1);
  });

  it('email_bounced for a hard bounce at SMTP time, and no lead_completed for the bounced last step', async () => {
    const s = await campaignWith();
    world.peer.behaviour = { rcpt: { code: 550, message: '5.1.1 No such user' } };
    await world.tick();
    expect(await events('email_bounced')).toEqual([
      expect.objectContaining({
        lead_id: s.leads[0]!.id,
        email: s.leads[0]!.email,
        campaign_id: s.campaignId,
        inbox_id: s.inbox.id,
        bounce_type: 'hard',
        source: 'smtp',
        code: 550,
      }),
    ]);
    expect(await events('email_sent')).toEqual([]);
    expect(await events('lead_completed')).toEqual([]);
    expect((await db(`select status from lead where id = ?`, [s.leads[0]!.id]))[0].status).toBe('bounced');
  });

  it('mailbox_stopped once when an inbox passes the bounce rate', async () => {
    const s = await campaignWith({ leads: 22 });
    const reject = new Set([s.leads[0]!.email, s.leads[1]!.email]);
    world.peer.behaviour = { rcpt: (address: string) => (reject.has(address) ? { code: 550, message: 'unknown user' } : undefined) };
    for (let i = 0; i < 22; i++) {
      await world.tick();
      clock.advance(MINUTE);
    }
    expect(await events('mailbox_stopped')).toEqual([
      { inbox_id: s.inbox.id, email: s.inbox.email, status: 'bounce_stopped', reason: expect.stringContaining('hard bounces'), stopped_at: expect.any(String) },
    ]);
    expect(await events('email_bounced')).toHaveLength(2);
  });

  it('task_opened when a task step comes due, once; lead_completed when closing it ends the sequence', async () => {
    const s = await campaignWith({ steps: 0, task: true });
    await world.tick();
    await world.tick();
    const [task] = await db(`select id from task where lead_id = ?`, [s.leads[0]!.id]);
    expect(await events('task_opened')).toEqual([
      { task_id: task.id, lead_id: s.leads[0]!.id, email: s.leads[0]!.email, campaign_id: s.campaignId, kind: 'call', text: 'Call Ann', step: 1, due_at: expect.any(String) },
    ]);
    expect((await world.me.client.post(`/tasks/${task.id}/done`)).status).toBe(200);
    expect(await events('lead_completed')).toEqual([expect.objectContaining({ lead_id: s.leads[0]!.id })]);
  });

  it('interest_changed when PATCH /replies/:id changes the label, not when it does not', async () => {
    const s = await campaignWith();
    const item = await createReplyItem(world.service, world.me.workspaceId, { inbox: s.inbox.id, lead: s.leads[0]!.id, campaign: s.campaignId, kind: 'reply' } as never);
    const label = (status: string) => world.me.client.patch(`/replies/${item.id}`, { status });
    expect((await label('interested')).status).toBe(200);
    expect((await label('interested')).status).toBe(200);
    expect((await label('meeting_booked')).status).toBe(200);
    expect(await events('interest_changed')).toEqual([
      expect.objectContaining({ lead_id: s.leads[0]!.id, reply_id: item.id, interest: 'interested', previous_interest: null, source: 'reply' }),
      expect.objectContaining({ interest: 'meeting_booked', previous_interest: 'interested' }),
    ]);
  });

  it('unsubscribe once, however often the link is hit', async () => {
    const s = await campaignWith();
    const before = world.peer.messages.length;
    await world.tick();
    const [mail] = (await world.peer.waitForMessages(before + 1)).slice(before);
    const link = /<(https:\/\/links\.example\.test\/u\/[^>]+)>/.exec(mail!.raw)![1]!.replace('https://links.example.test', world.service.url);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status).toBe(200);
    }
    expect(await events('unsubscribe')).toEqual([expect.objectContaining({ lead_id: s.leads[0]!.id, email: s.leads[0]!.email, source: 'link' })]);
  });
});
