// The deliverability, domains and best-time reports (api.md Reports; README of src/modules/reports for
// the choices api.md leaves open), through REST and GraphQL, each workspace apart. Rows are built by the
// factories as the sending engine and the reply poller leave them; every expected number is worked out
// by hand in the comments beside it.
import { randomUUID } from 'node:crypto';
import { expectError, signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { countSent, recordAttempt, recordBounce } from '../support/factories/delivery.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { AnswerChecker, fetchOpenApi, operations } from '../support/openapi';
import { startTestService } from '../support/service';
import { TestClock } from '../support/sending-world';
import * as ops from '../graphql/generated';

// Monday 30 November 2026, 10:00 UTC.
const NOW = new Date('2026-11-30T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock(NOW);
let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());
afterEach(() => {
  clock.at = NOW;
});

const ago = (ms: number) => new Date(NOW.getTime() - ms);
/** The REST answer's keys in camelCase, to hold against the GraphQL answer. */
const camel = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(camel)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), camel(x)]))
      : v;

/** A sent email of the workspace to hang attempts on (send_attempt.send_id). */
async function aSend(account: Account, inbox: { id: string; email: string }) {
  const campaign = await createCampaign(service, account.workspaceId);
  const [lead] = await createLeads(service, account.workspaceId, campaign.id, [{ email: `lead-${randomUUID()}@example.org` }]);
  return createSentEmail(service, { workspaceId: account.workspaceId, campaignId: campaign.id, leadId: lead.id, inboxId: inbox.id, inboxEmail: inbox.email, sentAt: ago(DAY) });
}

/** The answer has the shape the OpenAPI document gives its operation (decisions.md §9). */
async function expectDocumented(route: string, res: { status: number; body: unknown }) {
  const doc = await fetchOpenApi(service.url);
  const op = operations(doc).find((o) => `${o.method.toUpperCase()} ${o.path}` === route);
  expect(op).toBeDefined();
  expect(new AnswerChecker(doc).check(op!, res.status, res.body)).toEqual([]);
}

describe('GET /reports/deliverability', () => {
  let acct: Account;
  let other: Account;

  beforeAll(async () => {
    acct = await signUp(service.url);
    other = await signUp(service.url);
    const a = await createInbox(service, acct.workspaceId, { email: 'a1@alpha.test' });
    const b = await createInbox(service, acct.workspaceId, { email: 'b1@beta.test' });
    await createInbox(service, acct.workspaceId, { email: 'c1@gamma.test', deletedAt: ago(DAY) }); // deleted, nothing in the window: left out
    const d = await createInbox(service, acct.workspaceId, { email: 'd1@delta.test', deletedAt: ago(HOUR) }); // deleted after sending: listed
    const sendA = await aSend(acct, a);
    const sendB = await aSend(acct, b);
    const sendD = await aSend(acct, d);
    const attempt = (inbox: { id: string }, sendId: string, outcome: 'accepted' | 'deferred' | 'rejected', code: number | null, detail: string | null, at: Date) =>
      recordAttempt(service, { workspaceId: acct.workspaceId, sendId, inboxId: inbox.id, outcome, code, detail, at });
    // a1: 3 accepted inside the window (the oldest 1 ms after its start), 1 exactly at its start and 1 a
    // day before it (both out); 2 × 451 4.7.1 and one connection error deferred; one 550 5.1.1 rejected.
    await attempt(a, sendA.id, 'accepted', 250, '250 2.0.0 Ok: queued as A1', ago(HOUR));
    await attempt(a, sendA.id, 'accepted', 250, '250 2.0.0 Ok', ago(6 * DAY));
    await attempt(a, sendA.id, 'accepted', 250, null, ago(7 * DAY - 1));
    await attempt(a, sendA.id, 'accepted', 250, null, ago(7 * DAY));
    await attempt(a, sendA.id, 'accepted', 250, null, ago(8 * DAY));
    await attempt(a, sendA.id, 'deferred', 451, '451 4.7.1 Try again later', ago(2 * DAY));
    await attempt(a, sendA.id, 'deferred', 451, '451 4.7.1 Greylisted, come back later', ago(2 * DAY - HOUR));
    await attempt(a, sendA.id, 'deferred', null, 'connect ECONNREFUSED 192.0.2.1:25', ago(3 * DAY));
    await attempt(a, sendA.id, 'rejected', 550, '550 5.1.1 <x@example.org>: Recipient address rejected: User unknown', ago(4 * DAY));
    // b1: one accepted, one 550 5.7.1 rejected. d1 (deleted since): one accepted.
    await attempt(b, sendB.id, 'accepted', 250, null, ago(5 * DAY));
    await attempt(b, sendB.id, 'rejected', 550, '550 5.7.1 Message refused as spam', ago(5 * DAY));
    await attempt(d, sendD.id, 'accepted', 250, null, ago(2 * HOUR));

    const bounce = (inbox: { id: string }, category: 'hard' | 'soft' | 'block', code: number | null, reason: string, at: Date, source: 'smtp' | 'dsn' = 'smtp') =>
      recordBounce(service, { workspaceId: acct.workspaceId, inboxId: inbox.id, category, code, reason, at, source });
    await bounce(a, 'hard', 550, '550 5.1.1 <x@example.org>: Recipient address rejected: User unknown', ago(4 * DAY));
    await bounce(a, 'hard', 550, 'smtp; 550 5.1.1 mailbox unavailable', ago(DAY), 'dsn'); // newer: the example
    await bounce(b, 'block', 550, '550 5.7.1 Message refused as spam', ago(5 * DAY));
    await bounce(a, 'soft', null, 'no answer', ago(3 * DAY));
    await bounce(a, 'hard', 550, '550 5.1.1 old news', ago(8 * DAY)); // out of the window

    // a1 answered twice (one of them a reply to a one-off: the inbox's mail all the same); an auto-reply,
    // a bounce message and a reply from before the window are not answers. b1 once.
    await createReplyItem(service, acct.workspaceId, { inbox: a.id, receivedAt: ago(HOUR) });
    await createReplyItem(service, acct.workspaceId, { inbox: a.id, receivedAt: ago(3 * DAY), oneOff: true });
    await createReplyItem(service, acct.workspaceId, { inbox: a.id, receivedAt: ago(HOUR), kind: 'auto_reply' });
    await createReplyItem(service, acct.workspaceId, { inbox: a.id, receivedAt: ago(HOUR), kind: 'bounce' });
    await createReplyItem(service, acct.workspaceId, { inbox: a.id, receivedAt: ago(7 * DAY + HOUR) });
    await createReplyItem(service, acct.workspaceId, { inbox: b.id, receivedAt: ago(2 * DAY) });

    // Another workspace: its own inbox, attempt, bounce and reply, seen by it alone.
    const z = await createInbox(service, other.workspaceId, { email: 'z1@zeta.test' });
    const sendZ = await aSend(other, z);
    await recordAttempt(service, { workspaceId: other.workspaceId, sendId: sendZ.id, inboxId: z.id, outcome: 'rejected', code: 554, detail: '554 5.7.1 no', at: ago(HOUR) });
    await recordBounce(service, { workspaceId: other.workspaceId, inboxId: z.id, category: 'block', code: 554, reason: '554 5.7.1 no', at: ago(HOUR) });
    await createReplyItem(service, other.workspaceId, { inbox: z.id, receivedAt: ago(HOUR) });
  });

  const expected = {
    window_days: 7,
    // accepted: a1 3 + b1 1 + d1 1 = 5; deferred: a1 3; rejected: a1 1 + b1 1 = 2.
    smtp: {
      accepted: 5,
      deferred: 3,
      rejected: 2,
      // Most first; on a tie accepted, deferred, rejected, then by code (no code last), then enhanced code.
      by_code: [
        { code: 250, enhanced_code: null, outcome: 'accepted', count: 5 },
        { code: 451, enhanced_code: '4.7.1', outcome: 'deferred', count: 2 },
        { code: null, enhanced_code: null, outcome: 'deferred', count: 1 },
        { code: 550, enhanced_code: '5.1.1', outcome: 'rejected', count: 1 },
        { code: 550, enhanced_code: '5.7.1', outcome: 'rejected', count: 1 },
      ],
    },
    bounce_reasons: [
      { category: 'hard', code: 550, enhanced_code: '5.1.1', count: 2, example: 'smtp; 550 5.1.1 mailbox unavailable' },
      { category: 'block', code: 550, enhanced_code: '5.7.1', count: 1, example: '550 5.7.1 Message refused as spam' },
      { category: 'soft', code: null, enhanced_code: null, count: 1, example: 'no answer' },
    ],
    // sent = accepted + rejected (a bounce was sent); by address; c1 (deleted, idle) left out.
    per_inbox: [
      { email: 'a1@alpha.test', sent: 4, deferred: 3, rejected: 1, answered: 2 },
      { email: 'b1@beta.test', sent: 2, deferred: 0, rejected: 1, answered: 1 },
      { email: 'd1@delta.test', sent: 1, deferred: 0, rejected: 0, answered: 0 },
    ],
  };

  it('counts the last 7 days of SMTP attempts by outcome and code, bounce reasons and each inbox (REST and GraphQL)', async () => {
    const res = await acct.client.get('/reports/deliverability');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    await expectDocumented('GET /reports/deliverability', res);
    const g = await acct.client.gql(ops.DeliverabilityReportDocument, {});
    expect(g.errors).toBeUndefined();
    expect(g.data?.deliverabilityReport).toEqual(camel(expected));
  });

  it('moves with the clock: an attempt leaves the window 7 × 24 hours after it was made', async () => {
    clock.at = new Date(NOW.getTime() + 1); // the accepted attempt made 7 days minus 1 ms ago is now exactly 7 days old
    const body = (await acct.client.get('/reports/deliverability')).body;
    expect(body.smtp).toMatchObject({ accepted: 4, deferred: 3, rejected: 2 });
    expect(body.per_inbox[0]).toEqual({ email: 'a1@alpha.test', sent: 3, deferred: 3, rejected: 1, answered: 2 });
  });

  it("shows another workspace nothing of this one's, and this one nothing of the other's", async () => {
    const res = await other.client.get('/reports/deliverability');
    expect(res.body).toEqual({
      window_days: 7,
      smtp: { accepted: 0, deferred: 0, rejected: 1, by_code: [{ code: 554, enhanced_code: '5.7.1', outcome: 'rejected', count: 1 }] },
      bounce_reasons: [{ category: 'block', code: 554, enhanced_code: '5.7.1', count: 1, example: '554 5.7.1 no' }],
      per_inbox: [{ email: 'z1@zeta.test', sent: 1, deferred: 0, rejected: 1, answered: 1 }],
    });
    const empty = await signUp(service.url);
    expect((await empty.client.get('/reports/deliverability')).body).toEqual({
      window_days: 7,
      smtp: { accepted: 0, deferred: 0, rejected: 0, by_code: [] },
      bounce_reasons: [],
      per_inbox: [],
    });
    expect((await empty.client.gql(ops.DeliverabilityReportDocument, {})).data?.deliverabilityReport.perInbox).toEqual([]);
  });
});

describe('GET /reports/domains', () => {
  // 23:30 UTC on Monday 30 November is 00:30 on Tuesday 1 December in Berlin (+01:00): today there.
  const LATE = new Date('2026-11-30T23:30:00.000Z');
  let acct: Account;

  beforeAll(async () => {
    acct = await signUp(service.url, { timezone: 'Europe/Berlin' });
    const ws = acct.workspaceId;
    const longAgo = new Date('2026-11-01T12:00:00.000Z');
    // alpha: s1 ramps from 10 by 5 a day since 28 November (10, 15, 20, 25 over the four days; cap 30);
    // s2 is at its cap of 20. No domain cap: allowed 30, 35, 40, 45.
    const s1 = await createInbox(service, ws, { email: 's1@alpha.test', dailyCap: 30, rampStart: 10, rampIncrement: 5, rampStartedAt: '2026-11-28', createdAt: longAgo });
    const s2 = await createInbox(service, ws, { email: 's2@Alpha.test', dailyCap: 20, rampStart: 20, rampIncrement: 0, rampStartedAt: '2026-11-01', createdAt: longAgo });
    // beta: t1 (cap 50, domain cap 40) exists from 29 November (13:00 Berlin); t2 (cap 10, domain cap 25)
    // was deleted on 30 November, so its domain cap no longer applies and it adds 10 up to that day.
    // allowed: 28th min(40, 10) = 10; 29th and 30th min(40, 60) = 40; 1st min(40, 50) = 40.
    const t1 = await createInbox(service, ws, {
      email: 't1@beta.test',
      dailyCap: 50,
      rampStart: 50,
      rampStartedAt: '2026-01-01',
      domainDailyCap: 40,
      createdAt: new Date('2026-11-29T12:00:00.000Z'),
    });
    const t2 = await createInbox(service, ws, {
      email: 't2@beta.test',
      dailyCap: 10,
      rampStart: 10,
      rampStartedAt: '2026-01-01',
      domainDailyCap: 25,
      createdAt: longAgo,
      deletedAt: new Date('2026-11-30T12:00:00.000Z'),
    });
    // gamma: deleted long ago, sent nothing in the range: not listed. delta: deleted on the 29th after
    // sending on the 28th: listed with no inboxes, allowed 30 up to the day it went.
    await createInbox(service, ws, { email: 'g1@gamma.test', createdAt: new Date('2026-09-01T12:00:00.000Z'), deletedAt: new Date('2026-10-01T12:00:00.000Z') });
    const h1 = await createInbox(service, ws, {
      email: 'h1@delta.test',
      dailyCap: 30,
      rampStart: 30,
      rampStartedAt: '2026-01-01',
      createdAt: longAgo,
      deletedAt: new Date('2026-11-29T12:00:00.000Z'),
    });
    const sent = (inbox: { id: string }, day: string, n: number) => countSent(service, { workspaceId: ws, inboxId: inbox.id, day, sent: n });
    await sent(s1, '2026-11-27', 99); // before the range
    await sent(s1, '2026-11-29', 12);
    await sent(s1, '2026-11-30', 3);
    await sent(s2, '2026-11-30', 7);
    await sent(s1, '2026-12-01', 1);
    await sent(t2, '2026-11-28', 9);
    await sent(t1, '2026-11-30', 38);
    await sent(h1, '2026-11-28', 5);
    // Another workspace on the same domain: its inbox and sends stay its own.
    const other = await signUp(service.url, { timezone: 'Europe/Berlin' });
    const o = await createInbox(service, other.workspaceId, { email: 's9@alpha.test', dailyCap: 100, rampStart: 100, rampStartedAt: '2026-01-01', createdAt: longAgo });
    await countSent(service, { workspaceId: other.workspaceId, inboxId: o.id, day: '2026-11-30', sent: 70 });
  });

  const DAYS = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'];
  const points = (sent: number[], allowed: number[]) => DAYS.map((day, i) => ({ day, sent: sent[i], allowed: allowed[i] }));
  const expected = {
    days: DAYS,
    domains: [
      { domain: 'alpha.test', inboxes: 2, domain_cap: null, points: points([0, 12, 10, 1], [30, 35, 40, 45]) },
      { domain: 'beta.test', inboxes: 1, domain_cap: 40, points: points([9, 0, 38, 0], [10, 40, 40, 40]) },
      { domain: 'delta.test', inboxes: 0, domain_cap: null, points: points([5, 0, 0, 0], [30, 30, 0, 0]) },
    ],
  };

  it('gives each sending domain its sent and allowed per day, the days ending today in the workspace timezone (REST and GraphQL)', async () => {
    clock.at = LATE;
    const res = await acct.client.get('/reports/domains?days=4');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    await expectDocumented('GET /reports/domains', res);
    const g = await acct.client.gql(ops.DomainsReportDocument, { days: 4 });
    expect(g.errors).toBeUndefined();
    expect(g.data?.domainsReport).toEqual(camel(expected));
  });

  it('an hour earlier it is still 30 November in Berlin: the days end there', async () => {
    clock.at = new Date(LATE.getTime() - HOUR);
    const body = (await acct.client.get('/reports/domains?days=1')).body;
    expect(body.days).toEqual(['2026-11-30']);
    expect(body.domains.map((d: { domain: string }) => d.domain)).toEqual(['alpha.test', 'beta.test']); // delta allowed 0 and sent nothing that day, no inbox: gone
    expect(body.domains[0].points).toEqual([{ day: '2026-11-30', sent: 10, allowed: 40 }]);
  });

  it('covers 14 days by default', async () => {
    clock.at = LATE;
    const res = await acct.client.get('/reports/domains');
    expect(res.body.days).toHaveLength(14);
    expect(res.body.days[0]).toBe('2026-11-18');
    expect(res.body.days[13]).toBe('2026-12-01');
    expect((await acct.client.get('/reports/domains?days=')).body.days).toHaveLength(14);
    expect((await acct.client.gql(ops.DomainsReportDocument, {})).data?.domainsReport.days).toHaveLength(14);
  });

  it('refuses days outside 1 to 365 and unknown parameters, through both doors', async () => {
    for (const q of ['days=0', 'days=366', 'days=-1', 'days=1.5', 'days=abc', 'days=1&days=2', 'window=7']) {
      expectError(await acct.client.get(`/reports/domains?${q}`), 400, 'validation_failed');
    }
    expect((await acct.client.get('/reports/domains?days=365')).body.days).toHaveLength(365);
    for (const days of [0, 366]) {
      const g = await acct.client.gql(ops.DomainsReportDocument, { days });
      expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    }
  });

  it('lists nothing for a workspace without inboxes', async () => {
    const empty = await signUp(service.url);
    expect((await empty.client.get('/reports/domains?days=2')).body).toEqual({ days: ['2026-11-29', '2026-11-30'], domains: [] });
  });
});

describe('GET /analytics/best-time', () => {
  let acct: Account;

  beforeAll(async () => {
    acct = await signUp(service.url, { timezone: 'Europe/Berlin' });
    const ws = acct.workspaceId;
    const inbox = await createInbox(service, ws);
    const reply = (receivedAt: string, fields: Record<string, unknown> = {}) => createReplyItem(service, ws, { inbox: inbox.id, receivedAt: new Date(receivedAt), ...fields });
    await reply('2026-11-29T23:30:00.000Z'); // Sunday 23:30 UTC = Monday 00:30 in Berlin: Monday, hour 0
    await reply('2026-11-30T09:15:00.000Z'); // Monday 10:15 Berlin: hour 10
    await reply('2026-11-27T14:00:00.000Z'); // Friday 15:00 Berlin, twice
    await reply('2026-11-27T14:59:59.000Z');
    await reply('2026-09-01T10:01:00.000Z'); // 90 days less a minute ago: Tuesday 12:01 in Berlin summer time (+02:00)
    await reply('2026-09-01T09:59:00.000Z'); // 90 days and a minute ago: out by default; Tuesday 11:59 with days=91
    await reply('2026-11-30T09:00:00.000Z', { kind: 'auto_reply' }); // not a person's reply
    await reply('2026-11-30T09:00:00.000Z', { kind: 'bounce' });
    await reply('2026-11-30T09:00:00.000Z', { oneOff: true }); // a reply to a one-off email: left out
    const other = await signUp(service.url, { timezone: 'Europe/Berlin' });
    const otherInbox = await createInbox(service, other.workspaceId);
    await createReplyItem(service, other.workspaceId, { inbox: otherInbox.id, receivedAt: new Date('2026-11-30T09:00:00.000Z') });
  });

  const grid = (cells: [number, number, number][]) => {
    const g = Array.from({ length: 7 }, () => new Array(24).fill(0));
    for (const [dow, hour, n] of cells) g[dow][hour] = n;
    return g;
  };

  it('counts replies by weekday (Monday first) and hour in the workspace timezone over 90 days (REST and GraphQL)', async () => {
    const expected = {
      timezone: 'Europe/Berlin',
      days: 90,
      replies: 5,
      grid: grid([
        [0, 0, 1],
        [0, 10, 1],
        [4, 15, 2],
        [1, 12, 1],
      ]),
    };
    const res = await acct.client.get('/analytics/best-time');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    await expectDocumented('GET /analytics/best-time', res);
    const g = await acct.client.gql(ops.BestTimeReportDocument, {});
    expect(g.errors).toBeUndefined();
    expect(g.data?.bestTimeReport).toEqual(expected);
  });

  it('counts back `days` × 24 hours from now', async () => {
    expect((await acct.client.get('/analytics/best-time?days=91')).body).toMatchObject({
      days: 91,
      replies: 6,
      grid: grid([
        [0, 0, 1],
        [0, 10, 1],
        [4, 15, 2],
        [1, 12, 1],
        [1, 11, 1],
      ]),
    });
    expect((await acct.client.get('/analytics/best-time?days=1')).body).toEqual({
      timezone: 'Europe/Berlin',
      days: 1,
      replies: 2,
      grid: grid([
        [0, 0, 1],
        [0, 10, 1],
      ]),
    });
    expect((await acct.client.gql(ops.BestTimeReportDocument, { days: 1 })).data?.bestTimeReport.replies).toBe(2);
  });

  it('refuses days outside 1 to 365 and unknown parameters, through both doors', async () => {
    for (const q of ['days=0', 'days=366', 'days=-5', 'days=2.5', 'days=x', 'days=1&days=2', 'hours=3']) {
      expectError(await acct.client.get(`/analytics/best-time?${q}`), 400, 'validation_failed');
    }
    for (const days of [0, 366]) {
      const g = await acct.client.gql(ops.BestTimeReportDocument, { days });
      expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    }
  });

  it('shows a workspace only its own replies', async () => {
    const empty = await signUp(service.url, { timezone: 'Asia/Kolkata' });
    expect((await empty.client.get('/analytics/best-time')).body).toEqual({ timezone: 'Asia/Kolkata', days: 90, replies: 0, grid: grid([]) });
  });
});
