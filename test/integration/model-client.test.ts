// The model port (src/net/model-client.ts) as buildPorts builds it from the config, against an
// OpenAI-compatible endpoint on loopback: POST {LLM_BASE_URL}/chat/completions with Bearer LLM_API_KEY and
// model LLM_MODEL, the first choice's content back; clear errors otherwise (decisions.md §1).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/runtime/config';
import { buildPorts } from '../../src/runtime/build-ports';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let server: http.Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: text ? JSON.parse(text) : null });
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/v1/chat/completions') {
        json(200, {
          id: 'c1',
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'Berlin' } },
            { index: 1, message: { role: 'assistant', content: 'second' } },
          ],
        });
      } else if (req.url === '/denied/chat/completions') json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      else if (req.url === '/empty/chat/completions') json(200, { choices: [] });
      else if (req.url === '/slow/chat/completions') setTimeout(() => json(200, { choices: [{ message: { content: 'late' } }] }), 2_000);
      else json(404, { error: 'no such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const modelAt = (env: Record<string, string>) => buildPorts(loadConfig({ ALLOW_PRIVATE_FETCH: 'true', LLM_API_KEY: 'sk-test', LLM_MODEL: 'tiny-1', ...env })).model;
const messages = [
  { role: 'system' as const, content: 'Answer with one word.' },
  { role: 'user' as const, content: 'Capital of Germany?' },
];

it('posts the messages to {LLM_BASE_URL}/chat/completions with the key and model, and answers the first choice', async () => {
  const model = modelAt({ LLM_BASE_URL: `${base}/v1/` });
  await expect(model.complete(messages, { maxTokens: 20, temperature: 0 })).resolves.toBe('Berlin');
  expect(seen).toEqual([
    expect.objectContaining({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: expect.objectContaining({ authorization: 'Bearer sk-test', 'content-type': 'application/json' }),
      body: { model: 'tiny-1', messages, max_tokens: 20, temperature: 0 },
    }),
  ]);
});

it('refuses with model_not_configured when LLM_BASE_URL is unset, without any request', async () => {
  await expect(modelAt({}).complete(messages)).rejects.toMatchObject({ status: 400, code: 'model_not_configured', message: expect.stringContaining('LLM_BASE_URL') });
  expect(seen).toHaveLength(0);
});

it('says what the endpoint said when it answers an error, and when it answers no message', async () => {
  await expect(modelAt({ LLM_BASE_URL: `${base}/denied` }).complete(messages)).rejects.toMatchObject({
    status: 400,
    code: 'model_failed',
    message: 'The model endpoint answered HTTP 401: Incorrect API key provided',
    details: { status: 401 },
  });
  await expect(modelAt({ LLM_BASE_URL: `${base}/empty` }).complete(messages)).rejects.toMatchObject({
    code: 'model_failed',
    message: expect.stringContaining('without a message'),
  });
});

it('gives up at its deadline', async () => {
  const started = Date.now();
  await expect(modelAt({ LLM_BASE_URL: `${base}/slow` }).complete(messages, { timeoutMs: 300 })).rejects.toMatchObject({
    code: 'model_unreachable',
    message: expect.stringContaining('did not answer'),
    details: { cause: 'fetch_timeout' },
  });
  // The answer comes at 2 s: under that shows the deadline cut it short (the rejection alone shows it too).
  expect(Date.now() - started).toBeLessThan(1_900);
});

it("gives up when its caller's signal ends it (a reply poll's deadline), long before its own deadline", async () => {
  const started = Date.now();
  const deadline = new Error('the poll is past its deadline');
  await expect(modelAt({ LLM_BASE_URL: `${base}/slow` }).complete(messages, { timeoutMs: 60_000, signal: AbortSignal.timeout(300) })).rejects.toMatchObject({
    name: 'TimeoutError',
  });
  expect(Date.now() - started).toBeLessThan(1_900);
  // Ended before it started: nothing is sent.
  seen.length = 0;
  const ended = new AbortController();
  ended.abort(deadline);
  await expect(modelAt({ LLM_BASE_URL: `${base}/slow` }).complete(messages, { signal: ended.signal })).rejects.toBe(deadline);
  await new Promise((r) => setTimeout(r, 100));
  expect(seen).toHaveLength(0);
});

it('goes through the outbound guard: a loopback endpoint needs ALLOW_PRIVATE_FETCH', async () => {
  await expect(modelAt({ LLM_BASE_URL: `${base}/v1`, ALLOW_PRIVATE_FETCH: 'false' }).complete(messages)).rejects.toMatchObject({
    code: 'model_unreachable',
    details: { cause: 'address_not_allowed' },
  });
  expect(seen).toHaveLength(0);
});
