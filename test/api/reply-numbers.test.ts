// The numbers once replies are read over IMAP (decisions.md §6, api.md Campaign numbers and Reports):
// campaign stats, campaign activity, the lead timeline, the workspace summary and analytics, and the
// inbox score's reply input, over emails the engine really sent and reply items written with the effects
// the poller gives them in the same transaction (replied_at, away_until, stops, inbox_day_stat, a `dsn`
// bounce row). Replies to one-off emails are kept as items and counted nowhere.
import { randomUUID } from 'node:crypto';
import { createReplyItem, type ReplyItemFields } from '../support/factories/reply.factory';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'file' });
const { clock, db, tick } = world;
const NAMES = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay', 'gil'] as const;
type Name = (typeof NAMES)[number];
const lead: Record<string, { id: string; email: string }> = {};
const send: Record<string, { id: string; variant: number; at: string }> = {};
let campaignId: string;
let inbox: { id: string; email: string };
const at = (minutes: number) => new Date(MONDAY_10.getTime() + minutes * MINUTE);

/** A reply item for `who`, with the effects the poller writes beside it (decisions.md §6). */
async function received(who: Name, minutes: number, fields: Partial<ReplyItemFields>) {
  const item = await createReplyItem(world.service, world.me.workspaceId, {
    inbox: inbox.id,
    lead: lead[who]!.id,
    campaign: campaignId,
    send: fields.oneOff ? (fields.send ?? null) : send[who]!.id,
    fromEmail: lead[who]!.email,
    receivedAt: at(minutes),
    ...fields,
  });
  if (item.oneOff) return item; // a reply to a one-off changes no numbers
  if (item.kind === 'reply') {
    await db(`update lead set replied_at = coalesce(replied_at, ?) where id = ?`, [item.receivedAt, lead[who]!.id]);
    await countDay('replied', item.receivedAt);
  }
  if (item.leadAwayUntil) await db(`update lead set away_until = ? where id = ?`, [item.leadAwayUntil, lead[who]!.id]);
  return item;
}

async function countDay(column: 'replied' | 'bounced', when: Date) {
  await db(
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, ?, ?, ?, ?, 0, 0, ?, ?)
     on conflict (inbox_id, day) do update set ${column} = inbox_day_stat.${column} + 1`,
    [randomUUID(), when, world.me.workspaceId, inbox.id, when.toISOString().slice(0, 10), column === 'bounced' ? 1 : 0, column === 'replied' ? 1 : 0],
  );
}

beforeAll(async () => {
  // Stop on reply off, so a lead can reply and go on; stop on auto-reply off until Eve's turn below.
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', stopOnReply: false, stopOnAutoReply: false });
  campaignId = campaign.id;
  await addStep(world.service, world.me.workspaceId, campaignId, {
    variants: [
      { subject: 'Hello A', body: 'Hi', enabled: true },
      { subject: 'Hello B', body: 'Hi', enabled: true },
    ],
  });
  await addStep(world.service, world.me.workspaceId, campaignId, { waitMinutes: 3 * 1440, variants: [{ subject: '', body: 'Following up', enabled: true }] });
  inbox = await world.senderInbox(null, {
    minGapMinutes: 1,
  });
  await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaignId, inbox.id]);
  const rows = await createLeads(
    world.service,
    world.me.workspaceId,
    campaignId,
    NAMES.map((name, i) => ({ email: `${name}-${randomUUID().slice(0, 4)}@client.test`, createdAt: new Date(MONDAY_10.getTime() - (10 - i) * MINUTE) })),
  );
  rows.forEach((l, i) => (lead[NAMES[i]!] = { id: l.id, email: l.email }));
  // Gil's server refuses him at SMTP time: a bounce row of source `smtp`, no item.
  world.peer.behaviour = { rcpt: (to: string) => (to === lead.gil!.email ? { code: 550, message: '5.1.1 No such user here' } : undefined) };
  for (let i = 0; i < NAMES.length; i++) {
    await tick();
    clock.at = new Date(clock.at.getTime() + 2 * MINUTE);
  }
  for (const s of await db(`select id, lead_id, variant, sent_at from send where campaign_id = ? and kind = 'step'`, [campaignId])) {
    const name = NAMES.find((n) => lead[n]!.id === s.lead_id)!;
    send[name] = { id: String(s.id), variant: Number(s.variant), at: new Date(s.sent_at).toISOString() };
  }
  // A one-off to Dee, answered below: kept in the reply inbox, never counted.
  expect((await world.me.client.post(`/leads/${lead.dee!.id}/send`, { mailboxId: inbox.id, subject: 'Personal note', body: 'Hi Dee' })).status).toBe(200);
  await tick();
  const [oneOff] = await db(`select id from send where lead_id = ? and kind = 'one_off'`, [lead.dee!.id]);

  // Ann replies and is labelled interested.
  await received('ann', 60, { snippet: 'Sounds good, tell me more.' });
  await db(`update lead set interest = 'interested' where id = ?`, [lead.ann!.id]);
  // Bob is out of office until Sunday: his sequence goes on from Monday 7 December (away_until).
  await received('bob', 70, {
    kind: 'auto_reply',
    rule: 'auto_submitted',
    evidence: 'Auto-Submitted: auto-replied',
    subject: 'Out of office',
    snippet: 'I am out of the office until Sunday 6 December.',
    leadAwayUntil: new Date('2026-12-07T00:00:00.000Z'),
  });
  // Cy's server accepted the email and sent a DSN back: a bounce item, and the effects of a hard bounce.
  await received('cy', 80, {
    kind: 'bounce',
    rule: 'dsn',
    evidence: 'multipart/report; report-type=delivery-status',
    fromEmail: 'mailer-daemon@client.test',
    subject: 'Undelivered Mail Returned to Sender',
    snippet: 'This is the mail system at host mx.client.test.',
    matchedBy: 'bounce_headers',
    bounce: { permanent: true, status: '5.1.1', recipient: lead.cy!.email, diagnostic: 'smtp; 550 5.1.1 user unknown' },
  });
  await db(
    `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'dsn', 550, 'hard', 'smtp; 550 5.1.1 user unknown')`,
    [randomUUID(), at(80), world.me.workspaceId, campaignId, lead.cy!.id, inbox.id, send.cy!.id, lead.cy!.email],
  );
  await db(`update send set status = 'bounced' where id = ?`, [send.cy!.id]);
  await db(`update lead set status = 'bounced', stop_reason = 'bounced', next_due_at = null where id = ?`, [lead.cy!.id]);
  await countDay('bounced', at(80));
  // Dee answers the one-off, and her out-of-office answers it too.
  await received('dee', 90, { oneOff: true, send: String(oneOff!.id), snippet: 'Thanks for the note!' });
  await received('dee', 95, { oneOff: true, send: String(oneOff!.id), kind: 'auto_reply', rule: 'x_autoreply', subject: 'Auto: Personal note', snippet: 'Away today.' });
  // Eve replies; then the campaign is set to stop on auto-replies, and her auto-reply stops her.
  await received('eve', 100, { snippet: 'Yes, send me the deck.' });
  await db(`update campaign set stop_on_auto_reply = true where id = ?`, [campaignId]);
  await received('eve', 110, { kind: 'auto_reply', rule: 'ooo_subject_en', subject: 'Out of office: Hello', snippet: 'Thanks, I am travelling this week.' });
  await db(`update lead set status = 'stopped', stop_reason = 'auto_replied', next_due_at = null where id = ?`, [lead.eve!.id]);
  clock.at = at(120);
});

describe('campaign stats', () => {
  it('counts replies from replied_at and auto-replies from the items, one-offs left out (REST and GraphQL)', async () => {
    const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sent: 7, // Cy's (returned by a DSN) and Gil's (refused at SMTP time) included
      one_off_sent: 1,
      replied: 2, // Ann, and Eve though her auto-reply stopped her; not Dee, who answered the one-off
      positive: 1,
      bounced: 2,
      auto_replies: 2, // Bob (stopped nobody) and Eve; not Dee's answer to the one-off
    });
    expect(res.body.by_day[0]).toMatchObject({ day: '2026-11-30', sent: 7, replies: 2, bounces: 2 });
    const g = await world.me.client.gql(ops.CampaignStatsDocument, { id: campaignId });
    expect(g.data?.campaignStats).toMatchObject({ sent: 7, oneOffSent: 1, replied: 2, positive: 1, bounced: 2, autoReplies: 2 });
    expect(g.data?.campaignStats.byDay[0]).toMatchObject({ day: '2026-11-30', replies: 2, bounces: 2 });
  });

  it('credits each reply to the variant the lead got, positive ones too', async () => {
    const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
    const expected = (v: number) => ({
      replies: [send.ann!, send.eve!].filter((s) => s.variant === v).length,
      positive: send.ann!.variant === v ? 1 : 0,
    });
    const row = (v: number) => res.body.variants.find((r: { step: number; variant: number }) => r.step === 1 && r.variant === v);
    expect(row(1)).toMatchObject(expected(1));
    expect(row(2)).toMatchObject(expected(2));
    const g = await world.me.client.gql(ops.CampaignStatsDocument, { id: campaignId });
    const total = g.data!.campaignStats.variants.reduce((sum, v) => sum + v.replies, 0);
    expect(total).toBe(2);
  });
});

describe('campaign activity', () => {
  const row = (type: string, name: Name, minutes: number | string, detail: string | null, stepVariant = true) => ({
    type,
    at: typeof minutes === 'string' ? minutes : at(minutes).toISOString(),
    email: lead[name]!.email,
    step: stepVariant ? 1 : null,
    variant: stepVariant ? send[name]!.variant : null,
    mailbox: inbox.email,
    detail,
  });
  const all = () => [
    row('auto_reply', 'eve', 110, 'Thanks, I am travelling this week. (rule: ooo_subject_en)'),
    row('reply', 'eve', 100, 'Yes, send me the deck.'),
    row('bounce', 'cy', 80, 'smtp; 550 5.1.1 user unknown'),
    row('auto_reply', 'bob', 70, 'I am out of the office until Sunday 6 December. (rule: auto_submitted) — back 7 Dec'),
    row('reply', 'ann', 60, 'Sounds good, tell me more.'),
    row('bounce', 'gil', send.gil!.at, expect.stringContaining('No such user')),
    ...(['fay', 'eve', 'dee', 'cy', 'bob', 'ann'] as const).map((n) => row('sent', n, send[n]!.at, `Hello ${send[n]!.variant === 1 ? 'A' : 'B'}`)),
  ];

  it('lists replies and auto-replies among the sends and bounces, newest first, one-off answers left out', async () => {
    const res = await world.me.client.get(`/campaigns/${campaignId}/activity`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ more: false, rows: all() });
  });

  it('pages across the kinds with limit and offset (REST and GraphQL)', async () => {
    const middle = await world.me.client.get(`/campaigns/${campaignId}/activity?limit=3&offset=4`);
    expect(middle.body).toEqual({ more: true, rows: all().slice(4, 7) });
    const end = await world.me.client.get(`/campaigns/${campaignId}/activity?limit=5&offset=10`);
    expect(end.body).toEqual({ more: false, rows: all().slice(10) });
    const pages = [];
    for (let offset = 0; offset < 12; offset += 2) pages.push(...(await world.me.client.get(`/campaigns/${campaignId}/activity?limit=2&offset=${offset}`)).body.rows);
    expect(pages).toEqual(all());
    const g = await world.me.client.gql(ops.CampaignActivityDocument, { id: campaignId, page: { limit: 4 } });
    expect(g.data?.campaignActivity).toEqual({ more: true, rows: all().slice(0, 4) });
  });

  it('lists the DSN bounce among the bounces like an SMTP one', async () => {
    const res = await world.me.client.get(`/campaigns/${campaignId}/bounces`);
    expect(res.body.rows).toEqual([
      { at: at(80).toISOString(), email: lead.cy!.email, mailbox: inbox.email, code: 550, category: 'hard', reason: 'smtp; 550 5.1.1 user unknown' },
      expect.objectContaining({ email: lead.gil!.email, code: 550, category: 'hard' }),
    ]);
  });
});

describe('lead timeline', () => {
  const timeline = async (name: Name) => (await world.me.client.get(`/leads/${lead[name]!.id}/activity`)).body.timeline as { type: string; detail: string | null }[];

  it('shows an auto-reply with the rule that decided it and the day the lead is back', async () => {
    const entries = await timeline('bob');
    expect(entries.map((e) => e.type)).toEqual(['added', 'sent', 'auto_reply']);
    expect(entries[2]).toEqual({
      type: 'auto_reply',
      at: at(70).toISOString(),
      step: 1,
      step_label: 'Step 1',
      detail: 'I am out of the office until Sunday 6 December. (rule: auto_submitted) — back 7 Dec',
      variant: send.bob!.variant,
    });
    const reply = (await timeline('ann')).find((e) => e.type === 'reply');
    expect(reply).toMatchObject({ at: at(60).toISOString(), step: 1, detail: 'Sounds good, tell me more. (rule: default_reply)' });
  });

  it('shows a bounce read over IMAP once, from its item, after the email it returned (REST and GraphQL)', async () => {
    const expected = {
      type: 'bounce',
      at: at(80).toISOString(),
      step: 1,
      detail: 'Hard bounce 5.1.1: smtp; 550 5.1.1 user unknown (rule: dsn)',
      variant: send.cy!.variant,
    };
    const entries = await timeline('cy');
    expect(entries.map((e) => e.type)).toEqual(['added', 'sent', 'bounce']);
    expect(entries[2]).toEqual({ ...expected, step_label: 'Step 1' });
    const g = await world.me.client.gql(ops.LeadActivityDocument, { id: lead.cy!.id });
    expect(g.data?.leadActivity.timeline.map((e) => e.type)).toEqual(['added', 'sent', 'bounce']);
    expect(g.data?.leadActivity.timeline[2]).toEqual({ ...expected, stepLabel: 'Step 1' });
  });

  it('keeps showing a bounce refused at SMTP time from the bounce row, without a sent entry', async () => {
    const entries = await timeline('gil');
    expect(entries.map((e) => e.type)).toEqual(['added', 'bounce']);
    expect(entries[1]!.detail).toContain('No such user');
  });

  it("lists answers to a one-off in the lead's own history", async () => {
    const entries = await timeline('dee');
    expect(entries.map((e) => e.type)).toEqual(['added', 'sent', 'one_off', 'reply', 'auto_reply']);
    expect(entries[3]).toMatchObject({ step: null, detail: 'Thanks for the note! (rule: default_reply)' });
    expect(entries[4]).toMatchObject({ step: null, detail: 'Away today. (rule: x_autoreply)' });
  });
});

describe('workspace reports', () => {
  it('sums replies up without the answers to one-offs (REST and GraphQL)', async () => {
    const res = await world.me.client.get('/reports/summary');
    expect(res.body).toMatchObject({ sent: 7, replied: 2, bounced: 2, reply_rate: 28.6 });
    const g = await world.me.client.gql(ops.ReportSummaryDocument, {});
    expect(g.data?.reportSummary).toMatchObject({ sent: 7, replied: 2, bounced: 2, replyRate: 28.6 });
  });

  it('reports replies per day, campaign and inbox (REST and GraphQL)', async () => {
    const res = await world.me.client.get('/reports/analytics?from=2026-11-30&to=2026-11-30');
    expect(res.body.totals).toMatchObject({ sent: 7, replies: 2, positive: 1, bounces: 2, reply_rate: 28.6 });
    expect(res.body.by_day).toEqual([expect.objectContaining({ day: '2026-11-30', replies: 2, positive: 1, bounces: 2 })]);
    expect(res.body.by_campaign).toEqual([expect.objectContaining({ id: campaignId, replies: 2, positive: 1, bounces: 2 })]);
    expect(res.body.by_mailbox).toEqual([expect.objectContaining({ id: inbox.id, replies: 2, positive: 1, bounces: 2 })]);
    const g = await world.me.client.gql(ops.ReportAnalyticsDocument, { input: { campaignId } });
    expect(g.data?.reportAnalytics.totals).toMatchObject({ replies: 2, positive: 1, bounces: 2 });
  });

  it("feeds the inbox score the replies the poller counted on the inbox's day (REST and GraphQL)", async () => {
    // Seven sequence emails and the one-off; Gil's SMTP bounce and Cy's DSN; Ann's and Eve's replies.
    const inputs = { sent: 8, failed: 0, bounced: 2, replied: 2, placement: null };
    expect((await world.me.client.get('/mailboxes/scores')).body).toEqual([expect.objectContaining({ mailbox_id: inbox.id, inputs })]);
    const g = await world.me.client.gql(ops.MailboxScoresDocument);
    expect(g.data?.mailboxScores).toEqual([expect.objectContaining({ mailboxId: inbox.id, inputs })]);
  });
});
