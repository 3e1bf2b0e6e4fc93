// GET /reports/summary, /reports/analytics and /reports/analytics.csv over what the engine sent, plus
// lead outcomes written the way the reply and pipeline paths record them.
import { randomUUID } from 'node:crypto';
import { expectError, signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'file' });
const { clock, db, tick } = world;
const ids: Record<string, string> = {};
const inboxEmail: Record<string, string> = {};
const address = (name: string) => `${name}-${randomUUID().slice(0, 4)}@client.test`;

beforeAll(async () => {
  const setups = [
    { key: 'A', name: 'Alpha', openTracking: true, dealValue: 1000, leads: ['a1', 'a2', 'a3'] },
    { key: 'B', name: '=HYPERLINK("http://x.test")', openTracking: false, dealValue: null, leads: ['b1'] },
  ];
  const emails: Record<string, string> = {};
  for (const s of setups) {
    const campaign = await createCampaign(world.service, world.me.workspaceId, {
      name: s.name,
      status: 'active',
      timezone: 'UTC',
      openTracking: s.openTracking,
      dealValue: s.dealValue,
    });
    ids[s.key] = campaign.id;
    await addStep(world.service, world.me.workspaceId, campaign.id);
    const inbox = await world.senderInbox(null, {
      minGapMinutes: 1,
    });
    ids[`inbox${s.key}`] = inbox.id;
    inboxEmail[s.key] = inbox.email;
    await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, inbox.id]);
    const leads = await createLeads(
      world.service,
      world.me.workspaceId,
      campaign.id,
      s.leads.map((name, i) => ({ email: address(name), createdAt: new Date(MONDAY_10.getTime() - (10 - i) * MINUTE) })),
    );
    leads.forEach((l, i) => {
      ids[s.leads[i]!] = l.id;
      emails[s.leads[i]!] = l.email;
    });
  }
  world.peer.behaviour = { rcpt: (to: string) => (to === emails.a2 ? { code: 550, message: '5.1.1 No such user here' } : undefined) };
  for (let i = 0; i < 3; i++) {
    await tick();
    clock.at = new Date(clock.at.getTime() + 2 * MINUTE);
  }
  const at = (minutes: number) => new Date(MONDAY_10.getTime() + minutes * MINUTE);
  await db(`update lead set status = 'replied', stop_reason = 'replied', replied_at = ?, interest = 'won', won_at = ? where id = ?`, [at(60), at(120), ids.a1]);
  await db(`update lead set status = 'replied', stop_reason = 'replied', replied_at = ?, interest = 'interested' where id = ?`, [at(90), ids.b1]);
  // a3's email went out ten days earlier and was opened: inside the default 30 days, outside a short range.
  await db(`update send set sent_at = '2026-11-20T10:00:00Z', opened_at = '2026-11-20T11:00:00Z' where lead_id = ?`, [ids.a3]);
  // A one-off is not campaign outreach.
  expect((await world.me.client.post(`/leads/${ids.a3}/send`, { mailboxId: ids.inboxA, subject: 'Note', body: 'Hi' })).status).toBe(200);
  clock.at = at(10);
  await tick();
});

it('sums up the workspace', async () => {
  const res = await world.me.client.get('/reports/summary');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    campaigns: 2,
    active_campaigns: 2,
    mailboxes: 2,
    sent: 4, // the bounce included, the one-off not
    opened: 1,
    replied: 2,
    bounced: 1,
    open_rate: 33.3, // 1 of Alpha's 3: Beta does not track opens
    reply_rate: 50,
  });
  const g = await world.me.client.gql(ops.ReportSummaryDocument, {});
  expect(g.data?.reportSummary).toMatchObject({ sent: 4, activeCampaigns: 2, openRate: 33.3 });
});

it('reports the last 30 days by default: totals, every day, per campaign and per inbox', async () => {
  const res = await world.me.client.get('/reports/analytics');
  expect(res.status).toBe(200);
  expect(res.body.from).toBe('2026-11-01');
  expect(res.body.to).toBe('2026-11-30');
  expect(res.body.totals).toEqual({
    sent: 4,
    started: 4,
    replies: 2,
    bounces: 1,
    positive: 2,
    reply_rate: 50,
    bounce_rate: 25,
    opened: 1,
    clicked: 0,
    open_rate: 33.3,
    click_rate: null,
    won: 1,
    won_value: 1000,
  });
  expect(res.body.by_day).toHaveLength(30);
  expect(res.body.by_day.find((d: { day: string }) => d.day === '2026-11-20')).toEqual({ day: '2026-11-20', sent: 1, replies: 0, bounces: 0, positive: 0, opened: 1, clicked: 0 });
  expect(res.body.by_day.at(-1)).toEqual({ day: '2026-11-30', sent: 3, replies: 2, bounces: 1, positive: 2, opened: 0, clicked: 0 });
  expect(res.body.by_campaign).toEqual([
    { id: ids.A, label: 'Alpha', sent: 3, replies: 1, bounces: 1, positive: 1, reply_rate: 33.3, bounce_rate: 33.3 },
    { id: ids.B, label: '=HYPERLINK("http://x.test")', sent: 1, replies: 1, bounces: 0, positive: 1, reply_rate: 100, bounce_rate: 0 },
  ]);
  expect(res.body.by_mailbox).toEqual([
    { id: ids.inboxA, label: inboxEmail.A, sent: 3, replies: 1, bounces: 1, positive: 1, reply_rate: 33.3, bounce_rate: 33.3 },
    { id: ids.inboxB, label: inboxEmail.B, sent: 1, replies: 1, bounces: 0, positive: 1, reply_rate: 100, bounce_rate: 0 },
  ]);
  expect(res.body.campaigns.map((c: { id: string }) => c.id).sort()).toEqual([ids.A, ids.B].sort());
});

it('keeps to the range and the campaign asked for', async () => {
  const recent = await world.me.client.get('/reports/analytics?from=2026-11-25&to=2026-11-30');
  expect(recent.body.totals).toMatchObject({ sent: 3, opened: 0, replies: 2 });
  expect(recent.body.by_day.map((d: { day: string }) => d.day)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
  const before = await world.me.client.get('/reports/analytics?from=2026-11-01&to=2026-11-29');
  expect(before.body.totals).toMatchObject({ sent: 1, replies: 0, won: 0, won_value: 0 });
  const beta = await world.me.client.get(`/reports/analytics?campaign_id=${ids.B}`);
  expect(beta.body.totals).toMatchObject({ sent: 1, replies: 1, positive: 1, open_rate: null, won: 0 });
  expect(beta.body.by_campaign.map((r: { id: string }) => r.id)).toEqual([ids.B]);
  const g = await world.me.client.gql(ops.ReportAnalyticsDocument, { input: { campaignId: ids.A, from: '2026-11-30', to: '2026-11-30' } });
  expect(g.data?.reportAnalytics.totals).toMatchObject({ sent: 2, bounces: 1, replies: 1, won: 1, wonValue: 1000 });
});

it('refuses bad ranges and ids with the documented errors', async () => {
  expectError(await world.me.client.get('/reports/analytics?from=2026-13-01'), 400, 'validation_failed');
  expectError(await world.me.client.get('/reports/analytics?to=30-11-2026'), 400, 'validation_failed');
  expectError(await world.me.client.get('/reports/analytics?from=2026-11-30&to=2026-11-01'), 400, 'invalid_range');
  expectError(await world.me.client.get('/reports/analytics?from=1990-01-01&to=2026-11-30'), 400, 'invalid_range');
  expectError(await world.me.client.get('/reports/analytics?campaign_id=nope'), 400, 'validation_failed');
  expectError(await world.me.client.get('/reports/analytics?colour=red'), 400, 'validation_failed');
  expectError(await world.me.client.get('/reports/analytics.csv?group=week'), 400, 'validation_failed');
  const other = await signUp(world.service.url);
  expectError(await other.client.get(`/reports/analytics?campaign_id=${ids.A}`), 404, 'not_found');
  expect((await other.client.get('/reports/summary')).body).toMatchObject({ campaigns: 0, sent: 0, open_rate: null, reply_rate: 0 });
});

it('exports CSV by campaign, inbox or day, formulas neutralised', async () => {
  const byCampaign = await world.me.client.get('/reports/analytics.csv');
  expect(byCampaign.status).toBe(200);
  expect(byCampaign.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(byCampaign.text.split('\r\n')).toEqual([
    'campaign,sent,replies,reply_rate,positive,bounces,bounce_rate',
    'Alpha,3,1,33.3,1,1,33.3',
    `"'=HYPERLINK(""http://x.test"")",1,1,100,1,0,0`,
    '',
  ]);
  const byMailbox = await world.me.client.get('/reports/analytics.csv?group=mailbox&from=2026-11-30');
  expect(byMailbox.text.split('\r\n')[0]).toBe('mailbox,sent,replies,reply_rate,positive,bounces,bounce_rate');
  expect(byMailbox.text).toContain(`${inboxEmail.A},2,1,50,1,1,50`);
  const byDay = await world.me.client.get('/reports/analytics.csv?group=day&from=2026-11-29&to=2026-11-30');
  expect(byDay.text).toBe('day,sent,replies,reply_rate,positive,bounces,bounce_rate\r\n2026-11-29,0,0,0,0,0,0\r\n2026-11-30,3,2,66.7,2,1,33.3\r\n');
});
