// A lead's provider (api.md Lead `provider`) is a property of its address's domain: the provider look-up
// (verification/provider-lookup.job.ts) writes one row per (workspace, domain) into domain_provider and
// never touches the leads, so 100,000 leads on 5,000 domains cost 5,000 rows, not 100,000 (rewriting a
// lead row rewrites every index of `lead`: seconds per 100,000). Every reader takes it from there: the
// lead object (Lead.effectiveProvider), the provider filter and its total (lead-query.ts), and sending
// (providerMatching in sending/engine/pick-due.ts, sending-status). lead.provider, when set, wins: it is
// a value pinned on the lead itself (written before providers were kept per domain, and by tests that
// give two leads of one domain different providers); nothing in the service writes it any more.

/** SQL: the provider of the lead row aliased `l` (null until its domain was looked up). A primary-key
 *  probe of domain_provider per row: cheap for a page or a tick, and planned the same whatever the
 *  cache table's statistics (a join planned on a fresh, unanalyzed cache can go badly wrong). */
export const leadProviderSql = (l: string): string =>
  `coalesce(${l}.provider, (select dp.provider from domain_provider dp where dp.workspace_id = ${l}.workspace_id and dp.domain = split_part(${l}.email, '@', 2)))`;
