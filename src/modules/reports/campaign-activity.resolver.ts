import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { ActivityPageInput } from './campaign-activity.inputs';
import { campaignActivity, campaignBounces } from './campaign-activity.service';
import { ActivityPageView, BouncePageView } from './campaign-activity.types';

@Resolver()
export class CampaignActivityResolver {
  @Scope('reports:read')
  @Query(() => ActivityPageView, { description: 'Newest first (GET /campaigns/:id/activity). Cursor pages: page.cursor = nextCursor of the page before.' })
  campaignActivity(@Arg('id', () => ID) id: string, @Arg('page', () => ActivityPageInput, { nullable: true }) page: ActivityPageInput | null, @Ctx() ctx: Context) {
    return campaignActivity(authed(ctx), id, page ?? {});
  }

  @Scope('reports:read')
  @Query(() => BouncePageView, { description: 'Newest first (GET /campaigns/:id/bounces). Cursor pages: page.cursor = nextCursor of the page before.' })
  campaignBounces(@Arg('id', () => ID) id: string, @Arg('page', () => ActivityPageInput, { nullable: true }) page: ActivityPageInput | null, @Ctx() ctx: Context) {
    return campaignBounces(authed(ctx), id, page ?? {});
  }
}
