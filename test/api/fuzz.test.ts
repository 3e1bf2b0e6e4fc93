// Hostile input against every operation of the OpenAPI document, as an attacker would send it: odd ids
// in every path parameter, odd query strings, and bodies of every JSON shape (prototype keys, NULs,
// huge numbers, wrong types, broken JSON). Property-based (fast-check), seeded, bounded, on loopback.
// Whatever comes in, the answer is never a 5xx, an error always has the documented body with a
// registered code at its registered status, and a success has the documented shape.
import fc from 'fast-check';
import { Client, signUp } from '../support/client';
import { AnswerChecker, fetchOpenApi, operations, type OpenApiDoc, type Operation } from '../support/openapi';
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
    fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, '', '\u0000', 'x'.repeat(2000), '\ud800'),
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
    fc.constantFrom('{', '[', '{"a":', 'null', '"text"', '1', '{"name": "ok", "constructor": null}', '{"name":"\\u0000"}', '{"a":1,"a":2}', ''),
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
