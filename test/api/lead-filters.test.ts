// api.md saved lead filters: POST /lead-filters {name, filter} → {id, name, filter}; 400 for a field or
// value the lead list does not accept or an empty filter; 409 for a used name; GET by name with
// created_at; DELETE; applying one is passing its fields to the lead list. Through REST and GraphQL,
// with workspace isolation.
import { randomUUID } from 'node:crypto';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let other: Account;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
  other = await signUp(service.url);
});
afterAll(() => service.stop());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /lead-filters', () => {
  it('saves a named filter and answers {id, name, filter} in the lead list query names', async () => {
    const listId = randomUUID();
    const res = await me.client.post('/lead-filters', {
      name: '  Hot leads ',
      filter: { status: 'active', interest: 'interested', verification: 'unchecked', provider: 'provider_a', list_id: listId, q: ' acme ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Hot leads',
      filter: { status: 'active', interest: 'interested', verification: 'unchecked', provider: 'provider_a', list_id: listId, q: 'acme' },
    });
  });

  it('keeps only the fields given; an empty value is no filter', async () => {
    const res = await me.client.post('/lead-filters', { name: 'Paused only', filter: { status: 'paused', interest: '', q: '' } });
    expect(res.body.filter).toEqual({ status: 'paused' });
  });

  it.each([
    [{ colour: 'red' }, 'filter.colour'],
    [{ status: 'sleeping' }, 'filter.status'],
    [{ interest: 'maybe' }, 'filter.interest'],
    [{ verification: 'checked' }, 'filter.verification'],
    [{ provider: 'gmail' }, 'filter.provider'],
    [{ list_id: 'not-a-uuid' }, 'filter.list_id'],
    [{ status: 5 }, 'filter.status'],
    [{ q: ['a'] }, 'filter.q'],
    [{ listId: randomUUID() }, 'filter.listId'],
    [{ limit: 10 }, 'filter.limit'],
  ])('refuses the filter %j with 400 naming %s', async (filter, field) => {
    const err = expectError(await me.client.post('/lead-filters', { name: `Bad ${randomUUID()}`, filter }), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  it.each([[{}], [{ status: '' }], [{ q: '   ' }], [{ status: null }]])('refuses the empty filter %j (400)', async (filter) => {
    expectError(await me.client.post('/lead-filters', { name: `Empty ${randomUUID()}`, filter }), 400, 'empty_filter');
  });

  it.each([
    [{ name: 'x' }],
    [{ name: 'x', filter: 'status=paused' }],
    [{ name: 'x', filter: ['status'] }],
    [{ name: 'x', filter: null }],
    [{ filter: { status: 'paused' } }],
    [{ name: '  ', filter: { status: 'paused' } }],
    [{ name: 'x'.repeat(101), filter: { status: 'paused' } }],
    [{ name: 'x', filter: { status: 'paused' }, extra: 1 }],
  ])('refuses the body %j (400)', async (body) => {
    expectError(await me.client.post('/lead-filters', body), 400);
  });

  it('refuses a name already used in the workspace (409), not one used in another workspace', async () => {
    expect((await me.client.post('/lead-filters', { name: 'Taken', filter: { status: 'paused' } })).status).toBe(200);
    expectError(await me.client.post('/lead-filters', { name: ' Taken ', filter: { status: 'active' } }), 409, 'name_taken');
    expect((await other.client.post('/lead-filters', { name: 'Taken', filter: { status: 'active' } })).status).toBe(200);
  });

  it('keeps one filter when the same name is saved twice at once', async () => {
    const both = await Promise.all([1, 2].map(() => me.client.post('/lead-filters', { name: 'Race', filter: { status: 'paused' } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('GET /lead-filters and DELETE /lead-filters/:id', () => {
  it('lists the workspace’s filters by name with created_at, never another workspace’s', async () => {
    const acct = await signUp(service.url);
    for (const name of ['zulu', 'Alpha', 'mike', 'beta 10', 'beta 9']) {
      expect((await acct.client.post('/lead-filters', { name, filter: { q: name } })).status).toBe(200);
    }
    await other.client.post('/lead-filters', { name: 'Not mine', filter: { status: 'paused' } });
    const res = await acct.client.get('/lead-filters');
    expect(res.status).toBe(200);
    expect(res.body.map((f: { name: string }) => f.name)).toEqual(['Alpha', 'beta 9', 'beta 10', 'mike', 'zulu']);
    expect(res.body[0]).toEqual({ id: expect.any(String), name: 'Alpha', filter: { q: 'Alpha' }, created_at: expect.stringMatching(ISO) });
  });

  it('deletes a filter; another workspace’s id, an unknown id and a malformed one are 404', async () => {
    const acct = await signUp(service.url);
    const made = (await acct.client.post('/lead-filters', { name: 'Gone soon', filter: { status: 'paused' } })).body;
    const theirs = (await other.client.post('/lead-filters', { name: `Theirs ${randomUUID()}`, filter: { status: 'paused' } })).body;
    expectError(await acct.client.delete(`/lead-filters/${theirs.id}`), 404, 'not_found');
    expectError(await acct.client.delete(`/lead-filters/${randomUUID()}`), 404, 'not_found');
    expectError(await acct.client.delete('/lead-filters/nope'), 404, 'not_found');
    expect((await acct.client.delete(`/lead-filters/${made.id}`)).body).toEqual({ deleted: true });
    expect((await acct.client.get('/lead-filters')).body).toEqual([]);
    expect((await other.client.get('/lead-filters')).body.map((f: { id: string }) => f.id)).toContain(theirs.id);
    // The name is free again.
    expect((await acct.client.post('/lead-filters', { name: 'Gone soon', filter: { status: 'active' } })).status).toBe(200);
  });

  it('needs credentials (401)', async () => {
    expectError(await new Client(service.url).get('/lead-filters'), 401, 'unauthorized');
  });
});

it('applies by passing its fields to the lead list', async () => {
  const acct = await signUp(service.url);
  const campaign = await createCampaign(service, acct.workspaceId);
  await createLeads(service, acct.workspaceId, campaign.id, [
    { email: 'a@acme.com', status: 'paused', createdAt: new Date(1_000) },
    { email: 'b@acme.com', status: 'active', createdAt: new Date(2_000) },
    { email: 'c@other.com', status: 'paused', createdAt: new Date(3_000) },
  ]);
  const saved = (await acct.client.post('/lead-filters', { name: 'Paused at Acme', filter: { status: 'paused', q: 'acme' } })).body;
  const res = await acct.client.get(`/campaigns/${campaign.id}/leads?${new URLSearchParams(saved.filter)}`);
  expect(res.body.map((l: { email: string }) => l.email)).toEqual(['a@acme.com']);
});

describe('GraphQL', () => {
  it('creates, lists and deletes saved filters with the same rules', async () => {
    const acct = await signUp(service.url);
    const listId = randomUUID();
    const made = await acct.client.gql(ops.CreateLeadFilterDocument, { input: { name: 'Via GraphQL', filter: { status: 'active', listId, q: null } } });
    expect(made.errors).toBeUndefined();
    expect(made.data!.createLeadFilter).toEqual({
      id: expect.any(String),
      name: 'Via GraphQL',
      createdAt: expect.stringMatching(ISO),
      filter: { status: 'active', interest: null, verification: null, provider: null, listId, q: null },
    });
    const listed = await acct.client.gql(ops.LeadFiltersDocument);
    expect(listed.data!.leadFilters.map((f) => f.name)).toEqual(['Via GraphQL']);

    const taken = await acct.client.gql(ops.CreateLeadFilterDocument, { input: { name: 'Via GraphQL', filter: { status: 'paused' } } });
    expect(taken.errors![0].extensions).toMatchObject({ code: 'name_taken', status: 409 });
    const bad = await acct.client.gql(ops.CreateLeadFilterDocument, { input: { name: 'Bad', filter: { status: 'sleeping' } } });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    const empty = await acct.client.gql(ops.CreateLeadFilterDocument, { input: { name: 'Empty', filter: {} } });
    expect(empty.errors![0].extensions).toMatchObject({ code: 'empty_filter', status: 400 });

    const theirs = (await other.client.post('/lead-filters', { name: `GQL theirs ${randomUUID()}`, filter: { status: 'paused' } })).body;
    const notMine = await acct.client.gql(ops.DeleteLeadFilterDocument, { id: theirs.id });
    expect(notMine.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const deleted = await acct.client.gql(ops.DeleteLeadFilterDocument, { id: made.data!.createLeadFilter.id });
    expect(deleted.data!.deleteLeadFilter).toEqual({ deleted: true });
  });
});
