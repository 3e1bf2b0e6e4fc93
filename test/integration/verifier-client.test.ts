// The verifier port (src/net/verifier-client.ts) as buildPorts builds it from the config, against a
// NeverBounce v4 stand-in on loopback: GET {VERIFIER_URL}/v4/single/check?key=&email=, the result mapped
// as decisions.md §5 says; clear errors otherwise, the key in none of them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/runtime/config';
import { guardedHttp } from '../../src/net/http-client';
import { createVerifierClient } from '../../src/net/verifier-client';
import { buildPorts } from '../../src/runtime/build-ports';

const KEY = 'secret_nb_key_123';
let server: http.Server;
let base: string;
const seen: URL[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://verifier.test');
    seen.push(url);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/broken/v4/single/check') return json(502, { message: 'bad gateway' });
    if (url.pathname === '/slow/v4/single/check') return void setTimeout(() => json(200, { status: 'success', result: 'valid' }), 2_000);
    if (url.pathname !== '/v4/single/check') return json(404, {});
    if (url.searchParams.get('key') !== KEY) return json(200, { status: 'auth_failure', message: `Invalid API key '${url.searchParams.get('key')}'` });
    // The address's local part is the result the stand-in answers.
    const email = url.searchParams.get('email') ?? '';
    const local = email.split('@')[0]!;
    if (local === 'number') return json(200, { status: 'success', result: 3 });
    json(200, { status: 'success', result: local, flags: ['has_dns'], execution_time: 12 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const verifierAt = (url: string, env: Record<string, string> = {}) => buildPorts(loadConfig({ ALLOW_PRIVATE_FETCH: 'true', VERIFIER_URL: url, ...env })).verifier;

it('checks one address with the key and maps the result (decisions.md §5 Verifier)', async () => {
  const verifier = verifierAt(`${base}/`);
  const cases: [string, object][] = [
    ['valid', { verdict: 'valid', catchAll: false, result: 'valid' }],
    ['invalid', { verdict: 'invalid', catchAll: false, result: 'invalid' }],
    ['disposable', { verdict: 'risky', catchAll: false, result: 'disposable' }],
    ['catchall', { verdict: 'risky', catchAll: true, result: 'catchall' }],
    ['unknown', { verdict: 'unknown', catchAll: false, result: 'unknown' }],
    ['number', { verdict: 'risky', catchAll: true, result: 'catchall' }],
    ['something-new', { verdict: 'unknown', catchAll: false, result: 'something-new' }],
  ];
  for (const [local, expected] of cases) await expect(verifier.check(KEY, `${local}@client.test`)).resolves.toEqual(expected);
  expect(seen[0]!.pathname).toBe('/v4/single/check');
  expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ key: KEY, email: 'valid@client.test' });
});

it('refuses clearly when the verifier refuses the key or answers an error, never repeating the key', async () => {
  const err = await verifierAt(base)
    .check('wrong_key_456', 'valid@client.test')
    .catch((e: unknown) => e);
  expect(err).toMatchObject({ status: 400, code: 'verifier_failed', details: { verifier_status: 'auth_failure' } });
  expect((err as Error).message).toContain('auth_failure');
  expect(JSON.stringify({ m: (err as Error).message, d: (err as { details: unknown }).details })).not.toContain('wrong_key_456');
  await expect(verifierAt(`${base}/broken`).check(KEY, 'a@client.test')).rejects.toMatchObject({ code: 'verifier_failed', details: { status: 502 } });
});

it('gives up at its deadline, and goes through the outbound guard', async () => {
  const quick = createVerifierClient(guardedHttp({ allowPrivateFetch: true }), `${base}/slow`, { timeoutMs: 300 });
  await expect(quick.check(KEY, 'a@client.test')).rejects.toMatchObject({ code: 'verifier_unreachable', details: { cause: 'fetch_timeout' } });
  await expect(verifierAt(base, { ALLOW_PRIVATE_FETCH: 'false' }).check(KEY, 'a@client.test')).rejects.toMatchObject({
    code: 'verifier_unreachable',
    details: { cause: 'address_not_allowed' },
  });
});
