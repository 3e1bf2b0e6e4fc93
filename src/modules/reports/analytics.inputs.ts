import { IsIn, IsUUID } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { IsPlainDate } from '../../contracts/validation/rules';

/** api.md Limits: analytics covers the last 30 days unless asked otherwise. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one request may cover (a day row each; ten years). */
export const ANALYTICS_MAX_DAYS = 3660;

@InputType()
export class AnalyticsInput {
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, workspace timezone; 29 days before `to` when left out.' })
  @Nullable()
  @IsPlainDate()
  from?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, workspace timezone, included; today when left out.' })
  @Nullable()
  @IsPlainDate()
  to?: string | null;
  @Field(() => ID, { nullable: true, description: 'Only this campaign.' })
  @Nullable()
  @IsUUID('all', { message: '$property must be a campaign id' })
  campaignId?: string | null;
}

export const ANALYTICS_GROUPS = ['campaign', 'mailbox', 'day'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

export class AnalyticsCsvInput extends AnalyticsInput {
  @Optional() @IsIn(ANALYTICS_GROUPS, { message: `$property must be one of ${ANALYTICS_GROUPS.join(', ')}` }) group?: AnalyticsGroup;
}
