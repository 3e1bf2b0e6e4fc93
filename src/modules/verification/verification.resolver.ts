import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { campaignVerification, verifyCampaignAddresses, verifyCampaignDomains } from './verification.service';
import { AddressVerificationStartedView, CampaignVerificationView, DomainCheckView } from './verification.types';

@Resolver()
export class VerificationResolver {
  @Scope('leads:write')
  @Mutation(() => DomainCheckView, { description: 'POST /campaigns/:id/verify: marks leads on domains without a mail server invalid. Free.' })
  verifyCampaign(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return verifyCampaignDomains(authed(ctx), id);
  }

  @Scope('leads:write')
  @Mutation(() => AddressVerificationStartedView, {
    description: "POST /campaigns/:id/verify-addresses: sends each unchecked lead still due mail to the workspace's verifier in the background.",
  })
  verifyCampaignAddresses(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return verifyCampaignAddresses(authed(ctx), id);
  }

  @Scope('leads:read')
  @Query(() => CampaignVerificationView, { description: 'GET /campaigns/:id/verification.' })
  campaignVerification(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return campaignVerification(authed(ctx), id);
  }
}
