// api.md "Lead lists": create ({id, workspaceId, name, createdAt}), CSV import with its own counts (an
// address new to the list, case-insensitive, within the file and against the list; other columns become
// fields), the list with counts (oldest first), delete keeping campaign leads; through REST and GraphQL,
// and workspace isolation on every endpoint.
import { Readable } from 'node:stream';
import { authedContext } from '../../src/runtime/context';
import { importLeadListCsv } from '../../src/modules/leads/lead-lists.service';
import { LeadListEntry } from '../../src/modules/leads/lead-list-entry.entity';
import { Lead } from '../../src/modules/leads/lead.entity';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { createCampaign } from '../support/factories/campaign.factory';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;
let other: Account;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
  api = me.client;
  other = await signUp(service.url);
});
afterAll(() => service.stop());

const MISSING = '00000000-0000-4000-8000-000000000000';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const em = () => service.deps.orm.em.fork({ disableContextResolution: true });

async function newList(name = 'Prospects', client = api): Promise<string> {
  const res = await client.post('/lead-lists', { name });
  expect(res.status).toBe(200);
  return res.body.id;
}

const importCsv = (listId: string, text: string, client = api) => client.request('POST', `/api/lead-lists/${listId}/leads`, text, { 'content-type': 'text/csv' });

/** The list's entries in list order (created_at, id): the order it feeds a campaign in. */
const entriesOf = (listId: string) => em().find(LeadListEntry, { list: listId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

async function listed(client = api): Promise<{ id: string; name: string; created_at: string; leads: number }[]> {
  const res = await client.get('/lead-lists');
  expect(res.status).toBe(200);
  return res.body;
}

describe('POST /lead-lists', () => {
  it('creates a list and answers {id, workspaceId, name, createdAt} in camelCase, the name trimmed', async () => {
    const res = await api.post('/lead-lists', { name: '  Berlin CTOs ' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'id', 'name', 'workspaceId']);
    expect(res.body).toMatchObject({ workspaceId: me.workspaceId, name: 'Berlin CTOs', createdAt: expect.stringMatching(ISO) });
    expect((await listed()).find((l) => l.id === res.body.id)).toMatchObject({ name: 'Berlin CTOs', leads: 0 });
  });

  it('refuses a missing, blank, too long or non-text name and unknown fields (400)', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 7 }, { name: null }, { name: 'ok', extra: 1 }, { name: 'nul\u0000' }]) {
      expectError(await api.post('/lead-lists', body), 400, 'validation_failed');
    }
    expectError(await api.request('POST', '/api/lead-lists', '[]', { 'content-type': 'application/json' }), 400);
  });
});

describe('POST /lead-lists/:id/leads', () => {
  it('adds each new address, counting duplicates (case-insensitive, in the file and against the list) and invalid rows', async () => {
    const listId = await newList();
    const first = await importCsv(listId, 'email,First Name,Company\nAna@Example.com,Ana,Acme\nbo@example.com,Bo,\nANA@example.com,Again,Dup\nnot-an-address,X,Y\n,Blank,Row\n');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: 2, duplicates: 1, invalid: 2 });

    const second = await importCsv(listId, 'EMAIL,company\nbo@EXAMPLE.com,Later\ncy@example.com,Cy Corp\n');
    expect(second.body).toEqual({ added: 1, duplicates: 1, invalid: 0 });

    const entries = await entriesOf(listId);
    expect(entries.map((e) => [e.email, e.vars])).toEqual([
      ['ana@example.com', { first_name: 'Ana', company: 'Acme' }], // the first row of an address wins
      ['bo@example.com', { first_name: 'Bo' }], // a blank value is no field
      ['cy@example.com', { company: 'Cy Corp' }],
    ]);
    expect((await listed()).find((l) => l.id === listId)?.leads).toBe(3);
  });

  it('cleans field names and values as lead imports do, and reads BOM, CRLF, quoted fields and ragged rows', async () => {
    const listId = await newList();
    const csv = '\uFEFF"E-mail","Société","Note"\r\n"dee@example.com","Dee {{x}} | <b>","line one\r\nline two"\r\n\r\neve@example.com\r\n';
    expect((await importCsv(listId, csv)).body).toEqual({ added: 2, duplicates: 0, invalid: 0 });
    const entries = await entriesOf(listId);
    expect(entries.map((e) => [e.email, e.vars])).toEqual([
      ['dee@example.com', { societe: 'Dee x b', note: 'line one line two' }],
      ['eve@example.com', {}],
    ]);
  });

  it('keeps the file order, so the list feeds a campaign in that order', async () => {
    const listId = await newList();
    const addresses = Array.from({ length: 30 }, (_, i) => `p${(i * 7) % 30}@example.com`);
    await importCsv(listId, `email\n${addresses.join('\n')}\n`);
    expect((await entriesOf(listId)).map((e) => e.email)).toEqual(addresses);
  });

  it('takes the CSV as the multipart field "file"', async () => {
    const listId = await newList();
    const form = new FormData();
    form.append('file', new Blob(['email,name\nfile@example.com,File\n'], { type: 'text/csv' }), 'list.csv');
    const res = await api.request('POST', `/api/lead-lists/${listId}/leads`, form);
    expect(res.body).toEqual({ added: 1, duplicates: 0, invalid: 0 });
  });

  it('refuses a CSV without an email column (400 no_email_column) and a body that is not CSV (400 not_csv), adding nothing', async () => {
    const listId = await newList();
    expectError(await importCsv(listId, 'name,company\nAna,Acme\n'), 400, 'no_email_column');
    expectError(await importCsv(listId, ''), 400, 'no_email_column');
    expectError(await api.post(`/lead-lists/${listId}/leads`, { email: 'a@example.com' }), 400, 'not_csv');
    expect(await entriesOf(listId)).toHaveLength(0);
  });

  it('adds nothing when the file fails part of the way through', async () => {
    const listId = await newList();
    // Several batches of good rows arrive, then the upload breaks off.
    const rows = Array.from({ length: 10_000 }, (_, i) => `row${i}@example.com\n`);
    async function* upload() {
      yield 'email\n';
      for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).join('');
      throw new Error('connection reset');
    }
    const ctx = authedContext(service.deps, { workspaceId: me.workspaceId, userId: null, role: 'owner', via: 'api_key' });
    await expect(importLeadListCsv(ctx, listId, Readable.from(upload(), { objectMode: true }))).rejects.toThrow('connection reset');
    expect(await entriesOf(listId)).toHaveLength(0);
    // The same rows in full go in.
    expect((await importCsv(listId, `email\n${rows.join('')}`)).body).toEqual({ added: 10_000, duplicates: 0, invalid: 0 });
  });

  it("answers 404 for a missing, malformed or other workspace's list, adding nothing", async () => {
    const theirs = await newList('Theirs', other.client);
    for (const id of [MISSING, 'nope', theirs]) expectError(await importCsv(id, 'email\na@example.com\n'), 404, 'not_found');
    expect(await entriesOf(theirs)).toHaveLength(0);
  });
});

describe('GET /lead-lists', () => {
  it("lists the workspace's lists oldest first as {id, name, created_at, leads}, never another workspace's", async () => {
    const fresh = await signUp(service.url);
    const a = await newList('A', fresh.client);
    const b = await newList('B', fresh.client);
    await importCsv(b, 'email\nx@example.com\ny@example.com\n', fresh.client);
    await newList('Not mine', other.client);
    const lists = await listed(fresh.client);
    expect(lists.map((l) => Object.keys(l).sort())).toEqual([
      ['created_at', 'id', 'leads', 'name'],
      ['created_at', 'id', 'leads', 'name'],
    ]);
    expect(lists).toEqual([
      { id: a, name: 'A', created_at: expect.stringMatching(ISO), leads: 0 },
      { id: b, name: 'B', created_at: expect.stringMatching(ISO), leads: 2 },
    ]);
  });
});

describe('DELETE /lead-lists/:id', () => {
  it('deletes the list and its entries; leads it added to campaigns stay, without a source list', async () => {
    const listId = await newList('Feeder');
    await importCsv(listId, 'email,company\nkeep1@example.com,K1\nkeep2@example.com,K2\n');
    const campaign = await createCampaign(service, me.workspaceId, { name: 'Fed' });
    expect((await api.post(`/campaigns/${campaign.id}/leads/from-list`, { list_id: listId })).body).toMatchObject({ inserted: 2 });

    expect((await api.delete(`/lead-lists/${listId}`)).body).toEqual({ deleted: true });
    expect((await listed()).some((l) => l.id === listId)).toBe(false);
    expect(await entriesOf(listId)).toHaveLength(0);
    const leads = await em().find(Lead, { campaign: campaign.id }, { filters: false, orderBy: { email: 'asc' } });
    expect(leads.map((l) => [l.email, l.vars, l.sourceList])).toEqual([
      ['keep1@example.com', { company: 'K1' }, null],
      ['keep2@example.com', { company: 'K2' }, null],
    ]);
    expectError(await api.delete(`/lead-lists/${listId}`), 404, 'not_found');
  });

  it("answers 404 for a missing, malformed or other workspace's list and leaves theirs alone", async () => {
    const theirs = await newList('Theirs', other.client);
    for (const id of [MISSING, 'not-a-uuid', theirs]) expectError(await api.delete(`/lead-lists/${id}`), 404, 'not_found');
    expect((await listed(other.client)).some((l) => l.id === theirs)).toBe(true);
  });
});

describe('GraphQL', () => {
  it('creates, imports into, lists and deletes lead lists', async () => {
    const fresh = await signUp(service.url);
    const gql = fresh.client;
    const created = await gql.gql(ops.CreateLeadListDocument, { input: { name: ' GraphQL list ' } });
    expect(created.errors).toBeUndefined();
    const list = created.data!.createLeadList;
    expect(list).toMatchObject({ workspaceId: fresh.workspaceId, name: 'GraphQL list', createdAt: expect.stringMatching(ISO), leads: 0 });

    const imported = await gql.gql(ops.ImportLeadListLeadsDocument, { id: list.id, csv: 'email,city\nG@example.com,Graz\ng@example.com,Again\nbad,\n' });
    expect(imported.data?.importLeadListLeads).toEqual({ added: 1, duplicates: 1, invalid: 1 });

    const lists = await gql.gql(ops.LeadListsDocument);
    expect(lists.data?.leadLists).toEqual([{ ...list, leads: 1 }]);

    expect((await gql.gql(ops.DeleteLeadListDocument, { id: list.id })).data?.deleteLeadList).toEqual({ deleted: true });
    expect((await gql.gql(ops.LeadListsDocument)).data?.leadLists).toEqual([]);
  });

  it('refuses a CSV without an email column and a blank name (400 codes)', async () => {
    const listId = await newList();
    const res = await api.gql(ops.ImportLeadListLeadsDocument, { id: listId, csv: 'name\nAna\n' });
    expect(res.errors?.[0].extensions?.code).toBe('no_email_column');
    const blank = await api.gql(ops.CreateLeadListDocument, { input: { name: '  ' } });
    expect(blank.errors?.[0].extensions?.code).toBe('validation_failed');
  });

  it("never reaches another workspace's lists", async () => {
    const theirs = await newList('Theirs', other.client);
    const imported = await api.gql(ops.ImportLeadListLeadsDocument, { id: theirs, csv: 'email\na@example.com\n' });
    expect(imported.errors?.[0].extensions?.code).toBe('not_found');
    const deleted = await api.gql(ops.DeleteLeadListDocument, { id: theirs });
    expect(deleted.errors?.[0].extensions?.code).toBe('not_found');
    expect((await api.gql(ops.LeadListsDocument)).data?.leadLists.some((l) => l.id === theirs)).toBe(false);
    expect((await listed(other.client)).find((l) => l.id === theirs)?.leads).toBe(0);
  });

  it('needs a caller (401)', async () => {
    const res = await new Client(service.url).gql(ops.LeadListsDocument);
    expect(res.errors?.[0].extensions?.code).toBe('unauthorized');
    expectError(await new Client(service.url).get('/lead-lists'), 401, 'unauthorized');
  });
});
