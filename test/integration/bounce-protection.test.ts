// Bounce protection (decisions.md §11, sending/engine/bounce-protect.ts) with the engine sending through
// the SMTP peer and bounce messages read from Dovecot: a campaign pauses itself when hard bounces reach 5%
// of its last 100 emails, once it has sent 40, and not before (39 emails; 4.9%; a bounce that has left
// the last 100); at SMTP time, at the 40th accepted email and when a bounce message is read; nothing of
// it leaves afterwards (the next email of the same batch, the next tick, the next batch of a delivery
// call); pausedReason, the sending-status reason with its figures and the campaign_paused event reach
// REST, GraphQL and a webhook receiver; bounce_protect false never pauses; activating again counts afresh.
import { randomUUID } from 'node:crypto';
import { Campaign } from '../../src/modules/campaigns/campaign.entity';
import { loadBatch } from '../../src/modules/sending/engine/batch-context';
import { claimSends, deliverDue } from '../../src/modules/sending/engine/deliver';
import { loadCampaigns } from '../../src/modules/sending/engine/load-state';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { dsnBounce } from '../support/inbound-mail';
import { HOUR, MINUTE, sendingWorld } from '../support/sending-world';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import * as ops from '../graphql/generated';

const DAY = 24 * HOUR;
const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;
const api = () => world.me.client;

beforeEach(() => {
  world.peer.messages.length = 0;
  world.peer.behaviour = {};
});

interface Setup {
  campaignId: string;
  inboxId: string;
  inboxEmail: string;
}

/** An active campaign (one step, open all day) with one inbox on the SMTP peer. */
async function campaign(opts: { bounceProtect?: boolean; inbox?: Record<string, unknown> } = {}): Promise<Setup> {
  const c = await createCampaign(world.service, world.me.workspaceId, {
    ...SENDS_ANY_HOUR,
    dailyLimit: 1000,
    ...(opts.bounceProtect === undefined ? {} : { bounceProtect: opts.bounceProtect }),
  });
  await addStep(world.service, world.me.workspaceId, c.id, {});
  const email = `sender-${randomUUID().slice(0, 8)}@acme.test`;
  const inbox = await world.senderInbox(c.id, { email, dailyCap: 1000, rampStart: 1000, ...opts.inbox });
  return { campaignId: c.id, inboxId: inbox.id, inboxEmail: email };
}

/**
 * The campaign's past emails, oldest first, a second apart and ending an hour ago: `n` leads sent step 1,
 * those for which `bounced(i)` holds hard-bounced (the lead bounced, the send `bounced`), the rest done.
 */
async function history(s: Setup, n: number, bounced: (i: number) => boolean, endAt = new Date(clock.now().getTime() - HOUR)) {
  // From an inbox of its own that has left the campaign, so the live inbox's own bounce-rate stop
  // (decisions.md §5: over 5% of its last 100, from 20) stays out of these tests.
  const past = await createInbox(world.service, world.me.workspaceId, { email: `past-${randomUUID().slice(0, 8)}@acme.test` });
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    s.campaignId,
    Array.from({ length: n }, (_, i) => ({
      email: `past${i}-${randomUUID().slice(0, 8)}@client.test`,
      status: bounced(i) ? ('bounced' as const) : ('completed' as const),
      currentStep: 1,
    })),
  );
  const at = (i: number) => new Date(endAt.getTime() - (n - 1 - i) * 1000).toISOString();
  await db(
    `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, subject, scheduled_for, sent_at, attempts)
     select gen_random_uuid(), x.at, ?, ?, x.lead, ?, 'step', 1, 1, true, x.status, '<' || gen_random_uuid() || '@acme.test>', 'Quick question', x.at, x.at, 1
       from unnest(?::uuid[], ?::timestamptz[], ?::text[]) as x(lead, at, status)`,
    [
      world.me.workspaceId,
      s.campaignId,
      past.id,
      `{${leads.map((l) => l.id).join(',')}}`,
      `{${leads.map((_, i) => `"${at(i)}"`).join(',')}}`,
      `{${leads.map((_, i) => (bounced(i) ? 'bounced' : 'sent')).join(',')}}`,
    ],
  );
  // Hard bounces leave a bounce row (what the accepted-batch probe looks for).
  await db(
    `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
     select gen_random_uuid(), s.sent_at, s.workspace_id, s.campaign_id, s.lead_id, s.inbox_id, s.id, l.email, 'smtp', 550, 'hard', 'unknown user'
       from send s join lead l on l.id = s.lead_id where s.campaign_id = ? and s.status = 'bounced'`,
    [s.campaignId],
  );
}

/** New leads due now, at addresses the SMTP peer refuses (550) or accepts. */
async function dueLeads(s: Setup, n: number, refused: boolean): Promise<string[]> {
  const emails = Array.from({ length: n }, (_, i) => `${refused ? 'gone' : 'ok'}${i}-${randomUUID().slice(0, 8)}@client.test`);
  await createLeads(
    world.service,
    world.me.workspaceId,
    s.campaignId,
    emails.map((email) => ({ email, createdAt: new Date(clock.now().getTime() - DAY) })),
  );
  return emails;
}

const refuse = (...addresses: string[]) => {
  const set = new Set(addresses);
  world.peer.behaviour = { rcpt: (address: string) => (set.has(address) ? { code: 550, message: '5.1.1 unknown user' } : undefined) };
};

const campaignRow = async (id: string) => (await db(`select status, paused_reason, bounce_protect, bounce_count_from from campaign where id = ?`, [id]))[0];
const pausedEvents = (campaignId: string) =>
  db(`select payload from event where workspace_id = ? and kind = 'campaign_paused' and payload->>'campaign_id' = ? order by created_at`, [world.me.workspaceId, campaignId]);
const sendsOut = (s: Setup) => db(`select count(*)::int as n from send where campaign_id = ? and status in ('sent', 'bounced') and sent_at >= ?`, [s.campaignId, clock.now()]);

describe('bounce protection', () => {
  it('pauses at exactly 5% of its last 100 emails (the 100th bounces: 5 of 100), records campaign_paused once, and sends nothing more', async () => {
    const s = await campaign();
    await history(s, 99, (i) => i % 25 === 0); // 4 bounced of 99
    const [gone] = await dueLeads(s, 1, true);
    refuse(gone!);
    const report = await tick();
    expect(report).toMatchObject({ bounced: 1 });
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'paused', paused_reason: 'bounce_protect' });
    expect((await pausedEvents(s.campaignId)).map((e) => e.payload)).toEqual([
      { campaign_id: s.campaignId, name: 'Factory campaign', reason: 'bounce_protect', bounced: 5, sent: 100, paused_at: clock.now().toISOString() },
    ]);

    // Leads still due: the next ticks send nothing (the planner skips a paused campaign).
    await dueLeads(s, 3, false);
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, queued: 0 });
    expect(world.peer.messages).toHaveLength(0);

    // REST and GraphQL show why, with the figures.
    const rest = await api().get(`/campaigns/${s.campaignId}`);
    expect(rest.body).toMatchObject({ status: 'paused', bounceProtect: true, pausedReason: 'bounce_protect' });
    const gql = await api().gql(ops.CampaignBounceProtectionDocument, { id: s.campaignId });
    expect(gql.data!.campaign).toEqual({ id: s.campaignId, status: 'paused', bounceProtect: true, pausedReason: 'bounce_protect' });
    const status = await api().get(`/campaigns/${s.campaignId}/sending-status`);
    expect(status.body.reasons.map((r: { code: string }) => r.code)).toEqual(['not_active', 'bounce_protect']);
    expect(status.body.reasons[1]).toEqual({ code: 'bounce_protect', text: expect.stringContaining('5 hard bounces in its last 100 emails'), details: { bounced: 5, sent: 100 } });
    const reasons = await api().gql(ops.CampaignSendingReasonsDocument, { id: s.campaignId });
    expect(reasons.data!.campaignSendingStatus.reasons).toEqual([
      { code: 'not_active', text: expect.any(String), details: null },
      { code: 'bounce_protect', text: expect.any(String), details: { bounced: 5, sent: 100 } },
    ]);
  });

  it('does not pause at 4.9% (2 of 41), nor below 40 emails however many bounced (6 of 39); the 40th email, accepted, pauses it', async () => {
    const low = await campaign();
    await history(low, 40, (i) => i === 10); // 1 of 40
    const [g1] = await dueLeads(low, 1, true);
    refuse(g1!);
    await tick();
    expect(await campaignRow(low.campaignId)).toMatchObject({ status: 'active', paused_reason: null }); // 2 of 41

    const young = await campaign();
    await history(young, 38, (i) => i < 5); // 5 of 38
    const [g2] = await dueLeads(young, 1, true);
    refuse(g2!);
    clock.advance(MINUTE);
    await tick();
    expect(await campaignRow(young.campaignId)).toMatchObject({ status: 'active' }); // 6 of 39
    expect(await pausedEvents(young.campaignId)).toEqual([]);

    // The 40th email is accepted: the earlier bounces now count (6 of 40 = 15%).
    const [ok] = await dueLeads(young, 1, false);
    clock.advance(MINUTE);
    await tick();
    expect(world.peer.messages.map((m) => m.envelope.rcptTo[0])).toContain(ok);
    expect(await campaignRow(young.campaignId)).toMatchObject({ status: 'paused', paused_reason: 'bounce_protect' });
    expect((await pausedEvents(young.campaignId)).map((e) => e.payload)).toEqual([expect.objectContaining({ bounced: 6, sent: 40 })]);
  });

  it('counts only the last 100: bounces older than that do not pause it', async () => {
    const s = await campaign();
    // 150 emails: the oldest 50 with 20 bounces; the newest 100 with 4, the oldest of them first.
    await history(s, 150, (i) => i < 20 || i === 50 || i === 100 || i === 120 || i === 140);
    const [gone] = await dueLeads(s, 1, true);
    refuse(gone!);
    await tick();
    // Last 100: the new bounce and the newest 99 of the history (the bounce at i = 50 has left): 4 of 100.
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'active' });
    const [gone2] = await dueLeads(s, 1, true);
    refuse(gone2!);
    clock.advance(MINUTE);
    await tick();
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'paused' }); // 2 new + 3 = 5 of 100
  });

  it('the email after the one that paused the campaign, in the same batch and lane, is not sent', async () => {
    const s = await campaign();
    await history(s, 99, (i) => i % 25 === 0);
    const [gone] = await dueLeads(s, 1, true);
    const [next] = await dueLeads(s, 1, false);
    refuse(gone!);
    // Both queued on the one inbox, the refused one first: one claimed batch, one lane.
    const leadId = async (email: string) => (await db(`select id from lead where email = ?`, [email]))[0].id;
    for (const [email, ago] of [
      [gone!, 2],
      [next!, 1],
    ] as const) {
      const id = randomUUID();
      await db(
        `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, scheduled_for, attempts)
         values (?, ?, ?, ?, ?, ?, 'step', 1, 1, true, 'queued', ?, ?, 0)`,
        [id, clock.now(), world.me.workspaceId, s.campaignId, await leadId(email), s.inboxId, `<${id}@acme.test>`, new Date(clock.now().getTime() - ago * MINUTE)],
      );
    }
    const report = await deliverDue(world.service.deps, { random: () => 0, workspaceIds: [world.me.workspaceId] });
    expect(report).toMatchObject({ bounced: 1, sent: 0, released: 1 });
    expect(world.peer.messages).toHaveLength(0);
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'paused', paused_reason: 'bounce_protect' });
    expect(await db(`select s.status from send s join lead l on l.id = s.lead_id where l.email = ?`, [next])).toEqual([]);
  });

  it('a delivery reads its campaigns again for each batch: a pause committed meanwhile stops the next batch', async () => {
    const s = await campaign();
    const deps = world.service.deps;
    const campaigns = new Map((await loadCampaigns(deps.orm.em.fork(), clock.now(), [s.campaignId])).map((c) => [c.id, c]));
    expect(campaigns.get(s.campaignId)!.status).toBe('active');
    await db(`update campaign set status = 'paused', paused_reason = 'bounce_protect' where id = ?`, [s.campaignId]);
    await dueLeads(s, 1, false);
    const [lead] = await db(`select id from lead where campaign_id = ? and status = 'pending'`, [s.campaignId]);
    const id = randomUUID();
    await db(
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, scheduled_for, attempts)
       values (?, ?, ?, ?, ?, ?, 'step', 1, 1, true, 'queued', ?, ?, 0)`,
      [id, clock.now(), world.me.workspaceId, s.campaignId, lead.id, s.inboxId, `<${id}@acme.test>`, clock.now()],
    );
    const claimed = await claimSends(deps.orm.em.fork(), clock.now(), 10, deps.owner.name, [world.me.workspaceId]);
    await loadBatch(deps.orm.em.fork(), claimed, campaigns, clock.now());
    expect(campaigns.get(s.campaignId)!.status).toBe('paused');
    await db(`delete from send where id = ?`, [id]);
  });

  it('bounce_protect false never pauses; turned on again, it judges the running campaign at once', async () => {
    const s = await campaign();
    const off = await api().patch(`/campaigns/${s.campaignId}`, { bounce_protect: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ bounceProtect: false, pausedReason: null });
    await history(s, 99, (i) => i % 10 === 0); // 10 of 99
    const [gone] = await dueLeads(s, 1, true);
    refuse(gone!);
    await tick();
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'active', bounce_protect: false });
    expect(await pausedEvents(s.campaignId)).toEqual([]);

    const on = await api().gql(ops.SetBounceProtectDocument, { id: s.campaignId, input: { bounceProtect: true } });
    expect(on.errors).toBeUndefined();
    expect(on.data!.updateCampaign).toMatchObject({ bounceProtect: true, status: 'paused', pausedReason: 'bounce_protect' });
    expect((await pausedEvents(s.campaignId)).map((e) => e.payload)).toEqual([expect.objectContaining({ bounced: 11, sent: 100 })]);
  });

  it('activating again starts a fresh count; pausing by hand leaves no reason', async () => {
    const s = await campaign();
    await history(s, 99, (i) => i % 25 === 0);
    const [gone] = await dueLeads(s, 1, true);
    refuse(gone!);
    await tick();
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'paused', paused_reason: 'bounce_protect' });
    // Pausing what is paused changes nothing.
    expect((await api().post(`/campaigns/${s.campaignId}/pause`)).body).toEqual({ status: 'paused' });
    expect(await campaignRow(s.campaignId)).toMatchObject({ paused_reason: 'bounce_protect' });

    clock.advance(HOUR);
    const activated = await api().post(`/campaigns/${s.campaignId}/activate`);
    expect(activated.status).toBe(200);
    const row = await campaignRow(s.campaignId);
    expect(row).toMatchObject({ status: 'active', paused_reason: null });
    expect(new Date(row.bounce_count_from).toISOString()).toBe(clock.now().toISOString());
    const status = await api().get(`/campaigns/${s.campaignId}/sending-status`);
    expect(status.body.reasons.map((r: { code: string }) => r.code)).not.toContain('bounce_protect');

    // A bounce right after: 1 of 1 counted since the activation, far from 40.
    const [again] = await dueLeads(s, 1, true);
    refuse(again!);
    clock.advance(MINUTE);
    await tick();
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'active' });
    expect(await pausedEvents(s.campaignId)).toHaveLength(1);

    expect((await api().post(`/campaigns/${s.campaignId}/pause`)).status).toBe(200);
    expect(await campaignRow(s.campaignId)).toMatchObject({ status: 'paused', paused_reason: null });
    expect((await api().get(`/campaigns/${s.campaignId}`)).body).toMatchObject({ status: 'paused', pausedReason: null });
    const hand = await api().get(`/campaigns/${s.campaignId}/sending-status`);
    expect(hand.body.reasons.map((r: { code: string }) => r.code)).toEqual(['not_active', 'no_leads_due']);
    expect(await pausedEvents(s.campaignId)).toHaveLength(1);
  });

  it('campaign_paused reaches a subscribed webhook receiver, signed', async () => {
    const receiver: WebhookReceiver = await startWebhookReceiver();
    try {
      const hook = (await api().post('/webhooks', { url: receiver.url, events: ['campaign_paused'] })).body as { id: string; secret: string };
      const s = await campaign();
      await history(s, 99, (i) => i % 25 === 0);
      const [gone] = await dueLeads(s, 1, true);
      refuse(gone!);
      await tick();
      expect(await runWebhooksOnce(world.service.deps, { workspaceIds: [world.me.workspaceId] })).toBe(1);
      const body = verifyWebhook(hook.secret, receiver.received[0]!, { ignoreTime: true });
      expect(body).toMatchObject({ type: 'campaign_paused', data: { campaign_id: s.campaignId, reason: 'bounce_protect', bounced: 5, sent: 100 } });
      expect(body.data).not.toHaveProperty('lead_id');
    } finally {
      await receiver.stop();
    }
  });
});

describe('bounce protection and bounce messages (Dovecot)', () => {
  let imap: ImapPeer;
  const user = `bp-${randomUUID().slice(0, 6)}@acme.test`;
  beforeAll(async () => {
    imap = await startImapPeer({ users: { [user]: 'imap-secret' } });
  });
  afterAll(async () => {
    await imap?.stop();
  });

  it('a hard bounce read from the inbox that makes 5 of 100 pauses the campaign before its next email leaves', async () => {
    // Dovecot files a message dated in the future under its arrival time: this test lives in the real past.
    clock.at = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 2 * DAY);
    const c = await createCampaign(world.service, world.me.workspaceId, {
      ...SENDS_ANY_HOUR,
      dailyLimit: 1000,
    });
    await addStep(world.service, world.me.workspaceId, c.id, {});
    const inbox = await createInbox(world.service, world.me.workspaceId, {
      email: user,
      smtpHost: world.peer.host,
      smtpPort: world.peer.port,
      username: user,
      password: 'imap-secret',
      imapHost: imap.host,
      imapPort: imap.port,
      minGapMinutes: 0,
      gapJitterMinutes: 0,
      dailyCap: 1000,
      rampStart: 1000,
    });
    world.peer.users[user] = 'imap-secret';
    await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [c.id, inbox.id]);
    const s = { campaignId: c.id, inboxId: inbox.id, inboxEmail: user };
    await history(s, 98, (i) => i % 25 === 0); // 4 of 98
    const [first] = await dueLeads(s, 1, false);
    await tick(); // 4 of 99: the 99th email goes out and is accepted
    expect(world.peer.messages.map((m) => m.envelope.rcptTo[0])).toEqual([first]);
    const [sent] = await db(`select s.message_id from send s join lead l on l.id = s.lead_id where l.email = ?`, [first]);
    clock.advance(MINUTE);
    const [late] = await dueLeads(s, 1, false);
    await tick(); // 4 of 100
    expect(world.peer.messages.map((m) => m.envelope.rcptTo[0])).toEqual([first, late]);
    expect(await campaignRow(c.id)).toMatchObject({ status: 'active' });

    // The first email's bounce message arrives: 5 of 100.
    clock.advance(HOUR);
    await imap.appendMessage(user, dsnBounce({ to: user, recipient: first!, returnedId: sent.message_id }), { date: clock.now() });
    expect(await pollInbox(world.service.deps, inbox.id)).toMatchObject({ items: 1 });
    expect(await campaignRow(c.id)).toMatchObject({ status: 'paused', paused_reason: 'bounce_protect' });
    expect((await pausedEvents(c.id)).map((e) => e.payload)).toEqual([expect.objectContaining({ bounced: 5, sent: 100 })]);

    await dueLeads(s, 2, false);
    clock.advance(MINUTE);
    await tick();
    expect(world.peer.messages).toHaveLength(2);
    expect((await sendsOut(s))[0].n).toBe(0);
    // The campaign row as the ORM reads it.
    const em = world.service.deps.orm.em.fork();
    expect((await em.findOneOrFail(Campaign, c.id, { filters: false })).pausedReason).toBe('bounce_protect');
  });
});
