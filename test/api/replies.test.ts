// The reply inbox (api.md Replies, decisions.md §6): the list (every api.md field, newest first, filters,
// q, paging, X-Total-Count, snoozed items hidden until they come back), the counts, labelling (copied to
// the lead), reading, answering at once in the item's thread exactly once (the SMTP peer: headers,
// subject, one message, refusals → 400 send_failed with nothing recorded as sent), assigning,
// unsubscribing (one event), snoozing; through REST and GraphQL, never across workspaces, 4xx for bad input.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { Client, expectError, signUp } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem, type ReplyItemFields } from '../support/factories/reply.factory';
import { AnswerChecker, fetchOpenApi, operations } from '../support/openapi';
import { HOUR, MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db } = world;

/** A campaign, an inbox sending through the SMTP peer, and a lead of the campaign. */
async function mailbox(opts: { inbox?: Record<string, unknown>; lead?: Record<string, unknown> } = {}) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC' });
  const inbox = await createInbox(world.service, world.me.workspaceId, {
    smtpHost: world.peer.host,
    smtpPort: world.peer.port,
    username: 'sender@example.com',
    password: 'smtp-secret',
    fromName: 'Sam Sender',
    ...opts.inbox,
  });
  const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test`, ...opts.lead }]);
  return { campaignId: campaign.id, inboxId: inbox.id, inboxEmail: inbox.email, leadId: lead!.id, email: lead!.email };
}

type Mailbox = Awaited<ReturnType<typeof mailbox>>;

/** A reply item from the mailbox's lead, received by its inbox. */
const item = (m: Mailbox, fields: Partial<ReplyItemFields> = {}) =>
  createReplyItem(world.service, world.me.workspaceId, { inbox: m.inboxId, lead: m.leadId, campaign: m.campaignId, fromEmail: m.email, ...fields });

const api = () => world.me.client;
const list = async (query = '', client: Client = api()) => {
  const res = await client.get(`/replies${query}`);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>[];
};
const ids = async (query = '', client?: Client) => (await list(query, client)).map((r) => r.id);
const counts = async (client: Client = api()) => (await client.get('/replies/counts')).body;
const messagesTo = (address: string) => world.peer.messages.filter((m) => m.envelope.rcptTo.includes(address));

const at = (minutes: number) => new Date(MONDAY_10.getTime() - minutes * MINUTE);

describe('GET /replies', () => {
  it('lists items newest first (received_at, then id) with exactly the api.md fields, snake_case, body_text included, and X-Total-Count', async () => {
    const m = await mailbox();
    const old = await item(m, { receivedAt: at(60), subject: 'Re: Old', bodyText: 'Old body\n> quoted', snippet: 'Old body' });
    const tieA = await item(m, { receivedAt: at(10) });
    const tieB = await item(m, { receivedAt: at(10) });
    const newest = await item(m, {
      receivedAt: at(1),
      kind: 'auto_reply',
      assistedInterest: 'out_of_office',
      assistedConfidence: 0.9,
      leadAwayUntil: new Date('2026-12-07T00:00:00.000Z'),
    });
    const res = await api().get('/replies');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    const [tieFirst, tieSecond] = [tieA.id, tieB.id].sort().reverse();
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([newest.id, tieFirst, tieSecond, old.id]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'id',
        'kind',
        'status',
        'is_read',
        'replied_at',
        'assisted_interest',
        'assisted_confidence',
        'from_email',
        'reply_to',
        'subject',
        'snippet',
        'body_text',
        'campaign_id',
        'mailbox_id',
        'lead_id',
        'untracked',
        'received_at',
        'lead_away_until',
        'assigned_user_id',
        'snoozed_until',
        'rule',
        'evidence',
      ].sort(),
    );
    expect(res.body[0]).toMatchObject({
      kind: 'auto_reply',
      status: 'lead',
      is_read: false,
      replied_at: null,
      assisted_interest: 'out_of_office',
      assisted_confidence: 0.9,
      lead_away_until: '2026-12-07T00:00:00.000Z',
      mailbox_id: m.inboxId,
      campaign_id: m.campaignId,
      lead_id: m.leadId,
      from_email: m.email,
      assigned_user_id: null,
      snoozed_until: null,
    });
    expect(res.body[3]).toMatchObject({ subject: 'Re: Old', body_text: 'Old body\n> quoted', snippet: 'Old body', received_at: at(60).toISOString() });
  });

  it('pages with limit (50 by default, at most 100) and offset; X-Total-Count counts every match', async () => {
    const m = await mailbox();
    const made = [];
    for (let i = 0; i < 55; i++) made.push(await item(m, { receivedAt: at(i) }));
    expect(await list()).toHaveLength(50);
    const res = await api().get('/replies?limit=2&offset=3');
    expect(res.headers.get('x-total-count')).toBe('55');
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([made[3]!.id, made[4]!.id]);
    expect(await list('?limit=100')).toHaveLength(55);
  });

  it('filters by kind, status, unread, campaign_id and mailbox_id', async () => {
    const m = await mailbox();
    const n = await mailbox();
    const reply = await item(m);
    const bounce = await item(m, { kind: 'bounce', fromEmail: 'mailer-daemon@client.test' });
    const labelled = await item(m, { status: 'interested' });
    const read = await item(m, { isRead: true });
    const elsewhere = await item(n);
    const sorted = (a: unknown[]) => [...a].sort();
    expect(sorted(await ids('?kind=bounce'))).toEqual([bounce.id]);
    expect(sorted(await ids('?kind=reply'))).toEqual(sorted([reply.id, labelled.id, read.id, elsewhere.id]));
    expect(await ids('?status=interested')).toEqual([labelled.id]);
    expect(sorted(await ids('?status=lead&kind=reply&unread=true'))).toEqual(sorted([reply.id, elsewhere.id]));
    expect(await ids('?unread=true')).not.toContain(read.id);
    expect(await ids('?unread=false')).toContain(read.id); // false is no filter
    expect(await ids(`?campaign_id=${n.campaignId}`)).toEqual([elsewhere.id]);
    expect(await ids(`?mailbox_id=${n.inboxId}`)).toEqual([elsewhere.id]);
    expect(await ids(`?mailbox_id=${randomUUID()}`)).toEqual([]);
  });

  it('searches q in the sender, the subject and the whole text, any case, with % _ \\ matching themselves', async () => {
    const m = await mailbox();
    const bySender = await item(m, { fromEmail: 'Ceo.Person@BigCorp.test', subject: 'x', bodyText: 'x' });
    const bySubject = await item(m, { subject: 'Pricing QUESTION', bodyText: 'x' });
    const byText = await item(m, { subject: 'x', snippet: 'short', bodyText: 'Hi,\n\nlong text\n\n> we offer 100% Discounts_now' });
    await item(m, { subject: '100 percent', bodyText: 'Discounts now' });
    expect(await ids('?q=bigcorp')).toEqual([bySender.id]);
    expect(await ids('?q=pricing%20question')).toEqual([bySubject.id]);
    expect(await ids('?q=discounts')).toContain(byText.id);
    expect(await ids(`?q=${encodeURIComponent('100% discounts_')}`)).toEqual([byText.id]);
    expect(await ids('?q=%25')).toEqual([byText.id]);
    expect(await ids('?q=%5C')).toEqual([]);
    expect((await api().get('/replies?q=discounts')).headers.get('x-total-count')).toBe('2');
  });

  it('hides a snoozed item until snoozed_until on the service clock, and shows it again from then', async () => {
    const m = await mailbox();
    const snoozed = await item(m);
    const other = await item(m);
    const until = new Date(MONDAY_10.getTime() + HOUR).toISOString();
    expect((await api().patch(`/replies/${snoozed.id}/snooze`, { until })).body).toEqual({ snoozed_until: until });
    expect(await ids()).toEqual([other.id]);
    expect((await api().get('/replies')).headers.get('x-total-count')).toBe('1');
    clock.advance(HOUR - 1);
    expect(await ids()).toEqual([other.id]);
    clock.advance(1);
    const back = await list();
    expect(back.map((r) => r.id)).toContain(snoozed.id);
    expect(back.find((r) => r.id === snoozed.id)?.snoozed_until).toBe(until);
  });
});

describe('GET /replies/counts', () => {
  it('counts unread items, unread items of kind reply, and answered items; hidden snoozed items are not unread', async () => {
    const m = await mailbox();
    expect(await counts()).toEqual({ unread: 0, unread_replies: 0, answered: 0, untracked: 0 });
    await item(m);
    await item(m, { kind: 'bounce' });
    await item(m, { kind: 'auto_reply' });
    await item(m, { isRead: true });
    await item(m, { isRead: true, repliedAt: at(5) });
    await item(m, { repliedAt: at(5), snoozedUntil: new Date(MONDAY_10.getTime() + HOUR) });
    const snoozed = await item(m, { snoozedUntil: new Date(MONDAY_10.getTime() + HOUR) });
    expect(await counts()).toEqual({ unread: 3, unread_replies: 1, answered: 2, untracked: 0 });
    clock.advance(HOUR);
    expect(await counts()).toEqual({ unread: 5, unread_replies: 3, answered: 2, untracked: 0 });
    await api().patch(`/replies/${snoozed.id}`, { is_read: true });
    expect(await counts()).toEqual({ unread: 4, unread_replies: 2, answered: 2, untracked: 0 });
  });
});

describe('PATCH /replies/:id', () => {
  const lead = async (id: string) => {
    const [row] = await db(`select interest, won_at from lead where id = ?`, [id]);
    return { interest: row.interest, won_at: row.won_at && new Date(row.won_at) };
  };

  it("sets the status and copies the label to the item's lead in the same call; lead clears it; won dates the win", async () => {
    const m = await mailbox();
    const r = await item(m);
    expect((await api().patch(`/replies/${r.id}`, { status: 'interested' })).body).toEqual({ updated: true });
    expect((await list())[0]).toMatchObject({ status: 'interested', is_read: false });
    expect(await lead(m.leadId)).toEqual({ interest: 'interested', won_at: null });
    await api().patch(`/replies/${r.id}`, { status: 'won' });
    expect(await lead(m.leadId)).toEqual({ interest: 'won', won_at: MONDAY_10 });
    await api().patch(`/replies/${r.id}`, { status: 'lead' });
    expect((await list())[0]).toMatchObject({ status: 'lead' });
    expect(await lead(m.leadId)).toEqual({ interest: null, won_at: null });
  });

  it('marks read and unread, alone or with a status; an item without a lead takes a status alone', async () => {
    const m = await mailbox();
    const r = await item(m);
    await api().patch(`/replies/${r.id}`, { is_read: true });
    expect((await list())[0]).toMatchObject({ is_read: true, status: 'lead' });
    expect(await lead(m.leadId)).toEqual({ interest: null, won_at: null });
    await api().patch(`/replies/${r.id}`, { is_read: false, status: 'not_interested' });
    expect((await list())[0]).toMatchObject({ is_read: false, status: 'not_interested' });
    expect((await lead(m.leadId)).interest).toBe('not_interested');
    const stray = await item(m, { lead: null, campaign: null, fromEmail: 'stranger@else.test' });
    expect((await api().patch(`/replies/${stray.id}`, { status: 'wrong_person' })).body).toEqual({ updated: true });
    expect((await list()).find((x) => x.id === stray.id)?.status).toBe('wrong_person');
  });

  it('refuses a body with neither field, unknown labels and fields (400), and unknown ids (404)', async () => {
    const m = await mailbox();
    const r = await item(m);
    for (const body of [
      {},
      { status: 'maybe' },
      { status: null },
      { status: 'Interested' },
      { is_read: 'yes' },
      { is_read: null },
      { isRead: true },
      { status: 'won', note: 'x' },
    ]) {
      expectError(await api().patch(`/replies/${r.id}`, body), 400, 'validation_failed');
    }
    expect((await list())[0]).toMatchObject({ status: 'lead', is_read: false });
    for (const id of [randomUUID(), 'nope', '1']) expectError(await api().patch(`/replies/${id}`, { is_read: true }), 404, 'not_found');
  });
});

describe('POST /replies/:id/reply', () => {
  const answer = (id: string, body: unknown) => api().post(`/replies/${id}/reply`, body);

  it('sends at once from the inbox that received the item, in its thread (In-Reply-To, References, Re: subject), signed, recorded as a one-off send', async () => {
    const m = await mailbox({ inbox: { signature: 'Sam Sender\nAcme Ltd' } });
    const original = `<${randomUUID()}@example.com>`;
    const r = await item(m, { subject: 'Re: Your offer', messageId: 'their-answer@client.test', threadReferences: [original, 'their-answer@client.test'] });
    const res = await answer(r.id, { body: 'Thanks {{first_name|there}}!\nTuesday works.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    const sent = messagesTo(m.email);
    expect(sent).toHaveLength(1); // at once: no dispatch tick ran
    const mail = await simpleParser(sent[0]!.raw);
    expect(mail.inReplyTo).toBe('<their-answer@client.test>');
    expect([mail.references].flat()).toEqual([original, '<their-answer@client.test>']);
    expect(mail.subject).toBe('Re: Your offer');
    expect(mail.from?.value[0]).toEqual({ name: 'Sam Sender', address: m.inboxEmail });
    expect(sent[0]!.user).toBe('sender@example.com');
    expect(mail.text).toContain('Thanks there!\nTuesday works.\n\nSam Sender\nAcme Ltd');

    const rows = await db(`select kind, status, message_id, in_reply_to, "references", reply_to_id, inbox_id, sent_at = ? as sent_now from send where lead_id = ?`, [
      MONDAY_10,
      m.leadId,
    ]);
    expect(rows).toEqual([
      {
        kind: 'one_off',
        status: 'sent',
        message_id: mail.messageId,
        in_reply_to: '<their-answer@client.test>',
        references: `${original} <their-answer@client.test>`,
        reply_to_id: r.id,
        inbox_id: m.inboxId,
        sent_now: true,
      },
    ]);
    expect(mail.messageId).toMatch(/@example\.com>$/);
    expect((await list())[0]).toMatchObject({ replied_at: MONDAY_10.toISOString(), is_read: true });
    expect((await counts()).answered).toBe(1);
  });

  it('adds Re: only once', async () => {
    const m = await mailbox();
    const plain = await item(m, { subject: 'Quick question' });
    await answer(plain.id, { body: 'Sure.' });
    const again = await item(m, { subject: 'RE: Quick question' });
    await answer(again.id, { body: 'Happy to.' });
    const subjects = await Promise.all(messagesTo(m.email).map(async (x) => (await simpleParser(x.raw)).subject));
    expect(subjects).toEqual(['Re: Quick question', 'RE: Quick question']);
  });

  it('sends one email for the same text, whether repeated or sent twice at once; another text is another answer', async () => {
    const m = await mailbox();
    const r = await item(m);
    const [a, b] = await Promise.all([answer(r.id, { body: 'Once only.' }), answer(r.id, { body: 'Once only.' })]);
    expect([a.body, b.body]).toEqual([{ sent: true }, { sent: true }]);
    expect((await answer(r.id, { body: 'Once only.' })).body).toEqual({ sent: true });
    expect(messagesTo(m.email)).toHaveLength(1);
    await answer(r.id, { body: 'And one more thing.' });
    expect(messagesTo(m.email)).toHaveLength(2);
    expect((await db(`select count(*)::int as n from send where lead_id = ? and status = 'sent'`, [m.leadId]))[0].n).toBe(2);
  });

  it('holds a second call for the item until the first is settled: refused first, the waiting one still sends', async () => {
    const m = await mailbox();
    const r = await item(m);
    let seen = 0;
    world.peer.behaviour = { delayMs: 50, data: () => (seen++ === 0 ? { code: 554, message: 'First one refused' } : undefined) };
    try {
      const answers = await Promise.all([answer(r.id, { body: 'Same words' }), answer(r.id, { body: 'Same words' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.status === 400)?.body.error.code).toBe('send_failed');
    } finally {
      world.peer.behaviour = {};
    }
    expect(messagesTo(m.email)).toHaveLength(1);
    expect(await db(`select status from send where lead_id = ?`, [m.leadId])).toEqual([{ status: 'sent' }]);
  });

  it("answers 400 send_failed with the server's words when the server refuses, records nothing as sent, and sends the same text once it is taken", async () => {
    const m = await mailbox();
    const r = await item(m);
    const refusals = [
      { data: { code: 554, message: '5.7.1 Message rejected by policy' } },
      { rcpt: { code: 550, message: '5.1.1 No such user' } },
      { data: { code: 451, message: '4.3.0 Try again later' } },
      { auth: () => ({ code: 535, message: '5.7.8 Credentials invalid' }) },
    ];
    for (const behaviour of refusals) {
      world.peer.behaviour = behaviour;
      const err = expectError(await answer(r.id, { body: 'Hello again' }), 400, 'send_failed');
      const words = Object.values(behaviour)[0];
      const expected = typeof words === 'function' ? words() : words;
      expect(err.message).toContain(expected.message);
      expect(err.details).toMatchObject({ smtp_code: expected.code });
    }
    world.peer.behaviour = {};
    expect(messagesTo(m.email)).toHaveLength(0);
    expect(await db(`select status from send where lead_id = ?`, [m.leadId])).toEqual([]);
    expect((await list())[0]).toMatchObject({ replied_at: null });
    expect((await counts()).answered).toBe(0);
    expect((await answer(r.id, { body: 'Hello again' })).body).toEqual({ sent: true });
    expect(messagesTo(m.email)).toHaveLength(1);
  });

  it('refuses items it cannot answer: no lead 404, unsubscribed, bounced or blocklisted lead 400, inbox not active 400; nothing goes', async () => {
    const m = await mailbox();
    const stray = await item(m, { lead: null, campaign: null, fromEmail: 'stranger@else.test' });
    expectError(await answer(stray.id, { body: 'Hi' }), 404, 'not_found');
    const u = await mailbox({ lead: { status: 'unsubscribed', stopReason: 'unsubscribed' } });
    expectError(await answer((await item(u)).id, { body: 'Hi' }), 400, 'unsubscribed');
    const b = await mailbox({ lead: { status: 'bounced', stopReason: 'bounced' } });
    expectError(await answer((await item(b)).id, { body: 'Hi' }), 400, 'bounced');
    const blocked = await mailbox();
    await api().post('/blocklist', { emails: [blocked.email.split('@')[1]] });
    expectError(await answer((await item(blocked)).id, { body: 'Hi' }), 400, 'blocklisted');
    const paused = await mailbox();
    await db(`update inbox set status = 'paused' where id = ?`, [paused.inboxId]);
    expectError(await answer((await item(paused)).id, { body: 'Hi' }), 400, 'mailbox_not_active');
    for (const x of [m, u, b, blocked, paused]) expect(messagesTo(x.email)).toHaveLength(0);
    expect(await db(`select id from send where workspace_id = ?`, [world.me.workspaceId])).toEqual([]);
  });

  it('refuses a missing, blank or oversized body and unknown fields (400), and unknown ids (404)', async () => {
    const m = await mailbox();
    const r = await item(m);
    for (const body of [{}, { body: '' }, { body: '  \n ' }, { body: 5 }, { body: null }, { body: 'x'.repeat(100_001) }, { body: 'Hi', subject: 'x' }]) {
      expectError(await answer(r.id, body), 400, 'validation_failed');
    }
    for (const id of [randomUUID(), 'nope']) expectError(await answer(id, { body: 'Hi' }), 404, 'not_found');
    expect(messagesTo(m.email)).toHaveLength(0);
  });
});

describe('PATCH /replies/:id/assign', () => {
  it('assigns a member of the workspace, unassigns with null, and refuses anyone else with 400 unknown_user', async () => {
    const m = await mailbox();
    const r = await item(m);
    const member = await api().post('/settings/members', { email: `m-${randomUUID()}@example.com`, name: 'Mia', password: 'member password', role: 'member' });
    expect((await api().patch(`/replies/${r.id}/assign`, { user_id: member.body.id })).body).toEqual({ assigned_user_id: member.body.id });
    expect((await list())[0]).toMatchObject({ assigned_user_id: member.body.id });
    expect((await api().patch(`/replies/${r.id}/assign`, { user_id: world.me.userId })).body).toEqual({ assigned_user_id: world.me.userId });
    const stranger = await signUp(world.service.url);
    for (const user_id of [stranger.userId, randomUUID(), 'nope', '']) {
      expectError(await api().patch(`/replies/${r.id}/assign`, { user_id }), 400, 'unknown_user');
    }
    expect((await list())[0]).toMatchObject({ assigned_user_id: world.me.userId });
    expect((await api().patch(`/replies/${r.id}/assign`, { user_id: null })).body).toEqual({ assigned_user_id: null });
    expect((await list())[0]).toMatchObject({ assigned_user_id: null });
    for (const body of [{}, { user_id: 5 }, { userId: world.me.userId }]) expectError(await api().patch(`/replies/${r.id}/assign`, body), 400, 'validation_failed');
    expectError(await api().patch(`/replies/${randomUUID()}/assign`, { user_id: null }), 404, 'not_found');
  });
});

describe('POST /replies/:id/unsubscribe', () => {
  const events = async (leadId: string) =>
    db(`select payload->>'source' as source from event where workspace_id = ? and kind = 'unsubscribe' and payload->>'lead_id' = ?`, [world.me.workspaceId, leadId]);

  it('stops the lead, blocklists its address, fires the event once, and marks the item and the lead not_interested; repeating changes nothing', async () => {
    const m = await mailbox({ lead: { status: 'active', currentStep: 1 } });
    const r = await item(m);
    const res = await api().post(`/replies/${r.id}/unsubscribe`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unsubscribed: true });
    const [lead] = await db(`select status, stop_reason, interest from lead where id = ?`, [m.leadId]);
    expect(lead).toEqual({ status: 'unsubscribed', stop_reason: 'unsubscribed', interest: 'not_interested' });
    expect(await db(`select email, reason from blocklist_entry where workspace_id = ?`, [world.me.workspaceId])).toEqual([{ email: m.email, reason: 'unsubscribe' }]);
    expect(await events(m.leadId)).toEqual([{ source: 'reply' }]);
    expect((await list())[0]).toMatchObject({ status: 'not_interested' });

    expect((await api().post(`/replies/${r.id}/unsubscribe`)).body).toEqual({ unsubscribed: true });
    expect(await events(m.leadId)).toHaveLength(1);
    expect(await db(`select status, stop_reason, interest from lead where id = ?`, [m.leadId])).toEqual([lead]);
    expect(await db(`select email from blocklist_entry where workspace_id = ?`, [world.me.workspaceId])).toHaveLength(1);
    // Another item of the same lead: still one event for the lead.
    await api().post(`/replies/${(await item(m)).id}/unsubscribe`);
    expect(await events(m.leadId)).toHaveLength(1);
  });

  it('answers 404 for an item without a lead, and for unknown ids', async () => {
    const m = await mailbox();
    const stray = await item(m, { lead: null, campaign: null, fromEmail: 'stranger@else.test' });
    expectError(await api().post(`/replies/${stray.id}/unsubscribe`), 404, 'not_found');
    expect((await list())[0]).toMatchObject({ status: 'lead' });
    expect(await db(`select id from blocklist_entry where workspace_id = ?`, [world.me.workspaceId])).toEqual([]);
    for (const id of [randomUUID(), 'nope']) expectError(await api().post(`/replies/${id}/unsubscribe`), 404, 'not_found');
  });
});

describe('PATCH /replies/:id/snooze', () => {
  it('takes a timestamp with its offset (stored as UTC) or null, which brings the item back now', async () => {
    const m = await mailbox();
    const r = await item(m);
    expect((await api().patch(`/replies/${r.id}/snooze`, { until: '2026-12-01T09:00:00+01:00' })).body).toEqual({ snoozed_until: '2026-12-01T08:00:00.000Z' });
    expect(await ids()).toEqual([]);
    expect((await api().patch(`/replies/${r.id}/snooze`, { until: null })).body).toEqual({ snoozed_until: null });
    expect(await ids()).toEqual([r.id]);
    // A moment already past hides nothing.
    await api().patch(`/replies/${r.id}/snooze`, { until: at(1).toISOString() });
    expect(await ids()).toEqual([r.id]);
  });

  it('refuses a missing or malformed until (400) and unknown ids (404)', async () => {
    const m = await mailbox();
    const r = await item(m);
    for (const body of [
      {},
      { until: 'tomorrow' },
      { until: '2026-12-01' },
      { until: '2026-12-01T09:00:00' },
      { until: '2026-02-30T09:00:00Z' },
      { until: 1767000000 },
      { until: '2026-12-01T09:00:00Z', x: 1 },
    ]) {
      expectError(await api().patch(`/replies/${r.id}/snooze`, body), 400, 'validation_failed');
    }
    expect(await ids()).toEqual([r.id]);
    expectError(await api().patch(`/replies/${randomUUID()}/snooze`, { until: null }), 404, 'not_found');
  });
});

describe('bad input and other workspaces', () => {
  it('refuses invalid list queries with 400 validation_failed', async () => {
    for (const q of [
      'kind=reply_item',
      'status=maybe',
      'limit=0',
      'limit=101',
      'limit=x',
      'offset=-1',
      'campaign_id=nope',
      'mailbox_id=nope',
      'unread=yes',
      'unread=true&unread=false',
      `q=${'x'.repeat(201)}`,
      'sort=asc',
    ]) {
      expectError(await api().get(`/replies?${q}`), 400, 'validation_failed');
    }
    expect((await api().get('/replies?kind=&q=')).status).toBe(200); // empty values are no filter
  });

  it("shows another workspace none of this workspace's items and answers 404 to each of them", async () => {
    const m = await mailbox();
    const r = await item(m);
    const other = await signUp(world.service.url);
    const res = await other.client.get('/replies');
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
    expect(await counts(other.client)).toEqual({ unread: 0, unread_replies: 0, answered: 0, untracked: 0 });
    expectError(await other.client.patch(`/replies/${r.id}`, { status: 'won' }), 404, 'not_found');
    expectError(await other.client.post(`/replies/${r.id}/reply`, { body: 'Hi' }), 404, 'not_found');
    expectError(await other.client.patch(`/replies/${r.id}/assign`, { user_id: other.userId }), 404, 'not_found');
    expectError(await other.client.post(`/replies/${r.id}/unsubscribe`), 404, 'not_found');
    expectError(await other.client.patch(`/replies/${r.id}/snooze`, { until: null }), 404, 'not_found');
    const gql = [
      await other.client.gql(ops.UpdateReplyDocument, { id: r.id, input: { isRead: true } }),
      await other.client.gql(ops.SendReplyAnswerDocument, { id: r.id, input: { body: 'Hi' } }),
      await other.client.gql(ops.AssignReplyDocument, { id: r.id, input: { userId: null } }),
      await other.client.gql(ops.UnsubscribeReplyDocument, { id: r.id }),
      await other.client.gql(ops.SnoozeReplyDocument, { id: r.id, input: { until: null } }),
    ];
    expect(gql.map((g) => g.errors?.[0]?.extensions?.code)).toEqual(['not_found', 'not_found', 'not_found', 'not_found', 'not_found']);
    expect((await other.client.gql(ops.RepliesDocument, {})).data?.replies).toEqual({ total: 0, items: [] });
    // Nothing changed on this side.
    expect((await list())[0]).toMatchObject({ status: 'lead', is_read: false, assigned_user_id: null, snoozed_until: null, replied_at: null });
    expect(messagesTo(m.email)).toHaveLength(0);
    expect(await db(`select status from lead where id = ?`, [m.leadId])).toEqual([{ status: 'pending' }]);
  });

  it('answers every route in its documented shape', async () => {
    const doc = await fetchOpenApi(world.service.url);
    const checker = new AnswerChecker(doc);
    const op = (method: string, path: string) => operations(doc).find((o) => o.method === method && o.path === path)!;
    const m = await mailbox();
    const r = await item(m, { assistedInterest: 'interested', assistedConfidence: 0.5 });
    const check = async (method: string, path: string, res: { status: number; body: unknown }) => {
      expect(res.status).toBe(200);
      expect(checker.check(op(method, path), res.status, res.body)).toEqual([]);
    };
    await check('get', '/replies', await api().get('/replies'));
    await check('get', '/replies/counts', await api().get('/replies/counts'));
    await check('get', '/replies/{id}', await api().get(`/replies/${r.id}`));
    await check('patch', '/replies/{id}', await api().patch(`/replies/${r.id}`, { status: 'interested', is_read: true }));
    await check('post', '/replies/{id}/reply', await api().post(`/replies/${r.id}/reply`, { body: 'Hi' }));
    await check('patch', '/replies/{id}/assign', await api().patch(`/replies/${r.id}/assign`, { user_id: world.me.userId }));
    await check('patch', '/replies/{id}/snooze', await api().patch(`/replies/${r.id}/snooze`, { until: '2026-12-01T09:00:00Z' }));
    await check('patch', '/replies/{id}/snooze', await api().patch(`/replies/${r.id}/snooze`, { until: null }));
    await check('post', '/replies/{id}/unsubscribe', await api().post(`/replies/${r.id}/unsubscribe`));
    await check('get', '/replies', await api().get('/replies'));
  });
});

describe('GET /replies/:id (the console opens a linked item)', () => {
  it('gives one item as the list does, with the rule and evidence that decided its kind, even while snoozed; 404 for an unknown, malformed or other workspace id; the same over GraphQL', async () => {
    const m = await mailbox();
    const r = await item(m, { kind: 'auto_reply', rule: 'auto_submitted', evidence: 'Auto-Submitted: auto-replied', snoozedUntil: new Date(MONDAY_10.getTime() + HOUR) });
    expect(await ids()).toEqual([]);
    const res = await api().get(`/replies/${r.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: r.id, kind: 'auto_reply', rule: 'auto_submitted', evidence: 'Auto-Submitted: auto-replied', lead_id: m.leadId });
    expect(res.body.snoozed_until).toBe(new Date(MONDAY_10.getTime() + HOUR).toISOString());
    expectError(await api().get(`/replies/${randomUUID()}`), 404, 'not_found');
    expectError(await api().get('/replies/not-a-uuid'), 404, 'not_found');
    const other = await signUp(world.service.url);
    expectError(await other.client.get(`/replies/${r.id}`), 404, 'not_found');

    const gql = await api().gql(ops.ReplyDocument, { id: r.id });
    expect(gql.data?.reply).toMatchObject({ id: r.id, kind: 'auto_reply', rule: 'auto_submitted', evidence: 'Auto-Submitted: auto-replied' });
    expect((await other.client.gql(ops.ReplyDocument, { id: r.id })).errors?.[0]?.extensions?.code).toBe('not_found');
    const listed = await item(m, { rule: 'reply', evidence: 'no bounce or auto-reply marker' });
    expect((await api().gql(ops.RepliesDocument, {})).data?.replies.items.find((i) => i.id === listed.id)).toMatchObject({
      rule: 'reply',
      evidence: 'no bounce or auto-reply marker',
    });
  });
});

describe('GraphQL', () => {
  it('lists, filters and counts like REST', async () => {
    const m = await mailbox();
    const older = await item(m, { receivedAt: at(5), kind: 'bounce' });
    const newer = await item(m, { receivedAt: at(1), subject: 'Re: Pricing', bodyText: 'How much is it?' });
    const all = await api().gql(ops.RepliesDocument, {});
    expect(all.data?.replies.total).toBe(2);
    expect(all.data?.replies.items.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect(all.data?.replies.items[0]).toMatchObject({
      kind: 'reply',
      status: 'lead',
      isRead: false,
      fromEmail: m.email,
      subject: 'Re: Pricing',
      bodyText: 'How much is it?',
      mailboxId: m.inboxId,
      campaignId: m.campaignId,
      leadId: m.leadId,
      receivedAt: at(1).toISOString(),
    });
    const q = await api().gql(ops.RepliesDocument, { query: { q: 'HOW MUCH', unread: true, limit: 1 } });
    expect(q.data?.replies).toMatchObject({ total: 1, items: [{ id: newer.id }] });
    expect((await api().gql(ops.RepliesDocument, { query: { kind: 'bounce' } })).data?.replies.items.map((i) => i.id)).toEqual([older.id]);
    expect((await api().gql(ops.ReplyCountsDocument, {})).data?.replyCounts).toEqual({ unread: 2, unreadReplies: 1, answered: 0 });
    for (const query of [{ kind: 'nope' }, { limit: 0 }, { limit: 101 }, { status: 'maybe' }, { mailboxId: 'nope' }]) {
      expect((await api().gql(ops.RepliesDocument, { query })).errors?.[0]?.extensions?.code).toBe('validation_failed');
    }
  });

  it('updates, answers, assigns, snoozes and unsubscribes with the same rules and codes as REST', async () => {
    const m = await mailbox();
    const r = await item(m, { subject: 'Hello', messageId: 'gql@client.test', threadReferences: ['gql@client.test'] });
    expect((await api().gql(ops.UpdateReplyDocument, { id: r.id, input: { status: 'meeting_booked', isRead: true } })).data?.updateReply).toEqual({ updated: true });
    expect((await db(`select interest from lead where id = ?`, [m.leadId]))[0].interest).toBe('meeting_booked');
    expect((await api().gql(ops.UpdateReplyDocument, { id: r.id, input: {} })).errors?.[0]?.extensions?.code).toBe('validation_failed');

    expect((await api().gql(ops.SendReplyAnswerDocument, { id: r.id, input: { body: 'See you then.' } })).data?.sendReplyAnswer).toEqual({ sent: true });
    const [sent] = messagesTo(m.email);
    const mail = await simpleParser(sent!.raw);
    expect({ subject: mail.subject, inReplyTo: mail.inReplyTo }).toEqual({ subject: 'Re: Hello', inReplyTo: '<gql@client.test>' });
    expect((await api().gql(ops.SendReplyAnswerDocument, { id: r.id, input: { body: ' ' } })).errors?.[0]?.extensions?.code).toBe('validation_failed');
    world.peer.behaviour = { data: { code: 550, message: 'No thanks' } };
    try {
      const refused = await api().gql(ops.SendReplyAnswerDocument, { id: r.id, input: { body: 'Another' } });
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'send_failed', status: 400 });
      expect(refused.errors?.[0]?.message).toContain('No thanks');
    } finally {
      world.peer.behaviour = {};
    }

    expect((await api().gql(ops.AssignReplyDocument, { id: r.id, input: { userId: world.me.userId } })).data?.assignReply).toEqual({ assignedUserId: world.me.userId });
    expect((await api().gql(ops.AssignReplyDocument, { id: r.id, input: { userId: 'nope' } })).errors?.[0]?.extensions?.code).toBe('unknown_user');
    expect((await api().gql(ops.AssignReplyDocument, { id: r.id, input: {} })).errors?.[0]?.extensions?.code).toBe('validation_failed');

    const until = new Date(MONDAY_10.getTime() + HOUR).toISOString();
    expect((await api().gql(ops.SnoozeReplyDocument, { id: r.id, input: { until } })).data?.snoozeReply).toEqual({ snoozedUntil: until });
    expect((await api().gql(ops.RepliesDocument, {})).data?.replies.total).toBe(0);
    expect((await api().gql(ops.SnoozeReplyDocument, { id: r.id, input: { until: 'soon' } })).errors?.[0]?.extensions?.code).toBe('validation_failed');
    expect((await api().gql(ops.SnoozeReplyDocument, { id: r.id, input: { until: null } })).data?.snoozeReply).toEqual({ snoozedUntil: null });

    expect((await api().gql(ops.UnsubscribeReplyDocument, { id: r.id })).data?.unsubscribeReply).toEqual({ unsubscribed: true });
    expect((await api().gql(ops.UnsubscribeReplyDocument, { id: r.id })).data?.unsubscribeReply).toEqual({ unsubscribed: true });
    expect(await db(`select count(*)::int as n from event where workspace_id = ? and kind = 'unsubscribe'`, [world.me.workspaceId])).toEqual([{ n: 1 }]);
    const [after] = (await api().gql(ops.RepliesDocument, {})).data!.replies.items;
    expect(after).toMatchObject({ status: 'not_interested', isRead: true, assignedUserId: world.me.userId, repliedAt: MONDAY_10.toISOString() });
    const stray = await item(m, { lead: null, campaign: null });
    expect((await api().gql(ops.UnsubscribeReplyDocument, { id: stray.id })).errors?.[0]?.extensions?.code).toBe('not_found');
    expect((await api().gql(ops.UpdateReplyDocument, { id: 'nope', input: { isRead: true } })).errors?.[0]?.extensions?.code).toBe('not_found');
  });
});
