// decisions.md §12 "MCP": POST /mcp through the SDK's own client (Client + StreamableHTTPClientTransport)
// against the running service: initialize; tools/list names exactly the OpenAPI operationIds of the
// operations a caller may call (a table over every operation, from the contracts, for keys of several
// scopes: `send` tools absent without `send`); tools/call answers what REST answers for the same input,
// and every failure (validation, not_found, insufficient_scope, unknown tool or argument, rate_limited) is
// a tool result with isError and the error body REST sends; no credential is 401 like /api.
import { randomUUID } from 'node:crypto';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { jsonRoute, query, routeScope, startsJob, type ApiRoute } from '../../src/contracts/api-route';
import { AuditLogQuery } from '../../src/modules/audit/audit.inputs';
import { API_SCOPES, covers, requiredScopes, type ApiScope } from '../../src/contracts/api-scopes';
import { collectModules, type AppModule } from '../../src/runtime/app-module';
import { createLogger } from '../../src/observability/logger';
import { appModules } from '../../src/modules';
import { operationId } from '../../rest/openapi/document';
import { Client, expectError, signUp, testClientAddress, type Account } from '../support/client';
import { startTestService } from '../support/service';

type Service = Awaited<ReturnType<typeof startTestService>>;
/** JSON as a tool or REST answers it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;
let service: Service;
let me: Account;
const modules = collectModules(appModules);
const opened: McpClient[] = [];

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
});
afterAll(async () => {
  await Promise.allSettled(opened.map((c) => c.close()));
  await service?.stop();
});

/** An MCP client of the service at `url`, connected (initialize) with this Bearer token. */
async function mcp(token: string, url = service.url): Promise<McpClient> {
  const client = new McpClient({ name: 'mcp-test', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': testClientAddress() } },
  });
  await client.connect(transport);
  opened.push(client);
  return client;
}

/** A key of the session's workspace with these scopes. */
async function keyWith(scopes: readonly ApiScope[]): Promise<string> {
  const res = await me.client.post('/settings/api-keys', { name: `mcp ${scopes.length}`, scopes });
  expect(res.status).toBe(201);
  return res.body.key as string;
}

/** A tool result's JSON (its text content), checked to match its structuredContent when it has one. */
function payload(result: CallToolResult): AnyJson {
  expect(result.content).toHaveLength(1);
  const [content] = result.content;
  if (content.type !== 'text') throw new Error(`expected text content, got ${content.type}`);
  const value = JSON.parse(content.text);
  if (result.structuredContent !== undefined) expect(result.structuredContent).toEqual(value);
  return value;
}

async function call(client: McpClient, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, body: payload(result) };
}

/** The decisions.md §3 error body of an isError result. */
function toolError(res: { isError: boolean; body: AnyJson }, code: string) {
  expect(res).toMatchObject({ isError: true, body: { error: { code, message: expect.any(String) } } });
  return res.body.error as { code: string; message: string; details?: AnyJson };
}

/** What is a tool, from the contracts: every route with credentials but the CSV downloads. */
const callable = modules.routes.filter((r) => routeScope(r) && r.kind !== 'csv-download');
const toolsFor = (held: readonly ApiScope[]) =>
  callable
    .filter((r) => covers(held, routeScope(r)!))
    .map(operationId)
    .sort();

const names = async (client: McpClient) => (await client.listTools()).tools.map((t) => t.name).sort();

describe('initialize and tools/list', () => {
  it('initializes: the server names itself, offers tools and says how to call them', async () => {
    const client = await mcp(me.token);
    expect(client.getServerVersion()).toEqual({ name: 'outreach', version: '1' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain('operationId');
  });

  it('serves the same tools and the same OpenAPI document whichever of the two a service is asked for first', async () => {
    // Both are built at their first request from one set of schema builders (rest/app.ts).
    const docFirst = await startTestService();
    const toolsFirst = await startTestService();
    try {
      const a = await signUp(docFirst.url);
      const b = await signUp(toolsFirst.url);
      const docA = (await a.client.get('/openapi.json')).body;
      const toolsA = (await (await mcp(a.token, docFirst.url)).listTools()).tools;
      const toolsB = (await (await mcp(b.token, toolsFirst.url)).listTools()).tools;
      const docB = (await b.client.get('/openapi.json')).body;
      expect(toolsB).toEqual(toolsA);
      expect(docB).toEqual(docA);
    } finally {
      await docFirst.stop();
      await toolsFirst.stop();
    }
  });

  it('a session sees one tool per OpenAPI operation with credentials (but CSV downloads), named by its operationId', async () => {
    const doc = (await me.client.get('/openapi.json')).body as { paths: Record<string, Record<string, AnyJson>> };
    const fromDoc = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => !op.tags.includes('service') && op.security?.length && !op.responses['200']?.content?.['text/csv'])
      .map((op) => op.operationId as string)
      .sort();
    expect(fromDoc.length).toBeGreaterThan(100);
    const listed = await names(await mcp(me.token));
    expect(listed).toEqual(fromDoc);
    expect(listed).toEqual(toolsFor(['all']));
    expect(listed).not.toContain('postAuthLogin');
    expect(listed).not.toContain('getCampaignsIdLeadsCsv');
  });

  it('a tool says what it is: description, input schema of path and query parameters and the body, hints', async () => {
    const tools = (await (await mcp(me.token)).listTools()).tools;
    const byName = new Map(tools.map((t) => [t.name, t]));
    const patch = byName.get('patchCampaignsId')!;
    expect(patch.description).toContain('PATCH /api/campaigns/:id');
    expect(patch.inputSchema).toMatchObject({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, body: { type: 'object' } } });
    expect(JSON.stringify(patch.inputSchema)).not.toContain('$ref');
    expect(patch.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    const leads = byName.get('getCampaignsIdLeads')!;
    expect(Object.keys(leads.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['id', 'limit', 'offset']));
    expect(leads.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('putCampaignsIdSteps')!.inputSchema).toMatchObject({ required: ['id', 'body'], properties: { body: { type: 'array' } } });
    expect(byName.get('postCampaignsIdLeads')!.inputSchema).toMatchObject({ required: ['id', 'csv'], properties: { csv: { type: 'string' } } });
    expect(byName.get('deleteCampaignsId')!.annotations).toMatchObject({ destructiveHint: true });
  });

  // A table over every operation: a key lists exactly the tools its scopes cover, and never one needing
  // `send` without it.
  const scopeSets: ApiScope[][] = [
    ['campaigns:read'],
    ['campaigns:read', 'campaigns:write'],
    ['campaigns:read', 'campaigns:write', 'send'],
    ['replies:read', 'replies:write'],
    API_SCOPES.filter((s) => s !== 'send' && s !== 'all'),
    ['all'],
  ];
  it.each(scopeSets.map((s) => [s.join(' ')]))('a key with %s lists exactly the tools its scopes cover', async (joined) => {
    const held = joined.split(' ') as ApiScope[];
    const listed = await names(await mcp(await keyWith(held)));
    expect(listed).toEqual(toolsFor(held));
    const needsSend = callable.filter((r) => requiredScopes(routeScope(r)!).includes('send')).map(operationId);
    // POST /mailboxes/:id/test, /mailboxes/:id/resume, /campaigns/:id/activate, /leads/:id/send,
    // /replies/:id/reply and /placement-tests.
    expect(needsSend).toHaveLength(6);
    if (!held.includes('send') && !held.includes('all')) for (const name of needsSend) expect(listed).not.toContain(name);
  });

  it('campaigns:read lists only GET-like reads of the campaigns area (its scope exactly), no write and no send tool', async () => {
    const listed = await names(await mcp(await keyWith(['campaigns:read'])));
    const expected = callable.filter((r) => JSON.stringify(requiredScopes(routeScope(r)!)) === JSON.stringify(['campaigns:read'])).map(operationId);
    expect(listed).toEqual(expected.sort());
    expect(listed).toContain('getCampaigns');
    expect(listed).not.toContain('postCampaigns');
    expect(listed).not.toContain('postCampaignsIdActivate');
    expect(listed).not.toContain('getLeads');
  });
});

describe('tools/call', () => {
  it('a read answers what REST answers for the same input', async () => {
    const created = await me.client.post('/campaigns', { name: `read ${randomUUID()}` });
    const client = await mcp(me.token);
    const res = await call(client, 'getCampaignsId', { id: created.body.id });
    expect(res.isError).toBe(false);
    expect(res.body).toEqual((await me.client.get(`/campaigns/${created.body.id}`)).body);
    // A plain list answers {items}.
    const list = await call(client, 'getCampaigns');
    expect(list.body).toEqual({ items: (await me.client.get('/campaigns')).body });
  });

  it('a list with X-Total-Count answers {items, total, next_cursor}, with query parameters as arguments', async () => {
    const campaign = await me.client.post('/campaigns', { name: `list ${randomUUID()}` });
    const leads = [1, 2, 3].map((i) => ({ email: `l${i}-${randomUUID()}@example.com` }));
    const added = await me.client.post(`/campaigns/${campaign.body.id}/leads/manual`, { leads });
    expect(added.status).toBeLessThan(300);
    const rest = await me.client.get(`/campaigns/${campaign.body.id}/leads?limit=2&offset=1`);
    const res = await call(await mcp(me.token), 'getCampaignsIdLeads', { id: campaign.body.id, limit: 2, offset: 1 });
    expect(res.body).toEqual({ items: rest.body, total: Number(rest.headers.get('x-total-count')), next_cursor: null });
    expect(res.body.total).toBe(3);
  });

  it('a write does what REST does and answers as REST answers (the same shape for the same input)', async () => {
    const name = `write ${randomUUID()}`;
    const res = await call(await mcp(me.token), 'postCampaigns', { body: { name } });
    expect(res.isError).toBe(false);
    const rest = await me.client.post('/campaigns', { name });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(rest.body).sort());
    expect({ ...res.body, id: rest.body.id, createdAt: rest.body.createdAt, updatedAt: rest.body.updatedAt }).toEqual(rest.body);
    // It was made: REST reads it back as the tool answered it.
    expect((await me.client.get(`/campaigns/${res.body.id}`)).body).toMatchObject(res.body);
    // A snake_case route answers snake_case, as REST does.
    const filter = await call(await mcp(me.token), 'postLeadFilters', { body: { name: `f ${randomUUID()}`, filters: { status: 'active' } } });
    const restFilter = await me.client.post('/lead-filters', { name: `g ${randomUUID()}`, filters: { status: 'active' } });
    expect(Object.keys(filter.body).sort()).toEqual(Object.keys(restFilter.body).sort());
  });

  it('a CSV upload takes the CSV as text and counts as REST does', async () => {
    const csv = `email,first_name\nc1-${randomUUID()}@example.com,Ann\nnot-an-address,Bob\n`;
    const a = await me.client.post('/campaigns', { name: `csv ${randomUUID()}` });
    const b = await me.client.post('/campaigns', { name: `csv ${randomUUID()}` });
    const res = await call(await mcp(me.token), 'postCampaignsIdLeads', { id: a.body.id, csv });
    const rest = await me.client.request('POST', `/api/campaigns/${b.body.id}/leads`, csv.replace('c1-', 'c2-'), { 'content-type': 'text/csv' });
    expect(res).toEqual({ isError: false, body: rest.body });
  });

  it('an import with async: true starts a background job and answers {job_id}, as REST ?async=true does; the job is getJobsId’s', async () => {
    const client = await mcp(me.token);
    // Every route that can run as a job takes `async` (a boolean), and no other route does.
    const tools = (await client.listTools()).tools;
    const withAsync = tools.filter((t) => 'async' in ((t.inputSchema.properties ?? {}) as Record<string, unknown>)).map((t) => t.name);
    expect(withAsync.sort()).toEqual(
      callable
        .filter((r) => startsJob(r))
        .map(operationId)
        .sort(),
    );
    expect(withAsync).toContain('postCampaignsIdLeads');

    const campaign = await me.client.post('/campaigns', { name: `async ${randomUUID()}` });
    const csv = `email\nasync-${randomUUID()}@example.com\n`;
    const started = await call(client, 'postCampaignsIdLeads', { id: campaign.body.id, csv, async: true });
    expect(started).toEqual({ isError: false, body: { job_id: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const job = await call(client, 'getJobsId', { id: started.body.job_id });
    expect(job).toMatchObject({ isError: false, body: { id: started.body.job_id, kind: expect.any(String), status: expect.stringMatching(/queued|running|done/) } });
    const viaRest = await me.client.get(`/jobs/${started.body.job_id}`);
    expect(viaRest.status).toBe(200);
    // The same up-front checks as the synchronous call: a CSV without an email column starts nothing.
    toolError(await call(client, 'postCampaignsIdLeads', { id: campaign.body.id, csv: 'name\nAnn\n', async: true }), 'no_email_column');
    expectError(await me.client.request('POST', `/api/campaigns/${campaign.body.id}/leads?async=true`, 'name\nAnn\n', { 'content-type': 'text/csv' }), 400, 'no_email_column');
    toolError(await call(client, 'postCampaignsIdLeads', { id: campaign.body.id, csv, async: 'yes' }), 'validation_failed');
    // A tool that runs no job takes no async.
    toolError(await call(client, 'getCampaigns', { async: true }), 'validation_failed');
  });

  it('declares what each tool answers (outputSchema), and every read without parameters answers that shape', async () => {
    const client = await mcp(me.token);
    const tools = (await client.listTools()).tools;
    // Every tool but those whose REST answer is no JSON object (none today) says what it answers.
    const without = tools.filter((t) => !t.outputSchema).map((t) => t.name);
    expect(without).toEqual([]);
    // The SDK's client checks each structuredContent against the tool's outputSchema (it throws on a
    // mismatch): call every read that needs no argument.
    const reads = tools.filter((t) => t.annotations?.readOnlyHint && !(t.inputSchema.required ?? []).length);
    expect(reads.length).toBeGreaterThan(20);
    for (const t of reads) {
      const result = (await client.callTool({ name: t.name, arguments: {} })) as CallToolResult;
      if (result.isError) expect(result.structuredContent).toBeUndefined();
      else expect(result.structuredContent).toEqual(expect.any(Object));
    }
  });

  it('a validation error is an isError result with the body REST answers', async () => {
    const client = await mcp(me.token);
    for (const body of [{ name: '' }, { name: 'x', nope: 1 }]) {
      const rest = await me.client.post('/campaigns', body);
      expectError(rest, 400, 'validation_failed');
      const res = await call(client, 'postCampaigns', { body });
      toolError(res, 'validation_failed');
      expect(res.body).toEqual(rest.body);
    }
    // A required body left out is refused as REST refuses no body.
    toolError(await call(client, 'putCampaignsIdSteps', { id: randomUUID() }), 'invalid_body');
    // Arguments the tool does not have, or a path parameter that is no string.
    expect(toolError(await call(client, 'getCampaigns', { nope: 1 }), 'validation_failed').details).toEqual({ fields: { nope: ['is not an argument of this tool'] } });
    expect(toolError(await call(client, 'getCampaignsId', {}), 'validation_failed').details).toEqual({ fields: { id: ['must be a non-empty string'] } });
    // A query value REST refuses, refused the same.
    const campaign = await me.client.post('/campaigns', { name: `q ${randomUUID()}` });
    const restQuery = await me.client.get(`/campaigns/${campaign.body.id}/leads?limit=-5`);
    expectError(restQuery, 400, 'validation_failed');
    expect(toolError(await call(client, 'getCampaignsIdLeads', { id: campaign.body.id, limit: -5 }), 'validation_failed')).toEqual(restQuery.body.error);
  });

  it('an unknown id is an isError not_found with the body REST answers', async () => {
    const id = randomUUID();
    const rest = await me.client.get(`/campaigns/${id}`);
    expectError(rest, 404, 'not_found');
    const res = await call(await mcp(me.token), 'getCampaignsId', { id });
    toolError(res, 'not_found');
    expect(res.body).toEqual(rest.body);
    // A tool that does not exist (or is no tool: a public route).
    toolError(await call(await mcp(me.token), 'postAuthLogin', { body: {} }), 'route_not_found');
  });

  it('a tool outside the key’s scopes is an isError insufficient_scope naming what it needs, and runs nothing', async () => {
    const reader = await mcp(await keyWith(['campaigns:read']));
    const name = `scoped ${randomUUID()}`;
    expect(toolError(await call(reader, 'postCampaigns', { body: { name } }), 'insufficient_scope').details).toEqual({ required: ['campaigns:write'] });
    expect(((await me.client.get('/campaigns')).body as { name: string }[]).some((c) => c.name === name)).toBe(false);
    // Every tool it does not list, table-wise from the contracts: refused with the route's own scopes.
    const hidden = callable.filter((r) => !covers(['campaigns:read'], routeScope(r)!));
    const wrong: string[] = [];
    for (const r of hidden) {
      const res = await call(reader, operationId(r), {});
      const required = requiredScopes(routeScope(r)!);
      if (!res.isError || res.body.error?.code !== 'insufficient_scope' || JSON.stringify(res.body.error.details) !== JSON.stringify({ required }))
        wrong.push(`${operationId(r)}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('HTTP', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const post = (token: string | null, body: unknown) =>
    new Client(service.url, token, testClientAddress()).request('POST', '/mcp', body, { accept: 'application/json, text/event-stream' });

  it('no credential, or an unknown one, is 401 with the error body, like /api', async () => {
    expectError(await post(null, initialize), 401, 'unauthorized');
    expectError(await post('key_nonsense', initialize), 401, 'unauthorized');
    await expect(mcp('key_nonsense')).rejects.toMatchObject({ code: 401 });
  });

  it('answers a raw initialize in JSON; GET and DELETE are 405; a batch is refused', async () => {
    const res = await post(me.token, initialize);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'outreach' } } });
    expect(res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    for (const method of ['GET', 'DELETE']) expect((await me.client.request(method, '/mcp')).status).toBe(405);
    expectError(await post(me.token, [initialize, { ...initialize, id: 2 }]), 400, 'bad_request');
  });

  it('a body over the /api limit is 413', async () => {
    const big = { ...initialize, params: { ...initialize.params, pad: 'x'.repeat(11 * 1024 * 1024) } };
    expectError(await post(me.token, big), 413, 'payload_too_large');
  });
});

describe('rate limit', () => {
  let limited: Service;
  beforeAll(async () => {
    limited = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: '4' } });
  });
  afterAll(() => limited?.stop());

  it('counts /mcp with /api; over the limit a tool call is an isError rate_limited result, anything else 429', async () => {
    const account = await signUp(limited.url); // sign-up counts under the client address, not the workspace
    const client = await mcp(account.token, limited.url);
    // However many requests the connection took, the calls run until the limit refuses one.
    const answers: boolean[] = [];
    for (let i = 0; i < 5 && !answers.includes(true); i++) answers.push((await call(client, 'getCampaigns')).isError);
    expect(answers[0]).toBe(false);
    const refused = await call(client, 'getCampaigns');
    expect(toolError(refused, 'rate_limited').details).toEqual({ retry_after_seconds: expect.any(Number) });
    await expect(client.listTools()).rejects.toMatchObject({ code: 429 });
    expectError(await account.client.get('/campaigns'), 429, 'rate_limited');
  });
});

describe('test areas: an unexpected failure, a cursor page', () => {
  // A test area: one route fails with an error that is not an AppError, after an await; one answers a
  // cursor page (src/contracts/pagination/page.ts) as the lists of decisions.md §12 do.
  const crash: AppModule = {
    name: 'crash',
    description: 'A test area.',
    routes: [
      jsonRoute({
        method: 'get',
        path: '/pages',
        summary: 'A cursor page',
        scope: 'campaigns:read',
        cursorPage: true,
        totalCount: true,
        query: query(AuditLogQuery), // any page input with a cursor (limit, cursor)
        response: { schema: { type: 'array' } },
        handle: async () => ({ items: [{ someField: 1 }], nextCursor: 'next-one', total: 7 }),
      }),
      jsonRoute({
        method: 'post',
        path: '/crash',
        summary: 'Fails unexpectedly',
        scope: 'campaigns:write',
        response: { schema: { type: 'object' } },
        handle: async () => {
          await new Promise((r) => setTimeout(r, 1));
          throw new Error('crash probe');
        },
      }),
    ],
  };
  const captured: string[] = [];
  let crashing: Service;
  beforeAll(async () => {
    crashing = await startTestService({ modules: [...appModules, crash], log: createLogger({ level: 'error', destination: { write: (s: string) => void captured.push(s) } }) });
  });
  afterAll(() => crashing?.stop());

  it('is an isError internal_error result naming the request id, and is logged with it', async () => {
    const account = await signUp(crashing.url);
    const res = await call(await mcp(account.token, crashing.url), 'postCrash');
    const err = toolError(res, 'internal_error');
    expect(err.details).toEqual({ request_id: expect.any(String) });
    const lines = captured.map((l) => JSON.parse(l) as { msg: string; reqId?: string; mcpTool?: string; err?: { message?: string } });
    expect(lines.find((l) => l.mcpTool === 'postCrash')).toMatchObject({ msg: 'unhandled error', reqId: err.details!.request_id, err: { message: 'crash probe' } });
  });

  it('a cursor page answers {items, total, next_cursor}: what REST sends as its body, X-Total-Count and Link', async () => {
    const account = await signUp(crashing.url);
    const rest = await account.client.get('/pages');
    expect(rest.headers.get('link')).toContain('cursor=next-one');
    const res = await call(await mcp(account.token, crashing.url), 'getPages');
    expect(res).toEqual({ isError: false, body: { items: rest.body, total: Number(rest.headers.get('x-total-count')), next_cursor: 'next-one' } });
  });
});

/** Kept apart so a reader sees which routes are not tools. */
test('the routes that are not tools: the public ones and the CSV downloads', () => {
  const notTools = (r: ApiRoute) => !callable.includes(r);
  expect(
    modules.routes
      .filter(notTools)
      .map((r) => `${r.method} ${r.path}`)
      .sort(),
  ).toEqual(['get /campaigns/:id/leads.csv', 'get /jobs/:id/result', 'get /oauth/:provider/callback', 'get /reports/analytics.csv', 'post /auth/login', 'post /auth/signup']);
});
