// decisions.md §12 "Cursor pages": every list that takes limit/offset also takes cursor, over REST and
// GraphQL. For each list of the table below: a walk by cursor sees every row exactly once while rows are
// added between pages (those added ahead of the cursor appear, those behind it do not, none repeats), in
// the list's own order (ties by id); the Link header is there exactly when more rows follow and keeps the
// filters; an offset page carries it too; altered, foreign and other-filter cursors are 400
// invalid_cursor; cursor with offset is 400 validation_failed. The table is checked against the route
// contracts and the GraphQL schema, so a list added later without cursor pages fails here.
import { randomUUID } from 'node:crypto';
import { getMetadataStorage } from 'class-validator';
import { getNamedType, isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';
import type { InputClass } from '../../src/contracts/api-route';
import { collectModules } from '../../src/runtime/app-module';
import { buildAppSchema } from '../../src/contracts/graphql/schema';
import { appModules } from '../../src/modules';
import { Client, expectError, signUp, type Account, type Reply } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { startTestService } from '../support/service';

type Service = Awaited<ReturnType<typeof startTestService>>;
type Vars = Record<string, unknown>;

let service: Service;
let me: Account;
let other: Account;
let inboxId: string;
const run = (q: string, params: unknown[] = []) => service.deps.orm.em.getConnection().execute(q, params);

const HOUR = 3_600_000;
/** The seeded rows' moments: a fixed past day, a minute apart (two rows share one: the tie). */
const BASE = Date.parse('2026-11-20T12:00:00.000Z');

interface Page {
  ids: string[];
  nextCursor: string | null;
}

interface ListCase {
  name: string;
  /** The route contract (method and path) the case covers. */
  route: string;
  /** The GraphQL root field the case covers. */
  field: string;
  /** The list's order on the moment `add` gives a row: oldest first or newest first. */
  dir: 'asc' | 'desc';
  /** Most rows one page may hold (the full read before and after a walk). */
  max: number;
  setup?: () => Promise<void>;
  /** Adds a row at this moment; returns what identifies it in the answers. */
  add: (at: Date) => Promise<string>;
  path: () => string;
  /** A filter the walk uses (kept in Link), and another value of it (its cursors are refused). */
  filter: () => Record<string, string>;
  otherFilter: () => Record<string, string>;
  /** Another path of the same route whose cursors are refused (another endpoint, another campaign). */
  otherPath?: () => string;
  ids: (body: any) => string[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  gql: { query: string; vars: (page: Vars, other?: boolean) => Vars; page: (data: any) => Page }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const uniq = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}`;

// ---- the fixtures of each list ----
let campaignA: string; // campaign leads
let campaignW: string; // workspace list by campaign_id
let campaignP: string; // pipeline leads
let campaignR: string; // activity and bounces
let campaignR2: string;
let endpointId: string;
let endpoint2: string;

const leadIn =
  (campaignId: string, fields: Record<string, unknown> = {}, domain = 'walk.test') =>
  async (at: Date) =>
    (await createLeads(service, me.workspaceId, campaignId, [{ email: `${uniq('p')}@${domain}`, createdAt: at, ...fields }]))[0]!.id;

async function addBounce(campaignId: string, at: Date): Promise<string> {
  const email = `${uniq('b')}@bounce.test`;
  await run(
    `insert into bounce (id, created_at, workspace_id, campaign_id, inbox_id, email, source, code, category, reason) values (?, ?, ?, ?, ?, ?, 'smtp', 550, 'hard', 'no such user')`,
    [randomUUID(), at, me.workspaceId, campaignId, inboxId, email],
  );
  return email;
}

async function addDelivery(endpoint: string, at: Date): Promise<string> {
  const eventId = randomUUID();
  const id = randomUUID();
  await run(`insert into event (id, created_at, workspace_id, kind, payload) values (?, ?, ?, 'webhook_test', '{}')`, [eventId, at, me.workspaceId]);
  await run(`insert into webhook_delivery (id, created_at, workspace_id, event_id, endpoint_id, status, attempts) values (?, ?, ?, ?, ?, 'failed', 1)`, [
    id,
    at,
    me.workspaceId,
    eventId,
    endpoint,
  ]);
  return id;
}

const LEADS_GQL = `query($campaignId: ID, $query: LeadQueryInput) { leads(campaignId: $campaignId, query: $query) { total items { id } nextCursor } }`;
const leadPage = (d: { leads: { items: { id: string }[]; nextCursor: string | null } }): Page => ({ ids: d.leads.items.map((l) => l.id), nextCursor: d.leads.nextCursor });

const CASES: ListCase[] = [
  {
    name: 'campaign leads',
    route: 'get /campaigns/:id/leads',
    field: 'leads',
    dir: 'asc',
    max: 1000,
    add: (at) => leadIn(campaignA)(at),
    path: () => `/campaigns/${campaignA}/leads`,
    filter: () => ({ status: 'pending' }),
    otherFilter: () => ({ status: 'active' }),
    otherPath: () => `/campaigns/${campaignW}/leads`,
    ids: (body) => body.map((l: { id: string }) => l.id),
    gql: { query: LEADS_GQL, vars: (page, o) => ({ campaignId: campaignA, query: { ...page, status: o ? 'active' : 'pending' } }), page: leadPage },
  },
  {
    name: 'workspace leads by campaign',
    route: 'get /leads',
    field: 'leads',
    dir: 'desc',
    max: 1000,
    add: (at) => leadIn(campaignW)(at),
    path: () => `/leads`,
    filter: () => ({ campaign_id: campaignW }),
    otherFilter: () => ({ campaign_id: campaignA }),
    ids: (body) => body.map((l: { id: string }) => l.id),
    // GraphQL's workspace list has no campaign filter: the whole workspace, by status.
    gql: { query: LEADS_GQL, vars: (page, o) => ({ query: { ...page, status: o ? 'active' : 'pending' } }), page: leadPage },
  },
  {
    name: 'workspace lead search (q)',
    route: 'get /leads',
    field: 'leads',
    dir: 'desc',
    max: 1000,
    add: (at) => leadIn(campaignW, {}, 'searchwalk.test')(at),
    path: () => `/leads`,
    filter: () => ({ q: 'searchwalk' }),
    otherFilter: () => ({ q: 'searchwalk.test' }),
    ids: (body) => body.map((l: { id: string }) => l.id),
    gql: { query: LEADS_GQL, vars: (page, o) => ({ query: { ...page, q: o ? 'searchwalk.test' : 'searchwalk' } }), page: leadPage },
  },
  {
    name: 'replies',
    route: 'get /replies',
    field: 'replies',
    dir: 'desc',
    max: 100,
    add: async (at) => (await createReplyItem(service, me.workspaceId, { inbox: inboxId, receivedAt: at, kind: 'reply' })).id,
    path: () => '/replies',
    filter: () => ({ kind: 'reply' }),
    otherFilter: () => ({ kind: 'bounce' }),
    ids: (body) => body.map((r: { id: string }) => r.id),
    gql: {
      query: `query($query: ReplyQueryInput) { replies(query: $query) { items { id } nextCursor } }`,
      vars: (page, o) => ({ query: { ...page, kind: o ? 'bounce' : 'reply' } }),
      page: (d) => ({ ids: d.replies.items.map((r: { id: string }) => r.id), nextCursor: d.replies.nextCursor }),
    },
  },
  {
    name: 'pipeline (one stage)',
    route: 'get /analytics/pipeline',
    field: 'pipeline',
    dir: 'desc',
    max: 500,
    // A lead labelled without a reply comes last (replied_at null): the walk crosses into that part too.
    setup: async () => void (await leadIn(campaignP, { interest: 'won', repliedAt: null })(new Date(BASE))),
    add: (at) => leadIn(campaignP, { interest: 'won', repliedAt: at })(at),
    path: () => '/analytics/pipeline',
    filter: () => ({ stage: 'won' }),
    otherFilter: () => ({ stage: 'lost' }),
    ids: (body) => body.stages.find((s: { stage: string }) => s.stage === 'won').leads.map((l: { id: string }) => l.id),
    gql: {
      query: `query($query: PipelineQueryInput) { pipeline(query: $query) { stages { stage leads { id } } nextCursor } }`,
      vars: (page, o) => ({ query: { ...page, stage: o ? 'lost' : 'won' } }),
      page: (d) => ({
        ids: d.pipeline.stages.find((s: { stage: string }) => s.stage === 'won').leads.map((l: { id: string }) => l.id),
        nextCursor: d.pipeline.nextCursor,
      }),
    },
  },
  {
    name: 'blocklist',
    route: 'get /blocklist',
    field: 'blocklist',
    dir: 'desc',
    max: 1000,
    add: async (at) => {
      const email = `${uniq('x')}@blocked.test`;
      await run(`insert into blocklist_entry (id, created_at, workspace_id, email, reason) values (?, ?, ?, ?, 'manual')`, [randomUUID(), at, me.workspaceId, email]);
      return email;
    },
    path: () => '/blocklist',
    filter: () => ({ reason: 'manual' }),
    otherFilter: () => ({ reason: 'import' }),
    ids: (body) => body.map((e: { email: string }) => e.email),
    gql: {
      query: `query($query: BlocklistQueryInput) { blocklist(query: $query) { items { email } nextCursor } }`,
      vars: (page, o) => ({ query: { ...page, reason: o ? 'import' : 'manual' } }),
      page: (d) => ({ ids: d.blocklist.items.map((e: { email: string }) => e.email), nextCursor: d.blocklist.nextCursor }),
    },
  },
  {
    name: 'webhook deliveries',
    route: 'get /webhooks/:id/deliveries',
    field: 'webhookDeliveries',
    dir: 'desc',
    max: 100,
    add: (at) => addDelivery(endpointId, at),
    path: () => `/webhooks/${endpointId}/deliveries`,
    filter: () => ({}),
    otherFilter: () => ({}),
    otherPath: () => `/webhooks/${endpoint2}/deliveries`,
    ids: (body) => body.map((d: { id: string }) => d.id),
    gql: {
      query: `query($id: ID!, $query: DeliveryQueryInput) { webhookDeliveries(id: $id, query: $query) { items { id } nextCursor } }`,
      vars: (page, o) => ({ id: o ? endpoint2 : endpointId, query: page }),
      page: (d) => ({ ids: d.webhookDeliveries.items.map((x: { id: string }) => x.id), nextCursor: d.webhookDeliveries.nextCursor }),
    },
  },
  {
    name: 'campaign activity',
    route: 'get /campaigns/:id/activity',
    field: 'campaignActivity',
    dir: 'desc',
    max: 100,
    add: (at) => addBounce(campaignR, at),
    path: () => `/campaigns/${campaignR}/activity`,
    filter: () => ({}),
    otherFilter: () => ({}),
    otherPath: () => `/campaigns/${campaignR2}/activity`,
    ids: (body) => body.rows.map((r: { email: string }) => r.email),
    gql: {
      query: `query($id: ID!, $page: ActivityPageInput) { campaignActivity(id: $id, page: $page) { rows { email } more nextCursor } }`,
      vars: (page, o) => ({ id: o ? campaignR2 : campaignR, page }),
      page: (d) => ({ ids: d.campaignActivity.rows.map((r: { email: string }) => r.email), nextCursor: d.campaignActivity.nextCursor }),
    },
  },
  {
    name: 'campaign bounces',
    route: 'get /campaigns/:id/bounces',
    field: 'campaignBounces',
    dir: 'desc',
    max: 100,
    add: (at) => addBounce(campaignR, at),
    path: () => `/campaigns/${campaignR}/bounces`,
    filter: () => ({}),
    otherFilter: () => ({}),
    otherPath: () => `/campaigns/${campaignR2}/bounces`,
    ids: (body) => body.rows.map((r: { email: string }) => r.email),
    gql: {
      query: `query($id: ID!, $page: ActivityPageInput) { campaignBounces(id: $id, page: $page) { rows { email } more nextCursor } }`,
      vars: (page, o) => ({ id: o ? campaignR2 : campaignR, page }),
      page: (d) => ({ ids: d.campaignBounces.rows.map((r: { email: string }) => r.email), nextCursor: d.campaignBounces.nextCursor }),
    },
  },
];

let schema: GraphQLSchema;
const modules = collectModules(appModules);

beforeAll(async () => {
  service = await startTestService();
  schema = await buildAppSchema(modules.resolvers);
  [me, other] = await Promise.all([signUp(service.url), signUp(service.url)]);
  const campaign = async (name: string) => (await me.client.post('/campaigns', { name })).body.id as string;
  [campaignA, campaignW, campaignP, campaignR, campaignR2] = await Promise.all(['A', 'W', 'P', 'R', 'R2'].map(campaign));
  inboxId = (await createInbox(service, me.workspaceId)).id;
  const hook = async () => (await me.client.post('/webhooks', { url: 'https://hooks.example.com/in', events: ['email_sent'] })).body.id as string;
  [endpointId, endpoint2] = [await hook(), await hook()];
  await addDelivery(endpoint2, new Date(BASE));
  await addBounce(campaignR2, new Date(BASE));
  // Every list seeded first: each case takes a cursor of another list.
  for (const c of CASES) await seed(c);
});
afterAll(() => service?.stop());

/** Every row of a list in its order, in one offset page. */
async function fullRead(c: ListCase): Promise<string[]> {
  const res = await me.client.get(`${c.path()}?${qs({ ...c.filter(), limit: c.max })}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('link')).toBeNull();
  return c.ids(res.body);
}

/** Seeds 7 rows a minute apart, two of them at the same moment (the tie the id breaks). */
async function seed(c: ListCase): Promise<void> {
  await c.setup?.();
  for (const minute of [0, 1, 2, 2, 3, 4, 5]) await c.add(new Date(BASE + minute * 60_000));
}

let added = 0;
/** The moment of a row added ahead of every cursor (it comes later in the walk) or behind (it does not):
 *  past every row there, and a moment no other row has (one sharing it would be placed by its id). */
function moment(c: ListCase, where: 'ahead' | 'behind'): Date {
  const later = (c.dir === 'asc') === (where === 'ahead');
  return new Date(BASE + (later ? 1 : -1) * (HOUR + ++added * 60_000));
}

/** The next page's path from a Link header (relative, as the service sends it), without /api. */
function linkNext(res: Reply): string | null {
  const link = res.headers.get('link');
  if (!link) return null;
  const m = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(m).not.toBeNull();
  return m![1]!.replace(/^\/api/, '');
}

async function gql(client: Client, c: ListCase, page: Vars, otherFilter = false) {
  const res = await client.request('POST', '/graphql', { query: c.gql.query, variables: c.gql.vars(page, otherFilter) });
  expect(res.status).toBe(200);
  return res.body as { data: unknown; errors?: { extensions?: { code?: string } }[] };
}

/** Checks a walk: every row once, rows ahead of the cursor included, in the list's order. */
async function checkWalk(c: ListCase, walked: string[], before: string[], ahead: string[], behind: string[]) {
  expect(new Set(walked).size).toBe(walked.length);
  expect(new Set(walked)).toEqual(new Set([...before, ...ahead]));
  for (const b of behind) expect(walked).not.toContain(b);
  const after = await fullRead(c);
  expect(walked).toEqual(after.filter((id) => !behind.includes(id)));
}

describe.each(CASES)('$name', (c) => {
  it('REST: a walk by Link sees every row once while rows are added, keeps the filters, and ends without Link', async () => {
    const before = await fullRead(c);
    expect(before.length).toBeGreaterThanOrEqual(7);
    const walked: string[] = [];
    const ahead: string[] = [];
    const behind: string[] = [];
    let next: string | null = `${c.path()}?${qs({ ...c.filter(), limit: 3 })}`;
    for (let n = 0; next; n++) {
      const res = await me.client.get(next);
      expect(res.status).toBe(200);
      walked.push(...c.ids(res.body));
      next = linkNext(res);
      if (next) {
        const url = new URL(next, 'http://x');
        expect(url.searchParams.get('limit')).toBe('3');
        for (const [k, v] of Object.entries(c.filter())) expect(url.searchParams.get(k)).toBe(v);
        expect(url.searchParams.get('offset')).toBeNull();
        expect(url.pathname).toBe(c.path());
      }
      if (n < 2) {
        ahead.push(await c.add(moment(c, 'ahead')));
        behind.push(await c.add(moment(c, 'behind')));
      }
      expect(n).toBeLessThan(20);
    }
    await checkWalk(c, walked, before, ahead, behind);
  });

  it('GraphQL: a walk by nextCursor sees every row once while rows are added', async () => {
    const read = async (page: Vars) => {
      const body = await gql(me.client, c, page);
      expect(body.errors).toBeUndefined();
      return c.gql.page(body.data);
    };
    const before = (await read({ limit: c.max })).ids;
    const walked: string[] = [];
    const ahead: string[] = [];
    const behind: string[] = [];
    let page = await read({ limit: 3 });
    for (let n = 0; ; n++) {
      walked.push(...page.ids);
      if (!page.nextCursor) break;
      if (n < 2) {
        ahead.push(await c.add(moment(c, 'ahead')));
        behind.push(await c.add(moment(c, 'behind')));
      }
      page = await read({ limit: 3, cursor: page.nextCursor });
      expect(n).toBeLessThan(20);
    }
    expect(new Set(walked).size).toBe(walked.length);
    expect(new Set(walked)).toEqual(new Set([...before, ...ahead]));
    for (const b of behind) expect(walked).not.toContain(b);
    const after = (await read({ limit: c.max })).ids;
    expect(walked).toEqual(after.filter((id) => !behind.includes(id)));
  });

  it('sends Link exactly when more rows follow, on offset pages too, and the cursor continues where the offset page ended', async () => {
    const all = await fullRead(c);
    const n = all.length;
    const exact = await me.client.get(`${c.path()}?${qs({ ...c.filter(), limit: n })}`);
    expect(c.ids(exact.body)).toEqual(all);
    expect(exact.headers.get('link')).toBeNull();
    const offsetPage = await me.client.get(`${c.path()}?${qs({ ...c.filter(), limit: 2, offset: 3 })}`);
    expect(c.ids(offsetPage.body)).toEqual(all.slice(3, 5));
    const next = linkNext(offsetPage);
    expect(next).not.toBeNull();
    const rest = await me.client.get(next!.replace('limit=2', `limit=${n}`));
    expect(c.ids(rest.body)).toEqual(all.slice(5));
    expect(rest.headers.get('link')).toBeNull();
    const lastOffset = await me.client.get(`${c.path()}?${qs({ ...c.filter(), limit: 2, offset: n - 2 })}`);
    expect(c.ids(lastOffset.body)).toEqual(all.slice(n - 2));
    expect(lastOffset.headers.get('link')).toBeNull();
  });

  it('refuses altered, foreign and other-filter cursors (400 invalid_cursor), and cursor with offset (400 validation_failed), over both doors', async () => {
    const first = await me.client.get(`${c.path()}?${qs({ ...c.filter(), limit: 2 })}`);
    const next = linkNext(first)!;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const [payload, signature] = cursor.split('.');
    const flipped = `${payload!.slice(0, -2)}${payload!.endsWith('A') ? 'B' : 'A'}${payload!.slice(-1)}.${signature}`;
    const foreign = CASES.find((o) => o.route !== c.route)!;
    const foreignCursor = new URL(linkNext(await me.client.get(`${foreign.path()}?${qs({ ...foreign.filter(), limit: 1 })}`))!, 'http://x').searchParams.get('cursor')!;

    const refused: [string, Record<string, string>, string][] = [
      ['altered', c.filter(), flipped],
      ['cut short', c.filter(), cursor.slice(0, -3)],
      ['made up', c.filter(), 'bm90LWEtY3Vyc29y.c2ln'],
      ['from another list', c.filter(), foreignCursor],
    ];
    if (JSON.stringify(c.otherFilter()) !== JSON.stringify(c.filter())) refused.push(['with other filters', c.otherFilter(), cursor]);
    for (const [why, filter, bad] of refused) {
      const res = await me.client.get(`${c.path()}?${qs({ ...filter, limit: 2, cursor: bad })}`);
      expect({ why, status: res.status }).toEqual({ why, status: 400 });
      expectError(res, 400, 'invalid_cursor');
    }
    if (c.otherPath) expectError(await me.client.get(`${c.otherPath()}?${qs({ limit: 2, cursor })}`), 400, 'invalid_cursor');
    // Another workspace cannot use it either: the cursor names the workspace (a campaign or endpoint in
    // the path is not theirs: 404 before the cursor is read).
    const theirs = await other.client.get(`${c.path()}?${qs({ ...c.filter(), limit: 2, cursor })}`);
    if (c.path().match(/[0-9a-f-]{36}/) || c.filter().campaign_id) expect(theirs.status).toBe(404);
    else expectError(theirs, 400, 'invalid_cursor');

    const both = expectError(await me.client.get(`${c.path()}?${qs({ ...c.filter(), limit: 2, offset: 2, cursor })}`), 400, 'validation_failed');
    expect(both.details?.fields).toHaveProperty('cursor');

    const gqlCode = async (page: Vars, o = false) => (await gql(me.client, c, page, o)).errors?.[0]?.extensions?.code;
    const gqlFirst = c.gql.page((await gql(me.client, c, { limit: 2 })).data);
    expect(gqlFirst.nextCursor).not.toBeNull();
    expect(await gqlCode({ limit: 2, cursor: flipped })).toBe('invalid_cursor');
    expect(await gqlCode({ limit: 2, cursor: foreignCursor })).toBe('invalid_cursor');
    if (c.otherPath || JSON.stringify(c.otherFilter()) !== JSON.stringify(c.filter()))
      expect(await gqlCode({ limit: 2, cursor: gqlFirst.nextCursor }, true)).toBe('invalid_cursor');
    expect(await gqlCode({ limit: 2, offset: 1, cursor: gqlFirst.nextCursor })).toBe('validation_failed');
  });
});

describe('the pipeline without a stage', () => {
  it('pages every stage with one cursor: each stage sees its leads once, stages that end stop', async () => {
    for (let i = 0; i < 5; i++) await leadIn(campaignP, { interest: 'lost', repliedAt: new Date(BASE + i * 1000) })(new Date(BASE));
    await leadIn(campaignP, { interest: 'interested', repliedAt: new Date(BASE) })(new Date(BASE));
    const full = (await me.client.get('/analytics/pipeline?limit=500')).body as { stages: { stage: string; leads: { id: string }[] }[] };
    const seen = new Map<string, string[]>();
    let next: string | null = '/analytics/pipeline?limit=2';
    while (next) {
      const res = await me.client.get(next);
      expect(res.status).toBe(200);
      for (const s of res.body.stages as { stage: string; leads: { id: string }[] }[]) seen.set(s.stage, [...(seen.get(s.stage) ?? []), ...s.leads.map((l) => l.id)]);
      next = linkNext(res);
    }
    for (const s of full.stages) expect(seen.get(s.stage) ?? []).toEqual(s.leads.map((l) => l.id));
    expect(full.stages.find((s) => s.stage === 'lost')!.leads).toHaveLength(5);
  });
});

/** The fields a query class validates (class-validator metadata, its parents' included). */
const queryFields = (cls: InputClass) =>
  new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(cls, '', true, false)
      .map((m) => m.propertyName),
  );

describe('every list with limit/offset takes a cursor', () => {
  it('REST: every route whose query takes offset is declared cursorPage, takes cursor, and is walked above', () => {
    const paged = modules.routes.filter((r) => 'query' in r && r.query && queryFields(r.query.schema).has('offset'));
    expect(paged.length).toBeGreaterThanOrEqual(CASES.length - 2);
    for (const r of paged) {
      const name = `${r.method} ${r.path}`;
      expect({ name, cursorPage: r.cursorPage }).toEqual({ name, cursorPage: true });
      expect({ name, cursor: queryFields(r.query!.schema).has('cursor') }).toEqual({ name, cursor: true });
      expect(CASES.map((c) => c.route)).toContain(name);
    }
  });

  it('GraphQL: every root field with an offset argument takes cursor beside it and answers nextCursor, and is walked above', () => {
    const fields = schema.getQueryType()!.getFields();
    const paged = Object.values(fields).filter((f) =>
      f.args.some((a) => {
        const t = getNamedType(a.type);
        return isInputObjectType(t) && 'offset' in t.getFields();
      }),
    );
    expect(paged.length).toBeGreaterThanOrEqual(7);
    for (const f of paged) {
      const arg = f.args.find((a) => isInputObjectType(getNamedType(a.type)) && 'offset' in (getNamedType(a.type) as { getFields(): object }).getFields())!;
      const input = getNamedType(arg.type) as { getFields(): Record<string, { description?: string | null }> };
      expect({ field: f.name, cursor: 'cursor' in input.getFields() }).toEqual({ field: f.name, cursor: true });
      expect(input.getFields().cursor!.description).toMatch(/offset/);
      const out = getNamedType(f.type);
      expect(isObjectType(out) && 'nextCursor' in out.getFields()).toBe(true);
      expect(CASES.map((c) => c.field)).toContain(f.name);
    }
  });

  it('OpenAPI: every cursorPage operation documents the cursor parameter and the Link header', async () => {
    const doc = (await me.client.get('/openapi.json')).body;
    for (const r of modules.routes.filter((x) => x.cursorPage)) {
      const op = doc.paths[r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')][r.method];
      const cursor = op.parameters.find((p: { name?: string }) => p.name === 'cursor');
      expect(cursor).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
      expect(cursor.description).toMatch(/invalid_cursor/);
      expect(cursor.description).toMatch(/offset/);
      expect(op.responses['200'].headers.Link).toEqual({ $ref: '#/components/headers/Link' });
    }
    expect(doc.components.headers.Link.description).toMatch(/rel="next"/);
  });
});
