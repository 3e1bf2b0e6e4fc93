// GraphQL door to the sequence (decisions.md §4). `updateCampaignSteps` is the PUT: it updates the
// campaign's step list as a whole, so it is named as an update of that thing rather than after the
// HTTP verb, which GraphQL does not have.
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import { StepCount, StepVariantState } from './step.types';
import { CreateSequenceTemplateInput, StepInput } from './steps.inputs';
import * as steps from './steps.service';
import * as templates from './templates.service';
import { SequenceTemplateView } from './templates.types';

@Resolver()
export class StepsResolver {
  @Scope('campaigns:write')
  @Mutation(() => StepCount, { description: 'Replaces every step of the campaign (PUT /campaigns/:id/steps).' })
  updateCampaignSteps(@Arg('campaignId', () => ID) campaignId: string, @Arg('steps', () => [StepInput]) input: StepInput[], @Ctx() ctx: Context) {
    return steps.updateCampaignSteps(authed(ctx), campaignId, input);
  }

  @Scope('campaigns:write')
  @Mutation(() => StepVariantState, { description: 'Turns one variant on or off; position and variant count from 1.' })
  updateStepVariant(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('position', () => Int) position: number,
    @Arg('variant', () => Int) variant: number,
    @Arg('enabled') enabled: boolean,
    @Ctx() ctx: Context,
  ) {
    return steps.updateStepVariant(authed(ctx), { campaignId, position, variant, enabled });
  }

  @Scope('campaigns:read')
  @Query(() => [SequenceTemplateView])
  sequenceTemplates(@Ctx() ctx: Context) {
    return templates.listSequenceTemplates(authed(ctx));
  }

  @Scope('campaigns:write')
  @Mutation(() => SequenceTemplateView)
  createSequenceTemplate(@Arg('input') input: CreateSequenceTemplateInput, @Ctx() ctx: Context) {
    return templates.createSequenceTemplate(authed(ctx), input);
  }

  @Scope('campaigns:write')
  @Mutation(() => Deleted)
  deleteSequenceTemplate(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return templates.deleteSequenceTemplate(authed(ctx), id);
  }

  @Scope('campaigns:write')
  @Mutation(() => StepCount, { description: "Replaces the campaign's steps with a template's, before the campaign starts." })
  applySequenceTemplate(@Arg('campaignId', () => ID) campaignId: string, @Arg('templateId', () => ID) templateId: string, @Ctx() ctx: Context) {
    return templates.applySequenceTemplate(authed(ctx), campaignId, templateId);
  }
}
