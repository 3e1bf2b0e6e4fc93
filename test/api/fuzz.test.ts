// Hostile input against every operation of the OpenAPI document, as an attacker would send it: odd ids
// in every path parameter, odd query strings, and bodies of every JSON shape (prototype keys, NULs,
// huge numbers, wrong types, broken JSON). Property-based (fast-check), seeded, bounded, on loopback.
// Whatever comes in, the answer is never a 5xx, an error always has the documented body with a
// registered code at its registered status, and a success has the documented shape.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Client, signUp } from '../support/client';
import { AnswerChecker, fetchOpenApi, operations, type OpenApiDoc, type Operation, type Schema } from '../support/openapi';
import { nestedArrays, nestedObjects, pathologicalTemplates, REPORTED_TEMPLATE } from '../support/pathological';
import { startTestService } from '../support/service';

const SEED = 20261125;
const RUNS_PER_OPERATION = 25;

let service: Awaited<ReturnType<typeof startTestService>>;
let client: Client;
let doc: OpenApiDoc;
let checker: AnswerChecker;

beforeAll(async () => {
  service = await startTestService();
  ({ client } = await signUp(service.url));
  doc = await fetchOpenApi(service.url);
  checker = new AnswerChecker(doc);
});
afterAll(() => service.stop());

/** Path segments as sent on the wire (already escaped where they are meant to be). */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%2e%2e',
    '..',
    '%2F',
    '%252F',
    '%E0%A4%A',
    '%ED%A0%80',
    '%F0%9F%92%A9',
    '%C0%AF',
    '%ff',
    '00000000-0000-0000-0000-000000000000',
    '00000000-0000-4000-8000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '-1',
    '0',
    '1e309',
    '9'.repeat(40),
    'null',
    'undefined',
    'NaN',
    'true',
    '__proto__',
    'constructor',
    'prototype',
    "'%20or%201=1--",
    '%22%3B%20drop%20table%20lead%3B--',
    'x'.repeat(3000),
    '%20',
    'search',
    'one-off',
    'a@b.c',
    '@example.com',
  ),
  fc.uuid().map(String),
  fc
    .string({ maxLength: 40 })
    .filter((s) => s.length > 0)
    .map(encodeURIComponent),
  fc
    .string({ unit: 'binary', maxLength: 20 })
    .filter((s) => s.length > 0)
    .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')))
    .filter((s) => s.length > 0),
);

const hostileValue = fc.oneof(
  fc.constantFrom('', '%00', '\u0000', '-1', '0', '1e309', '99999999999999999999', 'NaN', 'true', 'null', '[]', '{}', '__proto__', 'x'.repeat(5000), '\ud800', 'a,b', ' '),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
);

/** A query string: the operation's own parameters and strangers, some repeated (arrays). */
const hostileQuery = (op: Operation) =>
  fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...op.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'limit', 'offset', '__proto__', 'constructor', 'q[]', 'a[b]'),
        fc.string({ maxLength: 10 }),
      ),
      hostileValue,
    ),
    { maxLength: 5 },
  );

/** JSON values, with the keys of the documented body and the keys an attacker tries first. */
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'name', 'email', 'emails', 'ids', 'steps', 'vars', 'filter', 'url', 'key', 'value', 'q'),
  fc.string({ maxLength: 12 }),
);
const { json: hostileJson } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, '', '\u0000', 'x'.repeat(2000), '\ud800', REPORTED_TEMPLATE),
    fc.constantFrom(...Object.values(pathologicalTemplates)).map((make) => make(10_000)),
    fc.string({ maxLength: 20 }),
    fc.double(),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('json'), { maxKeys: 5 }),
  ),
}));

/** Bodies as raw text: JSON of hostile values, objects made of the documented fields with hostile values, or broken JSON. */
const hostileBody = (op: Operation) => {
  const schema = op.requestBody?.content['application/json']?.schema;
  const fields = schema ? Object.keys(fieldsOf(schema)) : [];
  return fc.oneof(
    hostileJson.map((v) => JSON.stringify(v)),
    fc.dictionary(fields.length ? fc.oneof(fc.constantFrom(...fields), hostileKey) : hostileKey, hostileJson, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
    fc.dictionary(hostileKey, hostileJson, { maxKeys: 3 }).map((v) => `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "extra": ${JSON.stringify(v)}}`),
    fc.constantFrom(
      '{',
      '[',
      '{"a":',
      'null',
      '"text"',
      '1',
      '{"name": "ok", "constructor": null}',
      '{"name":"\\u0000"}',
      '{"a":1,"a":2}',
      '',
      nestedArrays(5000),
      `{"name": ${nestedObjects(5000)}}`,
    ),
  );
};

function fieldsOf(schema: Record<string, unknown>): Record<string, unknown> {
  const ref = schema.$ref as string | undefined;
  const resolved = ref ? (doc.components.schemas[ref.split('/').pop()!] ?? {}) : schema;
  return ((resolved as { properties?: Record<string, unknown> }).properties ?? {}) as Record<string, unknown>;
}

function requestPath(op: Operation, segments: string[]): string {
  let i = 0;
  return op.path.replace(/\{[^}]+\}/g, () => segments[i++] ?? 'x');
}

it('never answers 5xx, and always in the documented shapes, whatever any operation is sent', async () => {
  const problems: string[] = [];
  for (const op of operations(doc)) {
    const params = op.path.match(/\{[^}]+\}/g) ?? [];
    const takesJson = Boolean(op.requestBody?.content['application/json']);
    const takesCsv = Boolean(op.requestBody?.content['text/csv']);
    const before = problems.length;
    await fc
      .assert(
        fc.asyncProperty(
          fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }),
          hostileQuery(op),
          hostileBody(op),
          fc.boolean(),
          async (segments, query, body, anonymous) => {
            const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))}`).join('&');
            const path = `/api${requestPath(op, segments)}${qs ? `?${qs}` : ''}`;
            const who = anonymous ? new Client(service.url) : client;
            const headers: Record<string, string> = {};
            let payload: string | undefined;
            if (takesJson || op.method !== 'get') {
              headers['content-type'] = takesCsv ? 'text/csv' : 'application/json';
              payload = takesCsv ? body.replace(/[{}"]/g, ',') : body;
            }
            const res = await who.request(op.method.toUpperCase(), path, payload, headers);
            const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
            const found = res.status >= 400 || isJson ? checker.check(op, res.status, res.body) : res.status >= 500 ? [`${res.status}`] : [];
            if (found.length) {
              problems.push(`${op.method.toUpperCase()} ${path.slice(0, 200)} body=${(payload ?? '').slice(0, 120)} → ${found.join('; ')}`);
              return false;
            }
            return true;
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        // Every operation is tried even after one fails: the list below names them all.
      )
      .catch((err: Error) => {
        if (problems.length === before) problems.push(`${op.method.toUpperCase()} ${op.path}: ${err.message.slice(0, 500)}`);
      });
  }
  // Nothing leaked into the prototypes of this process's objects either.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(problems).toEqual([]);
}, 240_000);

// decisions.md §10: templates and every other user text are parsed in linear time, and a JSON body nested
// past 64 levels is refused before a validator walks it. Every text field of every operation's body gets
// a pathological template at the field's largest allowed size (the rest of the body well-formed, so the
// text gets past the shape checks to whatever reads it), and every operation gets the nested body.
describe('pathological templates and nested bodies', () => {
  const families = Object.values(pathologicalTemplates);
  const LARGEST = 100_000;
  const ids: Record<string, string> = {};
  let leadId: string;

  beforeAll(async () => {
    const created = await client.post('/campaigns', { name: 'Fuzz templates' });
    ids.campaigns = created.body.id;
    await client.post(`/campaigns/${ids.campaigns}/leads/manual`, { leads: [{ email: 'lead@example.com', vars: { first_name: 'Ada' } }] });
    leadId = (await client.get(`/campaigns/${ids.campaigns}/leads`)).body[0].id;
    ids.leads = leadId;
    ids['saved-replies'] = (await client.post('/saved-replies', { name: 'Fuzz reply', body: 'Hi {{first_name}}' })).body.id;
  });

  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref as string | undefined;
    return ref ? resolve((doc.components.schemas[ref.split('/').pop()!] ?? {}) as Schema) : schema;
  };
  const typeOf = (s: Schema): string | undefined => {
    const t = s.type as string | string[] | undefined;
    return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
  };
  const variants = (s: Schema) => ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.filter((v) => typeOf(resolve(v)) !== 'null');

  let serial = 0;
  /** A well-formed value of the schema, required fields only, as far as the schema says (ids are this
   *  file's lead; a `kind` is the one that takes text, `prompt`, where there is one; texts are unique). */
  function sample(schema: Schema, depth = 0, name = ''): unknown {
    const s = resolve(schema);
    const alternatives = variants(s);
    if (alternatives?.length) return sample(alternatives[0]!, depth, name);
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return name === 'kind' && s.enum.includes('prompt') ? 'prompt' : s.enum.find((v) => v !== null);
    switch (typeOf(s)) {
      case 'object': {
        const required = new Set((s.required ?? []) as string[]);
        const props = Object.entries((s.properties ?? {}) as Record<string, Schema>).filter(([k]) => required.has(k));
        return depth > 4 ? {} : Object.fromEntries(props.map(([k, v]) => [k, sample(v, depth + 1, k)]));
      }
      case 'array':
        return depth > 4 ? [] : [sample((s.items ?? {}) as Schema, depth + 1, name)];
      case 'integer':
      case 'number':
        return typeof s.minimum === 'number' ? s.minimum : 1;
      case 'boolean':
        return true;
      case 'string':
        if (s.format === 'uuid') return leadId;
        if (s.format === 'email') return `someone-${serial++}@example.com`;
        if (s.format === 'date-time') return '2026-12-01T10:00:00.000Z';
        // A name with a pattern (a column's field name): lower-case letters and digits fit them.
        if (s.pattern) return `f${serial++}`;
        return `text {{first_name}} ${serial++}`;
      default:
        return 'text';
    }
  }

  /** The paths of the free-text fields of a schema (not ids, addresses, dates or enums), with their largest size. */
  function textFields(schema: Schema, path: (string | number)[] = [], depth = 0): { path: (string | number)[]; max: number }[] {
    const s = resolve(schema);
    const alternatives = variants(s);
    if (alternatives?.length) return textFields(alternatives[0]!, path, depth);
    const type = typeOf(s);
    if (depth > 4) return [];
    if (type === 'object') return Object.entries((s.properties ?? {}) as Record<string, Schema>).flatMap(([k, v]) => textFields(v, [...path, k], depth + 1));
    if (type === 'array') return textFields((s.items ?? {}) as Schema, [...path, 0], depth + 1);
    if (type === 'string' && !s.format && !s.enum && s.const === undefined) return [{ path, max: Math.min(Number(s.maxLength ?? LARGEST), LARGEST) }];
    return [];
  }

  /** `body` with the text at `path`, the objects on the way made (required fields only) where missing. */
  function withText(body: unknown, schema: Schema, path: (string | number)[], text: string): unknown {
    if (!path.length) return text;
    const s = resolve(schema);
    const alternatives = variants(s);
    if (alternatives?.length) return withText(body, alternatives[0]!, path, text);
    const [head, ...rest] = path;
    const inner = (typeof head === 'number' ? s.items : (s.properties as Record<string, Schema>)[head!]) as Schema;
    const copy = (Array.isArray(body) ? [...body] : { ...((body as object) ?? {}) }) as Record<string | number, unknown>;
    copy[head!] = withText(copy[head!] ?? sample(inner, 0, String(head)), inner, rest, text);
    return copy;
  }

  /** The operation's path with this file's ids where it has them (`/campaigns/{id}` → the campaign). */
  const pathFor = (op: Operation) => `/api${op.path.replace(/\{[^}]+\}/g, (p) => (p === '{leadId}' ? leadId : (ids[op.path.split('/')[1]!] ?? randomUUID())))}`;

  it('never answers 5xx to a pathological template in any text field of any operation', async () => {
    const problems: string[] = [];
    let tried = 0;
    for (const op of operations(doc)) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      for (const [i, field] of textFields(schema).entries()) {
        const text = families[(tried + i) % families.length]!(field.max);
        const body = withText(sample(schema), schema, field.path, text);
        const res = await client.request(op.method.toUpperCase(), pathFor(op), JSON.stringify(body), { 'content-type': 'application/json' });
        const found = checker.check(op, res.status, res.body);
        if (res.status >= 500 || found.length) problems.push(`${op.method.toUpperCase()} ${op.path} ${field.path.join('.')} → ${res.status} ${found.join('; ')}`);
      }
      tried++;
    }
    expect(tried).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  }, 240_000);

  // decisions.md §11 and §10: the block tags and RANDOM, and their misuse (opens never closed, nesting far
  // past 3, stray elses and closes, unbalanced braces, 50,000 `{{#if a}}`, a RANDOM of 100,000 options),
  // each at the largest size in every field that holds a template (a subject, body, template or task
  // text): never a 5xx, and where the text is refused for a broken tag, 400 template_invalid with the
  // offset of a `{{` of it.
  it('never answers 5xx to conditions and RANDOM gone wrong in any template field, and refuses broken tags with template_invalid', async () => {
    const blockFamilies = Object.entries(pathologicalTemplates).filter(([name]) => /if|else|RANDOM|braces|conditions/.test(name));
    expect(blockFamilies.length).toBeGreaterThanOrEqual(8);
    const TEMPLATE_FIELDS = new Set(['subject', 'body', 'template', 'text']);
    const problems: string[] = [];
    let tried = 0;
    let invalid = 0;
    for (const op of operations(doc)) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      for (const field of textFields(schema).filter((f) => TEMPLATE_FIELDS.has(String(f.path[f.path.length - 1])))) {
        for (const [, make] of blockFamilies) {
          const text = make(field.max);
          const res = await client.request(op.method.toUpperCase(), pathFor(op), JSON.stringify(withText(sample(schema), schema, field.path, text)), {
            'content-type': 'application/json',
          });
          tried++;
          const found = checker.check(op, res.status, res.body);
          if (res.status >= 500 || found.length) problems.push(`${op.method.toUpperCase()} ${op.path} ${field.path.join('.')} → ${res.status} ${found.join('; ')}`);
          if (res.body?.error?.code === 'template_invalid') {
            invalid++;
            const at = res.body.error.details?.at;
            if (typeof at !== 'number' || !text.startsWith('{{', at)) problems.push(`${op.method.toUpperCase()} ${op.path} ${field.path.join('.')}: template_invalid at ${at}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(40);
    expect(invalid).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 240_000);

  it('refuses a body nested 5,000 deep on every operation with 400 validation_failed, whether it takes a body or not', async () => {
    const problems: string[] = [];
    for (const op of operations(doc)) {
      if (op.method === 'get') continue;
      for (const body of [nestedArrays(5000), `{"name": ${nestedObjects(5000)}}`]) {
        const res = await client.request(op.method.toUpperCase(), pathFor(op), body, { 'content-type': 'application/json' });
        if (res.status !== 400 || res.body?.error?.code !== 'validation_failed') problems.push(`${op.method.toUpperCase()} ${op.path} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
