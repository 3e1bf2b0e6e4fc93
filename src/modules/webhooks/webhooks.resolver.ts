import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as webhooks from './webhooks.service';
import { CreateWebhookInput, DeliveryQueryInput, UpdateWebhookInput } from './webhooks.inputs';
import { WebhookDeliveryPage, WebhookDeliveryView, WebhookEventKindView, WebhookView, WebhookWithSecretView } from './webhooks.types';

@Resolver()
export class WebhooksResolver {
  @Scope('webhooks:read')
  @Query(() => [WebhookView], { description: 'Webhook endpoints, oldest first (GET /webhooks); secrets are never shown here.' })
  webhooks(@Ctx() ctx: Context) {
    return webhooks.listWebhooks(authed(ctx));
  }

  @Scope('webhooks:read')
  @Query(() => [WebhookEventKindView], { description: 'Every event kind with a one-line description of its data (GET /webhooks/events).' })
  webhookEventKinds(@Ctx() ctx: Context) {
    authed(ctx);
    return webhooks.listEventKinds();
  }

  @Scope('webhooks:read')
  @Query(() => WebhookDeliveryPage, {
    description: "An endpoint's deliveries, newest first (GET /webhooks/:id/deliveries). Cursor pages: query.cursor = nextCursor of the page before.",
  })
  webhookDeliveries(
    @Arg('id', () => ID) id: string,
    @Arg('query', () => DeliveryQueryInput, { nullable: true }) query: DeliveryQueryInput | null,
    @Ctx() ctx: Context,
  ): Promise<WebhookDeliveryPage> {
    return webhooks.listDeliveries(authed(ctx), id, query ?? new DeliveryQueryInput());
  }

  @Scope('webhooks:write')
  @Mutation(() => WebhookWithSecretView, { description: 'Adds an endpoint; the answer is the only time its secret is shown (with rotateWebhookSecret).' })
  createWebhook(@Arg('input') input: CreateWebhookInput, @Ctx() ctx: Context) {
    return webhooks.createWebhook(authed(ctx), input);
  }

  @Scope('webhooks:write')
  @Mutation(() => WebhookView)
  updateWebhook(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateWebhookInput, @Ctx() ctx: Context) {
    return webhooks.updateWebhook(authed(ctx), id, input);
  }

  @Scope('webhooks:write')
  @Mutation(() => Deleted)
  deleteWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return webhooks.deleteWebhook(authed(ctx), id);
  }

  @Scope('webhooks:write')
  @Mutation(() => WebhookDeliveryView, { description: 'Sends a webhook_test event to the endpoint now; the delivery as the attempt left it.' })
  testWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return webhooks.testWebhook(authed(ctx), id);
  }

  @Scope('webhooks:write')
  @Mutation(() => WebhookWithSecretView, { description: 'A new secret; the old one no longer verifies anything sent from now on. Shown only here.' })
  rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return webhooks.rotateWebhookSecret(authed(ctx), id);
  }

  @Scope('webhooks:write')
  @Mutation(() => WebhookDeliveryView, { description: 'Attempts a delivery again now (POST /webhooks/deliveries/:id/retry).' })
  retryWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return webhooks.retryDelivery(authed(ctx), id);
  }
}
