import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { campaignStats } from './campaign-stats.service';
import { CampaignStatsView } from './campaign-stats.types';

@Resolver()
export class CampaignStatsResolver {
  @Scope('reports:read')
  @Query(() => CampaignStatsView, { description: 'GET /campaigns/:id/stats.' })
  campaignStats(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaignStats(authed(ctx), id);
  }
}
