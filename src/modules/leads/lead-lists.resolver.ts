import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as lists from './lead-lists.service';
import { CreateLeadListInput } from './lead-lists.inputs';
import { LeadListImportCounts, LeadListView } from './lead-lists.types';

@Resolver()
export class LeadListsResolver {
  @Scope('leads:read')
  @Query(() => [LeadListView], { description: 'Lead lists, oldest first, with their address counts.' })
  leadLists(@Ctx() ctx: Context) {
    return lists.listLeadLists(authed(ctx));
  }

  @Scope('leads:write')
  @Mutation(() => LeadListView)
  createLeadList(@Arg('input') input: CreateLeadListInput, @Ctx() ctx: Context) {
    return lists.createLeadList(authed(ctx), input);
  }

  @Scope('leads:write')
  @Mutation(() => LeadListImportCounts, { description: 'Adds the rows of a CSV (with an email column) to a list; other columns become fields.' })
  importLeadListLeads(@Arg('id', () => ID) id: string, @Arg('csv') csv: string, @Ctx() ctx: Context) {
    return lists.importLeadListCsv(authed(ctx), id, csv);
  }

  @Scope('leads:write')
  @Mutation(() => Deleted, { description: 'Deletes a list; leads it added to campaigns stay.' })
  deleteLeadList(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return lists.deleteLeadList(authed(ctx), id);
  }
}
