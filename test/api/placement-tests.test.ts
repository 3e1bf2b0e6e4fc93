// decisions.md §16 placement tests from outside, through REST, GraphQL and MCP: what starting one refuses
// (each with its documented code), one running test per workspace, 10 a day, the scopes, the test object
// as it starts, another workspace's test, and the list in cursor pages. The runs themselves are tested on
// real peers in test/integration/placement-run.test.ts.
import { randomUUID } from 'node:crypto';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expectError, signUp, testClientAddress, type Account } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { startScheduledTests } from '../../src/modules/placement/placement.job';
import { PLACEMENT_NOW } from '../support/placement-world';
import { startTestService } from '../support/service';
import { TestClock } from '../support/sending-world';
import * as ops from '../graphql/generated';

// In 2030: no wall-clock job of another test file's service takes these tests (placement-world.ts).
const clock = new TestClock(PLACEMENT_NOW);
let service: Awaited<ReturnType<typeof startTestService>>;
beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service?.stop());
beforeEach(() => {
  clock.at = PLACEMENT_NOW;
});

const db = (q: string, p: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(q, p);
/** A workspace with `senders` active sending inboxes and `seeds` seeds. */
async function workspace(senders = 1, seeds = 1) {
  const me = await signUp(service.url);
  const make = (n: number, o: Record<string, unknown>) => Promise.all(Array.from({ length: n }, () => createInbox(service, me.workspaceId, o)));
  return { me, senders: await make(senders, {}), seeds: await make(seeds, { purpose: 'seed', seedProvider: 'google' }) };
}
const finishAll = (workspaceId: string) => db(`update placement_test set status = 'done', finished_at = created_at where workspace_id = ?`, [workspaceId]);
const gqlCode = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

describe('starting a test', () => {
  it('answers 202 with the test as it starts: running, its content, every copy counted once tried', async () => {
    const { me, senders, seeds } = await workspace(2, 3);
    const res = await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello', wait_minutes: 45 });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.any(String),
      status: 'running',
      created_at: PLACEMENT_NOW.toISOString(),
      finished_at: null,
      wait_minutes: 45,
      content: { campaign_id: null, step: null, variant: null, subject: 'Hi' },
      summary: { sent: 0, inbox: 0, category: 0, spam: 0, other: 0, missing: 0, failed: 0, inbox_rate: null },
      by_sender: [...senders]
        .sort((a, b) => a.email.localeCompare(b.email))
        .map((s) => ({ mailbox_id: s.id, email: s.email, sent: 0, inbox: 0, category: 0, spam: 0, other: 0, missing: 0, failed: 0, inbox_rate: null })),
      by_provider: [{ provider: 'google', sent: 0, inbox: 0, category: 0, spam: 0, other: 0, missing: 0, failed: 0, inbox_rate: null }],
      results: expect.any(Array),
    });
    expect(res.body.results).toHaveLength(6);
    expect(res.body.results[0]).toEqual({
      mailbox_id: expect.any(String),
      seed_id: expect.any(String),
      seed_provider: 'google',
      placement: null,
      folder: null,
      auth: null,
      delay_seconds: null,
      detail: null,
    });
    // Every copy's Message-ID is stored with the test, on its sender's domain.
    const copies = await db(`select id, sender_id, seed_id, message_id, status from placement_copy where test_id = ?`, [res.body.id]);
    expect(copies).toHaveLength(6);
    for (const c of copies) {
      const sender = senders.find((s) => s.id === c.sender_id)!;
      expect(c.message_id).toBe(`<${c.id}@${sender.email.split('@')[1]}>`);
      expect(c.status).toBe('queued');
    }
    expect(new Set(copies.map((c) => c.seed_id))).toEqual(new Set(seeds.map((s) => s.id)));
    // Its run is queued (this service runs no jobs: the run waits in the queue).
    expect((service.deps.jobs as unknown as { held: { name: string; data: { testId?: string } }[] }).held).toContainEqual({
      name: 'placement-test',
      data: { testId: res.body.id },
    });
  });

  it('takes the senders and seeds named; the defaults are every active sending inbox and every seed', async () => {
    const { me, senders, seeds } = await workspace(3, 3);
    await db(`update inbox set status = 'paused' where id = ?`, [senders[2]!.id]);
    const all = await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
    expect(all.body.by_sender.map((s: { mailbox_id: string }) => s.mailbox_id).sort()).toEqual([senders[0]!.id, senders[1]!.id].sort());
    expect(new Set(all.body.results.map((r: { seed_id: string }) => r.seed_id)).size).toBe(3);
    await finishAll(me.workspaceId);
    const named = await me.client.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello', mailboxIds: [senders[2]!.id], seedIds: [seeds[1]!.id] } });
    expect(named.errors).toBeUndefined();
    expect(named.data!.startPlacementTest).toMatchObject({ status: 'running', bySender: [{ mailboxId: senders[2]!.id }], byProvider: [{ provider: 'google' }] });
  });

  it('refuses what it cannot run with 400 and the documented codes, REST and GraphQL alike', async () => {
    const { me, senders, seeds } = await workspace(1, 1);
    const other = await workspace(1, 1);
    const campaign = await createCampaign(service, me.workspaceId);
    await addStep(service, me.workspaceId, campaign.id, { position: 1 });
    await addStep(service, me.workspaceId, campaign.id, { position: 2, waitMinutes: 2880, variants: [], task: { kind: 'call', text: 'Call' } });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'validation_failed'],
      [{ subject: 'Hi' }, 'validation_failed'],
      [{ campaign_id: campaign.id, subject: 'Hi', body: 'Hello' }, 'validation_failed'],
      [{ step: 1, subject: 'Hi', body: 'Hello' }, 'validation_failed'],
      [{ subject: 'Hi', body: 'Hello', wait_minutes: 4 }, 'validation_failed'],
      [{ subject: 'Hi', body: 'Hello', wait_minutes: 241 }, 'validation_failed'],
      [{ subject: ' ', body: 'Hello' }, 'validation_failed'],
      [{ subject: 'Hi', body: 'Hello', mailbox_ids: [] }, 'validation_failed'],
      [{ subject: 'Hi', body: 'Hello', seed_ids: Array.from({ length: 26 }, () => randomUUID()) }, 'validation_failed'],
      [{ subject: 'Hi', body: 'Hello', extra: 1 }, 'validation_failed'],
      [{ campaign_id: randomUUID() }, 'unknown_campaign_step'],
      [{ campaign_id: other.me.workspaceId }, 'unknown_campaign_step'],
      [{ campaign_id: campaign.id, step: 2 }, 'unknown_campaign_step'],
      [{ campaign_id: campaign.id, step: 1, variant: 3 }, 'unknown_campaign_step'],
      [{ subject: 'Hi', body: 'Hello', mailbox_ids: [seeds[0]!.id] }, 'mailbox_is_seed'],
      [{ subject: 'Hi', body: 'Hello', seed_ids: [senders[0]!.id] }, 'not_a_seed'],
      [{ subject: 'Hi', body: 'Hello', mailbox_ids: [other.senders[0]!.id] }, 'unknown_mailbox'],
      [{ subject: 'Hi', body: 'Hello', seed_ids: [other.seeds[0]!.id] }, 'unknown_mailbox'],
    ];
    for (const [body, code] of cases) {
      expectError(await me.client.post('/placement-tests', body), 400, code);
      const camel = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]));
      if ('extra' in camel) continue; // an unknown input field is GraphQL's own bad_request
      const gql = await me.client.gql(ops.StartPlacementTestDocument, { input: camel as never });
      expect([JSON.stringify(body), gqlCode(gql)]).toEqual([JSON.stringify(body), code]);
    }
    expect(await db(`select id from placement_test where workspace_id = ?`, [me.workspaceId])).toEqual([]);
  });

  it('needs a seed (no_seeds) and an active sending inbox (no_senders)', async () => {
    const noSeeds = await workspace(1, 0);
    expectError(await noSeeds.me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' }), 400, 'no_seeds');
    expect(gqlCode(await noSeeds.me.client.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello' } }))).toBe('no_seeds');
    const noSenders = await workspace(0, 1);
    expectError(await noSenders.me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' }), 400, 'no_senders');
    expect(gqlCode(await noSenders.me.client.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello' } }))).toBe('no_senders');
  });

  it('runs one test at a time per workspace: 409 placement_test_running naming it', async () => {
    const { me } = await workspace();
    const first = await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
    const again = expectError(await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' }), 409, 'placement_test_running');
    expect(again.details).toEqual({ test_id: first.body.id });
    const gql = await me.client.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello' } });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'placement_test_running', details: { test_id: first.body.id } });
    // Another workspace is not held back.
    expect((await (await workspace()).me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' })).status).toBe(202);
    // Once it is done, the next one starts.
    await finishAll(me.workspaceId);
    expect((await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' })).status).toBe(202);
  });

  it('starts one of several requests made at once and refuses the others with 409, never a 500 (the start lock), REST and GraphQL', async () => {
    const { me } = await workspace();
    const rest = () => me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' }).then((r) => (r.status === 202 ? 'started' : `${r.status} ${r.body?.error?.code}`));
    const gql = () => me.client.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello' } }).then((r) => (r.errors ? String(gqlCode(r)) : 'started'));
    const answers = await Promise.all([rest(), gql(), rest(), gql(), rest(), gql(), rest(), gql()]);
    expect(answers.filter((a) => a === 'started')).toHaveLength(1);
    // REST answers 409, GraphQL its error code; whichever door got there first started it.
    expect(answers.filter((a) => a !== 'started')).toEqual(Array(7).fill(expect.stringMatching(/^(409 )?placement_test_running$/)));
    expect(await db(`select id from placement_test where workspace_id = ?`, [me.workspaceId])).toHaveLength(1);
  });

  it('starts at most 10 tests per workspace in 24 hours: then 429 with Retry-After until the oldest leaves the window', async () => {
    const { me } = await workspace();
    for (let i = 0; i < 10; i++) {
      expect((await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' })).status).toBe(202);
      await finishAll(me.workspaceId);
      clock.advance(60 * 60_000);
    }
    // The first started 10 hours ago: it leaves the 24-hour window in 14 hours.
    const refused = await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe(String(14 * 3600));
    expect(gqlCode(await me.client.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello' } }))).toBe('rate_limited');
    clock.advance(14 * 3600_000);
    expect((await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' })).status).toBe(202);
  });
});

describe('the schedule (decisions.md §16)', () => {
  const due = (workspaceId: string) => startScheduledTests(service.deps, { workspaceIds: [workspaceId] });
  const slots = async (workspaceId: string) =>
    (await db(`select scheduled_for from placement_test where workspace_id = ? order by created_at`, [workspaceId])).map((r) => new Date(r.scheduled_for).toISOString());

  it("starts a daily test at 06:00 in the workspace's zone, once per day, set through REST", async () => {
    const { me } = await workspace();
    // Monday 4 March 2030, 10:00 UTC: 05:00 in New York (UTC-5 until the 10th).
    const set = await me.client.patch('/settings/workspace', { timezone: 'America/New_York', placement_schedule: 'daily' });
    expect(set.body).toMatchObject({ timezone: 'America/New_York', placement_schedule: 'daily' });
    clock.at = new Date('2030-03-04T10:59:00Z');
    expect(await due(me.workspaceId)).toEqual([]);
    clock.at = new Date('2030-03-04T11:00:00Z');
    const [first] = await due(me.workspaceId);
    expect((await me.client.get(`/placement-tests/${first}`)).body).toMatchObject({ status: 'running', content: { campaign_id: null, subject: 'Quick question about next week' } });
    expect(await due(me.workspaceId)).toEqual([]);
    await finishAll(me.workspaceId);
    clock.at = new Date('2030-03-05T10:59:00Z');
    expect(await due(me.workspaceId)).toEqual([]); // the day's slot ran; the next is at 06:00 tomorrow
    clock.at = new Date('2030-03-05T11:01:00Z');
    expect(await due(me.workspaceId)).toHaveLength(1);
    expect(await slots(me.workspaceId)).toEqual(['2030-03-04T11:00:00.000Z', '2030-03-05T11:00:00.000Z']);
  });

  it('starts a weekly test on Mondays at 06:00 in the zone (across a daylight-saving change), never for a slot before it was turned on, set through GraphQL', async () => {
    const { me } = await workspace();
    // Monday 4 March 2030, 12:00 UTC: 07:00 in New York, this Monday's 06:00 has passed.
    clock.at = new Date('2030-03-04T12:00:00Z');
    const set = await me.client.gql(ops.UpdatePlacementSettingsDocument, { input: { timezone: 'America/New_York', placementSchedule: 'weekly' } });
    expect(set.data!.updateWorkspace).toMatchObject({ timezone: 'America/New_York', placementSchedule: 'weekly' });
    expect(await due(me.workspaceId)).toEqual([]);
    clock.at = new Date('2030-03-10T11:00:00Z'); // Sunday 07:00
    expect(await due(me.workspaceId)).toEqual([]);
    // Monday 11 March: New York is on UTC-4 since the 10th, so 06:00 there is 10:00 UTC.
    clock.at = new Date('2030-03-11T09:59:00Z');
    expect(await due(me.workspaceId)).toEqual([]);
    clock.at = new Date('2030-03-11T10:00:00Z');
    expect(await due(me.workspaceId)).toHaveLength(1);
    await finishAll(me.workspaceId);
    clock.at = new Date('2030-03-12T10:00:00Z');
    expect(await due(me.workspaceId)).toEqual([]);
    expect(await slots(me.workspaceId)).toEqual(['2030-03-11T10:00:00.000Z']);
  });
});

describe('scopes', () => {
  const keyWith = async (me: Account, scopes: string[]) => (await me.client.post('/settings/api-keys', { name: 'k', scopes })).body.key as string;

  it('starting needs send; reading needs reports:read', async () => {
    const { me } = await workspace();
    const started = await me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
    await finishAll(me.workspaceId);
    const reader = me.client.withToken(await keyWith(me, ['reports:read']));
    expect(expectError(await reader.post('/placement-tests', { subject: 'Hi', body: 'Hello' }), 403, 'insufficient_scope').details).toEqual({ required: ['send'] });
    expect((await reader.get(`/placement-tests/${started.body.id}`)).status).toBe(200);
    const sender = me.client.withToken(await keyWith(me, ['send']));
    expectError(await sender.get('/placement-tests'), 403, 'insufficient_scope');
    expect((await sender.post('/placement-tests', { subject: 'Hi', body: 'Hello' })).status).toBe(202);
    expect(gqlCode(await reader.gql(ops.StartPlacementTestDocument, { input: { subject: 'Hi', body: 'Hello' } }))).toBe('insufficient_scope');
  });
});

describe('reading tests', () => {
  it("another workspace's test, or no test, is 404 not_found", async () => {
    const { me } = await workspace();
    const theirs = await (await workspace()).me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
    expectError(await me.client.get(`/placement-tests/${theirs.body.id}`), 404, 'not_found');
    expectError(await me.client.get('/placement-tests/not-an-id'), 404, 'not_found');
    expect(gqlCode(await me.client.gql(ops.PlacementTestDocument, { id: theirs.body.id }))).toBe('not_found');
  });

  it('lists them newest first without their results, in cursor pages (Link rel="next"), REST and GraphQL', async () => {
    const { me } = await workspace();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.unshift((await me.client.post('/placement-tests', { subject: `Test ${i}`, body: 'Hello' })).body.id);
      await finishAll(me.workspaceId);
      clock.advance(60_000);
    }
    const page1 = await me.client.get('/placement-tests?limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 2));
    expect(page1.body[0]).not.toHaveProperty('results');
    expect(page1.body[0]).toMatchObject({ status: 'done', content: { subject: 'Test 4' }, summary: { sent: 0 } });
    const link = page1.headers.get('link')!;
    expect(link).toMatch(/^<\/api\/placement-tests\?limit=2&cursor=[^>]+>; rel="next"$/);
    const page2 = await me.client.request('GET', link.slice(1, link.indexOf('>')));
    expect(page2.body.map((t: { id: string }) => t.id)).toEqual(ids.slice(2, 4));
    expectError(await me.client.get('/placement-tests?cursor=nonsense'), 400, 'invalid_cursor');
    expectError(await me.client.get('/placement-tests?limit=101'), 400, 'validation_failed');

    const g1 = await me.client.gql(ops.PlacementTestsDocument, { limit: 3 });
    expect(g1.data!.placementTests.items.map((t) => t.id)).toEqual(ids.slice(0, 3));
    const g2 = await me.client.gql(ops.PlacementTestsDocument, { limit: 3, cursor: g1.data!.placementTests.nextCursor });
    expect(g2.data!.placementTests).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(g2.data!.placementTests.items.map((t) => t.id)).toEqual(ids.slice(3));
  });
});

describe('MCP', () => {
  async function mcp(token: string) {
    const client = new McpClient({ name: 'placement-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': testClientAddress() } } }),
    );
    return client;
  }

  it('starts and reads tests as tools; the start tool is absent without send', async () => {
    const { me } = await workspace();
    const client = await mcp(me.token);
    try {
      const started = (await client.callTool({ name: 'postPlacementTests', arguments: { body: { subject: 'Hi', body: 'Hello' } } })) as CallToolResult;
      expect(started.isError).toBeFalsy();
      const test = JSON.parse((started.content[0] as { text: string }).text);
      expect(test).toMatchObject({ status: 'running', summary: { sent: 0 } });
      const read = (await client.callTool({ name: 'getPlacementTestsId', arguments: { id: test.id } })) as CallToolResult;
      expect(JSON.parse((read.content[0] as { text: string }).text)).toMatchObject({ id: test.id, results: expect.any(Array) });
      const again = (await client.callTool({ name: 'postPlacementTests', arguments: { body: { subject: 'Hi', body: 'Hello' } } })) as CallToolResult;
      expect(again.isError).toBe(true);
      expect(JSON.parse((again.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'placement_test_running' } });
    } finally {
      await client.close();
    }
    const readerKey = (await me.client.post('/settings/api-keys', { name: 'r', scopes: ['reports:read'] })).body.key as string;
    const reader = await mcp(readerKey);
    try {
      const names = (await reader.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['getPlacementTests', 'getPlacementTestsId']));
      expect(names).not.toContain('postPlacementTests');
    } finally {
      await reader.close();
    }
  });
});
