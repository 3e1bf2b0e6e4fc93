import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('CampaignDomainCheck', { description: 'POST /campaigns/:id/verify: the MX check of the domains of the leads still due mail.' })
export class DomainCheckView {
  @Field(() => Int, { description: 'Distinct domains of the leads still due mail.' }) domainsChecked!: number;
  @Field(() => Int, { description: 'Domains without a mail server (no such domain, no MX, or a null MX).' }) badDomains!: number;
  @Field(() => Int, { description: 'Leads still due mail whose domain was checked.' }) leadsChecked!: number;
  @Field(() => Int, { description: 'Leads marked invalid (and stopped with reason invalid) by this check.' }) markedInvalid!: number;
}

@ObjectType('AddressVerificationStarted', { description: 'POST /campaigns/:id/verify-addresses.' })
export class AddressVerificationStartedView {
  @Field(() => Int, { description: 'Unchecked leads still due mail now pending: held from sending for a day at most while the verifier is asked.' })
  marked!: number;
}

@ObjectType('CampaignVerification', {
  description:
    'GET /campaigns/:id/verification: leads by verification, and the leads a result keeps mail from. A pending hold older than a day counts as expired. skipped_* count leads that would otherwise still be due mail (pending, active, paused, or stopped for the reason invalid): skippedInvalid the invalid ones; skippedRisky the risky ones while the campaign has skipRisky on; skippedCatchAll the part of skippedRisky the verifier called catch-all.',
})
export class CampaignVerificationView {
  @Field(() => Int) pending!: number;
  @Field(() => Int) valid!: number;
  @Field(() => Int) invalid!: number;
  @Field(() => Int) risky!: number;
  @Field(() => Int) unknown!: number;
  @Field(() => Int) expired!: number;
  @Field(() => Int) unchecked!: number;
  @Field(() => Int) skippedInvalid!: number;
  @Field(() => Int) skippedRisky!: number;
  @Field(() => Int) skippedCatchAll!: number;
}
