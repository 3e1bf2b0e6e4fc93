// decisions.md §12 Idempotency: a REST POST, PUT, PATCH or DELETE with an Idempotency-Key (1–255
// characters) runs once per workspace and key for 24 h; a repeat answers the first answer with
// `Idempotent-Replayed: true`; another request with the key is 422 `idempotency_key_reused`; a repeat
// while the first runs is 409 `idempotency_key_in_use`; 4xx answers are kept, 5xx are not.
import { randomUUID } from 'node:crypto';
import { fingerprint, IdempotencyKeys, keepsAnswer, LEASE_MS } from '../../src/contracts/idempotency/idempotency-keys';
import { deleteExpiredKeys } from '../../src/contracts/idempotency/idempotency.queries';
import { expectError, signUp, type Account, type Reply } from '../support/client';
import { startTestService } from '../support/service';
import { startWebhookReceiver } from '../support/webhook-receiver';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;

beforeAll(async () => {
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  me = await signUp(service.url);
});
afterAll(() => service?.stop());

const sql = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

const withKey = (account: Account, method: string, path: string, key: string, body?: unknown) => account.client.request(method, `/api${path}`, body, { 'idempotency-key': key });

const replayed = (res: Reply) => res.headers.get('idempotent-replayed');

async function campaignsNamed(account: Account, name: string): Promise<number> {
  const list = await account.client.get('/campaigns');
  return (list.body as { name: string }[]).filter((c) => c.name === name).length;
}

describe('a repeat', () => {
  it('answers the first answer with Idempotent-Replayed: true, and the work is done once', async () => {
    const key = randomUUID();
    const name = `Once ${key}`;
    const first = await withKey(me, 'POST', '/campaigns', key, { name });
    expect(first.status).toBe(200);
    expect(replayed(first)).toBeNull();
    const again = await withKey(me, 'POST', '/campaigns', key, { name });
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await campaignsNamed(me, name)).toBe(1);
  });

  it('is the same request whatever the order of its body’s keys', async () => {
    const made = await me.client.post('/campaigns', { name: `Order ${randomUUID()}` });
    const key = randomUUID();
    const first = await withKey(me, 'PATCH', `/campaigns/${made.body.id}`, key, { daily_limit: 10, timezone: 'Europe/Paris' });
    const again = await withKey(me, 'PATCH', `/campaigns/${made.body.id}`, key, { timezone: 'Europe/Paris', daily_limit: 10 });
    expect(first.status).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('of PATCH and DELETE replays too (a second DELETE is not a 404)', async () => {
    const made = await me.client.post('/campaigns', { name: `Doomed ${randomUUID()}` });
    const patchKey = randomUUID();
    const patched = await withKey(me, 'PATCH', `/campaigns/${made.body.id}`, patchKey, { daily_limit: 7 });
    expect(patched.status).toBe(200);
    expect(replayed(await withKey(me, 'PATCH', `/campaigns/${made.body.id}`, patchKey, { daily_limit: 7 }))).toBe('true');

    const key = randomUUID();
    const gone = await withKey(me, 'DELETE', `/campaigns/${made.body.id}`, key);
    expect(gone.status).toBe(200);
    const again = await withKey(me, 'DELETE', `/campaigns/${made.body.id}`, key);
    expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({ status: 200, body: gone.body, replayed: 'true' });
    expectError(await me.client.delete(`/campaigns/${made.body.id}`), 404, 'not_found');
  });

  it('of a 4xx answers the same refusal (kept like any answer)', async () => {
    const key = randomUUID();
    const refused = await withKey(me, 'POST', '/campaigns', key, { name: '' });
    expectError(refused, 400, 'validation_failed');
    const again = await withKey(me, 'POST', '/campaigns', key, { name: '' });
    expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({ status: 400, body: refused.body, replayed: 'true' });
    // A 404 of an unknown route too.
    const lost = randomUUID();
    expectError(await withKey(me, 'POST', '/no-such-thing', lost, {}), 404, 'route_not_found');
    expect(replayed(await withKey(me, 'POST', '/no-such-thing', lost, {}))).toBe('true');
  });
});

describe('another request with the key', () => {
  it.each([
    ['another body', 'POST', '/campaigns', { name: 'B' }],
    ['another path', 'POST', '/lead-lists', { name: 'A' }],
    ['another method', 'PUT', '/campaigns', { name: 'A' }],
  ])('is 422 idempotency_key_reused: %s', async (_what, method, path, body) => {
    const key = randomUUID();
    expect((await withKey(me, 'POST', '/campaigns', key, { name: 'A' })).status).toBe(200);
    expectError(await withKey(me, method, path, key, body), 422, 'idempotency_key_reused');
  });

  it("of another credential of the workspace is 422 and never gets the first answer: a read-only key cannot replay an owner's new API key (secret stored sealed)", async () => {
    // A replay answers before the route checks who may call it: the caller is part of what makes two
    // requests the same.
    const reader = await me.client.post('/settings/api-keys', { name: 'reader', scopes: ['leads:read'] });
    const readerClient = me.client.withToken(reader.body.key);
    const key = randomUUID();
    const first = await withKey(me, 'POST', '/settings/api-keys', key, { name: `ci ${key}` });
    expect(first.status).toBe(201);
    const token = first.body.key as string;
    const again = await readerClient.request('POST', '/api/settings/api-keys', { name: `ci ${key}` }, { 'idempotency-key': key });
    expectError(again, 422, 'idempotency_key_reused');
    expect(JSON.stringify(again.body)).not.toContain(token);
    // The owner's own repeat is still a replay.
    const mine = await withKey(me, 'POST', '/settings/api-keys', key, { name: `ci ${key}` });
    expect([mine.status, replayed(mine), mine.body.key]).toEqual([201, 'true', token]);
    // The stored answer holds the token sealed with SECRET_KEY, not as text.
    const [row] = await sql(`select response_body from idempotency_key where workspace_id = ? and key = ?`, [me.workspaceId, key]);
    expect(String(row.response_body)).not.toContain(token);
  });

  it('of another workspace is its own: the same key runs once in each', async () => {
    const other = await signUp(service.url);
    const key = randomUUID();
    const name = `Shared key ${key}`;
    const mine = await withKey(me, 'POST', '/campaigns', key, { name });
    const theirs = await withKey(other, 'POST', '/campaigns', key, { name });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect([replayed(mine), replayed(theirs)]).toEqual([null, null]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect([await campaignsNamed(me, name), await campaignsNamed(other, name)]).toEqual([1, 1]);
  });
});

describe('while the first runs', () => {
  it('a repeat is 409 idempotency_key_in_use, another request 422; once it answers, repeats replay it, and it ran once', async () => {
    const receiver = await startWebhookReceiver();
    try {
      receiver.respond = () => 'hang';
      const hook = await me.client.post('/webhooks', { url: receiver.url, events: ['webhook_test'] });
      expect(hook.status).toBe(201);
      const key = randomUUID();
      const first = withKey(me, 'POST', `/webhooks/${hook.body.id}/test`, key, {});
      await receiver.waitFor(1);
      expectError(await withKey(me, 'POST', `/webhooks/${hook.body.id}/test`, key, {}), 409, 'idempotency_key_in_use');
      expectError(await withKey(me, 'POST', `/webhooks/${hook.body.id}/rotate-secret`, key, {}), 422, 'idempotency_key_reused');
      await receiver.stop(); // the receiver hangs up: the test delivery ends (failed) and is answered
      const answered = await first;
      expect(answered.status).toBe(200);
      const again = await withKey(me, 'POST', `/webhooks/${hook.body.id}/test`, key, {});
      expect({ status: again.status, body: again.body, replayed: replayed(again) }).toEqual({ status: 200, body: answered.body, replayed: 'true' });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop().catch(() => undefined);
    }
  });

  it('goes on when its client hangs up: a retry meanwhile is 409, after it a replay of its answer', async () => {
    const receiver = await startWebhookReceiver();
    try {
      receiver.respond = () => 'hang';
      const hook = await me.client.post('/webhooks', { url: receiver.url, events: ['webhook_test'] });
      const key = randomUUID();
      const path = `/api/webhooks/${hook.body.id}/test`;
      const hangUp = new AbortController();
      const first = fetch(`${service.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: '{}',
        signal: hangUp.signal,
      }).catch(() => 'hung up');
      await receiver.waitFor(1);
      hangUp.abort();
      expect(await first).toBe('hung up');
      expectError(await withKey(me, 'POST', `/webhooks/${hook.body.id}/test`, key, {}), 409, 'idempotency_key_in_use');
      await receiver.stop(); // the delivery ends; the request answers its closed connection
      let again = await withKey(me, 'POST', `/webhooks/${hook.body.id}/test`, key, {});
      for (let i = 0; again.status === 409 && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 50));
        again = await withKey(me, 'POST', `/webhooks/${hook.body.id}/test`, key, {});
      }
      expect({ status: again.status, replayed: replayed(again) }).toEqual({ status: 200, replayed: 'true' });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop().catch(() => undefined);
    }
  });

  it('two identical requests at once do the work once', async () => {
    const key = randomUUID();
    const name = `Twins ${key}`;
    const answers = await Promise.all([withKey(me, 'POST', '/campaigns', key, { name }), withKey(me, 'POST', '/campaigns', key, { name })]);
    // The second arrives while the first runs (409) or after it answered (a replay).
    const ran = answers.filter((a) => a.status === 200 && replayed(a) === null);
    expect(ran).toHaveLength(1);
    for (const a of answers.filter((x) => x !== ran[0])) {
      if (a.status === 409) expectError(a, 409, 'idempotency_key_in_use');
      else expect({ status: a.status, body: a.body, replayed: replayed(a) }).toEqual({ status: 200, body: ran[0].body, replayed: 'true' });
    }
    expect(await campaignsNamed(me, name)).toBe(1);
  });

  it('of a process that died does not hold the key: the repeat runs', async () => {
    const key = randomUUID();
    const name = `Orphan ${key}`;
    const fp = fingerprint(`user:${me.userId}`, 'POST', '/api/campaigns', { name });
    const now = service.deps.clock.now();
    // Claimed by a process that is gone (no owner lock under its name), its lease time still running.
    await sql(
      `insert into idempotency_key (workspace_id, key, fingerprint, state, lease_holder, lease_until, created_at, expires_at) values (?, ?, ?, 'running', 'gone-host:1:dead', ?, ?, ?)`,
      [me.workspaceId, key, fp, new Date(now.getTime() + LEASE_MS), now, new Date(now.getTime() + 86_400_000)],
    );
    const res = await withKey(me, 'POST', '/campaigns', key, { name });
    expect({ status: res.status, replayed: replayed(res) }).toEqual({ status: 200, replayed: null });
    expect(await campaignsNamed(me, name)).toBe(1);

    // The same claim held by this (live) process is in use.
    const held = randomUUID();
    await sql(`insert into idempotency_key (workspace_id, key, fingerprint, state, lease_holder, lease_until, created_at, expires_at) values (?, ?, ?, 'running', ?, ?, ?, ?)`, [
      me.workspaceId,
      held,
      fp,
      service.deps.owner.name,
      new Date(now.getTime() + LEASE_MS),
      now,
      new Date(now.getTime() + 86_400_000),
    ]);
    expectError(await withKey(me, 'POST', '/campaigns', held, { name }), 409, 'idempotency_key_in_use');
  });
});

describe('what is kept', () => {
  it('keeps 4xx and 2xx answers, not 5xx or 429 (the key is freed for a retry), nor answers over 1 MB', () => {
    const a = (status: number, body = '{}') => ({ status, headers: {}, body });
    expect([200, 201, 400, 404, 409, 422].map((s) => keepsAnswer(a(s)))).toEqual([true, true, true, true, true, true]);
    expect([429, 500, 503].map((s) => keepsAnswer(a(s)))).toEqual([false, false, false]);
    expect(keepsAnswer(a(200, 'x'.repeat(1_000_001)))).toBe(false);
  });

  it('frees the key of a 5xx: the next request with it runs', async () => {
    const keys = new IdempotencyKeys(service.deps);
    const key = randomUUID();
    const fp = fingerprint(`user:${me.userId}`, 'POST', '/api/campaigns', { name: 'x' });
    const first = await keys.begin(me.workspaceId, key, fp);
    expect(first.kind).toBe('run');
    if (first.kind === 'run') await first.finish({ status: 500, headers: {}, body: '{}' });
    expect((await sql(`select count(*)::int as n from idempotency_key where workspace_id = ? and key = ?`, [me.workspaceId, key]))[0].n).toBe(0);
    const second = await keys.begin(me.workspaceId, key, fp);
    expect(second.kind).toBe('run');
    if (second.kind === 'run') await second.finish({ status: 201, headers: { location: '/x' }, body: '{"ok":true}' });
    expect(await keys.begin(me.workspaceId, key, fp)).toEqual({ kind: 'replay', answer: { status: 201, headers: { location: '/x' }, body: '{"ok":true}' } });
  });

  it('expires after 24 h: the key then runs a request again, and expired keys are deleted', async () => {
    const key = randomUUID();
    const name = `Day ${key}`;
    expect((await withKey(me, 'POST', '/campaigns', key, { name })).status).toBe(200);
    await sql(`update idempotency_key set created_at = created_at - interval '24 hours', expires_at = expires_at - interval '24 hours' where workspace_id = ? and key = ?`, [
      me.workspaceId,
      key,
    ]);
    const later = await withKey(me, 'POST', '/campaigns', key, { name });
    expect({ status: later.status, replayed: replayed(later) }).toEqual({ status: 200, replayed: null });
    expect(await campaignsNamed(me, name)).toBe(2);

    await sql(`update idempotency_key set expires_at = now() - interval '1 second' where workspace_id = ? and key = ?`, [me.workspaceId, key]);
    expect(await deleteExpiredKeys(service.deps.orm.em.fork(), new Date(), 100_000)).toBeGreaterThanOrEqual(1);
    expect(await sql(`select 1 from idempotency_key where workspace_id = ? and key = ?`, [me.workspaceId, key])).toHaveLength(0);
  });
});

describe('the header', () => {
  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
  ])('is 400 validation_failed when %s', async (_what, key) => {
    const res = await withKey(me, 'POST', '/campaigns', key, { name: `Bad key ${randomUUID()}` });
    const error = expectError(res, 400, 'validation_failed');
    expect(error.details).toEqual({ fields: { 'Idempotency-Key': ['must be 1 to 255 characters'] } });
  });

  it('of 255 characters is taken', async () => {
    const key = `${randomUUID()}${'k'.repeat(219)}`;
    expect(key).toHaveLength(255);
    expect((await withKey(me, 'POST', '/campaigns', key, { name: `Long key ${key.slice(0, 8)}` })).status).toBe(200);
    expect(replayed(await withKey(me, 'POST', '/campaigns', key, { name: `Long key ${key.slice(0, 8)}` }))).toBe('true');
  });

  it('is refused with a CSV or multipart upload (400), whose bytes are streamed to the import', async () => {
    const campaign = await me.client.post('/campaigns', { name: `CSV ${randomUUID()}` });
    const csv = await me.client.request('POST', `/api/campaigns/${campaign.body.id}/leads`, 'email\na@example.com\n', {
      'content-type': 'text/csv',
      'idempotency-key': randomUUID(),
    });
    expect(expectError(csv, 400, 'validation_failed').details).toEqual({ fields: { 'Idempotency-Key': ['only with a JSON body'] } });
    const form = new FormData();
    form.append('file', new Blob(['email\nb@example.com\n'], { type: 'text/csv' }), 'leads.csv');
    const multipart = await me.client.request('POST', `/api/campaigns/${campaign.body.id}/leads`, form, { 'idempotency-key': randomUUID() });
    expectError(multipart, 400, 'validation_failed');
    // Nothing was imported.
    expect((await me.client.get(`/campaigns/${campaign.body.id}/leads`)).headers.get('x-total-count')).toBe('0');
  });

  it('is ignored on GET and without credentials (sign-up has no workspace to keep it under)', async () => {
    const key = randomUUID();
    const get = await me.client.request('GET', '/api/campaigns', undefined, { 'idempotency-key': key });
    expect({ status: get.status, replayed: replayed(get) }).toEqual({ status: 200, replayed: null });
    const body = { email: `idem-${key}@example.com`, password: 'long enough pw', workspace_name: 'W' };
    const signup = await me.client.withToken(null).request('POST', '/api/auth/signup', body, { 'idempotency-key': key });
    expect({ status: signup.status, replayed: replayed(signup) }).toEqual({ status: 201, replayed: null });
    expectError(await me.client.withToken(null).request('POST', '/api/auth/signup', body, { 'idempotency-key': key }), 409, 'email_taken');
  });
});

it('is documented in the API reference on every change made with credentials and a JSON body', async () => {
  const doc = (await me.client.get('/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: { $ref?: string }[]; security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>>;
    components: { parameters: Record<string, { in: string; name: string; schema: Record<string, unknown> }> };
  };
  expect(doc.components.parameters.IdempotencyKey).toMatchObject({ in: 'header', name: 'Idempotency-Key', schema: { minLength: 1, maxLength: 255 } });
  const takes = (op: { parameters?: { $ref?: string }[] }) => (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
  const changes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({ name: `${m} ${path}`, op })),
  );
  expect(changes.length).toBeGreaterThan(40);
  for (const { name, op } of changes) {
    const csvOnly = op.requestBody && !op.requestBody.content['application/json'];
    const anonymous = Array.isArray(op.security) && op.security.length === 0;
    expect({ name, takes: takes(op) }).toEqual({ name, takes: !csvOnly && !anonymous });
  }
  expect(takes(doc.paths['/campaigns'].post)).toBe(true);
  expect(takes(doc.paths['/auth/signup'].post)).toBe(false);
  expect(takes(doc.paths['/campaigns/{id}/leads'].post)).toBe(false);
});
