// After a bulk import the lead table's statistics are brought up to date before the import answers
// (leads/import/lead-statistics.ts): PostgreSQL plans the lists and searches the console opens next from
// them, and on a table it never analysed it took a search matching every lead for a rare one (issue 34).
// Through REST and GraphQL; a small import, or one small beside what the statistics know, leaves them to
// autovacuum.
import { ANALYZE_FROM_ROWS, statisticsBehind } from '../../src/modules/leads/import/lead-statistics';
import { LEAD_SEARCH_INDEXES } from '../../src/modules/leads/import/lead-statistics.queries';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let own: OwnDatabase;
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;

beforeAll(async () => {
  // A database of its own, its lead table never analysed, and autovacuum kept away from it: every
  // ANALYZE seen here is the import's.
  own = await createOwnDatabase();
  service = await startTestService({ env: { DATABASE_URL: own.url } });
  await service.deps.orm.em.fork().getConnection().execute('alter table lead set (autovacuum_enabled = false)');
  me = await signUp(service.url);
});
afterAll(async () => {
  await service?.stop();
  await own?.drop();
});

const statistics = async () => {
  const [row] = await service.deps.orm.em
    .fork()
    .getConnection()
    .execute(`select c.reltuples::float8 as known, s.analyze_count::int as analyses from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'lead'`);
  return { known: Number(row.known), analyses: Number(row.analyses) };
};

const rows = (prefix: string, n: number) => `email,company\n${Array.from({ length: n }, (_, i) => `${prefix}${i}@firm${i % 50}.test,Firm ${i}`).join('\n')}\n`;

const csvImport = async (campaignId: string, text: string) => {
  const res = await me.client.request('POST', `/api/campaigns/${campaignId}/leads`, text, { 'content-type': 'text/csv' });
  expect(res.status).toBe(200);
  return res.body.inserted as number;
};

// The counters PostgreSQL's statistics collector keeps are flushed by each backend at its next
// transaction end (at most a second later): the test waits for the count it expects rather than a time.
async function analysesReach(n: number): Promise<{ known: number; analyses: number }> {
  const end = Date.now() + 10_000;
  for (;;) {
    const s = await statistics();
    if (s.analyses >= n || Date.now() > end) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('says which imports leave the statistics too far behind: a thousand new leads or more, and a tenth of what they know', () => {
  expect(statisticsBehind(ANALYZE_FROM_ROWS - 1, null)).toBe(false);
  expect(statisticsBehind(ANALYZE_FROM_ROWS, null)).toBe(true);
  expect(statisticsBehind(1_000, 10_000)).toBe(true);
  expect(statisticsBehind(1_000, 10_001)).toBe(false);
  expect(statisticsBehind(50_000, 100_000)).toBe(true);
});

it('analyses the table after a bulk import through REST and GraphQL, and leaves a small one to autovacuum', async () => {
  const campaign = await createCampaign(service, me.workspaceId);
  expect(await statistics()).toEqual({ known: -1, analyses: 0 });

  // Fewer than ANALYZE_FROM_ROWS new leads: the table stays unanalysed.
  expect(await csvImport(campaign.id, rows('few', ANALYZE_FROM_ROWS - 1))).toBe(ANALYZE_FROM_ROWS - 1);
  await new Promise((r) => setTimeout(r, 1_200));
  expect(await statistics()).toEqual({ known: -1, analyses: 0 });

  // A bulk import into the table never analysed: analysed before it answers (reltuples is set by the
  // ANALYZE itself, in its transaction; the collector's count follows).
  expect(await csvImport(campaign.id, rows('bulk', 1_500))).toBe(1_500);
  expect((await statistics()).known).toBe(ANALYZE_FROM_ROWS - 1 + 1_500);
  expect(await analysesReach(1)).toEqual({ known: ANALYZE_FROM_ROWS - 1 + 1_500, analyses: 1 });

  // GraphQL's addLeads: 1,000 more against 2,499 known, so analysed again.
  const added = await me.client.gql(ops.AddLeadsDocument, { campaignId: campaign.id, input: { csv: rows('graphql', 1_000) } });
  expect(added.errors).toBeUndefined();
  expect(added.data?.addLeads.inserted).toBe(1_000);
  expect((await statistics()).known).toBe(3_499);
  expect(await analysesReach(2)).toEqual({ known: 3_499, analyses: 2 });
});

it('leaves an import small beside what the statistics know to autovacuum', async () => {
  const campaign = await createCampaign(service, me.workspaceId);
  // Known: 3,499 + 9,000 = 12,499 after this one (9,000 is over a tenth of 3,499, so it analyses).
  expect(await csvImport(campaign.id, rows('many', 9_000))).toBe(9_000);
  const before = await analysesReach(3);
  expect(before).toEqual({ known: 12_499, analyses: 3 });
  // 1,200 new leads: under a tenth of 12,499.
  expect(await csvImport(campaign.id, rows('tenth', 1_200))).toBe(1_200);
  await new Promise((r) => setTimeout(r, 1_200));
  expect(await statistics()).toEqual(before);
});

// The trigram indexes take new rows into a pending list that every search through them reads whole
// until it is merged (lead-statistics.ts). pgstattuple's pgstatginindex tells how many entries wait.
const pendingEntries = async (): Promise<Record<string, number>> => {
  const conn = service.deps.orm.em.fork().getConnection();
  await conn.execute('create extension if not exists pgstattuple');
  const out: Record<string, number> = {};
  for (const name of LEAD_SEARCH_INDEXES) out[name] = Number((await conn.execute(`select pending_tuples::int as n from pgstatginindex(?::regclass)`, [name]))[0].n);
  return out;
};
const none = Object.fromEntries(LEAD_SEARCH_INDEXES.map((name) => [name, 0]));

it("merges the search indexes' pending entries after a bulk import through REST and GraphQL, and leaves a small one's", async () => {
  const campaign = await createCampaign(service, me.workspaceId);
  await csvImport(campaign.id, rows('pending-bulk', 1_000));
  expect(await pendingEntries()).toEqual(none);

  // A small import: its entries wait (in both indexes: every row has a company).
  await csvImport(campaign.id, rows('pending-few', 200));
  const waiting = await pendingEntries();
  for (const name of LEAD_SEARCH_INDEXES) expect(waiting[name]).toBeGreaterThan(0);

  // GraphQL's addLeads of a thousand merges them, the small import's with its own.
  const added = await me.client.gql(ops.AddLeadsDocument, { campaignId: campaign.id, input: { csv: rows('pending-graphql', 1_000) } });
  expect(added.data?.addLeads.inserted).toBe(1_000);
  expect(await pendingEntries()).toEqual(none);

  // The searches find the leads whichever way their entries went in.
  const found = await me.client.get(`/leads?q=${encodeURIComponent('pending-few1@')}`);
  expect(found.status).toBe(200);
  expect(found.body.map((l: { email: string }) => l.email).sort()).toEqual(
    Array.from({ length: 200 }, (_, i) => `pending-few${i}@firm${i % 50}.test`)
      .filter((e) => e.includes('pending-few1@'))
      .sort(),
  );
});
