// The pipeline (api.md Pipeline, "Pipeline stages"): five stages in order with counts, values (lead deal
// value else the campaign's) and their leads, won_value, paging per stage; a move only for a lead that
// has replied and only to meeting_booked, meeting_completed, won or lost (400 otherwise, 404 unknown),
// which sets the label (won_at for the reports), stops the steps still to come (nothing sent on the next
// tick), and records one interest_changed event; through REST and GraphQL, never across workspaces.
import { randomUUID } from 'node:crypto';
import { expectError, signUp, type Account } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { HOUR, MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;
const api = () => world.me.client;

const ago = (minutes: number) => new Date(MONDAY_10.getTime() - minutes * MINUTE);
const STAGES = ['interested', 'meeting_booked', 'meeting_completed', 'won', 'lost'];

type LeadSeed = { interest?: string | null; dealValue?: number | null; repliedAt?: Date | null; status?: string; email?: string };

/** A campaign (deal value `dealValue`) with leads; replied leads have replied_at set as the poller does. */
async function campaignWith(leads: LeadSeed[], opts: { dealValue?: number | null; name?: string; account?: Account } = {}) {
  const account = opts.account ?? world.me;
  const campaign = await createCampaign(world.service, account.workspaceId, { timezone: 'UTC', dealValue: opts.dealValue ?? null, name: opts.name ?? 'Q4 outreach' });
  const rows = await createLeads(
    world.service,
    account.workspaceId,
    campaign.id,
    leads.map((l, i) => ({
      email: l.email ?? `p${i}-${randomUUID().slice(0, 6)}@client.test`,
      interest: l.interest ?? null,
      dealValue: l.dealValue ?? null,
      repliedAt: l.repliedAt === undefined ? ago(60 - i) : l.repliedAt,
      status: (l.status ?? 'replied') as never,
    })),
  );
  return { campaignId: campaign.id, name: campaign.name, leads: rows.map((r) => ({ id: r.id, email: r.email })) };
}

const pipeline = async (query = '', account: Account = world.me) => {
  const res = await account.client.get(`/analytics/pipeline${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    stages: { stage: string; count: number; value: number; leads: { id: string; email: string; campaign_id: string; campaign: string; value: number }[] }[];
    won_value: number;
  };
};
const stage = (p: Awaited<ReturnType<typeof pipeline>>, name: string) => p.stages.find((s) => s.stage === name)!;
const events = (leadId: string) => db(`select kind, payload from event where workspace_id = ? and payload->>'lead_id' = ? order by created_at, id`, [world.me.workspaceId, leadId]);

describe('GET /analytics/pipeline', () => {
  it('answers the five stages in order with counts, values (lead deal value, else the campaign, else 0), their leads and won_value', async () => {
    const a = await campaignWith(
      [
        { interest: 'interested', dealValue: 500 },
        { interest: 'interested' },
        { interest: 'meeting_booked', dealValue: 2000 },
        { interest: 'won', dealValue: 7000 },
        { interest: 'won' },
        { interest: 'not_interested' },
        { interest: null },
        { interest: 'out_of_office' },
      ],
      { dealValue: 1000, name: 'Alpha' },
    );
    const b = await campaignWith([{ interest: 'lost' }, { interest: 'won' }], { dealValue: null, name: 'Beta' });
    const p = await pipeline();
    expect(Object.keys(p).sort()).toEqual(['stages', 'won_value']);
    expect(p.stages.map((s) => [s.stage, s.count, s.value])).toEqual([
      ['interested', 2, 1500],
      ['meeting_booked', 1, 2000],
      ['meeting_completed', 0, 0],
      ['won', 3, 8000],
      ['lost', 1, 0],
    ]);
    expect(p.won_value).toBe(8000);
    expect(stage(p, 'meeting_booked').leads).toEqual([{ id: a.leads[2].id, email: a.leads[2].email, campaign_id: a.campaignId, campaign: 'Alpha', value: 2000 }]);
    // Most recent reply first (a lead seeded later in its list replied later: a4, a3, then b1).
    expect(stage(p, 'won').leads).toEqual([
      { id: a.leads[4].id, email: a.leads[4].email, campaign_id: a.campaignId, campaign: 'Alpha', value: 1000 },
      { id: a.leads[3].id, email: a.leads[3].email, campaign_id: a.campaignId, campaign: 'Alpha', value: 7000 },
      { id: b.leads[1].id, email: b.leads[1].email, campaign_id: b.campaignId, campaign: 'Beta', value: 0 },
    ]);
    expect(stage(p, 'meeting_completed').leads).toEqual([]);
  });

  it('pages the leads of each stage (limit, offset, stage) while counts and values cover every lead; bad paging is 400', async () => {
    const c = await campaignWith(
      Array.from({ length: 5 }, (_, i) => ({ interest: i < 4 ? 'interested' : 'won', dealValue: 10 * (i + 1) })),
      { dealValue: 1 },
    );
    const newestFirst = c.leads
      .slice(0, 4)
      .reverse()
      .map((l) => l.id);
    const p = await pipeline('?limit=2');
    expect(stage(p, 'interested')).toMatchObject({ count: 4, value: 100 });
    expect(stage(p, 'interested').leads.map((l) => l.id)).toEqual(newestFirst.slice(0, 2));
    expect(stage(p, 'won').leads).toHaveLength(1);
    expect(stage(await pipeline('?limit=2&offset=2'), 'interested').leads.map((l) => l.id)).toEqual(newestFirst.slice(2));
    const only = await pipeline('?stage=interested&limit=3&offset=1');
    expect(stage(only, 'interested').leads.map((l) => l.id)).toEqual(newestFirst.slice(1, 4));
    expect(stage(only, 'won')).toMatchObject({ count: 1, value: 50, leads: [] });
    expect(only.won_value).toBe(50);
    expect(stage(await pipeline('?limit=0'), 'interested')).toMatchObject({ count: 4, leads: [] });
    expect(stage(await pipeline(), 'interested').leads).toHaveLength(4);
    for (const bad of ['?limit=-1', '?limit=501', '?offset=-3', '?limit=abc', '?stage=not_interested', '?stage=banana', '?sort=value']) {
      expectError(await api().get(`/analytics/pipeline${bad}`), 400, 'validation_failed');
    }
  });

  it("shows only the caller's workspace", async () => {
    const other = await signUp(world.service.url);
    await campaignWith([{ interest: 'won', dealValue: 99 }], { account: other });
    const p = await pipeline();
    expect(p.stages.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);
    expect(p.won_value).toBe(0);
    expect(stage(await pipeline('', other), 'won')).toMatchObject({ count: 1, value: 99 });
  });
});

describe('PATCH /analytics/pipeline/:leadId', () => {
  it('moves a lead that has replied: answers {id, stage}, sets its interest, and the pipeline shows it at the new stage', async () => {
    const c = await campaignWith([{ interest: 'interested', dealValue: 300 }]);
    const lead = c.leads[0];
    const res = await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'meeting_booked' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: lead.id, stage: 'meeting_booked' });
    expect((await db(`select interest from lead where id = ?`, [lead.id]))[0].interest).toBe('meeting_booked');
    expect((await api().get(`/leads/${lead.id}`)).body.interest).toBe('meeting_booked');
    const p = await pipeline();
    expect(p.stages.map((s) => s.count)).toEqual([0, 1, 0, 0, 0]);
    expect(stage(p, 'meeting_booked').leads.map((l) => l.id)).toEqual([lead.id]);
  });

  it('records one interest_changed event per move, with {lead_id, email, campaign_id, from, to, source, at}; a move to the current stage records none', async () => {
    const c = await campaignWith([{ interest: 'interested' }]);
    const lead = c.leads[0];
    await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'meeting_booked' });
    clock.advance(HOUR);
    await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'meeting_completed' });
    expect((await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'meeting_completed' })).body).toEqual({ id: lead.id, stage: 'meeting_completed' });
    const rows = await events(lead.id);
    expect(rows).toEqual([
      {
        kind: 'interest_changed',
        payload: {
          lead_id: lead.id,
          email: lead.email,
          campaign_id: c.campaignId,
          reply_id: null,
          interest: 'meeting_booked',
          previous_interest: 'interested',
          source: 'pipeline',
          at: MONDAY_10.toISOString(),
        },
      },
      {
        kind: 'interest_changed',
        payload: {
          lead_id: lead.id,
          email: lead.email,
          campaign_id: c.campaignId,
          reply_id: null,
          interest: 'meeting_completed',
          previous_interest: 'meeting_booked',
          source: 'pipeline',
          at: new Date(MONDAY_10.getTime() + HOUR).toISOString(),
        },
      },
    ]);
  });

  it("a move to won stamps won_at, so the analytics report counts it as won in the range with its campaign's value; a move away clears it", async () => {
    const c = await campaignWith([{ interest: 'meeting_completed' }], { dealValue: 4000 });
    const lead = c.leads[0];
    await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'won' });
    expect(new Date((await db(`select won_at from lead where id = ?`, [lead.id]))[0].won_at).getTime()).toBe(MONDAY_10.getTime());
    expect((await api().get('/reports/analytics')).body.totals).toMatchObject({ won: 1, won_value: 4000 });
    expect((await pipeline()).won_value).toBe(4000);
    await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'lost' });
    expect((await db(`select won_at from lead where id = ?`, [lead.id]))[0].won_at).toBeNull();
    expect((await api().get('/reports/analytics')).body.totals).toMatchObject({ won: 0, won_value: 0 });
  });

  it('refuses interested and any stage outside the four targets with 400 pipeline_stage_not_allowed, changing nothing', async () => {
    const c = await campaignWith([{ interest: 'meeting_booked' }]);
    const lead = c.leads[0];
    for (const target of ['interested', 'not_interested', 'out_of_office', 'banana', '', 'WON']) {
      const err = expectError(await api().patch(`/analytics/pipeline/${lead.id}`, { stage: target }), 400, 'pipeline_stage_not_allowed');
      expect(err.details).toEqual({ stage: target, allowed: ['meeting_booked', 'meeting_completed', 'won', 'lost'] });
    }
    for (const bad of [{}, { stage: null }, { stage: 3 }, { stage: 'won', extra: 1 }]) {
      expectError(await api().patch(`/analytics/pipeline/${lead.id}`, bad), 400, 'validation_failed');
    }
    expect((await db(`select interest from lead where id = ?`, [lead.id]))[0].interest).toBe('meeting_booked');
    expect(await events(lead.id)).toEqual([]);
  });

  it('refuses a lead that has not replied (400 lead_not_replied): none, or only an auto-reply or a bounce; a reply to a one-off counts', async () => {
    const c = await campaignWith([
      { interest: 'interested', repliedAt: null, status: 'active' },
      { interest: null, repliedAt: null, status: 'active' },
      { interest: null, repliedAt: null, status: 'active' },
    ]);
    const inbox = await createInbox(world.service, world.me.workspaceId);
    const [labelled, autoReplied, oneOffReply] = c.leads;
    expectError(await api().patch(`/analytics/pipeline/${labelled.id}`, { stage: 'won' }), 400, 'lead_not_replied');
    await createReplyItem(world.service, world.me.workspaceId, { inbox: inbox.id, lead: autoReplied.id, campaign: c.campaignId, kind: 'auto_reply' });
    await createReplyItem(world.service, world.me.workspaceId, { inbox: inbox.id, lead: autoReplied.id, campaign: c.campaignId, kind: 'bounce' });
    expectError(await api().patch(`/analytics/pipeline/${autoReplied.id}`, { stage: 'won' }), 400, 'lead_not_replied');
    // A person's reply to a one-off email never stamps replied_at, but it is a reply.
    await createReplyItem(world.service, world.me.workspaceId, { inbox: inbox.id, lead: oneOffReply.id, campaign: c.campaignId, kind: 'reply', oneOff: true });
    expect((await api().patch(`/analytics/pipeline/${oneOffReply.id}`, { stage: 'meeting_booked' })).status).toBe(200);
    expect((await db(`select interest, status from lead where id = ?`, [labelled.id]))[0]).toEqual({ interest: 'interested', status: 'active' });
    expect((await db(`select interest, status from lead where id = ?`, [autoReplied.id]))[0]).toEqual({ interest: null, status: 'active' });
    expect(await events(labelled.id)).toEqual([]);
  });

  it("answers 404 for an unknown, malformed or another workspace's lead", async () => {
    const other = await signUp(world.service.url);
    const theirs = await campaignWith([{ interest: 'interested' }], { account: other });
    expectError(await api().patch(`/analytics/pipeline/${randomUUID()}`, { stage: 'won' }), 404, 'not_found');
    expectError(await api().patch('/analytics/pipeline/not-a-lead', { stage: 'won' }), 404, 'not_found');
    expectError(await api().patch(`/analytics/pipeline/${theirs.leads[0].id}`, { stage: 'won' }), 404, 'not_found');
    expect((await db(`select interest from lead where id = ?`, [theirs.leads[0].id]))[0].interest).toBe('interested');
  });
});

describe('a move stops the sequence and sends nothing', () => {
  /** An active campaign sending through the SMTP peer: step 1 sent yesterday, step 2 (no condition)
   *  due now, for leads that answered a one-off email (a reply that leaves replied_at unset, so the
   *  campaign's no_reply follow-up still holds for them and stopOnReply is off). */
  async function dueFollowUp(count: number) {
    const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', stopOnReply: false });
    await addStep(world.service, world.me.workspaceId, campaign.id);
    await addStep(world.service, world.me.workspaceId, campaign.id, { waitMinutes: 1440 });
    const inbox = await world.senderInbox(campaign.id);
    const leads = await createLeads(
      world.service,
      world.me.workspaceId,
      campaign.id,
      Array.from({ length: count }, (_, i) => ({
        email: `due${i}-${randomUUID().slice(0, 6)}@client.test`,
        status: 'active' as const,
        currentStep: 1,
        variant: 1,
        interest: 'interested',
        lastSentAt: ago(25 * 60),
        lastStepAt: ago(25 * 60),
        nextDueAt: ago(60),
        createdAt: ago(48 * 60),
      })),
    );
    for (const l of leads) await createReplyItem(world.service, world.me.workspaceId, { inbox: inbox.id, lead: l.id, campaign: campaign.id, kind: 'reply', oneOff: true });
    return { campaignId: campaign.id, inboxId: inbox.id, leads };
  }
  const sentTo = (email: string) => world.peer.messages.filter((m) => m.envelope.rcptTo.includes(email)).length;

  it('the moved lead stops (stopped, pipeline, nothing due) and the next tick emails only the lead that was not moved', async () => {
    const { leads } = await dueFollowUp(2);
    const [moved, kept] = leads;
    expect((await api().patch(`/analytics/pipeline/${moved.id}`, { stage: 'meeting_booked' })).status).toBe(200);
    expect(sentTo(moved.email)).toBe(0);
    const [row] = await db(`select status, stop_reason, next_due_at from lead where id = ?`, [moved.id]);
    expect(row).toEqual({ status: 'stopped', stop_reason: 'pipeline', next_due_at: null });
    const report = await tick();
    expect(report.sent).toBe(1);
    expect(sentTo(kept.email)).toBe(1);
    expect(sentTo(moved.email)).toBe(0);
    clock.advance(3 * 24 * HOUR);
    await tick();
    expect(sentTo(moved.email)).toBe(0);
    expect(await events(moved.id)).toHaveLength(1);
  });

  it('drops an email already queued for the lead, and leaves a lead whose sequence had ended with its own status and reason', async () => {
    const { campaignId, inboxId, leads } = await dueFollowUp(1);
    const lead = leads[0];
    await db(
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, status, scheduled_for, message_id)
       values (?, now(), ?, ?, ?, ?, 'step', 2, 1, 'queued', ?, ?)`,
      [randomUUID(), world.me.workspaceId, campaignId, lead.id, inboxId, MONDAY_10, `<${randomUUID()}@example.com>`],
    );
    await api().patch(`/analytics/pipeline/${lead.id}`, { stage: 'won' });
    expect((await db(`select status, error from send where lead_id = ?`, [lead.id]))[0]).toEqual({ status: 'dropped', error: 'Lead moved in the pipeline' });
    await tick();
    expect(sentTo(lead.email)).toBe(0);

    const ended = await campaignWith([{ interest: 'interested', status: 'replied' }]);
    await db(`update lead set stop_reason = 'replied' where id = ?`, [ended.leads[0].id]);
    await api().patch(`/analytics/pipeline/${ended.leads[0].id}`, { stage: 'lost' });
    expect((await db(`select status, stop_reason, interest from lead where id = ?`, [ended.leads[0].id]))[0]).toEqual({
      status: 'replied',
      stop_reason: 'replied',
      interest: 'lost',
    });
  });
});

describe('GraphQL', () => {
  it('pipeline and movePipelineLead agree with REST, with the same codes', async () => {
    const c = await campaignWith([{ interest: 'interested', dealValue: 250 }, { interest: 'won' }], { dealValue: 100, name: 'Gamma' });
    const g = await api().gql(ops.PipelineDocument, {});
    const rest = await pipeline();
    expect(g.data?.pipeline.wonValue).toBe(rest.won_value);
    expect(g.data?.pipeline.stages.map((s) => [s.stage, s.count, s.value])).toEqual(rest.stages.map((s) => [s.stage, s.count, s.value]));
    expect(g.data?.pipeline.stages[0].leads).toEqual([{ id: c.leads[0].id, email: c.leads[0].email, campaignId: c.campaignId, campaign: 'Gamma', value: 250 }]);
    expect(g.data?.pipeline.stages.map((s) => s.stage)).toEqual(STAGES);
    const paged = await api().gql(ops.PipelineDocument, { query: { stage: 'won', limit: 1 } });
    expect(paged.data?.pipeline.stages.map((s) => s.leads.length)).toEqual([0, 0, 0, 1, 0]);
    const badPage = await api().gql(ops.PipelineDocument, { query: { limit: 9999 } });
    expect(badPage.errors?.[0]?.extensions?.code).toBe('validation_failed');

    const moved = await api().gql(ops.MovePipelineLeadDocument, { leadId: c.leads[0].id, input: { stage: 'meeting_booked' } });
    expect(moved.data?.movePipelineLead).toEqual({ id: c.leads[0].id, stage: 'meeting_booked' });
    expect(await events(c.leads[0].id)).toHaveLength(1);
    const intoInterested = await api().gql(ops.MovePipelineLeadDocument, { leadId: c.leads[0].id, input: { stage: 'interested' } });
    expect(intoInterested.errors?.[0]?.extensions?.code).toBe('pipeline_stage_not_allowed');
    const notReplied = (await campaignWith([{ repliedAt: null, status: 'active' }])).leads[0];
    const refused = await api().gql(ops.MovePipelineLeadDocument, { leadId: notReplied.id, input: { stage: 'won' } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('lead_not_replied');
    const unknown = await api().gql(ops.MovePipelineLeadDocument, { leadId: randomUUID(), input: { stage: 'won' } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('not_found');
    expect((await pipeline()).stages.map((s) => s.count)).toEqual([0, 1, 0, 1, 0]);
  });
});
