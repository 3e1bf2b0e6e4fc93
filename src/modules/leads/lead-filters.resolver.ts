import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as filters from './lead-filters.service';
import { CreateLeadFilterInput } from './leads.inputs';
import { LeadFilterView } from './leads.types';

@Resolver()
export class LeadFiltersResolver {
  @Scope('leads:read')
  @Query(() => [LeadFilterView], { description: 'Saved lead filters by name.' })
  leadFilters(@Ctx() ctx: Context) {
    return filters.listLeadFilters(authed(ctx));
  }

  @Scope('leads:write')
  @Mutation(() => LeadFilterView)
  createLeadFilter(@Arg('input') input: CreateLeadFilterInput, @Ctx() ctx: Context) {
    return filters.createLeadFilter(authed(ctx), input);
  }

  @Scope('leads:write')
  @Mutation(() => Deleted)
  deleteLeadFilter(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return filters.deleteLeadFilter(authed(ctx), id);
  }
}
