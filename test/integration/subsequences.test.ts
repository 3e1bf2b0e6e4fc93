// decisions.md §11 Subsequences in the engine, on real peers: the parent's emails go out through the SMTP
// peer, answers land in a real Dovecot mailbox and are polled, and each trigger (an interest label, a
// reply's words, a finished sequence) moves the lead into its subsequence once, only while the
// subsequence is active; the subsequence's first email is due after its wait from the moment the trigger
// fired, and goes in the parent's thread (In-Reply-To the parent's last Message-ID, "Re: <the parent's
// subject>") from the parent lead's own inbox (one sender per lead: the joined lead takes its sender,
// subsequences.queries.ts JOINED_COLUMNS), which the last test checks over three inboxes.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { runCompletedHooks } from '../../src/modules/leads/lifecycle/lead-completed';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { claimSends } from '../../src/modules/sending/engine/deliver';
import { SENDING_STALE_MINUTES, sweepInterrupted } from '../../src/modules/sending/engine/sweep';
import { deliverDue } from '../../src/modules/sending/engine/deliver';
import { planTick } from '../../src/modules/sending/engine/tick';
import * as ops from '../graphql/generated';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { outOfOffice, personReply } from '../support/inbound-mail';
import { DAY, dovecotPeer, HOUR, MINUTE, sendingWorld } from '../support/sending-world';
import type { Step } from '../../src/modules/steps/step.entity';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;
// These tests live a few days in the real past (dovecotPeer): every day and hour a sending window.
const dovecot = dovecotPeer(world, { mailboxes: 40, prefix: 'sub' });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type StepFields = Partial<Omit<Step, 'campaign'>>;

interface Family {
  parentId: string;
  subId: string;
  inboxId: string;
  inboxEmail: string;
  leads: { id: string; email: string }[];
}

const WAIT = 120; // the subsequence's first step waits two hours

/**
 * An active parent (every day and hour open, UTC) whose one inbox sends through the SMTP peer and reads
 * its own Dovecot mailbox, with `leads` leads added a day ago; and its subsequence, made through the API
 * (so it takes the parent's inbox), whose first step has a blank subject and waits WAIT minutes, active
 * unless `subState` says otherwise.
 */
async function family(trigger: Json, opts: { leads?: number; parentSteps?: StepFields[]; parent?: Json; subState?: 'draft' | 'paused' } = {}): Promise<Family> {
  const parent = await createCampaign(world.service, world.me.workspaceId, {
    ...SENDS_ANY_HOUR,
    dailyLimit: 100,
    ...opts.parent,
  });
  for (const step of opts.parentSteps ?? [
    { variants: [{ subject: 'Quick question, {{firstName}}', body: 'Hi {{firstName}}, a quick question.', enabled: true }] },
    { waitMinutes: 3 * 1440, variants: [{ subject: '', body: 'Bumping this.', enabled: true }] },
  ]) {
    await addStep(world.service, world.me.workspaceId, parent.id, step);
  }
  const inbox = await dovecot.imapInbox([parent.id]);
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    parent.id,
    Array.from({ length: opts.leads ?? 1 }, (_, i) => ({
      email: `lead${i}-${randomUUID().slice(0, 6)}@client${i}.test`,
      vars: { firstName: `Ada${i}` },
      createdAt: new Date(clock.now().getTime() - DAY),
    })),
  );
  const api = world.me.client;
  const sub = await api.post(`/campaigns/${parent.id}/subsequences`, { name: 'Next', trigger });
  expect(sub.status).toBe(201);
  const steps = await api.put(`/campaigns/${sub.body.id}/steps`, [{ position: 1, wait_minutes: WAIT, variants: [{ subject: '', body: 'Following up for {{firstName}}.' }] }]);
  expect(steps.status).toBe(200);
  if (opts.subState !== 'draft') expect((await api.post(`/campaigns/${sub.body.id}/activate`)).status).toBe(200);
  if (opts.subState === 'paused') expect((await api.post(`/campaigns/${sub.body.id}/pause`)).status).toBe(200);
  return { parentId: parent.id, subId: sub.body.id, inboxId: inbox.id, inboxEmail: inbox.email, leads: leads.map((l) => ({ id: l.id, email: l.email })) };
}

/** Ticks a minute apart until every lead of the parent has its first email (one per inbox per tick). */
async function sendFirstSteps(f: Family): Promise<void> {
  for (let i = 0; i < f.leads.length * 3; i++) {
    const [row] = await db(`select count(*)::int as n from send where campaign_id = ? and status = 'sent'`, [f.parentId]);
    if (row.n >= f.leads.length) return;
    await tick();
    clock.advance(MINUTE);
  }
  throw new Error('the first emails did not all go out');
}

const sendOf = async (leadId: string) => (await db(`select * from send where lead_id = ? and kind = 'step' order by step_position`, [leadId]))[0];
const leadRow = async (id: string) => (await db(`select * from lead where id = ?`, [id]))[0];
const joinedLeads = (subId: string) => db(`select * from lead where campaign_id = ? order by created_at, id`, [subId]);
const enteredEvents = (subId: string) => db(`select payload from event where kind = 'subsequence_entered' and payload->>'subsequence_id' = ? order by created_at`, [subId]);
const append = (f: Family, raw: string) =>
  dovecot.imap.appendMessage(f.inboxEmail, raw, { date: clock.now() }).catch((err) => {
    throw new Error(`APPEND failed: ${err.message} ${err.responseText ?? ''}\n${dovecot.imap.log().slice(-1500)}`);
  });
const messagesTo = (email: string) => world.peer.messages.filter((m) => m.envelope.rcptTo.includes(email));

/** Moves the clock past the subsequence's first wait from `from` in two ticks: one a minute before it is
 *  due (nothing goes), one when it is due (it goes). */
async function sendWhenDue(from: Date, email: string): Promise<void> {
  const sentBefore = messagesTo(email).length;
  clock.at = new Date(from.getTime() + (WAIT - 1) * MINUTE);
  await tick();
  expect(messagesTo(email)).toHaveLength(sentBefore);
  clock.at = new Date(from.getTime() + WAIT * MINUTE);
  await tick();
  await world.peer.waitForMessages(world.peer.messages.length);
}

/** The subsequence's email to `email`, checked to be in the thread of the parent's sends (the parent's
 *  `first` email, and its `last` when it sent more than one) from the parent's inbox. */
async function expectInParentThread(f: Family, email: string, parent: { first: Json; last?: Json }, joinedId: string): Promise<void> {
  const mails = messagesTo(email);
  const raw = mails[mails.length - 1]!;
  const mail = await simpleParser(raw.raw);
  const last = parent.last ?? parent.first;
  expect(mail.inReplyTo).toBe(last.message_id);
  expect(mail.references).toEqual(parent.last ? [parent.first.message_id, last.message_id] : last.message_id);
  expect(mail.subject).toBe(`Re: ${parent.first.subject}`);
  expect(mail.from?.value[0]?.address).toBe(f.inboxEmail);
  expect(raw.envelope.mailFrom).toBe(f.inboxEmail);
  expect(mail.text).toContain('Following up for Ada');
  const [send] = await db(`select * from send where lead_id = ?`, [joinedId]);
  expect(send).toMatchObject({ campaign_id: f.subId, inbox_id: f.inboxId, step_position: 1, status: 'sent', message_id: mail.messageId });
}

describe('the interest trigger', () => {
  it("moves the lead once; the subsequence's first email goes after its wait, in the parent's thread, from the parent's inbox", async () => {
    const f = await family(
      { interest: ['interested'] },
      {
        parentSteps: [
          { variants: [{ subject: 'Quick question, {{firstName}}', body: 'Hi {{firstName}}, a quick question.', enabled: true }] },
          { waitMinutes: 3 * 1440, variants: [{ subject: '', body: 'Bumping this.', enabled: true }] },
          { waitMinutes: 3 * 1440, variants: [{ subject: '', body: 'Last bump.', enabled: true }] },
        ],
      },
    );
    const [lead] = f.leads;
    await sendFirstSteps(f);
    const first = await sendOf(lead!.id);
    // The parent's follow-up goes too: the subsequence answers the parent's last email.
    clock.advance(3 * DAY);
    await tick();
    const [, last] = await db(`select * from send where lead_id = ? and status = 'sent' order by step_position`, [lead!.id]);
    expect(last).toMatchObject({ step_position: 2, subject: `Re: ${first.subject}` });
    clock.advance(HOUR);
    const firedAt = clock.now();
    const res = await world.me.client.patch(`/leads/${lead!.id}`, { interest: 'interested' });
    expect(res.body).toMatchObject({ status: 'stopped', stopReason: 'subsequence' });
    // Fired again (a label set again after another): still one join.
    await world.me.client.patch(`/leads/${lead!.id}`, { interest: 'meeting_booked' });
    await world.me.client.patch(`/leads/${lead!.id}`, { interest: 'interested' });
    const [joined, ...more] = await joinedLeads(f.subId);
    expect(more).toEqual([]);
    expect(joined).toMatchObject({ origin_lead_id: lead!.id, status: 'pending', email: lead!.email });
    expect(new Date(joined!.created_at).getTime()).toBe(firedAt.getTime());

    await sendWhenDue(firedAt, lead!.email);
    await expectInParentThread(f, lead!.email, { first, last }, joined!.id);
    // The parent sent nothing more (its lead stopped), and the subsequence's one step completed the joined lead.
    expect(messagesTo(lead!.email)).toHaveLength(3);
    expect(await leadRow(joined!.id)).toMatchObject({ status: 'completed', current_step: 1 });
    expect((await enteredEvents(f.subId)).map((e) => e.payload)).toEqual([
      {
        lead_id: lead!.id,
        email: lead!.email,
        parent_campaign_id: f.parentId,
        subsequence_id: f.subId,
        new_lead_id: joined!.id,
        trigger: 'interest',
        entered_at: firedAt.toISOString(),
      },
    ]);
  });
});

describe('the sender of a joined lead', () => {
  it("is its parent lead's own inbox among three: each subsequence email goes from it, in that lead's thread", async () => {
    const f = await family({ interest: ['interested'] }, { leads: 6 });
    // Two more inboxes for the parent and its subsequence: the pool is three, and each lead keeps the
    // inbox of its first email.
    for (let i = 0; i < 2; i++) await dovecot.imapInbox([f.parentId, f.subId]);
    await sendFirstSteps(f);
    const firsts = new Map<string, Json>();
    for (const lead of f.leads) firsts.set(lead.id, await sendOf(lead.id));
    expect(new Set([...firsts.values()].map((s) => s.inbox_id)).size).toBe(3);
    clock.advance(HOUR);
    const firedAt = clock.now();
    for (const lead of f.leads) expect((await world.me.client.patch(`/leads/${lead.id}`, { interest: 'interested' })).status).toBe(200);
    const joined = await joinedLeads(f.subId);
    expect(joined).toHaveLength(6);
    for (const j of joined) expect(j.mailbox_id).toBe(firsts.get(j.origin_lead_id)!.inbox_id);

    clock.at = new Date(firedAt.getTime() + WAIT * MINUTE);
    for (let i = 0; i < 6; i++) {
      await tick();
      clock.advance(MINUTE);
    }
    await world.peer.waitForMessages(12);
    for (const j of joined) {
      const first = firsts.get(j.origin_lead_id)!;
      const [send] = await db(`select * from send where lead_id = ? and status = 'sent'`, [j.id]);
      expect(send).toMatchObject({ inbox_id: first.inbox_id, subject: `Re: ${first.subject}` });
      const mails = messagesTo(j.email);
      const mail = await simpleParser(mails[mails.length - 1]!.raw);
      expect(mail.inReplyTo).toBe(first.message_id);
      expect(mails[0]!.envelope.mailFrom).toBe(mails[mails.length - 1]!.envelope.mailFrom);
    }
  });
});

describe('the completed trigger', () => {
  it("moves a lead whose last email went out, once; a reply to the parent's thread then stops the lead it joined", async () => {
    const oneStep = [{ variants: [{ subject: 'Last call, {{firstName}}', body: 'Hi {{firstName}}.', enabled: true }] }];
    const f = await family({ completed: true }, { leads: 2, parentSteps: oneStep });
    const [a, c] = f.leads;
    await sendFirstSteps(f);
    const sentA = await sendOf(a!.id);
    const sentC = await sendOf(c!.id);
    const joined = await joinedLeads(f.subId);
    expect(joined.map((j) => j.origin_lead_id).sort()).toEqual([a!.id, c!.id].sort());
    // A completed lead keeps its status in the parent (nothing was left to stop).
    expect(await leadRow(a!.id)).toMatchObject({ status: 'completed', stop_reason: null });
    // Joined when its last email went out.
    const joinedA = joined.find((j) => j.origin_lead_id === a!.id)!;
    expect(new Date(joinedA.created_at).getTime()).toBe(new Date(sentA.sent_at).getTime());

    // Fired twice: one join.
    const em = world.service.deps.orm.em.fork();
    await em.transactional((tx) => runCompletedHooks(tx, world.service.deps.extensions, [{ leadId: a!.id, at: clock.now() }]));
    expect(await joinedLeads(f.subId)).toHaveLength(2);
    expect(await enteredEvents(f.subId)).toHaveLength(2);

    // c answers the parent's email before the subsequence's goes: the lead it joined stops (the
    // subsequence stops on a reply), and the reply counts in the parent.
    await append(f, personReply({ from: c!.email, to: f.inboxEmail, inReplyTo: sentC.message_id, text: 'Thanks, not for us.' }));
    expect(await pollInbox(world.service.deps, f.inboxId)).toMatchObject({ items: 1 });
    const joinedC = joined.find((j) => j.origin_lead_id === c!.id)!;
    expect(await leadRow(joinedC.id)).toMatchObject({ status: 'stopped', stop_reason: 'replied', next_due_at: null });
    expect(await leadRow(c!.id)).toMatchObject({ status: 'replied', stop_reason: 'replied' });
    const [item] = await db(`select lead_id, campaign_id from reply_item where inbox_id = ?`, [f.inboxId]);
    expect(item).toEqual({ lead_id: c!.id, campaign_id: f.parentId });

    await sendWhenDue(new Date(joinedA.created_at), a!.email);
    await expectInParentThread(f, a!.email, { first: sentA }, joinedA.id);
    clock.advance(DAY);
    await tick();
    expect(messagesTo(c!.email)).toHaveLength(1);
  });

  it('moves a lead whose remaining steps are passed (their conditions failed), unless it replied', async () => {
    const f = await family(
      { completed: true },
      {
        leads: 2,
        // The parent goes on after a reply (stop_on_reply off); its last step is for clickers only.
        parent: { stopOnReply: false },
        parentSteps: [
          { variants: [{ subject: 'Hello {{firstName}}', body: 'Hi.', enabled: true }] },
          { waitMinutes: 1440, condition: 'clicked', variants: [{ subject: '', body: 'Saw you clicked.', enabled: true }] },
        ],
      },
    );
    const [x, y] = f.leads;
    await sendFirstSteps(f);
    await db(`update lead set replied_at = ? where id = ?`, [clock.now(), y!.id]);
    clock.advance(DAY);
    await tick();
    expect(await leadRow(x!.id)).toMatchObject({ status: 'completed' });
    expect(await leadRow(y!.id)).toMatchObject({ status: 'completed' });
    const joined = await joinedLeads(f.subId);
    expect(joined.map((j) => j.origin_lead_id)).toEqual([x!.id]);
    expect(new Date(joined[0]!.created_at).getTime()).toBe(clock.now().getTime());
  });

  it('moves a lead whose last email was swept as interrupted (counted as sent)', async () => {
    const f = await family({ completed: true }, { parentSteps: [{ variants: [{ subject: 'Once', body: 'Hi.', enabled: true }] }] });
    const [lead] = f.leads;
    // A worker queued and claimed the last email, then died before the SMTP answer was recorded.
    await planTick(world.service.deps, clock.now(), [world.me.workspaceId]);
    expect(await claimSends(world.service.deps.orm.em.fork(), clock.now(), 10, world.service.deps.owner.name, [world.me.workspaceId])).toHaveLength(1);
    clock.advance((SENDING_STALE_MINUTES + 1) * MINUTE);
    expect(await sweepInterrupted(world.service.deps.orm.em.fork(), clock.now(), world.service.deps.extensions, [world.me.workspaceId])).toBe(1);
    expect(await leadRow(lead!.id)).toMatchObject({ status: 'completed' });
    const [joined] = await joinedLeads(f.subId);
    expect(joined).toMatchObject({ origin_lead_id: lead!.id });
    expect(new Date(joined!.created_at).getTime()).toBe(clock.now().getTime());
  });

  it('moves nobody while the subsequence is a draft or paused', async () => {
    const oneStep = [{ variants: [{ subject: 'Only one', body: 'Hi.', enabled: true }] }];
    for (const subState of ['draft', 'paused'] as const) {
      const f = await family({ completed: true }, { parentSteps: oneStep, subState });
      await sendFirstSteps(f);
      expect(await leadRow(f.leads[0]!.id)).toMatchObject({ status: 'completed' });
      expect(await joinedLeads(f.subId)).toEqual([]);
    }
  });

  it('moves a lead whose last task is closed (tasks complete leads too)', async () => {
    const f = await family({ completed: true }, { parentSteps: [{ task: { kind: 'call', text: 'Call {{firstName}}' }, variants: [] }] });
    const [lead] = f.leads;
    await tick();
    const [task] = await db(`select id from task where lead_id = ?`, [lead!.id]);
    expect((await world.me.client.post(`/tasks/${task.id}/done`)).status).toBe(200);
    expect(await leadRow(lead!.id)).toMatchObject({ status: 'completed' });
    expect((await joinedLeads(f.subId)).map((j) => j.origin_lead_id)).toEqual([lead!.id]);
  });
});

describe('the reply_contains trigger', () => {
  it("moves a lead whose reply's own words contain a word (any case), once; never for the quoted history or an auto-reply", async () => {
    const f = await family({ reply_contains: ['pricing', 'demo'] }, { leads: 4 });
    const [a, b, c, d] = f.leads;
    await sendFirstSteps(f);
    const sent = Object.fromEntries(await Promise.all(f.leads.map(async (l) => [l.id, await sendOf(l.id)])));
    clock.advance(HOUR);
    // a asks about pricing (twice in the batch); b's words do not, though the history it quotes does; c's
    // out-of-office says "demo"; d asks for a DEMO.
    await append(f, personReply({ from: a!.email, to: f.inboxEmail, inReplyTo: sent[a!.id].message_id, text: 'Could you send me your Pricing sheet?' }));
    await append(f, personReply({ from: a!.email, to: f.inboxEmail, inReplyTo: sent[a!.id].message_id, text: 'And the pricing for 50 seats?' }));
    await append(
      f,
      personReply({ from: b!.email, to: f.inboxEmail, inReplyTo: sent[b!.id].message_id, text: 'Not now, thanks.\n\n> Our pricing starts at 10 a seat.\n> Want a demo?' }),
    );
    await append(f, outOfOffice({ from: c!.email, to: f.inboxEmail, inReplyTo: sent[c!.id].message_id, text: 'I am away; for a demo write to my colleague.' }));
    const firedAt = clock.now();
    expect(await pollInbox(world.service.deps, f.inboxId)).toMatchObject({ items: 4 });
    let joined = await joinedLeads(f.subId);
    expect(joined.map((j) => j.origin_lead_id)).toEqual([a!.id]);
    // The reply stopped a in the parent first (stop_on_reply): its first end stays.
    expect(await leadRow(a!.id)).toMatchObject({ status: 'replied', stop_reason: 'replied' });
    expect(await leadRow(b!.id)).toMatchObject({ status: 'replied' });
    expect(await leadRow(c!.id)).toMatchObject({ status: 'active' });
    expect(new Date(joined[0]!.created_at).getTime()).toBe(firedAt.getTime());
    expect((await enteredEvents(f.subId)).map((e) => [e.payload.lead_id, e.payload.trigger])).toEqual([[a!.id, 'reply_contains']]);

    // d asks in a later poll; then a writes about pricing once more: still one join for a (its joined
    // lead stops on that reply, as the subsequence stops on replies).
    clock.advance(MINUTE);
    const dAt = clock.now();
    await append(f, personReply({ from: d!.email, to: f.inboxEmail, inReplyTo: sent[d!.id].message_id, text: 'Can we book a DEMO next week?' }));
    await append(f, personReply({ from: a!.email, to: f.inboxEmail, inReplyTo: sent[a!.id].message_id, text: 'Pricing again, sorry.' }));
    expect(await pollInbox(world.service.deps, f.inboxId)).toMatchObject({ items: 2 });
    joined = await joinedLeads(f.subId);
    expect(joined.map((j) => j.origin_lead_id)).toEqual([a!.id, d!.id]);
    expect(joined[0]).toMatchObject({ status: 'stopped', stop_reason: 'replied' });

    // d's subsequence email: after the wait from its reply's poll, in the parent's thread.
    await sendWhenDue(dAt, d!.email);
    await expectInParentThread(f, d!.email, { first: sent[d!.id] }, joined[1]!.id);
    expect(messagesTo(a!.email)).toHaveLength(1);
  });

  it('moves nobody while the subsequence is paused', async () => {
    const f = await family({ reply_contains: ['pricing'] }, { subState: 'paused' });
    const [lead] = f.leads;
    await sendFirstSteps(f);
    await append(f, personReply({ from: lead!.email, to: f.inboxEmail, inReplyTo: (await sendOf(lead!.id)).message_id, text: 'What is the pricing?' }));
    expect(await pollInbox(world.service.deps, f.inboxId)).toMatchObject({ items: 1 });
    expect(await joinedLeads(f.subId)).toEqual([]);
  });
});

describe('the thread of a joined lead, whatever made it join', () => {
  type Fire = (f: Family, lead: { id: string; email: string }, sent: Json, inboxEmail: string) => Promise<void>;
  const reply = async (f: Family, lead: { id: string; email: string }, sent: Json, inboxEmail: string, text = 'Sounds good, tell me more.') => {
    await dovecot.imap.appendMessage(inboxEmail, personReply({ from: lead.email, to: inboxEmail, inReplyTo: sent.message_id, text }), { date: clock.now() });
    expect(await pollInbox(world.service.deps, sent.inbox_id)).toMatchObject({ items: 1 });
    const [item] = await db(`select id from reply_item where lead_id = ?`, [lead.id]);
    return String(item.id);
  };
  const label =
    (viaGraphql: boolean): Fire =>
    async (f, lead, sent, inboxEmail) => {
      const id = await reply(f, lead, sent, inboxEmail);
      if (viaGraphql) expect((await world.me.client.gql(ops.UpdateReplyDocument, { id, input: { status: 'interested' } })).errors).toBeUndefined();
      else expect((await world.me.client.patch(`/replies/${id}`, { status: 'interested' })).status).toBe(200);
    };
  const leadUpdate =
    (viaGraphql: boolean): Fire =>
    async (_f, lead) => {
      if (viaGraphql) expect((await world.me.client.gql(ops.UpdateLeadDocument, { id: lead.id, input: { interest: 'interested' } })).errors).toBeUndefined();
      else expect((await world.me.client.patch(`/leads/${lead.id}`, { interest: 'interested' })).status).toBe(200);
    };
  const pipeline =
    (viaGraphql: boolean): Fire =>
    async (f, lead, sent, inboxEmail) => {
      await reply(f, lead, sent, inboxEmail);
      if (viaGraphql) expect((await world.me.client.gql(ops.MovePipelineLeadDocument, { leadId: lead.id, input: { stage: 'meeting_booked' } })).errors).toBeUndefined();
      else expect((await world.me.client.patch(`/analytics/pipeline/${lead.id}`, { stage: 'meeting_booked' })).status).toBe(200);
    };
  const words: Fire = async (f, lead, sent, inboxEmail) => void (await reply(f, lead, sent, inboxEmail, 'What is your pricing?'));
  const paths: [string, Json, Fire | null][] = [
    ['a reply label (PATCH /replies/:id)', { interest: ['interested'] }, label(false)],
    ['a reply label (GraphQL updateReply)', { interest: ['interested'] }, label(true)],
    ['a lead update (PATCH /leads/:id)', { interest: ['interested'] }, leadUpdate(false)],
    ['a lead update (GraphQL updateLead)', { interest: ['interested'] }, leadUpdate(true)],
    ['a pipeline move (PATCH /analytics/pipeline/:leadId)', { interest: ['meeting_booked'] }, pipeline(false)],
    ['a pipeline move (GraphQL movePipelineLead)', { interest: ['meeting_booked'] }, pipeline(true)],
    ["a reply's words (reply_contains)", { reply_contains: ['pricing'] }, words],
    ['the end of the sequence (completed)', { completed: true }, null],
  ];

  it("takes the inbox of the parent lead's last email that went, not that of one still queued, which the move drops", async () => {
    const f = await family({ interest: ['interested'] });
    const [lead] = f.leads;
    await sendFirstSteps(f);
    const sent = await sendOf(lead!.id);
    // The parent's inbox leaves it (still the subsequence's): its follow-up is queued from a new one, and
    // the lead is marked interested before that email goes.
    const next = await dovecot.imapInbox([f.parentId, f.subId]);
    await db(`delete from campaign_inbox where campaign_id = ? and inbox_id = ?`, [f.parentId, f.inboxId]);
    clock.advance(3 * DAY);
    expect(await planTick(world.service.deps, clock.now(), [world.me.workspaceId])).toMatchObject({ queued: 1 });
    expect(await leadRow(lead!.id)).toMatchObject({ mailbox_id: next.id });
    expect((await world.me.client.patch(`/leads/${lead!.id}`, { interest: 'interested' })).status).toBe(200);
    expect(await db(`select status from send where lead_id = ? and step_position = 2`, [lead!.id])).toEqual([{ status: 'dropped' }]);
    const [joined] = await joinedLeads(f.subId);
    expect(joined).toMatchObject({ mailbox_id: f.inboxId });

    await sendWhenDue(new Date(joined!.created_at), lead!.email);
    await expectInParentThread(f, lead!.email, { first: sent }, joined!.id);
  });

  it.each(paths)(
    "%s: the subsequence's first email answers the parent's from the parent lead's inbox, among two, even after it was withdrawn once",
    async (_name, trigger, fire) => {
      const oneStep = [{ variants: [{ subject: 'Quick question, {{firstName}}', body: 'Hi {{firstName}}.', enabled: true }] }];
      const f = await family(trigger, fire ? {} : { parentSteps: oneStep });
      // A second inbox for both: the pool is two, and the joined lead must keep the parent lead's.
      await dovecot.imapInbox([f.parentId, f.subId]);
      const [lead] = f.leads;
      await sendFirstSteps(f);
      const sent = await sendOf(lead!.id);
      const [own] = await db(`select email from inbox where id = ?`, [sent.inbox_id]);
      clock.advance(HOUR);
      if (fire) await fire(f, lead!, sent, own.email);
      const [joined, ...more] = await joinedLeads(f.subId);
      expect(more).toEqual([]);
      expect(joined).toMatchObject({ origin_lead_id: lead!.id, mailbox_id: sent.inbox_id });

      // Planned when due, then withdrawn before it goes (the subsequence paused a moment); then sent.
      clock.at = new Date(new Date(joined!.created_at).getTime() + WAIT * MINUTE);
      expect(await planTick(world.service.deps, clock.now(), [world.me.workspaceId])).toMatchObject({ queued: 1 });
      expect((await world.me.client.post(`/campaigns/${f.subId}/pause`)).status).toBe(200);
      expect(await deliverDue(world.service.deps, { random: () => 0, workspaceIds: [world.me.workspaceId] })).toMatchObject({ sent: 0, released: 1 });
      expect(await leadRow(joined!.id)).toMatchObject({ mailbox_id: sent.inbox_id });
      expect((await world.me.client.post(`/campaigns/${f.subId}/activate`)).status).toBe(200);
      clock.advance(MINUTE);
      const before = world.peer.messages.length;
      await tick();
      await world.peer.waitForMessages(before + 1);

      const mails = messagesTo(lead!.email);
      const raw = mails[mails.length - 1]!;
      const mail = await simpleParser(raw.raw);
      expect(raw.envelope.mailFrom).toBe(own.email);
      expect(mail.inReplyTo).toBe(sent.message_id);
      expect(mail.references).toBe(sent.message_id);
      expect(mail.subject).toBe(`Re: ${sent.subject}`);
    },
  );
});

describe('a joined lead the parent never emailed', () => {
  it.each([
    ['PATCH /leads/:id', false],
    ['GraphQL updateLead', true],
  ])("gets the subsequence's blank-subject first email under the subject of the parent's first email, written for it, as a new thread (%s)", async (_door, viaGraphql) => {
    // The parent opens with a task: its lead, labelled before the task is done, was never emailed.
    const f = await family(
      { interest: ['interested'] },
      {
        parentSteps: [
          { task: { kind: 'linkedin_connect', text: 'Connect with {{firstName}}' }, variants: [], waitMinutes: 0 },
          { waitMinutes: 1440, variants: [{ subject: 'Quick question, {{firstName}}', body: 'Hi {{firstName}}.', enabled: true }] },
        ],
      },
    );
    const [lead] = f.leads;
    await tick();
    expect(await db(`select step_position, status from task where lead_id = ?`, [lead!.id])).toEqual([{ step_position: 1, status: 'open' }]);
    const firedAt = clock.now();
    if (viaGraphql) expect((await world.me.client.gql(ops.UpdateLeadDocument, { id: lead!.id, input: { interest: 'interested' } })).errors).toBeUndefined();
    else expect((await world.me.client.patch(`/leads/${lead!.id}`, { interest: 'interested' })).status).toBe(200);
    const [joined] = await joinedLeads(f.subId);
    expect(joined).toMatchObject({ origin_lead_id: lead!.id, mailbox_id: null });

    await sendWhenDue(firedAt, lead!.email);
    const mails = messagesTo(lead!.email);
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]!.raw);
    expect(mail.subject).toBe('Quick question, Ada0');
    expect(mail.inReplyTo).toBeUndefined();
    expect(mail.references).toBeUndefined();
    expect(mail.text).toContain('Following up for Ada0.');
    const [send] = await db(`select * from send where lead_id = ?`, [joined!.id]);
    expect(send).toMatchObject({ status: 'sent', subject: 'Quick question, Ada0', inbox_id: f.inboxId });
  });
});
