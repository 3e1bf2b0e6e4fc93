import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as leads from './leads.service';
import { LeadQueryInput, UpdateLeadInput } from './leads.inputs';
import { LeadActivity, LeadPage, LeadSearchHit, LeadView } from './leads.types';

@Resolver(() => LeadView)
export class LeadsResolver {
  @Scope('leads:read')
  @Query(() => LeadPage, {
    description:
      "With campaignId: that campaign's leads, oldest first, q matching the address (GET /campaigns/:id/leads). " +
      'Without: every lead of the workspace, newest first, q matching the address or the company field (GET /leads). ' +
      'total counts the matches regardless of limit and offset. Cursor pages: pass query.cursor = nextCursor of the page before (decisions.md §12; not connections).',
  })
  async leads(
    @Arg('campaignId', () => ID, { nullable: true }) campaignId: string | null,
    @Arg('query', () => LeadQueryInput, { nullable: true }) query: LeadQueryInput | null,
    @Ctx() ctx: Context,
  ): Promise<LeadPage> {
    const c = authed(ctx);
    const q = query ?? new LeadQueryInput();
    const page = campaignId ? await leads.listCampaignLeads(c, campaignId, q) : await leads.listLeads(c, q);
    return { total: page.total, items: page.leads, nextCursor: page.nextCursor };
  }

  @Scope('leads:read')
  @Query(() => LeadView)
  lead(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return leads.getLead(authed(ctx), id);
  }

  @Scope('leads:read')
  @Query(() => [String], { description: "Every field name the campaign's leads carry, in order of first appearance, up to 200." })
  async leadFields(@Arg('campaignId', () => ID) campaignId: string, @Ctx() ctx: Context) {
    return (await leads.leadFields(authed(ctx), campaignId)).fields;
  }

  @Scope('leads:read')
  @Query(() => [LeadSearchHit], { description: 'Leads whose address or company field contains q (at least 2 characters), newest first.' })
  searchLeads(@Arg('q') q: string, @Arg('limit', () => Int, { nullable: true }) limit: number | null, @Ctx() ctx: Context) {
    return leads.searchLeads(authed(ctx), { q, limit });
  }

  @Scope('leads:read')
  @Query(() => LeadActivity)
  leadActivity(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return leads.leadActivity(authed(ctx), id);
  }

  @FieldResolver(() => String, { description: 'Name of its campaign.' })
  campaignName(@Root() lead: LeadView & { campaignName?: string }, @Ctx() ctx: Context) {
    return lead.campaignName ?? leads.leadCampaignName(authed(ctx), lead.campaignId);
  }

  @Scope('leads:write')
  @Mutation(() => LeadView)
  updateLead(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateLeadInput, @Ctx() ctx: Context) {
    return leads.updateLead(authed(ctx), id, input);
  }

  @Scope('leads:write')
  @Mutation(() => Deleted, { description: 'Only a lead never emailed (lead_emailed otherwise).' })
  deleteLead(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return leads.deleteLead(authed(ctx), id);
  }
}
