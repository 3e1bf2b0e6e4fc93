import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted, StatusResult } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import { StepView } from '../steps/step.types';
import * as campaigns from './campaigns.service';
import { CreateCampaignInput, UpdateCampaignInput } from './campaigns.inputs';
import { ActivationResult, CampaignView } from './campaigns.types';

/** A campaign as returned by a service call: the single read already carries steps and mailbox ids,
 *  the list carries leadsPending; otherwise the field resolvers load them. */
type CampaignRoot = CampaignView & { steps?: StepView[]; mailboxIds?: string[]; sendingMailboxIds?: string[]; leadsPending?: number };

@Resolver(() => CampaignView)
export class CampaignsResolver {
  @Scope('campaigns:read')
  @Query(() => [CampaignView], { description: 'Oldest first.' })
  campaigns(@Ctx() ctx: Context) {
    return campaigns.listCampaigns(authed(ctx));
  }

  @Scope('campaigns:read')
  @Query(() => CampaignView)
  campaign(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaigns.getCampaign(authed(ctx), id);
  }

  @FieldResolver(() => [StepView], { description: 'By position.' })
  steps(@Root() c: CampaignRoot, @Ctx() ctx: Context) {
    return c.steps ?? campaigns.campaignSteps(authed(ctx), c.id);
  }

  @FieldResolver(() => [ID], { description: 'The inboxes it sends from.' })
  mailboxIds(@Root() c: CampaignRoot, @Ctx() ctx: Context) {
    return c.mailboxIds ?? campaigns.campaignMailboxIds(authed(ctx), c.id);
  }

  @FieldResolver(() => [ID], { description: 'The inboxes it sends from now: mailboxIds plus every inbox carrying one of mailboxTags.' })
  sendingMailboxIds(@Root() c: CampaignRoot, @Ctx() ctx: Context) {
    return c.sendingMailboxIds ?? campaigns.campaignSendingMailboxIds(authed(ctx), c.id);
  }

  @FieldResolver(() => Int, { description: 'Leads still pending (no first email yet).' })
  leadsPending(@Root() c: CampaignRoot, @Ctx() ctx: Context) {
    return c.leadsPending ?? campaigns.campaignLeadsPending(authed(ctx), c.id);
  }

  @Scope('campaigns:write')
  @Mutation(() => CampaignView)
  createCampaign(@Arg('input') input: CreateCampaignInput, @Ctx() ctx: Context) {
    return campaigns.createCampaign(authed(ctx), input);
  }

  @Scope('campaigns:write')
  @Mutation(() => CampaignView)
  updateCampaign(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateCampaignInput, @Ctx() ctx: Context) {
    return campaigns.updateCampaign(authed(ctx), id, input);
  }

  @Scope('campaigns:write')
  @Mutation(() => Deleted)
  deleteCampaign(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaigns.deleteCampaign(authed(ctx), id);
  }

  @Scope(['campaigns:write', 'send'])
  @Mutation(() => ActivationResult)
  activateCampaign(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaigns.activateCampaign(authed(ctx), id);
  }

  @Scope('campaigns:write')
  @Mutation(() => StatusResult)
  pauseCampaign(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaigns.pauseCampaign(authed(ctx), id);
  }

  @Scope('campaigns:write')
  @Mutation(() => CampaignView)
  duplicateCampaign(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaigns.duplicateCampaign(authed(ctx), id);
  }
}
