// api.md Campaigns (create, list, read, PATCH settings, activate, pause, duplicate, delete) with
// decisions.md §3–§5, through REST and GraphQL, and workspace isolation on every endpoint.
import { randomUUID } from 'node:crypto';
import { Inbox } from '../../src/modules/inboxes/inbox.entity';
import { Step } from '../../src/modules/steps/step.entity';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { addStep, createCampaign as insertCampaign, markCampaignSent } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createInbox } from '../support/factories/inbox.factory';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;
let other: Account;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url, { timezone: 'Europe/Berlin' });
  api = me.client;
  other = await signUp(service.url);
});
afterAll(() => service.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function newCampaign(name = 'Q3 outreach', client = api): Promise<Record<string, any>> {
  const res = await client.post('/campaigns', { name });
  expect(res.status).toBe(200);
  return res.body;
}

/** A campaign that can launch: one step, one live inbox. */
async function launchable(account = me) {
  const campaign = await newCampaign('Launchable', account.client);
  await addStep(service, account.workspaceId, campaign.id);
  const inbox = await createInbox(service, account.workspaceId);
  expect((await account.client.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [inbox.id] })).status).toBe(200);
  return { campaign, inbox };
}

/** Deletes an inbox the way DELETE /mailboxes/:id does: hidden, its links kept. */
const softDeleteInbox = (id: string) => service.deps.orm.em.fork().nativeUpdate(Inbox, { id }, { deletedAt: new Date() }, { filters: false });

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const DEFAULTS = {
  status: 'draft',
  days: [1, 2, 3, 4, 5],
  windowStart: '09:00',
  windowEnd: '17:00',
  windows: null,
  leadTimezone: false,
  dailyLimit: 30,
  maxNewLeadsPerDay: null,
  prioritizeNew: false,
  skipRisky: true,
  dealValue: null,
  stopOnReply: true,
  stopOnAutoReply: false,
  openTracking: false,
  clickTracking: false,
  unsubHeader: true,
  textOnly: false,
  companyReplyStop: false,
  providerMatching: false,
  bounceProtect: true,
  pausedReason: null,
  abWinnerMetric: null,
  abOptimizeAfter: 0,
  cc: null,
  bcc: null,
  tags: [],
  mailboxTags: [],
  startDate: null,
  endDate: null,
};

describe('POST /campaigns', () => {
  it('creates a draft with the api.md defaults in the workspace timezone (200)', async () => {
    const res = await api.post('/campaigns', { name: '  Q3 outreach ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: me.workspaceId,
      name: 'Q3 outreach',
      timezone: 'Europe/Berlin',
      ...DEFAULTS,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // A top-level campaign: no parent, no trigger (decisions.md §11).
      parentCampaignId: null,
      trigger: null,
    });
  });

  it('takes the timezone the workspace has now', async () => {
    const acct = await signUp(service.url, { timezone: 'Asia/Tokyo' });
    expect((await newCampaign('T', acct.client)).timezone).toBe('Asia/Tokyo');
    await acct.client.patch('/settings/workspace', { timezone: 'America/Chicago' });
    expect((await newCampaign('T2', acct.client)).timezone).toBe('America/Chicago');
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: null }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'ok', daily_limit: 10 }, 'daily_limit'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const err = expectError(await api.post('/campaigns', body), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  it('needs credentials (401)', async () => {
    expectError(await new Client(service.url).post('/campaigns', { name: 'x' }), 401, 'unauthorized');
  });

  it('works through GraphQL with the same defaults and the same refusal', async () => {
    const res = await api.gql(ops.CreateCampaignDocument, { input: { name: 'GraphQL one' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createCampaign).toMatchObject({ name: 'GraphQL one', timezone: 'Europe/Berlin', workspaceId: me.workspaceId, ...DEFAULTS });
    const bad = await api.gql(ops.CreateCampaignDocument, { input: { name: ' ' } });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
  });
});

describe('GET /campaigns', () => {
  it('lists the workspace’s campaigns oldest first, each with leads_pending, never another workspace’s', async () => {
    const acct = await signUp(service.url);
    const a = await newCampaign('First', acct.client);
    const b = await newCampaign('Second', acct.client);
    const c = await newCampaign('Third', acct.client);
    await newCampaign('Not mine', other.client);
    const res = await acct.client.get('/campaigns');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id)).toEqual([a.id, b.id, c.id]);
    expect(res.body[0]).toEqual({ ...a, leads_pending: 0 });

    const gql = await acct.client.gql(ops.CampaignsDocument);
    expect(gql.data!.campaigns.map((x) => [x.name, x.leadsPending])).toEqual([
      ['First', 0],
      ['Second', 0],
      ['Third', 0],
    ]);
  });

  it('counts only the leads still pending (no first email yet) in leads_pending', async () => {
    const acct = await signUp(service.url);
    const a = await newCampaign('With leads', acct.client);
    const b = await newCampaign('Other', acct.client);
    await createLeads(service, acct.workspaceId, a.id, [
      { email: 'p1@example.com' },
      { email: 'p2@example.com' },
      { email: 'sent@example.com', status: 'active', currentStep: 1 },
      { email: 'done@example.com', status: 'completed', currentStep: 2 },
    ]);
    await createLeads(service, acct.workspaceId, b.id, [{ email: 'p1@example.com' }]);
    const res = await acct.client.get('/campaigns');
    expect(res.body.map((x: { name: string; leads_pending: number }) => [x.name, x.leads_pending])).toEqual([
      ['With leads', 2],
      ['Other', 1],
    ]);
    const gql = await acct.client.gql(ops.CampaignsDocument);
    expect(gql.data!.campaigns.map((x) => x.leadsPending)).toEqual([2, 1]);
  });
});

describe('GET /campaigns/:id', () => {
  it('adds the steps by position and the ids of its inboxes that still exist', async () => {
    const campaign = await newCampaign();
    await addStep(service, me.workspaceId, campaign.id, { position: 2, waitMinutes: 2880, variants: [{ subject: '', body: 'Bump', enabled: true }] });
    await addStep(service, me.workspaceId, campaign.id, { position: 1, variants: [{ subject: 'Hi', body: 'Hello', enabled: true }] });
    const [live, gone] = [await createInbox(service, me.workspaceId), await createInbox(service, me.workspaceId)];
    expect((await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [live.id, gone.id] })).status).toBe(200);
    await softDeleteInbox(gone.id);

    const res = await api.get(`/campaigns/${campaign.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...campaign,
      mailbox_ids: [live.id],
      sending_mailbox_ids: [live.id],
      steps: [
        { id: expect.any(String), campaignId: campaign.id, position: 1, waitMinutes: 0, variants: [{ subject: 'Hi', body: 'Hello', enabled: true }], task: null, condition: null },
        { id: expect.any(String), campaignId: campaign.id, position: 2, waitMinutes: 2880, variants: [{ subject: '', body: 'Bump', enabled: true }], task: null, condition: null },
      ],
    });

    const gql = await api.gql(ops.CampaignDocument, { id: campaign.id });
    expect(gql.data!.campaign.mailboxIds).toEqual([live.id]);
    expect(gql.data!.campaign.steps.map((s) => [s.position, s.variants[0].body])).toEqual([
      [1, 'Hello'],
      [2, 'Bump'],
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(await api.get(`/campaigns/${randomUUID()}`), 404, 'not_found');
    expectError(await api.get('/campaigns/not-a-uuid'), 404, 'not_found');
  });
});

describe('PATCH /campaigns/:id', () => {
  it('changes only the fields sent', async () => {
    const campaign = await newCampaign();
    const res = await api.patch(`/campaigns/${campaign.id}`, { daily_limit: 55, lead_timezone: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...campaign, dailyLimit: 55, leadTimezone: true });
    const again = await api.patch(`/campaigns/${campaign.id}`, {});
    expect(again.body).toEqual(res.body);
  });

  it('accepts every setting by the snake_case of its field name', async () => {
    const campaign = await newCampaign();
    const body = {
      name: 'Renamed',
      timezone: 'America/New_York',
      days: [1, 3],
      window_start: '08:30',
      window_end: '16:45',
      lead_timezone: true,
      daily_limit: 120,
      max_new_leads_per_day: 40,
      prioritize_new: true,
      skip_risky: false,
      deal_value: 5000,
      stop_on_reply: false,
      stop_on_auto_reply: true,
      open_tracking: true,
      click_tracking: true,
      unsub_header: false,
      text_only: true,
      company_reply_stop: true,
      provider_matching: true,
      bounce_protect: false,
      ab_winner_metric: 'positive',
      ab_optimize_after: 200,
      cc: 'Boss@Example.com',
      bcc: 'crm@example.com',
      tags: ['q3', ' saas ', 'q3'],
      start_date: '2030-01-06',
      end_date: '2030-03-31',
    };
    const res = await api.patch(`/campaigns/${campaign.id}`, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...campaign,
      name: 'Renamed',
      timezone: 'America/New_York',
      days: [1, 3],
      windowStart: '08:30',
      windowEnd: '16:45',
      leadTimezone: true,
      dailyLimit: 120,
      maxNewLeadsPerDay: 40,
      prioritizeNew: true,
      skipRisky: false,
      dealValue: 5000,
      stopOnReply: false,
      stopOnAutoReply: true,
      openTracking: true,
      clickTracking: true,
      unsubHeader: false,
      textOnly: true,
      companyReplyStop: true,
      providerMatching: true,
      bounceProtect: false,
      abWinnerMetric: 'positive',
      abOptimizeAfter: 200,
      cc: 'boss@example.com',
      bcc: 'crm@example.com',
      tags: ['q3', 'saas'],
      startDate: '2030-01-06',
      endDate: '2030-03-31',
    });
    expect((await api.get(`/campaigns/${campaign.id}`)).body).toMatchObject(res.body);

    const cleared = await api.patch(`/campaigns/${campaign.id}`, {
      max_new_leads_per_day: null,
      deal_value: null,
      ab_winner_metric: null,
      cc: null,
      bcc: null,
      start_date: null,
      end_date: null,
      tags: [],
    });
    expect(cleared.body).toMatchObject({ maxNewLeadsPerDay: null, dealValue: null, abWinnerMetric: null, cc: null, bcc: null, startDate: null, endDate: null, tags: [] });
  });

  it('stores a timezone in its canonical spelling and refuses one that is not a real zone', async () => {
    const campaign = await newCampaign();
    expect((await api.patch(`/campaigns/${campaign.id}`, { timezone: 'europe/paris' })).body.timezone).toBe('Europe/Paris');
    expect((await api.patch(`/campaigns/${campaign.id}`, { timezone: 'Asia/Kolkata' })).body.timezone).toBe('Asia/Kolkata');
    expect((await api.patch(`/campaigns/${campaign.id}`, { timezone: 'Europe/Kiev' })).body.timezone).toBe('Europe/Kyiv');
    for (const timezone of ['Mars/Olympus', 'CEST+2', '', null, 5]) {
      const err = expectError(await api.patch(`/campaigns/${campaign.id}`, { timezone }), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toEqual(['timezone']);
    }
  });

  it('keeps days de-duplicated and sorted and refuses anything but week days 0..6', async () => {
    const campaign = await newCampaign();
    expect((await api.patch(`/campaigns/${campaign.id}`, { days: [5, 0, 1, 1, 3] })).body.days).toEqual([0, 1, 3, 5]);
    for (const days of [[], [7], [-1], [1.5], ['1'], null, 'weekdays']) {
      const err = expectError(await api.patch(`/campaigns/${campaign.id}`, { days }), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toEqual(['days']);
    }
  });

  it('needs window_start before window_end (HH:MM; 24:00 is midnight), also against the stored value', async () => {
    const campaign = await newCampaign();
    expect((await api.patch(`/campaigns/${campaign.id}`, { window_start: '20:00', window_end: '24:00' })).body).toMatchObject({ windowStart: '20:00', windowEnd: '24:00' });
    expectError(await api.patch(`/campaigns/${campaign.id}`, { window_start: '22:00', window_end: '02:00' }), 400, 'window_past_midnight');
    expectError(await api.patch(`/campaigns/${campaign.id}`, { window_end: '25:00' }), 400, 'window_past_midnight');
    expectError(await api.patch(`/campaigns/${campaign.id}`, { window_end: '19:00' }), 400, 'window_past_midnight');
    expectError(await api.patch(`/campaigns/${campaign.id}`, { window_start: '20:00', window_end: '20:00' }), 400, 'window_past_midnight');
    for (const body of [{ window_start: '9:00' }, { window_start: '24:00' }, { window_start: '09:60' }, { window_end: '5pm' }, { window_start: null }]) {
      expectError(await api.patch(`/campaigns/${campaign.id}`, body), 400, 'validation_failed');
    }
    expect((await api.get(`/campaigns/${campaign.id}`)).body).toMatchObject({ windowStart: '20:00', windowEnd: '24:00' });
  });

  describe('windows', () => {
    it('sets up to four windows with sorted days, and null turns them off', async () => {
      const campaign = await newCampaign();
      const windows = [
        { days: [3, 1, 1], start: '09:00', end: '12:00' },
        { days: [1], start: '12:00', end: '15:00' },
        { days: [6], start: '10:00', end: '24:00' },
        { days: [0, 6], start: '07:00', end: '09:00' },
      ];
      const res = await api.patch(`/campaigns/${campaign.id}`, { windows });
      expect(res.status).toBe(200);
      expect(res.body.windows).toEqual([{ ...windows[0], days: [1, 3] }, windows[1], windows[2], windows[3]]);
      expect(res.body).toMatchObject({ days: [1, 2, 3, 4, 5], windowStart: '09:00', windowEnd: '17:00' });

      const off = await api.patch(`/campaigns/${campaign.id}`, { windows: null });
      expect(off.body.windows).toBeNull();
    });

    it.each([
      ['a fifth window', [0, 1, 2, 3, 4].map((d) => ({ days: [d], start: '09:00', end: '10:00' })), 'too_many_windows'],
      ['a window past midnight', [{ days: [1], start: '22:00', end: '02:00' }], 'window_past_midnight'],
      ['a window ending after 24:00', [{ days: [1], start: '22:00', end: '24:30' }], 'window_past_midnight'],
      [
        'two windows overlapping on a shared day',
        [
          { days: [1, 2], start: '09:00', end: '12:00' },
          { days: [2, 4], start: '11:59', end: '13:00' },
        ],
        'windows_overlap',
      ],
      ['an empty list', [], 'validation_failed'],
      ['a window with no days', [{ days: [], start: '09:00', end: '10:00' }], 'validation_failed'],
      ['a window with day 7', [{ days: [7], start: '09:00', end: '10:00' }], 'validation_failed'],
      ['a window without end', [{ days: [1], start: '09:00' }], 'validation_failed'],
      ['a window with a bad time', [{ days: [1], start: '9am', end: '10:00' }], 'validation_failed'],
      ['a window with an unknown key', [{ days: [1], start: '09:00', end: '10:00', zone: 'UTC' }], 'validation_failed'],
      ['a non-list', { days: [1], start: '09:00', end: '10:00' }, 'validation_failed'],
    ])('refuses %s with 400 %s', async (_what, windows, code) => {
      const campaign = await newCampaign();
      expectError(await api.patch(`/campaigns/${campaign.id}`, { windows }), 400, code);
      expect((await api.get(`/campaigns/${campaign.id}`)).body.windows).toBeNull();
    });

    it('accepts the same hours on different days and windows that only touch', async () => {
      const campaign = await newCampaign();
      const res = await api.patch(`/campaigns/${campaign.id}`, {
        windows: [
          { days: [1], start: '09:00', end: '12:00' },
          { days: [1], start: '12:00', end: '15:00' },
          { days: [2], start: '09:00', end: '12:00' },
        ],
      });
      expect(res.status).toBe(200);
    });

    it('refuses changing days or hours while windows are set, stored or in the same request', async () => {
      const campaign = await newCampaign();
      const windows = [{ days: [1, 2], start: '09:00', end: '11:00' }];
      expectError(await api.patch(`/campaigns/${campaign.id}`, { windows, days: [1] }), 400, 'windows_set');
      expect((await api.patch(`/campaigns/${campaign.id}`, { windows })).status).toBe(200);
      for (const body of [{ days: [1, 2] }, { window_start: '08:00' }, { window_end: '18:00' }, { windows, days: [0] }]) {
        expectError(await api.patch(`/campaigns/${campaign.id}`, body), 400, 'windows_set');
      }
      // The stored value sent back is no change; other settings still change.
      expect((await api.patch(`/campaigns/${campaign.id}`, { days: [5, 4, 3, 2, 1], window_start: '09:00', daily_limit: 10 })).status).toBe(200);
      // Turning windows off in the same request frees days and hours.
      const off = await api.patch(`/campaigns/${campaign.id}`, { windows: null, days: [0, 6], window_start: '10:00' });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ windows: null, days: [0, 6], windowStart: '10:00', dailyLimit: 10 });
    });

    it('are a list of an input type in GraphQL, with the same refusals and codes', async () => {
      const campaign = await newCampaign();
      const ok = await api.gql(ops.UpdateCampaignDocument, { id: campaign.id, input: { windows: [{ days: [2, 1], start: '09:00', end: '12:00' }] } });
      expect(ok.errors).toBeUndefined();
      expect(ok.data!.updateCampaign.windows).toEqual([{ days: [1, 2], start: '09:00', end: '12:00' }]);
      const overlap = await api.gql(ops.UpdateCampaignDocument, {
        id: campaign.id,
        input: {
          windows: [
            { days: [1], start: '09:00', end: '12:00' },
            { days: [1], start: '10:00', end: '11:00' },
          ],
        },
      });
      expect(overlap.errors![0].extensions).toMatchObject({ code: 'windows_overlap', status: 400 });
      const set = await api.gql(ops.UpdateCampaignDocument, { id: campaign.id, input: { windowEnd: '18:00' } });
      expect(set.errors![0].extensions).toMatchObject({ code: 'windows_set' });
      const off = await api.gql(ops.UpdateCampaignDocument, { id: campaign.id, input: { windows: null } });
      expect(off.data!.updateCampaign.windows).toBeNull();
    });
  });

  it.each([
    ['daily_limit', [0, -1, 1.5, 10_001, 1e20, '30', null, true]],
    ['max_new_leads_per_day', [0, -5, 2.5, 10_001, '10']],
    ['deal_value', [-1, 0.5, 1e12, '100']],
    ['ab_winner_metric', ['bogus', 'REPLY', '', 1]],
    ['ab_optimize_after', [-1, 1.5, null, '5']],
    ['cc', ['not-an-address', '', 5]],
    ['bcc', ['a@b', 'x y@example.com']],
    ['tags', ['q3', [1], ['  '], ['x'.repeat(101)], null]],
    ['start_date', ['2026-02-30', '2026/01/01', '20260101', 20260101, '0000-01-01', '1969-12-31']],
    ['end_date', ['tomorrow', '2026-13-01']],
    ['name', ['', '  ', null, 7]],
    ['lead_timezone', ['yes', 1, null]],
    ['unsub_header', ['false', 0]],
    ['bounce_protect', ['true', 1, null]],
    ['stop_on_auto_reply', ['true', null]],
    ['mailbox_ids', ['abc', ['abc'], [1], null]],
  ])('refuses a bad %s with 400 validation_failed naming it', async (field, values) => {
    const campaign = await newCampaign();
    for (const value of values) {
      const res = await api.patch(`/campaigns/${campaign.id}`, { [field]: value });
      const err = expectError(res, 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toEqual([field]);
    }
    expect((await api.get(`/campaigns/${campaign.id}`)).body).toMatchObject({ ...DEFAULTS, name: 'Q3 outreach' });
  });

  it('accepts the edges of the number ranges and every A/B metric', async () => {
    const campaign = await newCampaign();
    const edges = await api.patch(`/campaigns/${campaign.id}`, { daily_limit: 10_000, max_new_leads_per_day: 1, deal_value: 0, ab_optimize_after: 0 });
    expect(edges.body).toMatchObject({ dailyLimit: 10_000, maxNewLeadsPerDay: 1, dealValue: 0, abOptimizeAfter: 0 });
    for (const metric of ['reply', 'positive', 'open', 'click']) {
      expect((await api.patch(`/campaigns/${campaign.id}`, { ab_winner_metric: metric })).body.abWinnerMetric).toBe(metric);
    }
  });

  it('needs end_date on or after start_date, also against the stored one', async () => {
    const campaign = await newCampaign();
    expectError(await api.patch(`/campaigns/${campaign.id}`, { start_date: '2030-05-02', end_date: '2030-05-01' }), 400, 'end_before_start');
    expect((await api.patch(`/campaigns/${campaign.id}`, { start_date: '2030-05-01', end_date: '2030-05-01' })).status).toBe(200);
    expectError(await api.patch(`/campaigns/${campaign.id}`, { end_date: '2030-04-30' }), 400, 'end_before_start');
    expectError(await api.patch(`/campaigns/${campaign.id}`, { start_date: '2030-05-02' }), 400, 'end_before_start');
    expect((await api.patch(`/campaigns/${campaign.id}`, { start_date: null, end_date: '2030-04-30' })).body).toMatchObject({ startDate: null, endDate: '2030-04-30' });
  });

  it.each([
    ['id'],
    ['status'],
    ['created_at'],
    ['workspace_id'],
    ['first_sent_at'],
    ['steps'],
    ['leads_pending'],
    ['paused_reason'],
    ['bounce_count_from'],
    ['dailyLimit'],
    ['nonsense'],
  ])('refuses the read-only or unknown field %s with 400', async (field) => {
    const campaign = await newCampaign();
    const err = expectError(await api.patch(`/campaigns/${campaign.id}`, { [field]: field === 'status' ? 'active' : 'x' }), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toEqual([field]);
    expect((await api.get(`/campaigns/${campaign.id}`)).body.status).toBe('draft');
  });

  it('refuses a body that is not a JSON object', async () => {
    const campaign = await newCampaign();
    expectError(await api.request('PATCH', `/api/campaigns/${campaign.id}`, '[1]', { 'content-type': 'application/json' }), 400, 'invalid_body');
  });

  describe('mailbox_ids', () => {
    it('replaces the inboxes, collapsing duplicates; [] removes them all', async () => {
      const campaign = await newCampaign();
      const [a, b, c] = [await createInbox(service, me.workspaceId), await createInbox(service, me.workspaceId), await createInbox(service, me.workspaceId)];
      expect((await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [a.id, b.id, a.id.toUpperCase()] })).status).toBe(200);
      expect((await api.get(`/campaigns/${campaign.id}`)).body.mailbox_ids).toEqual([a.id, b.id]);
      await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [c.id, b.id] });
      expect((await api.get(`/campaigns/${campaign.id}`)).body.mailbox_ids).toEqual([b.id, c.id]);
      await api.patch(`/campaigns/${campaign.id}`, { name: 'Other change' });
      expect((await api.get(`/campaigns/${campaign.id}`)).body.mailbox_ids).toEqual([b.id, c.id]);
      await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [] });
      expect((await api.get(`/campaigns/${campaign.id}`)).body.mailbox_ids).toEqual([]);
    });

    it('refuses with 400 unknown_mailbox an id that is another workspace’s, deleted or made up, changing nothing', async () => {
      const campaign = await newCampaign();
      const mine = await createInbox(service, me.workspaceId);
      const theirs = await createInbox(service, other.workspaceId);
      const deleted = await createInbox(service, me.workspaceId, { deletedAt: new Date() });
      for (const id of [theirs.id, deleted.id, randomUUID()]) {
        const err = expectError(await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [mine.id, id], daily_limit: 99 }), 400, 'unknown_mailbox');
        expect(err.details).toEqual({ mailbox_ids: [id] });
      }
      expect((await api.get(`/campaigns/${campaign.id}`)).body).toMatchObject({ mailbox_ids: [], dailyLimit: 30 });
    });

    it('work through GraphQL (mailboxIds), refusing another workspace’s inbox', async () => {
      const campaign = await newCampaign();
      const mine = await createInbox(service, me.workspaceId);
      const theirs = await createInbox(service, other.workspaceId);
      const ok = await api.gql(ops.UpdateCampaignDocument, { id: campaign.id, input: { mailboxIds: [mine.id, mine.id], dailyLimit: 12 } });
      expect(ok.data!.updateCampaign).toMatchObject({ mailboxIds: [mine.id], dailyLimit: 12 });
      const bad = await api.gql(ops.UpdateCampaignDocument, { id: campaign.id, input: { mailboxIds: [theirs.id] } });
      expect(bad.errors![0].extensions).toMatchObject({ code: 'unknown_mailbox', status: 400 });
      const nullLimit = await api.gql(ops.UpdateCampaignDocument, { id: campaign.id, input: { dailyLimit: null } });
      expect(nullLimit.errors![0].extensions).toMatchObject({ code: 'validation_failed' });
    });
  });
});

// The checks area adds its diagnosis to the warnings (ramp_low, domain_unchecked, copy_*, …; tested in
// campaign-checks.test.ts); these tests are about the activation's own.
const ACTIVATION_CODES = new Set(['inbox_paused', 'inbox_bounce_stopped', 'after_end', 'no_sending_days']);
const own = <T extends { warnings: { code: string }[] }>(body: T): T => ({ ...body, warnings: body.warnings.filter((w) => ACTIVATION_CODES.has(w.code)) });

describe('POST /campaigns/:id/activate', () => {
  it('refuses without a step (no_steps), without a live inbox (no_inbox) or with the unsubscribe header off (unsub_header_off)', async () => {
    const campaign = await newCampaign();
    const inbox = await createInbox(service, me.workspaceId);
    await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [inbox.id] });
    expectError(await api.post(`/campaigns/${campaign.id}/activate`), 400, 'no_steps');

    await addStep(service, me.workspaceId, campaign.id);
    await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [] });
    expectError(await api.post(`/campaigns/${campaign.id}/activate`), 400, 'no_inbox');

    const gone = await createInbox(service, me.workspaceId);
    await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [gone.id] });
    await softDeleteInbox(gone.id);
    expectError(await api.post(`/campaigns/${campaign.id}/activate`), 400, 'no_inbox');

    await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [inbox.id], unsub_header: false });
    expectError(await api.post(`/campaigns/${campaign.id}/activate`), 400, 'unsub_header_off');
    expect((await api.get(`/campaigns/${campaign.id}`)).body.status).toBe('draft');

    await api.patch(`/campaigns/${campaign.id}`, { unsub_header: true });
    expect(own((await api.post(`/campaigns/${campaign.id}/activate`)).body)).toEqual({ status: 'active', warnings: [] });
  });

  it('moves a draft to active, is idempotent on an active campaign, and resumes a paused one', async () => {
    const { campaign } = await launchable();
    const res = await api.post(`/campaigns/${campaign.id}/activate`);
    expect(res.status).toBe(200);
    expect(own(res.body)).toEqual({ status: 'active', warnings: [] });
    expect((await api.get(`/campaigns/${campaign.id}`)).body.status).toBe('active');
    expect(own((await api.post(`/campaigns/${campaign.id}/activate`)).body)).toEqual({ status: 'active', warnings: [] });
    expect((await api.post(`/campaigns/${campaign.id}/pause`)).body).toEqual({ status: 'paused' });
    expect(own((await api.post(`/campaigns/${campaign.id}/activate`)).body)).toEqual({ status: 'active', warnings: [] });
  });

  it('keeps the unsubscribe header on while active: turning it off needs a pause first (409)', async () => {
    const { campaign } = await launchable();
    await api.post(`/campaigns/${campaign.id}/activate`);
    expectError(await api.patch(`/campaigns/${campaign.id}`, { unsub_header: false }), 409, 'campaign_active');
    expect((await api.patch(`/campaigns/${campaign.id}`, { unsub_header: true, daily_limit: 5 })).status).toBe(200);
    await api.post(`/campaigns/${campaign.id}/pause`);
    expect((await api.patch(`/campaigns/${campaign.id}`, { unsub_header: false })).body.unsubHeader).toBe(false);
    expectError(await api.post(`/campaigns/${campaign.id}/activate`), 400, 'unsub_header_off');
  });

  it('warns about paused and bounce-stopped inboxes', async () => {
    const { campaign, inbox } = await launchable();
    const paused = await createInbox(service, me.workspaceId, { status: 'paused' });
    const stopped = await createInbox(service, me.workspaceId, { status: 'bounce_stopped' });
    await api.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [inbox.id, paused.id, stopped.id] });
    const res = await api.post(`/campaigns/${campaign.id}/activate`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    expect(own(res.body).warnings).toEqual([
      { code: 'inbox_paused', text: expect.stringContaining(paused.email) },
      { code: 'inbox_bounce_stopped', text: expect.stringContaining(stopped.email) },
    ]);
  });

  it('warns when the end date has passed or no sending day is left before it', async () => {
    const { campaign } = await launchable();
    await api.patch(`/campaigns/${campaign.id}`, { end_date: '2001-01-01' });
    expect(own((await api.post(`/campaigns/${campaign.id}/activate`)).body).warnings).toEqual([{ code: 'after_end', text: expect.any(String) }]);

    // The next three days (campaign timezone is the workspace's) fall on none of the sending days.
    const acct = await signUp(service.url, { timezone: 'UTC' });
    const { campaign: soon } = await launchable(acct);
    const coming = [0, 1, 2].map((n) => new Date(`${isoDay(n)}T00:00:00Z`).getUTCDay());
    const days = [0, 1, 2, 3, 4, 5, 6].filter((d) => !coming.includes(d));
    expect((await acct.client.patch(`/campaigns/${soon.id}`, { days, end_date: isoDay(2) })).status).toBe(200);
    expect(own((await acct.client.post(`/campaigns/${soon.id}/activate`)).body).warnings).toEqual([{ code: 'no_sending_days', text: expect.any(String) }]);
    // With one of those days back in the schedule there is nothing to warn about.
    await acct.client.patch(`/campaigns/${soon.id}`, { days: [...days, coming[2]] });
    expect(own((await acct.client.post(`/campaigns/${soon.id}/activate`)).body).warnings).toEqual([]);
  });

  it('works through GraphQL', async () => {
    const bare = await newCampaign();
    expect((await api.gql(ops.ActivateCampaignDocument, { id: bare.id })).errors![0].extensions).toMatchObject({ code: 'no_steps', status: 400 });
    const { campaign } = await launchable();
    expect(own((await api.gql(ops.ActivateCampaignDocument, { id: campaign.id })).data!.activateCampaign)).toEqual({ status: 'active', warnings: [] });
  });
});

describe('POST /campaigns/:id/pause', () => {
  it('pauses an active campaign, answers the same for a paused one, and refuses a draft with 409', async () => {
    const { campaign } = await launchable();
    expectError(await api.post(`/campaigns/${campaign.id}/pause`), 409, 'campaign_is_draft');
    await api.post(`/campaigns/${campaign.id}/activate`);
    const res = await api.post(`/campaigns/${campaign.id}/pause`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'paused' });
    expect((await api.get(`/campaigns/${campaign.id}`)).body.status).toBe('paused');
    expect((await api.post(`/campaigns/${campaign.id}/pause`)).body).toEqual({ status: 'paused' });
  });

  it('works through GraphQL', async () => {
    const { campaign } = await launchable();
    expect((await api.gql(ops.PauseCampaignDocument, { id: campaign.id })).errors![0].extensions).toMatchObject({ code: 'campaign_is_draft', status: 409 });
    await api.gql(ops.ActivateCampaignDocument, { id: campaign.id });
    expect((await api.gql(ops.PauseCampaignDocument, { id: campaign.id })).data!.pauseCampaign).toEqual({ status: 'paused' });
  });
});

describe('POST /campaigns/:id/duplicate', () => {
  it('makes a draft named “<name> (copy)” with the same settings, steps (new ids) and inboxes', async () => {
    const { campaign, inbox } = await launchable();
    await addStep(service, me.workspaceId, campaign.id, { waitMinutes: 4320, variants: [], task: { kind: 'call', text: 'Call {{firstName}}' }, condition: 'no_reply' });
    const gone = await createInbox(service, me.workspaceId);
    const settings = {
      name: 'Source',
      timezone: 'Asia/Tokyo',
      windows: [{ days: [1, 2], start: '09:00', end: '11:00' }],
      daily_limit: 77,
      tags: ['a', 'b'],
      mailbox_tags: ['pool'],
      cc: 'cc@example.com',
      end_date: '2031-01-01',
      ab_winner_metric: 'click',
      mailbox_ids: [inbox.id, gone.id],
    };
    expect((await api.patch(`/campaigns/${campaign.id}`, settings)).status).toBe(200);
    await softDeleteInbox(gone.id);
    await api.post(`/campaigns/${campaign.id}/activate`);
    await markCampaignSent(service, me.workspaceId, campaign.id);
    const source = (await api.get(`/campaigns/${campaign.id}`)).body;

    const res = await api.post(`/campaigns/${campaign.id}/duplicate`);
    expect(res.status).toBe(200);
    const { id, name, status, createdAt, workspaceId, mailbox_ids, sending_mailbox_ids, steps, ...rest } = source;
    expect(rest.mailboxTags).toEqual(['pool']);
    expect(res.body).toEqual({ ...rest, id: expect.any(String), workspaceId, name: 'Source (copy)', status: 'draft', createdAt: expect.any(String) });
    expect(res.body.id).not.toBe(id);

    const copy = (await api.get(`/campaigns/${res.body.id}`)).body;
    expect(copy.mailbox_ids).toEqual([inbox.id]);
    expect(copy.steps).toHaveLength(2);
    copy.steps.forEach((s: Record<string, unknown>, i: number) => {
      expect(s.id).not.toBe(steps[i].id);
      expect(s).toEqual({ ...steps[i], id: expect.any(String), campaignId: copy.id });
    });
    // The source is untouched, and the copy has not sent, so it can be deleted.
    expect((await api.get(`/campaigns/${campaign.id}`)).body).toEqual(source);
    expect((await api.delete(`/campaigns/${copy.id}`)).body).toEqual({ deleted: true });
  });

  it('keeps copied names within the 200-character limit', async () => {
    const long = await newCampaign('n'.repeat(200));
    const copy = (await api.post(`/campaigns/${long.id}/duplicate`)).body;
    expect(copy.name).toBe(`${'n'.repeat(193)} (copy)`);
    const copyOfCopy = (await api.post(`/campaigns/${copy.id}/duplicate`)).body;
    expect(copyOfCopy.name).toHaveLength(200);
    const emoji = await newCampaign('\u{1F600}'.repeat(200));
    expect((await api.post(`/campaigns/${emoji.id}/duplicate`)).body.name).toBe(`${'\u{1F600}'.repeat(193)} (copy)`);
  });

  it('works through GraphQL', async () => {
    const { campaign, inbox } = await launchable();
    const res = await api.gql(ops.DuplicateCampaignDocument, { id: campaign.id });
    expect(res.data!.duplicateCampaign).toMatchObject({ name: 'Launchable (copy)', status: 'draft', mailboxIds: [inbox.id] });
    expect(res.data!.duplicateCampaign.steps).toHaveLength(1);
  });
});

describe('DELETE /campaigns/:id', () => {
  it('removes the campaign with its steps', async () => {
    const { campaign } = await launchable();
    await addStep(service, me.workspaceId, campaign.id);
    const res = await api.delete(`/campaigns/${campaign.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expectError(await api.get(`/campaigns/${campaign.id}`), 404, 'not_found');
    expect(await service.deps.orm.em.fork().count(Step, { campaign: campaign.id }, { filters: false })).toBe(0);
    expect((await api.get('/campaigns')).body.map((c: { id: string }) => c.id)).not.toContain(campaign.id);
    expectError(await api.delete(`/campaigns/${campaign.id}`), 404, 'not_found');
  });

  it('refuses a campaign that has sent with 400 campaign_has_sent, telling to pause it', async () => {
    const { campaign } = await launchable();
    await markCampaignSent(service, me.workspaceId, campaign.id);
    const err = expectError(await api.delete(`/campaigns/${campaign.id}`), 400, 'campaign_has_sent');
    expect(err.message).toMatch(/pause/i);
    expect((await api.get(`/campaigns/${campaign.id}`)).status).toBe(200);
  });

  it('works through GraphQL', async () => {
    const sent = await insertCampaign(service, me.workspaceId, { name: 'Sent', firstSentAt: new Date() });
    expect((await api.gql(ops.DeleteCampaignDocument, { id: sent.id })).errors![0].extensions).toMatchObject({ code: 'campaign_has_sent', status: 400 });
    const campaign = await newCampaign();
    expect((await api.gql(ops.DeleteCampaignDocument, { id: campaign.id })).data!.deleteCampaign).toEqual({ deleted: true });
  });
});

describe('workspace isolation', () => {
  it('answers 404 on every REST endpoint for another workspace’s campaign, changing nothing', async () => {
    const { campaign: theirs } = await launchable(other);
    const before = (await other.client.get(`/campaigns/${theirs.id}`)).body;
    expectError(await api.get(`/campaigns/${theirs.id}`), 404, 'not_found');
    expectError(await api.patch(`/campaigns/${theirs.id}`, { name: 'Hijacked' }), 404, 'not_found');
    expectError(await api.post(`/campaigns/${theirs.id}/activate`), 404, 'not_found');
    expectError(await api.post(`/campaigns/${theirs.id}/pause`), 404, 'not_found');
    expectError(await api.post(`/campaigns/${theirs.id}/duplicate`), 404, 'not_found');
    expectError(await api.delete(`/campaigns/${theirs.id}`), 404, 'not_found');
    expect((await other.client.get(`/campaigns/${theirs.id}`)).body).toEqual(before);
    expect((await api.get('/campaigns')).body.map((c: { id: string }) => c.id)).not.toContain(theirs.id);
  });

  it('answers not_found on every GraphQL operation for another workspace’s campaign', async () => {
    const { campaign: theirs } = await launchable(other);
    const results = [
      await api.gql(ops.CampaignDocument, { id: theirs.id }),
      await api.gql(ops.UpdateCampaignDocument, { id: theirs.id, input: { name: 'Hijacked' } }),
      await api.gql(ops.ActivateCampaignDocument, { id: theirs.id }),
      await api.gql(ops.PauseCampaignDocument, { id: theirs.id }),
      await api.gql(ops.DuplicateCampaignDocument, { id: theirs.id }),
      await api.gql(ops.DeleteCampaignDocument, { id: theirs.id }),
      await api.gql(ops.CampaignDocument, { id: 'not-a-uuid' }),
    ];
    for (const r of results) expect(r.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const list = await api.gql(ops.CampaignsDocument);
    expect(list.data!.campaigns.map((c) => c.id)).not.toContain(theirs.id);
    expect((await other.client.get(`/campaigns/${theirs.id}`)).body).toMatchObject({ name: 'Launchable', status: 'draft' });
  });
});
