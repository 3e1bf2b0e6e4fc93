// GraphQL output types of the inbox area. The Mailbox type mirrors api.md's inbox object; it has no
// password field of any kind (the encrypted password never leaves the service).
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('Mailbox')
export class MailboxView {
  @Field(() => ID) id!: string;
  @Field(() => ID) workspaceId!: string;
  @Field() email!: string;
  @Field() fromName!: string;
  @Field() smtpHost!: string;
  @Field(() => Int) smtpPort!: number;
  @Field() smtpSecure!: boolean;
  @Field() imapHost!: string;
  @Field(() => Int) imapPort!: number;
  @Field() username!: string;
  @Field({ description: 'password, or oauth2 (signs in with its provider: decisions.md §15).' }) authType!: string;
  @Field(() => String, { nullable: true, description: 'google or microsoft for an oauth2 inbox, else null.' }) oauthProvider!: string | null;
  @Field(() => Int, { description: 'Ceiling of the daily ramp.' }) dailyCap!: number;
  @Field(() => Int) rampStart!: number;
  @Field(() => Int) rampIncrement!: number;
  @Field({ description: 'YYYY-MM-DD in the workspace timezone.' }) rampStartedAt!: string;
  @Field(() => Int) minGapMinutes!: number;
  @Field(() => Int) gapJitterMinutes!: number;
  @Field(() => String, { nullable: true }) signature!: string | null;
  @Field(() => [String]) tags!: string[];
  @Field(() => Int, { nullable: true }) domainDailyCap!: number | null;
  @Field({ description: 'active, paused, bounce_stopped or reconnect_needed' }) status!: string;
  @Field(() => String, { nullable: true }) lastError!: string | null;
  @Field(() => Date, { nullable: true }) backoffUntil!: Date | null;
  @Field() createdAt!: Date;
  @Field(() => Int, { description: 'Sent today (workspace timezone).' }) sentToday!: number;
  @Field(() => Int, { description: 'What the ramp lets it send today.' }) capToday!: number;
  @Field(() => Int, { description: 'capToday as a percentage of dailyCap.' }) rampShare!: number;
  @Field(() => Int, { description: 'Messages reply polling skipped in this inbox: unreadable, or over 25 MB (not downloaded).' }) skippedMessages!: number;
  @Field(() => String, { nullable: true, description: 'The last message skipped: its folder, UID and why (a message over 25 MB gives its size).' })
  lastSkippedMessage!: string | null;
  @Field({ description: 'sending, or seed: a mailbox placement tests send to (decisions.md §16).' }) purpose!: string;
  @Field(() => String, { nullable: true, description: "A seed's provider: google, microsoft, yahoo or other; null for a sending inbox." }) seedProvider!: string | null;
  @Field(() => String, { nullable: true, description: 'placement when it paused itself for its placement-test inbox rate; null when paused by hand.' })
  pausedReason!: string | null;
}

@ObjectType('MailboxScoreParts')
export class MailboxScorePartsView {
  @Field(() => Int) bounces!: number;
  @Field(() => Int) replies!: number;
  @Field(() => Int) placement!: number;
  @Field(() => Int) errors!: number;
}

@ObjectType('MailboxScoreInputs')
export class MailboxScoreInputsView {
  @Field(() => Int) sent!: number;
  @Field(() => Int) failed!: number;
  @Field(() => Int) bounced!: number;
  @Field(() => Int) replied!: number;
  @Field(() => Float, { nullable: true }) placement!: number | null;
}

@ObjectType('MailboxScore')
export class MailboxScoreView {
  @Field(() => ID) mailboxId!: string;
  @Field(() => Int, { description: 'Out of 100.' }) score!: number;
  @Field(() => MailboxScorePartsView, { description: 'Points lost per part.' }) parts!: MailboxScorePartsView;
  @Field(() => MailboxScoreInputsView) inputs!: MailboxScoreInputsView;
  @Field() enoughSends!: boolean;
}
