import type { AppModule } from '../../runtime/app-module';
import { createDeliverJob, createFanOutJob } from './delivery.job';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { WebhooksResolver } from './webhooks.resolver';
import { webhookRoutes } from './webhooks.routes';

export const webhooksModule: AppModule = {
  name: 'webhooks',
  description: 'Signed webhooks (Standard Webhooks) for every event: endpoints, secrets, test deliveries, the delivery log and retries.',
  entities: [WebhookEndpoint, WebhookDelivery],
  resolvers: [WebhooksResolver],
  routes: webhookRoutes,
  jobs: () => [createFanOutJob(), createDeliverJob()],
};
