// api.md "Adding leads" with decisions.md §3/§5: JSON, CSV (body and multipart), published sheet and lead
// list imports, the import rules in their order with counts that add up to the rows given, lead fields and
// zones, through REST and GraphQL, and workspace isolation on every endpoint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BlocklistEntry } from '../../src/modules/blocklist/blocklist-entry.entity';
import { LeadListEntry } from '../../src/modules/leads/lead-list-entry.entity';
import { LeadList } from '../../src/modules/leads/lead-list.entity';
import { Lead } from '../../src/modules/leads/lead.entity';
import { inImportTransaction } from '../../src/storage/import-transaction';
import { judgeStatement } from '../../src/modules/leads/import/import-rules.queries';
import { positional, sqlRun } from '../../src/storage/sql';
import { createStagingTable } from '../../src/modules/leads/import/import.queries';
import { CHUNK_ROWS, Stager } from '../../src/modules/leads/import/staging';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
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
const ZERO = { inserted: 0, duplicates: 0, blocklisted: 0, invalid: 0, in_another_campaign: 0, contacted_recently: 0 };
const counts = (c: Partial<typeof ZERO>) => ({ ...ZERO, ...c });
const total = (c: typeof ZERO) => Object.values(c).reduce((a, b) => a + b, 0);

const em = () => service.deps.orm.em.fork({ disableContextResolution: true });

async function newCampaign(account = me, overrides = {}) {
  return (await createCampaign(service, account.workspaceId, overrides)).id;
}

/** The campaign's leads in list order (created_at, id). */
function leadsOf(campaignId: string) {
  return em().find(Lead, { campaign: campaignId }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' } });
}

async function block(account: Account, ...emails: string[]) {
  const e = em();
  for (const email of emails) e.create(BlocklistEntry, { workspace: account.workspaceId, email, reason: 'manual' });
  await e.flush();
}

async function newList(account: Account, entries: { email: string; vars?: Record<string, string> }[]) {
  const e = em();
  const list = e.create(LeadList, { workspace: account.workspaceId, name: 'List' });
  entries.forEach((entry, i) => e.create(LeadListEntry, { list, email: entry.email, vars: entry.vars ?? {}, createdAt: new Date(Date.now() + i) }));
  await e.flush();
  return list.id;
}

const manual = (campaignId: string, leads: unknown, client = api) => client.post(`/campaigns/${campaignId}/leads/manual`, { leads });
const csv = (campaignId: string, text: string | Uint8Array, headers: Record<string, string> = {}, client = api) =>
  client.request('POST', `/api/campaigns/${campaignId}/leads`, text, { 'content-type': 'text/csv', ...headers });
function multipart(campaignId: string, fields: Record<string, string | Blob>, client = api) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'leads.csv');
  }
  return client.request('POST', `/api/campaigns/${campaignId}/leads`, form);
}

describe('POST /campaigns/:id/leads/manual', () => {
  it('adds new leads as pending before step 1, address lower-cased, fields cleaned and named for merge fields', async () => {
    const campaignId = await newCampaign();
    const res = await manual(campaignId, [
      { email: '  Jane@Example.COM ', vars: { 'First Name': 'Jane', company: '  Acme\r\n{{Inc}} <b>|', blank: '  ', gone: null, score: 7, vip: true } },
      { email: 'joe@example.com' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(counts({ inserted: 2 }));
    const leads = await leadsOf(campaignId);
    expect(leads.map((l) => [l.email, l.status, l.currentStep, l.workspace.id, l.sourceList])).toEqual([
      ['jane@example.com', 'pending', 0, me.workspaceId, null],
      ['joe@example.com', 'pending', 0, me.workspaceId, null],
    ]);
    expect(leads[0].vars).toEqual({ first_name: 'Jane', company: 'Acme Inc b', score: '7', vip: 'true' });
    expect(leads[1].vars).toEqual({});
  });

  it('cuts a field value to 500 characters rather than losing the row', async () => {
    const campaignId = await newCampaign();
    expect((await manual(campaignId, [{ email: 'long@example.com', vars: { note: 'x'.repeat(600) } }])).body).toEqual(counts({ inserted: 1 }));
    expect((await leadsOf(campaignId))[0].vars.note).toHaveLength(500);
  });

  it('keeps both values of two vars whose names become the same field name, as the same CSV columns would', async () => {
    const [campaignId, viaCsv] = [await newCampaign(), await newCampaign()];
    const vars = { Company: 'Acme', company: 'Acme Ltd', 'First Name': 'Jane', first_name: 'J' };
    expect((await manual(campaignId, [{ email: 'same@names.test', vars }])).body).toEqual(counts({ inserted: 1 }));
    const gqlCampaign = await newCampaign();
    await api.gql(ops.AddLeadsDocument, { campaignId: gqlCampaign, input: { leads: [{ email: 'same-gql@names.test', vars }] } });
    await csv(viaCsv, 'email,Company,company,First Name,first_name\nsame-csv@names.test,Acme,Acme Ltd,Jane,J\n');
    const expected = { company: 'Acme', company_2: 'Acme Ltd', first_name: 'Jane', first_name_2: 'J' };
    for (const id of [campaignId, gqlCampaign, viaCsv]) expect((await leadsOf(id))[0].vars).toEqual(expected);
  });

  it('counts addresses that are not addresses as invalid', async () => {
    const campaignId = await newCampaign();
    const res = await manual(
      campaignId,
      ['', 'nope', 'a@b', 'a b@example.com', 'x@example', '@example.com', 'ok@example.com'].map((email) => ({ email })),
    );
    expect(res.body).toEqual(counts({ invalid: 6, inserted: 1 }));
  });

  it('counts a repeated address (any case) as a duplicate and keeps the first row', async () => {
    const campaignId = await newCampaign();
    const res = await manual(campaignId, [
      { email: 'Dup@Example.com', vars: { n: 'first' } },
      { email: 'dup@example.com', vars: { n: 'second' } },
      { email: ' DUP@EXAMPLE.COM', vars: { n: 'third' } },
    ]);
    expect(res.body).toEqual(counts({ inserted: 1, duplicates: 2 }));
    expect((await leadsOf(campaignId)).map((l) => l.vars.n)).toEqual(['first']);
  });

  it('counts an address already a lead of the campaign as a duplicate, leaving that lead as it was', async () => {
    const campaignId = await newCampaign();
    await createLeads(service, me.workspaceId, campaignId, [{ email: 'there@example.com', vars: { keep: 'me' }, status: 'active' }]);
    const res = await manual(campaignId, [{ email: 'THERE@example.com', vars: { keep: 'not' } }, { email: 'new@example.com' }]);
    expect(res.body).toEqual(counts({ duplicates: 1, inserted: 1 }));
    const there = (await leadsOf(campaignId)).find((l) => l.email === 'there@example.com')!;
    expect([there.vars, there.status]).toEqual([{ keep: 'me' }, 'active']);
  });

  it("counts an address blocklisted by address or by domain as blocklisted (only this workspace's blocklist)", async () => {
    const campaignId = await newCampaign();
    await block(me, 'blocked@example.com', 'blocked-domain.com');
    await block(other, 'theirs@example.com', 'their-domain.com');
    const res = await manual(campaignId, [
      { email: 'Blocked@Example.com' },
      { email: 'anyone@BLOCKED-DOMAIN.com' },
      { email: 'someone@sub.blocked-domain.com' },
      { email: 'theirs@example.com' },
      { email: 'me@their-domain.com' },
    ]);
    expect(res.body).toEqual(counts({ blocklisted: 2, inserted: 3 }));
  });

  it('counts an address that is a lead in another campaign of the workspace (not of another workspace)', async () => {
    const [campaignId, elsewhere, theirs] = [await newCampaign(), await newCampaign(), await newCampaign(other)];
    await createLeads(service, me.workspaceId, elsewhere, [{ email: 'busy@example.com' }]);
    await createLeads(service, other.workspaceId, theirs, [{ email: 'free@example.com' }]);
    const res = await manual(campaignId, [{ email: 'busy@example.com' }, { email: 'free@example.com' }]);
    expect(res.body).toEqual(counts({ in_another_campaign: 1, inserted: 1 }));
  });

  it('applies the rules in order and counts every row exactly once', async () => {
    const [campaignId, elsewhere] = [await newCampaign(), await newCampaign()];
    await createLeads(service, me.workspaceId, campaignId, [{ email: 'in-campaign@order.test' }]);
    await createLeads(service, me.workspaceId, elsewhere, [{ email: 'blocked-and-elsewhere@order.test' }, { email: 'elsewhere@order.test', lastSentAt: new Date() }]);
    await block(me, 'in-campaign@order.test', 'blocked-and-elsewhere@order.test', 'blocked-twice@order.test');
    const rows = [
      'not an address',
      'not an address', // invalid twice: invalid before duplicate
      'in-campaign@order.test', // duplicate before blocklisted
      'blocked-twice@order.test',
      'blocked-twice@order.test', // the repeat is a duplicate, the first blocklisted
      'blocked-and-elsewhere@order.test', // blocklisted before in another campaign
      'elsewhere@order.test', // in another campaign before contacted recently
      'fresh@order.test',
    ];
    const res = await manual(
      campaignId,
      rows.map((email) => ({ email })),
    );
    expect(res.body).toEqual(counts({ invalid: 2, duplicates: 2, blocklisted: 2, in_another_campaign: 1, inserted: 1 }));
    expect(total(res.body)).toBe(rows.length);
  });

  it('does not count the One-off campaign as another campaign: a one-off contact emailed lately is contacted recently, else added', async () => {
    const campaignId = await newCampaign();
    const oneOff = await newCampaign(me, { name: 'One-off', oneOff: true });
    const day = 86_400_000;
    await createLeads(service, me.workspaceId, oneOff, [
      { email: 'wrote-lately@one-off.test', lastSentAt: new Date(Date.now() - 2 * day) },
      { email: 'wrote-long-ago@one-off.test', lastSentAt: new Date(Date.now() - 90 * day) },
      { email: 'never-wrote@one-off.test' },
    ]);
    const rows = ['wrote-lately@one-off.test', 'wrote-long-ago@one-off.test', 'never-wrote@one-off.test'];
    const res = await manual(
      campaignId,
      rows.map((email) => ({ email })),
    );
    expect(res.body).toEqual(counts({ contacted_recently: 1, inserted: 2 }));
    expect((await leadsOf(campaignId)).map((l) => l.email)).toEqual(['wrote-long-ago@one-off.test', 'never-wrote@one-off.test']);
  });

  it('sets the lead zone from a timezone field (canonical spelling), else from country, else leaves it null', async () => {
    const campaignId = await newCampaign();
    await manual(campaignId, [
      { email: 'tz@example.com', vars: { timezone: 'europe/berlin', country: 'US' } },
      { email: 'badtz@example.com', vars: { timezone: 'Mars/Olympus', country: 'Japan' } },
      { email: 'code@example.com', vars: { Country: 'fra' } },
      { email: 'name@example.com', vars: { country: 'United Kingdom' } },
      { email: 'unknown@example.com', vars: { country: 'Atlantis' } },
      { email: 'none@example.com' },
    ]);
    const zones = Object.fromEntries((await leadsOf(campaignId)).map((l) => [l.email.split('@')[0], l.timezone]));
    expect(zones).toEqual({ tz: 'Europe/Berlin', badtz: 'Asia/Tokyo', code: 'Europe/Paris', name: 'Europe/London', unknown: null, none: null });
  });

  it('adds to a campaign whatever its status', async () => {
    for (const status of ['active', 'paused'] as const) {
      const campaignId = await newCampaign(me, { status });
      expect((await manual(campaignId, [{ email: `${status}@example.com` }])).body).toEqual(counts({ inserted: 1 }));
    }
  });

  it('answers zero counts for no leads', async () => {
    expect((await manual(await newCampaign(), [])).body).toEqual(ZERO);
  });

  it('refuses malformed input with 400 validation_failed', async () => {
    const campaignId = await newCampaign();
    for (const leads of [
      'a@example.com',
      [{ vars: {} }],
      [{ email: 5 }],
      [{ email: null }],
      [{ email: 'a@example.com', vars: 'x' }],
      [{ email: 'a@example.com', vars: { nested: { a: 1 } } }],
      [{ email: 'a@example.com', vars: { list: ['a'] } }],
      [{ email: 'a@example.com', name: 'A' }],
      ['a@example.com'],
      [{ email: 'x'.repeat(1001) }],
      [{ email: 'a@example.com', vars: { bad: 'nul\u0000' } }],
      Array.from({ length: 10_001 }, (_, i) => ({ email: `${i}@example.com` })),
      [{ email: 'a@example.com', vars: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 'x'])) }],
    ]) {
      expectError(await manual(campaignId, leads), 400, 'validation_failed');
    }
    expectError(await api.post(`/campaigns/${campaignId}/leads/manual`, { leads: [], extra: 1 }), 400, 'validation_failed');
    expect(await leadsOf(campaignId)).toHaveLength(0);
  });

  it("gives 404 for an unknown, malformed or other workspace's campaign", async () => {
    const theirs = await newCampaign(other);
    for (const id of [MISSING, 'not-a-uuid', theirs]) expectError(await manual(id, [{ email: 'a@example.com' }]), 404, 'not_found');
    expect(await leadsOf(theirs)).toHaveLength(0);
  });

  it('needs credentials (401)', async () => {
    expectError(await manual(await newCampaign(), [], api.withToken(null)), 401, 'unauthorized');
  });

  it('never creates a lead twice when imports of the same addresses run at once', async () => {
    const campaignId = await newCampaign();
    const leads = Array.from({ length: 300 }, (_, i) => ({ email: `same-${i}@race.test` }));
    const results = await Promise.all(Array.from({ length: 5 }, () => manual(campaignId, leads)));
    const sum = results.reduce((a, r) => ({ inserted: a.inserted + r.body.inserted, duplicates: a.duplicates + r.body.duplicates }), { inserted: 0, duplicates: 0 });
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(sum).toEqual({ inserted: 300, duplicates: 1200 });
    expect(await leadsOf(campaignId)).toHaveLength(300);
  });

  it('keeps the rows in the order given in the campaign lead list', async () => {
    const campaignId = await newCampaign();
    const emails = Array.from({ length: 50 }, (_, i) => `${String.fromCharCode(122 - (i % 26))}${i}@order.test`);
    await manual(
      campaignId,
      emails.map((email) => ({ email })),
    );
    expect((await leadsOf(campaignId)).map((l) => l.email)).toEqual(emails);
  });
});

describe('a file larger than one chunk', () => {
  // Rows are judged a chunk at a time (CHUNK_ROWS) while the file still arrives; the counts must be the
  // ones the whole file would give, with repeats across chunks.
  it('counts repeats across chunks as duplicates, first row winning, and keeps the file order', async () => {
    const campaignId = await newCampaign();
    const rows = 2 * CHUNK_ROWS + 500;
    const blocked = 'blocked@chunks.test';
    await block(me, blocked);
    const email = (i: number) => {
      if (i === 0) return blocked; // blocklisted, then repeated in a later chunk: the repeat is a duplicate
      if (i === CHUNK_ROWS + 7) return blocked;
      if (i === 2 * CHUNK_ROWS + 1) return 'Lead-1@Chunks.test'; // repeats row 1 two chunks later
      if (i % 1000 === 999) return `not an address ${i}`;
      return `lead-${i}@chunks.test`;
    };
    const text = `email,n\n${Array.from({ length: rows }, (_, i) => `${email(i)},${i}`).join('\n')}\n`;
    const res = await csv(campaignId, text);
    expect(res.status).toBe(200);
    const invalid = Math.floor(rows / 1000);
    expect(res.body).toEqual(counts({ inserted: rows - invalid - 3, duplicates: 2, blocklisted: 1, invalid }));
    const leads = await leadsOf(campaignId);
    expect(leads).toHaveLength(rows - invalid - 3);
    const order = leads.map((l) => Number(l.vars.n));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Over two chunks of rows through the whole import path: seconds alone, far more on a busy machine.
  }, 120_000);
});

describe('contacted recently (rule 5)', () => {
  // The rule reads Lead.lastSentAt. Through the API it is reached by one-off contacts (previous
  // describe); here the rules run on their own against staged rows (judgeStatement), so every case of the
  // cut-off shows.
  async function stageAndJudge(account: Account, campaignId: string, emails: string[], recentSince: Date | null) {
    return inImportTransaction(em(), async (db) => {
      await createStagingTable(db);
      const stager = new Stager(db, Date.now());
      await stager.copy([emails.map((email) => ({ email, fields: [] }))]);
      await stager.finish();
      const judge = judgeStatement({ workspaceId: account.workspaceId, campaignId, sourceListId: null, recentSince, now: new Date() });
      const marked = await sqlRun(db, judge.query, judge.params);
      const rows = await db.query<{ email: string; outcome: string | null }>('select email, outcome from lead_import order by n');
      return { marked, rows: rows.rows };
    });
  }

  it("marks addresses the workspace emailed since the cut-off, not earlier ones or other workspaces'; rule 4 comes first", async () => {
    // A workspace of its own: it has one One-off campaign, which is not "another campaign" (rule 4), so
    // its contacts reach rule 5.
    const mine = await signUp(service.url);
    const [campaignId, oneOff, elsewhere, theirs] = [
      await newCampaign(mine),
      await newCampaign(mine, { name: 'One-off', oneOff: true }),
      await newCampaign(mine),
      await newCampaign(other),
    ];
    const day = 86_400_000;
    await createLeads(service, mine.workspaceId, oneOff, [
      { email: 'recent@contact.test', lastSentAt: new Date(Date.now() - 5 * day) },
      { email: 'long-ago@contact.test', lastSentAt: new Date(Date.now() - 40 * day) },
      { email: 'never@contact.test' },
    ]);
    await createLeads(service, mine.workspaceId, elsewhere, [{ email: 'in-a-sequence@contact.test', lastSentAt: new Date(Date.now() - day) }]);
    await createLeads(service, other.workspaceId, theirs, [{ email: 'theirs@contact.test', lastSentAt: new Date() }]);
    const emails = ['recent@contact.test', 'long-ago@contact.test', 'never@contact.test', 'theirs@contact.test', 'in-a-sequence@contact.test'];
    const { marked, rows } = await stageAndJudge(mine, campaignId, emails, new Date(Date.now() - 30 * day));
    expect(marked).toBe(2);
    expect(rows).toEqual([
      { email: 'recent@contact.test', outcome: 'contacted_recently' },
      { email: 'long-ago@contact.test', outcome: null },
      { email: 'never@contact.test', outcome: null },
      { email: 'theirs@contact.test', outcome: null },
      { email: 'in-a-sequence@contact.test', outcome: 'in_another_campaign' },
    ]);
    // No cut-off (recent_contact_days 0): the rule is off.
    expect((await stageAndJudge(mine, campaignId, emails, null)).rows.map((r) => r.outcome)).toEqual([null, null, null, null, 'in_another_campaign']);
  });
});

describe('blocklisted (rule 3) on a blocklist PostgreSQL has not analysed yet', () => {
  // A fresh install: a blocklist written a moment ago has no statistics until autovacuum analyses it,
  // and the planner takes it for a few dozen rows. The rule must still cost each staged row a look-up,
  // never a comparison with every entry: an import's cost must not depend on whether autovacuum has
  // run. The rule runs here against a temporary blocklist_entry built
  // like the real one, indexes included, which shadows it in this transaction (temporary tables come
  // first in the search path) and, being temporary, is never analysed. Its entries are added at
  // distinct moments, as unsubscribes and bounces add them.
  interface PlanNode {
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    'Rows Removed by Join Filter'?: number;
    'Shared Hit Blocks': number;
    'Shared Read Blocks': number;
    'Local Hit Blocks': number;
    'Local Read Blocks': number;
    Plans?: PlanNode[];
  }
  /** The plan's nodes that read the relation, wherever they are in it (subplans included). */
  const nodesOn = (node: PlanNode, relation: string): PlanNode[] => [
    ...(node['Relation Name'] === relation ? [node] : []),
    ...(node.Plans ?? []).flatMap((child) => nodesOn(child, relation)),
  ];
  const pagesRead = (node: PlanNode): number => node['Shared Hit Blocks'] + node['Shared Read Blocks'] + node['Local Hit Blocks'] + node['Local Read Blocks'];
  /** The rows every node of the plan produced or threw away, over all its loops. */
  const rowsHandled = (node: PlanNode): number =>
    (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0)) * node['Actual Loops'] +
    (node.Plans ?? []).reduce((sum, child) => sum + rowsHandled(child), 0);

  it('looks each row up on its own, whatever the planner thinks the blocklist holds, and still finds address and domain', async () => {
    const [rows, entries] = [2_000, 2_000];
    const scope = { workspaceId: me.workspaceId, campaignId: await newCampaign(), sourceListId: null, recentSince: null, now: new Date() };
    const { plan, blocked } = await inImportTransaction(em(), async (db) => {
      await db.query('create temporary table blocklist_entry (like public.blocklist_entry including all) on commit drop');
      // Even entries are addresses, odd ones domains; another workspace lists the addresses of this
      // one's unlisted rows.
      await db.query(
        `insert into blocklist_entry (id, created_at, workspace_id, email, reason)
         select gen_random_uuid(), now() - i * interval '1 second', $1::uuid, case when i % 2 = 0 then 'row-' || i || '@fresh.test' else 'fresh-' || i || '.test' end, 'manual'
           from generate_series(0, $2::int - 1) i
         union all
         select gen_random_uuid(), now(), $3::uuid, 'row-' || i || '@clean-' || i || '.test', 'manual' from generate_series(0, $2::int - 1) i`,
        [me.workspaceId, entries, other.workspaceId],
      );
      await createStagingTable(db);
      const stager = new Stager(db, Date.now());
      // Rows 0, 4, 8… are listed by address, rows 1, 5, 9… by domain, the others not at all.
      const email = (i: number) => (i % 4 === 0 ? `row-${i}@fresh.test` : i % 4 === 1 ? `row-${i}@fresh-${i}.test` : `row-${i}@clean-${i}.test`);
      await stager.copy([Array.from({ length: rows }, (_, i) => ({ email: email(i), fields: [] }))]);
      await stager.finish();
      await db.query('analyze lead_import (email, domain)'); // as the import analyses its first chunk
      const judge = judgeStatement(scope);
      const explained = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, buffers, format json) ${positional(judge.query)}`, [...judge.params]);
      const marked = await db.query<{ n: number }>(`select n from lead_import where outcome = 'blocklisted' order by n`);
      return { plan: explained.rows[0]!['QUERY PLAN'][0].Plan, blocked: marked.rows.map((r) => r.n - 1) };
    });
    expect(blocked).toEqual(Array.from({ length: rows }, (_, i) => i).filter((i) => i % 4 < 2));
    // What the plan did with the blocklist, over every row: each row's two probes, a few rows handled per
    // row, not rows × entries (4,000,000) comparisons; and a few pages read per row (an index probe
    // descends two or three), not a walk along the entries' moments for each row (a skip scan of
    // blocklist_entry_page: about 14 per row here).
    const onBlocklist = nodesOn(plan, 'blocklist_entry');
    expect(onBlocklist.length).toBeGreaterThan(0);
    expect(onBlocklist.reduce((sum, node) => sum + rowsHandled(node), 0)).toBeLessThan(5 * (rows + entries));
    expect(onBlocklist.reduce((sum, node) => sum + pagesRead(node), 0)).toBeLessThan(8 * rows);
  });
});

describe('POST /campaigns/:id/leads (CSV)', () => {
  const messy = (domain: string) =>
    '\uFEFF Email ,First Name,company,  Notes \r\n' +
    `Ann@${domain},Ann,"Acme, Inc.","said ""hi""\r\nthen left"\r\n` +
    '\r\n' +
    `bob@${domain},Bob\r\n` + // ragged: short row
    ',,,\r\n' + // only delimiters: not a row
    `cy@${domain},Cy,Cyco,note,extra cell\r\n` + // ragged: long row
    '   \r\n' +
    'not-an-address,Dee,,\r\n';

  it('parses quoted fields, a BOM, CRLF, empty lines and ragged rows; every other column becomes a field', async () => {
    const campaignId = await newCampaign();
    const res = await csv(campaignId, messy('messy.test'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(counts({ inserted: 3, invalid: 1 }));
    const leads = await leadsOf(campaignId);
    expect(leads.map((l) => [l.email, l.vars])).toEqual([
      ['ann@messy.test', { first_name: 'Ann', company: 'Acme, Inc.', notes: 'said "hi" then left' }],
      ['bob@messy.test', { first_name: 'Bob' }],
      ['cy@messy.test', { first_name: 'Cy', company: 'Cyco', notes: 'note' }],
    ]);
  });

  it('takes the CSV as the multipart field "file" (a file part or a plain field)', async () => {
    const campaignId = await newCampaign();
    const res = await multipart(campaignId, { note: 'ignored', file: new Blob([messy('multipart.test')], { type: 'text/csv' }) });
    expect(res.body).toEqual(counts({ inserted: 3, invalid: 1 }));
    const again = await newCampaign();
    expect((await multipart(again, { file: 'email,name\nplain@example.com,Plain\n' })).body).toEqual(counts({ inserted: 1 }));
    expect((await leadsOf(again))[0].vars).toEqual({ name: 'Plain' });
  });

  it('refuses a multipart form without a "file" field (400 no_file) and a body that is not CSV (400 not_csv)', async () => {
    const campaignId = await newCampaign();
    expectError(await multipart(campaignId, { other: 'email\na@example.com\n' }), 400, 'no_file');
    expectError(await api.post(`/campaigns/${campaignId}/leads`, { email: 'a@example.com' }), 400, 'not_csv');
    expect(await leadsOf(campaignId)).toHaveLength(0);
  });

  it('refuses a CSV without an email column (400 no_email_column), also an empty one, adding nothing', async () => {
    const campaignId = await newCampaign();
    expectError(await csv(campaignId, 'name,company\nAnn,Acme\n'), 400, 'no_email_column');
    expectError(await csv(campaignId, ''), 400, 'no_email_column');
    expectError(await multipart(campaignId, { file: new Blob(['mail;name\na@example.com;A\n']) }), 400, 'no_email_column');
    expect(await leadsOf(campaignId)).toHaveLength(0);
  });

  it('finds the email column whatever its case or spacing and names fields for merge fields', async () => {
    const campaignId = await newCampaign();
    const res = await csv(campaignId, 'Company Name, EMAIL ,First-Name,first name,Société,???,\nAcme,names@example.com,Ann,Annie,SA,q,r\n');
    expect(res.body).toEqual(counts({ inserted: 1 }));
    expect((await leadsOf(campaignId))[0].vars).toEqual({ company_name: 'Acme', first_name: 'Ann', first_name_2: 'Annie', societe: 'SA' });
  });

  it('reads a semicolon- or tab-separated file', async () => {
    const campaignId = await newCampaign();
    expect((await csv(campaignId, 'email;name\nsemi@example.com;Semi\n')).body).toEqual(counts({ inserted: 1 }));
    expect((await csv(campaignId, 'email\tname\ntab@example.com\tTab\n')).body).toEqual(counts({ inserted: 1 }));
    expect((await leadsOf(campaignId)).map((l) => l.vars.name)).toEqual(['Semi', 'Tab']);
  });

  it('sets zones from a timezone column, else a country column', async () => {
    const campaignId = await newCampaign();
    await csv(campaignId, 'email,timezone,country\na@zones.test,America/Chicago,DE\nb@zones.test,,Deutschland\nc@zones.test,,deu\n');
    expect((await leadsOf(campaignId)).map((l) => l.timezone)).toEqual(['America/Chicago', null, 'Europe/Berlin']);
  });

  it('decodes the declared charset and a gzip body', async () => {
    const campaignId = await newCampaign();
    const latin1 = Buffer.from('email,name\nlatin@example.com,Jos\xe9\n', 'latin1');
    expect((await csv(campaignId, latin1, { 'content-type': 'text/csv; charset=iso-8859-1' })).body).toEqual(counts({ inserted: 1 }));
    expect((await csv(campaignId, gzipSync('email,name\nzip@example.com,Zip\n'), { 'content-encoding': 'gzip' })).body).toEqual(counts({ inserted: 1 }));
    expect((await leadsOf(campaignId)).map((l) => l.vars.name)).toEqual(['José', 'Zip']);
    expectError(await csv(campaignId, 'email\nx@example.com\n', { 'content-type': 'text/csv; charset=klingon' }), 400, 'unsupported_encoding');
  });

  it('answers 413 for a multipart file over 50 MB', async () => {
    const big = new Blob(['email\n', 'a@example.com\n'.repeat(4 * 1024 * 1024)]);
    expectError(await multipart(await newCampaign(), { file: big }), 413, 'payload_too_large');
  });

  it('refuses a row that never ends (an unclosed quote) with 400 row_too_long, but takes a stray quote inside a field', async () => {
    const campaignId = await newCampaign();
    expectError(await csv(campaignId, `email,note\nq@quotes.test,"open\n${'x,'.repeat(1_500_000)}\n`), 400, 'row_too_long');
    expectError(await csv(campaignId, `email\n${'y'.repeat(3_000_000)}`), 400, 'row_too_long');
    expect(await leadsOf(campaignId)).toHaveLength(0);
    expect((await csv(campaignId, 'email,screen\nstray@quotes.test,15" wide\nnext@quotes.test,ok\n')).body).toEqual(counts({ inserted: 2 }));
    expect((await leadsOf(campaignId)).map((l) => l.vars.screen)).toEqual(['15" wide', 'ok']);
  });

  it('applies the same rules as JSON', async () => {
    const [campaignId, elsewhere] = [await newCampaign(), await newCampaign()];
    await createLeads(service, me.workspaceId, elsewhere, [{ email: 'elsewhere@csv.test' }]);
    await block(me, 'csv-blocked.test');
    const res = await csv(campaignId, 'email\nok@csv.test\nOK@csv.test\nx@csv-blocked.test\nelsewhere@csv.test\nnope\n');
    expect(res.body).toEqual(counts({ inserted: 1, duplicates: 1, blocklisted: 1, in_another_campaign: 1, invalid: 1 }));
  });

  it('refuses a CSV with more field columns than a lead carries (400 too_many_fields), REST and GraphQL, adding nothing', async () => {
    const campaignId = await newCampaign();
    const file = (fields: number) => {
      const names = Array.from({ length: fields }, (_, i) => `f${i}`);
      return `email,${names.join(',')}\nwide-${fields}@wide.test,${names.map((n) => `v${n}`).join(',')}\n`;
    };
    const err = expectError(await csv(campaignId, file(201)), 400, 'too_many_fields');
    expect(err.details).toEqual({ fields: 201, max: 200 });
    const gql = await api.gql(ops.AddLeadsDocument, { campaignId, input: { csv: file(201) } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('too_many_fields');
    expect(await leadsOf(campaignId)).toHaveLength(0);
    // 200 is the PATCH limit too: every one of them is kept.
    expect((await csv(campaignId, file(200))).body).toEqual(counts({ inserted: 1 }));
    const [lead] = await leadsOf(campaignId);
    expect(Object.keys(lead.vars)).toHaveLength(200);
    expect(lead.vars.f199).toBe('vf199');
  });

  it("gives 404 for an unknown, malformed or other workspace's campaign", async () => {
    const theirs = await newCampaign(other);
    for (const id of [MISSING, 'nope', theirs]) expectError(await csv(id, 'email\na@example.com\n'), 404, 'not_found');
    expectError(await multipart(theirs, { file: 'email\na@example.com\n' }), 404, 'not_found');
    expect(await leadsOf(theirs)).toHaveLength(0);
  });

  it('holds no import transaction while a client is still uploading: a stalled upload leaves the other imports of its workspace alone', async () => {
    const campaignId = await newCampaign();
    // Whether an import of the workspace holds its lock (import-rules.queries.ts lockWorkspaceImports):
    // trying the same advisory lock for one statement fails while another transaction holds it. Other
    // test files share the database, so their transactions are no sign of anything.
    const importLocked = async () => {
      const [row] = await em().getConnection().execute(`select pg_try_advisory_xact_lock(hashtextextended('lead-import:' || ?::text, 0)) as free`, [me.workspaceId]);
      return !row.free;
    };
    const { port } = new URL(service.url);
    const upload = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/campaigns/${campaignId}/leads`,
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'text/csv' },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      upload.on('error', reject);
    });
    upload.write('email,first_name\n');
    for (let i = 0; i < 300; i++) upload.write(`slow-${i}@upload.test,Name ${i}\n`);
    await new Promise((r) => setTimeout(r, 500));
    // Before, the import read straight from the request: its transaction, holding the lock, stayed open
    // while the client paused.
    expect(await importLocked()).toBe(false);
    expect((await csv(await newCampaign(), 'email\nmeanwhile@upload.test\n')).body).toEqual(counts({ inserted: 1 }));
    upload.end('last@upload.test,Last\n');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(counts({ inserted: 301 }));
    expect(await importLocked()).toBe(false);
  });

  it('imports a few thousand rows in one go with counts adding up', async () => {
    const campaignId = await newCampaign();
    const lines = ['email,first_name,city'];
    for (let i = 0; i < 5000; i++) lines.push(`bulk-${i % 4500}@bulk.test,Name ${i},"City, ${i}"`);
    const res = await csv(campaignId, lines.join('\n'));
    expect(res.body).toEqual(counts({ inserted: 4500, duplicates: 500 }));
    expect(await leadsOf(campaignId)).toHaveLength(4500);
  });
});

describe('POST /campaigns/:id/leads/from-list', () => {
  it("adds the list's entries under the same rules, in list order, with the list as their source", async () => {
    const [campaignId, elsewhere] = [await newCampaign(), await newCampaign()];
    await createLeads(service, me.workspaceId, elsewhere, [{ email: 'elsewhere@list.test' }]);
    await createLeads(service, me.workspaceId, campaignId, [{ email: 'already@list.test' }]);
    await block(me, 'blocked@list.test');
    const listId = await newList(me, [
      { email: 'first@list.test', vars: { 'First Name': 'First', country: 'Canada' } },
      { email: 'already@list.test' },
      { email: 'blocked@list.test' },
      { email: 'elsewhere@list.test' },
      { email: 'second@list.test', vars: { company: 'Co' } },
    ]);
    const res = await api.post(`/campaigns/${campaignId}/leads/from-list`, { list_id: listId });
    expect(res.body).toEqual(counts({ inserted: 2, duplicates: 1, blocklisted: 1, in_another_campaign: 1 }));
    const added = (await leadsOf(campaignId)).filter((l) => l.sourceList);
    expect(added.map((l) => [l.email, l.vars, l.timezone, l.sourceList?.id])).toEqual([
      ['first@list.test', { first_name: 'First', country: 'Canada' }, 'America/Toronto', listId],
      ['second@list.test', { company: 'Co' }, null, listId],
    ]);
    // Adding the list again finds every address already there.
    expect((await api.post(`/campaigns/${campaignId}/leads/from-list`, { list_id: listId })).body).toEqual(counts({ duplicates: 3, blocklisted: 1, in_another_campaign: 1 }));
  });

  it('pages through a list larger than one page', async () => {
    const campaignId = await newCampaign();
    const listId = await newList(
      me,
      Array.from({ length: 5_100 }, (_, i) => ({ email: `p${i}@pages.test` })),
    );
    expect((await api.post(`/campaigns/${campaignId}/leads/from-list`, { list_id: listId })).body).toEqual(counts({ inserted: 5_100 }));
  });

  it("gives 404 for an unknown or other workspace's list or campaign", async () => {
    const campaignId = await newCampaign();
    const theirList = await newList(other, [{ email: 'a@example.com' }]);
    const myList = await newList(me, [{ email: 'a@example.com' }]);
    for (const listId of [MISSING, 'nope', theirList]) expectError(await api.post(`/campaigns/${campaignId}/leads/from-list`, { list_id: listId }), 404, 'not_found');
    expectError(await api.post(`/campaigns/${await newCampaign(other)}/leads/from-list`, { list_id: myList }), 404, 'not_found');
    expectError(await api.post(`/campaigns/${campaignId}/leads/from-list`, {}), 400, 'validation_failed');
    expect(await leadsOf(campaignId)).toHaveLength(0);
  });
});

describe('POST /campaigns/:id/leads/sheet', () => {
  // A loopback "spreadsheet host". The services below allow it by address (SHEET_ALLOWED_HOSTS) and one
  // of them lets the fetch reach a private address (ALLOW_PRIVATE_FETCH=true), as a test needs.
  let host: http.Server;
  let base: string;
  let hits: string[] = [];
  let open: Awaited<ReturnType<typeof startTestService>>;
  let guarded: Awaited<ReturnType<typeof startTestService>>;
  let openMe: Account;
  let guardedMe: Account;

  beforeAll(async () => {
    host = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/leads.csv')
        res
          .writeHead(200, { 'content-type': 'text/csv' })
          .end('Email,First Name,Country\nsheet-1@sheet.test,One,Germany\nSHEET-1@sheet.test,Again,\nsheet-2@sheet.test,Two,\nnope,,\n');
      else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Sign in</body></html>');
      else if (req.url === '/no-email.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end('name\nAnn\n');
      else if (req.url === '/huge.csv') res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(60 * 1024 * 1024) }).end('email\n');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    open = await startTestService({ env: { SHEET_ALLOWED_HOSTS: '127.0.0.1', ALLOW_PRIVATE_FETCH: 'true' } });
    guarded = await startTestService({ env: { SHEET_ALLOWED_HOSTS: '127.0.0.1', ALLOW_PRIVATE_FETCH: 'false' } });
    openMe = await signUp(open.url);
    guardedMe = await signUp(guarded.url);
  });
  afterAll(async () => {
    await Promise.all([open.stop(), guarded.stop()]);
    await new Promise((resolve) => host.close(resolve));
  });
  beforeEach(() => (hits = []));

  const sheet = (account: Account, campaignId: string, url: unknown) => account.client.post(`/campaigns/${campaignId}/leads/sheet`, { url });

  it('reads the sheet once and imports it under the same rules as CSV', async () => {
    const campaignId = (await createCampaign(open, openMe.workspaceId)).id;
    const res = await sheet(openMe, campaignId, `${base}/leads.csv`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(counts({ inserted: 2, duplicates: 1, invalid: 1 }));
    expect(hits).toEqual(['/leads.csv']);
    const leads = await open.deps.orm.em.fork().find(Lead, { campaign: campaignId }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' } });
    expect(leads.map((l) => [l.email, l.vars, l.timezone])).toEqual([
      ['sheet-1@sheet.test', { first_name: 'One', country: 'Germany' }, 'Europe/Berlin'],
      ['sheet-2@sheet.test', { first_name: 'Two' }, null],
    ]);
  });

  it('refuses a link that answers a web page (sheet_not_csv), a CSV without an email column, and a missing sheet', async () => {
    const campaignId = (await createCampaign(open, openMe.workspaceId)).id;
    expectError(await sheet(openMe, campaignId, `${base}/page`), 400, 'sheet_not_csv');
    expectError(await sheet(openMe, campaignId, `${base}/no-email.csv`), 400, 'no_email_column');
    expectError(await sheet(openMe, campaignId, `${base}/gone.csv`), 400, 'fetch_failed');
  });

  it('answers 413 for a sheet over 50 MB', async () => {
    const campaignId = (await createCampaign(open, openMe.workspaceId)).id;
    expectError(await sheet(openMe, campaignId, `${base}/huge.csv`), 413, 'fetch_too_large');
  });

  it('fetches only from SHEET_ALLOWED_HOSTS, over http(s), and never from a private address unless allowed', async () => {
    const campaignId = await newCampaign();
    expectError(await sheet(me, campaignId, 'https://sheets.example.com/leads.csv'), 400, 'host_not_allowed');
    expectError(await sheet(me, campaignId, 'ftp://docs.google.com/spreadsheets/d/x'), 400, 'invalid_url');
    expectError(await sheet(me, campaignId, 'not a link'), 400, 'invalid_url');
    expectError(await sheet(me, campaignId, 42), 400, 'validation_failed');
    const guardedCampaign = (await createCampaign(guarded, guardedMe.workspaceId)).id;
    expectError(await sheet(guardedMe, guardedCampaign, `${base}/leads.csv`), 400, 'address_not_allowed');
    expect(hits).toEqual([]);
  });

  it("gives 404 for an unknown or other workspace's campaign without fetching anything", async () => {
    const theirs = (await createCampaign(open, (await signUp(open.url)).workspaceId)).id;
    for (const id of [MISSING, 'nope', theirs]) expectError(await sheet(openMe, id, `${base}/leads.csv`), 404, 'not_found');
    expect(hits).toEqual([]);
  });

  it('works through GraphQL addLeads(sheetUrl)', async () => {
    const fresh = await signUp(open.url); // the sheet's addresses are leads of openMe's campaigns by now
    const campaignId = (await createCampaign(open, fresh.workspaceId)).id;
    const res = await fresh.client.gql(ops.AddLeadsDocument, { campaignId, input: { sheetUrl: `${base}/leads.csv` } });
    expect(res.data?.addLeads).toEqual({ inserted: 2, duplicates: 1, blocklisted: 0, invalid: 1, inAnotherCampaign: 0, contactedRecently: 0 });
  });
});

describe('GraphQL addLeads', () => {
  it('applies rules 1–6 in order, each row counted once, as REST does', async () => {
    // A workspace of its own, for its One-off campaign: a contact emailed from it lately reaches rule 5.
    const mine = await signUp(service.url);
    const [campaignId, elsewhere, oneOff] = [await newCampaign(mine), await newCampaign(mine), await newCampaign(mine, { name: 'One-off', oneOff: true })];
    await createLeads(service, mine.workspaceId, campaignId, [{ email: 'in-campaign@gql-order.test' }]);
    await createLeads(service, mine.workspaceId, elsewhere, [{ email: 'blocked-and-elsewhere@gql-order.test' }, { email: 'elsewhere@gql-order.test', lastSentAt: new Date() }]);
    await createLeads(service, mine.workspaceId, oneOff, [{ email: 'one-off@gql-order.test', lastSentAt: new Date() }]);
    await block(mine, 'in-campaign@gql-order.test', 'blocked-and-elsewhere@gql-order.test');
    const rows = [
      'not an address', // invalid
      'in-campaign@gql-order.test', // duplicate before blocklisted
      'blocked-and-elsewhere@gql-order.test', // blocklisted before in another campaign
      'blocked-and-elsewhere@gql-order.test', // its repeat: a duplicate
      'elsewhere@gql-order.test', // in another campaign before contacted recently
      'one-off@gql-order.test', // the One-off campaign is not another campaign: contacted recently
      'fresh@gql-order.test',
    ];
    const res = await mine.client.gql(ops.AddLeadsDocument, { campaignId, input: { leads: rows.map((email) => ({ email })) } });
    expect(res.data?.addLeads).toEqual({ inserted: 1, duplicates: 2, blocklisted: 1, invalid: 1, inAnotherCampaign: 1, contactedRecently: 1 });
    expect((await leadsOf(campaignId)).map((l) => l.email).sort()).toEqual(['fresh@gql-order.test', 'in-campaign@gql-order.test']);
  });

  it('adds JSON leads, CSV text and a list, with the same counts', async () => {
    const campaignId = await newCampaign();
    const listId = await newList(me, [{ email: 'gql-list@example.com' }, { email: 'gql@example.com' }]);
    const json = await api.gql(ops.AddLeadsDocument, { campaignId, input: { leads: [{ email: 'GQL@example.com', vars: { 'First Name': 'Q' } }, { email: 'bad' }] } });
    expect(json).toEqual({ data: { addLeads: { inserted: 1, duplicates: 0, blocklisted: 0, invalid: 1, inAnotherCampaign: 0, contactedRecently: 0 } } });
    const text = await api.gql(ops.AddLeadsDocument, { campaignId, input: { csv: 'email,x\ngql@example.com,1\ngql-csv@example.com,2\n' } });
    expect(text.data?.addLeads).toMatchObject({ inserted: 1, duplicates: 1 });
    const list = await api.gql(ops.AddLeadsDocument, { campaignId, input: { listId } });
    expect(list.data?.addLeads).toMatchObject({ inserted: 1, duplicates: 1 });
    expect((await leadsOf(campaignId)).map((l) => l.email)).toEqual(['gql@example.com', 'gql-csv@example.com', 'gql-list@example.com']);
    expect((await leadsOf(campaignId))[0].vars).toEqual({ first_name: 'Q' });
  });

  it('needs exactly one source (400 validation_failed) and refuses CSV without an email column', async () => {
    const campaignId = await newCampaign();
    for (const input of [{}, { csv: 'email\na@b.co\n', listId: MISSING }, { csv: null, leads: null }]) {
      const res = await api.gql(ops.AddLeadsDocument, { campaignId, input });
      expect(res.errors?.[0].extensions?.code).toBe('validation_failed');
    }
    expect((await api.gql(ops.AddLeadsDocument, { campaignId, input: { csv: 'name\nx\n' } })).errors?.[0].extensions?.code).toBe('no_email_column');
  });

  it("gives not_found for another workspace's campaign or list", async () => {
    const theirs = await newCampaign(other);
    const res = await api.gql(ops.AddLeadsDocument, { campaignId: theirs, input: { leads: [{ email: 'a@example.com' }] } });
    expect(res.errors?.[0].extensions?.code).toBe('not_found');
    const theirList = await newList(other, [{ email: 'a@example.com' }]);
    const viaList = await api.gql(ops.AddLeadsDocument, { campaignId: await newCampaign(), input: { listId: theirList } });
    expect(viaList.errors?.[0].extensions?.code).toBe('not_found');
    expect(await leadsOf(theirs)).toHaveLength(0);
  });
});
