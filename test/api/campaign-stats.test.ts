// GET /campaigns/:id/stats over what the engine really sent, plus lead outcomes written the way the
// reply poller and the pipeline record them (reply-numbers.test.ts has replies read over IMAP in full): totals, variants, lead counts, per-day rows with the pending
// estimate and future sending days, opportunities and conversions with their values.
import { randomUUID } from 'node:crypto';
import { expectError, signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { HOUR, MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'file' });
const { clock, db, tick } = world;
let campaignId: string;
const ids: Record<string, string> = {};
const address = (name: string) => `${name}-${randomUUID().slice(0, 4)}@client.test`;

beforeAll(async () => {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', dailyLimit: 7, openTracking: true, dealValue: 1000 });
  campaignId = campaign.id;
  await addStep(world.service, world.me.workspaceId, campaignId, {
    variants: [
      { subject: 'Hello A', body: 'Hi', enabled: true },
      { subject: 'Hello B', body: 'Hi', enabled: true },
    ],
  });
  await addStep(world.service, world.me.workspaceId, campaignId, { waitMinutes: 2 * 1440, variants: [{ subject: '', body: 'Following up', enabled: true }] });
  const inbox = await world.senderInbox(campaignId, {
    minGapMinutes: 1,
  });
  const names = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay'];
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaignId,
    names.map((name, i) => ({ email: address(name), createdAt: new Date(MONDAY_10.getTime() - (10 - i) * MINUTE) })),
  );
  leads.forEach((l, i) => (ids[names[i]!] = l.id));
  world.peer.behaviour = { rcpt: (to: string) => (to === leads[1]!.email ? { code: 550, message: '5.1.1 No such user here' } : undefined) };
  for (let i = 0; i < names.length; i++) {
    await tick();
    clock.at = new Date(clock.at.getTime() + 2 * MINUTE);
  }
  // What replies, the pipeline and unsubscribes leave on the leads (those paths are tested on their own).
  const at = new Date(MONDAY_10.getTime() + 60 * MINUTE);
  await db(`update lead set status = 'replied', stop_reason = 'replied', replied_at = ?, interest = 'interested', deal_value = 500 where id = ?`, [at, ids.ann]);
  await db(`update lead set status = 'stopped', stop_reason = 'pipeline', interest = 'won' where id = ?`, [ids.cy]);
  await db(`update lead set status = 'unsubscribed', stop_reason = 'unsubscribed' where id = ?`, [ids.dee]);
  // Fay's out-of-office: an auto_reply item (which sets no replied_at) that stopped her.
  await createReplyItem(world.service, world.me.workspaceId, { inbox: inbox.id, lead: ids.fay, campaign: campaignId, kind: 'auto_reply', rule: 'auto_submitted', receivedAt: at });
  await db(`update lead set status = 'stopped', stop_reason = 'auto_replied' where id = ?`, [ids.fay]);
  await db(`update send set opened_at = ? where lead_id = ?`, [at, ids.ann]);
  await db(`update send set opened_at = ?, clicked_at = ? where lead_id = ?`, [at, at, ids.eve]);
  // A one-off to Eve: counted apart.
  expect((await world.me.client.post(`/leads/${ids.eve}/send`, { mailboxId: inbox.id, subject: 'Personal note', body: 'Hi Eve' })).status).toBe(200);
  await tick();
  // Three leads added after the sending: new, still pending.
  await createLeads(
    world.service,
    world.me.workspaceId,
    campaignId,
    ['g1', 'g2', 'g3'].map((name) => ({ email: address(name), createdAt: clock.now() })),
  );
});

it('reports totals, lead counts and the extra fields', async () => {
  const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    sent: 6, // the bounced email was sent too
    one_off_sent: 1,
    opened: 2,
    clicked: 1,
    replied: 1, // Fay's auto-reply is not a reply
    positive: 2, // interested and won
    bounced: 1,
    auto_replies: 1,
    unsubscribed: 1,
    leads: { total: 9, completed: 0, in_sequence: 1, pending: 3, replied: 1, unsubscribed: 1 },
    sequence_started: 6,
    open_tracking: true,
    click_tracking: false,
    opportunities: 2,
    opportunities_value: 1500, // Ann's own 500 + the campaign's 1000 for Cy
    conversions: 1,
    conversions_value: 1000,
  });
});

it('reports each variant of each email step, a reply counted for the variant the lead got', async () => {
  const sent = await db(`select variant, count(*)::int as n from send where campaign_id = ? and kind = 'step' group by variant`, [campaignId]);
  const sentBy = (v: number) => Number(sent.find((r) => Number(r.variant) === v)?.n ?? 0);
  const [annSend] = await db(`select variant from send where lead_id = ? and kind = 'step'`, [ids.ann]);
  const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
  const replied = (v: number) => (Number(annSend!.variant) === v ? 1 : 0);
  expect(res.body.variants).toEqual([
    { step: 1, variant: 1, sent: sentBy(1), replies: replied(1), positive: replied(1), reply_rate: sentBy(1) ? Math.round((1000 * replied(1)) / sentBy(1)) / 10 : 0 },
    { step: 1, variant: 2, sent: sentBy(2), replies: replied(2), positive: replied(2), reply_rate: sentBy(2) ? Math.round((1000 * replied(2)) / sentBy(2)) / 10 : 0 },
    { step: 2, variant: 1, sent: 0, replies: 0, positive: 0, reply_rate: 0 },
  ]);
  expect(sentBy(1) + sentBy(2)).toBe(6);
  expect(sentBy(1)).toBeGreaterThan(0);
  expect(sentBy(2)).toBeGreaterThan(0);
});

it("gives today's counts with what is still pending, and the coming sending days", async () => {
  const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
  // Today: 6 of the daily 7 went, so one new lead still goes; Tuesday the other two; Wednesday Eve's
  // follow-up and Monday's new lead's; Thursday Tuesday's two follow-ups.
  expect(res.body.by_day).toEqual([
    { day: '2026-11-30', sent: 6, replies: 1, bounces: 1, pending: 1 },
    { day: '2026-12-01', sent: 0, replies: 0, bounces: 0, pending: 2, future: true },
    { day: '2026-12-02', sent: 0, replies: 0, bounces: 0, pending: 2, future: true },
    { day: '2026-12-03', sent: 0, replies: 0, bounces: 0, pending: 2, future: true },
  ]);
});

it('fills quiet days, and counts a day before its window as still to send', async () => {
  const monday = clock.at;
  clock.at = new Date(MONDAY_10.getTime() + 2 * 24 * HOUR - 2 * HOUR); // Wednesday 08:00
  try {
    const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
    expect(res.body.by_day).toEqual([
      { day: '2026-11-30', sent: 6, replies: 1, bounces: 1 },
      { day: '2026-12-01', sent: 0, replies: 0, bounces: 0 },
      { day: '2026-12-02', sent: 0, replies: 0, bounces: 0, pending: 4 }, // three new leads and Eve's follow-up
      { day: '2026-12-03', sent: 0, replies: 0, bounces: 0, pending: 0, future: true },
      { day: '2026-12-04', sent: 0, replies: 0, bounces: 0, pending: 3, future: true }, // their follow-ups, two days on
    ]);
  } finally {
    clock.at = monday;
  }
});

it('estimates nothing for a paused campaign', async () => {
  await db(`update campaign set status = 'paused' where id = ?`, [campaignId]);
  try {
    const res = await world.me.client.get(`/campaigns/${campaignId}/stats`);
    expect(res.body.by_day).toEqual([{ day: '2026-11-30', sent: 6, replies: 1, bounces: 1 }]);
  } finally {
    await db(`update campaign set status = 'active' where id = ?`, [campaignId]);
  }
});

it("feeds the inbox's score: its sends and hard bounces count as inputs", async () => {
  const res = await world.me.client.get('/mailboxes/scores');
  expect(res.status).toBe(200);
  // Six sequence emails (one bounced) and the one-off, all from the one inbox.
  expect(res.body).toEqual([expect.objectContaining({ inputs: { sent: 7, failed: 0, bounced: 1, replied: 0, placement: null }, enough_sends: false })]);
});

it('answers 404 for another workspace, and the same numbers through GraphQL', async () => {
  const other = await signUp(world.service.url);
  expectError(await other.client.get(`/campaigns/${campaignId}/stats`), 404, 'not_found');
  const g = await world.me.client.gql(ops.CampaignStatsDocument, { id: campaignId });
  expect(g.data?.campaignStats).toMatchObject({
    sent: 6,
    oneOffSent: 1,
    leads: { total: 9, inSequence: 1, pending: 3 },
    opportunitiesValue: 1500,
    byDay: [
      { day: '2026-11-30', sent: 6, pending: 1, future: false },
      { day: '2026-12-01', pending: 2, future: true },
      { day: '2026-12-02', pending: 2, future: true },
      { day: '2026-12-03', pending: 2, future: true },
    ],
  });
});
