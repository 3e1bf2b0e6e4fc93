// The sending engine end to end: dispatch ticks at fixed clocks against the real database, sending
// through a real SMTP server on loopback (smtp-server), then reading what arrived and what was recorded.
import { startDispatchChild } from '../support/dispatch-child-process';
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { threadedSmtp } from '../../src/mail/smtp-thread';
import { CLAIM_BATCH, claimSends } from '../../src/modules/sending/engine/deliver';
import { sweepInterrupted, SENDING_STALE_MINUTES } from '../../src/modules/sending/engine/sweep';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import { startTestService } from '../support/service';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import type { InboxOverrides } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';

const DAY = 86_400_000;
// The service's SMTP port, held here so a test can kill its thread mid-send.
const smtp = threadedSmtp({ policy: { allowPrivate: true } });
const world = sendingWorld({ accountPer: 'test', env: { PUBLIC_URL: 'https://links.example.test' }, ports: { smtp } });
const { clock, db, tick } = world;
beforeEach(() => {
  // Each test: an empty mailbox and a server that accepts everything.
  world.peer.messages.length = 0;
  world.peer.logins.length = 0;
  world.peer.behaviour = {};
});

interface Setup {
  campaignId: string;
  inboxId: string;
  leadIds: string[];
}

/** An inbox on the test SMTP peer (no gap, room for 100 a day), sending for the campaign. */
async function attachInbox(campaignId: string, name: string, overrides: InboxOverrides = {}) {
  return world.senderInbox(campaignId, { email: `${name}-${randomUUID().slice(0, 6)}@acme.test`, dailyCap: 100, rampStart: 100, ...overrides });
}

async function activeCampaign(
  opts: { leads?: number; steps?: Parameters<typeof addStep>[3][]; campaign?: Record<string, unknown>; inbox?: Record<string, unknown> } = {},
): Promise<Setup> {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', ...opts.campaign });
  for (const step of opts.steps ?? [{}]) await addStep(world.service, world.me.workspaceId, campaign.id, step);
  const inbox = await attachInbox(campaign.id, 'sam', opts.inbox);
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    Array.from({ length: opts.leads ?? 1 }, (_, i) => ({
      email: `lead${i}-${randomUUID().slice(0, 6)}@client.test`,
      vars: { firstName: `Lead${i}` },
      createdAt: new Date(MONDAY_10.getTime() - DAY),
    })),
  );
  return { campaignId: campaign.id, inboxId: inbox.id, leadIds: leads.map((l) => l.id) };
}

const sendsOf = (leadId: string) => db(`select * from send where lead_id = ? order by step_position nulls last, created_at`, [leadId]);
const leadRow = async (id: string) => (await db(`select * from lead where id = ?`, [id]))[0];

describe('a sequence going out', () => {
  it('sends step 1 once, then the follow-up after its wait in the same thread, and completes the lead', async () => {
    const s = await activeCampaign({
      steps: [
        { variants: [{ subject: 'Quick question, {{firstName}}', body: 'Hi {{firstName|there}},\nhow are you?\n\nUnsubscribe: {{unsubscribe}}', enabled: true }] },
        { waitMinutes: 2 * 1440, variants: [{ subject: '', body: 'Just bumping this, {{company|your team}}.', enabled: true }] },
      ],
      campaign: { openTracking: true, clickTracking: false },
    });
    const [leadId] = s.leadIds;
    const first = await tick();
    expect(first).toMatchObject({ queued: 1, sent: 1 });
    const [m1] = await world.peer.waitForMessages(1);
    const mail1 = await simpleParser(m1!.raw);
    expect(mail1.subject).toBe('Quick question, Lead0');
    expect(mail1.text).toContain('Hi Lead0,');
    expect(mail1.text).toMatch(/Unsubscribe: https:\/\/links\.example\.test\/u\//);
    expect(mail1.html).toContain('https://links.example.test/o/');
    expect(m1!.raw).toMatch(/^List-Unsubscribe: <https:\/\/links\.example\.test\/u\/[^>]+>\r?$/m);
    expect(m1!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const [send1] = await sendsOf(leadId!);
    expect(mail1.messageId).toBe(send1.message_id);
    expect(send1).toMatchObject({ status: 'sent', step_position: 1, variant: 1, is_first: true, attempts: 1, subject: 'Quick question, Lead0' });

    let lead = await leadRow(leadId!);
    expect(lead).toMatchObject({ status: 'active', current_step: 1, variant: 1 });
    expect(new Date(lead.next_due_at).getTime()).toBe(MONDAY_10.getTime() + 2 * DAY);
    const [campaign] = await db(`select first_sent_at from campaign where id = ?`, [s.campaignId]);
    expect(new Date(campaign.first_sent_at).getTime()).toBe(MONDAY_10.getTime());
    const [stat] = await db(`select sent from inbox_day_stat where inbox_id = ? and day = '2026-11-30'`, [s.inboxId]);
    expect(stat.sent).toBe(1);

    // Ticks before the wait is over send nothing more.
    clock.advance(DAY);
    expect(await tick()).toMatchObject({ queued: 0, sent: 0 });
    clock.advance(DAY);
    expect(await tick()).toMatchObject({ queued: 1, sent: 1 });
    const [, m2] = await world.peer.waitForMessages(2);
    const mail2 = await simpleParser(m2!.raw);
    expect(mail2.subject).toBe('Re: Quick question, Lead0');
    expect(mail2.inReplyTo).toBe(send1.message_id);
    expect(mail2.references).toEqual(send1.message_id);
    expect(mail2.text).toContain('Just bumping this, your team.');
    lead = await leadRow(leadId!);
    expect(lead).toMatchObject({ status: 'completed', current_step: 2, next_due_at: null });
    clock.advance(3 * DAY);
    expect(await tick()).toMatchObject({ queued: 0, sent: 0 });
    expect(world.peer.messages).toHaveLength(2);
  });

  it('keeps inside the daily limit and the inbox gap', async () => {
    const s = await activeCampaign({ leads: 5, campaign: { dailyLimit: 2 }, inbox: { minGapMinutes: 10 } });
    expect(await tick()).toMatchObject({ sent: 1 });
    // The inbox rests its gap: nothing in the next tick.
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 0 });
    clock.advance(10 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    clock.advance(11 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 0 }); // daily limit of 2 reached
    expect(world.peer.messages).toHaveLength(2);
    const pending = await db(`select count(*)::int as n from lead where campaign_id = ? and status = 'pending'`, [s.campaignId]);
    expect(pending[0].n).toBe(3);
  });

  it('sends nothing outside the window, and starts when it opens', async () => {
    await activeCampaign();
    clock.at = new Date('2026-11-30T07:00:00.000Z');
    expect(await tick()).toMatchObject({ queued: 0, sent: 0 });
    clock.at = new Date('2026-11-30T09:00:00.000Z');
    expect(await tick()).toMatchObject({ sent: 1 });
  });
});

describe('activate and pause through the API', () => {
  it('starts a draft inside the next window, and a paused campaign carries on where it stopped', async () => {
    // Sunday evening: the next window is Monday 09:00.
    clock.at = new Date('2026-11-29T20:00:00.000Z');
    const s = await activeCampaign({ leads: 1, campaign: { status: 'draft' }, steps: [{}, { waitMinutes: 60 }] });
    expect((await world.me.client.post(`/campaigns/${s.campaignId}/activate`)).body).toMatchObject({ status: 'active' });
    expect(await tick()).toMatchObject({ queued: 0, sent: 0 });
    expect((await world.me.client.get(`/campaigns/${s.campaignId}/sending-status`)).body).toMatchObject({
      sending: false,
      next_due_at: '2026-11-30T09:00:00.000Z',
    });
    clock.at = new Date('2026-11-30T09:00:00.000Z');
    expect(await tick()).toMatchObject({ sent: 1 });
    expect((await leadRow(s.leadIds[0]!)).current_step).toBe(1);

    // Paused before step 2 is due, resumed after: step 2 goes, step 1 never again.
    expect((await world.me.client.post(`/campaigns/${s.campaignId}/pause`)).status).toBe(200);
    clock.at = new Date('2026-11-30T10:30:00.000Z');
    expect(await tick()).toMatchObject({ sent: 0 });
    expect((await world.me.client.post(`/campaigns/${s.campaignId}/activate`)).body).toMatchObject({ status: 'active' });
    expect(await tick()).toMatchObject({ sent: 1 });
    const sends = await sendsOf(s.leadIds[0]!);
    expect(sends.map((r: Record<string, unknown>) => [r.step_position, r.status])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
    expect(world.peer.messages).toHaveLength(2);
  });
});

describe('answers from the server', () => {
  it('treats a 550 at RCPT as a hard bounce: bounce row, lead bounced, address blocklisted, never retried', async () => {
    const s = await activeCampaign();
    world.peer.behaviour = { rcpt: { code: 550, message: '5.1.1 No such user' } };
    expect(await tick()).toMatchObject({ bounced: 1, sent: 0 });
    const [send] = await sendsOf(s.leadIds[0]!);
    expect(send).toMatchObject({ status: 'bounced', smtp_code: 550 });
    const lead = await leadRow(s.leadIds[0]!);
    expect(lead).toMatchObject({ status: 'bounced', stop_reason: 'bounced', next_due_at: null });
    const [bounce] = await db(`select * from bounce where send_id = ?`, [send.id]);
    expect(bounce).toMatchObject({ email: lead.email, code: 550, category: 'hard', source: 'smtp' });
    expect(bounce.reason).toContain('No such user');
    const [entry] = await db(`select reason from blocklist_entry where workspace_id = ? and email = ?`, [world.me.workspaceId, lead.email]);
    expect(entry.reason).toBe('hard_bounce');
    const attempts = await db(`select outcome, code from send_attempt where send_id = ?`, [send.id]);
    expect(attempts).toEqual([{ outcome: 'rejected', code: 550 }]);
    world.peer.behaviour = {};
    clock.advance(DAY);
    expect(await tick()).toMatchObject({ sent: 0, queued: 0 });
  });

  it('defers a 421 with back-off and sends once later', async () => {
    const s = await activeCampaign();
    world.peer.behaviour = { data: { code: 421, message: 'Try again later' } };
    expect(await tick()).toMatchObject({ deferred: 1, sent: 0 });
    let [send] = await sendsOf(s.leadIds[0]!);
    expect(send).toMatchObject({ status: 'queued', attempts: 1, smtp_code: 421 });
    expect(new Date(send.scheduled_for).getTime()).toBe(MONDAY_10.getTime() + 5 * MINUTE);
    const [inbox] = await db(`select last_error, backoff_until from inbox where id = ?`, [s.inboxId]);
    expect(inbox.last_error).toContain('Try again later');
    world.peer.behaviour = {};
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 0 });
    clock.advance(5 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    [send] = await sendsOf(s.leadIds[0]!);
    expect(send).toMatchObject({ status: 'sent', attempts: 2 });
    expect(world.peer.messages).toHaveLength(1);
    const attempts = await db(`select outcome, code from send_attempt where send_id = ? order by created_at`, [send.id]);
    expect(attempts).toEqual([
      { outcome: 'deferred', code: 421 },
      { outcome: 'accepted', code: 250 },
    ]);
  });

  it('defers a dropped connection, then delivers once', async () => {
    const s = await activeCampaign();
    world.peer.behaviour = { drop: 'data' };
    expect(await tick()).toMatchObject({ deferred: 1 });
    world.peer.behaviour = {};
    clock.advance(6 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    expect(world.peer.messages).toHaveLength(1);
    expect((await sendsOf(s.leadIds[0]!))[0]).toMatchObject({ status: 'sent' });
  });

  it('rests an inbox whose login is refused, without a storm of attempts', async () => {
    const s = await activeCampaign({ leads: 3, inbox: { password: 'wrong password' } });
    const first = await tick();
    expect(first.deferred).toBe(1);
    for (let i = 0; i < 5; i++) {
      clock.advance(MINUTE);
      await tick();
    }
    expect(world.peer.logins.filter((l) => !l.ok)).toHaveLength(1);
    const [inbox] = await db(`select last_error, backoff_until from inbox where id = ?`, [s.inboxId]);
    expect(inbox.last_error).toMatch(/refused/i);
    expect(new Date(inbox.backoff_until).getTime()).toBe(MONDAY_10.getTime() + 60 * MINUTE);
    const leads = await db(`select status from lead where campaign_id = ?`, [s.campaignId]);
    expect(leads.every((l: Record<string, unknown>) => l.status === 'pending')).toBe(true);
  });
});

describe('exactly once', () => {
  it('never sends a lead the same step twice when dispatchers run at once, in one process or two', async () => {
    const s = await activeCampaign({ leads: 12, campaign: { dailyLimit: 100 } });
    // Eleven more inboxes so that one tick can send to every lead.
    for (let i = 0; i < 11; i++) await attachInbox(s.campaignId, `extra${i}`);
    const other = await startTestService({ clock, env: { PUBLIC_URL: 'https://links.example.test', ALLOW_PRIVATE_FETCH: 'true' } });
    try {
      const reports = await Promise.all([
        tick(),
        tick(),
        runDispatchTick(other.deps, { random: () => 0, workspaceIds: [world.me.workspaceId] }),
        runDispatchTick(other.deps, { random: () => 0, workspaceIds: [world.me.workspaceId] }),
      ]);
      expect(reports.reduce((a, r) => a + r.sent, 0)).toBe(12);
      expect(reports.filter((r) => r.plannedHere).length).toBeGreaterThanOrEqual(1);
    } finally {
      await other.stop();
    }
    const to = world.peer.messages.map((m) => m.envelope.rcptTo[0]);
    expect(to).toHaveLength(12);
    expect(new Set(to).size).toBe(12);
    const rows = await db(`select lead_id, count(*)::int as n from send where campaign_id = ? group by lead_id`, [s.campaignId]);
    expect(rows.every((r: Record<string, unknown>) => r.n === 1)).toBe(true);
  });

  it('never sends again a row found in sending after a crash; the lead moves on as if sent', async () => {
    const s = await activeCampaign({ steps: [{}, { waitMinutes: 1440 }] });
    // A worker queued and claimed the row, then died before the SMTP answer was recorded.
    world.peer.behaviour = { delayMs: 0 };
    const { planTick } = await import('../../src/modules/sending/engine/tick');
    await planTick(world.service.deps, clock.now(), [world.me.workspaceId]);
    const claimed = await claimSends(world.service.deps.orm.em.fork(), clock.now(), 10, world.service.deps.owner.name, [world.me.workspaceId]);
    expect(claimed).toHaveLength(1);
    // Later ticks do not touch it while it may still be on the wire…
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, queued: 0, swept: 0 });
    // …and once it is stale it is marked interrupted, never sent.
    clock.advance(SENDING_STALE_MINUTES * MINUTE);
    expect(await sweepInterrupted(world.service.deps.orm.em.fork(), clock.now(), world.service.deps.extensions, [world.me.workspaceId])).toBe(1);
    const [send] = await sendsOf(s.leadIds[0]!);
    expect(send).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await leadRow(s.leadIds[0]!)).toMatchObject({ status: 'active', current_step: 1 });
    expect(world.peer.messages).toHaveLength(0);
    expect(await tick()).toMatchObject({ sent: 0 });
    expect(world.peer.messages).toHaveLength(0);
  });

  it("starts a thread with a subject when nothing went before: a blank-subject follow-up after an interrupted first email takes the first email step's, written for the lead", async () => {
    const s = await activeCampaign({
      steps: [
        { variants: [{ subject: 'Quick question, {{firstName}}', body: 'Hi.', enabled: true }] },
        { waitMinutes: 1440, variants: [{ subject: '', body: 'Bumping this.', enabled: true }] },
      ],
    });
    const { planTick } = await import('../../src/modules/sending/engine/tick');
    await planTick(world.service.deps, clock.now(), [world.me.workspaceId]);
    expect(await claimSends(world.service.deps.orm.em.fork(), clock.now(), 10, world.service.deps.owner.name, [world.me.workspaceId])).toHaveLength(1);
    clock.advance((SENDING_STALE_MINUTES + 1) * MINUTE);
    expect(await sweepInterrupted(world.service.deps.orm.em.fork(), clock.now(), world.service.deps.extensions, [world.me.workspaceId])).toBe(1);
    // The follow-up has no sent email to answer: a thread of its own, under the first email's subject.
    clock.advance(DAY);
    expect(await tick()).toMatchObject({ sent: 1 });
    const [m] = await world.peer.waitForMessages(1);
    const mail = await simpleParser(m!.raw);
    expect(mail.subject).toBe('Quick question, Lead0');
    expect(mail.inReplyTo).toBeUndefined();
    expect(mail.text).toContain('Bumping this.');
    expect((await sendsOf(s.leadIds[0]!))[1]).toMatchObject({ step_position: 2, status: 'sent', subject: 'Quick question, Lead0' });
  });

  it('drops an email that would start a thread without any subject, and moves its lead on to the next step instead of leaving it waiting', async () => {
    // Written past the API's checks (a top-level campaign must open with a subject): the last resort.
    const s = await activeCampaign({
      steps: [{ variants: [{ subject: '', body: 'Hi.', enabled: true }] }, { waitMinutes: 1440, variants: [{ subject: 'A subject of its own', body: 'Second.', enabled: true }] }],
    });
    const leadId = s.leadIds[0]!;
    expect(await tick()).toMatchObject({ sent: 0, dropped: 1 });
    expect(world.peer.messages).toHaveLength(0);
    expect((await sendsOf(leadId))[0]).toMatchObject({ step_position: 1, status: 'dropped', error: expect.stringMatching(/^No subject/) });
    expect((await db(`select status, current_step from lead where id = ?`, [leadId]))[0]).toEqual({ status: 'pending', current_step: 1 });
    // The next step goes after its own wait, counted from the drop.
    expect(await tick()).toMatchObject({ sent: 0 });
    clock.advance(DAY);
    expect(await tick()).toMatchObject({ sent: 1 });
    const [m] = await world.peer.waitForMessages(1);
    expect((await simpleParser(m!.raw)).subject).toBe('A subject of its own');
    expect((await db(`select status, current_step from lead where id = ?`, [leadId]))[0]).toEqual({ status: 'completed', current_step: 2 });
  });

  it('never sends an email twice after a dispatcher process is killed mid-send (SIGKILL)', async () => {
    const s = await activeCampaign({ leads: 4, campaign: { dailyLimit: 100 } });
    for (let i = 0; i < 3; i++) await attachInbox(s.campaignId, `kill${i}`);
    // Slow answers at every SMTP stage: the process is killed with its emails between claim and answer.
    world.peer.behaviour = { delayMs: 1_000 };
    const dispatcher = startDispatchChild(world.me.workspaceId, clock.now());
    const inSending = async () => (await db(`select count(*)::int as n from send where campaign_id = ? and status = 'sending'`, [s.campaignId]))[0].n;
    for (let waited = 0; (await inSending()) < 4; waited += 50) {
      if (waited > 20_000) throw new Error(`the dispatcher never claimed its emails: ${dispatcher.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    await dispatcher.killAndAwaitSessionEnd(db);

    // Its claimant is dead once PostgreSQL has ended its session: the rows it handed to the wire (one per
    // inbox, each lane's only one) are marked interrupted, never sent; any it never handed go back to the
    // queue and out once.
    world.peer.behaviour = {};
    const after = await tick();
    expect(after.swept + after.requeued).toBe(4);
    expect(after.swept).toBeGreaterThan(0);
    expect(after.sent).toBe(after.requeued);
    clock.advance((SENDING_STALE_MINUTES + 1) * MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, swept: 0, requeued: 0 });
    expect(await db(`select status, error, count(*)::int as n from send where campaign_id = ? group by status, error order by status`, [s.campaignId])).toEqual([
      { status: 'failed', error: 'interrupted', n: after.swept },
      ...(after.requeued ? [{ status: 'sent', error: null, n: after.requeued }] : []),
    ]);
    const to = world.peer.messages.map((m) => m.envelope.rcptTo[0]);
    expect(new Set(to).size).toBe(to.length);
  });

  it('leaves an email in sending, never to be sent again, when the SMTP thread dies while it is on the wire', async () => {
    const s = await activeCampaign();
    world.peer.behaviour = { delayMs: 1_000 };
    const ticking = tick();
    // Claimed (the claim commits before SMTP), then handed to the thread, which dies before an answer: it is
    // stopped once the peer has taken the login (about 2 s in, with 3 s of MAIL, RCPT and DATA still to
    // come), so the email is on the wire whatever the machine's load. (Stopped at a fixed 100 ms after the
    // claim, a loaded machine had not handed it over yet: the next thread sent it, rightly.)
    while ((await sendsOf(s.leadIds[0]!))[0]?.status !== 'sending') await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 500 && world.peer.logins.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(world.peer.logins).toHaveLength(1);
    await smtp.thread.stop();
    expect(await ticking).toMatchObject({ sent: 0 });
    expect(await sendsOf(s.leadIds[0]!)).toEqual([expect.objectContaining({ status: 'sending' })]);
    world.peer.behaviour = {};
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 0 });
    expect(world.peer.messages).toHaveLength(0);
  });

  it('drops an email whose address was blocklisted after it was queued', async () => {
    const s = await activeCampaign();
    const { planTick } = await import('../../src/modules/sending/engine/tick');
    await planTick(world.service.deps, clock.now(), [world.me.workspaceId]);
    const lead = await leadRow(s.leadIds[0]!);
    await db(`insert into blocklist_entry (id, created_at, workspace_id, email, reason) values (?, now(), ?, ?, 'manual')`, [
      randomUUID(),
      world.me.workspaceId,
      lead.email.split('@')[1],
    ]);
    expect(await tick()).toMatchObject({ dropped: 1, sent: 0 });
    expect((await sendsOf(s.leadIds[0]!))[0]).toMatchObject({ status: 'dropped', error: 'Blocklisted' });
    expect(world.peer.messages).toHaveLength(0);
  });

  it("stops a lead whose queued email was dropped as blocklisted, so its inbox's turn goes to the next lead", async () => {
    // One inbox, three leads: the one planned first is blocklisted (its address) before its email goes.
    const s = await activeCampaign({ leads: 3 });
    const { planTick } = await import('../../src/modules/sending/engine/tick');
    await planTick(world.service.deps, clock.now(), [world.me.workspaceId]);
    const [queued] = await db(`select lead_id from send where campaign_id = ?`, [s.campaignId]);
    const blocked = String(queued.lead_id);
    const { email } = await leadRow(blocked);
    await db(`insert into blocklist_entry (id, created_at, workspace_id, email, reason) values (?, now(), ?, ?, 'manual')`, [randomUUID(), world.me.workspaceId, email]);
    // Its row is dropped; the inbox's turn of this tick went to the next lead (the blocklisted one was busy).
    expect(await tick()).toMatchObject({ dropped: 1, sent: 1 });
    expect(await leadRow(blocked)).toMatchObject({ status: 'stopped', stop_reason: 'blocklisted', next_due_at: null });
    // Before, the blocklisted lead stayed due and first in line: from the next tick on it was planned for the
    // inbox every time, its insert a no-op (the dropped row holds its step), and the third lead never went.
    for (let i = 0; i < 3 && world.peer.messages.length < 2; i++) {
      clock.advance(MINUTE);
      await tick();
    }
    const others = s.leadIds.filter((id) => id !== blocked);
    for (const id of others) expect(await sendsOf(id)).toEqual([expect.objectContaining({ status: 'sent' })]);
    const emails = await Promise.all(others.map(async (id) => (await leadRow(id)).email as string));
    expect((await world.peer.waitForMessages(2)).map((m) => m.envelope.rcptTo[0]).sort()).toEqual(emails.sort());
    expect(await sendsOf(blocked)).toEqual([expect.objectContaining({ status: 'dropped', error: 'Blocklisted' })]);
  });
});

describe('one batch, several emails from one inbox', () => {
  // One-offs are not spread by the planner: several for one inbox reach the same claimed batch and go
  // one after another on that inbox's lane, which must see what each answer did to the inbox. The
  // campaigns are paused so that no sequence email joins in (one-offs go whatever the campaign does).
  const oneOffs = async (s: Setup) => {
    for (const leadId of s.leadIds) {
      expect((await world.me.client.post(`/leads/${leadId}/send`, { mailboxId: s.inboxId, subject: 'A note', body: 'Hello' })).status).toBe(200);
    }
  };

  it('records subjects with quotes, question marks and backslashes as they were sent', async () => {
    const s = await activeCampaign({ leads: 2, campaign: { status: 'paused' } });
    const subjects = [`It's "50% off"? Really?`, 'C:\\temp\\{x} \\" \'; drop table send; --'];
    for (const [i, leadId] of s.leadIds.entries()) {
      expect((await world.me.client.post(`/leads/${leadId}/send`, { mailboxId: s.inboxId, subject: subjects[i], body: 'Hello?' })).status).toBe(200);
    }
    expect(await tick()).toMatchObject({ sent: 2 });
    const rows = await db(`select subject, status from send where inbox_id = ? order by subject`, [s.inboxId]);
    expect(rows).toEqual([...subjects].sort().map((subject) => ({ subject, status: 'sent' })));
  });

  it("keeps an inbox's back-off error when an email accepted before it is recorded after it", async () => {
    const s = await activeCampaign({ leads: 2, campaign: { status: 'paused' } });
    const [second] = await db(`select email from lead where id = ?`, [s.leadIds[1]]);
    world.peer.behaviour = { rcpt: (to: string) => (to === second.email ? { code: 421, message: '4.7.0 Try again later' } : undefined) };
    await oneOffs(s);
    // The first lead's email goes first (rows are claimed by scheduled_for).
    await db(`update send set scheduled_for = scheduled_for - interval '1 minute' where lead_id = ?`, [s.leadIds[0]]);
    expect(await tick()).toMatchObject({ sent: 1, deferred: 1 });
    const [inbox] = await db(`select last_error, backoff_until, last_sent_at from inbox where id = ?`, [s.inboxId]);
    expect(inbox.last_error).toMatch(/Try again later/);
    expect(new Date(inbox.backoff_until).getTime()).toBeGreaterThan(MONDAY_10.getTime());
    expect(inbox.last_sent_at).not.toBeNull();
  });

  it('tries a refused login once, not once per email', async () => {
    const s = await activeCampaign({ leads: 3, campaign: { status: 'paused' }, inbox: { password: 'wrong password' } });
    await oneOffs(s);
    await tick();
    expect(world.peer.logins.filter((l) => !l.ok)).toHaveLength(1);
    const rows = await db(`select status, scheduled_for from send where inbox_id = ? and kind = 'one_off'`, [s.inboxId]);
    expect(rows.map((r: Record<string, unknown>) => r.status)).toEqual(['queued', 'queued', 'queued']);
    for (const r of rows) expect(new Date(r.scheduled_for).getTime()).toBe(MONDAY_10.getTime() + 60 * MINUTE);
  });

  it("keeps the inbox's gap between them, and records every accepted one", async () => {
    const s = await activeCampaign({ leads: 2, campaign: { status: 'paused' }, inbox: { minGapMinutes: 5 } });
    await oneOffs(s);
    const report = await tick();
    expect(report).toMatchObject({ sent: 1, released: 1 });
    const [waiting] = await db(`select scheduled_for from send where inbox_id = ? and status = 'queued'`, [s.inboxId]);
    expect(new Date(waiting.scheduled_for).getTime()).toBe(MONDAY_10.getTime() + 5 * MINUTE);
    clock.advance(5 * MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    expect(world.peer.messages).toHaveLength(2);
    const [stat] = await db(`select sent from inbox_day_stat where inbox_id = ?`, [s.inboxId]);
    expect(stat.sent).toBe(2);
    const attempts = await db(`select outcome from send_attempt where inbox_id = ?`, [s.inboxId]);
    expect(attempts.map((a: Record<string, unknown>) => a.outcome)).toEqual(['accepted', 'accepted']);
    const [inbox] = await db(`select last_sent_at, next_free_at from inbox where id = ?`, [s.inboxId]);
    expect(new Date(inbox.next_free_at).getTime()).toBe(MONDAY_10.getTime() + 10 * MINUTE);
  });
});

describe('stopping (SIGTERM)', () => {
  it('finishes every email it has claimed and claims no more', async () => {
    const s = await activeCampaign({ leads: CLAIM_BATCH + 50, campaign: { status: 'paused' }, inbox: { dailyCap: 1000, rampStart: 1000 } });
    await db(
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, dedupe_key, status, message_id, subject, body, scheduled_for, attempts)
       select x.id, now(), l.workspace_id, l.campaign_id, l.id, ?, 'one_off', 'stop-test', 'queued', '<' || x.id || '@acme.test>', 'A note', 'Hello', ?, 0
         from lead l cross join lateral (select gen_random_uuid() as id, l.id as lead) x where l.campaign_id = ?`,
      [s.inboxId, MONDAY_10, s.campaignId],
    );
    let checks = 0;
    // The stop arrives right after the first claim (the dispatch job sets the same flag on SIGTERM).
    const report = await runDispatchTick(world.service.deps, { random: () => 0, workspaceIds: [world.me.workspaceId], stopping: () => checks++ > 0 });
    expect(report.sent).toBe(CLAIM_BATCH);
    const counts = await db(`select status, count(*)::int as n from send where inbox_id = ? group by status order by status`, [s.inboxId]);
    expect(counts).toEqual([
      { status: 'queued', n: 50 },
      { status: 'sent', n: CLAIM_BATCH },
    ]);
    expect(world.peer.messages).toHaveLength(CLAIM_BATCH);
  });
});

describe('inbox bounce stop', () => {
  it('stops an inbox once hard bounces pass 5% of its last 100 sends with at least 20', async () => {
    const s = await activeCampaign({ leads: 22, campaign: { dailyLimit: 100 } });
    const rejectSome = new Set<string>();
    const leads = await db(`select email from lead where campaign_id = ? order by created_at, id`, [s.campaignId]);
    // Two bounces in the first 20 sends: 10% but under 20 sends it does not count yet.
    rejectSome.add(leads[0].email);
    rejectSome.add(leads[1].email);
    world.peer.behaviour = { rcpt: (address: string) => (rejectSome.has(address) ? { code: 550, message: 'unknown user' } : undefined) };
    for (let i = 0; i < 19; i++) {
      await tick();
      clock.advance(MINUTE);
    }
    let [inbox] = await db(`select status from inbox where id = ?`, [s.inboxId]);
    expect(inbox.status).toBe('active');
    await tick(); // the 20th send: 2 of 20 bounced = 10% > 5%
    [inbox] = await db(`select status, last_error from inbox where id = ?`, [s.inboxId]);
    expect(inbox.status).toBe('bounce_stopped');
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 0, bounced: 0 });
  });
});
