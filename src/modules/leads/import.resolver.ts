import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { AddLeadsInput } from './import/import.inputs';
import * as imports from './import/import.service';
import { ImportCounts } from './import.types';

@Resolver()
export class LeadImportResolver {
  @Scope('leads:write')
  @Mutation(() => ImportCounts, {
    description: 'Adds leads to a campaign from exactly one source (JSON leads, CSV text, a published sheet link or a lead list), under the import rules.',
  })
  addLeads(@Arg('campaignId', () => ID) campaignId: string, @Arg('input') input: AddLeadsInput, @Ctx() ctx: Context) {
    return imports.addLeads(authed(ctx), campaignId, input);
  }
}
