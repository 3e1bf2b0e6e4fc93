// decisions.md §9: GET /api/openapi.json documents every REST path (generated from the route contracts),
// is a valid OpenAPI 3.1 document, and matches what Express really serves; GET /api/docs renders it
// from same-origin files only; the documented error body and codes are the registry's.
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_SCOPES } from '../../src/contracts/api-scopes';
import { errorCatalog } from '../../src/contracts/errors';
import { Client, signUp } from '../support/client';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, Record<string, unknown>>>;
};
let doc: Doc;

beforeAll(async () => {
  service = await startTestService();
  const res = await new Client(service.url).get('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});
afterAll(() => service.stop());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const documented = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
const mounted = () => service.apiRoutes.map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);

it('serves an OpenAPI 3.1 document without credentials that validates against the 3.1 schema', async () => {
  expect(doc.openapi).toBe('3.1.0');
  const validator = new Validator();
  const result = await validator.validate(doc);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

it('documents every route Express serves under /api, and serves every documented one', () => {
  const served = new Set(mounted());
  const docs = new Set(documented());
  expect([...served].filter((r) => !docs.has(r))).toEqual([]);
  expect([...docs].filter((r) => !served.has(r))).toEqual([]);
  // A sanity floor: the whole api.md surface is there, not an empty list on both sides.
  expect(docs.size).toBeGreaterThan(70);
});

it("lists API operations only: the reference page's static files are served, but are not operations", async () => {
  expect(Object.keys(doc.paths).filter((p) => p.startsWith('/docs/'))).toEqual([]);
  expect(mounted().filter((r) => r.startsWith('GET /docs/'))).toEqual([]);
  const anon = new Client(service.url);
  for (const file of ['init.js', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']) expect((await anon.get(`/docs/${file}`)).status).toBe(200);
  const unknown = await anon.get('/docs/nothing.js');
  expect(unknown.status).toBe(404);
  expect(unknown.body.error.code).toBe('route_not_found');
});

it('gives every success answer of every operation a schema, unless it has no body', () => {
  const missing: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops).filter(([m]) => METHODS.includes(m))) {
      for (const [status, answer] of Object.entries((op as { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }).responses)) {
        if (!/^2/.test(status) || status === '204') continue;
        const media = Object.entries(answer.content ?? {});
        if (!media.length || media.some(([, m]) => !m.schema)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

it('gives every operation its parameters, bodies, answer, the Bearer scheme and an area tag', () => {
  expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  const get = doc.paths['/campaigns/{id}/leads'].get as Record<string, unknown> & { parameters: { name: string; in: string }[] };
  expect(get.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:id', 'query:status', 'query:list_id', 'query:limit', 'query:q']));
  expect(get.responses).toMatchObject({ 200: { headers: { 'X-Total-Count': { schema: { type: 'integer' } } } }, default: { $ref: '#/components/responses/Error' } });
  expect(get.tags).toEqual(['leads']);
  // Request bodies are named as REST reads them: snake_case, except the camelCase one api.md shows.
  const update = doc.components.schemas.UpdateCampaignInput_snake as { properties: Record<string, unknown> };
  expect(Object.keys(update.properties)).toEqual(expect.arrayContaining(['daily_limit', 'stop_on_reply', 'mailbox_ids']));
  const oneOff = (doc.paths['/leads/{id}/send'].post as { requestBody: { content: Record<string, { schema: { $ref: string } }> } }).requestBody.content['application/json'].schema
    .$ref;
  expect(Object.keys((doc.components.schemas[oneOff.split('/').pop()!] as { properties: object }).properties)).toContain('mailboxId');
  // Answers: a campaign is camelCase, stats snake_case; CSV routes answer text/csv; sign-up needs no credentials.
  expect(Object.keys((doc.components.schemas.Campaign as { properties: object }).properties)).toContain('dailyLimit');
  expect(Object.keys((doc.components.schemas.CampaignStats_snake as { properties: object }).properties)).toContain('one_off_sent');
  expect(Object.keys((doc.paths['/campaigns/{id}/leads.csv'].get as { responses: { 200: { content: object } } }).responses[200].content)).toEqual(['text/csv']);
  expect(doc.paths['/auth/signup'].post).toMatchObject({ security: [], responses: { 201: {} } });
  expect(Object.keys((doc.paths['/campaigns/{id}/leads'].post as { requestBody: { content: object } }).requestBody.content)).toEqual(['text/csv', 'multipart/form-data']);
});

it('lists the API key scopes of every operation (x-scopes and the bearer requirement), none for the public ones (decisions.md §12)', () => {
  const scopes = new Set<string>(API_SCOPES);
  const unscoped: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops).filter(([m]) => METHODS.includes(m))) {
      const { security } = op as { security?: Record<string, string[]>[] };
      if (security?.length === 0) continue;
      const listed = op['x-scopes'] as string[] | undefined;
      if (!listed?.length || !listed.every((s) => scopes.has(s)) || JSON.stringify(security) !== JSON.stringify([{ bearer: listed }])) unscoped.push(`${method} ${path}`);
    }
  }
  expect(unscoped).toEqual([]);
  expect(doc.paths['/campaigns/{id}/activate'].post['x-scopes']).toEqual(['campaigns:write', 'send']);
  expect(doc.paths['/campaigns'].get['x-scopes']).toEqual(['campaigns:read']);
  expect(doc.paths['/auth/login'].post).toMatchObject({ security: [] });
  expect(doc.paths['/auth/login'].post['x-scopes']).toBeUndefined();
  expect(errorCatalog().find((e) => e.code === 'insufficient_scope')?.status).toBe(403);
});

it('documents the error body with exactly the registered codes, and each 4xx answer carries one of them with its status', async () => {
  const codes = errorCatalog().map((e) => e.code);
  const error = doc.components.schemas.Error as { properties: { error: { properties: { code: { enum: string[] } } } } };
  expect(error.properties.error.properties.code.enum).toEqual(codes);
  const table = (doc.components.schemas.Error as { description: string }).description;
  for (const e of errorCatalog()) expect(table).toContain(`| \`${e.code}\` | ${e.status} | ${e.meaning} |`);

  const status = new Map(errorCatalog().map((e) => [e.code, e.status]));
  const { client } = await signUp(service.url);
  const anon = new Client(service.url);
  const answers = [
    await anon.get('/campaigns'),
    await client.get('/campaigns/00000000-0000-4000-8000-000000000000'),
    await client.post('/campaigns', { name: '' }),
    await client.request('POST', '/api/campaigns', '{"name":', { 'content-type': 'application/json' }),
    await client.get('/nothing-here'),
  ];
  for (const res of answers) {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(status.get(res.body.error.code)).toBe(res.status);
    expect(typeof res.body.error.message).toBe('string');
  }
});

it('renders the reference at /api/docs from same-origin files only, under a same-origin policy', async () => {
  const anon = new Client(service.url);
  const page = await anon.get('/docs');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).not.toMatch(/https?:|\*/);
  const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThanOrEqual(4);
  for (const ref of refs) {
    expect(ref).toMatch(/^\/api\/docs\//);
    const asset = await anon.request('GET', ref);
    expect(asset.status).toBe(200);
    expect(asset.text.length).toBeGreaterThan(0);
  }
  // The page's own script asks for this document, on this origin, with no validator badge from elsewhere.
  const init = await anon.get('/docs/init.js');
  expect(init.text).toContain("url: '/api/openapi.json'");
  expect(init.text).toContain('validatorUrl: null');
  expect(init.text).not.toMatch(/https?:\/\//);
});
