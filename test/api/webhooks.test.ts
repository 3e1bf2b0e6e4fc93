// Webhooks from outside (decisions.md §8), through REST and GraphQL: endpoints with the secret shown at
// creation and rotation only, the event kinds, a test delivery to a receiver on loopback that verifies
// the signature, the delivery log, manual retry, the URL rules, and workspace isolation.
import { expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import { EVENT_KINDS } from '../../src/modules/events/record-event';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let guarded: Awaited<ReturnType<typeof startTestService>>;
let receiver: WebhookReceiver;
let me: Account;
let them: Account;

beforeAll(async () => {
  // The loopback receiver needs ALLOW_PRIVATE_FETCH, as every loopback HTTP peer of the tests does;
  // `guarded` runs with the default (false) to test the guard.
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  guarded = await startTestService();
  receiver = await startWebhookReceiver();
  me = await signUp(service.url);
  them = await signUp(service.url);
});
afterAll(async () => {
  await receiver.stop();
  await service.stop();
  await guarded.stop();
});
beforeEach(() => {
  receiver.respond = () => 200;
});

const db = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

describe('REST', () => {
  it('creates an endpoint (201) with its secret shown once; lists it without the secret; stores the secret encrypted', async () => {
    const res = await me.client.post('/webhooks', { url: receiver.url, events: ['email_sent', 'unsubscribe', 'email_sent'], description: 'CRM' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      url: receiver.url,
      events: ['unsubscribe', 'email_sent'],
      description: 'CRM',
      enabled: true,
      disabled_at: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.any(String),
    });
    expect(Buffer.from(res.body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const list = await me.client.get('/webhooks');
    expect(list.status).toBe(200);
    const listed = list.body.find((w: { id: string }) => w.id === res.body.id);
    expect(listed).toEqual({ ...res.body, secret: undefined });
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    const [row] = await db(`select secret_enc from webhook_endpoint where id = ?`, [res.body.id]);
    expect(row.secret_enc).not.toContain(res.body.secret.slice(6, 20));
    expect(service.deps.secrets.decrypt(row.secret_enc)).toBe(res.body.secret);
    expect((await me.client.delete(`/webhooks/${res.body.id}`)).body).toEqual({ deleted: true });
  });

  it('events empty or left out means every kind', async () => {
    const a = await me.client.post('/webhooks', { url: receiver.url });
    const b = await me.client.post('/webhooks', { url: receiver.url, events: [] });
    expect([a.body.events, b.body.events]).toEqual([[], []]);
    await me.client.delete(`/webhooks/${a.body.id}`);
    await me.client.delete(`/webhooks/${b.body.id}`);
  });

  it('refuses a URL that is not http(s), an unknown kind and unknown fields (400 validation_failed)', async () => {
    for (const body of [
      { url: 'ftp://example.com/hook' },
      { url: 'not a url' },
      { url: 'https://user:pass@example.com/hook' },
      {},
      { url: 'https://example.com/hook', events: ['email_opened'] },
      { url: 'https://example.com/hook', events: 'email_sent' },
      { url: 'https://example.com/hook', secret: 'whsec_mine' },
    ]) {
      expectError(await me.client.post('/webhooks', body), 400, 'validation_failed');
    }
  });

  it('an endpoint may subscribe to webhook_test (decisions.md §11), alone or with other kinds; a test reaches it, no other event does', async () => {
    const created = await me.client.post('/webhooks', { url: receiver.url, events: ['webhook_test'] });
    expect(created.status).toBe(201);
    expect(created.body.events).toEqual(['webhook_test']);
    const hook = created.body as { id: string; secret: string };
    const patched = await me.client.patch(`/webhooks/${hook.id}`, { events: ['email_sent', 'webhook_test'] });
    expect(patched.status).toBe(200);
    expect(patched.body.events).toEqual(['email_sent', 'webhook_test']);
    expect((await me.client.patch(`/webhooks/${hook.id}`, { events: ['webhook_test'] })).body.events).toEqual(['webhook_test']);
    const before = receiver.received.length;
    const test = await me.client.post(`/webhooks/${hook.id}/test`);
    expect(test.body).toMatchObject({ event: 'webhook_test', status: 'delivered' });
    expect(verifyWebhook(hook.secret, receiver.received[before]!)).toMatchObject({ type: 'webhook_test', data: { webhook_id: hook.id } });
    // Another endpoint's test is that endpoint's only: the fan-out never hands a test event to this one.
    const other = (await me.client.post('/webhooks', { url: receiver.url })).body;
    await me.client.post(`/webhooks/${other.id}/test`);
    await runWebhooksOnce(service.deps, { workspaceIds: [me.workspaceId] });
    const [row] = await db(`select count(*)::int as n from webhook_delivery where endpoint_id = ?`, [hook.id]);
    expect(row.n).toBe(1);
    await me.client.delete(`/webhooks/${hook.id}`);
    await me.client.delete(`/webhooks/${other.id}`);
  });

  it('refuses a private or loopback IP address unless ALLOW_PRIVATE_FETCH; a name is judged by the guard at delivery', async () => {
    const owner = await signUp(guarded.url);
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.1.2.3/hook', 'http://[::1]/hook', 'http://169.254.169.254/latest']) {
      expectError(await owner.client.post('/webhooks', { url }), 400, 'address_not_allowed');
    }
    const created = await owner.client.post('/webhooks', { url: `http://localhost:${new URL(receiver.url).port}/hooks` });
    expect(created.status).toBe(201);
    expectError(await owner.client.patch(`/webhooks/${created.body.id}`, { url: 'http://192.168.1.1/x' }), 400, 'address_not_allowed');
    const before = receiver.received.length;
    const test = await owner.client.post(`/webhooks/${created.body.id}/test`);
    expect(test.body).toMatchObject({ status: 'pending', attempts: 1, response_status: null, error: expect.stringContaining('loopback') });
    expect(receiver.received).toHaveLength(before);
  });

  it('refuses link-local and metadata addresses even with ALLOW_PRIVATE_FETCH, which lets private ones through (REST and GraphQL)', async () => {
    // `service` runs with ALLOW_PRIVATE_FETCH: the delivery guard never reaches these, so they are not saved.
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/hook', 'http://169.254.1.1/hook']) {
      expectError(await me.client.post('/webhooks', { url }), 400, 'address_not_allowed');
      const gql = await me.client.gql(ops.CreateWebhookDocument, { input: { url } });
      expect(gql.errors?.[0]?.extensions?.code).toBe('address_not_allowed');
    }
    const allowed = await me.client.post('/webhooks', { url: 'http://10.1.2.3/hook' });
    expect(allowed.status).toBe(201);
    await me.client.delete(`/webhooks/${allowed.body.id}`);
  });

  it('lists every event kind with a description', async () => {
    const res = await me.client.get('/webhooks/events');
    expect(res.status).toBe(200);
    expect(res.body.map((k: { kind: string }) => k.kind)).toEqual([...EVENT_KINDS]);
    for (const k of res.body) expect(k.description.length).toBeGreaterThan(20);
  });

  it('sends a signed webhook_test now, logs it, retries a failed delivery with the same webhook-id', async () => {
    const hook = (await me.client.post('/webhooks', { url: receiver.url })).body;
    receiver.respond = () => 500;
    const before = receiver.received.length;
    const test = await me.client.post(`/webhooks/${hook.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ event: 'webhook_test', status: 'pending', attempts: 1, response_status: 500, next_attempt_at: expect.any(String), delivered_at: null });
    const first = receiver.received[before]!;
    expect(verifyWebhook(hook.secret, first)).toMatchObject({ type: 'webhook_test', data: { webhook_id: hook.id } });
    expect(first.headers['webhook-id']).toBe(test.body.event_id);

    receiver.respond = () => 202;
    const retried = await me.client.post(`/webhooks/deliveries/${test.body.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      id: test.body.id,
      status: 'delivered',
      attempts: 2,
      response_status: 202,
      error: null,
      next_attempt_at: null,
      delivered_at: expect.any(String),
    });
    const second = receiver.received[before + 1]!;
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    verifyWebhook(hook.secret, second);

    await me.client.post(`/webhooks/${hook.id}/test`);
    const log = await me.client.get(`/webhooks/${hook.id}/deliveries?limit=1`);
    expect(log.status).toBe(200);
    expect(log.headers.get('x-total-count')).toBe('2');
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ status: 'delivered', attempts: 1, event: 'webhook_test' });
    expect(Object.keys(log.body[0]).sort()).toEqual(
      ['attempts', 'created_at', 'delivered_at', 'error', 'event', 'event_id', 'id', 'next_attempt_at', 'response_status', 'status'].sort(),
    );
    expect((await me.client.get(`/webhooks/${hook.id}/deliveries?offset=1`)).body[0].id).toBe(test.body.id);
    expectError(await me.client.get(`/webhooks/${hook.id}/deliveries?limit=0`), 400, 'validation_failed');
    expectError(await me.client.get(`/webhooks/${hook.id}/deliveries?limit=101`), 400, 'validation_failed');
    await me.client.delete(`/webhooks/${hook.id}`);
  });

  it('rotates the secret: shown once, the old one no longer verifies', async () => {
    const hook = (await me.client.post('/webhooks', { url: receiver.url })).body;
    const rotated = await me.client.post(`/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ id: hook.id, url: receiver.url, secret: expect.stringMatching(/^whsec_/) });
    const before = receiver.received.length;
    await me.client.post(`/webhooks/${hook.id}/test`);
    const got = receiver.received[before]!;
    verifyWebhook(rotated.body.secret, got);
    expect(() => verifyWebhook(hook.secret, got)).toThrow('No matching signature found');
    await me.client.delete(`/webhooks/${hook.id}`);
  });

  it('PATCH changes url, kinds, description and enabled; unknown fields are refused', async () => {
    const hook = (await me.client.post('/webhooks', { url: receiver.url })).body;
    const res = await me.client.patch(`/webhooks/${hook.id}`, { url: 'https://example.com/new', events: ['lead_completed'], description: null, enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: hook.id,
      url: 'https://example.com/new',
      events: ['lead_completed'],
      description: null,
      enabled: false,
      disabled_at: null,
      created_at: hook.created_at,
    });
    expectError(await me.client.patch(`/webhooks/${hook.id}`, { enabled: 'yes' }), 400, 'validation_failed');
    expectError(await me.client.patch(`/webhooks/${hook.id}`, { secret: 'x' }), 400, 'validation_failed');
    await me.client.delete(`/webhooks/${hook.id}`);
  });

  it("another workspace's endpoints and deliveries are 404, and absent from its list", async () => {
    const hook = (await me.client.post('/webhooks', { url: receiver.url })).body;
    const delivery = (await me.client.post(`/webhooks/${hook.id}/test`)).body;
    expect((await them.client.get('/webhooks')).body).toEqual([]);
    expectError(await them.client.patch(`/webhooks/${hook.id}`, { enabled: false }), 404, 'not_found');
    expectError(await them.client.delete(`/webhooks/${hook.id}`), 404, 'not_found');
    expectError(await them.client.post(`/webhooks/${hook.id}/test`), 404, 'not_found');
    expectError(await them.client.post(`/webhooks/${hook.id}/rotate-secret`), 404, 'not_found');
    expectError(await them.client.get(`/webhooks/${hook.id}/deliveries`), 404, 'not_found');
    expectError(await them.client.post(`/webhooks/deliveries/${delivery.id}/retry`), 404, 'not_found');
    expectError(await them.client.post(`/webhooks/deliveries/not-a-uuid/retry`), 404, 'not_found');
    expectError(await me.client.patch(`/webhooks/not-a-uuid`, { enabled: false }), 404, 'not_found');
    expect((await me.client.delete(`/webhooks/${hook.id}`)).status).toBe(200);
    expectError(await me.client.delete(`/webhooks/${hook.id}`), 404, 'not_found');
  });

  it('needs credentials', async () => {
    expectError(await me.client.withToken(null).get('/webhooks'), 401, 'unauthorized');
  });
});

describe('GraphQL', () => {
  it('creates, lists, changes, tests, retries, rotates and deletes, as REST does', async () => {
    const created = await me.client.gql(ops.CreateWebhookDocument, { input: { url: receiver.url, events: ['task_opened'], description: 'Dialer' } });
    expect(created.errors).toBeUndefined();
    const hook = created.data!.createWebhook;
    expect(hook).toMatchObject({ url: receiver.url, events: ['task_opened'], description: 'Dialer', enabled: true, secret: expect.stringMatching(/^whsec_/) });
    const listed = await me.client.gql(ops.WebhooksDocument);
    expect(listed.data!.webhooks.find((w) => w.id === hook.id)).toMatchObject({ url: receiver.url, events: ['task_opened'] });
    expect((await me.client.request('POST', '/graphql', { query: '{ webhooks { id secret } }' })).body.errors[0].extensions.code).toBe('bad_request');

    const kinds = await me.client.gql(ops.WebhookEventKindsDocument);
    expect(kinds.data!.webhookEventKinds.map((k) => k.kind)).toEqual([...EVENT_KINDS]);

    const updated = await me.client.gql(ops.UpdateWebhookDocument, { id: hook.id, input: { events: [], description: null } });
    expect(updated.data!.updateWebhook).toMatchObject({ events: [], description: null });

    receiver.respond = () => 500;
    const before = receiver.received.length;
    const tested = await me.client.gql(ops.TestWebhookDocument, { id: hook.id });
    expect(tested.data!.testWebhook).toMatchObject({ event: 'webhook_test', status: 'pending', attempts: 1, responseStatus: 500 });
    verifyWebhook(hook.secret, receiver.received[before]!);

    receiver.respond = () => 200;
    const retried = await me.client.gql(ops.RetryWebhookDeliveryDocument, { id: tested.data!.testWebhook.id });
    expect(retried.data!.retryWebhookDelivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });

    const log = await me.client.gql(ops.WebhookDeliveriesDocument, { id: hook.id, query: { limit: 10 } });
    expect(log.data!.webhookDeliveries).toMatchObject({ total: 1, items: [{ id: tested.data!.testWebhook.id, status: 'delivered' }] });

    const rotated = await me.client.gql(ops.RotateWebhookSecretDocument, { id: hook.id });
    expect(rotated.data!.rotateWebhookSecret.secret).not.toBe(hook.secret);

    const deleted = await me.client.gql(ops.DeleteWebhookDocument, { id: hook.id });
    expect(deleted.data!.deleteWebhook).toEqual({ deleted: true });
  });

  it('refuses the same input with the same codes as REST', async () => {
    const bad = await me.client.gql(ops.CreateWebhookDocument, { input: { url: 'ftp://example.com' } });
    expect(bad.errors![0]!.extensions!.code).toBe('validation_failed');
    const kind = await me.client.gql(ops.CreateWebhookDocument, { input: { url: 'https://example.com', events: ['nope'] } });
    expect(kind.errors![0]!.extensions!.code).toBe('validation_failed');
    const tests = await me.client.gql(ops.CreateWebhookDocument, { input: { url: 'https://example.com/tests', events: ['webhook_test'] } });
    expect(tests.errors).toBeUndefined();
    expect(tests.data!.createWebhook.events).toEqual(['webhook_test']);
    await me.client.gql(ops.DeleteWebhookDocument, { id: tests.data!.createWebhook.id });
    const hook = (await me.client.post('/webhooks', { url: receiver.url })).body;
    const theirs = await them.client.gql(ops.UpdateWebhookDocument, { id: hook.id, input: { enabled: false } });
    expect(theirs.errors![0]!.extensions!.code).toBe('not_found');
    const log = await them.client.gql(ops.WebhookDeliveriesDocument, { id: hook.id });
    expect(log.errors![0]!.extensions!.code).toBe('not_found');
    const owner = await signUp(guarded.url);
    const priv = await owner.client.gql(ops.CreateWebhookDocument, { input: { url: 'http://127.0.0.1/x' } });
    expect(priv.errors![0]!.extensions!.code).toBe('address_not_allowed');
    await me.client.delete(`/webhooks/${hook.id}`);
  });
});
