// decisions.md §10: error answers never carry a stack trace or a server path, whatever NODE_ENV; the log
// has the trace, with the request id. Apollo Server adds `extensions.stacktrace` (absolute paths of
// node_modules and of our sources) to every GraphQL error unless NODE_ENV is `production` or `test`, and
// Jest sets `test`: so the service runs here with NODE_ENV unset (a plain `npm start`) and set to
// `development`, and every kind of failure is asked for through REST, GraphQL and MCP: unknown routes and
// ids, bodies the parsers refuse (malformed JSON, too large, unknown charset or encoding, too deep,
// broken multipart), validation, GraphQL parse, validation, variable and HTTP-level refusals, a
// resolver's refusal, and unexpected failures inside a REST route, a resolver and an MCP tool.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Query, Resolver } from 'type-graphql';
import { jsonRoute } from '../../src/contracts/api-route';
import type { AppModule } from '../../src/runtime/app-module';
import { Scope } from '../../src/contracts/graphql/scopes';
import { createLogger } from '../../src/observability/logger';
import { appModules } from '../../src/modules';
import { operationId } from '../../rest/openapi/document';
import { signUp, type Account, type Reply } from '../support/client';
import { startTestService } from '../support/service';

/** An unexpected failure whose message names a server file, as a failing fs or module call's would. */
const crash = (where: string) => new Error(`${where} crashed reading ${path.join(__dirname, 'no-such-file.json')}`);

@Resolver()
class LeakProbeResolver {
  @Query(() => Boolean, { description: 'Fails unexpectedly (test area).' })
  @Scope('reports:read')
  leakProbe(): boolean {
    throw crash('GraphQL probe');
  }
}

const probeRoute = jsonRoute({
  method: 'get',
  path: '/leak-probe',
  summary: 'Fails unexpectedly',
  scope: 'reports:read',
  response: { schema: { type: 'object' } },
  handle: () => {
    throw crash('REST probe');
  },
});
const probe: AppModule = { name: 'leak-probe', description: 'A test area.', resolvers: [LeakProbeResolver], routes: [probeRoute] };

const ROOT = path.resolve(__dirname, '../..');

/** What in an answer would tell a client about the server's files: the trace, a frame, a path. */
function leaksIn(text: string): string[] {
  const found: string[] = [];
  if (/stacktrace/i.test(text)) found.push('stacktrace');
  if (text.includes(ROOT)) found.push(`the checkout's path ${ROOT}`);
  if (/node_modules/.test(text)) found.push('node_modules');
  if (/\bat .*[/\\][^\s"'()]+:\d+:\d+/.test(text)) found.push('a stack frame');
  if (/(?:^|[\s"'(=:,[])\/(?:home|work|usr|var|tmp|opt|root|srv|private|Users)\//.test(text)) found.push('an absolute path');
  if (/[A-Za-z]:\\\\?[A-Za-z]/.test(text)) found.push('a Windows path');
  return found;
}

/** The answer, checked for leaks (body and headers); returns it for status and code checks. */
function clean(name: string, res: Reply): Reply {
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  expect({ name, leaks: leaksIn(`${res.text}\n${headers}`) }).toEqual({ name, leaks: [] });
  return res;
}

const gqlCodes = (res: Reply) => (res.body as { errors?: { extensions?: { code?: string } }[] }).errors?.map((e) => e.extensions?.code);

describe.each([
  ['unset', undefined],
  ['development', 'development'],
])('with NODE_ENV %s', (_label, nodeEnv) => {
  const captured: string[] = [];
  const lines = () =>
    captured
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  /** The lines logged while serving the request with this id, but its completion line. */
  const linesOf = (reqId: string | null) => lines().filter((l) => l.reqId === reqId && l.msg !== 'request');
  let service: Awaited<ReturnType<typeof startTestService>>;
  let me: Account;
  let campaignId: string;
  const saved = process.env.NODE_ENV;

  beforeAll(async () => {
    // Apollo and Express read NODE_ENV when they are built: as `npm start` (unset) or a dev run would.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    service = await startTestService({
      modules: [...appModules, probe],
      log: createLogger({ level: 'info', destination: { write: (s: string) => void captured.push(s) } }),
    });
    me = await signUp(service.url);
    const campaign = await me.client.post('/campaigns', { name: `leaks ${randomUUID()}` });
    expect(campaign.status).toBe(200);
    campaignId = campaign.body.id;
  });
  afterAll(async () => {
    process.env.NODE_ENV = saved;
    await service?.stop();
  });

  const gql = (body: unknown, headers: Record<string, string> = {}) => me.client.request('POST', '/graphql', body, headers);

  it('GraphQL: parse, validation, variable and HTTP-level refusals answer without a trace or a path; the log has the trace with the request id', async () => {
    const answers = {
      unknownField: await gql({ query: '{ nope }' }),
      syntax: await gql({ query: '{ campaigns { ' }),
      variable: await gql({ query: 'query ($id: ID!) { campaign(id: $id) { id } }', variables: { id: { not: 'an id' } } }),
      noQuery: await gql({ variables: {} }),
      notAString: await gql({ query: 42 }),
      getMutation: await me.client.request('GET', `/graphql?query=${encodeURIComponent('mutation { deleteCampaign(id: "x") }')}`, undefined, { accept: 'application/json' }),
      unknownOperation: await gql({ query: '{ __typename }', operationName: 'Missing' }),
      plainText: await gql('{ __typename }', { 'content-type': 'text/plain' }),
      batch: await gql([{ query: '{ __typename }' }, { query: '{ __typename }' }]),
      tooDeep: await gql({ query: `{ ${'a { '.repeat(20)}b${' }'.repeat(20)} }` }),
    };
    for (const [name, res] of Object.entries(answers)) {
      clean(name, res);
      const codes = gqlCodes(res) ?? [];
      expect({ name, status: res.status, refused: codes.length > 0 && codes.every((c) => c === 'bad_request' || c === 'query_too_complex') }).toEqual({
        name,
        status: 400,
        refused: true,
      });
    }
    // The trace is in the log instead, on a line carrying the request's id.
    const reqId = answers.unknownField.headers.get('x-request-id');
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({
        msg: 'graphql request refused',
        level: 'info',
        reqId,
        code: 'bad_request',
        err: expect.objectContaining({ message: expect.stringContaining('nope'), stack: expect.stringMatching(/\n\s+at .+node_modules[/\\]graphql[/\\]/) }),
      }),
    ]);
  });

  it("GraphQL: a resolver's refusal and an unexpected failure inside a resolver answer without a trace or a path; the log has the trace", async () => {
    const refused = clean('not found', await gql({ query: `{ campaign(id: "${randomUUID()}") { id } }` }));
    expect(gqlCodes(refused)).toEqual(['not_found']);
    const anonymous = clean('unauthorized', await me.client.withToken(null).request('POST', '/graphql', { query: '{ campaigns { id } }' }));
    expect(gqlCodes(anonymous)).toEqual(['unauthorized']);

    const crashed = clean('resolver crash', await gql({ query: '{ leakProbe }' }));
    const reqId = crashed.headers.get('x-request-id');
    expect(crashed.body.errors).toEqual([
      { message: 'Internal error; it has been logged.', path: ['leakProbe'], extensions: { code: 'internal_error', status: 500, details: { request_id: reqId } } },
    ]);
    expect(linesOf(reqId)).toEqual([
      expect.objectContaining({
        msg: 'graphql internal error',
        level: 'error',
        reqId,
        err: expect.objectContaining({ message: expect.stringContaining('GraphQL probe crashed'), stack: expect.stringContaining(__filename) }),
      }),
    ]);
  });

  it('REST: 404s, every body the parsers refuse, validation and a 500 answer the error body without a trace or a path', async () => {
    const json = { 'content-type': 'application/json' };
    const answers: Record<string, [Reply, number, string]> = {
      unknownRoute: [await me.client.get('/no-such-route'), 404, 'route_not_found'],
      unknownOutside: [await me.client.request('GET', '/no/such/page'), 404, 'route_not_found'],
      // The console's file server marks its own 404 as not safe to show: it was answered as a 500.
      missingConsoleFile: [await me.client.request('GET', '/app/assets/no-such-file.js'), 404, 'route_not_found'],
      missingConsoleDir: [await me.client.request('GET', '/app/assets/no/such/'), 404, 'route_not_found'],
      unknownId: [await me.client.get(`/campaigns/${randomUUID()}`), 404, 'not_found'],
      malformedJson: [await me.client.request('POST', '/api/campaigns', '{"name": "x",', json), 400, 'invalid_json'],
      tooLarge: [await me.client.request('POST', '/api/campaigns', `{"name": "${'x'.repeat(11 * 1024 * 1024)}"}`, json), 413, 'payload_too_large'],
      badCharset: [await me.client.request('POST', '/api/campaigns', '{"name": "x"}', { 'content-type': 'application/json; charset=klingon' }), 400, 'unsupported_encoding'],
      badEncoding: [await me.client.request('POST', '/api/campaigns', '{"name": "x"}', { ...json, 'content-encoding': 'zstd-ish' }), 400, 'unsupported_encoding'],
      badGzip: [await me.client.request('POST', '/api/campaigns', 'not gzip at all', { ...json, 'content-encoding': 'gzip' }), 400, 'bad_request'],
      tooDeep: [await me.client.request('POST', '/api/campaigns', `${'['.repeat(80)}${']'.repeat(80)}`, json), 400, 'validation_failed'],
      invalid: [await me.client.post('/campaigns', { name: 42 }), 400, 'validation_failed'],
      badPath: [await me.client.get('/campaigns/%E0%A4'), 400, 'invalid_path'],
      noCredentials: [await me.client.withToken(null).get('/campaigns'), 401, 'unauthorized'],
      crash: [await me.client.get('/leak-probe'), 500, 'internal_error'],
    };
    for (const [name, [res, status, code]] of Object.entries(answers)) {
      clean(name, res);
      expect({ name, status: res.status, code: res.body?.error?.code }).toEqual({ name, status, code });
    }
    const reqId = answers.crash[0].headers.get('x-request-id');
    expect(linesOf(reqId)).toEqual([expect.objectContaining({ msg: 'unhandled error', reqId, err: expect.objectContaining({ stack: expect.stringContaining(__filename) }) })]);
  });

  it('REST: broken multipart and CSV bodies answer a 400 error body without a trace or a path, and the service lives on', async () => {
    const boundary = 'leakboundary';
    const part = (name: string, body: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n${body}`;
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const leads = `/api/campaigns/${campaignId}/leads`;
    const answers: Record<string, [Reply, number, unknown]> = {
      noBoundary: [await me.client.request('POST', leads, 'email\r\na@b.example\r\n', { 'content-type': 'multipart/form-data' }), 400, 'invalid_multipart'],
      cutShort: [await me.client.request('POST', leads, part('file', 'email\r\na@b.example\r\n'), multipart), 400, 'invalid_multipart'],
      noFile: [await me.client.request('POST', leads, `${part('other', 'x')}\r\n--${boundary}--\r\n`, multipart), 400, 'no_file'],
      notCsv: [await me.client.request('POST', leads, 'email\na@b.example\n', { 'content-type': 'text/plain' }), 400, 'not_csv'],
      badGzip: [await me.client.request('POST', leads, 'not gzip at all', { 'content-type': 'text/csv', 'content-encoding': 'gzip' }), 400, 'bad_request'],
      badDeflate: [await me.client.request('POST', leads, 'not deflate', { 'content-type': 'text/csv', 'content-encoding': 'deflate' }), 400, 'bad_request'],
      noEmailCutShort: [await me.client.request('POST', leads, part('file', 'name\r\nSam\r\n'), multipart), 400, expect.stringMatching(/^(no_email_column|invalid_multipart)$/)],
    };
    for (const [name, [res, status, code]] of Object.entries(answers)) {
      clean(name, res);
      expect({ name, status: res.status, code: res.body?.error?.code }).toEqual({ name, status, code });
    }
    // A form cut short used to fail the stream before the import read it: an error event no one heard,
    // which ends a Node process.
    expect((await me.client.get(`/campaigns/${campaignId}`)).status).toBe(200);
  });

  it('MCP: transport refusals, tool refusals and a failing tool answer without a trace or a path', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const rpc = (message: unknown) => me.client.request('POST', '/mcp', typeof message === 'string' ? message : JSON.stringify(message), headers);
    const call = (name: string, args: Record<string, unknown> = {}) => rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
    const answers = {
      malformedJson: await rpc('{"jsonrpc": "2.0",'),
      notJsonRpc: await rpc({ hello: 'world' }),
      unknownMethod: await rpc({ jsonrpc: '2.0', id: 1, method: 'no/such/method', params: {} }),
      badParams: await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 7 } }),
      unknownTool: await call('noSuchTool'),
      notFound: await call('getCampaignsId', { id: randomUUID() }),
      crash: await call(operationId(probeRoute)),
    };
    for (const [name, res] of Object.entries(answers)) {
      clean(name, res);
      expect({ name, status: res.status }).toEqual({ name, status: expect.any(Number) });
    }
    const toolError = (res: Reply) => JSON.parse(res.body.result.content[0].text).error.code;
    expect([toolError(answers.unknownTool), toolError(answers.notFound), toolError(answers.crash)]).toEqual(['route_not_found', 'not_found', 'internal_error']);
    const reqId = answers.crash.headers.get('x-request-id');
    expect(linesOf(reqId)).toEqual([expect.objectContaining({ msg: 'unhandled error', reqId, err: expect.objectContaining({ stack: expect.stringContaining(__filename) }) })]);
  });
});
