// Campaign inputs for both doors. REST request names are the snake_case of these fields
// (decisions.md §5); rules that span fields or the stored campaign (windows vs days, end after start,
// mailbox ownership) are checked in campaigns.service.ts and schedule.ts.
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min, registerDecorator, type ValidationOptions } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { isUuid } from '../../storage/find';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { IsEmailAddress, IsHourMinute, IsPlainDate, IsTimeZone } from '../../contracts/validation/rules';
import { Tags } from '../inboxes/inboxes.inputs';

export const AB_WINNER_METRICS = ['reply', 'positive', 'open', 'click'] as const;
export const MAX_NAME_LENGTH = 200;
export const MAX_DAILY_LIMIT = 10_000;
/** decisions.md §11 Sender pools: up to 20 tags. */
export const MAX_MAILBOX_TAGS = 20;
const MAX_INT = 2_147_483_647;

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
// An end may be written past 23:59 ("24:00" is midnight); schedule.ts refuses one past midnight with
// its own code, so the shape here only asks for HH:MM.
const END_TIME = /^\d{2}:[0-5]\d$/;

function rule(name: string, test: (v: unknown) => boolean, message: string) {
  return (options?: ValidationOptions) => (object: object, propertyName: string) =>
    registerDecorator({ name, target: object.constructor, propertyName, options: { message, ...options }, validator: { validate: test } });
}

const isDay = (d: unknown) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6;
const isDayList = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isDay);

const WINDOW_KEYS = new Set(['days', 'start', 'end']);
function isWindow(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const w = v as Record<string, unknown>;
  const extra = Object.keys(w).some((k) => !WINDOW_KEYS.has(k) && w[k] !== undefined);
  return !extra && isDayList(w.days) && typeof w.start === 'string' && START_TIME.test(w.start) && typeof w.end === 'string' && END_TIME.test(w.end);
}

// IsPlainDate accepts year 0000, which PostgreSQL's date type does not: keep campaign dates to years
// a schedule can mean.
const InDateRange = rule('inDateRange', (v) => typeof v === 'string' && v >= '1970-01-01' && v <= '9999-12-31', '$property must be between 1970-01-01 and 9999-12-31');
const IsNotBlank = rule('isNotBlank', (v) => typeof v === 'string' && v.trim().length > 0, '$property must not be blank');
const IsEndTime = rule('isEndTime', (v) => typeof v === 'string' && END_TIME.test(v), '$property must be a time as HH:MM (24:00 for midnight)');
const IsDayList = rule('isDayList', isDayList, '$property must be a non-empty list of week days, integers 0 (Sunday) to 6 (Saturday)');
const IsWindowList = rule(
  'isWindowList',
  (v) => Array.isArray(v) && v.every(isWindow),
  '$property must be a list of {days, start, end}: days a non-empty list of integers 0 (Sunday) to 6, start and end as HH:MM',
);
const IsUuidList = rule('isUuidList', (v) => Array.isArray(v) && v.every(isUuid), '$property must be a list of mailbox ids (UUIDs)');
const IsTagList = rule(
  'isTagList',
  (v) => Array.isArray(v) && v.every((t) => typeof t === 'string' && t.trim().length > 0 && t.length <= 100),
  '$property must be a list of non-blank strings of at most 100 characters',
);

@InputType()
export class CreateCampaignInput {
  @Field() @IsString() @IsNotBlank() @MaxLength(MAX_NAME_LENGTH) name!: string;
}

@InputType({ description: 'One sending window: week days (0 is Sunday) and hours in the campaign timezone.' })
export class SendWindowInput {
  @Field(() => [Int]) days!: number[];
  @Field() start!: string;
  @Field({ description: 'After start on the same day; 24:00 is midnight.' }) end!: string;
}

/** Every campaign setting, each optional: PATCH changes only what is sent. */
@InputType()
export class UpdateCampaignInput {
  @Field({ nullable: true }) @Optional() @IsString() @IsNotBlank() @MaxLength(MAX_NAME_LENGTH) name?: string;
  @Field({ nullable: true }) @Optional() @IsTimeZone() timezone?: string;
  @Field(() => [Int], { nullable: true }) @Optional() @IsDayList() days?: number[];
  @Field({ nullable: true }) @Optional() @IsHourMinute() windowStart?: string;
  @Field({ nullable: true, description: 'After window_start on the same day; 24:00 is midnight.' }) @Optional() @IsEndTime() windowEnd?: string;
  @Field(() => [SendWindowInput], { nullable: true, description: 'Up to four; null goes back to days and window hours.' })
  @Nullable()
  @IsWindowList()
  windows?: SendWindowInput[] | null;

  @Field({ nullable: true }) @Optional() @IsBoolean() leadTimezone?: boolean;
  @Field(() => Int, { nullable: true }) @Optional() @IsInt() @Min(1) @Max(MAX_DAILY_LIMIT) dailyLimit?: number;
  @Field(() => Int, { nullable: true }) @Nullable() @IsInt() @Min(1) @Max(MAX_DAILY_LIMIT) maxNewLeadsPerDay?: number | null;
  @Field({ nullable: true }) @Optional() @IsBoolean() prioritizeNew?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() skipRisky?: boolean;
  @Field(() => Int, { nullable: true }) @Nullable() @IsInt() @Min(0) @Max(MAX_INT) dealValue?: number | null;
  @Field({ nullable: true }) @Optional() @IsBoolean() stopOnReply?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() stopOnAutoReply?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() openTracking?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() clickTracking?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() unsubHeader?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() textOnly?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() companyReplyStop?: boolean;
  @Field({ nullable: true }) @Optional() @IsBoolean() providerMatching?: boolean;
  @Field({ nullable: true, description: 'Bounce protection (default true): the campaign pauses itself at 5% hard bounces of its last 100 emails, from 40.' })
  @Optional()
  @IsBoolean()
  bounceProtect?: boolean;
  @Field(() => String, { nullable: true, description: 'reply, positive, open, click or null' })
  @Nullable()
  @IsIn(AB_WINNER_METRICS)
  abWinnerMetric?: (typeof AB_WINNER_METRICS)[number] | null;
  @Field(() => Int, { nullable: true }) @Optional() @IsInt() @Min(0) @Max(MAX_INT) abOptimizeAfter?: number;
  @Field(() => String, { nullable: true }) @Nullable() @IsEmailAddress() cc?: string | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsEmailAddress() bcc?: string | null;
  @Field(() => [String], { nullable: true }) @Optional() @IsArray() @ArrayMaxSize(100) @IsTagList() tags?: string[];
  @Field(() => String, { nullable: true }) @Nullable() @IsPlainDate() @InDateRange() startDate?: string | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsPlainDate() @InDateRange() endDate?: string | null;
  @Field(() => [ID], { nullable: true, description: 'Replaces the inboxes the campaign sends from.' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUuidList()
  mailboxIds?: string[];
  @Field(() => [String], {
    nullable: true,
    description: 'Sender pool (up to 20 tags, each as inbox tags are written): the campaign also sends from every inbox carrying one of them. Replaces every tag.',
  })
  @Optional()
  @Tags(MAX_MAILBOX_TAGS)
  mailboxTags?: string[];
}
