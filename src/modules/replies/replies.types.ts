// GraphQL output types of the reply inbox. REST answers are the snake_case of these (api.md Reply:
// is_read, from_email, mailbox_id, …).
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { NEXT_CURSOR_DESCRIPTION } from '../../contracts/pagination/keyset';

@ObjectType('Reply', { description: 'A reply inbox item: a reply, bounce or auto-reply matched to our mail.' })
export class ReplyView {
  @Field(() => ID) id!: string;
  @Field({ description: 'reply, bounce or auto_reply' }) kind!: string;
  @Field({ description: 'An interest label, or lead until labelled.' }) status!: string;
  @Field() isRead!: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was answered with POST /replies/:id/reply.' }) repliedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'Suggested interest label; never applied by itself.' }) assistedInterest!: string | null;
  @Field(() => Float, { nullable: true, description: 'Confidence of the suggestion, 0 to 1.' }) assistedConfidence!: number | null;
  @Field() fromEmail!: string;
  @Field(() => String, { nullable: true, description: 'Its Reply-To address; an answer goes there, else to from_email.' }) replyTo!: string | null;
  @Field() subject!: string;
  @Field({ description: 'The first 200 characters of the new text.' }) snippet!: string;
  @Field({ description: 'The whole text part.' }) bodyText!: string;
  @Field(() => ID, { nullable: true }) campaignId!: string | null;
  @Field(() => ID, { description: 'The inbox that received it (and that an answer goes out from).' }) mailboxId!: string;
  @Field(() => ID, { nullable: true }) leadId!: string | null;
  @Field({ description: "It matched no send or lead but answers this inbox's mail; POST /replies/:id/link ties it to its lead (decisions.md §11)." })
  untracked!: boolean;
  @Field() receivedAt!: Date;
  @Field(() => Date, { nullable: true, description: 'A return date read from an out-of-office text.' }) leadAwayUntil!: Date | null;
  @Field(() => ID, { nullable: true }) assignedUserId!: string | null;
  @Field(() => Date, { nullable: true, description: 'Hidden from the list until then.' }) snoozedUntil!: Date | null;
  @Field({ description: 'The classifier rule that decided its kind (for example auto_submitted, dsn, reply), first match wins (decisions.md §6).' })
  rule!: string;
  @Field({ description: 'What the rule saw: the header, subject or text that decided it (up to 500 characters).' }) evidence!: string;
}

@ObjectType()
export class ReplyPage {
  @Field(() => Int, { description: 'Items matching the filter, regardless of limit and offset.' }) total!: number;
  @Field(() => [ReplyView]) items!: ReplyView[];
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
}

@ObjectType()
export class ReplyCounts {
  @Field(() => Int, { description: 'Unread items (snoozed ones while hidden not counted).' }) unread!: number;
  @Field(() => Int, { description: 'Unread items of kind reply.' }) unreadReplies!: number;
  @Field(() => Int, { description: 'Items answered with POST /replies/:id/reply.' }) answered!: number;
  @Field(() => Int, { description: 'Untracked replies not linked to a lead yet (snoozed ones while hidden not counted).' }) untracked!: number;
}

@ObjectType()
export class ReplyUpdated {
  @Field() updated!: boolean;
}

@ObjectType()
export class ReplyAnswerSent {
  @Field() sent!: boolean;
}

@ObjectType()
export class ReplyAssignment {
  @Field(() => ID, { nullable: true }) assignedUserId!: string | null;
}

@ObjectType()
export class ReplyUnsubscribed {
  @Field() unsubscribed!: boolean;
}

@ObjectType()
export class ReplySnooze {
  @Field(() => Date, { nullable: true }) snoozedUntil!: Date | null;
}
