// Lead providers from MX at scale (issue #14 item 5): 100,000 leads of one campaign on 5,000 domains, looked
// up by the provider look-up job's work (verification/provider-lookup.job.ts lookUpLeadProviders: distinct
// domains, the workspace cache, one MX query per domain at DNS_CONCURRENCY, one row per domain written to
// domain_provider, where the leads read their provider: leads/lead-provider.ts) against the loopback DNS
// server of the tests (test/support/dns-server.ts). The providers the leads then show are counted through
// the same expression the API uses, and the provider filter's total is timed over HTTP.
// Baseline, measured in the same run against the same server: the same 5,000 MX queries made bare with a
// node:dns Resolver at the same concurrency, nothing else. Target: the whole look-up within 1.5× of it.
// Also printed: the DNS part alone (providersOf for a fresh workspace) against the same baseline, and a
// second import on the same domains over HTTP, whose leads show their providers as soon as they are
// inserted (their domains are known), so its look-up asks nothing.
//
// Zone mix: 40% Google-hosted, 30% Microsoft-hosted, 25% another server, 5% no such domain.
//
// Run: npm run bench -- provider-lookup   (LEADS=20000 DOMAINS=1000 for a quicker run)
import 'reflect-metadata';
import { Resolver } from 'node:dns/promises';
import { mapLimited } from '../../src/runtime/concurrency';
import { leadProviderSql } from '../../src/modules/leads/lead-provider';
import { DNS_CONCURRENCY, providersOf } from '../../src/modules/verification/provider-lookup';
import { lookUpLeadProviders } from '../../src/modules/verification/provider-lookup.job';
import { signUp } from '../support/client';
import { startDnsServer, type Zone } from '../support/dns-server';
import { runWhenMain, startBenchService } from './bench-service';

const LEADS = Number(process.env.LEADS ?? 100_000);
const DOMAINS = Number(process.env.DOMAINS ?? 5_000);
const TARGET_RATIO = 1.5;

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const domainName = (i: number) => `d${i}.bench`;

function zoneOf(domains: number): Zone {
  const zone: Zone = {};
  for (let i = 0; i < domains; i++) {
    const kind = i % 20;
    if (kind < 8) zone[domainName(i)] = { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] };
    else if (kind < 14) zone[domainName(i)] = { MX: [{ exchange: `d${i}-bench.mail.protection.outlook.com`, priority: 0 }] };
    else if (kind < 19) zone[domainName(i)] = { MX: [{ exchange: `mx.${domainName(i)}`, priority: 10 }] };
    // else: not in the zone (NXDOMAIN)
  }
  return zone;
}

/** The same queries, bare: one Resolver at the server, DNS_CONCURRENCY at once, answers thrown away. */
async function bareQueries(server: string, names: string[]): Promise<number> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers([server]);
  const t = process.hrtime.bigint();
  await mapLimited(names, DNS_CONCURRENCY, (name) => resolver.resolveMx(name).catch(() => null));
  return seconds(t);
}

async function main() {
  const dns = await startDnsServer(zoneOf(DOMAINS));
  const bench = await startBenchService('provider-lookup', { env: { DNS_SERVERS: dns.server } });
  try {
    const me = await signUp(bench.service.url);
    const campaign = async (name: string) => (await me.client.post('/campaigns', { name })).body.id as string;
    const target = await campaign('Target');
    const again = await campaign('Second import');
    const warm = await campaign('Warm-up');
    let t = process.hrtime.bigint();
    const seed = (campaignId: string, leads: number, prefix: string) =>
      bench.run(
        `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
         select gen_random_uuid(), now(), ?, ?, ? || i || '@d' || (i % ?) || '.bench', '{}', 'pending', 0 from generate_series(0, ? - 1) i`,
        [me.workspaceId, campaignId, prefix, DOMAINS, leads],
      );
    await seed(target, LEADS, 'lead-');
    await bench.run(
      `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step) values (gen_random_uuid(), now(), ?, ?, 'w@warm.bench', '{}', 'pending', 0)`,
      [me.workspaceId, warm],
    );
    await bench.run('vacuum analyze lead');
    console.log(`seeded ${LEADS.toLocaleString('en')} leads on ${DOMAINS.toLocaleString('en')} domains in ${seconds(t).toFixed(1)} s`);

    // Warm-up: JIT, pool connections, the resolver path (one domain not in the bench set).
    await lookUpLeadProviders(bench.service.deps, { workspaceId: me.workspaceId, campaignId: warm });
    await bareQueries(dns.server, ['warm.bench']);

    const names = Array.from({ length: DOMAINS }, (_, i) => domainName(i));
    const baseline1 = await bareQueries(dns.server, names);

    let before = dns.queries.length;
    t = process.hrtime.bigint();
    const report = await lookUpLeadProviders(bench.service.deps, { workspaceId: me.workspaceId, campaignId: target });
    const lookup = seconds(t);
    const asked = dns.queries.length - before;

    const baseline2 = await bareQueries(dns.server, names);
    const baseline = Math.min(baseline1, baseline2);

    // What readers pay for the provider living on the domain: the filtered lead list with its total (the
    // counters plus a pass over the campaign's leads on the matching domains), against one row.
    const getMs = async (path: string) => {
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t0 = process.hrtime.bigint();
        const res = await fetch(`${bench.service.url}/api${path}`, { headers: { authorization: `Bearer ${me.token}` } });
        await res.text();
        runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      return runs.sort((a, b) => a - b)[3];
    };
    const oneRowMs = await getMs(`/campaigns/${target}`);
    const filteredMs = await getMs(`/campaigns/${target}/leads?provider=provider_a&limit=50`);
    const uncheckedMs = await getMs(`/campaigns/${target}/leads?provider=unchecked&limit=50`);

    // The DNS part alone (cache read, 5,000 queries, cache write) for another workspace: what the
    // look-up adds to the bare queries, without the lead writes.
    const other = await signUp(bench.service.url);
    t = process.hrtime.bigint();
    const dnsOnly = await providersOf(bench.service.deps, bench.service.deps.orm.em.fork(), other.workspaceId, names);
    const dnsPhase = seconds(t);

    // Printed before the second import, which is slow on a loaded host (its rule statements, not this area).
    const byProvider = await bench.run(`select ${leadProviderSql('l')} as provider, count(*)::int as n from lead l where campaign_id = ? group by 1 order by 1`, [target]);
    console.log(
      `look-up: ${report.leads.toLocaleString('en')} leads given a provider, ${report.domains.toLocaleString('en')} domains, ${asked.toLocaleString('en')} DNS queries in ${lookup.toFixed(2)} s`,
    );
    console.log(`  providers: ${byProvider.map((r: { provider: string; n: number }) => `${r.provider} ${r.n.toLocaleString('en')}`).join(', ')}`);
    console.log(`baseline: the same ${DOMAINS.toLocaleString('en')} MX queries bare (node:dns, ${DNS_CONCURRENCY} at once): ${baseline1.toFixed(2)} s, ${baseline2.toFixed(2)} s`);
    console.log(`ratio: ${(lookup / baseline).toFixed(2)}× the faster baseline for the whole look-up, providers stored (target ≤ ${TARGET_RATIO}×)`);
    console.log(
      `lead list filtered by provider, with X-Total-Count (median of 7): provider_a ${filteredMs.toFixed(1)} ms, unchecked ${uncheckedMs.toFixed(1)} ms; ` +
        `one-row GET /campaigns/:id ${oneRowMs.toFixed(1)} ms`,
    );
    console.log(
      `DNS part alone (${dnsOnly.asked.length.toLocaleString('en')} domains: cache read, queries, cache write): ${dnsPhase.toFixed(2)} s = ${(dnsPhase / baseline).toFixed(2)}× the baseline`,
    );

    // A second import on the same domains, over HTTP: its leads show their providers as soon as they are in.
    const csv = `email\n${Array.from({ length: LEADS }, (_, i) => `again-${i}@d${i % DOMAINS}.bench`).join('\n')}\n`;
    t = process.hrtime.bigint();
    const imported = await fetch(`${bench.service.url}/api/campaigns/${again}/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'text/csv' },
      body: csv,
    }).then((r) => r.json() as Promise<{ inserted: number }>);
    const importSeconds = seconds(t);
    before = dns.queries.length;
    t = process.hrtime.bigint();
    const cached = await lookUpLeadProviders(bench.service.deps, { workspaceId: me.workspaceId, campaignId: again });
    const second = seconds(t);
    const askedAgain = dns.queries.length - before;
    const unset = await bench.run(`select count(*)::int as n from lead l where campaign_id = ? and ${leadProviderSql('l')} is null`, [again]);

    console.log(
      `second import of ${imported.inserted.toLocaleString('en')} leads on the same domains (HTTP, CSV): ${importSeconds.toFixed(2)} s, ${unset[0].n} leads left without a provider; ` +
        `its look-up: ${cached.asked} domains asked, ${askedAgain} DNS queries in ${second.toFixed(2)} s`,
    );
  } finally {
    await bench.stop();
    await dns.stop();
  }
}

runWhenMain(module, main);
