// api.md Leads: the workspace-wide search — GET /leads?q= (q: part of the address or of the company
// field; newest first; X-Total-Count exact, decisions.md §5) and GET /leads/search (q of at least 2
// characters, limit 20 by default) — through REST and GraphQL. The search reads its page one of two ways
// by how many leads match (lead-query.ts searchPage); every case here is checked against a plain reading
// of the rule, with pages taken both ways. And the condition is one the trigram indexes answer: with
// sequential scans disabled, the count plans no scan of every lead.
import { randomUUID } from 'node:crypto';
import { authedContext } from '../../src/runtime/context';
import { Campaign } from '../../src/modules/campaigns/campaign.entity';
import { addressOrCompany, campaignLeadPage, rarePart, shareContaining, walkBound, walkFrom, walkNewest, walkPays, workspaceLeadPage } from '../../src/modules/leads/lead-query';
import { Lead } from '../../src/modules/leads/lead.entity';
import { signUp, expectError, type Account, type Client } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;

interface Seeded {
  id: string;
  email: string;
  vars: Record<string, string>;
  createdAt: Date;
}
const seeded: Seeded[] = [];
let campaignIds: string[] = [];

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);

// Addresses and company fields with the parts the cases search for; the other fields never match.
const LEADS: { email: string; vars?: Record<string, string> }[] = [
  { email: 'ann.lee@acme.test', vars: { company: 'Acme Corp', city: 'Rome' } },
  { email: 'bob@globex.test', vars: { Company: 'GLOBEX Inc' } },
  { email: 'cy@initech.test', vars: { COMPANY: 'Initech LLC' } },
  { email: 'dee@example.test', vars: { company: 'Acme Widgets', Company: 'Other spelling' } },
  { email: 'eve@example.test', vars: { city: 'Acme town', title: 'globex' } },
  { email: 'fred_100%@odd.test', vars: { company: 'Under_score 50% off?' } },
  { email: 'fredx100x@odd.test', vars: { company: 'Underxscore 50x off' } },
  { email: 'gus@person123456.test' },
  ...Array.from({ length: 40 }, (_, i) => ({ email: `bulk${i}@bulk.test`, vars: i % 4 ? { company: `Bulk Co ${i}?` } : ({} as Record<string, string>) })),
];

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
  api = me.client;
  const other = await signUp(service.url);
  const first = await createCampaign(service, me.workspaceId, { name: `Search A ${randomUUID().slice(0, 6)}` });
  const second = await createCampaign(service, me.workspaceId, { name: `Search B ${randomUUID().slice(0, 6)}` });
  campaignIds = [first.id, second.id];
  // Alternate campaigns, one minute apart: newest first crosses them.
  for (const [i, lead] of LEADS.entries()) {
    const [row] = await createLeads(service, me.workspaceId, campaignIds[i % 2]!, [{ email: lead.email, vars: lead.vars ?? {}, createdAt: at(i) }]);
    seeded.push({ id: row!.id, email: lead.email, vars: lead.vars ?? {}, createdAt: at(i) });
  }
  // Another workspace's leads match the same terms and never show.
  const theirs = await createCampaign(service, other.workspaceId, { name: 'Theirs' });
  await createLeads(service, other.workspaceId, theirs.id, [
    { email: 'ann.lee@acme.test', vars: { company: 'Acme Corp' } },
    { email: 'bulk1@bulk.test', vars: { company: 'Bulk Co 1?' } },
  ]);
});
afterAll(() => service.stop());

const COMPANY = ['company', 'Company', 'COMPANY'];
/** The rule as api.md says it: part of the address or of the company field, in any case. */
const matching = (q: string) =>
  seeded
    .filter((l) => l.email.includes(q.toLowerCase()) || COMPANY.some((k) => l.vars[k]?.toLowerCase().includes(q.toLowerCase())))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((l) => l.email);

/** A seeded lead's place in the lists' order, as a cursor holds it. */
const keyOf = (email: string) => {
  const lead = seeded.find((l) => l.email === email)!;
  return { createdAt: lead.createdAt.toISOString(), id: lead.id };
};

const TERMS = [
  'acme',
  'ACME',
  'globex',
  'initech',
  'other spelling',
  'Rome',
  'town',
  '_',
  '%',
  '100%',
  '50% off?',
  'x100x',
  'person123456',
  'bulk',
  'bulk co 1',
  'co 1?',
  '?',
  '.test',
  'nothing at all',
];

describe('GET /leads?q=', () => {
  it('finds part of the address or of the company field (any spelling, any case), nothing else, with an exact total', async () => {
    for (const q of TERMS) {
      const res = await api.get(`/leads?q=${encodeURIComponent(q)}&limit=500`);
      expect(res.status).toBe(200);
      const expected = matching(q);
      expect({ q, emails: res.body.map((l: { email: string }) => l.email) }).toEqual({ q, emails: expected });
      expect({ q, total: res.headers.get('x-total-count') }).toEqual({ q, total: String(expected.length) });
    }
  });

  it('pages the same whichever way it reads the page', async () => {
    const leads = seeded.length;
    let walked = 0;
    let sorted = 0;
    for (const q of ['bulk', '.test', 'acme', 'bulk co', '?']) {
      const expected = matching(q);
      for (const [limit, offset] of [
        [1, 0],
        [2, 3],
        [5, 10],
        [3, 40],
        [50, 0],
        [7, 100],
      ] as const) {
        if (walkPays(expected.length, campaignIds.length, offset + limit, leads)) walked++;
        else sorted++;
        const res = await api.get(`/leads?q=${encodeURIComponent(q)}&limit=${limit}&offset=${offset}`);
        expect({ q, limit, offset, emails: res.body.map((l: { email: string }) => l.email) }).toEqual({ q, limit, offset, emails: expected.slice(offset, offset + limit) });
        expect(res.headers.get('x-total-count')).toBe(String(expected.length));
      }
    }
    // Both ways were taken.
    expect(walked).toBeGreaterThan(3);
    expect(sorted).toBeGreaterThan(3);
  });

  it('keeps the other filters, and limit 0 gives the total alone', async () => {
    const first = await api.get(`/leads?q=bulk&campaign_id=${campaignIds[0]}&limit=2`);
    const inFirst = matching('bulk').filter((email) => seeded.findIndex((l) => l.email === email) % 2 === 0);
    expect(first.body.map((l: { email: string }) => l.email)).toEqual(inFirst.slice(0, 2));
    expect(first.headers.get('x-total-count')).toBe(String(inFirst.length));
    const none = await api.get('/leads?q=acme&limit=0');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe(String(matching('acme').length));
  });

  it('answers the same through GraphQL', async () => {
    for (const [q, limit, offset] of [
      ['acme', 50, 0],
      ['bulk', 2, 5],
      ['.test', 1, 0],
    ] as const) {
      const res = await api.gql(ops.LeadsDocument, { query: { q, limit, offset } });
      const expected = matching(q);
      expect(res.data!.leads.total).toBe(expected.length);
      expect(res.data!.leads.items.map((l) => l.email)).toEqual(expected.slice(offset, offset + limit));
    }
  });

  it('matches through the trigram indexes: no scan of every lead', async () => {
    // The condition alone, over every workspace's leads (the workspace's own index would do here, with
    // so few leads): it must be one the address and company indexes answer.
    const count = service.deps.orm.em.createQueryBuilder(Lead).where(addressOrCompany('person123456')).count().getFormattedQuery();
    const conn = service.deps.orm.em.getConnection();
    const plan = await conn.transactional(async (trx) => {
      await conn.execute('set local enable_seqscan = off', [], 'run', trx);
      return (await conn.execute<{ 'QUERY PLAN': string }[]>(`explain ${count}`, [], 'all', trx)).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('lead_email_trgm');
    expect(plan).toContain('lead_company_trgm');
    expect(plan).not.toMatch(/Seq Scan on lead\b/);
  });
});

describe('the rare part of q, tested first', () => {
  const sample = Array.from({ length: 100 }, (_, i) => `person${i * 7}@company${i % 20}.com`);

  it('is the longest stretch of q without a trigram a tenth of the sampled addresses contain', () => {
    // Every sampled address holds "per", "ers", "rso" and "son", a tenth or more "on1"; not the rest.
    expect(rarePart('person123456', sample)).toBe('n123456');
    expect(rarePart('PERSON123456', sample)).toBe('n123456');
    expect(rarePart('xyzperson98', sample)).toBe('xyzpe');
    // One rare trigram is no lead (the index starts from it anyway): son12's only rare stretch is "n12".
    expect(rarePart('son12', sample)).toBeUndefined();
    expect(rarePart('xperson', sample)).toBeUndefined();
    // No common trigram, nothing but common ones, q too short, too small a sample: none.
    expect(rarePart('zzzzqqq', sample)).toBeUndefined();
    expect(rarePart('person', sample)).toBeUndefined();
    expect(rarePart('son', sample)).toBeUndefined();
    expect(rarePart('person123456', sample.slice(0, 10))).toBeUndefined();
  });

  it('estimates the share of leads q matches from the same sample', () => {
    expect(shareContaining('@company', sample)).toBe(1);
    expect(shareContaining('PERSON', sample)).toBe(1);
    expect(shareContaining('person123456', sample)).toBe(0);
    expect(shareContaining('@company', sample.slice(0, 10))).toBe(0);
  });

  it('changes no answer: the same page and total with it as without', async () => {
    const em = authedContext(service.deps, { workspaceId: me.workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
    for (const [q, qLead, companyLead] of [
      ['bulk1', 'lk1', 'k c'],
      ['ann.lee@acme', 'n.l', undefined],
      ['acme', undefined, 'cme'],
      ['.test', 'tes', undefined],
      ['fred_100%', 'd_1', '_'],
      ['50% off?', undefined, 'f?'],
    ] as const) {
      for (const page of [
        { limit: 50, offset: 0 },
        { limit: 1, offset: 2 },
        { limit: 5, offset: 500 }, // past the last match: no lead, the total still
        { limit: 0, offset: 0 },
      ]) {
        const plain = await workspaceLeadPage(em, me.workspaceId, { q }, page);
        const hinted = await workspaceLeadPage(em, me.workspaceId, { q, qLead, companyLead }, page);
        expect(hinted.total).toBe(matching(q).length);
        expect({ total: hinted.total, emails: hinted.leads.map((l) => l.email) }).toEqual({ total: plain.total, emails: plain.leads.map((l) => l.email) });
        // A sample that says every lead matches, or none (stale statistics, another workspace's leads),
        // reads the page the other way: the same page and total still; and so when the sorted read
        // beside the count keeps fewer matches than there are (fewKept 1: that page dropped, paged the
        // other way), and so without statistics (analysed false: a count beside a sorted read); and so
        // when the walk of each campaign's newest leads reaches its bound before the page (walkRows 1,
        // 3: read sorted).
        for (const [qShare, fewKept, analysed, walkRows] of [
          [1, undefined, true, undefined],
          [1, undefined, true, 1],
          [1, undefined, true, 3],
          [0, undefined, true, undefined],
          [0, 1, true, undefined],
          [0, undefined, false, undefined],
        ] as const) {
          const guessed = await workspaceLeadPage(em, me.workspaceId, { q, qShare, fewKept, analysed, walkRows }, page);
          expect({ qShare, fewKept, analysed, walkRows, total: guessed.total, emails: guessed.leads.map((l) => l.email) }).toEqual({
            qShare,
            fewKept,
            analysed,
            walkRows,
            total: plain.total,
            emails: plain.leads.map((l) => l.email),
          });
        }
      }
      // A cursor page (decisions.md §12) after the newest match: the next two, the total of every match.
      const expected = matching(q);
      const after = keyOf(expected[0]!);
      for (const [qShare, fewKept, analysed, walkRows] of [
        [undefined, undefined, undefined, undefined],
        [1, undefined, true, undefined],
        [1, undefined, true, 2],
        [0, undefined, true, undefined],
        [0, 1, true, undefined],
        [0, undefined, false, undefined],
      ] as const) {
        const found = await workspaceLeadPage(em, me.workspaceId, { q, qShare, fewKept, analysed, walkRows }, { limit: 2, offset: 0, after });
        expect({ q, qShare, fewKept, analysed, walkRows, total: found.total, emails: found.leads.map((l) => l.email) }).toEqual({
          q,
          qShare,
          fewKept,
          analysed,
          walkRows,
          total: expected.length,
          emails: expected.slice(1, 3),
        });
      }
    }
  });
});

describe("the walk of each campaign's newest leads (many matches)", () => {
  it("reads at most its bound per campaign, and says so when a campaign's matches sit further back", async () => {
    const em = authedContext(service.deps, { workspaceId: me.workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
    const page = { limit: 1, offset: 0 };
    // "acme" matches the two oldest leads (one in each campaign), 23 and 22 leads behind each
    // campaign's newest; "bulk" matches each campaign's newest lead.
    const perCampaign = (q: string) => campaignIds.map((id) => seeded.filter((l, i) => campaignIds[i % 2] === id && matching(q).includes(l.email)).length);
    expect(perCampaign('acme')).toEqual([1, 1]);
    expect(await walkNewest(em, me.workspaceId, campaignIds, { q: 'acme', walkRows: 20 }, page, seeded.length)).toBeNull();
    expect(await walkNewest(em, me.workspaceId, campaignIds, { q: 'acme', walkRows: 24 }, page, seeded.length)).toEqual([keyOf('dee@example.test').id]);
    // A campaign with fewer leads than the bound was read whole: its few matches are the page.
    expect(await walkNewest(em, me.workspaceId, campaignIds, { q: 'acme', walkRows: 1_000 }, { limit: 5, offset: 0 }, seeded.length)).toEqual(
      matching('acme').map((email) => keyOf(email).id),
    );
    expect(await walkNewest(em, me.workspaceId, campaignIds, { q: 'bulk', walkRows: 1 }, page, seeded.length)).toEqual([keyOf(matching('bulk')[0]!).id]);
    // The page after a cursor walks from the cursor on.
    const after = keyOf(matching('bulk')[0]!);
    expect(await walkNewest(em, me.workspaceId, campaignIds, { q: 'bulk', walkRows: 2 }, { ...page, after }, seeded.length)).toEqual([keyOf(matching('bulk')[1]!).id]);
  });

  it("is bounded at the campaign's part of the matches the sampled share gives, and at least twice what an even spread needs", () => {
    // 5% of 200,000 leads in 2 campaigns: 5,000 matches each.
    expect(walkBound(50, 0.05, 200_000, 2)).toBe(5_000);
    // Over half of 250,000: 68,750 each, where an even spread needs 50.
    expect(walkBound(20, 0.55, 250_000, 2)).toBe(68_750);
    // A small workspace: twice the even spread (100 leads at 100%, 5,000 at 2% or less).
    expect(walkBound(50, 1, 40, 2)).toBe(100);
    expect(walkBound(50, 0.02, 1_000, 1)).toBe(5_000);
    expect(walkBound(50, 0.001, 1_000, 1)).toBe(5_000);
    expect(walkBound(50, undefined, 1_000, 1)).toBe(5_000);
    expect(walkBound(3, 0.5, 0, 0)).toBe(12);
  });
});

describe('GET /campaigns/:id/leads?q=', () => {
  it('pages and counts the same whichever way the sample says to read the page, at any offset', async () => {
    const em = authedContext(service.deps, { workspaceId: me.workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
    const campaign = await em.findOneOrFail(Campaign, campaignIds[0]!);
    const inFirst = (q: string) =>
      seeded
        .filter((l, i) => i % 2 === 0 && l.email.includes(q.toLowerCase()))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((l) => l.email);
    for (const q of ['bulk', '.test', 'acme', 'nothing at all', 'k1']) {
      const expected = inFirst(q);
      for (const page of [
        { limit: 50, offset: 0 },
        { limit: 2, offset: 3 },
        { limit: 5, offset: 500 },
        { limit: 0, offset: 0 },
      ]) {
        // walkRows: the walk of the list's own order reads every lead (undefined), or stops short of
        // the page and leaves it to the other ways (1, 4), or reaches its bound just after it; without
        // statistics (analysed false) there is no walk.
        const walks: [number | undefined, boolean][] = [
          [undefined, false],
          ...[undefined, 1, 4, page.offset + page.limit + 1].map((w): [number | undefined, boolean] => [w, true]),
        ];
        for (const [qShare, [walkRows, analysed]] of [undefined, 0, 1].flatMap((s) => walks.map((w) => [s, w] as const))) {
          const found = await campaignLeadPage(em, campaign, { q, qShare, walkRows, analysed }, page);
          expect({ q, page, qShare, walkRows, analysed, total: found.total, emails: found.leads.map((l) => l.email) }).toEqual({
            q,
            page,
            qShare,
            walkRows,
            analysed,
            total: expected.length,
            emails: expected.slice(page.offset, page.offset + page.limit),
          });
        }
      }
      // A cursor page (decisions.md §12) after the second match (or, with fewer, after the campaign's
      // first lead): the next three, the total of every match.
      const after = keyOf(expected[1] ?? seeded[0]!.email);
      const later = expected.filter((email) => keyOf(email).createdAt > after.createdAt);
      const walks: [number | undefined, boolean][] = [[undefined, false], ...[undefined, 1, 4].map((w): [number | undefined, boolean] => [w, true])];
      for (const [qShare, [walkRows, analysed]] of [undefined, 0, 1].flatMap((s) => walks.map((w) => [s, w] as const))) {
        const found = await campaignLeadPage(em, campaign, { q, qShare, walkRows, analysed }, { limit: 3, offset: 0, after });
        expect({ q, qShare, walkRows, analysed, total: found.total, emails: found.leads.map((l) => l.email) }).toEqual({
          q,
          qShare,
          walkRows,
          analysed,
          total: expected.length,
          emails: later.slice(0, 3),
        });
      }
    }
  });
});

describe('GET /leads/search', () => {
  it('finds the newest matches, limit 20 by default, the same whichever way it reads', async () => {
    let walked = 0;
    for (const q of TERMS.filter((t) => Array.from(t.trim()).length >= 2)) {
      const expected = matching(q.trim());
      for (const limit of [undefined, 1, 3]) {
        const res = await api.get(`/leads/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
        expect(res.status).toBe(200);
        expect({ q, limit, emails: res.body.map((l: { email: string }) => l.email) }).toEqual({ q, limit, emails: expected.slice(0, limit ?? 20) });
        if (expected.length >= walkFrom(campaignIds.length, limit ?? 20, seeded.length)) walked++;
      }
    }
    expect(walked).toBeGreaterThan(2);
    const [hit] = (await api.get('/leads/search?q=globex')).body;
    const lead = seeded.find((l) => l.email === 'bob@globex.test')!;
    expect(hit).toMatchObject({ id: lead.id, email: lead.email, status: 'pending', current_step: 0, campaign_id: campaignIds[1] });
  });

  it('needs q of at least 2 characters (400 q_too_short), and answers the same through GraphQL', async () => {
    expectError(await api.get('/leads/search?q=a'), 400, 'q_too_short');
    expectError(await api.get('/leads/search?q=%20%20x%20'), 400, 'q_too_short');
    const res = await api.gql(ops.SearchLeadsDocument, { q: 'bulk', limit: 3 });
    expect(res.data!.searchLeads.map((l) => l.email)).toEqual(matching('bulk').slice(0, 3));
    const short = await api.gql(ops.SearchLeadsDocument, { q: 'b' });
    expect(short.errors![0]!.extensions).toMatchObject({ code: 'q_too_short' });
  });
});
