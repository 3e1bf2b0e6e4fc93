// Reading and editing leads (api.md "Reading leads of a campaign" and "Leads"): the campaign lead list,
// the workspace lead list and search, one lead and its activity, PATCH rules 1–2, and DELETE rule 6.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import { checkInput } from '../../contracts/validation/validate-input';
import { canonicalZone } from '../../contracts/validation/rules';
import { Campaign } from '../campaigns/campaign.entity';
import { recordFieldOrder } from './field-order';
import { campaignLeadFields } from './lead-fields';
import { campaignLeadPage, normalizeFilter, workspaceLeadPage, workspaceSearch, type Page } from './lead-query';
import { leadTimeline, TIMELINE_SOURCES } from './lead-timeline';
import { changeInterest } from './lifecycle/interest-change';
import { isInSequence } from './lifecycle/lead-status';
import { applyVarsPatch, MAX_FIELDS_PER_LEAD } from './lead-vars';
import { idOf, leadView, type LeadRecord } from './lead.view';
import { Lead, type LeadStatus } from './lead.entity';
import { writeCampaignLeadsCsv, type CsvSink } from './leads-csv';
import { DEFAULT_PAGE, DEFAULT_SEARCH_LIMIT, LeadSearchInput, type LeadQueryInput, type UpdateLeadInput } from './leads.inputs';
import type { LeadView } from './leads.types';

const MIN_SEARCH = 2;

const loadCampaign = (ctx: AuthedCtx, id: string) => findOr404(ctx.em, Campaign, id, 'Campaign');
const loadLead = (em: EntityManager, id: string, lock = false) => findOr404(em, Lead, id, 'Lead', lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : undefined);

/** The campaigns of some leads by id (one query), for their names and zones. */
async function campaignsOf(em: EntityManager, leads: readonly LeadRecord[]): Promise<Map<string, Campaign>> {
  const ids = [...new Set(leads.map((l) => idOf(l.campaign)))];
  const campaigns = ids.length ? await em.find(Campaign, { id: { $in: ids } }) : [];
  return new Map(campaigns.map((c) => [c.id, c]));
}

/** The lead lists' page (decisions.md §12): offset or cursor, one row more read than shown. The cursor
 *  names the list and its filters (the normalized ones: a cursor works whatever spacing q was sent with). */
function leadPaging(ctx: AuthedCtx, list: 'campaign-leads' | 'leads', filters: Record<string, unknown>, query: LeadQueryInput): { paging: Paging; page: Page } {
  const paging = Paging.of(ctx, list, filters, query, DEFAULT_PAGE);
  const [createdAt, id] = paging.after ?? [];
  const limit = paging.limit!;
  return { paging, page: { limit: limit === 0 ? 0 : limit + 1, offset: paging.offset, ...(paging.after ? { after: { createdAt: String(createdAt), id: String(id) } } : {}) } };
}

const leadKey = (l: { createdAt: Date; id: string }) => [isoKey(l.createdAt), l.id];

/** GET /campaigns/:id/leads: one page oldest first, and the number matching regardless of paging. */
export async function listCampaignLeads(ctx: AuthedCtx, campaignId: string, query: LeadQueryInput): Promise<{ total: number; leads: LeadView[]; nextCursor: string | null }> {
  const campaign = await loadCampaign(ctx, campaignId);
  const filter = normalizeFilter(query);
  const { paging, page } = leadPaging(ctx, 'campaign-leads', { campaignId: campaign.id, ...filter }, query);
  const { total, leads } = await campaignLeadPage(ctx.em, campaign, filter, page);
  const { items, nextCursor } = paging.close(leads, leadKey);
  return { total, leads: items.map((l) => leadView(l, campaign)), nextCursor };
}

export type WorkspaceLeadView = LeadView & { campaignName: string };

/** GET /leads: the workspace's leads newest first; q matches the address or the company field. */
export async function listLeads(
  ctx: AuthedCtx,
  query: LeadQueryInput & { campaignId?: string | null },
): Promise<{ total: number; leads: WorkspaceLeadView[]; nextCursor: string | null }> {
  // A campaign named in the filter must be the caller's, like a campaign in a path (404 otherwise).
  const campaignId = query.campaignId ? (await loadCampaign(ctx, query.campaignId)).id : undefined;
  const filter = { ...normalizeFilter(query), campaignId };
  const { paging, page } = leadPaging(ctx, 'leads', filter, query);
  const read = await workspaceLeadPage(ctx.em, ctx.actor.workspaceId, filter, page);
  const { items: leads, nextCursor } = paging.close(read.leads, leadKey);
  const campaigns = await campaignsOf(ctx.em, leads);
  return {
    total: read.total,
    leads: leads.map((l) => {
      const c = campaigns.get(idOf(l.campaign))!;
      return { ...leadView(l, c), campaignName: c.name };
    }),
    nextCursor,
  };
}

/** GET /leads/search: quick look-up by part of the address or company, newest first. */
export async function searchLeads(ctx: AuthedCtx, input: { q: string; limit?: number | null }) {
  const { q, limit } = await checkInput(Object.assign(new LeadSearchInput(), { q: input.q, limit: input.limit ?? undefined }));
  const term = q.trim();
  if (Array.from(term).length < MIN_SEARCH) throw new AppError('q_too_short', `Search needs at least ${MIN_SEARCH} characters in q.`);
  const leads = await workspaceSearch(ctx.em, ctx.actor.workspaceId, term, limit ?? DEFAULT_SEARCH_LIMIT);
  const campaigns = await campaignsOf(ctx.em, leads);
  return leads.map((l) => ({
    id: l.id,
    email: l.email,
    status: l.status,
    stopReason: l.stopReason,
    currentStep: l.currentStep,
    createdAt: l.createdAt,
    campaignId: idOf(l.campaign),
    campaign: campaigns.get(idOf(l.campaign))!.name,
  }));
}

export async function getLead(ctx: AuthedCtx, id: string): Promise<LeadView> {
  const lead = await loadLead(ctx.em, id);
  return leadView(lead, await ctx.em.findOneOrFail(Campaign, lead.campaign.id));
}

/** For the GraphQL `campaignName` field of a lead already returned to this caller. */
export async function leadCampaignName(ctx: AuthedCtx, campaignId: string): Promise<string> {
  return (await loadCampaign(ctx, campaignId)).name;
}

/** GET /leads/:id/activity: the lead and its timeline, oldest first. */
export async function leadActivity(ctx: AuthedCtx, id: string) {
  const lead = await loadLead(ctx.em, id);
  const campaign = await ctx.em.findOneOrFail(Campaign, lead.campaign.id);
  return { lead: leadView(lead, campaign), timeline: await leadTimeline(ctx, lead, campaign, ctx.deps.extensions.of(TIMELINE_SOURCES)) };
}

/** GET /campaigns/:id/lead-fields. */
export async function leadFields(ctx: AuthedCtx, campaignId: string): Promise<{ fields: string[] }> {
  return { fields: await campaignLeadFields(ctx.em, await loadCampaign(ctx, campaignId)) };
}

/** GET /campaigns/:id/leads.csv: the campaign is checked before anything is written, so a 404 is
 *  still a JSON error; `start` runs once it is known (headers), then rows stream into the sink. */
export async function exportCampaignLeadsCsv(ctx: AuthedCtx, campaignId: string, start: (campaign: Campaign) => CsvSink): Promise<void> {
  const campaign = await loadCampaign(ctx, campaignId);
  const fields = await campaignLeadFields(ctx.em, campaign);
  await writeCampaignLeadsCsv(ctx.em, campaign, fields, start(campaign));
}

/** Whether the lead was ever emailed (a sequence step or a one-off): it then stays for the record. */
const wasEmailed = (l: Lead) => l.currentStep > 0 || l.lastSentAt !== null;

/** Whether the lead's sequence has started (a step is behind it: sent, task closed or skipped): from then
 *  on it is `active`, before it `pending`. Not lastSentAt, which a one-off sets too: a pending lead that
 *  got one and was paused came back `active` at step 0 with no due time, read by no due query, and its
 *  step 1 never went. */
const sequenceStarted = (l: Pick<Lead, 'currentStep'>) => l.currentStep > 0;

/**
 * Status moves of PATCH (api.md Leads rule 1): `paused` stops a lead still in its sequence (pending or
 * active); `active` resumes a paused lead where it stopped (back to pending if no step of its sequence
 * is behind it yet, one-offs or not). Asking for the state a lead is already in changes nothing. Anything else is a state conflict
 * (409): a finished lead (replied, unsubscribed, bounced, completed, stopped) cannot be paused, since
 * resuming it would restart mail its end was meant to stop, and only a paused lead can become active.
 */
export function nextStatus(lead: Pick<Lead, 'status' | 'currentStep'>, wanted: 'paused' | 'active'): LeadStatus {
  if (wanted === 'paused') {
    if (isInSequence(lead.status)) return 'paused';
    throw new AppError('lead_not_in_sequence', `This lead is ${lead.status}: its sequence has ended, so it cannot be paused.`, { status: lead.status });
  }
  if (lead.status === 'paused') return sequenceStarted(lead) ? 'active' : 'pending';
  if (lead.status === 'active') return 'active';
  throw new AppError('lead_not_paused', `Only a paused lead can be made active; this lead is ${lead.status}.`, { status: lead.status });
}

/** PATCH /leads/:id (api.md Leads rules 1–2). The row is locked for the change, so a send or reply
 *  landing at the same moment is not overwritten with a stale status. */
export async function updateLead(ctx: AuthedCtx, id: string, input: UpdateLeadInput): Promise<LeadView> {
  return ctx.em.transactional(async (em) => {
    const lead = await loadLead(em, id, true);
    if (input.vars !== undefined) {
      const before = lead.vars;
      const result = applyVarsPatch(lead.vars, input.vars);
      if (!result.vars) {
        const fields = Object.fromEntries(result.problems.map((p) => [`vars.${p.field}`, [VARS_PROBLEMS[p.code]]]));
        throw new AppError('validation_failed', `Invalid vars.${result.problems[0].field}: ${VARS_PROBLEMS[result.problems[0].code]}.`, { fields });
      }
      const count = Object.keys(result.vars).length;
      if (count > Math.max(MAX_FIELDS_PER_LEAD, Object.keys(lead.vars).length)) {
        throw new AppError('too_many_fields', `A lead can carry at most ${MAX_FIELDS_PER_LEAD} fields; this change would leave ${count}.`);
      }
      lead.vars = result.vars;
      // New fields rank after the campaign's others, in the order the change gave them (field-order.ts).
      const added = Object.keys(input.vars).filter((k) => !Object.prototype.hasOwnProperty.call(before, k) && Object.prototype.hasOwnProperty.call(result.vars, k));
      await recordFieldOrder(ctx.em, 'campaign', lead.campaign.id, added);
    }
    if (input.status !== undefined) lead.status = nextStatus(lead, input.status);
    if (input.timezone !== undefined) lead.timezone = input.timezone === null ? null : canonicalZone(input.timezone);
    if (input.dealValue !== undefined) lead.dealValue = input.dealValue;
    if (input.note !== undefined) lead.note = input.note === null || input.note.trim() === '' ? null : input.note.trim();
    await em.flush();
    // decisions.md §11: the interest changes through its one owner (the interest_changed event, source
    // lead_update, and the hooks), last, so the hooks see every other change of this request.
    if (input.interest !== undefined) {
      const changed = await changeInterest(em, ctx.deps, lead, input.interest, { workspaceId: ctx.actor.workspaceId, source: 'lead_update', now: ctx.deps.clock.now() });
      // A hook may have moved the lead on (a subsequence stops it here): answer what is stored.
      if (changed) await em.refresh(lead);
    }
    return leadView(lead, await em.findOneOrFail(Campaign, lead.campaign.id));
  });
}

const VARS_PROBLEMS = {
  invalid_field_name: 'a new field name must be letters, numbers and underscores (at most 100)',
  value_too_long: 'a field value can be at most 500 characters (after making it one line without braces, pipes or angle brackets)',
  invalid_value: 'a field value must be text, or null to remove the field',
} as const;

const emailed = () => new AppError('lead_emailed', 'This lead has been emailed, so it stays for the record; pause it instead (PATCH status: paused).');

/** DELETE /leads/:id: only a lead never emailed (api.md Leads rule 6; 409 per decisions.md §3). */
export async function deleteLead(ctx: AuthedCtx, id: string) {
  const lead = await loadLead(ctx.em, id);
  if (wasEmailed(lead)) throw emailed();
  // The guard in the statement closes the race with a first send landing between read and delete.
  const deleted = await ctx.em.nativeDelete(Lead, { id: lead.id, currentStep: 0, lastSentAt: null });
  if (deleted === 0) throw emailed();
  return { deleted: true };
}
