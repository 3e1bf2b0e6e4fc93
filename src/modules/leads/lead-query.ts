// The lead list queries: filter conditions, q matching, paging and the total. Plans (see the lead
// entity's indexes and test/bench/lead-list.bench.ts):
// - the page is an ordered index range on (campaign_id[, filter column], created_at, id) cut by LIMIT;
// - the total is an index-only count over lead_campaign_status_page, which carries every filter column,
//   or over a partial index for interest/verification/provider/list values;
// - q uses the pg_trgm index on email.
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { Campaign } from '../campaigns/campaign.entity';
import { Lead } from './lead.entity';
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

/** The lead field searched by the workspace-wide q beside the address, in the spellings CSV headers
 *  commonly give it (lead field names are case-sensitive). */
export const COMPANY_FIELDS = ['company', 'Company', 'COMPANY'] as const;

/** The conditions of a filter. `qOverCompany`: q also matches the company field (workspace list). */
export function filterConditions(f: LeadFilter, opts: { qOverCompany?: boolean } = {}): FilterQuery<Lead>[] {
  const and: FilterQuery<Lead>[] = [];
  if (f.status) and.push({ status: f.status as Lead['status'] });
  if (f.interest) and.push({ interest: f.interest });
  if (f.verification === 'unchecked') and.push({ $or: [{ verification: null }, { verification: 'unchecked' }] });
  else if (f.verification) and.push({ verification: f.verification as Lead['verification'] });
  if (f.provider === 'unchecked') and.push({ provider: null });
  else if (f.provider) and.push({ provider: f.provider as Lead['provider'] });
  if (f.listId) and.push({ sourceList: f.listId });
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    const email: FilterQuery<Lead> = { email: { $ilike: pattern } };
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

/**
 * One page of a campaign's leads, oldest first (createdAt, id), and the number matching.
 * The campaign was loaded through the caller's workspace-filtered em, so its id scopes the query; the
 * count runs without the workspace condition on purpose: that column is not in the count indexes, and
 * asking for it would turn an index-only scan into a million heap visits.
 */
export async function campaignLeadPage(em: EntityManager, campaign: Campaign, filter: LeadFilter, page: Page): Promise<{ total: number; leads: Lead[] }> {
  const where: FilterQuery<Lead> = { $and: [{ campaign: campaign.id }, ...filterConditions(filter)] };
  const [total, leads] = await Promise.all([
    em.createQueryBuilder(Lead).where(where).getCount(),
    page.limit === 0 ? [] : em.find(Lead, where, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], limit: page.limit, offset: page.offset }),
  ]);
  return { total, leads };
}

/** One page of the workspace's leads, newest first, and the number matching (workspace filter of the em). */
export async function workspaceLeadPage(
  em: EntityManager,
  filter: LeadFilter & { campaignId?: string },
  page: Page,
): Promise<{ total: number; leads: Lead[] }> {
  const where: FilterQuery<Lead> = { $and: [...(filter.campaignId ? [{ campaign: filter.campaignId }] : []), ...filterConditions(filter, { qOverCompany: true })] };
  const count = em.createQueryBuilder(Lead).where(where);
  await count.applyFilters();
  const [total, leads] = await Promise.all([
    count.getCount(),
    page.limit === 0 ? [] : em.find(Lead, where, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: page.limit, offset: page.offset }),
  ]);
  return { total, leads };
}
