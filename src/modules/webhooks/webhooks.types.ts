import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NEXT_CURSOR_DESCRIPTION } from '../../contracts/pagination/keyset';

@ObjectType('Webhook', { description: 'An endpoint that receives signed events (decisions.md §8). Its secret is shown only at creation and rotation.' })
export class WebhookView {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field(() => [String], { description: 'The kinds it receives; empty: every kind.' }) events!: string[];
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() enabled!: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was disabled after 5 days of failed deliveries; null otherwise.' }) disabledAt!: Date | null;
  @Field() createdAt!: Date;
}

@ObjectType('WebhookWithSecret', { description: 'An endpoint with its signing secret: the answer of creation and of rotation only.' })
export class WebhookWithSecretView extends WebhookView {
  @Field({ description: 'whsec_ and the base64 of 32 random bytes; verify signatures with it (Standard Webhooks). Shown only here.' }) secret!: string;
}

@ObjectType('WebhookEventKind')
export class WebhookEventKindView {
  @Field() kind!: string;
  @Field() description!: string;
}

@ObjectType('WebhookDelivery', { description: 'One event for one endpoint and its attempts so far.' })
export class WebhookDeliveryView {
  @Field(() => ID) id!: string;
  @Field(() => ID, { description: 'Sent as webhook-id, the same on every attempt.' }) eventId!: string;
  @Field({ description: 'The event kind.' }) event!: string;
  @Field({ description: 'pending, delivered or failed' }) status!: string;
  @Field(() => Int) attempts!: number;
  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status; null when no answer came." }) responseStatus!: number | null;
  @Field(() => String, { nullable: true, description: 'Why the last attempt failed.' }) error!: string | null;
  @Field(() => Date, { nullable: true, description: 'When it is tried next; null once delivered or failed.' }) nextAttemptAt!: Date | null;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
}

@ObjectType('WebhookDeliveryPage')
export class WebhookDeliveryPage {
  @Field(() => Int, { description: 'Deliveries of the endpoint, regardless of limit and offset.' }) total!: number;
  @Field(() => [WebhookDeliveryView]) items!: WebhookDeliveryView[];
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
}
