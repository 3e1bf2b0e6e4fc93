import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('ReportSummary')
export class ReportSummaryView {
  @Field(() => Int) campaigns!: number;
  @Field(() => Int) activeCampaigns!: number;
  @Field(() => Int, { description: 'Connected inboxes.' }) mailboxes!: number;
  @Field(() => Int, { description: 'Sequence emails sent (bounced ones included).' }) sent!: number;
  @Field(() => Int) opened!: number;
  @Field(() => Int) replied!: number;
  @Field(() => Int) bounced!: number;
  @Field(() => Float, { nullable: true, description: 'Percent of the emails of open-tracking campaigns; null when none tracks opens.' }) openRate!: number | null;
  @Field(() => Float, { description: 'Replies per email sent, in percent.' }) replyRate!: number;
}

@ObjectType('AnalyticsTotals')
export class AnalyticsTotalsView {
  @Field(() => Int) sent!: number;
  @Field(() => Int, { description: 'Leads whose first step went out in the range.' }) started!: number;
  @Field(() => Int) replies!: number;
  @Field(() => Int) bounces!: number;
  @Field(() => Int) positive!: number;
  @Field(() => Float) replyRate!: number;
  @Field(() => Float) bounceRate!: number;
  @Field(() => Int) opened!: number;
  @Field(() => Int) clicked!: number;
  @Field(() => Float, { nullable: true }) openRate!: number | null;
  @Field(() => Float, { nullable: true }) clickRate!: number | null;
  @Field(() => Int, { description: 'Leads moved to won in the range.' }) won!: number;
  @Field(() => Float, { description: "Their campaigns' deal values." }) wonValue!: number;
}

@ObjectType('AnalyticsDay')
export class AnalyticsDayView {
  @Field() day!: string;
  @Field(() => Int) sent!: number;
  @Field(() => Int) replies!: number;
  @Field(() => Int) bounces!: number;
  @Field(() => Int) positive!: number;
  @Field(() => Int) opened!: number;
  @Field(() => Int) clicked!: number;
}

@ObjectType('AnalyticsRow')
export class AnalyticsRowView {
  @Field(() => ID) id!: string;
  @Field({ description: 'The campaign name or the inbox address.' }) label!: string;
  @Field(() => Int) sent!: number;
  @Field(() => Int) replies!: number;
  @Field(() => Int) bounces!: number;
  @Field(() => Int) positive!: number;
  @Field(() => Float) replyRate!: number;
  @Field(() => Float) bounceRate!: number;
}

@ObjectType('AnalyticsCampaign')
export class AnalyticsCampaignView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@ObjectType('Analytics')
export class AnalyticsView {
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => AnalyticsTotalsView) totals!: AnalyticsTotalsView;
  @Field(() => [AnalyticsDayView]) byDay!: AnalyticsDayView[];
  @Field(() => [AnalyticsRowView]) byCampaign!: AnalyticsRowView[];
  @Field(() => [AnalyticsRowView]) byMailbox!: AnalyticsRowView[];
  @Field(() => [AnalyticsCampaignView], { description: 'Every campaign that has sent.' }) campaigns!: AnalyticsCampaignView[];
}
