// The lead list queries: filter conditions, q matching, paging and the total. Plans (see the lead
// entity's indexes and test/bench/lead-list.bench.ts):
// - the page is an ordered range of an index on (campaign_id[, filter column], created_at, id) cut by
//   LIMIT, so it reads about `limit + offset` index entries whatever the campaign's size; a cursor page
//   (decisions.md §12) starts that range at the cursor's (created_at, id) (afterKey: a row comparison the
//   index takes as its start), so it reads about `limit` entries however deep it is;
// - without q the total is a sum over the campaign's lead_count rows (a few dozen), kept by triggers:
//   counting a million leads, even index-only, costs more than the whole 100 ms budget on small hosts;
// - with q both go through the pg_trgm index on email (a q shorter than 3 characters, or one most
//   addresses contain, has to look at every address of the campaign); the campaign's page is first
//   walked in the list's order, q tested on each lead, up to 5,000 leads (walkCampaign);
// - the workspace list without q merges each campaign's newest leads (newestIdsByCampaign), and so does
//   the workspace search when many leads match, up to a bound (walkNewest);
// - the workspace search (q over the address or the company field: GET /leads?q=, /leads/search) reads
//   its matches through the trigram indexes on the address and on the company field (a BitmapOr) when
//   they are few, counting and sorting them in one read; when most leads match, it counts them in one pass
//   and walks each campaign's newest leads for the page (searchWorkspace);
// - a q of four characters or more starts the trigram index scans from its rare part (withSearchHints);
// - a lead's provider is its domain's (lead-provider.ts): the provider filter tests it against the
//   workspace's domain list, hashed once (providerCondition); its total adds to the counters (which see
//   only providers pinned on leads) the leads on the workspace's domains with that provider
//   (providerDomainCount), a pass over the campaign's unpinned leads: about 50 ms per 100,000.
//
// The statements that are not query builder chains are in lead-query.queries.ts.
import { raw, type EntityManager, type FilterQuery, type QueryBuilder } from '@mikro-orm/postgresql';
import { Campaign } from '../campaigns/campaign.entity';
import { companyMatchSql } from './company-sql';
import { Lead } from './lead.entity';
import {
  counterTotal,
  leadCountTotal,
  newestIdsAmong,
  newestLeadIds,
  searchSamples,
  unpinnedLeadsOnDomains,
  walkMatches,
  walkNewestMatches,
  workspaceProviderDomains,
  type LeadFilter,
  type LeadKey,
  type Page,
  type Statement,
} from './lead-query.queries';
import type { LeadRecord } from './lead.view';
import { DEFAULT_PAGE } from './leads.inputs';

export type { LeadFilter, LeadKey, Page };

type FilterFields = { [K in keyof LeadFilter]?: string | null };

/** The fields that filter: nulls and blanks dropped, q trimmed. */
export function normalizeFilter(input: FilterFields): LeadFilter {
  const out: LeadFilter = {};
  for (const key of ['status', 'interest', 'verification', 'provider', 'listId', 'q'] as const) {
    const value = key === 'q' ? input.q?.trim() : input[key];
    if (value) out[key] = key === 'listId' ? value.toLowerCase() : value;
  }
  return out;
}

/** q is data: LIKE's wildcards and its escape character match themselves. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern of the values that contain `s` (its wildcards escaped). */
const containing = (s: string): string => `%${escapeLike(s)}%`;

/** The LIKE pattern of the addresses that contain q, in any case (addresses are stored lower-case). */
const addressPattern = (q: string): string => containing(q.toLowerCase());

/** Leads whose address contains q, in any case. Addresses are stored lower-case (Lead.email), so a
 *  lower-cased term with LIKE finds exactly what ILIKE would, at about half the cost when q matches most
 *  of a campaign: ILIKE case-folds every address it tests. The trigram index serves both. With `lead`
 *  (a part of q, withAddressHint) the index scan starts from that part's trigrams. */
export function emailContains(q: string, lead?: string): FilterQuery<Lead> {
  const contains = (part: string): FilterQuery<Lead> => ({ email: { $like: addressPattern(part) } });
  return lead ? { $and: [contains(lead), contains(q)] } : contains(q);
}

/**
 * The parts of q to test first (LeadFilter.qLead for the address, companyLead for the company field):
 * its longest stretch without a trigram that a tenth or more of PostgreSQL's sample of the values (the
 * statistics, about a hundred) contain. A trigram index scan takes its conditions in the order given,
 * and within one LIKE it reads the whole posting list of every common trigram before it can drop a lead:
 * q=person123456 over a million addresses that all hold "person" read 1,400 index pages (21 ms);
 * starting from "n123456" it reads 20 (0.5 ms). Starting from a common part gains nothing (from "234"
 * it still read all 1,400), hence the stretch. The answer is the same either way: the part is in every
 * value that contains q. `company`: the workspace search, which also matches the company field.
 */
export async function withSearchHints<F extends LeadFilter>(em: EntityManager, filter: F, opts: { company?: boolean } = {}): Promise<F> {
  if (!filter.q) return filter;
  const samples = await cachedSearchSamples(em);
  const qLead = rarePart(filter.q, samples.address);
  const companyLead = opts.company ? rarePart(filter.q, samples.company) : undefined;
  // A share given by the caller is kept (the tests of a wrong estimate).
  const qShare = filter.qShare ?? Math.max(shareContaining(filter.q, samples.address), opts.company ? shareContaining(filter.q, samples.company) : 0);
  const analysed = filter.analysed ?? samples.address.length >= 20;
  return { ...filter, ...(qLead ? { qLead } : {}), ...(companyLead ? { companyLead } : {}), qShare, analysed };
}

/** How long the statistics' samples are reused: they change only when the lead table is analysed, and
 *  only the plan depends on them; read before every search, they cost a round trip ahead of its count. */
const SAMPLES_FOR_MS = 60_000;
/** The samples per database (its connection: every fork of one ORM shares it). */
const samplesByDatabase = new WeakMap<object, { until: number; samples: Promise<{ address: string[]; company: string[] }> }>();

/** Drops the samples held for a database: the next search reads them again (the lead-list bench, once
 *  it has analysed the table it searched before). */
export const forgetSearchSamples = (em: EntityManager): void => void samplesByDatabase.delete(em.getConnection());

function cachedSearchSamples(em: EntityManager): Promise<{ address: string[]; company: string[] }> {
  const key = em.getConnection();
  const now = Date.now();
  const held = samplesByDatabase.get(key);
  if (held && held.until > now) return held.samples;
  const samples = searchSamples(em);
  samplesByDatabase.set(key, { until: now + SAMPLES_FOR_MS, samples });
  samples.catch(() => samplesByDatabase.delete(key));
  return samples;
}

/** The share of a sample (of at least 20 values) that contains q, in any case; 0 without a sample. */
export function shareContaining(q: string, sample: readonly string[]): number {
  if (sample.length < 20) return 0;
  const term = q.toLowerCase();
  return sample.filter((v) => v.includes(term)).length / sample.length;
}

/** The longest stretch of q (lower-cased) of four characters or more whose every trigram fewer than a
 *  tenth of the sample contain, when q also has a trigram that more do; else none (no sample, no common
 *  trigram, or no rare stretch that long). One rare trigram is no lead: the trigram index already starts
 *  from q's rarest trigram, and the part as a second condition only adds its work (q=son12, lead "n12"
 *  over a million addresses: a count of 6.7 ms against 5.2 ms without; min of 21 runs, loaded host). A
 *  stretch of several rare trigrams narrows the matches before the common ones are read. */
export function rarePart(q: string, sample: readonly string[]): string | undefined {
  const term = q.toLowerCase();
  if (term.length < 4 || sample.length < 20) return undefined;
  const common = Array.from({ length: term.length - 2 }, (_, i) => sample.filter((a) => a.includes(term.slice(i, i + 3))).length * 10 >= sample.length);
  if (!common.includes(true)) return undefined;
  let best: { from: number; to: number } | undefined;
  for (let i = 0; i < common.length;) {
    if (common[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < common.length && !common[j]) j++;
    // Trigrams i..j-1 are rare: the stretch is characters i..j+1, kept when it holds two or more.
    if (j - i >= 2 && (!best || j - i >= best.to - best.from)) best = { from: i, to: j };
    i = j;
  }
  return best && term.slice(best.from, best.to + 2);
}

/** Leads whose company field (any spelling) contains q, in any case (company-sql.ts); `lead` as in
 *  emailContains. */
export function companyContains(q: string, lead?: string): FilterQuery<Lead> {
  const match = (alias: string) => companyMatchSql(alias, containing(q), lead && containing(lead));
  return { [raw((a: string) => match(a).sql, match('').params)]: [] };
}

/** api.md Leads: the workspace q matches part of the address or of the company field. The address
 *  first: when it matches, the company is not read. */
export const addressOrCompany = (q: string, leads: { qLead?: string; companyLead?: string } = {}): { $or: FilterQuery<Lead>[] } => ({
  $or: [emailContains(q, leads.qLead), companyContains(q, leads.companyLead)],
});

/**
 * A lead's provider (Lead.effectiveProvider) as a filter: its pinned one, else its domain's in the
 * workspace's domain_provider. Written as `in` / `not in` over the workspace's domains rather than the
 * per-row look-up of the formula: PostgreSQL hashes the domain list once (a hashed SubPlan), so testing a
 * lead costs a hash probe, and a filter that matches few leads can read many cheaply.
 */
export function providerCondition(workspaceId: string, provider: string): FilterQuery<Lead> {
  if (provider === 'unchecked') {
    return {
      [raw((a: string) => `(${a}.provider is null and split_part(${a}.email, '@', 2) not in (select domain from domain_provider where workspace_id = ?))`, [workspaceId])]: [],
    };
  }
  return {
    [raw(
      (a: string) =>
        `(${a}.provider = ? or (${a}.provider is null and split_part(${a}.email, '@', 2) in (select domain from domain_provider where workspace_id = ? and provider = ?)))`,
      [provider, workspaceId, provider],
    )]: [],
  };
}

/** The conditions of a filter on the workspace's leads. `qOverCompany`: q also matches the company
 *  field (workspace list). */
export function filterConditions(f: LeadFilter, workspaceId: string, opts: { qOverCompany?: boolean } = {}): FilterQuery<Lead>[] {
  const and: FilterQuery<Lead>[] = [];
  if (f.status) and.push({ status: f.status as Lead['status'] });
  if (f.interest) and.push({ interest: f.interest });
  if (f.verification === 'unchecked') and.push({ $or: [{ verification: null }, { verification: 'unchecked' }] });
  else if (f.verification) and.push({ verification: f.verification as Lead['verification'] });
  if (f.provider) and.push(providerCondition(workspaceId, f.provider));
  if (f.listId) and.push({ sourceList: f.listId });
  if (f.q) and.push(opts.qOverCompany ? addressOrCompany(f.q, f) : emailContains(f.q, f.qLead));
  return and;
}

export const pageOf = (q: { limit?: number | null; offset?: number | null }, defaultLimit = DEFAULT_PAGE): Page => ({
  limit: q.limit ?? defaultLimit,
  offset: q.offset ?? 0,
});

/** The keyset condition of a cursor page: rows strictly after `after` in (created_at, id) order, `>` when
 *  it ascends and `<` when it descends. A row comparison, so it is a range of the (…, created_at, id)
 *  indexes the list reads in order, not a filter over the rows before it. */
export function afterKey(after: LeadKey | undefined, dir: '>' | '<'): FilterQuery<Lead>[] {
  if (!after) return [];
  const sql = (a: string) => `(${a ? `${a}.` : ''}"created_at", ${a ? `${a}.` : ''}"id") ${dir} (?::timestamptz, ?::uuid)`;
  return [{ [raw(sql, [after.createdAt, after.id])]: [] }];
}

/** Whether a row comes after `after` newest first (the workspace list's order), as afterKey '<' says. */
const newerFirstAfter = (after: LeadKey | undefined) => (r: { createdAt: Date; id: string }) => {
  if (!after) return true;
  const t = r.createdAt.getTime();
  const k = new Date(after.createdAt).getTime();
  return t < k || (t === k && r.id < after.id);
};

/** How a total is counted: summed from lead_count over the campaigns without q (counterTotal; plus, with
 *  a provider filter, the leads whose domain has that provider: `byDomain`), else counted on the leads
 *  themselves. */
export type CountQuery = { kind: 'counters'; campaignIds: readonly string[]; filter: LeadFilter; byDomain?: DomainCount } | { kind: 'scan'; qb: QueryBuilder<Lead> };

/** The part of a provider filter's total the counters cannot see (providerDomainCount). */
export interface DomainCount {
  workspaceId: string;
  campaignIds: readonly string[];
  filter: LeadFilter;
}

/** The count of a filter without q: the counters, and with a provider filter the domain part. */
export function counterCount(workspaceId: string, campaignIds: readonly string[], f: LeadFilter): CountQuery {
  return { kind: 'counters', campaignIds, filter: f, byDomain: f.provider ? { workspaceId, campaignIds, filter: f } : undefined };
}

export async function runCount(em: EntityManager, count: CountQuery): Promise<number> {
  if (count.kind === 'scan') return count.qb.getCount();
  const [total, byDomain] = await Promise.all([leadCountTotal(em, count.campaignIds, count.filter), count.byDomain ? providerDomainCount(em, count.byDomain) : 0]);
  return total + byDomain;
}

/**
 * What a provider filter's total adds to the counters (which count a lead under its pinned provider, or
 * '' when it has none): the leads without a pinned provider whose domain has the provider in the
 * workspace's domain_provider (for `unchecked`, a negative count: those leads have one after all). Two
 * steps: the workspace's domains with the provider (primary-key range), then the leads on them, so a
 * workspace that looked nothing up reads no lead, and the domain list is a constant the planner hashes.
 * Reads every unpinned lead of the campaigns that matches the other filters: about 50 ms per 100,000.
 */
export async function providerDomainCount(em: EntityManager, { workspaceId, campaignIds, filter: f }: DomainCount): Promise<number> {
  const unchecked = f.provider === 'unchecked';
  const domains = await workspaceProviderDomains(em, workspaceId, unchecked ? null : f.provider!);
  if (!domains.length || !campaignIds.length) return 0;
  const n = await unpinnedLeadsOnDomains(em, campaignIds, domains, f);
  return unchecked ? -n : n;
}

/** The SQL of a count, for EXPLAIN in the bench. */
export const countSql = (count: CountQuery): Statement =>
  count.kind === 'counters' ? counterTotal(count.campaignIds, count.filter) : { sql: count.qb.clone().count().getFormattedQuery(), params: [] };

/**
 * The two statements of a campaign lead list page: the total and the page, oldest first (createdAt, id).
 * The campaign was loaded through the caller's workspace-filtered em, so its id scopes both; they do not
 * repeat the workspace condition on purpose: it would add a heap check to index-only plans.
 */
export function campaignLeadQueries(em: EntityManager, campaign: Campaign, filter: LeadFilter, page: Page): { count: CountQuery; page: QueryBuilder<Lead> } {
  const where: FilterQuery<Lead> = { $and: [{ campaign: campaign.id }, ...filterConditions(filter, campaign.workspace.id)] };
  return {
    count: filter.q ? { kind: 'scan', qb: em.createQueryBuilder(Lead).where(where) } : counterCount(campaign.workspace.id, [campaign.id], filter),
    page: em
      .createQueryBuilder(Lead)
      .select('*')
      .where({ $and: [where, ...afterKey(page.after, '>')] })
      .orderBy([{ createdAt: 'asc' }, { id: 'asc' }])
      .limit(page.limit)
      .offset(page.offset),
  };
}

/** Rows mapped to property names and types (dates, json), without hydrating entities. */
const readRows = async (qb: QueryBuilder<Lead>) => (await qb.execute('all', true)) as unknown as LeadRecord[];

/** One page of a campaign's leads and the number matching regardless of paging. With q the page is
 *  first walked (walkCampaign) while the count runs; where the walk would read too far, it is read the
 *  way the sample says (fewExpected). */
export async function campaignLeadPage(em: EntityManager, campaign: Campaign, filter: LeadFilter, page: Page): Promise<{ total: number; leads: LeadRecord[] }> {
  const hinted = await withSearchHints(em, filter);
  const q = campaignLeadQueries(em, campaign, hinted, page);
  const readPage = async (): Promise<LeadRecord[]> => {
    if (page.limit === 0) return [];
    if (q.count.kind !== 'scan') return readRows(q.page);
    const walked = await walkCampaign(em, campaign, hinted, page);
    if (walked) return readByIds(em, walked, 'asc');
    return fewExpected(hinted) ? readByIds(em, idsOf(q.page), 'asc') : readRows(q.page);
  };
  const [total, leads] = await Promise.all([runCount(em, q.count), readPage()]);
  return { total, leads };
}

/** How many leads the campaign search's walk reads at most (walkCampaign): about 2 ms. q=son12 (11,111
 *  matches in a million, spread over the campaign) finds its first page within 1,250 leads (0.4 ms),
 *  where sorting every match took as long as counting them (10 ms) beside the count. */
const WALK_ROWS = 5_000;

/**
 * The ids of a campaign search's page, walking the campaign's leads oldest first (the index of the
 * list's own order and its other filters) and testing q on each, up to `offset + limit` matches, or
 * null when that takes more than WALK_ROWS leads: the matches are few or sit late in the list, and
 * finding them through the trigram index and sorting them is the cheaper way. The same page as the
 * query's: the same conditions and order.
 */
async function walkCampaign(em: EntityManager, campaign: Campaign, filter: LeadFilter, page: Page): Promise<string[] | null> {
  const bound = filter.walkRows ?? WALK_ROWS;
  const wanted = page.offset + page.limit;
  // Not analysed yet (a fresh install), PostgreSQL took the campaign for a few thousand leads and planned
  // this walk as a sort of all of them (1.4 s where the count took 0.15 s, a million leads).
  if (!filter.q || wanted > bound || !filter.analysed) return null;
  const inOrder = em
    .createQueryBuilder(Lead, 'w0')
    .select(['w0.id', 'w0.createdAt', 'w0.email', raw('row_number() over (order by w0.created_at, w0.id) as rn')])
    .where({ $and: [{ campaign: campaign.id }, ...filterConditions({ ...filter, q: undefined }, campaign.workspace.id), ...afterKey(page.after, '>')] })
    .orderBy([{ createdAt: 'asc' }, { id: 'asc' }])
    .limit(bound);
  const rows = await walkMatches(em, inOrder.getKnexQuery(), addressPattern(filter.q), bound, wanted);
  const hits = rows.filter((r) => r.hit).map((r) => r.id);
  // The bound's row came before `wanted` matches: the walk stopped short of them.
  if (hits.length < wanted && rows.some((r) => r.last)) return null;
  return hits.slice(page.offset, wanted);
}

/** A search whose share of matching leads the statistics' sample puts below this is expected to match
 *  few (fewExpected). */
const MANY_SHARE = 0.02;

/**
 * Whether the sample says few leads match q (or says nothing). Then the search's page is read as ids
 * alone, sorted, and the 50 leads after (readByIds): the matches are found through the trigram indexes
 * and sorted (the workspace search: beside its count, newestIdsAmong), where whole rows
 * sorted took half as long again as the count (q=son12, 12,000 matches). With many matches the page
 * comes from the list's own order, which meets its matches early. Only the plan depends on the sample.
 */
const fewExpected = (f: LeadFilter): boolean => (f.qShare ?? 0) < MANY_SHARE;

/** The ids a page query reads, in its order. */
const idsOf = async (qb: QueryBuilder<Lead>): Promise<string[]> => ((await qb.clone().select(['id']).execute('all', false)) as { id: string }[]).map((r) => r.id);

/** One page of the workspace's leads, newest first, and the number matching. Scoped by the em's
 *  workspace filter: the campaigns summed are the workspace's, the leads read carry its filter. */
export async function workspaceLeadPage(
  em: EntityManager,
  workspaceId: string,
  filter: LeadFilter & { campaignId?: string },
  page: Page,
): Promise<{ total: number; leads: LeadRecord[] }> {
  // The campaigns whose counters make the total without q, and whose newest leads make a merged page.
  const campaignsOf = async () => (filter.campaignId ? [filter.campaignId] : (await em.find(Campaign, {}, { fields: ['id'] })).map((c) => c.id));
  if (filter.q) {
    const hinted = await withSearchHints(em, filter, { company: true });
    // The campaigns are wanted only when many leads match (the walk): asked at once when the sample
    // says so, else only if the matches turn out many.
    let asked: Promise<readonly string[]> | undefined;
    const campaignIds = () => (asked ??= campaignsOf());
    if (!fewExpected(hinted)) campaignIds().catch(() => undefined); // awaited in searchWorkspace
    const found = await searchWorkspace(em, workspaceId, campaignIds, hinted, page, { total: true });
    return { total: found.total!, leads: found.leads };
  }
  const campaignIds = await campaignsOf();
  const readPage = async (): Promise<LeadRecord[]> => {
    if (page.limit === 0) return [];
    if (campaignIds.length * (page.offset + page.limit) <= MERGE_BUDGET) return readByIds(em, await newestIdsByCampaign(em, workspaceId, campaignIds, filter, page));
    return readNewest(em, workspaceId, filter, page);
  };
  const [total, leads] = await Promise.all([runCount(em, counterCount(workspaceId, campaignIds, filter)), readPage()]);
  return { total, leads };
}

/** The workspace's leads matching a filter (q over the address and the company field), for a count.
 *  Wrapped: a query builder is a promise of its rows, which awaiting it would run. */
export async function workspaceMatches(em: EntityManager, workspaceId: string, filter: LeadFilter & { campaignId?: string }): Promise<{ qb: QueryBuilder<Lead> }> {
  const qb = em.createQueryBuilder(Lead).where(workspaceWhere(filter, workspaceId));
  await qb.applyFilters();
  return { qb };
}

/** count(*) of a query builder's rows: what PostgreSQL's own count is (MikroORM's getCount counts the
 *  primary key, a column more to read per row). */
async function countRows(qb: QueryBuilder<Lead>): Promise<number> {
  const row = (await qb.select(raw('count(*)::int as n')).execute('get', false)) as { n: number };
  return Number(row.n);
}

/** The conditions of the workspace list (q over the address and the company field). */
const workspaceWhere = (filter: LeadFilter & { campaignId?: string }, workspaceId: string, after?: LeadKey): { $and: FilterQuery<Lead>[] } => ({
  $and: [...(filter.campaignId ? [{ campaign: filter.campaignId }] : []), ...filterConditions(filter, workspaceId, { qOverCompany: true }), ...afterKey(after, '<')],
});

const newest = (qb: QueryBuilder<Lead>) => qb.orderBy([{ createdAt: 'desc' }, { id: 'desc' }]);

/** The leads of some ids, newest first (`dir` desc) or oldest first (asc). */
async function readByIds(em: EntityManager, idsOrRead: readonly string[] | Promise<string[]>, dir: 'asc' | 'desc' = 'desc'): Promise<LeadRecord[]> {
  const ids = await idsOrRead;
  if (!ids.length) return [];
  const rows = em
    .createQueryBuilder(Lead)
    .select('*')
    .where({ id: { $in: [...ids] } })
    .orderBy([{ createdAt: dir }, { id: dir }]);
  await rows.applyFilters();
  return readRows(rows);
}

/** One ordered read of the matching leads: the planner sorts what the filter lets through (the matches
 *  of a q, found through its indexes, when they are few). */
async function readNewest(em: EntityManager, workspaceId: string, filter: LeadFilter & { campaignId?: string }, page: Page): Promise<LeadRecord[]> {
  return readRows((await newestMatches(em, workspaceId, filter, page)).qb);
}

/** The query of readNewest. Wrapped: a query builder is a promise of its rows, which awaiting it would
 *  run. */
async function newestMatches(em: EntityManager, workspaceId: string, filter: LeadFilter & { campaignId?: string }, page: Page): Promise<{ qb: QueryBuilder<Lead> }> {
  const rows = newest(
    em
      .createQueryBuilder(Lead)
      .select('*')
      .where(workspaceWhere(filter, workspaceId, page.after)),
  )
    .limit(page.limit)
    .offset(page.offset);
  await rows.applyFilters();
  return { qb: rows };
}

/** The most matches the workspace search sorts for its page beside the count (newestIdsAmong) when the
 *  sample says few match. More, where the sample was wrong (stale statistics, a table not analysed yet),
 *  and that page is dropped: the search pages the way many matches are paged, with the same count. */
const FEW_KEPT = 50_000;

/** The most matches a search without a total reads to page them itself (searchWorkspace): fetching
 *  10,000 rows to sort them took longer than walking (q=son12, 12,000 of 1,050,000 leads: 144 ms
 *  against about 50). */
const FEW_MATCHES = 2_000;

/**
 * A page of the workspace search (q over the address and the company field), newest first, and, with
 * `total`, the number matching (decisions.md §5: exact). There is no index of the workspace's leads by
 * date (imports would pay for it), so the page is read one of two ways, by how many leads match:
 * - few: read them all (the trigram indexes find them) and sort them, beside the count;
 * - many: walk each campaign's leads newest first until `offset + limit` match (walkNewest),
 *   about campaigns × (offset + limit) / share matching reads (an all-matching q read a million leads
 *   and sorted them only to keep 50), while counting them in one pass, as PostgreSQL itself would; the
 *   two run at once, so the answer takes about as long as the count. The walk is bounded (walkBound):
 *   matches that sit far back in a campaign are read the first way instead.
 * With a total (issue 34: within 1.1x of PostgreSQL's own count of the matches plus an unfiltered
 * page), the statistics' sample says which (fewExpected): with few, the count and beside it the page
 * from the first FEW_KEPT matches sorted (newestIdsAmong), on two connections. One read of the matches
 * kept for both (a materialized CTE) cost about the count again (q=son12 over a million leads: 9.8 ms
 * against a count of 5.8, the two statements side by side 8.7; the whole request 17.3 ms against 16.4,
 * medians alternated in one run). With many, or more than FEW_KEPT, the same count goes on beside the
 * walk. Only the plan depends on the sample: one that is wrong (stale statistics, another workspace's
 * leads) still gets the exact count and the same page.
 * Without a total (GET /leads/search), a first read of the matches stops where the walk becomes the
 * cheaper way (walkFrom), or at FEW_MATCHES: matches read one by one cost more than the walk past that
 * many. It needs no order, so when most leads match it ends after a few thousand rows of one pass.
 */
async function searchWorkspace(
  em: EntityManager,
  workspaceId: string,
  campaignsInScope: () => Promise<readonly string[]>,
  filter: LeadFilter & { campaignId?: string },
  page: Page,
  opts: { total: boolean },
): Promise<{ total: number | null; leads: LeadRecord[] }> {
  if (opts.total) {
    const { qb: matching } = await workspaceMatches(em, workspaceId, filter);
    const counting = countRows(matching.clone());
    counting.catch(() => undefined); // awaited below or in manyMatches
    if (fewExpected(filter) && filter.analysed) {
      // Beside the count, the page's ids from the first FEW_KEPT matches sorted, and its leads read as soon
      // as they are known. Not without statistics: every lead may match (q=@company on a fresh install:
      // 2.4 s where the count took 1 s).
      const kept = filter.fewKept ?? FEW_KEPT;
      const matches = matching
        .clone()
        .select(['id', 'createdAt'])
        .limit(kept + 1)
        .getKnexQuery();
      const paging = page.limit === 0 ? Promise.resolve([]) : readByIds(em, newestIdsAmong(em, matches, page));
      paging.catch(() => undefined); // awaited below, or dropped when more than `kept` match
      const total = await counting;
      if (total <= kept) return { total, leads: await paging };
    }
    if (fewExpected(filter) && !filter.analysed) {
      const [total, leads] = await Promise.all([counting, page.limit === 0 ? [] : newestMatches(em, workspaceId, filter, page).then(({ qb }) => readByIds(em, idsOf(qb)))]);
      return { total, leads };
    }
    const campaignIds = await campaignsInScope();
    return manyMatches(em, workspaceId, campaignIds, filter, page, { counting, leadsInScope: await leadCountTotal(em, campaignIds, {}), walkCertain: false });
  }
  const campaignIds = await campaignsInScope();
  const probe = (await workspaceMatches(em, workspaceId, filter)).qb.select(['id', 'createdAt']).limit(FEW_MATCHES);
  const [leadsInScope, found] = (await Promise.all([leadCountTotal(em, campaignIds, {}), probe.execute('all', true)])) as [number, { id: string; createdAt: Date }[]];
  const wanted = page.offset + page.limit;
  const walkAt = walkFrom(campaignIds.length, Math.max(wanted, 1), leadsInScope);
  const cap = Math.min(walkAt, FEW_MATCHES);
  if (found.length < cap) {
    const ids = found
      .filter(newerFirstAfter(page.after))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(page.offset, wanted)
      .map((r) => r.id);
    return { total: found.length, leads: await readByIds(em, ids) };
  }
  return manyMatches(em, workspaceId, campaignIds, filter, page, { counting: Promise.resolve(null), leadsInScope, walkCertain: cap === walkAt });
}

/**
 * The search's page when many leads match: the count (`counting`, started by the caller), and at once
 * the walk, kept when it surely pays (`walkCertain`: the first read found as many matches as make it
 * pay) or the total says it pays; else one ordered read.
 */
async function manyMatches(
  em: EntityManager,
  workspaceId: string,
  campaignIds: readonly string[],
  filter: LeadFilter & { campaignId?: string },
  page: Page,
  opts: { counting: Promise<number | null>; leadsInScope: number; walkCertain: boolean },
): Promise<{ total: number | null; leads: LeadRecord[] }> {
  const wanted = page.offset + page.limit;
  const withinBudget = campaignIds.length * wanted <= MERGE_BUDGET;
  const walking = page.limit > 0 && withinBudget ? walkNewest(em, workspaceId, campaignIds, filter, page, opts.leadsInScope) : null;
  walking?.catch(() => undefined); // awaited below, or dropped
  const total = await opts.counting;
  if (page.limit === 0 || (total !== null && total <= page.offset)) return { total, leads: [] };
  if (walking && (total === null || opts.walkCertain || walkPays(total, campaignIds.length, wanted, opts.leadsInScope))) {
    const ids = await walking;
    // A campaign's matches sat further back than its bound: the sorted read of the matches instead.
    if (ids) return { total, leads: await readByIds(em, ids) };
  }
  return { total, leads: await readNewest(em, workspaceId, filter, page) };
}

/**
 * How many leads of one campaign the workspace search's walk reads at most (walkNewest), from the share of
 * leads the statistics' sample says match (at least MANY_SHARE, the least the walk is chosen for): about
 * the campaign's part of the matches, since past as many leads as match, reading the matches sorted is the
 * cheaper way (walkPays); and at least twice what `wanted` matches spread evenly would take. Unbounded,
 * matches that sit together far back made it read all the leads before them: q=son12 (4.9% of 200,000
 * leads, all in the oldest third) read 70,000 leads, 70 ms against a 6–10 ms count. Bounded too tightly
 * (at twice the even spread alone), a campaign whose newest leads match less often than the rest handed
 * q=person1 (over half of 250,000 leads) to the sorted read of 140,000 matches: 98 ms where the walk took 48.
 */
export const walkBound = (wanted: number, share: number | undefined, leadsInScope: number, campaigns: number): number => {
  const s = Math.max(share ?? 0, MANY_SHARE);
  return Math.max(Math.ceil((2 * wanted) / s), Math.floor((s * leadsInScope) / Math.max(campaigns, 1)));
};

/**
 * The ids of the workspace search's page when many leads match, newest first: each campaign's newest
 * leads, tested with q (over the address and the company field) until `offset + limit` match, up to
 * walkBound leads per campaign (`filter.walkRows` in tests), merged; null when a campaign reached its
 * bound first. Each campaign's walk is the backward range of the index the list without q uses (the
 * list's other filters), numbered so its bound's row can be told apart (walkNewestMatches).
 */
export async function walkNewest(
  em: EntityManager,
  workspaceId: string,
  campaignIds: readonly string[],
  filter: LeadFilter,
  page: Page,
  leadsInScope: number,
): Promise<string[] | null> {
  const wanted = page.offset + page.limit;
  const bound = filter.walkRows ?? walkBound(wanted, filter.qShare, leadsInScope, campaignIds.length);
  const inOrder = em
    .createQueryBuilder(Lead, 'l')
    .select(['l.id', 'l.createdAt', 'l.email', 'l.vars', raw('row_number() over (order by l.created_at desc, l.id desc) as rn')])
    .where({ $and: [...filterConditions({ ...filter, q: undefined }, workspaceId), ...afterKey(page.after, '<')] })
    .andWhere('l.campaign_id = c.id')
    .orderBy([{ createdAt: 'desc' }, { id: 'desc' }])
    .limit(bound);
  const q = filter.q!;
  // The workspace q (addressOrCompany), on the walked rows.
  const company = companyMatchSql('w', containing(q));
  const hit = { sql: `w.email like ? or ${company.sql}`, params: [addressPattern(q), ...company.params] };
  return walkNewestMatches(em, campaignIds, inOrder.getKnexQuery(), hit, bound, page);
}

/** Whether walking the campaigns newest first until `wanted` match reads fewer leads than reading the
 *  `matches` one by one: campaigns × wanted × leads / matches < matches. */
export const walkPays = (matches: number, campaigns: number, wanted: number, leads: number): boolean => matches * matches > campaigns * wanted * leads;

/** The number of matches from which the walk pays (walkPays). */
export const walkFrom = (campaigns: number, wanted: number, leads: number): number => Math.floor(Math.sqrt(campaigns * wanted * leads)) + 1;

/** GET /leads/search: the newest `limit` leads whose address or company field contains q. */
export async function workspaceSearch(em: EntityManager, workspaceId: string, q: string, limit: number): Promise<LeadRecord[]> {
  const campaignIds = em.find(Campaign, {}, { fields: ['id'] }).then((cs) => cs.map((c) => c.id));
  campaignIds.catch(() => undefined); // awaited in searchWorkspace
  return (await searchWorkspace(em, workspaceId, () => campaignIds, await withSearchHints(em, { q }, { company: true }), { limit, offset: 0 }, { total: false })).leads;
}

/** Most index entries the merged page below may read (campaigns × (offset + limit)); beyond it one
 *  ordered scan of the workspace's leads is cheaper. */
const MERGE_BUDGET = 50_000;

/**
 * The ids of a workspace page without q, newest first: each campaign's newest `offset + limit` matching
 * leads (a backward range of the same indexes the campaign list uses), merged. There is no index on the
 * workspace's leads by date: ordering them all took a sort of every lead (about 230 ms over a million);
 * this reads a few entries per campaign (about 1 ms).
 */
async function newestIdsByCampaign(em: EntityManager, workspaceId: string, campaignIds: readonly string[], filter: LeadFilter, page: Page): Promise<string[]> {
  return newestLeadIds(em, campaignIds, { $and: [...filterConditions(filter, workspaceId), ...afterKey(page.after, '<')] }, page);
}
