// api.md "Blocklist": add addresses and domains ({added}), CSV import by an email/domain column else the
// first column ({added, already, invalid}), the list (newest first, entries as workspaceId, email, reason,
// createdAt), delete by address or domain (URL-encoded, 404 when absent); blockAddress for other code;
// the "address or its domain" SQL check; through REST and GraphQL, never across workspaces.
import { BlocklistEntry } from '../../src/modules/blocklist/blocklist-entry.entity';
import { blockedSql } from '../../src/modules/blocklist/blocklist-match';
import { blockAddress } from '../../src/modules/blocklist/blocklist.service';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { createCampaign } from '../support/factories/campaign.factory';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let other: Account;

beforeAll(async () => {
  service = await startTestService();
  other = await signUp(service.url);
});
afterAll(() => service.stop());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const em = () => service.deps.orm.em.fork({ disableContextResolution: true });

/** A fresh workspace per test: its blocklist starts empty. */
const fresh = async () => (await signUp(service.url)).client;

const add = (client: Client, emails: unknown) => client.post('/blocklist', { emails });
const importCsv = (client: Client, text: string) => client.request('POST', '/api/blocklist/import', text, { 'content-type': 'text/csv' });

async function entries(client: Client, query = ''): Promise<{ workspaceId: string; email: string; reason: string; createdAt: string }[]> {
  const res = await client.get(`/blocklist${query}`);
  expect(res.status).toBe(200);
  return res.body;
}
const emails = async (client: Client, query = '') => (await entries(client, query)).map((e) => e.email);

describe('POST /blocklist', () => {
  it('adds addresses and domains, trimmed and lower-cased, a leading @ and a trailing dot dropped, as manual entries', async () => {
    const api = await fresh();
    const res = await add(api, [' Ana@Example.COM ', '@Competitor.com', 'other.org.', 'ana@example.com', 'sub.domain.co.uk']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 4 }); // the repeat of ana@example.com is not new
    expect((await emails(api)).sort()).toEqual(['ana@example.com', 'competitor.com', 'other.org', 'sub.domain.co.uk']);
    expect((await entries(api)).every((e) => e.reason === 'manual')).toBe(true);
  });

  it('counts only entries new to the blocklist', async () => {
    const api = await fresh();
    await add(api, ['a@example.com', 'example.org']);
    expect((await add(api, ['A@EXAMPLE.com', '@example.org', 'b@example.com'])).body).toEqual({ added: 1 });
    expect((await add(api, [])).body).toEqual({ added: 0 });
  });

  it('refuses the whole call when an entry is neither an address nor a domain (400 invalid_entries), adding nothing', async () => {
    const api = await fresh();
    for (const bad of ['not an address', '', '   ', 'a@', '@', 'localhost', 'a@b@c.com', 'http://example.com', 'exa mple.com']) {
      const err = expectError(await add(api, ['fine@example.com', bad]), 400, 'invalid_entries');
      expect(err.details?.invalid).toEqual([bad]);
    }
    expect(await emails(api)).toEqual([]);
  });

  it('refuses a body that is not {emails: string[]} (400 validation_failed)', async () => {
    const api = await fresh();
    for (const body of [
      {},
      { emails: 'a@example.com' },
      { emails: [1] },
      { emails: [null] },
      { emails: null },
      { emails: ['a@example.com'], reason: 'x' },
      { emails: ['x'.repeat(321)] },
    ]) {
      expectError(await api.post('/blocklist', body), 400, 'validation_failed');
    }
    expectError(
      await add(
        api,
        Array.from({ length: 10_001 }, (_, i) => `a${i}@example.com`),
      ),
      400,
      'validation_failed',
    );
  });
});

describe('POST /blocklist/import', () => {
  it('reads the email column when there is one, counting added, already (listed before or earlier in the file) and invalid rows', async () => {
    const api = await fresh();
    await add(api, ['old@example.com']);
    const res = await importCsv(api, 'Name,Email,Note\nAna,ana@example.com,x\nOld,OLD@example.com,\nAgain,Ana@Example.com,\nBad,nope,\nBlank,,\nDomain,@spam.test,\n');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 2, already: 2, invalid: 2 });
    const rows = await entries(api);
    expect(
      rows
        .filter((e) => e.reason === 'import')
        .map((e) => e.email)
        .sort(),
    ).toEqual(['ana@example.com', 'spam.test']);
    expect(rows.find((e) => e.email === 'old@example.com')?.reason).toBe('manual'); // an entry keeps its first reason
  });

  it('reads the domain column when there is no email column', async () => {
    const api = await fresh();
    expect((await importCsv(api, 'company,domain\nAcme,acme.com\nBeta,@Beta.io\nGamma,not a domain\n')).body).toEqual({ added: 2, already: 0, invalid: 1 });
    expect((await emails(api)).sort()).toEqual(['acme.com', 'beta.io']);
  });

  it('with both columns, reads the domain of a row whose email is blank', async () => {
    const api = await fresh();
    expect((await importCsv(api, 'email,domain\na@x.com,ignored.com\n,y.com\n,not a domain\n')).body).toEqual({ added: 2, already: 0, invalid: 1 });
    expect((await emails(api)).sort()).toEqual(['a@x.com', 'y.com']);
  });

  it('otherwise reads the first column, under a header or, when the first row is an entry itself, without one', async () => {
    const api = await fresh();
    expect((await importCsv(api, 'Who,When\nfirst@example.com,2024\nsecond.com,2025\n')).body).toEqual({ added: 2, already: 0, invalid: 0 });
    const bare = await fresh();
    expect((await importCsv(bare, 'one@example.com\r\ntwo@example.com\r\n\r\nthree.com\r\n')).body).toEqual({ added: 3, already: 0, invalid: 0 });
    expect((await emails(bare)).sort()).toEqual(['one@example.com', 'three.com', 'two@example.com']);
  });

  it('reads a BOM, quoted fields, semicolons and the multipart field "file"', async () => {
    const api = await fresh();
    expect((await importCsv(api, '\uFEFF"Email";"Name"\r\n"q@example.com";"Q; Quoted"\r\n')).body).toEqual({ added: 1, already: 0, invalid: 0 });
    const form = new FormData();
    form.append('file', new Blob(['email\nform@example.com\n'], { type: 'text/csv' }), 'block.csv');
    expect((await api.request('POST', '/api/blocklist/import', form)).body).toEqual({ added: 1, already: 0, invalid: 0 });
    expect((await emails(api)).sort()).toEqual(['form@example.com', 'q@example.com']);
  });

  it('answers zeros for an empty file and 400 not_csv for a body that is not CSV', async () => {
    const api = await fresh();
    expect((await importCsv(api, '')).body).toEqual({ added: 0, already: 0, invalid: 0 });
    expectError(await api.post('/blocklist/import', { emails: ['a@example.com'] }), 400, 'not_csv');
  });
});

describe('GET /blocklist', () => {
  it('lists entries newest first as {workspaceId, email, reason, createdAt} with X-Total-Count', async () => {
    const me = await signUp(service.url);
    const api = me.client;
    await add(api, ['first@example.com']);
    await importCsv(api, 'email\nsecond@example.com\n');
    await add(api, ['third.com']);
    const res = await api.get('/blocklist');
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.body).toEqual([
      { workspaceId: me.workspaceId, email: 'third.com', reason: 'manual', createdAt: expect.stringMatching(ISO) },
      { workspaceId: me.workspaceId, email: 'second@example.com', reason: 'import', createdAt: expect.stringMatching(ISO) },
      { workspaceId: me.workspaceId, email: 'first@example.com', reason: 'manual', createdAt: expect.stringMatching(ISO) },
    ]);
    expect(res.body.map((e: Record<string, unknown>) => Object.keys(e).sort())[0]).toEqual(['createdAt', 'email', 'reason', 'workspaceId']);
  });

  it('filters by q (literal: % _ and \\ match themselves) and reason, and pages with limit and offset', async () => {
    const api = await fresh();
    await add(api, ['a_b@example.com', 'axb@example.com', 'c%d@example.com', 'plain.org']);
    await importCsv(api, 'email\nimported@example.com\n');
    expect((await emails(api, '?q=_')).sort()).toEqual(['a_b@example.com']);
    expect(await emails(api, '?q=%25')).toEqual(['c%d@example.com']);
    expect(await emails(api, '?q=%5C')).toEqual([]);
    expect(await emails(api, '?q=PLAIN')).toEqual(['plain.org']);
    expect(await emails(api, '?reason=import')).toEqual(['imported@example.com']);
    expect(await emails(api, '?q=&reason=')).toHaveLength(5); // an empty value is no filter

    const page = await api.get('/blocklist?limit=2&offset=1');
    expect(page.headers.get('x-total-count')).toBe('5');
    expect(page.body).toHaveLength(2);
    expect(page.body.map((e: { email: string }) => e.email)).toEqual((await emails(api)).slice(1, 3));
  });

  it('refuses a bad limit, offset or reason (400)', async () => {
    const api = await fresh();
    for (const q of ['?limit=-1', '?limit=abc', '?limit=10001', '?offset=-1', '?reason=spam', '?limit=1&limit=2', '?other=1']) {
      expectError(await api.get(`/blocklist${q}`), 400, 'validation_failed');
    }
  });
});

describe('DELETE /blocklist/:email', () => {
  it('removes an address or a domain, URL-encoded, whatever its case or a leading @', async () => {
    const api = await fresh();
    await add(api, ['a+tag@example.com', 'spam.test', 'keep@example.com']);
    expect((await api.delete(`/blocklist/${encodeURIComponent('A+Tag@Example.com')}`)).body).toEqual({ deleted: true });
    expect((await api.delete(`/blocklist/${encodeURIComponent('@spam.test')}`)).body).toEqual({ deleted: true });
    expect(await emails(api)).toEqual(['keep@example.com']);
  });

  it('answers 404 when the entry is absent (and for a domain when only an address at it is listed)', async () => {
    const api = await fresh();
    await add(api, ['a@example.com']);
    expectError(await api.delete('/blocklist/example.com'), 404, 'not_found');
    expectError(await api.delete('/blocklist/nobody%40example.com'), 404, 'not_found');
    expect((await api.delete('/blocklist/a%40example.com')).body).toEqual({ deleted: true });
    expectError(await api.delete('/blocklist/a%40example.com'), 404, 'not_found');
  });
});

describe('workspace isolation', () => {
  it("never lists, counts, deletes or blocks with another workspace's entries", async () => {
    const api = await fresh();
    await add(other.client, ['theirs@example.com', 'theirs.org']);
    expect(await emails(api)).toEqual([]);
    expect((await api.get('/blocklist')).headers.get('x-total-count')).toBe('0');
    expectError(await api.delete('/blocklist/theirs%40example.com'), 404, 'not_found');
    expectError(await api.delete('/blocklist/theirs.org'), 404, 'not_found');
    // The same entries are new in this workspace.
    expect((await add(api, ['theirs@example.com'])).body).toEqual({ added: 1 });
    expect((await importCsv(api, 'domain\ntheirs.org\n')).body).toEqual({ added: 1, already: 0, invalid: 0 });
    expect((await emails(other.client)).sort()).toEqual(['theirs.org', 'theirs@example.com']);
    expect((await api.gql(ops.BlocklistDocument)).data?.blocklist.items.every((e) => e.workspaceId !== other.workspaceId)).toBe(true);
    const gqlDelete = await api.gql(ops.DeleteBlocklistEntryDocument, { email: 'x.theirs.org' });
    expect(gqlDelete.errors?.[0].extensions?.code).toBe('not_found');
  });
});

describe('checked at import', () => {
  it('a blocked address or domain is kept out of a campaign import', async () => {
    const me = await signUp(service.url);
    await add(me.client, ['blocked@example.com', 'blocked.org']);
    const campaign = await createCampaign(service, me.workspaceId);
    const res = await me.client.post(`/campaigns/${campaign.id}/leads/manual`, {
      leads: [{ email: 'Blocked@Example.com' }, { email: 'anyone@blocked.org' }, { email: 'fine@example.com' }, { email: 'x@sub.blocked.org' }],
    });
    expect(res.body).toMatchObject({ inserted: 2, blocklisted: 2 });
  });
});

describe('blockAddress (for unsubscribes and bounces)', () => {
  it('adds the address once with its reason; calling again changes nothing', async () => {
    const me = await signUp(service.url);
    expect(await blockAddress(em(), me.workspaceId, ' Gone@Example.com ', 'unsubscribe')).toBe(true);
    expect(await blockAddress(em(), me.workspaceId, 'gone@example.com', 'hard_bounce')).toBe(false);
    const rows = await em().find(BlocklistEntry, { workspace: me.workspaceId }, { filters: false });
    expect(rows.map((e) => [e.email, e.reason])).toEqual([['gone@example.com', 'unsubscribe']]);
  });

  it("runs inside the caller's transaction", async () => {
    const me = await signUp(service.url);
    await expect(
      em().transactional(async (tem) => {
        await blockAddress(tem, me.workspaceId, 'rolled@example.com', 'hard_bounce');
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await em().count(BlocklistEntry, { workspace: me.workspaceId }, { filters: false })).toBe(0);
  });
});

describe('blockedSql', () => {
  it('is true for a listed address or its domain, in the given workspace only', async () => {
    const me = await signUp(service.url);
    await add(me.client, ['one@example.com', 'whole.org']);
    const check = async (address: string, workspaceId = me.workspaceId) => {
      // The fragment names the workspace and the address for the address's probe, then both again for
      // the domain's (cut from the address).
      const sql = `select ${blockedSql('lower(cast(? as text))', 'cast(? as uuid)')} as blocked`;
      const [row] = await em().getConnection().execute<{ blocked: boolean }[]>(sql, [workspaceId, address, workspaceId, address]);
      return row.blocked;
    };
    expect(await check('one@example.com')).toBe(true);
    expect(await check('ONE@example.com')).toBe(true);
    expect(await check('anyone@whole.org')).toBe(true);
    expect(await check('two@example.com')).toBe(false);
    expect(await check('a@sub.whole.org')).toBe(false);
    expect(await check('one@example.com', other.workspaceId)).toBe(false);
  });
});

describe('GraphQL', () => {
  it('adds, imports, lists and deletes entries', async () => {
    const me = await signUp(service.url);
    const api = me.client;
    expect((await api.gql(ops.AddToBlocklistDocument, { input: { emails: ['G@Example.com', '@gql.org'] } })).data?.addToBlocklist).toEqual({ added: 2 });
    expect((await api.gql(ops.ImportBlocklistDocument, { csv: 'email\ng@example.com\nnew@example.com\nbad\n' })).data?.importBlocklist).toEqual({
      added: 1,
      already: 1,
      invalid: 1,
    });

    const list = await api.gql(ops.BlocklistDocument, { query: { limit: 2 } });
    expect(list.data?.blocklist.total).toBe(3);
    expect(list.data?.blocklist.items).toEqual([
      { workspaceId: me.workspaceId, email: 'new@example.com', reason: 'import', createdAt: expect.stringMatching(ISO) },
      expect.anything(),
    ]);
    expect((await api.gql(ops.BlocklistDocument, { query: { reason: 'manual', q: 'gql' } })).data?.blocklist.items.map((e) => e.email)).toEqual(['gql.org']);

    expect((await api.gql(ops.DeleteBlocklistEntryDocument, { email: '@GQL.org' })).data?.deleteBlocklistEntry).toEqual({ deleted: true });
    expect((await api.gql(ops.DeleteBlocklistEntryDocument, { email: 'gql.org' })).errors?.[0].extensions?.code).toBe('not_found');
  });

  it('refuses invalid entries and bad queries with the REST codes', async () => {
    const api = await fresh();
    const bad = await api.gql(ops.AddToBlocklistDocument, { input: { emails: ['ok@example.com', 'nope'] } });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'invalid_entries', details: { invalid: ['nope'] } });
    const query = await api.gql(ops.BlocklistDocument, { query: { reason: 'spam' } });
    expect(query.errors?.[0].extensions?.code).toBe('validation_failed');
    expect(await emails(api)).toEqual([]);
  });

  it('needs a caller (401)', async () => {
    expect((await new Client(service.url).gql(ops.BlocklistDocument)).errors?.[0].extensions?.code).toBe('unauthorized');
    expectError(await new Client(service.url).get('/blocklist'), 401, 'unauthorized');
  });
});
