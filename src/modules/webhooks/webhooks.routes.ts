// decisions.md §8: webhook endpoints, the event kinds, test deliveries, the delivery log and retries.
// Answers are snake_case.
import { body, jsonRoute, query } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import * as webhooks from './webhooks.service';
import { CreateWebhookInput, DeliveryQueryInput, UpdateWebhookInput } from './webhooks.inputs';
import { WebhookDeliveryView, WebhookEventKindView, WebhookView, WebhookWithSecretView } from './webhooks.types';

export const webhookRoutes = [
  jsonRoute({
    method: 'post',
    path: '/webhooks',
    scope: 'webhooks:write',
    summary: 'Add a webhook endpoint; its secret is shown in this answer only',
    status: 201,
    body: body(CreateWebhookInput),
    response: { type: WebhookWithSecretView, shape: 'snake' },
    handle: (ctx, { body }) => webhooks.createWebhook(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/webhooks',
    scope: 'webhooks:read',
    summary: 'Webhook endpoints, oldest first (no secrets)',
    response: { type: WebhookView, list: true, shape: 'snake' },
    handle: (ctx) => webhooks.listWebhooks(ctx),
  }),
  jsonRoute({
    method: 'get',
    path: '/webhooks/events',
    scope: 'webhooks:read',
    summary: 'Every event kind with a one-line description of its data',
    response: { type: WebhookEventKindView, list: true, shape: 'snake' },
    handle: async () => webhooks.listEventKinds(),
  }),
  jsonRoute({
    method: 'patch',
    path: '/webhooks/:id',
    scope: 'webhooks:write',
    summary: "Change an endpoint's URL, kinds, description or enabled",
    body: body(UpdateWebhookInput),
    response: { type: WebhookView, shape: 'snake' },
    handle: (ctx, { params, body }) => webhooks.updateWebhook(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/webhooks/:id',
    scope: 'webhooks:write',
    summary: 'Delete an endpoint and its delivery log',
    response: { type: Deleted },
    handle: (ctx, { params }) => webhooks.deleteWebhook(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/webhooks/:id/test',
    scope: 'webhooks:write',
    summary: 'Send a webhook_test event to the endpoint now; answers the delivery',
    response: { type: WebhookDeliveryView, shape: 'snake' },
    handle: (ctx, { params }) => webhooks.testWebhook(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/webhooks/:id/rotate-secret',
    scope: 'webhooks:write',
    summary: 'Replace the signing secret; the new one is shown in this answer only',
    response: { type: WebhookWithSecretView, shape: 'snake' },
    handle: (ctx, { params }) => webhooks.rotateWebhookSecret(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/webhooks/:id/deliveries',
    scope: 'webhooks:read',
    summary: "The endpoint's deliveries, newest first; X-Total-Count counts them all",
    query: query(DeliveryQueryInput),
    totalCount: true,
    cursorPage: true,
    response: { type: WebhookDeliveryView, list: true, shape: 'snake' },
    handle: (ctx, { params, query }) => webhooks.listDeliveries(ctx, params.id, query),
  }),
  jsonRoute({
    method: 'post',
    path: '/webhooks/deliveries/:id/retry',
    scope: 'webhooks:write',
    summary: 'Attempt a delivery again now; answers the delivery',
    response: { type: WebhookDeliveryView, shape: 'snake' },
    handle: (ctx, { params }) => webhooks.retryDelivery(ctx, params.id),
  }),
];
