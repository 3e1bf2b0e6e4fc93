// Cursor pages deep in a big list (decisions.md §12, issue 24 "a cursor page at the 900,000th lead of
// 1,000,000 within 2x the first page"). One campaign of 1,000,000 leads (lead-list.bench.ts's seeding),
// VACUUM ANALYZE, then through HTTP, the median of RUNS after a warm-up:
// - the first page of GET /campaigns/:id/leads (limit 50): the baseline;
// - the cursor page after the 900,000th lead (the Link of the offset page that ends there);
// - the offset page at the same depth (offset=900000), for comparison;
// and the same three for status=active (a filter index), and for the workspace list GET /leads (newest
// first, merged per campaign). Ratios to each first page; the EXPLAIN ANALYZE of the campaign cursor
// page's statement shows the index range it reads.
//
// Run: npm run bench -- cursor-page   (LEADS=200000 for a quicker run)
import 'reflect-metadata';
import { authedContext } from '../../src/runtime/context';
import { Campaign } from '../../src/modules/campaigns/campaign.entity';
import { campaignLeadQueries } from '../../src/modules/leads/lead-query';
import { Client, signUp } from '../support/client';
import { machine, ms, runWhenMain, startBenchService } from './bench-service';
import { insertLeads, timeGet as timeGetRuns } from './lead-list.bench';

const LEADS = Number(process.env.LEADS ?? 1_000_000);
const DEPTH = Math.floor(LEADS * 0.9);
const LIMIT = 50;
const RUNS = 15;
/** A GET's median over RUNS (after a warm-up), with the last answer's Link and rows. */
const timeGet = (client: Client, url: string) => timeGetRuns(client, url, RUNS);

/** The path of a Link header's next page, under /api as the client takes it. */
const nextOf = (link: string | null): string => {
  const m = /^<\/api([^>]+)>; rel="next"$/.exec(link ?? '');
  if (!m) throw new Error(`no Link rel=next: ${link}`);
  return m[1]!;
};

export async function main() {
  const bench = await startBenchService('cursor-page');
  const { service } = bench;
  try {
    const me = await signUp(service.url);
    const big = (await me.client.post('/campaigns', { name: 'Big' })).body;
    const conn = service.deps.orm.em.getConnection();
    const listId = (await conn.execute(`insert into lead_list (id, created_at, workspace_id, name) values (gen_random_uuid(), now(), ?, 'Fair') returning id`, [me.workspaceId]))[0]
      .id;
    console.log(
      `Cursor page benchmark: ${LEADS.toLocaleString('en')} leads in one campaign, page ${LIMIT}, depth ${DEPTH.toLocaleString('en')} ` +
        `(PostgreSQL ${(await conn.execute('show server_version'))[0].server_version}; ${machine()})`,
    );
    const t = process.hrtime.bigint();
    const chunk = 250_000;
    for (let from = 1; from <= LEADS; from += chunk) await conn.execute(insertLeads(me.workspaceId, big.id, listId, from, Math.min(LEADS, from + chunk - 1), 'com'));
    await conn.execute('vacuum analyze lead');
    console.log(`  built and analyzed in ${(ms(t) / 1000).toFixed(1)} s\n`);

    const lists: [string, string, string][] = [
      ['GET /campaigns/:id/leads', `/campaigns/${big.id}/leads`, ''],
      ['GET /campaigns/:id/leads?status=active', `/campaigns/${big.id}/leads`, 'status=active&'],
      ['GET /leads (workspace, newest first)', `/leads`, ''],
    ];
    console.log('list                                         page                          rows   median ms   x first page');
    const summary: string[] = [];
    for (const [name, path, filter] of lists) {
      // At depth: with a filter, the same share of the matching leads (status=active is 25% of them).
      const total = Number((await me.client.get(`${path}?${filter}limit=0`)).headers.get('x-total-count'));
      const depth = Math.floor(total * 0.9);
      const first = await timeGet(me.client, `${path}?${filter}limit=${LIMIT}`);
      // The offset page that ends at the depth hands the cursor of its last lead (Link): the cursor page
      // after it starts at the depth-th lead.
      const before = await me.client.get(`${path}?${filter}limit=${LIMIT}&offset=${depth - LIMIT}`);
      const cursorUrl = nextOf(before.headers.get('link'));
      const cursor = await timeGet(me.client, cursorUrl);
      const offset = await timeGet(me.client, `${path}?${filter}limit=${LIMIT}&offset=${depth}`);
      const same = JSON.stringify((await me.client.get(cursorUrl)).body) === JSON.stringify((await me.client.get(`${path}?${filter}limit=${LIMIT}&offset=${depth}`)).body);
      for (const [label, r] of [
        ['first page', first],
        [`cursor at ${depth.toLocaleString('en')}`, cursor],
        [`offset=${depth}`, offset],
      ] as const) {
        console.log(
          `  ${name.padEnd(42)} ${label.padEnd(28)} ${String(r.rows).padStart(5)} ${r.median.toFixed(1).padStart(10)} ${(r.median / first.median).toFixed(2).padStart(12)}`,
        );
      }
      console.log(`  ${''.padEnd(42)} (cursor page and offset page hold the same leads: ${same})\n`);
      summary.push(`${name}: cursor ${(cursor.median / first.median).toFixed(2)}x, offset ${(offset.median / first.median).toFixed(2)}x the first page`);
    }

    // The plan of the campaign cursor page: an index range from the cursor's key, cut by LIMIT.
    const key = (await conn.execute(`select created_at, id from lead where campaign_id = ? order by created_at, id offset ? limit 1`, [big.id, DEPTH - 1]))[0];
    const em = authedContext(service.deps, { workspaceId: me.workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
    const campaign = await em.findOneOrFail(Campaign, big.id);
    const page = { limit: LIMIT + 1, offset: 0, after: { createdAt: new Date(key.created_at).toISOString(), id: String(key.id) } };
    const q = campaignLeadQueries(em, campaign, {}, page);
    const plan: { 'QUERY PLAN': string }[] = await conn.execute(`explain (analyze, costs off, timing on) ${q.page.getFormattedQuery()}`);
    console.log('EXPLAIN ANALYZE of the campaign cursor page:');
    for (const line of plan) console.log(`   ${line['QUERY PLAN']}`);
    console.log(`\nSummary (target: cursor within 2x the first page):\n  ${summary.join('\n  ')}`);
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
