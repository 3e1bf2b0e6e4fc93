// The lead list queries: filter conditions, q matching, paging and the total. Plans (see the lead
// entity's indexes and test/bench/lead-list.bench.ts):
// - the page is an ordered range of an index on (campaign_id[, filter column], created_at, id) cut by
//   LIMIT, so it reads about `limit + offset` index entries whatever the campaign's size;
// - without q the total is a sum over the campaign's lead_count rows (a few dozen), kept by triggers:
//   counting a million leads, even index-only, costs more than the whole 100 ms budget on small hosts;
// - with q both go through the pg_trgm index on email (a q shorter than 3 characters, or one most
//   addresses contain, has to look at every address of the campaign);
// - the workspace list without q merges each campaign's newest leads (newestIdsByCampaign);
// - a lead's provider is its domain's (lead-provider.ts): the provider filter tests it against the
//   workspace's domain list, hashed once (providerCondition); its total adds to the counters (which see
//   only providers pinned on leads) the leads on the workspace's domains with that provider
//   (providerDomainCount), a pass over the campaign's unpinned leads: about 50 ms per 100,000.
import { raw, type EntityManager, type FilterQuery, type QueryBuilder } from '@mikro-orm/postgresql';
import { pgArray, sql, textArray } from '../../db/sql';
import { Campaign } from '../campaigns/campaign.entity';
import { Lead } from './lead.entity';
import type { LeadRecord } from './lead.view';
import { DEFAULT_PAGE } from './leads.inputs';

export interface LeadFilter {
  status?: string;
  interest?: string;
  verification?: string;
  provider?: string;
  listId?: string;
  q?: string;
}

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

/** Leads whose address contains q, in any case. Addresses are stored lower-case (Lead.email), so a
 *  lower-cased term with LIKE finds exactly what ILIKE would, at about half the cost when q matches most
 *  of a campaign: ILIKE case-folds every address it tests. The trigram index serves both. */
export const emailContains = (q: string): FilterQuery<Lead> => ({ email: { $like: `%${escapeLike(q.toLowerCase())}%` } });

/** The lead field searched by the workspace-wide q beside the address, in the spellings CSV headers
 *  commonly give it (lead field names are case-sensitive). */
export const COMPANY_FIELDS = ['company', 'Company', 'COMPANY'] as const;

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
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    const email = emailContains(f.q);
    and.push(opts.qOverCompany ? { $or: [email, ...COMPANY_FIELDS.map((k) => ({ vars: { [k]: { $ilike: pattern } } }) as FilterQuery<Lead>)] } : email);
  }
  return and;
}

export interface Page {
  limit: number;
  offset: number;
}

export const pageOf = (q: { limit?: number | null; offset?: number | null }, defaultLimit = DEFAULT_PAGE): Page => ({
  limit: q.limit ?? defaultLimit,
  offset: q.offset ?? 0,
});

export interface Statement {
  sql: string;
  params: unknown[];
}

/** How a total is counted: summed from lead_count without q (plus, with a provider filter, the leads
 *  whose domain has that provider: `byDomain`), else counted on the leads themselves. */
export type CountQuery = { kind: 'counters'; statement: Statement; byDomain?: DomainCount } | { kind: 'scan'; qb: QueryBuilder<Lead> };

/** The part of a provider filter's total the counters cannot see (providerDomainCount). */
export interface DomainCount {
  workspaceId: string;
  campaignIds: readonly string[];
  filter: LeadFilter;
}

/** The count of a filter without q: the counters, and with a provider filter the domain part. */
export function counterCount(workspaceId: string, campaignIds: readonly string[], f: LeadFilter): CountQuery {
  return { kind: 'counters', statement: counterTotal(campaignIds, f), byDomain: f.provider ? { workspaceId, campaignIds, filter: f } : undefined };
}

/** The total of a filter without q over some campaigns, from lead_count (null columns stored as ''). Its
 *  provider column holds only providers pinned on leads (lead-provider.ts): with a provider filter, this is
 *  the pinned part, and providerDomainCount the rest. */
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

export async function runCount(em: EntityManager, count: CountQuery): Promise<number> {
  if (count.kind === 'scan') return count.qb.getCount();
  const [[row], byDomain] = await Promise.all([
    em.getConnection().execute<{ total: number }[]>(count.statement.sql, count.statement.params),
    count.byDomain ? providerDomainCount(em, count.byDomain) : 0,
  ]);
  return row.total + byDomain;
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
  const domains = await sql(
    em,
    `select domain from domain_provider where workspace_id = ? ${unchecked ? '' : 'and provider = ?'}`,
    unchecked ? [workspaceId] : [workspaceId, f.provider],
  );
  if (!domains.length || !campaignIds.length) return 0;
  const where = ['campaign_id = any(?::uuid[])', 'provider is null', `split_part(email, '@', 2) = any(?::text[])`];
  const params: unknown[] = [pgArray(campaignIds), textArray(domains.map((d) => String(d.domain)))];
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
  return unchecked ? -Number(row.n) : Number(row.n);
}

/** The SQL of a count, for EXPLAIN in the bench. */
export const countSql = (count: CountQuery): Statement => (count.kind === 'counters' ? count.statement : { sql: count.qb.clone().count().getFormattedQuery(), params: [] });

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
      .where(where)
      .orderBy([{ createdAt: 'asc' }, { id: 'asc' }])
      .limit(page.limit)
      .offset(page.offset),
  };
}

/** Rows mapped to property names and types (dates, json), without hydrating entities. */
const readRows = async (qb: QueryBuilder<Lead>) => (await qb.execute('all', true)) as unknown as LeadRecord[];

/** One page of a campaign's leads and the number matching regardless of paging. */
export async function campaignLeadPage(em: EntityManager, campaign: Campaign, filter: LeadFilter, page: Page): Promise<{ total: number; leads: LeadRecord[] }> {
  const q = campaignLeadQueries(em, campaign, filter, page);
  const [total, leads] = await Promise.all([runCount(em, q.count), page.limit === 0 ? [] : readRows(q.page)]);
  return { total, leads };
}

/** One page of the workspace's leads, newest first, and the number matching. Scoped by the em's
 *  workspace filter: the campaigns summed are the workspace's, the leads read carry its filter. */
export async function workspaceLeadPage(
  em: EntityManager,
  workspaceId: string,
  filter: LeadFilter & { campaignId?: string },
  page: Page,
): Promise<{ total: number; leads: LeadRecord[] }> {
  const where: FilterQuery<Lead> = { $and: [...(filter.campaignId ? [{ campaign: filter.campaignId }] : []), ...filterConditions(filter, workspaceId, { qOverCompany: true })] };
  let count: CountQuery;
  // Without q: the campaigns whose counters make the total, and whose newest leads make the page.
  let campaignIds: string[] | null = null;
  if (filter.q) {
    const qb = em.createQueryBuilder(Lead).where(where);
    await qb.applyFilters();
    count = { kind: 'scan', qb };
  } else {
    campaignIds = filter.campaignId ? [filter.campaignId] : (await em.find(Campaign, {}, { fields: ['id'] })).map((c) => c.id);
    count = counterCount(workspaceId, campaignIds, filter);
  }
  const newest = (qb: QueryBuilder<Lead>) => qb.orderBy([{ createdAt: 'desc' }, { id: 'desc' }]);
  const readPage = async (): Promise<LeadRecord[]> => {
    if (page.limit === 0) return [];
    if (campaignIds && campaignIds.length * (page.offset + page.limit) <= MERGE_BUDGET) {
      const ids = await newestIdsByCampaign(em, workspaceId, campaignIds, filter, page);
      if (!ids.length) return [];
      const rows = newest(
        em
          .createQueryBuilder(Lead)
          .select('*')
          .where({ id: { $in: ids } }),
      );
      await rows.applyFilters();
      return readRows(rows);
    }
    const rows = newest(em.createQueryBuilder(Lead).select('*').where(where)).limit(page.limit).offset(page.offset);
    await rows.applyFilters();
    return readRows(rows);
  };
  const [total, leads] = await Promise.all([runCount(em, count), readPage()]);
  return { total, leads };
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
  const perCampaign = em
    .createQueryBuilder(Lead, 'l')
    .select(['l.id', 'l.createdAt'])
    .where({ $and: filterConditions(filter, workspaceId) })
    .andWhere('l.campaign_id = c.id')
    .orderBy([{ createdAt: 'desc' }, { id: 'desc' }])
    .limit(page.offset + page.limit);
  const rows = await em
    .getConnection()
    .execute<{ id: string }[]>(
      `select p.id from unnest(?::uuid[]) as c(id) cross join lateral (${perCampaign.getFormattedQuery()}) p order by p.created_at desc, p.id desc limit ? offset ?`,
      [`{${campaignIds.join(',')}}`, page.limit, page.offset],
    );
  return rows.map((r) => r.id);
}
