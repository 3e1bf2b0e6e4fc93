// Untracked replies and answers to whoever wrote (decisions.md §11) end to end: a sequence goes out
// through the SMTP peer, mail lands in a real Dovecot mailbox, the poller reads it. A message that matches
// no send or lead but answers this inbox's mail (Re:/AW:/SV: of a subject it sent in the last 90 days, or
// from the domain of a lead it emailed) becomes an item with no lead and `untracked: true`; everything
// else stays ignored (another subject, free mail, bulk mail, robots, a subject older than 90 days). A
// colleague's untracked reply linked to the lead stops the lead as its own reply would, once; answers
// go to the item's Reply-To, else its sender, in its thread.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { expectError, signUp } from '../support/client';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { newMessageId } from '../support/inbound-mail';
import { DAY, dovecotPeer, HOUR, MINUTE, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;
const api = () => world.me.client;
// These tests live in the real past (dovecotPeer).
const dovecot = dovecotPeer(world, { mailboxes: 4, prefix: 'ut' });
beforeEach(() => {
  world.peer.messages.length = 0;
});

/** An active two-step campaign (first subject "Quick question") whose inbox sends through the SMTP peer
 *  and reads its own Dovecot mailbox, with leads at the given addresses. */
async function campaignWithInbox(leadEmails: string[]) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, {
    ...SENDS_ANY_HOUR,
    dailyLimit: 100,
  });
  await addStep(world.service, world.me.workspaceId, campaign.id, { variants: [{ subject: 'Quick question', body: 'Hello, a quick question.', enabled: true }] });
  await addStep(world.service, world.me.workspaceId, campaign.id, { waitMinutes: 2 * 1440, variants: [{ subject: '', body: 'Following up.', enabled: true }] });
  const inbox = await dovecot.imapInbox([campaign.id]);
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    leadEmails.map((email) => ({ email, createdAt: new Date(clock.now().getTime() - DAY) })),
  );
  for (let i = 0; i < leadEmails.length * 2; i++) {
    const [row] = await db(`select count(*)::int as n from send where campaign_id = ? and status = 'sent'`, [campaign.id]);
    if (row.n === leadEmails.length) break;
    await tick();
    clock.advance(MINUTE);
  }
  return { campaignId: campaign.id, inboxId: inbox.id, inboxEmail: inbox.email, leads: leads.map((l) => ({ id: l.id, email: l.email })) };
}

/** A person's message, as a mail client writes it. */
function mail(o: { from: string; to: string; subject: string; replyTo?: string; inReplyTo?: string; headers?: string[]; text?: string }) {
  const id = newMessageId('mail.client.test');
  const raw = [
    `From: Someone <${o.from}>`,
    `To: <${o.to}>`,
    `Subject: ${o.subject}`,
    `Date: ${clock.now().toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${id}`,
    ...(o.replyTo ? [`Reply-To: ${o.replyTo}`] : []),
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`, `References: ${o.inReplyTo}`] : []),
    ...(o.headers ?? []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text ?? 'Thanks for your note. Let us talk on Tuesday.',
    '',
  ].join('\r\n');
  return { raw, id };
}

const itemsOf = (inboxId: string) => db(`select * from reply_item where inbox_id = ? order by uid`, [inboxId]);
const leadRow = async (id: string) => (await db(`select * from lead where id = ?`, [id]))[0];
const replyEvents = (inboxId: string) => db(`select payload from event where kind = 'reply_received' and payload->>'inbox_id' = ? order by created_at`, [inboxId]);

describe('untracked replies', () => {
  it('keeps what answers this inbox (subject, domain) with no lead, ignores the rest, lists and counts them; a link stops the lead once', async () => {
    const lead = `ann-${randomUUID().slice(0, 6)}@client-${randomUUID().slice(0, 6)}.test`;
    const gmailLead = `bob.${randomUUID().slice(0, 6)}@gmail.com`;
    const s = await campaignWithInbox([lead, gmailLead]);
    const domain = lead.split('@')[1]!;
    const to = s.inboxEmail;
    // An email this inbox sent 100 days ago, past the 90-day window.
    const [ancient] = await createLeads(world.service, world.me.workspaceId, s.campaignId, [{ email: `old-${randomUUID().slice(0, 6)}@elsewhere.test`, status: 'completed' }]);
    const oldAt = new Date(clock.now().getTime() - 100 * DAY);
    await db(
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, subject, scheduled_for, sent_at, attempts)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, 'step', 1, 1, true, 'sent', ?, 'Ancient offer', ?, ?, 1)`,
      [oldAt, world.me.workspaceId, s.campaignId, ancient!.id, s.inboxId, newMessageId('acme.test'), oldAt, oldAt],
    );
    clock.advance(HOUR);
    const append = (m: { raw: string }) => dovecot.imap.appendMessage(s.inboxEmail, m.raw, { date: clock.now() });

    const colleague = mail({ from: `carol@${domain}`, to, subject: 'RE: Quick question', text: 'Ann is away; I handle this. Call me.' });
    const boss = mail({ from: `dave@${domain}`, to, subject: 'Our call' });
    const stranger = mail({ from: 'erin@partner.test', to, subject: 'AW: [EXT] quick   QUESTION' });
    await append(colleague);
    await append(boss);
    await append(stranger);
    // Ignored: no reply to anything we sent, a free-mail domain, bulk mail, a robot, another subject, too old.
    await append(mail({ from: 'frank@partner.test', to, subject: 'Hello there' }));
    await append(mail({ from: `someone.else@gmail.com`, to, subject: 'Hi' }));
    await append(mail({ from: `news@${domain}`, to, subject: 'Our news', headers: ['List-Unsubscribe: <https://client.test/u>'] }));
    await append(mail({ from: `no-reply@${domain}`, to, subject: 'Your account' }));
    await append(mail({ from: 'gina@partner.test', to, subject: 'SV: Some other subject' }));
    await append(mail({ from: 'hank@partner.test', to, subject: 'Re: Ancient offer' }));

    const report = await pollInbox(world.service.deps, s.inboxId);
    expect(report).toMatchObject({ read: 9, items: 3 });
    const items = await itemsOf(s.inboxId);
    expect(items.map((i) => [i.from_email, i.untracked, i.lead_id, i.campaign_id, i.matched_by, i.kind])).toEqual([
      [`carol@${domain}`, true, null, null, 'subject', 'reply'],
      [`dave@${domain}`, true, null, null, 'domain', 'reply'],
      ['erin@partner.test', true, null, null, 'subject', 'reply'],
    ]);
    // No lead: no effects, no reply_received yet.
    expect(await leadRow(s.leads[0]!.id)).toMatchObject({ status: 'active', replied_at: null });
    expect(await replyEvents(s.inboxId)).toEqual([]);

    // Listed with ?untracked=true (REST and GraphQL) and counted.
    const listed = await api().get('/replies?untracked=true');
    expect(listed.headers.get('x-total-count')).toBe('3');
    // (They arrived in the same second: the list's order among them is their ids'.)
    expect(listed.body.map((r: { from_email: string; untracked: boolean; lead_id: string | null }) => [r.from_email, r.untracked, r.lead_id]).sort()).toEqual([
      [`carol@${domain}`, true, null],
      [`dave@${domain}`, true, null],
      ['erin@partner.test', true, null],
    ]);
    expect((await api().get('/replies?untracked=false')).body).toEqual([]);
    expect((await api().get('/replies/counts')).body).toMatchObject({ unread: 3, untracked: 3 });
    const gqlList = await api().gql(ops.UntrackedRepliesDocument, { query: { untracked: true } });
    expect(gqlList.data!.replies.total).toBe(3);
    expect(gqlList.data!.replies.items.every((i) => i.untracked && i.leadId === null)).toBe(true);

    // Linked to the lead: the lead stops as its own reply would, reply_received with the lead, once.
    const carol = items[0]!;
    const linked = await api().post(`/replies/${carol.id}/link`, { lead_id: s.leads[0]!.id });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: carol.id, lead_id: s.leads[0]!.id, campaign_id: s.campaignId, untracked: false, from_email: `carol@${domain}` });
    expect(await leadRow(s.leads[0]!.id)).toMatchObject({ status: 'replied', stop_reason: 'replied', next_due_at: null });
    expect(new Date((await leadRow(s.leads[0]!.id)).replied_at).toISOString()).toBe(new Date(carol.received_at).toISOString());
    expect((await itemsOf(s.inboxId))[0]).toMatchObject({ untracked: false, matched_by: 'link', lead_id: s.leads[0]!.id });
    expect((await replyEvents(s.inboxId)).map((e) => e.payload)).toEqual([
      expect.objectContaining({ reply_id: carol.id, lead_id: s.leads[0]!.id, campaign_id: s.campaignId, from_email: `carol@${domain}`, kind: 'reply' }),
    ]);
    expect(await db(`select replied from inbox_day_stat where inbox_id = ? and replied > 0`, [s.inboxId])).toEqual([{ replied: 1 }]);
    expectError(await api().post(`/replies/${carol.id}/link`, { lead_id: s.leads[0]!.id }), 409, 'reply_linked');
    expect(await replyEvents(s.inboxId)).toHaveLength(1);
    expect((await api().get('/replies/counts')).body).toMatchObject({ untracked: 2 });

    // Its follow-up is not sent; the other lead's is.
    clock.advance(3 * DAY);
    world.peer.messages.length = 0;
    await tick();
    expect(world.peer.messages.map((m) => m.envelope.rcptTo[0])).toEqual([gmailLead]);

    // GraphQL: another workspace's lead is unknown (404); a lead of this workspace links.
    const other = await signUp(world.service.url);
    const theirCampaign = await createCampaign(world.service, other.workspaceId, { timezone: 'UTC' });
    const [theirLead] = await createLeads(world.service, other.workspaceId, theirCampaign.id, [{ email: `erin@partner.test` }]);
    const erin = items[2]!;
    const refused = await api().gql(ops.LinkReplyDocument, { id: erin.id, leadId: theirLead!.id });
    expect(refused.errors![0]!.extensions!.code).toBe('not_found');
    expect((await other.client.post(`/replies/${erin.id}/link`, { lead_id: theirLead!.id })).status).toBe(404);
    const viaGql = await api().gql(ops.LinkReplyDocument, { id: erin.id, leadId: s.leads[1]!.id });
    expect(viaGql.errors).toBeUndefined();
    expect(viaGql.data!.linkReply).toMatchObject({ id: erin.id, leadId: s.leads[1]!.id, untracked: false });
    expect(await leadRow(s.leads[1]!.id)).toMatchObject({ status: 'replied' });
    const again = await api().gql(ops.LinkReplyDocument, { id: erin.id, leadId: s.leads[1]!.id });
    expect(again.errors![0]!.extensions!.code).toBe('reply_linked');
    const bad = await api().gql(ops.LinkReplyDocument, { id: items[1]!.id, leadId: 'not-a-lead' });
    expect(bad.errors![0]!.extensions!.code).toBe('validation_failed');
    expectError(await api().post(`/replies/${items[1]!.id}/link`, {}), 400, 'validation_failed');
    expectError(await api().post(`/replies/${randomUUID()}/link`, { lead_id: s.leads[1]!.id }), 404, 'not_found');
  });

  it('a label given before the link is copied to the lead when it is linked (interest_changed, source reply)', async () => {
    const lead = `ann-${randomUUID().slice(0, 6)}@client-${randomUUID().slice(0, 6)}.test`;
    const s = await campaignWithInbox([lead]);
    clock.advance(HOUR);
    await dovecot.imap.appendMessage(s.inboxEmail, mail({ from: `carol@${lead.split('@')[1]}`, to: s.inboxEmail, subject: 'Lunch?' }).raw, { date: clock.now() });
    await pollInbox(world.service.deps, s.inboxId);
    const [item] = await itemsOf(s.inboxId);
    expect(item).toMatchObject({ untracked: true, matched_by: 'domain' });
    expect((await api().patch(`/replies/${item.id}`, { status: 'interested' })).status).toBe(200);
    expect(await leadRow(s.leads[0]!.id)).toMatchObject({ interest: null });
    await api().post(`/replies/${item.id}/link`, { lead_id: s.leads[0]!.id });
    expect(await leadRow(s.leads[0]!.id)).toMatchObject({ interest: 'interested', status: 'replied' });
    const events = await db(`select payload from event where kind = 'interest_changed' and payload->>'lead_id' = ?`, [s.leads[0]!.id]);
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ reply_id: item.id, interest: 'interested', previous_interest: null, source: 'reply' })]);
  });
});

describe('answers go to whoever wrote', () => {
  it("to the item's Reply-To (kept only when valid), else its sender, in its thread", async () => {
    const lead = `ann-${randomUUID().slice(0, 6)}@client-${randomUUID().slice(0, 6)}.test`;
    const s = await campaignWithInbox([lead]);
    const [sent] = await db(`select message_id from send where lead_id = ?`, [s.leads[0]!.id]);
    const domain = lead.split('@')[1]!;
    clock.advance(HOUR);
    const withReplyTo = mail({ from: lead, to: s.inboxEmail, subject: 'Re: Quick question', inReplyTo: sent.message_id, replyTo: `Assistant <Assist@${domain}>` });
    const badReplyTo = mail({ from: lead, to: s.inboxEmail, subject: 'Re: Quick question', inReplyTo: sent.message_id, replyTo: 'not an address' });
    const colleague = mail({ from: `carol@${domain}`, to: s.inboxEmail, subject: 'Re: Quick question' });
    for (const m of [withReplyTo, badReplyTo, colleague]) await dovecot.imap.appendMessage(s.inboxEmail, m.raw, { date: clock.now() });
    await pollInbox(world.service.deps, s.inboxId);
    const [a, b, c] = await itemsOf(s.inboxId);
    expect([a.reply_to, b.reply_to, c.reply_to]).toEqual([`assist@${domain}`, null, null]);
    const listed = await api().gql(ops.UntrackedRepliesDocument, { query: { mailboxId: s.inboxId } });
    expect(listed.data!.replies.items.map((i) => i.replyTo).sort()).toEqual([`assist@${domain}`, null, null].sort());

    await api().post(`/replies/${c.id}/link`, { lead_id: s.leads[0]!.id });
    world.peer.messages.length = 0;
    for (const item of [a, b, c]) expect((await api().post(`/replies/${item.id}/reply`, { body: 'Thanks, Tuesday works.' })).body).toEqual({ sent: true });
    const got = await Promise.all(world.peer.messages.map(async (m) => ({ to: m.envelope.rcptTo, parsed: await simpleParser(m.raw) })));
    expect(got.map((g) => g.to)).toEqual([[`assist@${domain}`], [lead], [`carol@${domain}`]]);
    expect(got.map((g) => (g.parsed.to && 'value' in g.parsed.to ? g.parsed.to.value[0]!.address : null))).toEqual([`assist@${domain}`, lead, `carol@${domain}`]);
    expect(got.map((g) => g.parsed.inReplyTo)).toEqual([withReplyTo.id, badReplyTo.id, colleague.id]);
    // Recorded as the lead's one-offs.
    expect((await db(`select count(*)::int as n from send where lead_id = ? and kind = 'one_off' and status = 'sent'`, [s.leads[0]!.id]))[0].n).toBe(3);

    // A blocklisted recipient is refused like a blocklisted lead.
    expect((await api().post('/blocklist', { emails: [`carol@${domain}`] })).status).toBe(200);
    expectError(await api().post(`/replies/${c.id}/reply`, { body: 'One more thing.' }), 400, 'blocklisted');
  });
});
