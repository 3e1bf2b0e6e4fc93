// decisions.md §10: every request that waits on an outside server takes one of its workspace's
// PEER_WORK_PER_WORKSPACE slots (src/security/peer-work.ts), not only the mail work of mail-waits.test.ts: webhook
// tests and retries (the receiver), column previews (web pages, the model) and the domain health check
// (DNS). With a workspace's slots held by a receiver that never answers, each of those answers 429
// `too_many_in_flight` at once, through REST and GraphQL, and writes nothing; another workspace is served.
import { expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { PEER_WORK_PER_WORKSPACE, PEER_WORK_RETRY_AFTER_SECONDS } from '../../src/security/peer-work';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let hung: WebhookReceiver;
let answering: WebhookReceiver;
let me: Account;
let other: Account;

beforeAll(async () => {
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  hung = await startWebhookReceiver();
  hung.respond = () => 'hang';
  answering = await startWebhookReceiver();
  me = await signUp(service.url);
  other = await signUp(service.url);
});
afterAll(async () => {
  await Promise.all([hung?.stop(), answering?.stop()]);
  await service?.stop();
});

const deliveriesOf = async (endpointId: string) =>
  (await service.deps.orm.em.fork().getConnection().execute(`select count(*)::int as n from webhook_delivery where endpoint_id = ?`, [endpointId]))[0].n as number;

it('a workspace whose receiver hangs gets its slots, then 429 on every door that waits on a peer; nothing is written for a refusal; another workspace is served', async () => {
  const endpoint = (await me.client.post('/webhooks', { url: hung.url })).body as { id: string };
  const campaign = (await me.client.post('/campaigns', { name: 'Columns' })).body as { id: string };
  const waiting = Array.from({ length: PEER_WORK_PER_WORKSPACE }, () => me.client.post(`/webhooks/${endpoint.id}/test`));
  await hung.waitFor(PEER_WORK_PER_WORKSPACE, 20_000);
  expect(await deliveriesOf(endpoint.id)).toBe(PEER_WORK_PER_WORKSPACE);
  const delivery = (await me.client.get(`/webhooks/${endpoint.id}/deliveries`)).body[0] as { id: string };

  const refused = [
    await me.client.post(`/webhooks/${endpoint.id}/test`),
    await me.client.post(`/webhooks/deliveries/${delivery.id}/retry`),
    await me.client.post(`/campaigns/${campaign.id}/blocks/preview`, { name: 'site_text', kind: 'website' }),
    await me.client.get('/mailboxes/domain-health'),
  ];
  for (const res of refused) {
    const err = expectError(res, 429, 'too_many_in_flight');
    expect(res.headers.get('retry-after')).toBe(String(PEER_WORK_RETRY_AFTER_SECONDS));
    expect(err.details).toEqual({ limit: PEER_WORK_PER_WORKSPACE, retry_after_seconds: PEER_WORK_RETRY_AFTER_SECONDS });
  }
  const gql = [
    await me.client.gql(ops.TestWebhookDocument, { id: endpoint.id }),
    await me.client.gql(ops.RetryWebhookDeliveryDocument, { id: delivery.id }),
    await me.client.gql(ops.PreviewBlockDocument, { campaignId: campaign.id, input: { name: 'site_text', kind: 'website' } }),
    await me.client.gql(ops.DomainHealthDocument, {}),
  ];
  for (const res of gql) expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'too_many_in_flight', status: 429 });
  // The refused tests made no event or delivery, and the receiver saw only the four.
  expect(await deliveriesOf(endpoint.id)).toBe(PEER_WORK_PER_WORKSPACE);
  expect(hung.received).toHaveLength(PEER_WORK_PER_WORKSPACE);

  // Another workspace's work on outside servers goes on meanwhile.
  const theirs = (await other.client.post('/webhooks', { url: answering.url })).body as { id: string };
  const test = await other.client.post(`/webhooks/${theirs.id}/test`);
  expect(test.status).toBe(200);
  expect(test.body).toMatchObject({ status: 'delivered', response_status: 200 });
  expect((await other.client.get('/mailboxes/domain-health')).status).toBe(200);

  // The receiver gives up its hanging answers: the four attempts end as failures and free their slots.
  await hung.stop();
  for (const res of await Promise.all(waiting)) expect(res.status).toBe(200);
  hung = await startWebhookReceiver();
  const again = await me.client.post(`/campaigns/${campaign.id}/blocks/preview`, { name: 'site_text', kind: 'website' });
  expect(again.status).toBe(200);
});
