// decisions.md §3 "never a 500 for bad input", for input built to break the shared layer rather than a
// rule: object keys that name JavaScript internals (constructor, __proto__, prototype), a NUL or a
// broken escape in a path segment or a query value, ids that are not uuids. Checked on every route of
// the table (every module's REST routes) and through GraphQL, where the same input classes are built by type-graphql.
import { randomUUID } from 'node:crypto';
import { collectModules } from '../../src/runtime/app-module';
import { appModules } from '../../src/modules';
import { Client, expectError, signUp, type Account, type Reply } from '../support/client';
import { createLeads } from '../support/factories/lead.factory';
import { nestedArrays, nestedObjects, pathologicalTemplates, REPORTED_TEMPLATE } from '../support/pathological';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
let account: Account;
let campaignId: string;
let leadId: string;

beforeAll(async () => {
  service = await startTestService();
  account = await signUp(service.url);
  const created = await account.client.post('/campaigns', { name: 'Hostile input' });
  expect(created.status).toBe(200);
  campaignId = created.body.id;
  [{ id: leadId }] = await createLeads(service, account.workspaceId, campaignId, [{ email: 'lead@example.com', vars: { first_name: 'Ada' } }]);
});
afterAll(() => service.stop());

const { routes } = collectModules(appModules);

/** A route's path with every parameter set to `value` (already URL-encoded). */
const pathWith = (path: string, value: string) => `/api${path.replace(/:[A-Za-z]+/g, value)}`;
const withParams = routes.filter((r) => r.path.includes(':'));
/** The one route a browser follows back from an OAuth provider: a redirect, not an answer. */
const OAUTH_CALLBACK = '/oauth/:provider/callback';
const withBodies = routes.filter((r) => r.method === 'post' || r.method === 'put' || r.method === 'patch');

/** The request as raw JSON: an object literal cannot hold an own `__proto__` key. */
const rawJson = (client: Client, method: string, path: string, json: string) => client.request(method, path, json, { 'content-type': 'application/json' });

/** Not a 500, and the decisions.md §3 error body whenever it is a failure. */
function expectHandled(res: Reply, what: string) {
  expect({ what, status: res.status < 500 ? 'handled' : res.status, text: res.status < 500 ? '' : res.text }).toEqual({ what, status: 'handled', text: '' });
  if (res.status >= 400) expectError(res, res.status);
}

const hostileKeys = ['constructor', '__proto__', 'prototype', 'to_string', 'has_own_property'];

describe('object keys that name JavaScript internals', () => {
  it.each(hostileKeys)('refuses %s in POST /api/campaigns as an unknown field, by name', async (key) => {
    const res = await rawJson(account.client, 'POST', '/api/campaigns', `{"name": "ok", "${key}": null}`);
    const error = expectError(res, 400, 'validation_failed');
    expect(error.details?.fields).toHaveProperty([key]);
    expect(error.message).toContain(key);
  });

  it('names __proto__ when it carries an object, and pollutes nothing', async () => {
    const res = await rawJson(account.client, 'POST', '/api/campaigns', '{"name": "ok", "__proto__": {"polluted": "yes", "name": 1}}');
    const error = expectError(res, 400, 'validation_failed');
    expect(error.details?.fields).toHaveProperty(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses them inside nested inputs too (a step variant), naming the path', async () => {
    const res = await rawJson(
      account.client,
      'PUT',
      `/api/campaigns/${campaignId}/steps`,
      '[{"wait_minutes": 0, "variants": [{"subject": "Hi", "body": "Hello", "constructor": null}]}]',
    );
    const error = expectError(res, 400, 'validation_failed');
    expect(Object.keys(error.details?.fields ?? {}).join(' ')).toContain('constructor');
    const task = await rawJson(account.client, 'PUT', `/api/campaigns/${campaignId}/steps`, '[{"task": {"kind": "call", "text": "x", "__proto__": null}}]');
    expect(Object.keys(expectError(task, 400, 'validation_failed').details?.fields ?? {}).join(' ')).toContain('__proto__');
    for (const variants of ['[[{"constructor": null}]]', '[[[{"__proto__": null}]]]', '{"constructor": null}']) {
      expectHandled(await rawJson(account.client, 'PUT', `/api/campaigns/${campaignId}/steps`, `[{"variants": ${variants}}]`), variants);
    }
    const filter = await rawJson(account.client, 'POST', '/api/lead-filters', '{"name": "f", "filter": {"constructor": null}}');
    expect(expectError(filter, 400, 'validation_failed').details?.fields).toHaveProperty(['filter.constructor']);
  });

  it('keeps lead fields free-form over REST: __proto__ and constructor are field names there', async () => {
    const res = await rawJson(account.client, 'PATCH', `/api/leads/${leadId}`, '{"vars": {"__proto__": "p", "constructor": "c"}}');
    expect(res.status).toBe(200);
    expect(res.body.vars).toEqual(JSON.parse('{"first_name": "Ada", "__proto__": "p", "constructor": "c"}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps valid bodies valid', async () => {
    const res = await account.client.post('/campaigns', { name: 'Still fine' });
    expect(res.status).toBe(200);
  });

  it.each(['constructor', '__proto__', 'prototype'])('never answers 500 for %s in the body of any route', async (key) => {
    for (const r of withBodies) {
      const path = pathWith(r.path, r.path.startsWith('/campaigns/:id') ? campaignId : randomUUID());
      for (const json of [`{"${key}": null}`, `{"${key}": {"polluted": "yes"}}`, `[{"${key}": null}]`]) {
        expectHandled(await rawJson(account.client, r.method.toUpperCase(), path, json), `${r.method} ${r.path} ${json}`);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers query parameters named after internals with 400, not 500', async () => {
    for (const key of ['constructor', '__proto__', 'prototype']) {
      expectError(await account.client.get(`/blocklist?${key}=x`), 400, 'validation_failed');
      expectError(await account.client.get(`/campaigns/${campaignId}/leads?${key}=x`), 400, 'validation_failed');
    }
  });

  it('through GraphQL: an unknown input field is a GraphQL validation error, JSON vars are plain fields', async () => {
    const create = await account.client.request('POST', '/graphql', {
      query: 'mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }',
      variables: JSON.parse('{"input": {"name": "ok", "constructor": null, "__proto__": {"polluted": "yes"}}}'),
    });
    expect(create.status).toBeLessThan(500);
    expect(create.body.errors?.[0]?.extensions?.code).not.toBe('internal_error');
    expect(create.body.data ?? null).toBeNull();

    // Lead fields are free-form names: __proto__ and constructor are just names there, stored as sent.
    const update = await account.client.request(
      'POST',
      '/graphql',
      JSON.parse(
        `{"query": "mutation($id: ID!, $input: UpdateLeadInput!) { updateLead(id: $id, input: $input) { id vars } }", "variables": {"id": "${leadId}", "input": {"vars": {"__proto__": "p", "constructor": "c"}}}}`,
      ),
    );
    expect(update.status).toBe(200);
    expect(update.body.errors).toBeUndefined();
    expect(update.body.data.updateLead.vars).toEqual(JSON.parse('{"first_name": "Ada", "__proto__": "p", "constructor": "c"}'));
    const literal = await account.client.request('POST', '/graphql', {
      query: `mutation { updateLead(id: "${leadId}", input: {vars: {__proto__: {polluted: "yes"}, constructor: null}}) { id } }`,
    });
    expect(literal.status).toBeLessThan(500);
    expect(literal.body.errors?.[0]?.extensions?.code).not.toBe('internal_error');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('path segments', () => {
  it('answers 404 not_found for a NUL in any path parameter, on every route (no id or address holds one)', async () => {
    expectError(await account.client.delete('/blocklist/%00'), 404, 'not_found');
    expectError(await account.client.get('/campaigns/%00'), 404, 'not_found');
    for (const r of withParams) {
      for (const bad of ['%00', 'a%00b', `${randomUUID()}%00`]) {
        expectError(await account.client.request(r.method.toUpperCase(), pathWith(r.path, bad), r.method === 'get' || r.method === 'delete' ? undefined : {}), 404, 'not_found');
      }
    }
  });

  it('answers 400 invalid_path for escapes that are not UTF-8 (an overlong NUL, an encoded surrogate)', async () => {
    for (const bad of ['%C0%80', '%ED%A0%80', '%FF']) {
      expectError(await account.client.get(`/campaigns/${bad}`), 400, 'invalid_path');
      expectError(await account.client.delete(`/blocklist/${bad}`), 400, 'invalid_path');
    }
  });

  it('answers 404 (or 400), never 500, for ids that are not uuids, on every route', async () => {
    expectError(await account.client.get('/campaigns/not-a-uuid'), 404, 'not_found');
    for (const r of withParams) {
      for (const bad of ['not-a-uuid', '1', encodeURIComponent("' or 1=1 --"), '%E2%80%AE', 'x'.repeat(300)]) {
        if (r.path === OAUTH_CALLBACK) {
          // A browser's way back from a provider (decisions.md §15): it always redirects into the console,
          // here with an oauth_error, never an error page.
          const back = await fetch(service.url + pathWith(r.path, bad), { redirect: 'manual' });
          const to = new URL(back.headers.get('location') ?? '/', service.url);
          expect({ bad, redirected: [302, 303].includes(back.status), oauthError: to.searchParams.has('oauth_error') }).toEqual({ bad, redirected: true, oauthError: true });
          continue;
        }
        const res = await account.client.request(r.method.toUpperCase(), pathWith(r.path, bad), r.method === 'get' || r.method === 'delete' ? undefined : {});
        const what = `${r.method} ${r.path} ${bad}`;
        expectHandled(res, what);
        expect({ what, refused: [400, 404, 409].includes(res.status) ? true : res.status }).toEqual({ what, refused: true });
      }
    }
  });
});

describe('query strings', () => {
  it('answers 400 validation_failed naming the parameter for a NUL in a query value', async () => {
    const list = expectError(await account.client.get('/blocklist?q=%00'), 400, 'validation_failed');
    expect(list.details?.fields).toHaveProperty('q');
    const leads = expectError(await account.client.get(`/campaigns/${campaignId}/leads?q=a%00b`), 400, 'validation_failed');
    expect(leads.details?.fields).toHaveProperty('q');
    expectError(await account.client.get('/leads/search?q=%00'), 400, 'validation_failed');
  });

  it('never answers 500 for a NUL in any query parameter of any GET route', async () => {
    for (const r of routes.filter((x) => x.method === 'get')) {
      const path = pathWith(r.path, r.path.startsWith('/campaigns/:id') ? campaignId : randomUUID());
      for (const qs of ['q=%00', 'limit=%00&offset=%00', 'status=%00', 'days=%00', 'format=%00', 'q[]=%00', 'q=x&q=%00']) {
        expectHandled(await account.client.request('GET', `${path}?${qs}`), `${r.path}?${qs}`);
      }
    }
  });

  it('keeps valid queries valid', async () => {
    expect((await account.client.get(`/campaigns/${campaignId}/leads?q=ada`)).status).toBe(200);
    expect((await account.client.get('/blocklist?q=example')).status).toBe(200);
  });
});

describe('deeply nested JSON (decisions.md §10: deeper than 64 levels is 400 validation_failed)', () => {
  // The operations that answered 500 internal_error to a body of 5,000 nested arrays.
  const reported: [string, string][] = [
    ['POST', '/campaigns'],
    ['POST', '/sequence-templates'],
    ['POST', '/lead-lists'],
    ['POST', '/campaigns/:id/leads/manual'],
    ['POST', '/campaigns/:id/preview'],
    ['POST', '/campaigns/:id/blocks'],
    ['POST', '/campaigns/:id/blocks/preview'],
    ['POST', '/auth/signup'],
    ['POST', '/settings/members'],
    ['PATCH', '/replies/:id/assign'],
  ];

  /** The depth refusal: 400 validation_failed naming the body, not a field of it. */
  function expectTooDeep(res: Reply, what: string) {
    const error = expectError(res, 400, 'validation_failed');
    expect({ what, fields: Object.keys(error.details?.fields ?? {}) }).toEqual({ what, fields: ['body'] });
  }

  it.each(reported)('refuses the reported body on %s %s', async (method, path) => {
    const url = pathWith(path, path.startsWith('/campaigns/') ? campaignId : randomUUID());
    for (const body of [`{"name": ${nestedArrays(5000)}}`, nestedArrays(5000), `{"vars": ${nestedObjects(5000)}}`]) {
      expectTooDeep(await rawJson(account.client, method, url, body), `${method} ${url}`);
    }
  });

  it('refuses 65 levels and lets 64 through to the validators (which judge the fields)', async () => {
    // {"name": <63 arrays>} is 64 levels with the body object; one more is 65.
    const over = await rawJson(account.client, 'POST', '/api/campaigns', `{"name": ${nestedArrays(64)}}`);
    expectTooDeep(over, '65 levels');
    const under = await rawJson(account.client, 'POST', '/api/campaigns', `{"name": ${nestedArrays(63)}}`);
    const error = expectError(under, 400, 'validation_failed');
    expect(Object.keys(error.details?.fields ?? {})).toEqual(['name']);
  });

  it('refuses it before authentication, on every route that takes a body', async () => {
    const anonymous = new Client(service.url);
    for (const r of withBodies) {
      const path = pathWith(r.path, r.path.startsWith('/campaigns/:id') ? campaignId : randomUUID());
      expectTooDeep(await rawJson(anonymous, r.method.toUpperCase(), path, nestedArrays(5000)), `${r.method} ${r.path}`);
      expectTooDeep(await rawJson(account.client, r.method.toUpperCase(), path, `{"a": ${nestedObjects(200)}}`), `${r.method} ${r.path}`);
    }
  });

  it('through GraphQL: variables nested deeper than 64 levels are refused with validation_failed, before any resolver', async () => {
    const query = 'mutation($id: ID!, $input: PreviewInput) { previewCampaign(id: $id, input: $input) { from } }';
    const res = await rawJson(
      account.client,
      'POST',
      '/graphql',
      `{"query": ${JSON.stringify(query)}, "variables": {"id": "${campaignId}", "input": {"vars": ${nestedObjects(5000)}}}}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(res.body.data ?? null).toBeNull();
  });

  it('through GraphQL: an input literal nested deeper than 64 levels is refused by the argument check, never a 500', async () => {
    const literal = (depth: number) => `mutation { previewCampaign(id: "${campaignId}", input: { vars: ${'{a: '.repeat(depth)}"x"${'}'.repeat(depth)} }) { from } }`;
    const res = await account.client.request('POST', '/graphql', { query: literal(500) });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'validation_failed', details: { fields: { input: [expect.any(String)] } } });
    const deeper = await account.client.request('POST', '/graphql', { query: literal(5000) });
    expect(deeper.status).toBeLessThan(500);
    expect(['validation_failed', 'bad_request', 'query_too_complex']).toContain(deeper.body.errors[0].extensions.code);
  });
});

describe('pathological templates (decisions.md §10: parsed in linear time)', () => {
  // The fields that hold a template or other free text, by their REST names; each route ignores or
  // refuses the ones it does not take. fuzz.test.ts puts them in every documented field, one at a time.
  const TEXT_FIELDS = ['name', 'subject', 'body', 'template', 'text', 'description', 'note', 'signature', 'from_name', 'q', 'value'];

  it.each([['the reported {{ and 4,000 spaces', REPORTED_TEMPLATE], ...Object.entries(pathologicalTemplates).map(([name, make]) => [name, make(10_000)])])(
    'never answers 5xx for %s in every text field of every route with a body',
    async (_name, template) => {
      const fields = Object.fromEntries(TEXT_FIELDS.map((k) => [k, template]));
      for (const r of withBodies) {
        const path = pathWith(r.path, r.path.startsWith('/campaigns/:id') ? campaignId : r.path.startsWith('/leads/:id') ? leadId : randomUUID());
        const steps = [{ position: 1, wait_minutes: 0, variants: [{ subject: template.slice(0, 998), body: template }] }];
        expectHandled(await account.client.request(r.method.toUpperCase(), path, r.path.endsWith('/steps') ? steps : fields), `${r.method} ${r.path}`);
      }
    },
    60_000,
  );
});
