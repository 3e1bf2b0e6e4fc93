// Inputs of the inbox (mailbox) use cases; REST bodies are the snake_case of these field names.
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsInt, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { IsEmailAddress, IsPlainDate } from '../../contracts/validation/rules';
import { INBOX_PURPOSES, type InboxPurpose } from './inbox.entity';

// Upper bounds keep every number inside a PostgreSQL int and inside what one mailbox can sensibly do.
export const MAX_DAILY_CAP = 100_000;
export const MAX_GAP_MINUTES = 1440;
const MAX_TAGS = 100;

const NotBlank = () => Matches(/\S/, { message: '$property must not be blank' });
// PostgreSQL text cannot hold NUL characters; refuse them here rather than fail at insert time.
const NoNul = (each = false) => Matches(/^[^\0]*$/, { each, message: '$property must not contain NUL characters' });
const IsHost = () => Matches(/^[^\s/@\0]+$/, { message: '$property must be a host name or IP address (no spaces, slashes or @)' });
const Port = () => (target: object, key: string) => {
  IsInt()(target, key);
  Min(1, { message: '$property must be a port from 1 to 65535' })(target, key);
  Max(65535, { message: '$property must be a port from 1 to 65535' })(target, key);
};
const DailyCap = () => (target: object, key: string) => {
  IsInt()(target, key);
  Min(1, { message: '$property must be a whole number of at least 1' })(target, key);
  Max(MAX_DAILY_CAP)(target, key);
};
// The inbox.username column holds 255 characters; a longer login was a 500 on insert (the fuzz test's
// find). No mail server login is longer than an address (254).
const USERNAME_MAX = 255;

const GapMinutes = () => (target: object, key: string) => {
  IsInt()(target, key);
  Min(0)(target, key);
  Max(MAX_GAP_MINUTES)(target, key);
};
const Tag = () => (target: object, key: string) => {
  IsString()(target, key);
  Length(1, 50)(target, key);
  NotBlank()(target, key);
  NoNul()(target, key);
};
/** A list of inbox tags (at most `max`), each as inbox tags are written; also a campaign's mailbox_tags. */
export const Tags =
  (max = MAX_TAGS) =>
  (target: object, key: string) => {
    IsArray()(target, key);
    ArrayMaxSize(max)(target, key);
    IsString({ each: true })(target, key);
    Length(1, 50, { each: true })(target, key);
    Matches(/\S/, { each: true, message: 'each tag must not be blank' })(target, key);
    NoNul(true)(target, key);
  };

/** POST /mailboxes: the documented connection fields (all required) plus optional sending settings. */
@InputType('CreateMailboxInput')
export class CreateInboxInput {
  @Field() @IsEmailAddress() email!: string;
  @Field() @IsString() @Length(1, 200) @NotBlank() @NoNul() fromName!: string;
  @Field() @IsString() @Length(1, 253) @IsHost() smtpHost!: string;
  @Field(() => Int) @Port() smtpPort!: number;
  @Field() @IsBoolean() smtpSecure!: boolean;
  @Field() @IsString() @Length(1, 253) @IsHost() imapHost!: string;
  @Field(() => Int) @Port() imapPort!: number;
  @Field() @IsString() @Length(1, USERNAME_MAX) @NotBlank() @NoNul() username!: string;
  @Field() @IsString() @Length(1, 1000) password!: string;
  @Field(() => Int) @DailyCap() dailyCap!: number;

  @Field(() => String, { nullable: true }) @Nullable() @IsString() @Length(0, 10_000) @NoNul() signature?: string | null;
  @Field(() => [String], { nullable: true }) @Optional() @Tags() tags?: string[];
  @Field(() => Int, { nullable: true, description: 'Minimum minutes between sends; 9 unless given.' }) @Optional() @GapMinutes() minGapMinutes?: number;
  @Field(() => Int, { nullable: true, description: 'Random extra minutes (0..n) added to the gap; 5 unless given.' }) @Optional() @GapMinutes() gapJitterMinutes?: number;
  @Field(() => Int, { nullable: true, description: 'Daily cap shared by the inboxes of this domain.' }) @Nullable() @DailyCap() domainDailyCap?: number | null;
  @Field(() => Int, { nullable: true, description: 'Sends on the first day; 10 unless given.' }) @Optional() @DailyCap() rampStart?: number;
  @Field(() => Int, { nullable: true, description: 'Added per day up to dailyCap; 5 unless given.' }) @Optional() @IsInt() @Min(0) @Max(MAX_DAILY_CAP) rampIncrement?: number;
  // decisions.md §16: fixed at creation (PATCH does not take it).
  @Field(() => String, { nullable: true, description: 'sending (default) or seed: a mailbox placement tests send to; it never sends. Not changeable later.' })
  @Optional()
  @IsIn(INBOX_PURPOSES)
  purpose?: InboxPurpose;
}

/** PATCH /mailboxes/:id: only the fields to change. The address itself cannot change (connect the new
 *  address as a new inbox); status changes go through pause/resume. */
@InputType('UpdateMailboxInput')
export class UpdateInboxInput {
  @Field({ nullable: true }) @Optional() @IsString() @Length(1, 200) @NotBlank() @NoNul() fromName?: string;
  @Field({ nullable: true }) @Optional() @IsString() @Length(1, 253) @IsHost() smtpHost?: string;
  @Field(() => Int, { nullable: true }) @Optional() @Port() smtpPort?: number;
  @Field({ nullable: true }) @Optional() @IsBoolean() smtpSecure?: boolean;
  @Field({ nullable: true }) @Optional() @IsString() @Length(1, 253) @IsHost() imapHost?: string;
  @Field(() => Int, { nullable: true }) @Optional() @Port() imapPort?: number;
  @Field({ nullable: true }) @Optional() @IsString() @Length(1, USERNAME_MAX) @NotBlank() @NoNul() username?: string;
  @Field({ nullable: true, description: 'Required when smtpHost, smtpPort, imapHost, imapPort or username changes.' })
  @Optional()
  @IsString()
  @Length(1, 1000)
  password?: string;
  @Field(() => Int, { nullable: true }) @Optional() @DailyCap() dailyCap?: number;
  @Field(() => Int, { nullable: true }) @Optional() @GapMinutes() minGapMinutes?: number;
  @Field(() => Int, { nullable: true }) @Optional() @GapMinutes() gapJitterMinutes?: number;
  @Field(() => Int, { nullable: true, description: 'null removes the domain cap.' }) @Nullable() @DailyCap() domainDailyCap?: number | null;
  @Field(() => String, { nullable: true, description: 'null removes the signature.' }) @Nullable() @IsString() @Length(0, 10_000) @NoNul() signature?: string | null;
  @Field(() => [String], { nullable: true, description: 'Replaces every tag.' }) @Optional() @Tags() tags?: string[];
  @Field(() => Int, { nullable: true }) @Optional() @DailyCap() rampStart?: number;
  @Field(() => Int, { nullable: true }) @Optional() @IsInt() @Min(0) @Max(MAX_DAILY_CAP) rampIncrement?: number;
  @Field({ nullable: true, description: 'YYYY-MM-DD (workspace timezone) the ramp counts days from; today restarts it.' })
  @Optional()
  @IsPlainDate()
  rampStartedAt?: string;
}

/** POST /mailboxes/bulk: the inboxes and exactly one change (checked by the service). */
@InputType('BulkUpdateMailboxesInput')
export class BulkUpdateInboxesInput {
  @Field(() => [ID]) @IsArray() @ArrayNotEmpty() @ArrayMaxSize(1000) @IsUUID('all', { each: true }) ids!: string[];
  @Field(() => Int, { nullable: true }) @Optional() @DailyCap() dailyCap?: number;
  @Field(() => Int, { nullable: true, description: 'null removes the domain cap.' }) @Nullable() @DailyCap() domainDailyCap?: number | null;
  @Field(() => Int, { nullable: true }) @Optional() @GapMinutes() minGapMinutes?: number;
  @Field({ nullable: true }) @Optional() @Tag() addTag?: string;
  @Field({ nullable: true }) @Optional() @Tag() removeTag?: string;
}
