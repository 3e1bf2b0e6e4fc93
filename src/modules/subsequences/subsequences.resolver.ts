import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { CampaignView } from '../campaigns/campaigns.types';
import * as subsequences from './subsequences.service';
import { CreateSubsequenceInput } from './subsequences.inputs';

/** decisions.md §11 Subsequences beside REST: `subsequences(campaignId)` and `createSubsequence`. The
 *  campaign's field resolvers (steps, mailboxIds, leadsPending) answer for a subsequence as for any. */
@Resolver()
export class SubsequencesResolver {
  @Scope('campaigns:read')
  @Query(() => [CampaignView], { description: "A campaign's subsequences, oldest first." })
  subsequences(@Arg('campaignId', () => ID) campaignId: string, @Ctx() ctx: Context) {
    return subsequences.listSubsequences(authed(ctx), campaignId);
  }

  @Scope('campaigns:write')
  @Mutation(() => CampaignView, { description: 'A draft subsequence of the campaign, with its schedule, limits, settings and inboxes.' })
  createSubsequence(@Arg('campaignId', () => ID) campaignId: string, @Arg('input') input: CreateSubsequenceInput, @Ctx() ctx: Context) {
    return subsequences.createSubsequence(authed(ctx), campaignId, input);
  }
}
