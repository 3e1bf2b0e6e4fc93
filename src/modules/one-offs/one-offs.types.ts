import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('QueuedOneOff', { description: 'A one-off email: queued until it goes, or dropped.' })
export class QueuedOneOffView {
  @Field(() => ID) id!: string;
  @Field({ description: 'queued, sending, sent, failed, bounced or dropped' }) status!: string;
  @Field({ description: 'The earliest time the window and the inbox caps allow.' }) scheduledFor!: Date;
}

@ObjectType('CancelledOneOff')
export class CancelledOneOffView {
  @Field(() => ID) id!: string;
  @Field() status!: string;
}

@ObjectType()
export class OneOffLead {
  @Field(() => ID) leadId!: string;
  @Field({ description: 'false when the address already was a lead of the workspace' }) created!: boolean;
}
