// api.md "Reading leads of a campaign" (list with filters, q, paging and X-Total-Count; lead-fields;
// leads.csv) and "Leads" (workspace list, search, one lead, activity, PATCH rules 1–2, one-off rule 3,
// DELETE rule 6) with decisions.md §3 and §5, through REST and GraphQL, and workspace isolation.
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { authedContext } from '../../src/runtime/context';
import { BlocklistEntry } from '../../src/modules/blocklist/blocklist-entry.entity';
import { Campaign } from '../../src/modules/campaigns/campaign.entity';
import { LeadList } from '../../src/modules/leads/lead-list.entity';
import { Lead } from '../../src/modules/leads/lead.entity';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { createCampaign as insertCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import * as ops from '../graphql/generated';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;
let other: Account;
let otherCampaign: Campaign;
let otherLead: Lead;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url, { timezone: 'Europe/Berlin' });
  api = me.client;
  other = await signUp(service.url);
  otherCampaign = await insertCampaign(service, other.workspaceId, { name: 'Theirs' });
  [otherLead] = await createLeads(service, other.workspaceId, otherCampaign.id, [{ email: 'shared@example.com', vars: { company: 'Shared Corp' } }]);
});
afterAll(() => service.stop());

const emOf = (account: Account) => authedContext(service.deps, { workspaceId: account.workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;

/** Leads created `i` seconds after a base time, so their order is known. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i));

async function campaignWith(leads: Parameters<typeof createLeads>[3], account = me, overrides: Parameters<typeof insertCampaign>[2] = {}) {
  const campaign = await insertCampaign(service, account.workspaceId, { name: `Campaign ${randomUUID().slice(0, 6)}`, ...overrides });
  const rows = await createLeads(
    service,
    account.workspaceId,
    campaign.id,
    leads.map((l, i) => ({ createdAt: at(i), ...l })),
  );
  return { campaign, leads: rows };
}

async function leadList(account = me, name = 'List'): Promise<LeadList> {
  const em = emOf(account);
  const list = em.create(LeadList, { workspace: account.workspaceId, name });
  await em.persistAndFlush(list);
  return list;
}

const emails = (res: { body: Json[] }) => res.body.map((l) => l.email);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const LEAD_KEYS = [
  'id',
  'workspaceId',
  'campaignId',
  'email',
  'vars',
  'timezone',
  'status',
  'stopReason',
  'interest',
  'wonAt',
  'dealValue',
  'note',
  'provider',
  'verification',
  'verifiedAt',
  'currentStep',
  'nextDueAt',
  'awayUntil',
  'mailboxId',
  'createdAt',
  'sendZone',
].sort();

describe('GET /campaigns/:id/leads', () => {
  it('returns the api.md lead objects oldest first with sendZone, and X-Total-Count', async () => {
    const { campaign, leads } = await campaignWith([{ email: 'b@example.com', vars: { first_name: 'Bea' }, timezone: 'America/New_York' }, { email: 'a@example.com' }]);
    const res = await api.get(`/campaigns/${campaign.id}/leads`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(emails(res)).toEqual(['b@example.com', 'a@example.com']);
    expect(Object.keys(res.body[0]).sort()).toEqual(LEAD_KEYS);
    expect(res.body[0]).toEqual({
      id: leads[0].id,
      workspaceId: me.workspaceId,
      campaignId: campaign.id,
      email: 'b@example.com',
      vars: { first_name: 'Bea' },
      timezone: 'America/New_York',
      status: 'pending',
      stopReason: null,
      interest: null,
      wonAt: null,
      dealValue: null,
      note: null,
      provider: null,
      verification: null,
      verifiedAt: null,
      currentStep: 0,
      nextDueAt: null,
      awayUntil: null,
      mailboxId: null,
      createdAt: at(0).toISOString(),
      // lead_timezone is off: the campaign's zone
      sendZone: 'Europe/Berlin',
    });
  });

  it("gives sendZone as the lead's zone only when the campaign reads lead zones and the lead has one", async () => {
    const { campaign } = await campaignWith([{ email: 'ny@example.com', timezone: 'America/New_York' }, { email: 'none@example.com' }], me, {
      leadTimezone: true,
      timezone: 'Asia/Tokyo',
    });
    const res = await api.get(`/campaigns/${campaign.id}/leads`);
    expect(res.body.map((l: Json) => [l.email, l.sendZone])).toEqual([
      ['ny@example.com', 'America/New_York'],
      ['none@example.com', 'Asia/Tokyo'],
    ]);
  });

  it('breaks createdAt ties by id, so pages never overlap', async () => {
    const same = new Date(Date.UTC(2026, 1, 1));
    const { campaign, leads } = await campaignWith(Array.from({ length: 6 }, (_, i) => ({ email: `tie${i}@example.com`, createdAt: same })));
    const ids = leads.map((l) => l.id).sort();
    const first = await api.get(`/campaigns/${campaign.id}/leads?limit=3`);
    const second = await api.get(`/campaigns/${campaign.id}/leads?limit=3&offset=3`);
    expect([...first.body, ...second.body].map((l: Json) => l.id)).toEqual(ids);
  });

  it('pages with limit (50 by default, at most 1000) and offset; X-Total-Count ignores paging', async () => {
    const { campaign } = await campaignWith(Array.from({ length: 55 }, (_, i) => ({ email: `p${String(i).padStart(2, '0')}@example.com` })));
    const all = await api.get(`/campaigns/${campaign.id}/leads`);
    expect(all.body).toHaveLength(50);
    expect(all.headers.get('x-total-count')).toBe('55');
    const page = await api.get(`/campaigns/${campaign.id}/leads?limit=10&offset=50`);
    expect(emails(page)).toEqual(['p50@example.com', 'p51@example.com', 'p52@example.com', 'p53@example.com', 'p54@example.com']);
    expect(page.headers.get('x-total-count')).toBe('55');
    expect((await api.get(`/campaigns/${campaign.id}/leads?limit=1000`)).body).toHaveLength(55);
    const countOnly = await api.get(`/campaigns/${campaign.id}/leads?limit=0`);
    expect(countOnly.body).toEqual([]);
    expect(countOnly.headers.get('x-total-count')).toBe('55');
    const beyond = await api.get(`/campaigns/${campaign.id}/leads?offset=500`);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe('55');
  });

  it('filters by status, interest, verification, provider and list_id, all together with AND', async () => {
    const list = await leadList();
    const { campaign } = await campaignWith([
      { email: 's1@example.com', status: 'paused', interest: 'interested', verification: 'valid', provider: 'provider_a', sourceList: list.id },
      { email: 's2@example.com', status: 'paused', interest: 'won', verification: 'unchecked', provider: 'provider_b' },
      { email: 's3@example.com', status: 'replied', interest: 'interested', verification: null, provider: null, sourceList: list.id },
      { email: 's4@example.com', status: 'pending', verification: 'risky', provider: 'other' },
    ]);
    const q = async (query: string) => {
      const res = await api.get(`/campaigns/${campaign.id}/leads?${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
      return emails(res);
    };
    expect(await q('status=paused')).toEqual(['s1@example.com', 's2@example.com']);
    expect(await q('interest=interested')).toEqual(['s1@example.com', 's3@example.com']);
    expect(await q('verification=valid')).toEqual(['s1@example.com']);
    // unchecked: never verified (null) or marked unchecked
    expect(await q('verification=unchecked')).toEqual(['s2@example.com', 's3@example.com']);
    expect(await q('provider=provider_b')).toEqual(['s2@example.com']);
    // unchecked provider: not looked up yet (null)
    expect(await q('provider=unchecked')).toEqual(['s3@example.com']);
    expect(await q(`list_id=${list.id}`)).toEqual(['s1@example.com', 's3@example.com']);
    expect(await q(`list_id=${list.id.toUpperCase()}`)).toEqual(['s1@example.com', 's3@example.com']);
    expect(await q(`status=paused&interest=interested&list_id=${list.id}`)).toEqual(['s1@example.com']);
    expect(await q('status=replied&interest=won')).toEqual([]);
    expect(await q(`list_id=${randomUUID()}`)).toEqual([]);
  });

  it('treats an empty query value as no filter', async () => {
    const { campaign } = await campaignWith([{ email: 'e1@example.com' }, { email: 'e2@example.com', status: 'paused' }]);
    const res = await api.get(`/campaigns/${campaign.id}/leads?status=&interest=&verification=&provider=&list_id=&q=&limit=&offset=`);
    expect(res.status).toBe(200);
    expect(emails(res)).toEqual(['e1@example.com', 'e2@example.com']);
  });

  it.each([
    ['status=sleeping', 'status'],
    ['status=PAUSED', 'status'],
    ['interest=maybe', 'interest'],
    ['verification=checked', 'verification'],
    ['provider=gmail', 'provider'],
    ['list_id=not-a-uuid', 'list_id'],
    ['limit=-1', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-5', 'offset'],
    ['offset=99999999999999', 'offset'],
    ['status=paused&status=active', 'status'],
    ['colour=red', 'colour'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const { campaign } = await campaignWith([{ email: 'x@example.com' }]);
    const err = expectError(await api.get(`/campaigns/${campaign.id}/leads?${query}`), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  describe('q', () => {
    let campaignId: string;
    beforeAll(async () => {
      ({
        campaign: { id: campaignId },
      } = await campaignWith([
        { email: 'john.smith@acme.com' },
        { email: 'jane.doe@acme.com' },
        { email: 'percent%sign@example.com' },
        { email: 'under_score@example.com' },
        { email: 'back\\slash@example.com' },
        { email: "o'brien@example.com" },
        { email: 'say"hi"@example.com' },
        { email: 'plain@example.com' },
      ]));
    });
    const search = async (q: string) => {
      const res = await api.get(`/campaigns/${campaignId}/leads?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
      return emails(res);
    };

    it('matches part of the address, case-insensitively', async () => {
      expect(await search('ACME')).toEqual(['john.smith@acme.com', 'jane.doe@acme.com']);
      expect(await search('smith')).toEqual(['john.smith@acme.com']);
      expect(await search('  Jane.DOE ')).toEqual(['jane.doe@acme.com']);
      expect(await search('nobody')).toEqual([]);
    });

    it('matches %, _, backslashes and quotes literally', async () => {
      expect(await search('%')).toEqual(['percent%sign@example.com']);
      expect(await search('_')).toEqual(['under_score@example.com']);
      expect(await search('\\')).toEqual(['back\\slash@example.com']);
      expect(await search("'")).toEqual(["o'brien@example.com"]);
      expect(await search('"')).toEqual(['say"hi"@example.com']);
      expect(await search('t%s')).toEqual(['percent%sign@example.com']);
      expect(await search('r_s')).toEqual(['under_score@example.com']);
      expect(await search("'; drop table lead; --")).toEqual([]);
    });

    it('finds an address given in mixed case: it is stored lower-case', async () => {
      expect((await api.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email: 'Mixed.Case@Example.COM' }] })).body).toMatchObject({ inserted: 1 });
      expect(await search('case@EXAMPLE')).toEqual(['mixed.case@example.com']);
    });
  });

  it("is 404 for another workspace's campaign and for a malformed id, and never lists another workspace's leads", async () => {
    expectError(await api.get(`/campaigns/${otherCampaign.id}/leads`), 404, 'not_found');
    expectError(await api.get('/campaigns/not-a-uuid/leads'), 404, 'not_found');
    expectError(await api.get(`/campaigns/${randomUUID()}/leads`), 404, 'not_found');
    // The other workspace sees its own lead.
    const theirs = await other.client.get(`/campaigns/${otherCampaign.id}/leads`);
    expect(emails(theirs)).toEqual(['shared@example.com']);
  });

  it('needs credentials (401)', async () => {
    expectError(await new Client(service.url).get(`/campaigns/${otherCampaign.id}/leads`), 401, 'unauthorized');
  });

  it('works through GraphQL: leads(campaignId, query) with total, the same order, filters and refusals', async () => {
    const { campaign } = await campaignWith([{ email: 'g1@example.com', status: 'paused' }, { email: 'g2@example.com' }, { email: 'g3@example.com', status: 'paused' }]);
    const res = await api.gql(ops.LeadsDocument, { campaignId: campaign.id, query: { status: 'paused', limit: 1, offset: 1 } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.leads.total).toBe(2);
    expect(res.data!.leads.items.map((l) => [l.email, l.sendZone, l.campaignName])).toEqual([['g3@example.com', 'Europe/Berlin', campaign.name]]);
    const all = await api.gql(ops.LeadsDocument, { campaignId: campaign.id });
    expect(all.data!.leads.items.map((l) => l.email)).toEqual(['g1@example.com', 'g2@example.com', 'g3@example.com']);
    const bad = await api.gql(ops.LeadsDocument, { campaignId: campaign.id, query: { status: 'sleeping' } });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    const negative = await api.gql(ops.LeadsDocument, { campaignId: campaign.id, query: { limit: -1 } });
    expect(negative.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    const theirs = await api.gql(ops.LeadsDocument, { campaignId: otherCampaign.id });
    expect(theirs.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('GET /campaigns/:id/lead-fields', () => {
  it('lists every field of any lead in order of first appearance', async () => {
    const { campaign } = await campaignWith([
      { email: 'f1@example.com', vars: { z: '1', yy: '2' } },
      { email: 'f2@example.com', vars: {} },
      { email: 'f3@example.com', vars: { yy: '3', alpha: '4' } },
      { email: 'f4@example.com', vars: { z: '5', beta: '6', 'Job Title': '7' } },
    ]);
    const res = await api.get(`/campaigns/${campaign.id}/lead-fields`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fields: ['z', 'yy', 'alpha', 'beta', 'Job Title'] });
  });

  describe('keeps the order the fields were given in (stored vars keep keys shortest first)', () => {
    const newCampaign = async () => (await api.post('/campaigns', { name: `Order ${randomUUID().slice(0, 6)}` })).body.id as string;
    const csvInto = (path: string, text: string) => api.request('POST', `/api${path}`, text, { 'content-type': 'text/csv' });
    const fieldsOf = async (campaignId: string) => (await api.get(`/campaigns/${campaignId}/lead-fields`)).body.fields as string[];

    it("lists CSV columns left to right, and a later import's new columns after them", async () => {
      const campaignId = await newCampaign();
      await csvInto(`/campaigns/${campaignId}/leads`, 'first_name,email,last_name,company,title\nAnn,o1@example.com,Lee,Acme,CEO\n');
      expect(await fieldsOf(campaignId)).toEqual(['first_name', 'last_name', 'company', 'title']);
      await csvInto(`/campaigns/${campaignId}/leads`, 'email,website_url,company,city\no2@example.com,acme.test,Acme,Rome\n');
      expect(await fieldsOf(campaignId)).toEqual(['first_name', 'last_name', 'company', 'title', 'website_url', 'city']);
      // leads.csv has the same columns in the same order.
      const header = (await api.get(`/campaigns/${campaignId}/leads.csv`)).text.split('\r\n')[0].split(',');
      expect(header.slice(9)).toEqual(['first_name', 'last_name', 'company', 'title', 'website_url', 'city']);
    });

    it('lists JSON fields as written, and fields first met on a later row after the earlier ones', async () => {
      const campaignId = await newCampaign();
      await api.post(`/campaigns/${campaignId}/leads/manual`, {
        leads: [
          { email: 'j1@example.com', vars: { zeta: '1', a_much_longer_name: '2' } },
          { email: 'j2@example.com', vars: { b: '3', zeta: '4' } },
        ],
      });
      expect(await fieldsOf(campaignId)).toEqual(['zeta', 'a_much_longer_name', 'b']);
    });

    it("keeps a lead list's column order when the list feeds a campaign", async () => {
      const listId = (await api.post('/lead-lists', { name: `Ordered ${randomUUID().slice(0, 6)}` })).body.id;
      await csvInto(`/lead-lists/${listId}/leads`, 'email,phone_number,first_name,co\nl1@example.com,555,Ann,Acme\n');
      const campaignId = await newCampaign();
      expect((await api.post(`/campaigns/${campaignId}/leads/from-list`, { list_id: listId })).body.inserted).toBe(1);
      expect(await fieldsOf(campaignId)).toEqual(['phone_number', 'first_name', 'co']);
    });

    it('puts a field added by PATCH after the others, and drops a field no lead carries any more', async () => {
      const campaignId = await newCampaign();
      await csvInto(`/campaigns/${campaignId}/leads`, 'email,first_name,company\np1@example.com,Ann,Acme\n');
      const [lead] = (await api.get(`/campaigns/${campaignId}/leads`)).body;
      expect((await api.patch(`/leads/${lead.id}`, { vars: { x: 'new', company: null } })).status).toBe(200);
      expect(await fieldsOf(campaignId)).toEqual(['first_name', 'x']);
    });
  });

  it('gives an empty list for a campaign without leads or fields', async () => {
    const { campaign } = await campaignWith([]);
    expect((await api.get(`/campaigns/${campaign.id}/lead-fields`)).body).toEqual({ fields: [] });
  });

  it('stops at 200 fields', async () => {
    const vars = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`f${String(i).padStart(3, '0')}`, 'v']));
    const { campaign } = await campaignWith([{ email: 'many@example.com', vars }]);
    const res = await api.get(`/campaigns/${campaign.id}/lead-fields`);
    expect(res.body.fields).toHaveLength(200);
    expect(res.body.fields[0]).toBe('f000');
  });

  it("is 404 for another workspace's campaign, and works through GraphQL", async () => {
    expectError(await api.get(`/campaigns/${otherCampaign.id}/lead-fields`), 404, 'not_found');
    const { campaign } = await campaignWith([{ email: 'gf@example.com', vars: { a: '1' } }]);
    const res = await api.gql(ops.LeadFieldNamesDocument, { campaignId: campaign.id });
    expect(res.data!.leadFields).toEqual(['a']);
    const theirs = await api.gql(ops.LeadFieldNamesDocument, { campaignId: otherCampaign.id });
    expect(theirs.errors![0].extensions).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /campaigns/:id/leads.csv', () => {
  it('streams the documented columns, then one per lead field, as RFC 4180 CSV', async () => {
    const sent = new Date(Date.UTC(2026, 2, 3, 4, 5, 6, 789));
    const { campaign } = await campaignWith(
      [
        { email: 'c1@example.com', vars: { first_name: 'Ann', company: 'Acme, Inc.' }, status: 'active', currentStep: 2, lastSentAt: sent, nextDueAt: sent },
        {
          email: 'c2@example.com',
          vars: { company: 'Say "hi"', note_field: 'line1\nline2' },
          status: 'replied',
          interest: 'interested',
          stopReason: 'replied',
          repliedAt: sent,
          currentStep: 1,
        },
        { email: 'c3@example.com' },
      ],
      me,
      { name: 'Q3 Outreach / Ünïcode' },
    );
    const res = await api.get(`/campaigns/${campaign.id}/leads.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="q3-outreach-unicode-leads.csv"');
    // Written as it is read: no Content-Length up front.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    // Fixed columns, then the lead fields in lead-fields order.
    const fields = (await api.get(`/campaigns/${campaign.id}/lead-fields`)).body.fields as string[];
    expect(new Set(fields)).toEqual(new Set(['first_name', 'company', 'note_field']));
    expect(res.text.split('\r\n')[0]).toBe(['email,status,interest,current_step,stop_reason,created_at,last_sent_at,replied_at,next_due_at', ...fields].join(','));
    expect(res.text.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(4);
    const header = parsed[0];
    const row = (i: number) => Object.fromEntries(header.map((h, j) => [h, parsed[i][j]]));
    expect(row(1)).toEqual({
      email: 'c1@example.com',
      status: 'active',
      interest: '',
      current_step: '2',
      stop_reason: '',
      created_at: at(0).toISOString(),
      last_sent_at: sent.toISOString(),
      replied_at: '',
      next_due_at: sent.toISOString(),
      first_name: 'Ann',
      company: 'Acme, Inc.',
      note_field: '',
    });
    expect(row(2)).toMatchObject({
      email: 'c2@example.com',
      status: 'replied',
      interest: 'interested',
      stop_reason: 'replied',
      replied_at: sent.toISOString(),
      company: 'Say "hi"',
      note_field: 'line1\nline2',
    });
    expect(row(3)).toMatchObject({ email: 'c3@example.com', first_name: '', company: '' });
    // Quoting on the wire: comma, doubled quotes, a line break inside quotes.
    expect(res.text).toContain('"Acme, Inc."');
    expect(res.text).toContain('"Say ""hi"""');
    expect(res.text).toContain('"line1\nline2"');
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const { campaign } = await campaignWith([
      { email: '-minus@example.com', vars: { a: '=HYPERLINK("http://x","y")', b: '+1+2', c: '-3', d: '@SUM(A1)', e: '\tTab', f: '\rcr', g: 'safe = 1' } },
    ]);
    const res = await api.get(`/campaigns/${campaign.id}/leads.csv`);
    const [header, row] = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data;
    const cells = Object.fromEntries(header.map((h, j) => [h, row[j]]));
    expect(cells).toMatchObject({ email: "'-minus@example.com", a: `'=HYPERLINK("http://x","y")`, b: "'+1+2", c: "'-3", d: "'@SUM(A1)", e: "'\tTab", f: "'\rcr", g: 'safe = 1' });
  });

  it('neutralises and quotes field names in the header too', async () => {
    const { campaign } = await campaignWith([{ email: 'h@example.com', vars: { '=cmd': 'x', 'a,b': 'y' } }]);
    const res = await api.get(`/campaigns/${campaign.id}/leads.csv`);
    const header = Papa.parse<string[]>(res.text).data[0];
    expect(header.slice(9).sort()).toEqual(["'=cmd", 'a,b'].sort());
  });

  it('writes values as they are: empty text, line breaks inside a value, backslashes, a lone \\., emoji', async () => {
    const vars = { e: '', crlf: 'a\r\nb', lf: 'x\ny', bs: 'C:\\dir\\', dot: '\\.', uni: 'Zoë 😀' };
    const { campaign } = await campaignWith([{ email: 'kinds@example.com', vars }, { email: 'after@example.com' }]);
    const res = await api.get(`/campaigns/${campaign.id}/leads.csv`);
    const [header, row, after, ...rest] = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data;
    expect(rest).toEqual([]);
    expect(after![0]).toBe('after@example.com');
    expect(Object.fromEntries(header!.slice(9).map((h, j) => [h, row![9 + j]]))).toEqual({
      e: '',
      crlf: 'a\r\nb',
      lf: 'x\ny',
      bs: 'C:\\dir\\',
      dot: '\\.',
      uni: 'Zoë 😀',
    });
    // The three records (header and two leads) end with CRLF; the line breaks inside values stay as they
    // were, inside their quotes (one of them a CRLF).
    expect(res.text.split('\r\n').length - 1).toBe(3 + 1);
    expect(res.text).toContain('"x\ny"');
  });

  it('writes every lead oldest first across read batches', async () => {
    const { campaign } = await campaignWith(
      Array.from({ length: 2345 }, (_, i) => ({ email: `bulk${String(i).padStart(4, '0')}@example.com`, createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7)) })),
    );
    const res = await api.get(`/campaigns/${campaign.id}/leads.csv`);
    const rows = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data.slice(1);
    expect(rows).toHaveLength(2345);
    const listed = (await api.get(`/campaigns/${campaign.id}/leads?limit=1000&offset=1000`)).body.map((l: Json) => l.email);
    expect(rows.slice(1000, 2000).map((r) => r[0])).toEqual(listed);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2345);
  });

  it('puts each lead field value under its own column, whatever the field is called', async () => {
    // The values are picked out of each lead's vars by name in SQL: names that read as SQL, as a
    // placeholder or as an object's own machinery stay plain names.
    const names = ['=cmd', 'a,b', 'say "hi"', 'why?', "it's", '__proto__', 'constructor', 'back\\slash'];
    const { campaign } = await campaignWith([
      { email: 'odd1@example.com', vars: Object.fromEntries(names.map((n, i) => [n, `v${i}`])) },
      { email: 'odd2@example.com', vars: { 'why?': 'only this' } },
    ]);
    const res = await api.get(`/campaigns/${campaign.id}/leads.csv`);
    const [header, first, second] = Papa.parse<string[]>(res.text, { skipEmptyLines: true }).data;
    const cells = (row: string[]) => Object.fromEntries(header.slice(9).map((h, j) => [h, row[9 + j]]));
    const heading = (n: string) => (n.startsWith('=') ? `'${n}` : n);
    expect(cells(first)).toEqual(Object.fromEntries(names.map((n, i) => [heading(n), `v${i}`])));
    expect(cells(second)).toEqual(Object.fromEntries(names.map((n) => [heading(n), n === 'why?' ? 'only this' : ''])));
  });

  it('stops cleanly when the client goes away mid-file: the page read ahead fails nothing, the service goes on', async () => {
    const { campaign } = await campaignWith(Array.from({ length: 3500 }, (_, i) => ({ email: `gone${i}@example.com`, vars: { first_name: `N${i}` } })));
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const abort = new AbortController();
      const res = await fetch(`${service.url}/api/campaigns/${campaign.id}/leads.csv`, { headers: { authorization: `Bearer ${me.token}` }, signal: abort.signal });
      const reader = res.body!.getReader();
      await reader.read(); // the header and the first page or so, then the client leaves
      abort.abort();
      await reader.read().catch(() => undefined);
      // Whatever the export was reading when the client left has ended by the time a full file is read.
      const full = await api.get(`/campaigns/${campaign.id}/leads.csv`);
      expect(Papa.parse<string[]>(full.text, { skipEmptyLines: true }).data).toHaveLength(3501);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it("answers only the header for a campaign without leads, and 404 (JSON) for another workspace's campaign", async () => {
    const { campaign } = await campaignWith([]);
    expect((await api.get(`/campaigns/${campaign.id}/leads.csv`)).text).toBe('email,status,interest,current_step,stop_reason,created_at,last_sent_at,replied_at,next_due_at\r\n');
    expectError(await api.get(`/campaigns/${otherCampaign.id}/leads.csv`), 404, 'not_found');
  });
});

describe('GET /leads (workspace-wide)', () => {
  let acct: Account;
  let a: Campaign;
  let b: Campaign;
  beforeAll(async () => {
    acct = await signUp(service.url);
    a = await insertCampaign(service, acct.workspaceId, { name: 'Alpha' });
    b = await insertCampaign(service, acct.workspaceId, { name: 'Beta' });
    await createLeads(service, acct.workspaceId, a.id, [
      { email: 'one@acme.com', vars: { company: 'Acme' }, createdAt: at(1) },
      { email: 'two@globex.com', vars: { Company: 'Globex 100%' }, createdAt: at(3), status: 'paused', interest: 'won' },
    ]);
    await createLeads(service, acct.workspaceId, b.id, [
      { email: 'three@initech.com', vars: { company: 'Initech_Labs' }, createdAt: at(2), provider: 'provider_a' },
      { email: 'shared@example.com', createdAt: at(4) },
    ]);
  });

  it('returns the reduced lead, newest first, with the campaign name and X-Total-Count', async () => {
    const res = await acct.client.get('/leads');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(emails(res)).toEqual(['shared@example.com', 'two@globex.com', 'three@initech.com', 'one@acme.com']);
    expect(res.body[1]).toEqual({
      id: expect.any(String),
      email: 'two@globex.com',
      vars: { Company: 'Globex 100%' },
      status: 'paused',
      stopReason: null,
      interest: 'won',
      currentStep: 0,
      nextDueAt: null,
      createdAt: at(3).toISOString(),
      campaign_id: a.id,
      campaign: 'Alpha',
    });
  });

  it('filters by campaign_id, status, interest, provider and pages', async () => {
    const q = async (query: string) => {
      const res = await acct.client.get(`/leads?${query}`);
      expect(res.status).toBe(200);
      return [emails(res), res.headers.get('x-total-count')];
    };
    expect(await q(`campaign_id=${b.id}`)).toEqual([['shared@example.com', 'three@initech.com'], '2']);
    expect(await q('status=paused')).toEqual([['two@globex.com'], '1']);
    expect(await q('interest=won')).toEqual([['two@globex.com'], '1']);
    expect(await q('provider=provider_a')).toEqual([['three@initech.com'], '1']);
    expect(await q('limit=2&offset=1')).toEqual([['two@globex.com', 'three@initech.com'], '4']);
    expect(await q('limit=1&offset=3')).toEqual([['one@acme.com'], '4']);
    // Past the merge budget (campaigns × (offset + limit)) the page comes from one ordered scan instead.
    expect(await q('offset=50000')).toEqual([[], '4']);
    expect(await q('status=')).toEqual([['shared@example.com', 'two@globex.com', 'three@initech.com', 'one@acme.com'], '4']);
  });

  it('matches q in the address or the company field, literally', async () => {
    const q = async (term: string) => emails(await acct.client.get(`/leads?q=${encodeURIComponent(term)}`));
    expect(await q('acme')).toEqual(['one@acme.com']);
    expect(await q('GLOBEX 1')).toEqual(['two@globex.com']);
    expect(await q('100%')).toEqual(['two@globex.com']);
    expect(await q('h_L')).toEqual(['three@initech.com']);
    expect(await q('%')).toEqual(['two@globex.com']);
  });

  it("never shows another workspace's leads; another workspace's campaign_id is 404, a malformed one 400", async () => {
    expect(emails(await acct.client.get('/leads?q=shared'))).toEqual(['shared@example.com']);
    expect((await acct.client.get('/leads?q=shared')).body[0].campaign_id).toBe(b.id);
    expectError(await acct.client.get(`/leads?campaign_id=${otherCampaign.id}`), 404, 'not_found');
    expectError(await acct.client.get('/leads?campaign_id=nope'), 400, 'validation_failed');
    expectError(await acct.client.get('/leads?status=nope'), 400, 'validation_failed');
  });

  it('works through GraphQL: leads(query) without a campaign is workspace-wide, newest first', async () => {
    const res = await acct.client.gql(ops.LeadsDocument, { query: { q: 'globex' } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.leads).toMatchObject({ total: 1, items: [{ email: 'two@globex.com', campaignName: 'Alpha', campaignId: a.id }] });
    const all = await acct.client.gql(ops.LeadsDocument, {});
    expect(all.data!.leads.items.map((l) => l.email)).toEqual(['shared@example.com', 'two@globex.com', 'three@initech.com', 'one@acme.com']);
  });
});

describe('GET /leads/search', () => {
  let acct: Account;
  let campaign: Campaign;
  beforeAll(async () => {
    acct = await signUp(service.url);
    campaign = await insertCampaign(service, acct.workspaceId, { name: 'Searchable' });
    await createLeads(service, acct.workspaceId, campaign.id, [
      ...Array.from({ length: 25 }, (_, i) => ({ email: `match${String(i).padStart(2, '0')}@find.me`, createdAt: at(i) })),
      { email: 'other@nowhere.org', vars: { company: 'Findable Ltd' }, createdAt: at(30), status: 'replied' as const, stopReason: 'replied' as const, currentStep: 2 },
    ]);
  });

  it('finds leads by part of the address or company, newest first, 20 by default', async () => {
    const res = await acct.client.get('/leads/search?q=find');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      email: 'other@nowhere.org',
      status: 'replied',
      stop_reason: 'replied',
      current_step: 2,
      created_at: at(30).toISOString(),
      campaign_id: campaign.id,
      campaign: 'Searchable',
    });
    expect(res.body[1].email).toBe('match24@find.me');
    expect((await acct.client.get('/leads/search?q=find&limit=30')).body).toHaveLength(26);
    expect(emails(await acct.client.get('/leads/search?q=match0&limit=3'))).toEqual(['match09@find.me', 'match08@find.me', 'match07@find.me']);
  });

  it('needs q of at least 2 characters (400)', async () => {
    expectError(await acct.client.get('/leads/search?q=f'), 400, 'q_too_short');
    expectError(await acct.client.get('/leads/search?q=%20f%20'), 400, 'q_too_short');
    expectError(await acct.client.get('/leads/search'), 400, 'validation_failed');
    expectError(await acct.client.get('/leads/search?q=fi&limit=0'), 400, 'validation_failed');
    expectError(await acct.client.get('/leads/search?q=fi&limit=101'), 400, 'validation_failed');
    expect((await acct.client.get('/leads/search?q=fi')).status).toBe(200);
  });

  it("matches literally and never finds another workspace's leads", async () => {
    expect((await acct.client.get('/leads/search?q=__')).body).toEqual([]);
    expect((await acct.client.get('/leads/search?q=%25%25')).body).toEqual([]);
    expect((await acct.client.get('/leads/search?q=shared')).body).toEqual([]);
    expect((await acct.client.get('/leads/search?q=Shared Corp')).body).toEqual([]);
  });

  it('works through GraphQL', async () => {
    const res = await acct.client.gql(ops.SearchLeadsDocument, { q: 'nowhere' });
    expect(res.data!.searchLeads).toEqual([expect.objectContaining({ email: 'other@nowhere.org', campaign: 'Searchable', stopReason: 'replied', currentStep: 2 })]);
    const short = await acct.client.gql(ops.SearchLeadsDocument, { q: 'n' });
    expect(short.errors![0].extensions).toMatchObject({ code: 'q_too_short', status: 400 });
  });
});

describe('GET /leads/:id and /leads/:id/activity', () => {
  it('returns the lead object', async () => {
    const { campaign, leads } = await campaignWith([{ email: 'one@example.com', vars: { a: 'b' }, timezone: 'Asia/Tokyo' }], me, { leadTimezone: true });
    const res = await api.get(`/leads/${leads[0].id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(LEAD_KEYS);
    expect(res.body).toMatchObject({
      id: leads[0].id,
      campaignId: campaign.id,
      email: 'one@example.com',
      vars: { a: 'b' },
      sendZone: 'Asia/Tokyo',
      createdAt: at(0).toISOString(),
    });
    const gql = await api.gql(ops.LeadDocument, { id: leads[0].id });
    expect(gql.data!.lead).toMatchObject({ id: leads[0].id, email: 'one@example.com', campaignName: campaign.name, sendZone: 'Asia/Tokyo' });
  });

  it('gives the lead and its timeline, which starts with when it was added', async () => {
    const list = await leadList(me, 'Conference');
    const { campaign, leads } = await campaignWith([{ email: 'act@example.com', sourceList: list.id }]);
    const res = await api.get(`/leads/${leads[0].id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.lead).toMatchObject({ id: leads[0].id, email: 'act@example.com', sendZone: 'Europe/Berlin' });
    expect(res.body.timeline).toEqual([
      { type: 'added', at: at(0).toISOString(), step: null, step_label: null, detail: `Added to ${campaign.name} from the list Conference`, variant: null },
    ]);
    const gql = await api.gql(ops.LeadActivityDocument, { id: leads[0].id });
    expect(gql.data!.leadActivity.timeline).toEqual([
      { type: 'added', at: at(0).toISOString(), step: null, stepLabel: null, detail: `Added to ${campaign.name} from the list Conference`, variant: null },
    ]);
  });

  it("is 404 for another workspace's lead, an unknown id and a malformed id (REST and GraphQL)", async () => {
    for (const path of [`/leads/${otherLead.id}`, `/leads/${otherLead.id}/activity`, `/leads/${randomUUID()}`, '/leads/123', '/leads/123/activity']) {
      expectError(await api.get(path), 404, 'not_found');
    }
    for (const res of [await api.gql(ops.LeadDocument, { id: otherLead.id }), await api.gql(ops.LeadActivityDocument, { id: otherLead.id })]) {
      expect(res.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    }
  });
});

describe('PATCH /leads/:id', () => {
  const lead = async (fields: Partial<Parameters<typeof createLeads>[3][number]> = {}) =>
    (await campaignWith([{ email: `l-${randomUUID().slice(0, 8)}@example.com`, ...fields }])).leads[0];
  const patch = (id: string, body: unknown) => api.patch(`/leads/${id}`, body);

  describe('interest', () => {
    it.each(['interested', 'meeting_booked', 'meeting_completed', 'won', 'lost', 'not_interested', 'out_of_office', 'wrong_person'])('sets the label %s', async (label) => {
      const l = await lead();
      const res = await patch(l.id, { interest: label });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: l.id, interest: label });
      expect((await api.get(`/leads/${l.id}`)).body.interest).toBe(label);
    });

    it('clears the label with null and refuses an unknown one', async () => {
      const l = await lead({ interest: 'interested' });
      expect((await patch(l.id, { interest: null })).body.interest).toBeNull();
      expectError(await patch(l.id, { interest: 'maybe' }), 400, 'validation_failed');
      expectError(await patch(l.id, { interest: '' }), 400, 'validation_failed');
    });

    it('stamps wonAt on the move to won, keeps it while won, and clears it on a move away', async () => {
      const l = await lead();
      const won = (await patch(l.id, { interest: 'won' })).body;
      expect(won.wonAt).toMatch(ISO);
      expect((await patch(l.id, { interest: 'won' })).body.wonAt).toBe(won.wonAt);
      expect((await patch(l.id, { interest: 'lost' })).body.wonAt).toBeNull();
    });
  });

  describe('status', () => {
    it('pauses a lead still in its sequence (pending or active)', async () => {
      for (const status of ['pending', 'active'] as const) {
        const l = await lead({ status, currentStep: status === 'active' ? 1 : 0 });
        const res = await patch(l.id, { status: 'paused' });
        expect(res.status).toBe(200);
        expect(res.body.status).toBe('paused');
      }
    });

    it('changes nothing when pausing a paused lead or activating an active one', async () => {
      const paused = await lead({ status: 'paused' });
      expect((await patch(paused.id, { status: 'paused' })).body.status).toBe('paused');
      const active = await lead({ status: 'active', currentStep: 1 });
      expect((await patch(active.id, { status: 'active' })).body.status).toBe('active');
    });

    it.each(['completed', 'replied', 'unsubscribed', 'bounced', 'stopped'] as const)('refuses to pause a %s lead (409)', async (status) => {
      const l = await lead({ status });
      expectError(await patch(l.id, { status: 'paused' }), 409, 'lead_not_in_sequence');
      expect((await api.get(`/leads/${l.id}`)).body.status).toBe(status);
    });

    it('resumes a paused lead where it stopped: active once emailed, pending before its first email', async () => {
      const emailed = await lead({ status: 'paused', currentStep: 2, lastSentAt: new Date() });
      expect((await patch(emailed.id, { status: 'active' })).body.status).toBe('active');
      const fresh = await lead({ status: 'paused' });
      expect((await patch(fresh.id, { status: 'active' })).body.status).toBe('pending');
    });

    it.each(['pending', 'completed', 'replied', 'unsubscribed', 'bounced', 'stopped'] as const)('makes only a paused lead active: %s is 409', async (status) => {
      const l = await lead({ status });
      expectError(await patch(l.id, { status: 'active' }), 409, 'lead_not_paused');
    });

    it.each(['pending', 'completed', 'replied', 'PAUSED', '', null])('accepts only paused or active: %j is 400', async (value) => {
      const l = await lead();
      expectError(await patch(l.id, { status: value }), 400, 'validation_failed');
    });
  });

  it('sets a timezone by its IANA name (canonical spelling) and clears it with null', async () => {
    const l = await lead();
    const res = await patch(l.id, { timezone: 'america/new_york' });
    expect(res.body).toMatchObject({ timezone: 'America/New_York' });
    expect((await patch(l.id, { timezone: null })).body.timezone).toBeNull();
    expectError(await patch(l.id, { timezone: 'Mars/Olympus' }), 400, 'validation_failed');
    expectError(await patch(l.id, { timezone: '' }), 400, 'validation_failed');
  });

  it('sets deal_value to a whole number of 0 or more, null falls back to the campaign', async () => {
    const l = await lead();
    expect((await patch(l.id, { deal_value: 2500 })).body.dealValue).toBe(2500);
    expect((await patch(l.id, { deal_value: 0 })).body.dealValue).toBe(0);
    expect((await patch(l.id, { deal_value: null })).body.dealValue).toBeNull();
    for (const bad of [-1, 1.5, '100', 1e12, true]) expectError(await patch(l.id, { deal_value: bad }), 400, 'validation_failed');
    expectError(await patch(l.id, { dealValue: 5 }), 400, 'validation_failed');
  });

  it('keeps a note of up to 2,000 characters; blank or null clears it', async () => {
    const l = await lead();
    expect((await patch(l.id, { note: '  Met at the fair.\nFollow up in May. ' })).body.note).toBe('Met at the fair.\nFollow up in May.');
    expect((await patch(l.id, { note: 'x'.repeat(2000) })).body.note).toHaveLength(2000);
    // counted in characters: 2,000 emoji fit
    expect(Array.from((await patch(l.id, { note: '😀'.repeat(2000) })).body.note)).toHaveLength(2000);
    expectError(await patch(l.id, { note: 'x'.repeat(2001) }), 400, 'validation_failed');
    expect((await patch(l.id, { note: '   ' })).body.note).toBeNull();
    await patch(l.id, { note: 'again' });
    expect((await patch(l.id, { note: null })).body.note).toBeNull();
    expectError(await patch(l.id, { note: 5 }), 400, 'validation_failed');
  });

  describe('vars', () => {
    it('cleans values to one line without braces, pipes or angle brackets; blank or null removes the field', async () => {
      const l = await lead({ vars: { first_name: 'Ann', company: 'Acme', city: 'Rome' } });
      const res = await patch(l.id, { vars: { first_name: ' Ann\r\nMarie ', company: '{{unsubscribe}} <b>Acme</b> | Co', city: '  ', role: 'CTO' } });
      expect(res.status).toBe(200);
      expect(res.body.vars).toEqual({ first_name: 'Ann Marie', company: 'unsubscribe bAcme/b Co', role: 'CTO' });
      expect((await patch(l.id, { vars: { role: null } })).body.vars).toEqual({ first_name: 'Ann Marie', company: 'unsubscribe bAcme/b Co' });
      // Fields not named stay as they are.
      expect((await patch(l.id, { vars: {} })).body.vars).toEqual({ first_name: 'Ann Marie', company: 'unsubscribe bAcme/b Co' });
    });

    it('takes 500 characters after cleaning and refuses more (400), changing nothing', async () => {
      const l = await lead({ vars: { bio: 'old' } });
      expect((await patch(l.id, { vars: { bio: `${'a'.repeat(500)}{{}}` } })).body.vars.bio).toHaveLength(500);
      const err = expectError(await patch(l.id, { vars: { bio: 'b'.repeat(501), other: 'x' } }), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toEqual(['vars.bio']);
      expect((await api.get(`/leads/${l.id}`)).body.vars).toEqual({ bio: 'a'.repeat(500) });
    });

    it('names a new field with letters, numbers and underscores only; existing fields keep their names', async () => {
      const l = await lead({ vars: { 'First Name': 'Ann' } });
      expect((await patch(l.id, { vars: { 'First Name': 'Anna', job_title2: 'CTO' } })).body.vars).toEqual({ 'First Name': 'Anna', job_title2: 'CTO' });
      for (const name of ['Last Name', 'e-mail', 'naïve', 'a.b', '{{x}}']) {
        const err = expectError(await patch(l.id, { vars: { [name]: 'x' } }), 400, 'validation_failed');
        expect(Object.keys(err.details!.fields)).toEqual([`vars.${name}`]);
      }
    });

    it('refuses values that are not text and a vars that is not an object', async () => {
      const l = await lead();
      for (const vars of [{ n: 5 }, { o: {} }, { a: ['x'] }, { b: true }]) expectError(await patch(l.id, { vars }), 400, 'validation_failed');
      for (const vars of ['x', ['a'], null, 5]) expectError(await patch(l.id, { vars }), 400, 'validation_failed');
    });
  });

  it('refuses unknown fields and malformed bodies (400), and applies nothing from a refused request', async () => {
    const l = await lead({ interest: 'interested' });
    expectError(await patch(l.id, { email: 'new@example.com' }), 400, 'validation_failed');
    expectError(await patch(l.id, { interest: 'won', status: 'active' }), 409, 'lead_not_paused');
    expect((await api.get(`/leads/${l.id}`)).body.interest).toBe('interested');
    expectError(await api.request('PATCH', `/api/leads/${l.id}`, '[1]', { 'content-type': 'application/json' }), 400);
  });

  it("is 404 for another workspace's lead and a malformed id, and leaves it unchanged", async () => {
    expectError(await patch(otherLead.id, { note: 'mine now' }), 404, 'not_found');
    expectError(await patch('nope', { note: 'x' }), 404, 'not_found');
    expect((await other.client.get(`/leads/${otherLead.id}`)).body.note).toBeNull();
  });

  it('works through GraphQL with the same rules', async () => {
    const l = await lead({ status: 'active', currentStep: 1 });
    const res = await api.gql(ops.UpdateLeadDocument, {
      id: l.id,
      input: { status: 'paused', interest: 'meeting_booked', dealValue: 10, note: 'n', timezone: 'Europe/Paris', vars: { city: 'Paris\n' } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateLead).toMatchObject({ status: 'paused', interest: 'meeting_booked', dealValue: 10, note: 'n', timezone: 'Europe/Paris', vars: { city: 'Paris' } });
    const bad = await api.gql(ops.UpdateLeadDocument, { id: l.id, input: { vars: { 'bad name': 'x' } } });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    const conflict = await api.gql(ops.UpdateLeadDocument, { id: (await lead({ status: 'replied' })).id, input: { status: 'paused' } });
    expect(conflict.errors![0].extensions).toMatchObject({ code: 'lead_not_in_sequence', status: 409 });
    const theirs = await api.gql(ops.UpdateLeadDocument, { id: otherLead.id, input: { note: 'x' } });
    expect(theirs.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('DELETE /leads/:id', () => {
  it('deletes a lead never emailed', async () => {
    const { campaign, leads } = await campaignWith([{ email: 'gone@example.com' }, { email: 'stays@example.com' }]);
    expect((await api.delete(`/leads/${leads[0].id}`)).body).toEqual({ deleted: true });
    expectError(await api.get(`/leads/${leads[0].id}`), 404, 'not_found');
    expect(emails(await api.get(`/campaigns/${campaign.id}/leads`))).toEqual(['stays@example.com']);
  });

  it('refuses a lead that was emailed (409 lead_emailed), by step or by a send on record', async () => {
    const { leads } = await campaignWith([
      { email: 'step@example.com', currentStep: 1, status: 'active' },
      { email: 'sent@example.com', lastSentAt: new Date() },
    ]);
    for (const l of leads) {
      expectError(await api.delete(`/leads/${l.id}`), 409, 'lead_emailed');
      expect((await api.get(`/leads/${l.id}`)).status).toBe(200);
    }
  });

  it("is 404 for another workspace's lead, and works through GraphQL", async () => {
    expectError(await api.delete(`/leads/${otherLead.id}`), 404, 'not_found');
    expect((await other.client.get(`/leads/${otherLead.id}`)).status).toBe(200);
    const { leads } = await campaignWith([{ email: 'g-del@example.com' }, { email: 'g-keep@example.com', currentStep: 1 }]);
    expect((await api.gql(ops.DeleteLeadDocument, { id: leads[0].id })).data!.deleteLead).toEqual({ deleted: true });
    const refused = await api.gql(ops.DeleteLeadDocument, { id: leads[1].id });
    expect(refused.errors![0].extensions).toMatchObject({ code: 'lead_emailed', status: 409 });
    const theirs = await api.gql(ops.DeleteLeadDocument, { id: otherLead.id });
    expect(theirs.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('POST /leads/one-off', () => {
  let acct: Account;
  beforeEach(async () => {
    acct = await signUp(service.url);
  });
  const oneOff = (email: unknown, client = acct.client) => client.post('/leads/one-off', { email });

  it('adds a new address to a draft campaign named One-off with no steps, one per workspace', async () => {
    const first = await oneOff('New.Person@Example.com');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ lead_id: expect.any(String), created: true });
    const second = await oneOff('second@example.com');
    expect(second.body.created).toBe(true);

    const lead = (await acct.client.get(`/leads/${first.body.lead_id}`)).body;
    expect(lead).toMatchObject({ email: 'new.person@example.com', status: 'pending', currentStep: 0 });
    expect((await acct.client.get(`/leads/${second.body.lead_id}`)).body.campaignId).toBe(lead.campaignId);
    const campaign = (await acct.client.get(`/campaigns/${lead.campaignId}`)).body;
    expect(campaign).toMatchObject({ name: 'One-off', status: 'draft', steps: [] });
    expect((await acct.client.get('/campaigns')).body.filter((c: Json) => c.name === 'One-off')).toHaveLength(1);
  });

  it('returns the existing lead of an address already in the workspace (any case), created false', async () => {
    const campaign = await insertCampaign(service, acct.workspaceId);
    const [existing] = await createLeads(service, acct.workspaceId, campaign.id, [{ email: 'known@example.com' }]);
    expect((await oneOff('KNOWN@example.com')).body).toEqual({ lead_id: existing.id, created: false });
    const made = (await oneOff('fresh@example.com')).body;
    expect((await oneOff('fresh@example.com')).body).toEqual({ lead_id: made.lead_id, created: false });
    expect((await acct.client.get('/campaigns')).body.filter((c: Json) => c.name === 'One-off')).toHaveLength(1);
  });

  it('keeps one One-off campaign and one lead per address when requests arrive together', async () => {
    const answers = await Promise.all([oneOff('race@example.com'), oneOff('race@example.com'), oneOff('race2@example.com'), oneOff('race3@example.com')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[0].body.lead_id).toBe(answers[1].body.lead_id);
    expect(answers.slice(0, 2).filter((a) => a.body.created)).toHaveLength(1);
    expect((await acct.client.get('/campaigns')).body.filter((c: Json) => c.name === 'One-off')).toHaveLength(1);
  });

  it('refuses a blocklisted address or domain (400)', async () => {
    const em = emOf(acct);
    em.create(BlocklistEntry, { workspace: acct.workspaceId, email: 'blocked@example.com', reason: 'manual' });
    em.create(BlocklistEntry, { workspace: acct.workspaceId, email: 'blocked-domain.com', reason: 'manual' });
    await em.flush();
    expectError(await oneOff('Blocked@example.com'), 400, 'blocklisted');
    expectError(await oneOff('anyone@blocked-domain.com'), 400, 'blocklisted');
    expect((await oneOff('anyone@not-blocked-domain.com')).body.created).toBe(true);
    // another workspace's blocklist does not apply
    expect((await oneOff('blocked@example.com', other.client)).body.created).toBe(true);
  });

  it('refuses an address that unsubscribed or bounced as any lead (400)', async () => {
    const campaign = await insertCampaign(service, acct.workspaceId);
    await createLeads(service, acct.workspaceId, campaign.id, [
      { email: 'unsub@example.com', status: 'unsubscribed', stopReason: 'unsubscribed' },
      { email: 'bounce@example.com', status: 'bounced', stopReason: 'bounced' },
      { email: 'stopped-bounce@example.com', status: 'stopped', stopReason: 'bounced' },
    ]);
    expectError(await oneOff('unsub@example.com'), 400, 'unsubscribed');
    expectError(await oneOff('bounce@example.com'), 400, 'bounced');
    expectError(await oneOff('stopped-bounce@example.com'), 400, 'bounced');
  });

  it.each([[''], ['not an address'], ['a@b'], [null], [5]])('refuses %j (400)', async (email) => {
    expectError(await oneOff(email), 400, 'validation_failed');
  });

  it("does not see another workspace's lead of the same address", async () => {
    const res = await oneOff('shared@example.com');
    expect(res.body.created).toBe(true);
    expect(res.body.lead_id).not.toBe(otherLead.id);
  });

  it('works through GraphQL', async () => {
    const made = await acct.client.gql(ops.CreateOneOffLeadDocument, { input: { email: 'gql@example.com' } });
    expect(made.data!.createOneOffLead).toEqual({ leadId: expect.any(String), created: true });
    const again = await acct.client.gql(ops.CreateOneOffLeadDocument, { input: { email: 'gql@example.com' } });
    expect(again.data!.createOneOffLead).toEqual({ leadId: made.data!.createOneOffLead.leadId, created: false });
    const bad = await acct.client.gql(ops.CreateOneOffLeadDocument, { input: { email: 'nope' } });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
  });
});
