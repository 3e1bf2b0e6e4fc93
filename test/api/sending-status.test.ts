// GET /campaigns/:id/sending-status (and GraphQL campaignSendingStatus) over the real engine state:
// reasons in the order the sender meets them (decisions.md §5), counts before and after a real tick.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/runtime/clock';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import { expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import * as ops from '../graphql/generated';

const MONDAY_10 = new Date('2026-11-30T10:00:00.000Z');
const clock: Clock & { at: Date } = {
  at: MONDAY_10,
  now() {
    return new Date(this.at);
  },
};
let service: Awaited<ReturnType<typeof startTestService>>;
let peer: SmtpPeer;
let me: Account;

beforeAll(async () => {
  service = await startTestService({ clock, env: { ALLOW_PRIVATE_FETCH: 'true' } });
  peer = await startSmtpPeer();
  me = await signUp(service.url, { timezone: 'UTC' });
});
afterAll(async () => {
  await service.stop();
  await peer.stop();
});
beforeEach(() => {
  clock.at = MONDAY_10;
});

const db = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);
const status = (id: string) => me.client.get(`/campaigns/${id}/sending-status`);

async function readyCampaign(leads: number) {
  const campaign = await createCampaign(service, me.workspaceId, { status: 'active', timezone: 'UTC' });
  await addStep(service, me.workspaceId, campaign.id);
  const inbox = await createInbox(service, me.workspaceId, {
    smtpHost: peer.host,
    smtpPort: peer.port,
    username: 'sender@example.com',
    password: 'smtp-secret',
    minGapMinutes: 0,
    gapJitterMinutes: 0,
    dailyCap: 50,
    rampStart: 50,
  });
  await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, inbox.id]);
  await createLeads(
    service,
    me.workspaceId,
    campaign.id,
    Array.from({ length: leads }, (_, i) => ({ email: `s${i}-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(clock.at.getTime() - 3_600_000) })),
  );
  return campaign.id;
}

it("lists every lasting reason of a new draft in the sender's order", async () => {
  const campaign = await createCampaign(service, me.workspaceId, { timezone: 'UTC' });
  const res = await status(campaign.id);
  expect(res.status).toBe(200);
  expect(res.body.sending).toBe(false);
  expect(res.body.reasons.map((r: { code: string }) => r.code)).toEqual(['not_active', 'no_steps', 'no_inbox']);
  expect(res.body).toMatchObject({ sent_today: 0, daily_limit: 30, new_today: 0, new_leads_limit: null, due_now: 0, due_today: { total: 0, follow_ups: 0, new_leads: 0 } });
});

it('says a ready campaign is sending, with the leads due, and counts what a tick sent', async () => {
  const id = await readyCampaign(3);
  let res = await status(id);
  expect(res.body).toMatchObject({ sending: true, reasons: [], due_now: 3, due_today: { total: 3, follow_ups: 0, new_leads: 3 } });
  await db(`update campaign set status = 'paused' where workspace_id = ? and id <> ?`, [me.workspaceId, id]);
  const report = await runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] });
  expect(report.sent).toBe(1);
  res = await status(id);
  expect(res.body).toMatchObject({ sending: true, sent_today: 1, new_today: 1, due_now: 2 });
});

it('gives outside_hours when the window is closed, and the next time it opens', async () => {
  clock.at = new Date('2026-11-28T12:00:00.000Z'); // a Saturday
  const id = await readyCampaign(1);
  const res = await status(id);
  expect(res.body.sending).toBe(false);
  expect(res.body.reasons.map((r: { code: string }) => r.code)).toEqual(['outside_hours']);
  expect(res.body.next_due_at).toBe('2026-11-30T09:00:00.000Z');
});

it("answers 404 for another workspace's or a malformed id, and the same through GraphQL", async () => {
  const other = await signUp(service.url);
  const theirs = await createCampaign(service, other.workspaceId);
  for (const id of [theirs.id, 'nope']) expectError(await status(id), 404, 'not_found');
  const id = await readyCampaign(2);
  const gql = await me.client.gql(ops.CampaignSendingStatusDocument, { id });
  expect(gql.data?.campaignSendingStatus).toMatchObject({ sending: true, reasons: [], dueNow: 2, dueToday: { total: 2, followUps: 0, newLeads: 2 } });
});

it('holds a lead whose auto-reply gave a return date: a lead_away note, nothing sent before then, sent after (REST and GraphQL)', async () => {
  const id = await readyCampaign(3);
  await db(`update campaign set status = 'paused' where workspace_id = ? and id <> ?`, [me.workspaceId, id]);
  const [away] = await db(`select id from lead where campaign_id = ? order by email limit 1`, [id]);
  // What the poller writes for an out-of-office back on Wednesday (decisions.md §6).
  const back = new Date('2026-12-02T00:00:00.000Z');
  await db(`update lead set away_until = ? where id = ?`, [back, away!.id]);
  const awayNote = { code: 'lead_away', text: '1 lead is away (an auto-reply said so); their mail waits until the return date.' };

  let res = await status(id);
  expect(res.body).toMatchObject({ sending: true, due_now: 2, due_today: { total: 2, new_leads: 2 } });
  expect(res.body.notes).toContainEqual(awayNote);
  for (let i = 0; i < 3; i++) {
    await runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] });
    clock.at = new Date(clock.at.getTime() + 60_000);
  }
  const sentTo = async () => (await db(`select lead_id from send where campaign_id = ? and kind = 'step'`, [id])).map((r) => String(r.lead_id));
  expect(await sentTo()).toHaveLength(2);
  expect(await sentTo()).not.toContain(away!.id);
  // Still away after the engine has looked at it: the note stays, and the next send waits for the return.
  res = await status(id);
  expect(res.body).toMatchObject({ sent_today: 2, due_now: 0, due_today: { total: 0 } });
  expect(res.body.notes).toContainEqual(awayNote);
  expect(res.body.next_due_at).toBe('2026-12-02T09:00:00.000Z');
  const gql = await me.client.gql(ops.CampaignSendingStatusDocument, { id });
  expect(gql.data?.campaignSendingStatus.notes).toContainEqual(awayNote);

  clock.at = new Date('2026-12-02T10:00:00.000Z');
  res = await status(id);
  expect(res.body).toMatchObject({ due_now: 1 });
  expect(res.body.notes.map((n: { code: string }) => n.code)).not.toContain('lead_away');
  await runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] });
  expect(await sentTo()).toContain(away!.id);
});

describe('several campaigns at once (GET /sending-status, GraphQL campaignSendingStatuses: the console’s campaigns list)', () => {
  const pick = (s: Record<string, unknown>) => ({
    campaign_id: s.campaign_id,
    sending: s.sending,
    reasons: s.reasons,
    notes: s.notes,
    sent_today: s.sent_today,
    due_now: s.due_now,
  });

  it('answers each campaign exactly as the single lookup does, in the order asked, through REST and GraphQL', async () => {
    const readyId = await readyCampaign(3);
    const draft = await createCampaign(service, me.workspaceId, { timezone: 'UTC' });
    const paused = await createCampaign(service, me.workspaceId, { status: 'paused', timezone: 'UTC' });
    const ids = [paused.id, readyId, draft.id];
    const batch = await me.client.get(`/sending-status?campaign_ids=${ids.join(',')}`);
    expect(batch.status).toBe(200);
    expect(batch.body.map((s: { campaign_id: string }) => s.campaign_id)).toEqual(ids);
    for (const [i, id] of ids.entries()) {
      const single = await status(id);
      expect(pick(batch.body[i])).toEqual(pick(single.body));
    }
    expect(batch.body[1].sending).toBe(true);
    expect(batch.body[0].reasons[0].code).toBe('not_active');

    const gql = await me.client.gql(ops.CampaignSendingStatusesDocument, { campaignIds: ids });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.campaignSendingStatuses.map((s) => [s.campaignId, s.sending, s.reasons.map((r) => r.code)])).toEqual(
      batch.body.map((s: { campaign_id: string; sending: boolean; reasons: { code: string }[] }) => [s.campaign_id, s.sending, s.reasons.map((r) => r.code)]),
    );
  });

  it("refuses another workspace's campaign (404), a malformed list and more than 100 campaigns (400), through REST and GraphQL", async () => {
    const mine = await createCampaign(service, me.workspaceId, {});
    const other = await signUp(service.url);
    const theirs = await createCampaign(service, other.workspaceId, {});
    expectError(await me.client.get(`/sending-status?campaign_ids=${mine.id},${theirs.id}`), 404, 'not_found');
    expectError(await me.client.get(`/sending-status?campaign_ids=${mine.id};drop`), 400, 'validation_failed');
    expectError(await me.client.get('/sending-status'), 400, 'validation_failed');
    const many = Array.from({ length: 101 }, () => randomUUID());
    expectError(await me.client.get(`/sending-status?campaign_ids=${many.join(',')}`), 400, 'validation_failed');

    const foreign = await me.client.gql(ops.CampaignSendingStatusesDocument, { campaignIds: [mine.id, theirs.id] });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('not_found');
    const tooMany = await me.client.gql(ops.CampaignSendingStatusesDocument, { campaignIds: many });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('validation_failed');
  });
});

it('holds a lead whose address is being verified (a verification_hold note), and counts it again once the check is a day old', async () => {
  const id = await readyCampaign(2);
  await db(`update lead set verification = 'pending', verification_started_at = ? where id = (select id from lead where campaign_id = ? order by email limit 1)`, [
    new Date(clock.at.getTime() - 3_600_000),
    id,
  ]);
  let res = await status(id);
  expect(res.body.due_now).toBe(1);
  expect(res.body.notes.map((n: { code: string }) => n.code)).toContain('verification_hold');
  // A check started more than a day ago holds nothing any more (the hold lasts a day at most).
  await db(`update lead set verification_started_at = ? where campaign_id = ? and verification = 'pending'`, [new Date(clock.at.getTime() - 2 * 86_400_000), id]);
  res = await status(id);
  expect(res.body.due_now).toBe(2);
  expect(res.body.notes.map((n: { code: string }) => n.code)).not.toContain('verification_hold');
});
