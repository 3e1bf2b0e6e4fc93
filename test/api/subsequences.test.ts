// decisions.md §11 Subsequences from outside, through REST and GraphQL: creating and listing them, the
// strict trigger, no subsequence of a subsequence, top-level campaigns only in the campaign list, what a
// parent's delete does, and the interest trigger end to end (PATCH /leads/:id is its source here): the
// move of the lead, once per lead and subsequence, only while the subsequence is active, the
// subsequence_entered event delivered as a webhook. The engine side (thread, inbox, due time, the reply and
// completed triggers) is test/integration/subsequences.test.ts.
import { randomUUID } from 'node:crypto';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { Client, expectError, signUp, type Account } from '../support/client';
import { addStep, createCampaign as insertCampaign, markCampaignSent } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { startTestService } from '../support/service';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;
let other: Account;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // The loopback webhook receiver needs ALLOW_PRIVATE_FETCH, as every loopback HTTP peer of the tests does.
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  me = await signUp(service.url, { timezone: 'Europe/Berlin' });
  api = me.client;
  other = await signUp(service.url);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await service.stop();
  await receiver.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const db = (query: string, params: unknown[] = []): Promise<Json[]> => service.deps.orm.em.fork().getConnection().execute(query, params);

/** A top-level campaign with settings of its own and an inbox, through the API. */
async function parentCampaign(account = me): Promise<{ campaign: Json; inboxId: string }> {
  const created = await account.client.post('/campaigns', { name: `Parent ${randomUUID().slice(0, 6)}` });
  expect(created.status).toBe(200);
  const inbox = await createInbox(service, account.workspaceId);
  const patched = await account.client.patch(`/campaigns/${created.body.id}`, {
    timezone: 'America/New_York',
    days: [1, 3, 5],
    window_start: '08:00',
    window_end: '12:30',
    daily_limit: 77,
    max_new_leads_per_day: 12,
    stop_on_reply: false,
    open_tracking: true,
    tags: ['q4'],
    mailbox_ids: [inbox.id],
  });
  expect(patched.status).toBe(200);
  return { campaign: patched.body, inboxId: inbox.id };
}

async function newSubsequence(parentId: string, trigger: Json, name = 'Follow the interested', client = api): Promise<Json> {
  const res = await client.post(`/campaigns/${parentId}/subsequences`, { name, trigger });
  expect(res.status).toBe(201);
  return res.body;
}

/** A subsequence that takes leads: one step, active. */
async function activeSubsequence(parentId: string, trigger: Json, account = me): Promise<Json> {
  const sub = await newSubsequence(parentId, trigger, 'Active one', account.client);
  await addStep(service, account.workspaceId, sub.id, { waitMinutes: 60 });
  expect((await account.client.post(`/campaigns/${sub.id}/activate`)).status).toBe(200);
  return sub;
}

const leadsOf = (campaignId: string) => db(`select * from lead where campaign_id = ? order by created_at, id`, [campaignId]);

describe('POST /campaigns/:id/subsequences', () => {
  it("creates a draft subsequence (201) with the parent's schedule, limits, settings and inboxes, its trigger and parentCampaignId", async () => {
    const { campaign: parent, inboxId } = await parentCampaign();
    const res = await api.post(`/campaigns/${parent.id}/subsequences`, { name: '  Interested ', trigger: { interest: ['interested', 'meeting_booked'] } });
    expect(res.status).toBe(201);
    const { id, createdAt, name, status, parentCampaignId, trigger, ...settings } = res.body;
    expect({ name, status, parentCampaignId, trigger }).toEqual({
      name: 'Interested',
      status: 'draft',
      parentCampaignId: parent.id,
      trigger: { interest: ['interested', 'meeting_booked'] },
    });
    // Everything else is the parent's (a new subsequence is a campaign with the parent's setup).
    const { id: _p, createdAt: _c, name: _n, status: _s, parentCampaignId: parentsParent, trigger: parentsTrigger, ...parentSettings } = parent;
    expect(settings).toEqual(parentSettings);
    expect({ parentsParent, parentsTrigger }).toEqual({ parentsParent: null, parentsTrigger: null });
    expect(id).not.toBe(parent.id);
    expect(createdAt).toEqual(expect.any(String));
    const read = await api.get(`/campaigns/${id}`);
    expect(read.body).toMatchObject({ mailbox_ids: [inboxId], steps: [], parentCampaignId: parent.id, dailyLimit: 77, windowEnd: '12:30' });
  });

  it('takes each trigger form and shows it camelCase like the rest of the campaign object', async () => {
    const { campaign: parent } = await parentCampaign();
    expect((await newSubsequence(parent.id, { reply_contains: [' Pricing ', 'pricing', 'demo'] })).trigger).toEqual({ replyContains: ['Pricing', 'demo'] });
    expect((await newSubsequence(parent.id, { completed: true })).trigger).toEqual({ completed: true });
    expect((await newSubsequence(parent.id, { interest: ['won', 'won'] })).trigger).toEqual({ interest: ['won'] });
  });

  const words = (n: number, len = 5) => Array.from({ length: n }, (_, i) => `${i}`.padEnd(len, 'w'));
  it.each([
    ['no trigger', { name: 'x' }, 'trigger'],
    ['a null trigger', { name: 'x', trigger: null }, 'trigger'],
    ['a list', { name: 'x', trigger: [] }, 'trigger'],
    ['an empty object', { name: 'x', trigger: {} }, 'trigger'],
    ['two kinds at once', { name: 'x', trigger: { interest: ['won'], completed: true } }, 'trigger'],
    ['an unknown kind', { name: 'x', trigger: { opened: true } }, 'trigger.opened'],
    ['a camelCase key (REST is snake_case)', { name: 'x', trigger: { replyContains: ['a'] } }, 'trigger.replyContains'],
    ['no labels', { name: 'x', trigger: { interest: [] } }, 'trigger.interest'],
    ['an unknown label', { name: 'x', trigger: { interest: ['excited'] } }, 'trigger.interest'],
    ['a label that is not text', { name: 'x', trigger: { interest: [7] } }, 'trigger.interest'],
    ['labels as text', { name: 'x', trigger: { interest: 'interested' } }, 'trigger.interest'],
    ['no words', { name: 'x', trigger: { reply_contains: [] } }, 'trigger.reply_contains'],
    ['a blank word', { name: 'x', trigger: { reply_contains: ['ok', '  '] } }, 'trigger.reply_contains'],
    ['a word of 101 characters', { name: 'x', trigger: { reply_contains: words(1, 101) } }, 'trigger.reply_contains'],
    ['21 words', { name: 'x', trigger: { reply_contains: words(21) } }, 'trigger.reply_contains'],
    ['completed false', { name: 'x', trigger: { completed: false } }, 'trigger.completed'],
    ['completed as text', { name: 'x', trigger: { completed: 'true' } }, 'trigger.completed'],
    ['a blank name', { name: '  ', trigger: { completed: true } }, 'name'],
    ['no name', { trigger: { completed: true } }, 'name'],
    ['an unknown field', { name: 'x', trigger: { completed: true }, parent_campaign_id: randomUUID() }, 'parent_campaign_id'],
  ])('refuses %s with 400 validation_failed (%j, naming %s)', async (_what, body, field) => {
    const { campaign: parent } = await parentCampaign();
    const err = expectError(await api.post(`/campaigns/${parent.id}/subsequences`, body), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
    expect(await leadsOf(parent.id)).toEqual([]);
    expect((await api.get(`/campaigns/${parent.id}/subsequences`)).body).toEqual([]);
  });

  it('accepts the longest trigger allowed: 20 words of 100 characters', async () => {
    const { campaign: parent } = await parentCampaign();
    expect((await newSubsequence(parent.id, { reply_contains: words(20, 100) })).trigger.replyContains).toHaveLength(20);
  });

  it('refuses a subsequence of a subsequence (400 nested_subsequence), and one of the One-off campaign', async () => {
    const { campaign: parent } = await parentCampaign();
    const sub = await newSubsequence(parent.id, { completed: true });
    const err = expectError(await api.post(`/campaigns/${sub.id}/subsequences`, { name: 'Deeper', trigger: { completed: true } }), 400, 'nested_subsequence');
    expect(err.details).toEqual({ parent_campaign_id: parent.id });
    const gql = await api.gql(ops.CreateSubsequenceDocument, { campaignId: sub.id, input: { name: 'Deeper', trigger: { completed: true } } });
    expect(gql.errors![0].extensions).toMatchObject({ code: 'nested_subsequence', status: 400 });
    expect((await api.get(`/campaigns/${sub.id}/subsequences`)).body).toEqual([]);

    const oneOff = await api.post('/leads/one-off', { email: `solo-${randomUUID().slice(0, 6)}@example.com` });
    const [row] = await db(`select campaign_id from lead where id = ?`, [oneOff.body.lead_id]);
    expectError(await api.post(`/campaigns/${row!.campaign_id}/subsequences`, { name: 'No', trigger: { completed: true } }), 400, 'one_off_subsequence');
  });

  it("is 404 for an unknown campaign or another workspace's, and 401 without credentials", async () => {
    const { campaign: theirs } = await parentCampaign(other);
    const body = { name: 'x', trigger: { completed: true } };
    expectError(await api.post(`/campaigns/${theirs.id}/subsequences`, body), 404, 'not_found');
    expectError(await api.post(`/campaigns/${randomUUID()}/subsequences`, body), 404, 'not_found');
    expectError(await api.post(`/campaigns/not-an-id/subsequences`, body), 404, 'not_found');
    expectError(await api.get(`/campaigns/${theirs.id}/subsequences`), 404, 'not_found');
    expectError(await new Client(service.url).post(`/campaigns/${theirs.id}/subsequences`, body), 401, 'unauthorized');
    expect((await other.client.get(`/campaigns/${theirs.id}/subsequences`)).body).toEqual([]);
  });

  it('works through GraphQL: createSubsequence and subsequences(campaignId), with the same refusals', async () => {
    const { campaign: parent, inboxId } = await parentCampaign();
    const res = await api.gql(ops.CreateSubsequenceDocument, { campaignId: parent.id, input: { name: 'By words', trigger: { replyContains: ['price', 'Price'] } } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createSubsequence).toMatchObject({
      name: 'By words',
      status: 'draft',
      parentCampaignId: parent.id,
      trigger: { interest: null, replyContains: ['price'], completed: null },
      timezone: 'America/New_York',
      days: [1, 3, 5],
      dailyLimit: 77,
      maxNewLeadsPerDay: 12,
      stopOnReply: false,
      openTracking: true,
      tags: ['q4'],
      mailboxIds: [inboxId],
    });
    const list = await api.gql(ops.SubsequencesDocument, { campaignId: parent.id });
    expect(list.data!.subsequences.map((s) => [s.id, s.leadsPending])).toEqual([[res.data!.createSubsequence.id, 0]]);

    for (const trigger of [{}, { completed: false }, { interest: ['excited'] }, { interest: ['won'], completed: true }, { replyContains: [' '] }, { interest: [] }]) {
      const bad = await api.gql(ops.CreateSubsequenceDocument, { campaignId: parent.id, input: { name: 'Bad', trigger } });
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    }
    // Explicit nulls beside the one kind sent are no kind (a typed client may send every field).
    const withNulls = await api.gql(ops.CreateSubsequenceDocument, {
      campaignId: parent.id,
      input: { name: 'Nulls', trigger: { interest: null, replyContains: null, completed: true } },
    });
    expect(withNulls.data!.createSubsequence.trigger).toEqual({ interest: null, replyContains: null, completed: true });
    const missing = await api.gql(ops.SubsequencesDocument, { campaignId: randomUUID() });
    expect(missing.errors![0].extensions).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /campaigns/:id/subsequences and the campaign list', () => {
  it('lists a campaign’s subsequences oldest first with leads_pending; GET /campaigns and GraphQL campaigns list top-level campaigns only', async () => {
    const account = await signUp(service.url);
    const { campaign: parent } = await parentCampaign(account);
    const first = await newSubsequence(parent.id, { completed: true }, 'First', account.client);
    const second = await newSubsequence(parent.id, { interest: ['lost'] }, 'Second', account.client);
    await createLeads(service, account.workspaceId, second.id, [{ email: 'pending@example.com' }]);

    const res = await account.client.get(`/campaigns/${parent.id}/subsequences`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: Json) => [s.id, s.name, s.parentCampaignId, s.leads_pending])).toEqual([
      [first.id, 'First', parent.id, 0],
      [second.id, 'Second', parent.id, 1],
    ]);
    expect(res.body[0].steps).toBeUndefined();

    const list = await account.client.get('/campaigns');
    expect(list.body.map((c: Json) => c.id)).toEqual([parent.id]);
    const gql = await account.client.gql(ops.TopLevelCampaignsDocument, {});
    expect(gql.data!.campaigns).toEqual([{ id: parent.id, parentCampaignId: null }]);
    // A subsequence is still a campaign: read, changed and paused through the campaign endpoints.
    expect((await account.client.get(`/campaigns/${first.id}`)).body).toMatchObject({ id: first.id, parentCampaignId: parent.id, trigger: { completed: true } });
    expect((await account.client.patch(`/campaigns/${first.id}`, { daily_limit: 5 })).body).toMatchObject({ dailyLimit: 5, parentCampaignId: parent.id });
  });
});

describe('a subsequence is a campaign', () => {
  it('may open with a blank subject, answering in the parent’s thread; a top-level campaign may not', async () => {
    const { campaign: parent } = await parentCampaign();
    const sub = await newSubsequence(parent.id, { completed: true });
    const steps = [
      { position: 1, wait_minutes: 2880, variants: [{ subject: '', body: 'Following up on my note.' }] },
      { position: 2, wait_minutes: 2880, variants: [{ subject: '', body: 'One more time.' }] },
    ];
    expect((await api.put(`/campaigns/${sub.id}/steps`, steps)).status).toBe(200);
    expectError(await api.put(`/campaigns/${parent.id}/steps`, steps), 400, 'subject_required');
  });

  it('duplicates as another draft subsequence of the same parent, with the same trigger', async () => {
    const { campaign: parent } = await parentCampaign();
    const sub = await newSubsequence(parent.id, { reply_contains: ['budget'] });
    const copy = await api.post(`/campaigns/${sub.id}/duplicate`);
    expect(copy.body).toMatchObject({ parentCampaignId: parent.id, trigger: { replyContains: ['budget'] }, status: 'draft' });
    expect((await api.get(`/campaigns/${parent.id}/subsequences`)).body.map((s: Json) => s.id)).toEqual([sub.id, copy.body.id]);
    // A parent's duplicate is a top-level campaign of its own (its subsequences stay with the original).
    expect((await api.post(`/campaigns/${parent.id}/duplicate`)).body).toMatchObject({ parentCampaignId: null, trigger: null });
  });

  it('deleting a parent deletes its subsequences and their leads; refused (400 campaign_has_sent) once one of them has sent', async () => {
    const { campaign: parent } = await parentCampaign();
    const sub = await newSubsequence(parent.id, { completed: true });
    await createLeads(service, me.workspaceId, sub.id, [{ email: 'in-sub@example.com' }]);
    expect((await api.delete(`/campaigns/${parent.id}`)).body).toEqual({ deleted: true });
    expectError(await api.get(`/campaigns/${sub.id}`), 404, 'not_found');
    expect(await leadsOf(sub.id)).toEqual([]);

    const { campaign: kept } = await parentCampaign();
    const sent = await newSubsequence(kept.id, { completed: true });
    await markCampaignSent(service, me.workspaceId, sent.id);
    const err = expectError(await api.delete(`/campaigns/${kept.id}`), 400, 'campaign_has_sent');
    expect(err.details).toEqual({ subsequence_id: sent.id });
    const gql = await api.gql(ops.DeleteCampaignDocument, { id: kept.id });
    expect(gql.errors![0].extensions).toMatchObject({ code: 'campaign_has_sent' });
    expect((await api.get(`/campaigns/${sent.id}`)).status).toBe(200);
    // The subsequence alone may go while it has not sent; its parent is not touched.
    const unsent = await newSubsequence(kept.id, { completed: true });
    expect((await api.delete(`/campaigns/${unsent.id}`)).body).toEqual({ deleted: true });
    expect((await api.get(`/campaigns/${kept.id}`)).status).toBe(200);
  });

  it('takes an address of its parent by import: the "in another campaign" rule does not apply between a campaign and its subsequences', async () => {
    const { campaign: parent } = await parentCampaign();
    const sub = await newSubsequence(parent.id, { completed: true });
    const sibling = await newSubsequence(parent.id, { interest: ['won'] });
    const stranger = await insertCampaign(service, me.workspaceId, { name: 'Elsewhere' });
    const add = (campaignId: string, email: string) => api.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email }] });
    const shared = `shared-${randomUUID().slice(0, 6)}@example.com`;
    expect((await add(parent.id, shared)).body).toMatchObject({ inserted: 1 });
    expect((await add(sub.id, shared)).body).toMatchObject({ inserted: 1, in_another_campaign: 0 });
    expect((await add(sibling.id, shared)).body).toMatchObject({ inserted: 1, in_another_campaign: 0 });
    // Outside the family it is still another campaign's lead, and the reverse way too.
    expect((await add(stranger.id, shared)).body).toMatchObject({ inserted: 0, in_another_campaign: 1 });
    const subOnly = `sub-only-${randomUUID().slice(0, 6)}@example.com`;
    expect((await add(sub.id, subOnly)).body).toMatchObject({ inserted: 1 });
    expect((await add(parent.id, subOnly)).body).toMatchObject({ inserted: 1, in_another_campaign: 0 });
    expect((await add(stranger.id, subOnly)).body).toMatchObject({ inserted: 0, in_another_campaign: 1 });
  });

  it('takes an address its family emailed lately by import: "contacted recently" does not apply between a campaign and its subsequences either (REST and GraphQL)', async () => {
    const { campaign: parent } = await parentCampaign();
    const sub = await newSubsequence(parent.id, { completed: true });
    const sibling = await newSubsequence(parent.id, { interest: ['won'] });
    const stranger = await insertCampaign(service, me.workspaceId, { name: 'Elsewhere' });
    const lately = new Date(Date.now() - 2 * 86_400_000);
    // The parent emailed one address two days ago, the sibling another; the One-off campaign a third.
    const [byParent, bySibling, byOneOff] = ['parent', 'sibling', 'one-off'].map((who) => `${who}-${randomUUID().slice(0, 6)}@example.com`);
    await createLeads(service, me.workspaceId, parent.id, [{ email: byParent!, status: 'active', currentStep: 1, lastSentAt: lately }]);
    await createLeads(service, me.workspaceId, sibling.id, [{ email: bySibling!, status: 'active', currentStep: 1, lastSentAt: lately }]);
    const contact = await api.post('/leads/one-off', { email: byOneOff });
    expect(contact.body).toMatchObject({ created: true });
    await db(`update lead set last_sent_at = ? where id = ?`, [lately, contact.body.lead_id]);
    const rest = await api.post(`/campaigns/${sub.id}/leads/manual`, { leads: [{ email: byParent }, { email: bySibling }, { email: byOneOff }] });
    expect(rest.body).toEqual({ inserted: 2, duplicates: 0, blocklisted: 0, invalid: 0, in_another_campaign: 0, contacted_recently: 1 });
    expect((await leadsOf(sub.id)).map((l) => l.email).sort()).toEqual([byParent, bySibling].sort());
    // The other way round through GraphQL: the subsequence's lead, emailed lately, into the parent.
    const [bySub] = await createLeads(service, me.workspaceId, sub.id, [
      { email: `sub-${randomUUID().slice(0, 6)}@example.com`, status: 'active', currentStep: 1, lastSentAt: lately },
    ]);
    const gql = await api.gql(ops.AddLeadsDocument, { campaignId: parent.id, input: { leads: [{ email: bySub!.email }] } });
    expect(gql.data!.addLeads).toMatchObject({ inserted: 1, inAnotherCampaign: 0, contactedRecently: 0 });
    // Outside the family both rules still hold: in another campaign first, and contacted recently for the
    // One-off campaign's contact.
    const outside = await api.post(`/campaigns/${stranger.id}/leads/manual`, { leads: [{ email: byParent }, { email: byOneOff }] });
    expect(outside.body).toMatchObject({ inserted: 0, in_another_campaign: 1, contacted_recently: 1 });
  });
});

describe('the interest trigger (PATCH /leads/:id)', () => {
  /** A parent with one lead of fields, and its subsequence on `labels`, active unless said otherwise. */
  async function world(labels: string[], opts: { subsequence?: 'active' | 'draft' | 'paused' } = {}) {
    const { campaign: parent } = await parentCampaign();
    const sub = opts.subsequence === 'draft' ? await newSubsequence(parent.id, { interest: labels }) : await activeSubsequence(parent.id, { interest: labels });
    if (opts.subsequence === 'paused') expect((await api.post(`/campaigns/${sub.id}/pause`)).status).toBe(200);
    const email = `ada-${randomUUID().slice(0, 6)}@example.com`;
    const [lead] = await createLeads(service, me.workspaceId, parent.id, [
      { email, vars: { firstName: 'Ada', company: 'Analytical' }, timezone: 'Europe/London', status: 'active', currentStep: 1, nextDueAt: new Date(Date.now() + 86_400_000) },
    ]);
    return { parent, sub, lead: lead! };
  }

  it('moves the lead: stopped in the parent (subsequence), a new pending lead of the subsequence with its fields, due after the first wait from now', async () => {
    const { parent, sub, lead } = await world(['interested', 'meeting_booked']);
    const before = Date.now();
    const res = await api.patch(`/leads/${lead.id}`, { interest: 'meeting_booked' });
    expect(res.status).toBe(200);
    // The answer shows the lead as the move left it.
    expect(res.body).toMatchObject({ id: lead.id, interest: 'meeting_booked', status: 'stopped', stopReason: 'subsequence', nextDueAt: null });
    const [joined, ...more] = await leadsOf(sub.id);
    expect(more).toEqual([]);
    expect(joined).toMatchObject({
      email: lead.email,
      vars: { firstName: 'Ada', company: 'Analytical' },
      timezone: 'Europe/London',
      status: 'pending',
      current_step: 0,
      interest: null,
      origin_lead_id: lead.id,
      workspace_id: me.workspaceId,
    });
    // Step 1's wait counts from the lead's creation (sending/README.md "Due"): the moment the trigger fired.
    expect(new Date(joined!.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = await api.get(`/campaigns/${sub.id}/leads`);
    expect(listed.body.map((l: Json) => [l.id, l.email, l.status])).toEqual([[joined!.id, lead.email, 'pending']]);
    expect((await api.get(`/campaigns/${parent.id}/subsequences`)).body[0].leads_pending).toBe(1);
  });

  it('moves a lead once per subsequence, however often the trigger fires (a unique join, not a check)', async () => {
    const { sub, lead } = await world(['interested', 'won']);
    await api.patch(`/leads/${lead.id}`, { interest: 'interested' });
    await api.patch(`/leads/${lead.id}`, { interest: 'not_interested' });
    await api.patch(`/leads/${lead.id}`, { interest: 'won' });
    await api.patch(`/leads/${lead.id}`, { interest: 'interested' });
    expect(await leadsOf(sub.id)).toHaveLength(1);
    // Two changes at once, racing: still one join.
    const { sub: raced, lead: racer } = await world(['interested', 'won']);
    await Promise.all([api.patch(`/leads/${racer.id}`, { interest: 'interested' }), api.patch(`/leads/${racer.id}`, { interest: 'won' })]);
    expect(await leadsOf(raced.id)).toHaveLength(1);
    const events = await db(`select payload from event where kind = 'subsequence_entered' and payload->>'lead_id' in (?, ?)`, [lead.id, racer.id]);
    expect(events).toHaveLength(2);
  });

  it('moves nobody while the subsequence is a draft or paused, nor on a label it does not name', async () => {
    for (const state of ['draft', 'paused'] as const) {
      const { sub, lead } = await world(['interested'], { subsequence: state });
      const res = await api.patch(`/leads/${lead.id}`, { interest: 'interested' });
      expect(res.body).toMatchObject({ status: 'active', stopReason: null });
      expect(await leadsOf(sub.id)).toEqual([]);
    }
    const { sub, lead } = await world(['interested']);
    await api.patch(`/leads/${lead.id}`, { interest: 'lost' });
    await api.patch(`/leads/${lead.id}`, { interest: null });
    expect(await leadsOf(sub.id)).toEqual([]);
    expect((await api.get(`/leads/${lead.id}`)).body).toMatchObject({ status: 'active' });
  });

  it('keeps the first end of an ended lead (a replied lead stays replied) and still moves it', async () => {
    const { sub, lead } = await world(['interested']);
    await db(`update lead set status = 'replied', stop_reason = 'replied', next_due_at = null where id = ?`, [lead.id]);
    const res = await api.patch(`/leads/${lead.id}`, { interest: 'interested' });
    expect(res.body).toMatchObject({ status: 'replied', stopReason: 'replied' });
    expect(await leadsOf(sub.id)).toHaveLength(1);
  });

  it('never moves an address that unsubscribed, bounced or is blocklisted', async () => {
    const { sub, lead } = await world(['not_interested']);
    await db(`update lead set status = 'unsubscribed', stop_reason = 'unsubscribed' where id = ?`, [lead.id]);
    await api.patch(`/leads/${lead.id}`, { interest: 'not_interested' });
    const { sub: sub2, lead: lead2 } = await world(['not_interested']);
    expect((await api.post('/blocklist', { emails: [lead2.email] })).status).toBeLessThan(300);
    await api.patch(`/leads/${lead2.id}`, { interest: 'not_interested' });
    expect([...(await leadsOf(sub.id)), ...(await leadsOf(sub2.id))]).toEqual([]);
  });

  it('a later trigger of another subsequence moves the lead on: the lead it joined before stops (one sequence at a time)', async () => {
    const { campaign: parent } = await parentCampaign();
    const first = await activeSubsequence(parent.id, { interest: ['interested'] });
    const second = await activeSubsequence(parent.id, { interest: ['meeting_booked'] });
    const [lead] = await createLeads(service, me.workspaceId, parent.id, [{ email: `mover-${randomUUID().slice(0, 6)}@example.com`, status: 'active' }]);
    await api.patch(`/leads/${lead!.id}`, { interest: 'interested' });
    await api.patch(`/leads/${lead!.id}`, { interest: 'meeting_booked' });
    const [inFirst] = await leadsOf(first.id);
    const [inSecond] = await leadsOf(second.id);
    expect(inFirst).toMatchObject({ status: 'stopped', stop_reason: 'subsequence', origin_lead_id: lead!.id });
    expect(inSecond).toMatchObject({ status: 'pending', origin_lead_id: lead!.id });
  });

  it('two subsequences on one label: the lead joins the older one', async () => {
    const { campaign: parent } = await parentCampaign();
    const older = await activeSubsequence(parent.id, { interest: ['won'] });
    const newer = await activeSubsequence(parent.id, { interest: ['won', 'lost'] });
    const [lead] = await createLeads(service, me.workspaceId, parent.id, [{ email: `both-${randomUUID().slice(0, 6)}@example.com` }]);
    await api.patch(`/leads/${lead!.id}`, { interest: 'won' });
    expect((await leadsOf(older.id)).length).toBe(1);
    expect(await leadsOf(newer.id)).toEqual([]);
  });

  it('works through GraphQL updateLead the same way', async () => {
    const { sub, lead } = await world(['interested']);
    const res = await api.gql(ops.UpdateLeadDocument, { id: lead.id, input: { interest: 'interested' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateLead).toMatchObject({ status: 'stopped', stopReason: 'subsequence' });
    expect(await leadsOf(sub.id)).toHaveLength(1);
  });

  it('records subsequence_entered and delivers it to an endpoint subscribed to it', async () => {
    const account = await signUp(service.url);
    const hook = await account.client.post('/webhooks', { url: receiver.url, events: ['subsequence_entered'] });
    expect(hook.status).toBe(201);
    expect((await account.client.get('/webhooks/events')).body).toContainEqual({ kind: 'subsequence_entered', description: expect.stringContaining('new_lead_id') });
    const { campaign: parent } = await parentCampaign(account);
    const sub = await activeSubsequence(parent.id, { interest: ['interested'] }, account);
    const [lead] = await createLeads(service, account.workspaceId, parent.id, [{ email: `hooked-${randomUUID().slice(0, 6)}@example.com`, status: 'active' }]);
    await account.client.patch(`/leads/${lead!.id}`, { interest: 'interested' });
    const [joined] = await leadsOf(sub.id);

    const seen = receiver.received.length;
    await runWebhooksOnce(service.deps, { workspaceIds: [account.workspaceId] });
    const [delivery] = await receiver.waitFor(seen + 1).then((all) => all.slice(seen));
    const body = verifyWebhook(hook.body.secret, delivery!);
    expect(body.type).toBe('subsequence_entered');
    expect(body.data).toEqual({
      lead_id: lead!.id,
      email: lead!.email,
      parent_campaign_id: parent.id,
      subsequence_id: sub.id,
      new_lead_id: joined!.id,
      trigger: 'interest',
      entered_at: expect.any(String),
    });
  });
});

describe('the reply trigger on a linked reply (POST /replies/:id/link)', () => {
  it('moves the lead when an untracked reply holding one of the words is tied to it, once', async () => {
    const { campaign: parent, inboxId } = await parentCampaign();
    const sub = await activeSubsequence(parent.id, { reply_contains: ['pricing'] });
    const [lead] = await createLeads(service, me.workspaceId, parent.id, [{ email: `linked-${randomUUID().slice(0, 6)}@example.com`, status: 'active' }]);
    const item = await createReplyItem(service, me.workspaceId, {
      inbox: inboxId,
      untracked: true,
      matchedBy: 'domain',
      fromEmail: 'colleague@example.com',
      bodyText: 'Could you send me your PRICING, please?',
    });
    const linked = await api.post(`/replies/${item.id}/link`, { lead_id: lead!.id });
    expect({ status: linked.status, body: linked.body }).toMatchObject({ status: 200 });
    const joined = await leadsOf(sub.id);
    expect(joined.map((l) => ({ email: l.email, origin: l.origin_lead_id }))).toEqual([{ email: lead!.email, origin: lead!.id }]);
    // A second link is refused and moves nobody again.
    expectError(await api.post(`/replies/${item.id}/link`, { lead_id: lead!.id }), 409, 'reply_linked');
    expect(await leadsOf(sub.id)).toHaveLength(1);
  });
});
