// GraphQL output of placement tests (REST answers the same objects in snake_case: decisions.md §16).
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('PlacementCounts', { description: 'sent counts every copy tried (failed ones too); inboxRate = (inbox + category) ÷ (sent − failed), a percentage.' })
export class PlacementCountsView {
  @Field(() => Int) sent!: number;
  @Field(() => Int) inbox!: number;
  @Field(() => Int, { description: "Gmail's Promotions, Updates, Social or Forums tab." }) category!: number;
  @Field(() => Int) spam!: number;
  @Field(() => Int, { description: 'Another folder.' }) other!: number;
  @Field(() => Int, { description: 'Not found by the deadline.' }) missing!: number;
  @Field(() => Int, { description: "Refused by the sender's SMTP server (or never sent)." }) failed!: number;
  @Field(() => Float, { nullable: true, description: 'One decimal; null while no copy reached a seed.' }) inboxRate!: number | null;
}

@ObjectType('PlacementSenderCounts')
export class PlacementSenderCountsView extends PlacementCountsView {
  @Field(() => ID) mailboxId!: string;
  @Field() email!: string;
}

@ObjectType('PlacementProviderCounts')
export class PlacementProviderCountsView extends PlacementCountsView {
  @Field({ description: 'google, microsoft, yahoo or other' }) provider!: string;
}

@ObjectType('PlacementAuth', {
  description: "The copy's topmost Authentication-Results: pass, fail, softfail, neutral, none, temperror or permerror; null when it does not name the method.",
})
export class PlacementAuthView {
  @Field(() => String, { nullable: true }) spf!: string | null;
  @Field(() => String, { nullable: true }) dkim!: string | null;
  @Field(() => String, { nullable: true }) dmarc!: string | null;
}

@ObjectType('PlacementResult', { description: 'One copy: one sender to one seed.' })
export class PlacementResultView {
  @Field(() => ID) mailboxId!: string;
  @Field(() => ID) seedId!: string;
  @Field() seedProvider!: string;
  @Field(() => String, { nullable: true, description: 'inbox, category, spam, other, missing or failed; null while it is still looked for.' })
  placement!: string | null;
  @Field(() => String, { nullable: true, description: 'Where it was found: INBOX, the Gmail tab, the spam folder or another folder.' })
  folder!: string | null;
  @Field(() => PlacementAuthView, { nullable: true, description: 'null when the copy has no Authentication-Results header (or was not found).' })
  auth!: PlacementAuthView | null;
  @Field(() => Int, { nullable: true, description: 'Seconds from sending to the first sighting.' }) delaySeconds!: number | null;
  @Field(() => String, { nullable: true, description: "The SMTP server's answer of a failed copy; why its seed could not be read; what a restart left unknown." })
  detail!: string | null;
}

@ObjectType('PlacementContent')
export class PlacementContentView {
  @Field(() => ID, { nullable: true }) campaignId!: string | null;
  @Field(() => Int, { nullable: true }) step!: number | null;
  @Field(() => Int, { nullable: true }) variant!: number | null;
  @Field({ description: 'The subject as written (merge fields render for each copy as for a lead with no fields).' }) subject!: string;
}

@ObjectType('PlacementTest', { description: 'A placement test (decisions.md §16): each sender emailed each seed; where each copy landed.' })
export class PlacementTestView {
  @Field(() => ID) id!: string;
  @Field({ description: 'running or done' }) status!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) finishedAt!: Date | null;
  @Field(() => Int) waitMinutes!: number;
  @Field(() => PlacementContentView) content!: PlacementContentView;
  @Field(() => PlacementCountsView) summary!: PlacementCountsView;
  @Field(() => [PlacementSenderCountsView]) bySender!: PlacementSenderCountsView[];
  @Field(() => [PlacementProviderCountsView]) byProvider!: PlacementProviderCountsView[];
  // Resolved by a field resolver in GraphQL (placement.resolver.ts); REST's list leaves it out.
  results?: PlacementResultView[];
}

@ObjectType('PlacementTestPage', { description: 'A page of tests, newest first; pass nextCursor as cursor for the next page (null on the last).' })
export class PlacementTestPage {
  @Field(() => [PlacementTestView]) items!: PlacementTestView[];
  @Field(() => String, { nullable: true }) nextCursor!: string | null;
}
