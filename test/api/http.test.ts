// Transport rules of decisions.md §3 that hold for every route: body limits, JSON 404s, bad bodies.
import { Client, expectError, signUp } from '../support/client';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

it('answers 413 with the error body for a CSV body over 50 MB, and takes one under it', async () => {
  const { client } = await signUp(service.url);
  const row = 'someone@example.com,Some,Body,Example Inc\n';
  const big = 'email,first_name,last_name,company\n' + row.repeat(Math.ceil((50 * 1024 * 1024) / row.length) + 10);
  const res = await client.request('POST', '/api/campaigns/00000000-0000-4000-8000-000000000000/leads', big, { 'content-type': 'text/csv' });
  expectError(res, 413, 'payload_too_large');
  const small = await client.request('POST', '/api/campaigns/00000000-0000-4000-8000-000000000000/leads', 'email\na@example.com\n', { 'content-type': 'text/csv' });
  expect(small.status).not.toBe(413);
});

it('answers 413 for JSON over 10 MB on authenticated routes too', async () => {
  const { client } = await signUp(service.url);
  const body = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024 + 1) });
  expectError(await client.request('POST', '/api/campaigns', body, { 'content-type': 'application/json' }), 413, 'payload_too_large');
});

it('answers JSON 404s for unknown paths and methods, inside and outside /api', async () => {
  const anon = new Client(service.url);
  expectError(await anon.get('/nope'), 404, 'route_not_found');
  expectError(await anon.request('DELETE', '/api/health'), 404, 'route_not_found');
  expectError(await anon.request('GET', '/x/y/z'), 404, 'route_not_found');
});

it('answers 400 with the error body for a malformed percent-escape in a path, on every kind of route', async () => {
  const { client } = await signUp(service.url);
  expectError(await client.get('/leads/%E0%A4%A'), 400, 'invalid_path');
  expectError(await client.request('DELETE', '/api/blocklist/%zz'), 400, 'invalid_path');
  expectError(await client.get('/campaigns/%/leads'), 400, 'invalid_path');
});
