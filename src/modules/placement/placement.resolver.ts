import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { checkInput } from '../../contracts/validation/validate-input';
import { PlacementTestListInput, StartPlacementTestInput } from './placement.inputs';
import * as placement from './placement.service';
import { PlacementResultView, PlacementTestPage, PlacementTestView } from './placement.types';

@Resolver(() => PlacementTestView)
export class PlacementResolver {
  @Scope('reports:read')
  @Query(() => PlacementTestView, { description: "A placement test with its figures and each copy's result; another workspace's is not found." })
  placementTest(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return placement.getPlacementTest(authed(ctx), id);
  }

  @Scope('reports:read')
  @Query(() => PlacementTestPage, { description: "The workspace's placement tests, newest first, in cursor pages (items and nextCursor)." })
  async placementTests(
    @Ctx() ctx: Context,
    @Arg('limit', () => Int, { nullable: true }) limit?: number | null,
    @Arg('cursor', () => String, { nullable: true }) cursor?: string | null,
  ) {
    const input = await checkInput(Object.assign(new PlacementTestListInput(), { limit, cursor }));
    return placement.listPlacementTests(authed(ctx), input);
  }

  @Scope('send')
  @Mutation(() => PlacementTestView, {
    description:
      'POST /placement-tests: each sender emails each seed now (outside its daily cap and gap); the test runs on (status running) until every copy is found or failed, or its wait ends.',
  })
  startPlacementTest(@Arg('input') input: StartPlacementTestInput, @Ctx() ctx: Context) {
    return placement.startPlacementTest(authed(ctx), input);
  }

  @FieldResolver(() => [PlacementResultView], { description: 'Each copy: one sender to one seed.' })
  results(@Root() test: PlacementTestView, @Ctx() ctx: Context) {
    return test.results ?? placement.placementResults(authed(ctx), test.id);
  }
}
