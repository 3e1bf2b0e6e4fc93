// One sender per lead and sender pools (decisions.md §11), end to end: dispatch ticks at fixed clocks
// against the real database, sending through the SMTP peer, reading From, Message-ID, In-Reply-To and
// References of what arrived. Every email of a lead's sequence leaves from the inbox of its first, in
// one thread; the lead waits while that inbox cannot send; when the inbox leaves the campaign (taken out
// of mailbox_ids, deleted, untagged) the next email goes from another inbox as a new thread; a tagged
// inbox joins a running campaign; racing dispatchers never give a lead two senders; an answer to a
// reply goes from the lead's own inbox.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { planTick, runDispatchTick } from '../../src/modules/sending/engine/tick';
import { startTestService } from '../support/service';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import * as ops from '../graphql/generated';

const DAY = 86_400_000;
const WEDNESDAY_10 = new Date(MONDAY_10.getTime() + 2 * DAY);
const FRIDAY_10 = new Date(MONDAY_10.getTime() + 4 * DAY);
const world = sendingWorld({ accountPer: 'test', env: { PUBLIC_URL: 'https://links.example.test' } });
const { clock, db, tick } = world;
const api = () => world.me.client;
beforeEach(() => {
  world.peer.messages.length = 0;
  world.peer.behaviour = {};
});

interface Mail {
  to: string;
  from: string;
  subject: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
}

/** Every message the peer took, parsed, in the order it took them. */
async function mails(): Promise<Mail[]> {
  return Promise.all(
    world.peer.messages.map(async (m) => {
      const p = await simpleParser(m.raw);
      const refs = p.references === undefined ? [] : Array.isArray(p.references) ? p.references : [p.references];
      return {
        to: m.envelope.rcptTo[0]!,
        from: p.from!.value[0]!.address!,
        subject: p.subject ?? '',
        messageId: p.messageId!,
        inReplyTo: p.inReplyTo ?? null,
        references: refs,
      };
    }),
  );
}
const mailsTo = async (address: string) => (await mails()).filter((m) => m.to === address);

/** An inbox on the SMTP peer (no gap, 100 a day), one of the campaign's unless `campaignId` is null. */
const inboxFor = (campaignId: string | null, name: string, overrides: Record<string, unknown> = {}) =>
  world.senderInbox(campaignId, { email: `${name}-${randomUUID().slice(0, 6)}@acme.test`, dailyCap: 100, rampStart: 100, ...overrides });

/** An active campaign (UTC, 100 a day) of `steps` email steps two days apart, the follow-ups with a
 *  blank subject (in the thread), and `leads` leads added the day before. */
async function campaignWith(opts: { leads: number; steps?: number; campaign?: Record<string, unknown> }) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', dailyLimit: 100, ...opts.campaign });
  for (let p = 1; p <= (opts.steps ?? 3); p++) {
    await addStep(world.service, world.me.workspaceId, campaign.id, {
      waitMinutes: p === 1 ? 0 : 2 * 1440,
      variants: [{ subject: p === 1 ? 'Quick question, {{firstName}}' : '', body: `Step ${p} for {{firstName}}.`, enabled: true }],
    });
  }
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    Array.from({ length: opts.leads }, (_, i) => ({
      email: `lead${i}-${randomUUID().slice(0, 6)}@client.test`,
      vars: { firstName: `Lead${i}` },
      createdAt: new Date(MONDAY_10.getTime() - DAY),
    })),
  );
  return { campaignId: campaign.id, leads: leads.map((l) => ({ id: l.id, email: l.email })) };
}

const leadRow = async (id: string) => (await db(`select * from lead where id = ?`, [id]))[0];
const stepSends = (campaignId: string, position: number) =>
  db(`select lead_id, inbox_id, status from send where campaign_id = ? and kind = 'step' and step_position = ?`, [campaignId, position]);

/** Ticks until the campaign has `count` sent emails of step `position` (one per inbox per tick). */
async function sendStep(campaignId: string, position: number, count: number, maxTicks = 30): Promise<void> {
  for (let i = 0; i < maxTicks; i++) {
    const sent = (await stepSends(campaignId, position)).filter((s: { status: string }) => s.status === 'sent').length;
    if (sent >= count) return;
    await tick();
  }
  throw new Error(`step ${position}: fewer than ${count} emails went out`);
}

/** What an inbox sent on the clock's day, as its day count says (caps read it). */
async function setSentToday(inboxId: string, sent: number) {
  const day = clock.now().toISOString().slice(0, 10);
  await db(
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, now(), ?, ?, ?, ?, 0, 0, 0)
     on conflict (inbox_id, day) do update set sent = excluded.sent`,
    [randomUUID(), world.me.workspaceId, inboxId, day, sent],
  );
}

/** The lead's mailboxId through REST (the lead object, camelCase) and GraphQL, which must agree. */
async function mailboxIdOf(leadId: string): Promise<string | null> {
  const rest = await api().get(`/leads/${leadId}`);
  expect(rest.status).toBe(200);
  const gql = await api().gql(ops.LeadSenderDocument, { id: leadId });
  expect(gql.errors).toBeUndefined();
  expect(gql.data!.lead.mailboxId).toBe(rest.body.mailboxId);
  return rest.body.mailboxId as string | null;
}

describe('one sender per lead', () => {
  it('sends every step of a lead from the inbox of its first, in one thread, whatever the rotation would pick', async () => {
    const s = await campaignWith({ leads: 6 });
    const inboxes = [await inboxFor(s.campaignId, 'ann'), await inboxFor(s.campaignId, 'bob'), await inboxFor(s.campaignId, 'cat')];
    const emailOf = new Map(inboxes.map((i) => [i.id, i.email]));
    await sendStep(s.campaignId, 1, 6);
    for (const lead of s.leads) {
      const row = await leadRow(lead.id);
      const [send] = (await stepSends(s.campaignId, 1)).filter((x: { lead_id: string }) => x.lead_id === lead.id);
      expect(row.mailbox_id).toBe(send.inbox_id);
      expect(await mailboxIdOf(lead.id)).toBe(send.inbox_id);
    }
    // Each inbox took two first emails.
    expect(new Set((await db(`select mailbox_id from lead where campaign_id = ?`, [s.campaignId])).map((r: { mailbox_id: string }) => r.mailbox_id)).size).toBe(3);

    // On the follow-up days one inbox has already sent more than the others: the rotation alone would
    // hand its leads to the other inboxes.
    clock.at = WEDNESDAY_10;
    await setSentToday(inboxes[0]!.id, 5);
    await sendStep(s.campaignId, 2, 6);
    clock.at = FRIDAY_10;
    await setSentToday(inboxes[1]!.id, 7);
    await sendStep(s.campaignId, 3, 6);

    for (const lead of s.leads) {
      const got = await mailsTo(lead.email);
      const own = emailOf.get((await leadRow(lead.id)).mailbox_id)!;
      expect(got.map((m) => m.from)).toEqual([own, own, own]);
      const first = got[0]!.subject;
      expect(first).toMatch(/^Quick question, Lead\d$/);
      expect(got.map((m) => m.subject)).toEqual([first, `Re: ${first}`, `Re: ${first}`]);
      expect(got[0]!.inReplyTo).toBeNull();
      expect(got[1]!.inReplyTo).toBe(got[0]!.messageId);
      expect(got[1]!.references).toEqual([got[0]!.messageId]);
      expect(got[2]!.inReplyTo).toBe(got[1]!.messageId);
      expect(got[2]!.references).toEqual([got[0]!.messageId, got[1]!.messageId]);
    }
  });

  it('keeps the leads of a capped inbox waiting (sender_waiting) while the other inboxes send their own', async () => {
    const s = await campaignWith({ leads: 24, steps: 2 });
    const [a, b, c] = [await inboxFor(s.campaignId, 'ann'), await inboxFor(s.campaignId, 'bob'), await inboxFor(s.campaignId, 'cat')];
    await sendStep(s.campaignId, 1, 24);
    const leadsOf = async (inboxId: string) =>
      (await db(`select id, email from lead where campaign_id = ? and mailbox_id = ?`, [s.campaignId, inboxId])) as { id: string; email: string }[];
    const ofA = await leadsOf(a.id);
    expect(ofA).toHaveLength(8);

    // Wednesday: ann has used her cap, and her leads are first in line — more of them than a tick reads.
    clock.at = WEDNESDAY_10;
    await setSentToday(a.id, 100);
    await db(`update lead set next_due_at = next_due_at - interval '1 hour' where mailbox_id = ?`, [a.id]);
    const report = await tick();
    expect(report).toMatchObject({ sent: 2 });
    const sentNow = await stepSends(s.campaignId, 2);
    expect(sentNow.map((x: { inbox_id: string }) => x.inbox_id).sort()).toEqual([b.id, c.id].sort());

    const status = await api().get(`/campaigns/${s.campaignId}/sending-status`);
    expect(status.status).toBe(200);
    const note = status.body.notes.find((n: { code: string }) => n.code === 'sender_waiting');
    expect(note.text).toContain(`8 for ${a.email} (reached today's cap`);
    expect(Object.keys(note).sort()).toEqual(['code', 'text']);
    const gql = await api().gql(ops.CampaignSendingStatusDocument, { id: s.campaignId });
    expect(gql.data!.campaignSendingStatus.notes).toContainEqual(note);

    // Bob and Cat send all their leads' follow-ups; none of ann's leads is given to them.
    await sendStep(s.campaignId, 2, 16);
    for (let i = 0; i < 3; i++) await tick();
    expect((await stepSends(s.campaignId, 2)).filter((x: { inbox_id: string }) => x.inbox_id === a.id)).toHaveLength(0);
    expect((await stepSends(s.campaignId, 2)).length).toBe(16);
    for (const lead of ofA) expect((await leadRow(lead.id)).mailbox_id).toBe(a.id);

    // Thursday her cap is fresh: her leads go from her, in their threads.
    clock.at = new Date(WEDNESDAY_10.getTime() + DAY);
    await sendStep(s.campaignId, 2, 24);
    for (const lead of ofA) {
      const got = await mailsTo(lead.email);
      expect(got.map((m) => m.from)).toEqual([a.email, a.email]);
      expect(got[1]!.inReplyTo).toBe(got[0]!.messageId);
    }
    const after = await api().get(`/campaigns/${s.campaignId}/sending-status`);
    expect(after.body.notes.map((n: { code: string }) => n.code)).not.toContain('sender_waiting');
  });

  it('moves the leads of an inbox that left the campaign (taken out of mailbox_ids, or deleted) to another inbox, as a new thread', async () => {
    const s = await campaignWith({ leads: 2 });
    const x = await inboxFor(s.campaignId, 'xia');
    const z = await inboxFor(s.campaignId, 'zed');
    await sendStep(s.campaignId, 1, 2);
    const [l0, l1] = s.leads;
    const xLead = (await leadRow(l0!.id)).mailbox_id === x.id ? l0! : l1!;
    const zLead = xLead === l0 ? l1! : l0!;
    expect(await mailboxIdOf(zLead.id)).toBe(z.id);

    // A new inbox joins; xia is taken out of the campaign and zed is deleted.
    const y = await inboxFor(null, 'yan');
    expect((await api().patch(`/campaigns/${s.campaignId}`, { mailbox_ids: [y.id, z.id] })).status).toBe(200);
    expect((await api().delete(`/mailboxes/${z.id}`)).status).toBe(200);
    expect((await api().get(`/campaigns/${s.campaignId}`)).body.sending_mailbox_ids).toEqual([y.id]);

    clock.at = WEDNESDAY_10;
    await sendStep(s.campaignId, 2, 2);
    clock.at = FRIDAY_10;
    await sendStep(s.campaignId, 3, 2);
    for (const lead of [xLead, zLead]) {
      expect(await mailboxIdOf(lead.id)).toBe(y.id);
      const got = await mailsTo(lead.email);
      expect(got.map((m) => m.from)).toEqual([xLead === lead ? x.email : z.email, y.email, y.email]);
      const first = got[0]!.subject;
      // A new thread under the lead's first subject: no Re:, no In-Reply-To or References…
      expect(got[1]!.subject).toBe(first);
      expect(got[1]!.inReplyTo).toBeNull();
      expect(got[1]!.references).toEqual([]);
      // …which the next step answers in.
      expect(got[2]!.subject).toBe(`Re: ${first}`);
      expect(got[2]!.inReplyTo).toBe(got[1]!.messageId);
      expect(got[2]!.references).toEqual([got[1]!.messageId]);
    }
  });

  it('withdraws a follow-up queued from an inbox that leaves before it goes, and sends it from another as a new thread', async () => {
    const s = await campaignWith({ leads: 1, steps: 2 });
    const x = await inboxFor(s.campaignId, 'xia');
    await sendStep(s.campaignId, 1, 1);
    const y = await inboxFor(s.campaignId, 'yan');
    const lead = s.leads[0]!;
    clock.at = WEDNESDAY_10;
    expect(await planTick(world.service.deps, clock.now(), [world.me.workspaceId])).toEqual({ planned: 1, queued: 1 });
    expect((await stepSends(s.campaignId, 2)).map((r: { inbox_id: string }) => r.inbox_id)).toEqual([x.id]);
    expect((await api().patch(`/campaigns/${s.campaignId}`, { mailbox_ids: [y.id] })).status).toBe(200);
    expect(await tick()).toMatchObject({ sent: 0, released: 1 });
    expect(await mailboxIdOf(lead.id)).toBe(x.id);
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    expect(await mailboxIdOf(lead.id)).toBe(y.id);
    const got = await mailsTo(lead.email);
    expect(got.map((m) => m.from)).toEqual([x.email, y.email]);
    expect(got[1]!.subject).toBe(got[0]!.subject);
    expect(got[1]!.inReplyTo).toBeNull();
  });

  it('gives a lead whose first email was withdrawn before it went no inbox, so another can send it', async () => {
    const s = await campaignWith({ leads: 1, steps: 1 });
    const a = await inboxFor(s.campaignId, 'ann');
    const b = await inboxFor(s.campaignId, 'bob');
    const lead = s.leads[0]!;
    expect(await planTick(world.service.deps, clock.now(), [world.me.workspaceId])).toEqual({ planned: 1, queued: 1 });
    const queuedFrom = (await leadRow(lead.id)).mailbox_id;
    expect([a.id, b.id]).toContain(queuedFrom);
    // Its inbox is paused before the email goes: withdrawn, and the lead has no inbox yet.
    expect((await api().post(`/mailboxes/${queuedFrom}/pause`)).status).toBe(200);
    expect(await tick()).toMatchObject({ sent: 0, released: 1 });
    expect(await mailboxIdOf(lead.id)).toBeNull();
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    const other = queuedFrom === a.id ? b : a;
    expect(await mailboxIdOf(lead.id)).toBe(other.id);
    expect((await mailsTo(lead.email)).map((m) => m.from)).toEqual([other.email]);
  });

  it('never gives a lead two senders when dispatchers race, in one process or two', async () => {
    const s = await campaignWith({ leads: 12, steps: 2 });
    for (let i = 0; i < 12; i++) await inboxFor(s.campaignId, `first${i}`);
    const other = await startTestService({ clock, env: { PUBLIC_URL: 'https://links.example.test', ALLOW_PRIVATE_FETCH: 'true' } });
    const race = () =>
      Promise.all([
        tick(),
        tick(),
        runDispatchTick(other.deps, { random: () => 0, workspaceIds: [world.me.workspaceId] }),
        runDispatchTick(other.deps, { random: () => 0, workspaceIds: [world.me.workspaceId] }),
      ]);
    const sameSender = async (position: number) => {
      const rows = await db(
        `select l.id, l.mailbox_id, array_agg(s.inbox_id::text) as inboxes from lead l join send s on s.lead_id = l.id and s.kind = 'step' and s.step_position = ?
          where l.campaign_id = ? group by l.id, l.mailbox_id`,
        [position, s.campaignId],
      );
      expect(rows).toHaveLength(12);
      for (const r of rows) expect(r.inboxes).toEqual([r.mailbox_id]);
      return new Map(rows.map((r: { id: string; mailbox_id: string }) => [r.id, r.mailbox_id]));
    };
    try {
      const first = await race();
      expect(first.reduce((n, r) => n + r.sent, 0)).toBe(12);
      const before = await sameSender(1);
      // Every inbox leaves; twelve others take their place: each lead needs a new sender, once.
      const fresh = [];
      for (let i = 0; i < 12; i++) fresh.push((await inboxFor(null, `second${i}`)).id);
      expect((await api().patch(`/campaigns/${s.campaignId}`, { mailbox_ids: fresh })).status).toBe(200);
      clock.at = WEDNESDAY_10;
      const second = await race();
      expect(second.reduce((n, r) => n + r.sent, 0)).toBe(12);
      const after = await sameSender(2);
      for (const [leadId, inboxId] of after) {
        expect(fresh).toContain(inboxId);
        expect(inboxId).not.toBe(before.get(leadId));
      }
    } finally {
      await other.stop();
    }
    const to = world.peer.messages.map((m) => m.envelope.rcptTo[0]);
    expect(to).toHaveLength(24);
  });
});

describe('sender pools', () => {
  it('sends from a tagged inbox that joins a running campaign, and moves the leads of one untagged', async () => {
    const s = await campaignWith({ leads: 4, steps: 2 });
    const a = await inboxFor(null, 'ann', { tags: ['pool', 'eu'] });
    expect((await api().patch(`/campaigns/${s.campaignId}`, { mailbox_tags: ['pool'] })).status).toBe(200);
    expect(await tick()).toMatchObject({ sent: 1 });

    // Bob is tagged through the API: he joins at the next tick.
    const b = await inboxFor(null, 'bob');
    expect((await api().patch(`/mailboxes/${b.id}`, { tags: ['pool'] })).status).toBe(200);
    expect((await api().get(`/campaigns/${s.campaignId}`)).body.sending_mailbox_ids.sort()).toEqual([a.id, b.id].sort());
    expect(await tick()).toMatchObject({ sent: 2 });
    const fromA = (await db(`select id, email from lead where campaign_id = ? and mailbox_id = ?`, [s.campaignId, a.id])) as { id: string; email: string }[];
    expect(fromA.length).toBeGreaterThanOrEqual(1);

    // Ann loses the tag: she leaves; the last first email and her leads' follow-ups go from Bob.
    expect((await api().patch(`/mailboxes/${a.id}`, { tags: ['eu'] })).status).toBe(200);
    expect((await api().get(`/campaigns/${s.campaignId}`)).body.sending_mailbox_ids).toEqual([b.id]);
    await sendStep(s.campaignId, 1, 4);
    clock.at = WEDNESDAY_10;
    await sendStep(s.campaignId, 2, 4);
    for (const lead of fromA) {
      expect(await mailboxIdOf(lead.id)).toBe(b.id);
      const got = await mailsTo(lead.email);
      expect(got.map((m) => m.from)).toEqual([a.email, b.email]);
      expect(got[1]!.subject).toBe(got[0]!.subject);
      expect(got[1]!.inReplyTo).toBeNull();
    }
    const stepTwo = await stepSends(s.campaignId, 2);
    expect(stepTwo.every((x: { inbox_id: string }) => x.inbox_id === b.id)).toBe(true);
  });
});

describe('answers', () => {
  it("answers a reply from the lead's own inbox, whichever inbox received it (REST and GraphQL)", async () => {
    const s = await campaignWith({ leads: 1, steps: 1 });
    const own = await inboxFor(s.campaignId, 'own');
    const alias = await inboxFor(null, 'alias');
    await sendStep(s.campaignId, 1, 1);
    const lead = s.leads[0]!;
    expect((await leadRow(lead.id)).mailbox_id).toBe(own.id);
    world.peer.messages.length = 0;
    const item = () =>
      createReplyItem(world.service, world.me.workspaceId, { inbox: alias.id, lead: lead.id, campaign: s.campaignId, fromEmail: lead.email, subject: 'Re: Quick question' });
    const rest = await api().post(`/replies/${(await item()).id}/reply`, { body: 'Happy to talk.' });
    expect(rest.status).toBe(200);
    const gql = await api().gql(ops.SendReplyAnswerDocument, { id: (await item()).id, input: { body: 'Thursday works.' } });
    expect(gql.errors).toBeUndefined();
    const got = await mailsTo(lead.email);
    expect(got.map((m) => m.from)).toEqual([own.email, own.email]);
    expect(await db(`select inbox_id from send where lead_id = ? and kind = 'one_off'`, [lead.id])).toEqual([{ inbox_id: own.id }, { inbox_id: own.id }]);

    // A lead with no inbox of its own (never emailed) is answered from the inbox that received the item.
    const [stranger] = await createLeads(world.service, world.me.workspaceId, s.campaignId, [{ email: `new-${randomUUID().slice(0, 6)}@client.test` }]);
    const received = await createReplyItem(world.service, world.me.workspaceId, { inbox: alias.id, lead: stranger!.id, campaign: s.campaignId, fromEmail: stranger!.email });
    expect((await api().post(`/replies/${received.id}/reply`, { body: 'Hello.' })).status).toBe(200);
    expect((await mailsTo(stranger!.email)).map((m) => m.from)).toEqual([alias.email]);
  });
});
