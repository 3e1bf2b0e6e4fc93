// One-off emails (api.md Leads rules 4 and 5): queued by POST /leads/:id/send at the earliest time the
// window and the inbox allow, one email for the same message queued twice, sent by the dispatcher,
// cancelled until it goes (409 after), waiting for a paused lead, dropped when the lead stops.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { stopLead } from '../../src/modules/leads/lifecycle/lead-progress';
import { expectError, signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;

async function leadAndInbox(opts: { campaign?: Record<string, unknown>; inbox?: Record<string, unknown>; lead?: Record<string, unknown> } = {}) {
  // A draft campaign, like the One-off campaign: one-offs do not need it to run.
  const campaign = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC', ...opts.campaign });
  const inbox = await world.senderInbox(null, {
    ...opts.inbox,
  });
  const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [{ email: `one-${randomUUID().slice(0, 6)}@client.test`, ...opts.lead }]);
  return { campaignId: campaign.id, inboxId: inbox.id, leadId: lead!.id, email: lead!.email };
}

const send = (leadId: string, body: Record<string, unknown>) => world.me.client.post(`/leads/${leadId}/send`, body);

it('queues for now inside the window, sends once from the given inbox, and keeps one email for the same message queued twice', async () => {
  const s = await leadAndInbox();
  const first = await send(s.leadId, { mailboxId: s.inboxId, subject: 'About your order', body: 'Hi,\nthanks for the call.' });
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ id: expect.any(String), status: 'queued', scheduled_for: MONDAY_10.toISOString() });
  const again = await send(s.leadId, { mailboxId: s.inboxId, subject: 'About your order', body: 'Hi,\nthanks for the call.' });
  expect(again.body.id).toBe(first.body.id);
  expect((await tick()).sent).toBe(1);
  expect((await tick()).sent).toBe(0);
  expect(world.peer.messages.filter((m) => m.envelope.rcptTo.includes(s.email))).toHaveLength(1);
  const mail = await simpleParser(world.peer.messages.at(-1)!.raw);
  expect(mail.subject).toBe('About your order');
  expect(mail.text).toContain('thanks for the call.');
  const [row] = await db(`select status, kind, step_position from send where id = ?`, [first.body.id]);
  expect(row).toEqual({ status: 'sent', kind: 'one_off', step_position: null });
  const [lead] = await db(`select current_step, status from lead where id = ?`, [s.leadId]);
  expect(lead).toEqual({ current_step: 0, status: 'pending' }); // a one-off is not a sequence step
});

it("schedules for the next window opening outside hours, in the lead's own zone with lead timezones, and for tomorrow when the inbox is capped", async () => {
  clock.at = new Date('2026-11-30T18:00:00.000Z');
  let s = await leadAndInbox();
  expect((await send(s.leadId, { mailboxId: s.inboxId, subject: 'Hi', body: 'Hello' })).body.scheduled_for).toBe('2026-12-01T09:00:00.000Z');
  s = await leadAndInbox({ campaign: { leadTimezone: true }, lead: { timezone: 'America/New_York' } });
  expect((await send(s.leadId, { mailboxId: s.inboxId, subject: 'Hi', body: 'Hello' })).body.scheduled_for).toBe('2026-11-30T18:00:00.000Z');
  clock.at = MONDAY_10;
  s = await leadAndInbox({ inbox: { dailyCap: 10, rampStart: 10 } });
  await db(`insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, now(), ?, ?, '2026-11-30', 10, 0, 0, 0)`, [
    randomUUID(),
    world.me.workspaceId,
    s.inboxId,
  ]);
  expect((await send(s.leadId, { mailboxId: s.inboxId, subject: 'Hi', body: 'Hello' })).body.scheduled_for).toBe('2026-12-01T09:00:00.000Z');
});

it('cancels a queued one-off (dropped, error Cancelled), answers the same again, and 409 once it has gone', async () => {
  const s = await leadAndInbox();
  const q = (await send(s.leadId, { mailboxId: s.inboxId, subject: 'Later', body: 'Body' })).body;
  expect((await world.me.client.post(`/one-offs/${q.id}/cancel`, {})).body).toEqual({ id: q.id, status: 'dropped' });
  expect((await world.me.client.post(`/one-offs/${q.id}/cancel`, {})).body).toEqual({ id: q.id, status: 'dropped' });
  expect((await db(`select error from send where id = ?`, [q.id]))[0].error).toBe('Cancelled');
  expect((await tick()).sent).toBe(0);
  const gone = (await send(s.leadId, { mailboxId: s.inboxId, subject: 'Now', body: 'Body' })).body;
  await tick();
  expectError(await world.me.client.post(`/one-offs/${gone.id}/cancel`, {}), 409, 'one_off_gone');
  const going = (await send(s.leadId, { mailboxId: s.inboxId, subject: 'Going', body: 'Body' })).body;
  await db(`update send set status = 'sending' where id = ?`, [going.id]);
  expectError(await world.me.client.post(`/one-offs/${going.id}/cancel`, {}), 409, 'one_off_gone');
  expectError(await world.me.client.post(`/one-offs/${randomUUID()}/cancel`, {}), 404, 'not_found');
});

it('waits while the lead is paused and goes once it is resumed; is dropped when the lead stops first', async () => {
  const s = await leadAndInbox({ lead: { status: 'paused' } });
  const q = (await send(s.leadId, { mailboxId: s.inboxId, subject: 'Hi', body: 'Hello' })).body;
  expect((await tick()).sent).toBe(0);
  expect((await db(`select status from send where id = ?`, [q.id]))[0].status).toBe('queued');
  await db(`update lead set status = 'pending' where id = ?`, [s.leadId]);
  clock.at = new Date(MONDAY_10.getTime() + 6 * MINUTE);
  expect((await tick()).sent).toBe(1);

  const t = await leadAndInbox();
  const queued = (await send(t.leadId, { mailboxId: t.inboxId, subject: 'Hi', body: 'Hello' })).body;
  await stopLead(world.service.deps.orm.em.fork(), t.leadId, { status: 'replied', reason: 'replied' }, 'Lead replied');
  expect((await db(`select status, error from send where id = ?`, [queued.id]))[0]).toEqual({ status: 'dropped', error: 'Lead replied' });
  expect((await world.me.client.post(`/one-offs/${queued.id}/cancel`, {})).body.status).toBe('dropped');
});

describe('a pending lead that got a one-off, paused and resumed', () => {
  // A running campaign whose step 1 is due for the lead; the one-off goes first (the lead is busy while it
  // is queued, so step 1 is not planned beside it).
  async function pendingLeadWithOneOff() {
    const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC' });
    await addStep(world.service, world.me.workspaceId, campaign.id, { variants: [{ subject: 'Step one', body: 'Hello', enabled: true }] });
    const inbox = await world.senderInbox(campaign.id);
    const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [
      { email: `resume-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(MONDAY_10.getTime() - 24 * 60 * MINUTE) },
    ]);
    expect((await send(lead!.id, { mailboxId: inbox.id, subject: 'A note', body: 'Hello' })).status).toBe(200);
    expect(await tick()).toMatchObject({ sent: 1 });
    expect((await db(`select status, current_step from lead where id = ?`, [lead!.id]))[0]).toEqual({ status: 'pending', current_step: 0 });
    return { leadId: lead!.id, email: lead!.email };
  }

  // Before, resume made it `active` (lastSentAt, set by the one-off, counted as a started sequence) at step
  // 0 with no due time: no due read took it again and step 1 never went.
  const resumedGetsStepOne = async (leadId: string, email: string) => {
    clock.advance(MINUTE);
    expect(await tick()).toMatchObject({ sent: 1 });
    expect(await db(`select kind, step_position, status from send where lead_id = ? and kind = 'step'`, [leadId])).toEqual([{ kind: 'step', step_position: 1, status: 'sent' }]);
    const subjects = await Promise.all(world.peer.messages.filter((m) => m.envelope.rcptTo.includes(email)).map(async (m) => (await simpleParser(m.raw)).subject));
    expect(subjects).toEqual(['A note', 'Step one']);
  };

  it('comes back pending through PATCH /leads/:id and is sent step 1 at the next tick', async () => {
    const { leadId, email } = await pendingLeadWithOneOff();
    expect((await world.me.client.patch(`/leads/${leadId}`, { status: 'paused' })).body).toMatchObject({ status: 'paused' });
    expect((await world.me.client.patch(`/leads/${leadId}`, { status: 'active' })).body).toMatchObject({ status: 'pending', currentStep: 0 });
    await resumedGetsStepOne(leadId, email);
  });

  it('comes back pending through GraphQL updateLead and is sent step 1 at the next tick', async () => {
    const { leadId, email } = await pendingLeadWithOneOff();
    const paused = await world.me.client.gql(ops.UpdateLeadDocument, { id: leadId, input: { status: 'paused' } });
    expect(paused.data!.updateLead).toMatchObject({ status: 'paused' });
    const resumed = await world.me.client.gql(ops.UpdateLeadDocument, { id: leadId, input: { status: 'active' } });
    expect(resumed.errors).toBeUndefined();
    expect(resumed.data!.updateLead).toMatchObject({ status: 'pending', currentStep: 0 });
    await resumedGetsStepOne(leadId, email);
  });
});

it("waits until an away lead's return date (decisions.md §6), and goes then", async () => {
  const back = new Date(MONDAY_10.getTime() + 3 * 24 * 60 * MINUTE); // Thursday 10:00
  const s = await leadAndInbox({ lead: { awayUntil: back } });
  const q = (await send(s.leadId, { mailboxId: s.inboxId, subject: 'While you were out', body: 'Hello' })).body;
  // Before, it went at the first tick, to someone whose out-of-office said they were away.
  expect((await tick()).sent).toBe(0);
  const [row] = await db(`select status, scheduled_for from send where id = ?`, [q.id]);
  expect([row.status, new Date(row.scheduled_for).toISOString()]).toEqual(['queued', back.toISOString()]);
  clock.at = back;
  expect((await tick()).sent).toBe(1);
  expect(world.peer.messages.filter((m) => m.envelope.rcptTo.includes(s.email))).toHaveLength(1);
});

it("answers a reply item of the lead in its thread (replyTo): In-Reply-To, References, Re: subject; another lead's item is reply_not_found", async () => {
  const s = await leadAndInbox();
  const first = `<${randomUUID()}@example.com>`;
  const reply = await createReplyItem(world.service, world.me.workspaceId, {
    inbox: s.inboxId,
    lead: s.leadId,
    campaign: s.campaignId,
    fromEmail: s.email,
    subject: 'Re: About your order',
    messageId: 'their-reply@client.test',
    threadReferences: [first, 'their-reply@client.test'],
  });
  const q = await send(s.leadId, { mailboxId: s.inboxId, replyTo: reply.id, body: 'Happy to help.' });
  expect(q.body).toMatchObject({ status: 'queued' });
  expect((await db(`select in_reply_to, "references", reply_to_id, subject from send where id = ?`, [q.body.id]))[0]).toEqual({
    in_reply_to: '<their-reply@client.test>',
    references: `${first} <their-reply@client.test>`,
    reply_to_id: reply.id,
    subject: null,
  });
  expect((await tick()).sent).toBe(1);
  const [sent] = world.peer.messages.filter((m) => m.envelope.rcptTo.includes(s.email));
  const mail = await simpleParser(sent!.raw);
  expect(mail.subject).toBe('Re: About your order');
  expect(mail.inReplyTo).toBe('<their-reply@client.test>');
  expect([mail.references].flat()).toEqual([first, '<their-reply@client.test>']);
  expect(mail.text).toContain('Happy to help.');

  const t = await leadAndInbox();
  expectError(await send(t.leadId, { mailboxId: t.inboxId, replyTo: reply.id, body: 'x' }), 400, 'reply_not_found');
  const other = await signUp(world.service.url);
  expectError(await other.client.post(`/leads/${s.leadId}/send`, { mailboxId: s.inboxId, replyTo: reply.id, body: 'x' }), 404, 'not_found');
});

it('drops a queued answer whose reply item is gone rather than send it without its thread', async () => {
  const s = await leadAndInbox();
  const reply = await createReplyItem(world.service, world.me.workspaceId, { inbox: s.inboxId, lead: s.leadId, campaign: s.campaignId, fromEmail: s.email });
  const q = await send(s.leadId, { mailboxId: s.inboxId, replyTo: reply.id, body: 'Answer' });
  await db(`delete from reply_item where id = ?`, [reply.id]);
  expect((await tick()).sent).toBe(0);
  expect((await db(`select status, error from send where id = ?`, [q.body.id]))[0]).toEqual({ status: 'dropped', error: 'The reply it answers is gone' });
});

it('refuses bad input and stopped or blocklisted leads with 4xx', async () => {
  const s = await leadAndInbox();
  for (const body of [
    { mailboxId: s.inboxId, body: 'No subject nor replyTo' },
    { mailboxId: s.inboxId, subject: 'Both', replyTo: randomUUID(), body: 'x' },
    { mailboxId: s.inboxId, subject: '   ', body: 'x' },
    { mailboxId: s.inboxId, subject: 'Hi', body: '  ' },
    { mailboxId: 'nope', subject: 'Hi', body: 'x' },
    { mailbox_id: s.inboxId, subject: 'Hi', body: 'x' },
  ]) {
    expectError(await send(s.leadId, body), 400, 'validation_failed');
  }
  expectError(await send(s.leadId, { mailboxId: s.inboxId, replyTo: randomUUID(), body: 'x' }), 400, 'reply_not_found');
  expectError(await send(s.leadId, { mailboxId: randomUUID(), subject: 'Hi', body: 'x' }), 404, 'not_found');
  expectError(await send(randomUUID(), { mailboxId: s.inboxId, subject: 'Hi', body: 'x' }), 404, 'not_found');
  await db(`update inbox set status = 'paused' where id = ?`, [s.inboxId]);
  expectError(await send(s.leadId, { mailboxId: s.inboxId, subject: 'Hi', body: 'x' }), 400, 'mailbox_not_active');
  const u = await leadAndInbox({ lead: { status: 'unsubscribed', stopReason: 'unsubscribed' } });
  expectError(await send(u.leadId, { mailboxId: u.inboxId, subject: 'Hi', body: 'x' }), 400, 'unsubscribed');
  const b = await leadAndInbox();
  await db(`insert into blocklist_entry (id, created_at, workspace_id, email, reason) values (?, now(), ?, ?, 'manual')`, [randomUUID(), world.me.workspaceId, b.email]);
  expectError(await send(b.leadId, { mailboxId: b.inboxId, subject: 'Hi', body: 'x' }), 400, 'blocklisted');
  const other = await signUp(world.service.url);
  expectError(await other.client.post(`/leads/${s.leadId}/send`, { mailboxId: s.inboxId, subject: 'Hi', body: 'x' }), 404, 'not_found');
});

it('works through GraphQL', async () => {
  const s = await leadAndInbox();
  const q = await world.me.client.gql(ops.SendLeadEmailDocument, { id: s.leadId, input: { mailboxId: s.inboxId, subject: 'Hi', body: 'Hello' } });
  expect(q.data?.sendLeadEmail).toMatchObject({ status: 'queued', scheduledFor: MONDAY_10.toISOString() });
  const c = await world.me.client.gql(ops.CancelOneOffDocument, { id: q.data!.sendLeadEmail.id });
  expect(c.data?.cancelOneOff).toEqual({ id: q.data!.sendLeadEmail.id, status: 'dropped' });
  const bad = await world.me.client.gql(ops.SendLeadEmailDocument, { id: s.leadId, input: { mailboxId: s.inboxId, body: 'Hello' } });
  expect(bad.errors?.[0]?.extensions?.code).toBe('validation_failed');
});
