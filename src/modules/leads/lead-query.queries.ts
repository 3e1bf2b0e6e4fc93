// The statements of the lead lists (lead-query.ts), one named function per statement: the totals summed
// from lead_count, the provider filter's domain part, the page merged from each campaign's newest leads,
// and the samples the search hints read. lead-query.ts holds the plans (its header) and composes the
// filter conditions these take; the pages it reads through the query builder stay there.
import type { EntityManager, FilterQuery, Knex } from '@mikro-orm/postgresql';
import { pgArray, sql, textArray } from '../../storage/sql';
import { Lead } from './lead.entity';

/** A lead list's filter, as the API's query parameters give it (lead-query.ts normalizeFilter). */
export interface LeadFilter {
  status?: string;
  interest?: string;
  verification?: string;
  provider?: string;
  listId?: string;
  q?: string;
  /** Parts of q few addresses, and few company fields, share (withSearchHints), tested before q. */
  qLead?: string;
  companyLead?: string;
  /** The share of PostgreSQL's sample of the values (addresses, and company fields for the workspace
   *  search) that contain q (withSearchHints): an estimate of how many leads match, for the plan only. */
  qShare?: number;
  /** How many leads the search's walk may read (lead-query.ts WALK_ROWS for the campaign search,
   *  walkBound per campaign for the workspace search); tests set it small to reach the other ways of
   *  reading the page. */
  walkRows?: number;
  /** Whether PostgreSQL has statistics of the leads (withSearchHints: its sample of the addresses;
   *  tests set it). Without them its estimates come from the table's size alone, and a walk or a kept
   *  read of the matches can be planned as a sort of a whole campaign or a read of every match. */
  analysed?: boolean;
  /** How many matches the workspace search keeps to count and page them in one read (lead-query.ts
   *  FEW_KEPT); tests set it small to reach the way past it. */
  fewKept?: number;
}

export interface Page {
  limit: number;
  offset: number;
  /** A cursor page (decisions.md §12): only the rows after this key in the list's order (offset 0). */
  after?: LeadKey;
}

/** A lead's place in the lead lists' order: (created_at, id), ascending for a campaign, descending for
 *  the workspace. */
export interface LeadKey {
  createdAt: string;
  id: string;
}

/** A statement and its values, as the bench EXPLAINs it (lead-query.ts countSql). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The total of a filter without q over some campaigns, from lead_count (null columns stored as ''). Its
 * provider column holds only providers pinned on leads (lead-provider.ts): with a provider filter, this is
 * the pinned part, and lead-query.ts providerDomainCount the rest.
 * @allWorkspaces keyed by campaigns the caller found through its workspace-filtered em
 */
export function counterTotal(campaignIds: readonly string[], f: LeadFilter): Statement {
  // As a PostgreSQL array literal: a JS array binding would be spread into a list by the query layer.
  const where = ['campaign_id = any(?::uuid[])'];
  const params: unknown[] = [`{${campaignIds.join(',')}}`];
  const eq = (column: string, value: string) => {
    where.push(`${column} = ?`);
    params.push(value);
  };
  if (f.status) eq('status', f.status);
  if (f.interest) eq('interest', f.interest);
  if (f.verification === 'unchecked') where.push(`verification in ('', 'unchecked')`);
  else if (f.verification) eq('verification', f.verification);
  if (f.provider === 'unchecked') where.push(`provider = ''`);
  else if (f.provider) eq('provider', f.provider);
  if (f.listId) eq('source_list', f.listId);
  return { sql: `select coalesce(sum(n), 0)::int as total from lead_count where ${where.join(' and ')}`, params };
}

/**
 * Runs counterTotal: how many leads of the campaigns match a filter without q (all of them for {}).
 * @allWorkspaces keyed by campaigns the caller found through its workspace-filtered em
 */
export async function leadCountTotal(em: EntityManager, campaignIds: readonly string[], f: LeadFilter): Promise<number> {
  const { sql: query, params } = counterTotal(campaignIds, f);
  const [row] = await sql(em, query, params);
  return Number(row?.total ?? 0);
}

/** The workspace's domains whose looked-up provider is `provider`; every domain it looked up for null
 *  (the provider filter's `unchecked`). A primary-key range of domain_provider. */
export async function workspaceProviderDomains(em: EntityManager, workspaceId: string, provider: string | null): Promise<string[]> {
  const domains = await sql(
    em,
    `select domain from domain_provider where workspace_id = ? ${provider === null ? '' : 'and provider = ?'}`,
    provider === null ? [workspaceId] : [workspaceId, provider],
  );
  return domains.map((d) => String(d.domain));
}

/**
 * How many leads of the campaigns without a pinned provider are on one of the domains and match the rest
 * of the filter (its provider aside): the domain list is a constant the planner hashes.
 * @allWorkspaces keyed by campaigns the caller found through its workspace-filtered em, and domains of its
 * workspace (workspaceProviderDomains)
 */
export async function unpinnedLeadsOnDomains(em: EntityManager, campaignIds: readonly string[], domains: readonly string[], f: LeadFilter): Promise<number> {
  const where = ['campaign_id = any(?::uuid[])', 'provider is null', `split_part(email, '@', 2) = any(?::text[])`];
  const params: unknown[] = [pgArray(campaignIds), textArray(domains)];
  const eq = (column: string, value: string) => {
    where.push(`${column} = ?`);
    params.push(value);
  };
  if (f.status) eq('status', f.status);
  if (f.interest) eq('interest', f.interest);
  if (f.verification === 'unchecked') where.push(`(verification is null or verification = 'unchecked')`);
  else if (f.verification) eq('verification', f.verification);
  if (f.listId) eq('source_list_id', f.listId);
  const [row] = await sql(em, `select count(*)::int as n from lead where ${where.join(' and ')}`, params);
  return Number(row.n);
}

/**
 * The ids of a page newest first, merged from each campaign's newest `offset + limit` leads matching
 * `where` (a backward range of the indexes the campaign list uses: lead-query.ts newestIdsByCampaign).
 * The per-campaign query goes in as a query, not as text: its values (a q) stay bound, where text
 * spliced in would have a `?` of theirs taken for a placeholder.
 * @allWorkspaces keyed by campaigns the caller found through its workspace-filtered em; `where` holds the
 * rest of the filter
 */
export async function newestLeadIds(em: EntityManager, campaignIds: readonly string[], where: { $and: FilterQuery<Lead>[] }, page: Page): Promise<string[]> {
  const perCampaign = em
    .createQueryBuilder(Lead, 'l')
    .select(['l.id', 'l.createdAt'])
    .where(where)
    .andWhere('l.campaign_id = c.id')
    .orderBy([{ createdAt: 'desc' }, { id: 'desc' }])
    .limit(page.offset + page.limit);
  const rows = await sql(em, `select p.id from unnest(?::uuid[]) as c(id) cross join lateral ? p order by p.created_at desc, p.id desc limit ? offset ?`, [
    `{${campaignIds.join(',')}}`,
    perCampaign.getKnexQuery(),
    page.limit,
    page.offset,
  ]);
  return rows.map((r) => String(r.id));
}

/**
 * The ids of a search's page newest first, merged from each campaign's newest leads that match, walked
 * with a bound: each campaign's first `bound` leads of `inOrder` (a lateral query of id, created_at, the
 * columns `hit` reads and rn, its row number newest first, keyed to `c.id` and cut by LIMIT bound) are
 * tested with `hit` (an SQL condition on alias w) until `offset + limit` match. null when a campaign
 * reached its bound with fewer: its matches sit further back, and the merged page could miss them.
 * The bound's row comes as a sentinel, as in walkMatches.
 * @allWorkspaces keyed by campaigns the caller found through its workspace-filtered em; `inOrder` holds
 * the rest of the filter
 */
export async function walkNewestMatches(
  em: EntityManager,
  campaignIds: readonly string[],
  inOrder: Knex.QueryBuilder,
  hit: { sql: string; params: readonly unknown[] },
  bound: number,
  page: Page,
): Promise<string[] | null> {
  const wanted = page.offset + page.limit;
  const [row] = await sql(
    em,
    `with p as materialized (
       select c.id as campaign, w.id, w.created_at, w.hit, w.last
         from unnest(?::uuid[]) as c(id)
        cross join lateral (
          select w.id, w.created_at, (${hit.sql}) as hit, w.rn = ? as last from ? w
           where (${hit.sql}) or w.rn = ? order by w.created_at desc, w.id desc limit ?) w)
     select exists(select 1 from p group by campaign having count(*) filter (where hit) < ? and bool_or(last)) as cut,
            array(select id from p where hit order by created_at desc, id desc limit ? offset ?)::text[] as ids`,
    [pgArray(campaignIds), ...hit.params, bound, inOrder, ...hit.params, bound, wanted + 1, wanted, page.limit, page.offset],
  );
  return row!.cut === true ? null : (row!.ids as string[]).map(String);
}

/**
 * The ids of one page of `matches` (a query of their id and created_at, cut by LIMIT) newest first, after
 * `after` when a cursor page: the matches are sorted keeping only the page (a top-N sort), never all of
 * them.
 * @allWorkspaces `matches` carries the caller's workspace filter (lead-query.ts workspaceMatches)
 */
export async function newestIdsAmong(em: EntityManager, matches: Knex.QueryBuilder, page: Page): Promise<string[]> {
  const after = page.after ? 'where (m.created_at, m.id) < (?::timestamptz, ?::uuid)' : '';
  const rows = await sql(em, `select m.id from (?) m ${after} order by m.created_at desc, m.id desc limit ? offset ?`, [
    matches,
    ...(page.after ? [page.after.createdAt, page.after.id] : []),
    page.limit,
    page.offset,
  ]);
  return rows.map((r) => String(r.id));
}

/**
 * A bounded walk of a list in its own order: the first `bound` rows of `inOrder` (a query of id,
 * created_at, email and rn, its row number in that order, cut by LIMIT bound), and of those the ones
 * whose address matches `pattern` (a LIKE pattern), up to `wanted`. The bound's last row comes too, as
 * a sentinel (hit false unless it matches), so the caller can tell a walk that reached the bound from
 * one that read the whole list. The inner query goes in as a query, its values bound (newestLeadIds).
 * @allWorkspaces `inOrder` holds the caller's scope (a campaign its workspace-filtered em loaded)
 */
export async function walkMatches(
  em: EntityManager,
  inOrder: Knex.QueryBuilder,
  pattern: string,
  bound: number,
  wanted: number,
): Promise<{ id: string; hit: boolean; last: boolean }[]> {
  const rows = await sql(em, `select w.id, w.email like ? as hit, w.rn = ? as last from ? w where w.email like ? or w.rn = ? order by w.created_at, w.id limit ?`, [
    pattern,
    bound,
    inOrder,
    pattern,
    bound,
    wanted + 1,
  ]);
  return rows.map((r) => ({ id: String(r.id), hit: r.hit === true, last: r.last === true }));
}

/**
 * PostgreSQL's samples of the leads' addresses and company fields (the statistics ANALYZE keeps of the
 * column and of the company index's expression: about a hundred values each), lower-cased.
 * @allWorkspaces reads pg_stats, the table statistics: no workspace's rows, but values sampled from every
 * workspace's leads; only used to choose which part of q to test first (lead-query.ts withSearchHints),
 * never returned to the caller
 */
export async function searchSamples(em: EntityManager): Promise<{ address: string[]; company: string[] }> {
  const rows = await sql(
    em,
    `select tablename = 'lead' as address, unnest(coalesce(most_common_vals::text::text[], '{}') || coalesce(histogram_bounds::text::text[], '{}')) as v
       from pg_stats
      where schemaname = current_schema() and ((tablename = 'lead' and attname = 'email') or (tablename = 'lead_company_trgm' and attname = 'expr'))`,
  );
  const of = (address: boolean) => rows.filter((r) => r.address === address).map((r) => String(r.v).toLowerCase());
  return { address: of(true), company: of(false) };
}
