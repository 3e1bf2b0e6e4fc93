import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('CampaignVariantStats')
export class VariantStatsView {
  @Field(() => Int) step!: number;
  @Field(() => Int, { description: 'From 1, like positions.' }) variant!: number;
  @Field(() => Int) sent!: number;
  @Field(() => Int, { description: 'Leads whose reply followed this variant (their last sequence email before replying).' }) replies!: number;
  @Field(() => Int) positive!: number;
  @Field(() => Float, { description: 'replies / sent in percent, one decimal; 0 before anything was sent.' }) replyRate!: number;
}

@ObjectType('CampaignDayStats')
export class DayStatsView {
  @Field({ description: 'YYYY-MM-DD in the campaign timezone.' }) day!: string;
  @Field(() => Int) sent!: number;
  @Field(() => Int) replies!: number;
  @Field(() => Int) bounces!: number;
  @Field(() => Int, { nullable: true, description: 'Today and upcoming sending days of an active campaign: sequence emails still expected (an estimate).' })
  pending!: number | null;
  @Field({ description: 'An upcoming sending day.' }) future!: boolean;
}

@ObjectType('CampaignLeadCounts')
export class LeadCountsView {
  @Field(() => Int) total!: number;
  @Field(() => Int) completed!: number;
  @Field(() => Int, { description: 'A first email out and steps still to come.' }) inSequence!: number;
  @Field(() => Int) pending!: number;
  @Field(() => Int) replied!: number;
  @Field(() => Int) unsubscribed!: number;
}

@ObjectType('CampaignStats')
export class CampaignStatsView {
  @Field(() => [VariantStatsView]) variants!: VariantStatsView[];
  @Field(() => [DayStatsView]) byDay!: DayStatsView[];
  @Field(() => LeadCountsView) leads!: LeadCountsView;
  @Field(() => Int, { description: 'Sequence emails sent (bounced ones included).' }) sent!: number;
  @Field(() => Int) oneOffSent!: number;
  @Field(() => Int, { description: 'Sequence emails opened (each once).' }) opened!: number;
  @Field(() => Int, { description: 'Sequence emails with a counted click (each once).' }) clicked!: number;
  @Field(() => Int) replied!: number;
  @Field(() => Int) positive!: number;
  @Field(() => Int) bounced!: number;
  @Field(() => Int) autoReplies!: number;
  @Field(() => Int) unsubscribed!: number;
  @Field(() => Int) sequenceStarted!: number;
  @Field() openTracking!: boolean;
  @Field() clickTracking!: boolean;
  @Field(() => Int, { description: 'Leads labelled interested or further along (won included).' }) opportunities!: number;
  @Field(() => Float, { description: "Their deal values (the lead's, else the campaign's)." }) opportunitiesValue!: number;
  @Field(() => Int, { description: 'Leads won.' }) conversions!: number;
  @Field(() => Float) conversionsValue!: number;
}
