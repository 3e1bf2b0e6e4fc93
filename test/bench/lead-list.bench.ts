// Campaign lead list over 1,000,000 leads (issue #3 "Scale"): a page with X-Total-Count must answer in
// under 100 ms. Builds one campaign of 1M leads (generate_series insert, realistic value mix), plus a
// second campaign in the same workspace and another workspace, times a few searches before the table was
// ever analysed, VACUUM ANALYZEs (as autovacuum would after a bulk load), then times GET /campaigns/:id/leads through HTTP for each filter and prints the
// EXPLAIN ANALYZE plans of the count and page statements the service runs. Baseline: GET /campaigns/:id
// (one row through the same stack), measured in the same run. Also times lead-fields and the CSV export.
//
// The workspace search (issue 21, "fast workspace search") is timed against baselines of the same run
// and its ratios printed: a search matching few leads (GET /leads?q=person123456 and /leads/search)
// against the unfiltered first page of GET /leads (target: within 3x, X-Total-Count exact); one matching
// every lead (q=@company) against PostgreSQL's own count of those rows, the rule written plainly in SQL
// and run on the same connection pool (the bare count of the workspace's leads is printed beside it);
// GET /campaigns/:id/lead-fields against the one-row GET (target: within 3x).
//
// Search at every selectivity (issue 34): campaign and workspace searches from one match to every lead,
// each against PostgreSQL's own count of its matches (the best plan it finds for that count alone) plus
// an unfiltered page request, taken in turns; target within 1.1x, X-Total-Count equal to the count.
// The same for a few searches first on the table as a fresh install has it: never analysed; then again
// once the step every import runs after committing (lead-statistics.ts) has analysed it, as the import of
// these leads would have.
// Last, the CSV export of the million leads (target 150,000 rows/s, the process under 450 MB).
//
// Run: node -r @swc-node/register test/bench/lead-list.bench.ts   (LEADS=200000 for a quicker run)
import 'reflect-metadata';
import { raw } from '@mikro-orm/postgresql';
import { authedContext } from '../../src/runtime/context';
import { Campaign } from '../../src/modules/campaigns/campaign.entity';
import { companyTextSql, hasCompanySql } from '../../src/modules/leads/company-sql';
import { campaignLeadQueries, countSql, escapeLike, forgetSearchSamples, normalizeFilter, pageOf, withSearchHints, workspaceMatches } from '../../src/modules/leads/lead-query';
import { LeadQueryInput } from '../../src/modules/leads/leads.inputs';
import { parseQuery } from '../../src/contracts/validation/validate-input';
import { refreshLeadStatistics } from '../../src/modules/leads/import/lead-statistics';
import { collectGarbage } from '../../src/runtime/gc';
import { Client, signUp } from '../support/client';
import { machine, runWhenMain, startBenchService } from './bench-service';

const LEADS = Number(process.env.LEADS ?? 1_000_000);
const RUNS = 9;
const TARGET_MS = 100;
/** Issue 34: the CSV export of the million leads at 150,000 rows/s or more, the process under 450 MB. */
const TARGET_CSV_ROWS_PER_SECOND = 150_000;
const TARGET_CSV_RSS_MB = 450;
/** Issue 34: any search within 1.1x of PostgreSQL's own count of its matches plus an unfiltered page. */
const TARGET_SEARCH_RATIO = 1.1;

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.9) - 1];

/** One campaign's worth of leads, built in the database. Value mix: mostly pending, a few replies, 2%
 *  with an interest label, most verified, provider looked up for 70%, 10% from a lead list. */
export function insertLeads(workspaceId: string, campaignId: string, listId: string, from: number, to: number, domain: string) {
  return `
    insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, stop_reason, interest, verification, provider, current_step, source_list_id, timezone)
    select gen_random_uuid(),
           timestamptz '2026-01-01' + i * interval '1 second',
           '${workspaceId}', '${campaignId}',
           'person' || i || '@company' || (i % 20000) || '.${domain}',
           jsonb_build_object('first_name', 'Name' || i, 'company', 'Company ' || (i % 20000), 'city', (array['Berlin','Paris','Rome','Oslo'])[1 + i % 4]),
           s.status,
           case s.status when 'replied' then 'replied' when 'bounced' then 'bounced' when 'unsubscribed' then 'unsubscribed' end,
           case when i % 50 = 0 then (array['interested','meeting_booked','won','lost','not_interested'])[1 + (i / 50) % 5] end,
           case when i % 10 < 4 then null when i % 100 < 90 then 'valid' when i % 100 < 95 then 'risky' when i % 100 < 98 then 'invalid' else 'unchecked' end,
           case when i % 10 < 3 then null else (array['provider_a','provider_a','provider_b','other','none','unknown','provider_b'])[1 + i % 7] end,
           case s.status when 'pending' then 0 else 1 + i % 3 end,
           case when i % 10 = 7 then '${listId}'::uuid end,
           case when i % 5 = 0 then 'America/New_York' end
      from generate_series(${from}, ${to}) i
      cross join lateral (select case
             when i % 100 < 60 then 'pending' when i % 100 < 85 then 'active' when i % 100 < 90 then 'paused'
             when i % 100 < 94 then 'completed' when i % 100 < 98 then 'replied' when i % 100 < 99 then 'bounced' else 'unsubscribed' end as status) s`;
}

/** A GET timed `runs` times after a warm-up: the median and p90, and the last answer's total, Link and rows. */
export async function timeGet(client: Client, url: string, runs = RUNS) {
  await client.get(url); // warm-up, not counted
  const times: number[] = [];
  let total = '';
  let link: string | null = null;
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const res = await client.get(url);
    times.push(ms(t));
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
    total = res.headers.get('x-total-count') ?? '';
    link = res.headers.get('link');
    rows = Array.isArray(res.body) ? res.body.length : 0;
  }
  return { median: median(times), p90: p90(times), total, link, rows };
}

/** A statement run bare on the pool, timed like timeGet: the median of RUNS after a warm-up. */
async function timeSql(conn: { execute: (sql: string, params: unknown[]) => Promise<{ n: number }[]> }, query: string, params: unknown[]) {
  await conn.execute(query, params);
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    n = (await conn.execute(query, params))[0]!.n;
    times.push(ms(t));
  }
  return { median: median(times), n };
}

export async function main() {
  const bench = await startBenchService('lead-list');
  const { service } = bench;
  try {
    const me = await signUp(service.url);
    const them = await signUp(service.url);
    const big = (await me.client.post('/campaigns', { name: 'Big' })).body;
    const small = (await me.client.post('/campaigns', { name: 'Small' })).body;
    const theirs = (await them.client.post('/campaigns', { name: 'Theirs' })).body;
    const conn = service.deps.orm.em.getConnection();
    const listId = (await conn.execute(`insert into lead_list (id, created_at, workspace_id, name) values (gen_random_uuid(), now(), ?, 'Fair') returning id`, [me.workspaceId]))[0]
      .id;

    console.log(
      `Lead list benchmark: ${LEADS.toLocaleString('en')} leads in one campaign (PostgreSQL ${(await conn.execute('show server_version'))[0].server_version}, ${machine()})`,
    );
    const ctx = authedContext(service.deps, { workspaceId: me.workspaceId, userId: null, role: 'owner', via: 'api_key' });
    const em = ctx.em;
    // The searches at every selectivity, each timed against PostgreSQL's own count (the rule written
    // plainly; for the workspace also as its indexes take it) plus an unfiltered page (searchTable).
    const plainCount = `select count(*)::int as n from lead where workspace_id = ? and (email like ? or vars->>'company' ilike ? or vars->>'Company' ilike ? or vars->>'COMPANY' ilike ?)`;
    const like = (q: string) => `%${escapeLike(q.toLowerCase())}%`;
    const campaignCount = `select count(*)::int as n from lead where campaign_id = ? and email like ?`;
    const indexedCount =
      `select count(*)::int as n from lead where workspace_id = ? and (email like ? or (${hasCompanySql('')} and ${companyTextSql('')} ilike ? ` +
      `and (vars->>'company' ilike ? or vars->>'Company' ilike ? or vars->>'COMPANY' ilike ?)))`;
    const inCampaign = (q: string, what: string) => ({
      name: `campaign q=${q} (${what})`,
      url: `/campaigns/${big.id}/leads?q=${encodeURIComponent(q)}`,
      page: `/campaigns/${big.id}/leads`,
      counts: [[campaignCount, [big.id, like(q)]]] as [string, unknown[]][],
    });
    const inWorkspace = (q: string, what: string) => ({
      name: `GET /leads?q=${q} (${what})`,
      url: `/leads?q=${encodeURIComponent(q)}`,
      page: '/leads',
      counts: [
        [plainCount, [me.workspaceId, like(q), like(q), like(q), like(q)]],
        [indexedCount, [me.workspaceId, like(q), like(q), like(q), like(q), like(q)]],
      ] as [string, unknown[]][],
    });
    /** Times each search in turns with its PostgreSQL count and an unfiltered page (see below), prints
     *  their table under `title`, and gives the worst ratio. */
    const searchTable = async (title: string, cases: ReturnType<typeof inCampaign>[]): Promise<number> => {
      console.log(`\n${title}:`);
      let worst = 0;
      console.log('  search                                               X-Total-Count  PG count   search ms   PG count ms (plain / as indexed)   page ms   ratio');
      for (const c of cases) {
        const turn: { search: number[]; page: number[]; counts: number[][] } = { search: [], page: [], counts: c.counts.map(() => []) };
        let total = '';
        let counted = 0;
        for (let i = -1; i < RUNS * 2; i++) {
          let t = process.hrtime.bigint();
          const res = await me.client.get(c.url);
          const searchMs = ms(t);
          if (res.status !== 200) throw new Error(`${c.url}: ${res.status} ${res.text}`);
          total = res.headers.get('x-total-count') ?? '';
          t = process.hrtime.bigint();
          await me.client.get(c.page);
          const pageMs = ms(t);
          const countMs: number[] = [];
          for (const [query, params] of c.counts) {
            t = process.hrtime.bigint();
            counted = (await conn.execute(query, params))[0].n;
            countMs.push(ms(t));
          }
          if (i < 0) continue; // warm-up
          turn.search.push(searchMs);
          turn.page.push(pageMs);
          countMs.forEach((x, k) => turn.counts[k]!.push(x));
        }
        if (String(counted) !== total) throw new Error(`${c.name}: X-Total-Count ${total}, PostgreSQL counts ${counted}`);
        const counts = turn.counts.map(median);
        const r = median(turn.search) / (Math.min(...counts) + median(turn.page));
        worst = Math.max(worst, r);
        console.log(
          `  ${c.name.padEnd(52)} ${total.padStart(13)} ${counted.toLocaleString('en').padStart(9)} ${median(turn.search).toFixed(1).padStart(11)} ` +
            `${counts
              .map((x) => x.toFixed(1))
              .join(' / ')
              .padStart(34)} ${median(turn.page).toFixed(1).padStart(9)} ${r.toFixed(2).padStart(6)}x${r > TARGET_SEARCH_RATIO ? '  OVER' : ''}`,
        );
      }
      return worst;
    };

    // A fresh install: the lead table not analysed yet (autovacuum off until the searches below).
    await conn.execute('alter table lead set (autovacuum_enabled = false)');
    let t = process.hrtime.bigint();
    const chunk = 250_000;
    for (let from = 1; from <= LEADS; from += chunk) await conn.execute(insertLeads(me.workspaceId, big.id, listId, from, Math.min(LEADS, from + chunk - 1), 'com'));
    console.log(`  built ${LEADS.toLocaleString('en')} leads in ${(ms(t) / 1000).toFixed(1)} s (generate_series insert with every index in place)`);
    t = process.hrtime.bigint();
    await conn.execute(insertLeads(me.workspaceId, small.id, listId, 1, 50_000, 'org'));
    await conn.execute(insertLeads(them.workspaceId, theirs.id, listId, 1, 50_000, 'net'));
    console.log(`  + 50,000 leads in a second campaign, 50,000 in another workspace: ${(ms(t) / 1000).toFixed(1)} s`);

    // A fresh install's first searches: the table never analysed, so no statistics (no sample for the
    // search's plan, PostgreSQL's estimates from the table's size alone). The same rule as below.
    const freshCases = [
      inCampaign('person123456', 'one lead'),
      inCampaign('son12', 'about 11,000'),
      inCampaign('.com', 'every lead'),
      inWorkspace('person123456', 'one lead'),
      inWorkspace('son12', 'about 12,000'),
      inWorkspace('@company', 'every lead'),
    ];
    const [stats] = await conn.execute(`select last_analyze, last_autoanalyze from pg_stat_user_tables where relname = 'lead'`);
    console.log(`  lead table analysed: ${stats.last_analyze ?? stats.last_autoanalyze ?? 'never'}`);
    const fresh = await searchTable(`Searches before the lead table is first analysed (target ${TARGET_SEARCH_RATIO}x as below; medians of ${RUNS * 2} turns)`, freshCases);
    console.log(`  worst ratio ${fresh.toFixed(2)}x before ANALYZE`);

    // What a new user's import leaves: an import that adds many leads brings the statistics up to date
    // before it answers (leads/import/lead-statistics.ts, run by every import once it has committed). The
    // leads were built in SQL above, so the step runs here as the import of them would run it.
    t = process.hrtime.bigint();
    await refreshLeadStatistics(ctx, LEADS + 50_000);
    const [after] = await conn.execute(`select last_analyze from pg_stat_user_tables where relname = 'lead'`);
    console.log(
      `\n  the import's statistics step (refreshLeadStatistics, ${(LEADS + 50_000).toLocaleString('en')} new leads): ${(ms(t) / 1000).toFixed(2)} s, analysed: ${after.last_analyze ?? 'no'}`,
    );
    forgetSearchSamples(em);
    const imported = await searchTable(
      `The same searches right after it: what a fresh install's first bulk import leaves (target ${TARGET_SEARCH_RATIO}x; medians of ${RUNS * 2} turns)`,
      freshCases,
    );
    console.log(`  worst ratio ${imported.toFixed(2)}x after the import's statistics step (no VACUUM yet)`);

    t = process.hrtime.bigint();
    await conn.execute('alter table lead reset (autovacuum_enabled)');
    await conn.execute('vacuum analyze lead');
    forgetSearchSamples(em);
    console.log(`  VACUUM ANALYZE (as autovacuum would after a bulk load): ${(ms(t) / 1000).toFixed(1)} s\n`);

    const baseline = await timeGet(me.client, `/campaigns/${big.id}`);
    console.log(`Baseline GET /campaigns/:id (one row, same stack): median ${baseline.median.toFixed(1)} ms\n`);

    const scenarios: [string, string][] = [
      ['no filter, first page', ''],
      ['no filter, limit 1000', 'limit=1000'],
      ['no filter, offset 10,000', 'offset=10000'],
      ['status=active', 'status=active'],
      ['status=paused', 'status=paused'],
      ['status=unsubscribed', 'status=unsubscribed'],
      ['interest=won', 'interest=won'],
      ['verification=valid', 'verification=valid'],
      ['verification=invalid', 'verification=invalid'],
      ['verification=unchecked (null or unchecked)', 'verification=unchecked'],
      ['provider=provider_b', 'provider=provider_b'],
      ['provider=unchecked (null)', 'provider=unchecked'],
      ['list_id', `list_id=${listId}`],
      ['status=active&verification=unchecked', 'status=active&verification=unchecked'],
      ['status=pending&provider=provider_a&list_id', `status=pending&provider=provider_a&list_id=${listId}`],
      ['q=person123456 (one lead)', 'q=person123456'],
      ['q=@company1234. (about 50 leads)', 'q=%40company1234.'],
      ['q=son12 (about 11,000 leads)', 'q=son12'],
      ['q=.com (every lead)', 'q=.com'],
      ['q=99 (2 characters)', 'q=99'],
    ];
    const campaign = await em.findOneOrFail(Campaign, big.id);
    const results: { name: string; median: number; p90: number; total: string; rows: number }[] = [];
    console.log('GET /campaigns/:id/leads                          total     rows   median    p90   x baseline');
    for (const [name, query] of scenarios) {
      const r = await timeGet(me.client, `/campaigns/${big.id}/leads${query ? `?${query}` : ''}`);
      results.push({ name, ...r });
      console.log(
        `  ${name.padEnd(46)} ${r.total.padStart(9)} ${String(r.rows).padStart(6)} ${r.median.toFixed(1).padStart(7)} ${r.p90.toFixed(1).padStart(6)}   ${(r.median / baseline.median).toFixed(1).padStart(6)}${r.median > TARGET_MS ? '   OVER 100 ms' : ''}`,
      );
    }

    console.log('\nQuery plans (EXPLAIN ANALYZE of the statements the service runs):');
    for (const [name, query] of scenarios) {
      const input = await parseQuery(LeadQueryInput, Object.fromEntries(new URLSearchParams(query)));
      const q = campaignLeadQueries(em, campaign, await withSearchHints(em, normalizeFilter(input)), pageOf(input));
      for (const [kind, statement] of [
        ['count', countSql(q.count)],
        ['page', { sql: q.page.getFormattedQuery(), params: [] as unknown[] }],
      ] as const) {
        const plan: { 'QUERY PLAN': string }[] = await conn.execute(`explain (analyze, costs off, timing on) ${statement.sql}`, statement.params);
        console.log(`\n-- ${name}: ${kind}`);
        for (const line of plan) console.log(`   ${line['QUERY PLAN']}`);
      }
    }

    // The workspace-wide list and search over the same 1.05M leads.
    console.log('\nGET /leads (workspace-wide, newest first)                  total     rows   median    p90');
    const workspaceRow = (name: string, r: Awaited<ReturnType<typeof timeGet>>) =>
      console.log(`  ${name.padEnd(54)} ${r.total.padStart(9)} ${String(r.rows).padStart(6)} ${r.median.toFixed(1).padStart(7)} ${r.p90.toFixed(1).padStart(6)}`);
    const unfiltered = await timeGet(me.client, '/leads');
    workspaceRow('first page (baseline of the few-match search)', unfiltered);
    for (const [name, url] of [
      ['status=paused', '/leads?status=paused'],
      [`campaign_id (the big one)`, `/leads?campaign_id=${big.id}`],
    ] as const) {
      workspaceRow(name, await timeGet(me.client, url));
    }
    const few = await timeGet(me.client, '/leads?q=person123456');
    workspaceRow('q=person123456 (one lead: address or company)', few);
    const fewSearch = await timeGet(me.client, '/leads/search?q=person123456');
    workspaceRow('search q=person123456', fewSearch);
    workspaceRow('q=son12 (about 11,000 leads)', await timeGet(me.client, '/leads?q=son12'));
    workspaceRow('q=company 123 (company field only, about 5,800 leads)', await timeGet(me.client, '/leads?q=company%20123'));
    const all = await timeGet(me.client, '/leads?q=%40company');
    workspaceRow('q=@company (every lead)', all);
    const allSearch = await timeGet(me.client, '/leads/search?q=%40company');
    workspaceRow('search q=@company (every lead)', allSearch);

    // PostgreSQL's own count of the rows q=@company matches: the rule written plainly, run bare.
    const pattern = '%@company%';
    const pgCount = await timeSql(conn, plainCount, [me.workspaceId, pattern, pattern, pattern, pattern]);
    const bareCount = await timeSql(conn, 'select count(*)::int as n from lead where workspace_id = ?', [me.workspaceId]);
    console.log(
      `  PostgreSQL's own count of those rows: ${pgCount.n.toLocaleString('en')} in ${pgCount.median.toFixed(1)} ms (median); bare count of the workspace's leads ${bareCount.median.toFixed(1)} ms`,
    );
    if (String(pgCount.n) !== all.total) throw new Error(`q=@company: X-Total-Count ${all.total}, PostgreSQL counts ${pgCount.n}`);

    const fields = await timeGet(me.client, `/campaigns/${big.id}/lead-fields`);
    const fieldList = (await me.client.get(`/campaigns/${big.id}/lead-fields`)).body.fields;
    console.log(`\nGET /campaigns/:id/lead-fields over ${LEADS.toLocaleString('en')} leads: median ${fields.median.toFixed(1)} ms -> ${JSON.stringify(fieldList)}`);

    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log('\nRatios (same run, medians):');
    console.log(
      `  few-match search / unfiltered page:   GET /leads?q=person123456 ${ratio(few.median, unfiltered.median)}x, /leads/search ${ratio(fewSearch.median, unfiltered.median)}x (target 3x; X-Total-Count ${few.total})`,
    );
    console.log(`  lead-fields / one-row GET:            ${ratio(fields.median, baseline.median)}x (target 3x)`);

    // Search at every selectivity (issue 34, decisions.md §10): each search against PostgreSQL's own
    // count of its matching rows, with the best plan PostgreSQL finds for that count alone, plus an
    // unfiltered page request of the same list (its fixed costs, auth, rate limit and HTTP, are not the
    // search's). The three are taken in turns, so all see the machine in the same state (on a shared
    // host, series taken seconds apart drift by more than the 10% the target allows), RUNS × 2 times,
    // medians. The workspace rule is counted as written plainly and as its indexes take it (the company
    // text of lead_company_trgm, under the index's predicate); the faster is the baseline.
    // X-Total-Count must be PostgreSQL's count.
    const searches = [
      inCampaign('person123456', 'one lead'),
      inCampaign('@company1234.', 'about 50'),
      inCampaign('son12', 'about 11,000'),
      inCampaign('99', '2 characters, 45,739'),
      inCampaign('.com', 'every lead'),
      inWorkspace('person123456', 'one lead'),
      inWorkspace('@company1234.', 'about 50'),
      inWorkspace('company 123', 'company field, about 5,800'),
      inWorkspace('son12', 'about 12,000'),
      inWorkspace('@company', 'every lead'),
    ];
    const worst = await searchTable(
      `Search at every selectivity (issue 34: within ${TARGET_SEARCH_RATIO}x of PostgreSQL's own count plus an unfiltered page; medians of ${RUNS * 2} turns)`,
      searches,
    );
    console.log(`  worst ratio ${worst.toFixed(2)}x (target ${TARGET_SEARCH_RATIO}x): ${worst <= TARGET_SEARCH_RATIO ? 'met' : 'MISSED'}`);

    // Where the all-match request's time goes: the count it runs (the same conditions, built by the
    // service) beside PostgreSQL's own count, both under EXPLAIN (ANALYZE, BUFFERS).
    console.log('\nAll-match count plans (EXPLAIN (ANALYZE, BUFFERS)):');
    const allFilter = await withSearchHints(em, normalizeFilter({ q: '@company' }), { company: true });
    const serviceCount = (await workspaceMatches(em, me.workspaceId, allFilter)).qb.select(raw('count(*)::int as n')).getFormattedQuery();
    for (const [name, statement, params] of [
      ["the service's count", serviceCount, []],
      ["PostgreSQL's own count", plainCount, [me.workspaceId, pattern, pattern, pattern, pattern]],
    ] as const) {
      const plan: { 'QUERY PLAN': string }[] = await conn.execute(`explain (analyze, buffers, costs off, timing on) ${statement}`, [...params]);
      console.log(`\n-- ${name}`);
      for (const line of plan) console.log(`   ${line['QUERY PLAN']}`);
    }

    console.log('\nWorkspace search plans (EXPLAIN ANALYZE of its first read: the matches, up to where walking pays):');
    for (const q of ['person123456', '@company']) {
      const { qb } = await workspaceMatches(em, me.workspaceId, await withSearchHints(em, normalizeFilter({ q }), { company: true }));
      const probe = qb.select(['id', 'createdAt']).limit(10_000).getFormattedQuery();
      const plan: { 'QUERY PLAN': string }[] = await conn.execute(`explain (analyze, costs off, timing on) ${probe}`);
      console.log(`\n-- q=${q}`);
      for (const line of plan) console.log(`   ${line['QUERY PLAN']}`);
    }

    // The export's own memory: the phases above (a million-row build, hundreds of searches and plans) left
    // the process's heap as they left it, garbage included, so a full collection (runtime/gc.ts, as the
    // import runs between its chunks) comes first; both figures are printed.
    const left = process.memoryUsage();
    collectGarbage();
    const rssBefore = process.memoryUsage().rss;
    console.log(
      `\nprocess RSS as the phases above left it: ${(left.rss / 1e6).toFixed(0)} MB (heap used ${(left.heapUsed / 1e6).toFixed(0)} MB of ${(left.heapTotal / 1e6).toFixed(0)} MB); ` +
        `after a full collection: ${(rssBefore / 1e6).toFixed(0)} MB (heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB)`,
    );
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    t = process.hrtime.bigint();
    const res = await fetch(`${service.url}/api/campaigns/${big.id}/leads.csv`, { headers: { authorization: `Bearer ${me.token}` } });
    let bytes = 0;
    let lines = 0;
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += part.length;
      for (const b of part) if (b === 10) lines++;
    }
    const csvMs = ms(t);
    clearInterval(sampler);
    const csvRate = ((lines - 1) / csvMs) * 1000;
    const csvMet = csvRate >= TARGET_CSV_ROWS_PER_SECOND && peakRss < TARGET_CSV_RSS_MB * 1e6;
    console.log(
      `GET /campaigns/:id/leads.csv: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${(csvMs / 1000).toFixed(1)} s ` +
        `(${Math.round(csvRate).toLocaleString('en')} rows/s); process RSS ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(peakRss / 1e6).toFixed(0)} MB ` +
        `(target ${TARGET_CSV_ROWS_PER_SECOND.toLocaleString('en')} rows/s, peak under ${TARGET_CSV_RSS_MB} MB: ${csvMet ? 'met' : 'MISSED'})`,
    );

    const over = results.filter((r) => r.median > TARGET_MS);
    console.log(over.length ? `\n${over.length} case(s) over ${TARGET_MS} ms: ${over.map((r) => r.name).join('; ')}` : `\nEvery case answered under ${TARGET_MS} ms (median).`);
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
