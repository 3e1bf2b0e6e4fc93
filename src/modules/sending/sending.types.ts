import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('SendingMessage', { description: 'A reason (stops every send) or a note (holds back some leads or inboxes), decisions.md §5 codes.' })
export class SendingMessageView {
  @Field()
  code!: string;

  @Field()
  text!: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Figures behind the reason, when it has them (bounce_protect: {bounced, sent}).' })
  details?: Record<string, number> | null;
}

@ObjectType('DueToday', {
  description: 'An estimate: the smallest of the daily limit left, the leads due before midnight in the campaign zone and what its inboxes have left today.',
})
export class DueTodayView {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  followUps!: number;

  @Field(() => Int)
  newLeads!: number;
}

@ObjectType('SendingStatus')
export class SendingStatusView {
  @Field(() => ID)
  campaignId!: string;

  @Field()
  sending!: boolean;

  @Field(() => [SendingMessageView], { description: 'In the order the sender meets them; empty while sending.' })
  reasons!: SendingMessageView[];

  @Field(() => [SendingMessageView])
  notes!: SendingMessageView[];

  @Field(() => Int)
  sentToday!: number;

  @Field(() => Int)
  dailyLimit!: number;

  @Field(() => Int)
  newToday!: number;

  @Field(() => Int, { nullable: true })
  newLeadsLimit!: number | null;

  @Field(() => Int)
  dueNow!: number;

  @Field(() => Date, { nullable: true })
  nextDueAt!: Date | null;

  @Field(() => DueTodayView)
  dueToday!: DueTodayView;
}
