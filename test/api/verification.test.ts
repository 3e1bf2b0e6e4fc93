// Lead providers from MX after imports (decisions.md §5 Provider from MX), POST /campaigns/:id/verify,
// POST /campaigns/:id/verify-addresses and GET /campaigns/:id/verification (api.md "Checks, preview,
// diagnostics" rules 3 and 4), over REST and GraphQL, against a DNS server and a NeverBounce-style
// verifier on loopback. The service runs without its job runner: the tests see what was queued
// (DeferredJobQueue.held) and run the job's work themselves.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/runtime/clock';
import type { DeferredJobQueue } from '../../src/runtime/job-queue';
import { guardedHttp } from '../../src/net/http-client';
import { createVerifierClient } from '../../src/net/verifier-client';
import { ADDRESS_CHECK_JOB, checkCampaignAddresses } from '../../src/modules/verification/address-check.job';
import { providersOf, STORE_EVERY } from '../../src/modules/verification/provider-lookup';
import { lookUpLeadProviders, PROVIDER_LOOKUP_JOB } from '../../src/modules/verification/provider-lookup.job';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startDnsServer, type RunningDnsServer, type Zone } from '../support/dns-server';
import { AnswerChecker, fetchOpenApi, operations } from '../support/openapi';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

const KEY = 'nb_secret_key_42';

const zone: Zone = {
  'gmail-hosted.test': {
    MX: [
      { exchange: 'aspmx.l.google.com', priority: 1 },
      { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
    ],
  },
  'googlemail-hosted.test': { MX: [{ exchange: 'gmail-smtp-in.l.googlemail.com', priority: 10 }] },
  'ms-hosted.test': { MX: [{ exchange: 'ms-hosted-test.mail.protection.outlook.com', priority: 0 }] },
  'own-mx.test': { MX: [{ exchange: 'mx1.own-mx.test', priority: 10 }] },
  // A domain without MX records (NODATA), one publishing a null MX (RFC 7505), and no-such.test is not
  // in the zone at all (NXDOMAIN): none of them receives mail.
  'no-mx.test': { A: ['192.0.2.1'] },
  'null-mx.test': { MX: [{ exchange: '', priority: 0 }] },
  'broken.test': { servfail: true },
};

/** A clock the tests move by hand. */
let now = new Date('2030-06-03T09:00:00.000Z');
const clock: Clock = { now: () => new Date(now.getTime()) };

let dns: RunningDnsServer;
let verifier: http.Server;
let verifierUrl: string;
const checked: string[] = [];
/** Addresses the verifier fails for now (HTTP 502), until taken out. */
const failing = new Set<string>();
let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  dns = await startDnsServer(zone);
  // NeverBounce v4 single check: the address's local part (before any "+") is the result answered;
  // "slow" never answers in time.
  verifier = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://verifier.test');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/v4/single/check') return json(404, {});
    if (url.searchParams.get('key') !== KEY) return json(200, { status: 'auth_failure', message: 'Invalid API key' });
    const email = url.searchParams.get('email') ?? '';
    checked.push(email);
    if (failing.has(email)) return json(502, { message: 'bad gateway' });
    const local = email.split('@')[0]!.split('+')[0]!;
    if (local === 'slow') return void setTimeout(() => json(200, { status: 'success', result: 'valid' }), 1_500);
    json(200, { status: 'success', result: local });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifierUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}`;
  service = await startTestService({ env: { DNS_SERVERS: dns.server, ALLOW_PRIVATE_FETCH: 'true', VERIFIER_URL: verifierUrl }, clock });
});
afterAll(async () => {
  await service?.stop();
  await dns?.stop();
  verifier?.closeAllConnections();
  await new Promise<void>((resolve) => verifier?.close(() => resolve()));
});

const held = () => (service.deps.jobs as DeferredJobQueue).held;

async function campaignOf(client: Client, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/campaigns', { name: `Verify ${randomUUID()}` });
  expect(res.status).toBe(200);
  if (Object.keys(fields).length) expect((await client.patch(`/campaigns/${res.body.id}`, fields)).status).toBe(200);
  return res.body.id as string;
}

async function addLeads(client: Client, campaignId: string, emails: string[]) {
  const res = await client.post(`/campaigns/${campaignId}/leads/manual`, { leads: emails.map((email) => ({ email })) });
  expect(res.status).toBe(200);
  return res.body;
}

async function leadsBy(
  client: Client,
  campaignId: string,
): Promise<Record<string, { provider: string | null; verification: string | null; status: string; stopReason: string | null; verifiedAt: string | null }>> {
  const res = await client.get(`/campaigns/${campaignId}/leads?limit=100`);
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body as { email: string }[]).map((l) => [l.email, l])) as never;
}

const mxQueries = (from: number) => dns.queries.slice(from).filter((q) => q.type === 'MX');

it('answers in the shapes the OpenAPI document gives (POST verify, against this DNS server)', async () => {
  const doc = await fetchOpenApi(service.url);
  const checker = new AnswerChecker(doc);
  const op = operations(doc).find((o) => o.method.toUpperCase() === 'POST' && o.path === '/campaigns/{id}/verify')!;
  const a = await signUp(service.url);
  const campaignId = await campaignOf(a.client);
  await addLeads(a.client, campaignId, ['shape@own-mx.test', 'shape@no-mx.test']);
  const res = await a.client.post(`/campaigns/${campaignId}/verify`);
  expect(checker.check(op, res.status, res.body)).toEqual([]);
  expect(checker.check(op, 404, (await a.client.post(`/campaigns/${randomUUID()}/verify`)).body)).toEqual([]);
});

describe('provider look-up after imports', () => {
  it('queues a job with ids only, then sets each lead provider from its domain MX, one query per domain', async () => {
    const a = await signUp(service.url);
    const campaignId = await campaignOf(a.client);
    const inbox = await createInbox(service, a.workspaceId, { email: `sender-${randomUUID().slice(0, 6)}@gmail-hosted.test` });
    await addLeads(a.client, campaignId, [
      'one@gmail-hosted.test',
      'two@gmail-hosted.test',
      'three@googlemail-hosted.test',
      'four@ms-hosted.test',
      'five@own-mx.test',
      'six@no-mx.test',
      'seven@null-mx.test',
      'eight@no-such.test',
      'nine@broken.test',
    ]);
    const job = held().at(-1)!;
    expect(job).toEqual({ name: PROVIDER_LOOKUP_JOB, data: { workspaceId: a.workspaceId, campaignId } });
    // Nothing looked up yet: the import does not wait for DNS.
    expect(Object.values(await leadsBy(a.client, campaignId)).every((l) => l.provider === null)).toBe(true);

    const before = dns.queries.length;
    const report = await lookUpLeadProviders(service.deps, job.data as never);
    expect(report).toEqual({ domains: 8, asked: 8, leads: 9 });
    const asked = mxQueries(before).map((q) => q.name);
    expect(asked.sort()).toEqual(['broken.test', 'gmail-hosted.test', 'googlemail-hosted.test', 'ms-hosted.test', 'no-mx.test', 'no-such.test', 'null-mx.test', 'own-mx.test']);

    const leads = await leadsBy(a.client, campaignId);
    expect(Object.fromEntries(Object.entries(leads).map(([email, l]) => [email, l.provider]))).toEqual({
      'one@gmail-hosted.test': 'provider_a',
      'two@gmail-hosted.test': 'provider_a',
      'three@googlemail-hosted.test': 'provider_a',
      'four@ms-hosted.test': 'provider_b',
      'five@own-mx.test': 'other',
      'six@no-mx.test': 'none',
      'seven@null-mx.test': 'none',
      'eight@no-such.test': 'none',
      'nine@broken.test': 'unknown',
    });
    // The workspace's inbox got its provider on the way (provider matching pairs the two).
    const [row] = await service.deps.orm.em.fork().getConnection().execute(`select provider from inbox where id = ?`, [inbox.id]);
    expect(row.provider).toBe('provider_a');

    // The lead list's provider filter works on these values (REST and GraphQL).
    const filtered = await a.client.get(`/campaigns/${campaignId}/leads?provider=provider_a`);
    expect(filtered.headers.get('x-total-count')).toBe('3');
    expect((await a.client.get(`/campaigns/${campaignId}/leads?provider=none`)).headers.get('x-total-count')).toBe('3');
    expect((await a.client.get(`/campaigns/${campaignId}/leads?provider=unchecked`)).headers.get('x-total-count')).toBe('0');
    const gql = await a.client.gql(ops.LeadsDocument, { campaignId, query: { provider: 'provider_b' } });
    expect(gql.data?.leads.items.map((l) => l.email)).toEqual(['four@ms-hosted.test']);
  });

  it('asks DNS nothing for domains the workspace looked up within the week, and again after it', async () => {
    const a = await signUp(service.url);
    const first = await campaignOf(a.client);
    await addLeads(a.client, first, ['a@gmail-hosted.test', 'b@ms-hosted.test', 'c@own-mx.test']);
    await lookUpLeadProviders(service.deps, held().at(-1)!.data as never);

    // The second import's leads show their providers at once (their domains are known): the look-up
    // after it asks DNS only about the new domain.
    const second = await campaignOf(a.client);
    const before = dns.queries.length;
    await addLeads(a.client, second, ['d@gmail-hosted.test', 'e@ms-hosted.test', 'f@own-mx.test', 'g@own-mx.test', 'h@new-domain.test']);
    expect(Object.values(await leadsBy(a.client, second)).map((l) => l.provider)).toEqual(['provider_a', 'provider_b', 'other', 'other', null]);
    expect(await lookUpLeadProviders(service.deps, held().at(-1)!.data as never)).toEqual({ domains: 4, asked: 1, leads: 1 });
    expect(mxQueries(before).map((q) => q.name)).toEqual(['new-domain.test']);

    // Another workspace has a cache of its own.
    const b = await signUp(service.url);
    const theirs = await campaignOf(b.client);
    await addLeads(b.client, theirs, ['h@gmail-hosted.test']);
    expect(await lookUpLeadProviders(service.deps, held().at(-1)!.data as never)).toMatchObject({ asked: 1 });

    // Eight days on, the cache is stale: asked again.
    now = new Date(now.getTime() + 8 * 86_400_000);
    const third = await campaignOf(a.client);
    await addLeads(a.client, third, ['i@gmail-hosted.test']);
    expect(await lookUpLeadProviders(service.deps, held().at(-1)!.data as never)).toMatchObject({ asked: 1, leads: 1 });
  });

  it('keeps a provider per domain: every lead on it shows it, in lists, filters and GraphQL, without a lead row written', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const campaignId = await campaignOf(a.client);
    zone['moving.test'] = { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] };
    try {
      await addLeads(a.client, campaignId, ['p1@moving.test', 'p2@moving.test', 'p3@own-mx.test']);
      // A provider pinned on a lead (written before providers were kept per domain) wins over its domain's.
      const [pinned] = await createLeads(service, a.workspaceId, campaignId, [{ email: 'pinned@moving.test', provider: 'provider_b' }]);
      const total = async (client: Client, path: string) => (await client.get(path)).headers.get('x-total-count');
      expect(await total(a.client, `/campaigns/${campaignId}/leads?provider=unchecked`)).toBe('3');
      await lookUpLeadProviders(service.deps, held().at(-1)!.data as never);

      const expected = { 'p1@moving.test': 'provider_a', 'p2@moving.test': 'provider_a', 'p3@own-mx.test': 'other', 'pinned@moving.test': 'provider_b' };
      const shown = async () => Object.fromEntries(Object.entries(await leadsBy(a.client, campaignId)).map(([email, l]) => [email, l.provider]));
      expect(await shown()).toEqual(expected);
      // The look-up wrote the domains, not the leads.
      const conn = service.deps.orm.em.fork().getConnection();
      expect(await conn.execute(`select email from lead where campaign_id = ? and provider is not null`, [campaignId])).toEqual([{ email: 'pinned@moving.test' }]);
      // The campaign list, the workspace list and GraphQL filter and total on them.
      expect(await total(a.client, `/campaigns/${campaignId}/leads?provider=provider_a`)).toBe('2');
      expect(await total(a.client, `/campaigns/${campaignId}/leads?provider=provider_b`)).toBe('1');
      expect(await total(a.client, `/campaigns/${campaignId}/leads?provider=unchecked`)).toBe('0');
      expect(await total(a.client, `/campaigns/${campaignId}/leads?provider=other&status=pending`)).toBe('1');
      const listed = await a.client.get(`/leads?provider=provider_a`);
      expect([listed.headers.get('x-total-count'), (listed.body as { email: string }[]).map((l) => l.email).sort()]).toEqual(['2', ['p1@moving.test', 'p2@moving.test']]);
      const gql = await a.client.gql(ops.LeadsDocument, { campaignId, query: { provider: 'provider_a' } });
      expect([gql.data?.leads.total, gql.data?.leads.items.map((l) => l.provider)]).toEqual([2, ['provider_a', 'provider_a']]);
      const one = await a.client.gql(ops.LeadDocument, { id: pinned!.id });
      expect(one.data?.lead.provider).toBe('provider_b');

      // Another workspace's look-ups are not its own: the same domain is unchecked there until it looks.
      const theirs = await campaignOf(b.client);
      await addLeads(b.client, theirs, ['q@moving.test']);
      expect((await leadsBy(b.client, theirs))['q@moving.test']!.provider).toBeNull();
      expect(await total(b.client, `/leads?provider=provider_a`)).toBe('0');

      // The domain moves to another host: the next look-up after the week reaches every lead on it.
      zone['moving.test'] = { MX: [{ exchange: 'moving-test.mail.protection.outlook.com', priority: 0 }] };
      now = new Date(now.getTime() + 8 * 86_400_000);
      await lookUpLeadProviders(service.deps, { workspaceId: a.workspaceId, campaignId });
      expect(await shown()).toEqual({ ...expected, 'p1@moving.test': 'provider_b', 'p2@moving.test': 'provider_b' });
      // A look-up that fails keeps the domain's last answer rather than turning its leads `unknown`.
      zone['moving.test'] = { servfail: true };
      now = new Date(now.getTime() + 8 * 86_400_000);
      expect(await lookUpLeadProviders(service.deps, { workspaceId: a.workspaceId, campaignId })).toMatchObject({ asked: 2 });
      expect((await shown())['p1@moving.test']).toBe('provider_b');
    } finally {
      delete zone['moving.test'];
    }
  });

  it('stores answers as they come: a long look-up has stored its earlier answers before its last one', async () => {
    const a = await signUp(service.url);
    const domains = Array.from({ length: 2 * STORE_EVERY + 5 }, (_, i) => `d${i}.stream.test`);
    const last = domains.at(-1)!;
    const conn = service.deps.orm.em.fork().getConnection();
    const storedCount = async () => (await conn.execute(`select count(*)::int as n from domain_provider where workspace_id = ?`, [a.workspaceId]))[0].n as number;
    let seenBeforeLast = -1;
    const resolver = {
      resolveMx: async (domain: string) => {
        if (domain === last) {
          // The last answer waits (a bounded while) for the first two thousand to be in the table.
          for (let waited = 0; waited < 5_000 && (await storedCount()) < 2 * STORE_EVERY; waited += 20) await new Promise((r) => setTimeout(r, 20));
          seenBeforeLast = await storedCount();
        }
        return [{ exchange: 'aspmx.l.google.com', priority: 1 }];
      },
    };
    const { asked, providers } = await providersOf({ dns: resolver as never, clock: service.deps.clock }, service.deps.orm.em.fork(), a.workspaceId, domains);
    expect(asked).toHaveLength(domains.length);
    expect(seenBeforeLast).toBe(2 * STORE_EVERY);
    expect(await storedCount()).toBe(domains.length);
    expect(providers.get(last)).toBe('provider_a');
  });

  it('is safe to run twice and ignores a campaign of another workspace', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const campaignId = await campaignOf(a.client);
    await addLeads(a.client, campaignId, ['x@own-mx.test']);
    const data = held().at(-1)!.data as { workspaceId: string; campaignId: string };
    await lookUpLeadProviders(service.deps, data);
    expect(await lookUpLeadProviders(service.deps, data)).toEqual({ domains: 1, asked: 0, leads: 0 });
    const other = await campaignOf(b.client);
    await addLeads(b.client, other, ['y@own-mx.test']);
    expect(await lookUpLeadProviders(service.deps, { workspaceId: a.workspaceId, campaignId: other })).toEqual({ domains: 0, asked: 0, leads: 0 });
    expect((await leadsBy(b.client, other))['y@own-mx.test']!.provider).toBeNull();
  });
});

describe('POST /campaigns/:id/verify', () => {
  it('marks the leads still due mail on domains without a mail server invalid, and stops them', async () => {
    const a = await signUp(service.url);
    const campaignId = await campaignOf(a.client);
    await addLeads(a.client, campaignId, [
      'ok1@gmail-hosted.test',
      'ok2@own-mx.test',
      'bad1@no-mx.test',
      'bad2@no-mx.test',
      'bad3@null-mx.test',
      'bad4@no-such.test',
      'fail@broken.test',
    ]);
    // A lead that replied is not due mail: not checked, not marked.
    await createLeads(service, a.workspaceId, campaignId, [{ email: 'replied@no-such.test', status: 'replied', stopReason: 'replied' }]);

    const res = await a.client.post(`/campaigns/${campaignId}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ domains_checked: 6, bad_domains: 3, leads_checked: 7, marked_invalid: 4 });
    const leads = await leadsBy(a.client, campaignId);
    for (const email of ['bad1@no-mx.test', 'bad2@no-mx.test', 'bad3@null-mx.test', 'bad4@no-such.test']) {
      expect(leads[email]).toMatchObject({ verification: 'invalid', status: 'stopped', stopReason: 'invalid', verifiedAt: now.toISOString(), provider: 'none' });
    }
    for (const email of ['ok1@gmail-hosted.test', 'ok2@own-mx.test', 'fail@broken.test']) expect(leads[email]).toMatchObject({ verification: null, status: 'pending' });
    expect(leads['fail@broken.test']!.provider).toBe('unknown');
    expect(leads['replied@no-such.test']).toMatchObject({ verification: null, status: 'replied' });

    // Again: the marked leads are no longer due mail, and the domains come from the cache.
    const before = dns.queries.length;
    const again = await a.client.gql(ops.VerifyCampaignDocument, { id: campaignId });
    expect(again.data?.verifyCampaign).toEqual({ domainsChecked: 3, badDomains: 0, leadsChecked: 3, markedInvalid: 0 });
    expect(mxQueries(before).map((q) => q.name)).toEqual(['broken.test']);

    const counts = await a.client.get(`/campaigns/${campaignId}/verification`);
    expect(counts.body).toMatchObject({ invalid: 4, skipped_invalid: 4, unchecked: 4 });
  });

  it('answers 404 for an unknown id or another workspace, over both doors', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const theirs = await campaignOf(b.client);
    expectError(await a.client.post(`/campaigns/${theirs}/verify`), 404, 'not_found');
    expectError(await a.client.post('/campaigns/not-a-uuid/verify'), 404, 'not_found');
    const gql = await a.client.gql(ops.VerifyCampaignDocument, { id: theirs });
    expect(gql.errors?.[0]?.extensions?.code).toBe('not_found');
    expectError(await new Client(service.url).post(`/campaigns/${theirs}/verify`), 401, 'unauthorized');
  });
});

describe('POST /campaigns/:id/verify-addresses', () => {
  async function withKey(): Promise<Account> {
    const a = await signUp(service.url);
    expect((await a.client.put('/settings/verification-key', { key: KEY })).status).toBe(200);
    return a;
  }

  it('refuses with 400 verification_key_required until an owner saved a key, over both doors', async () => {
    const a = await signUp(service.url);
    const campaignId = await campaignOf(a.client);
    await addLeads(a.client, campaignId, ['someone@own-mx.test']);
    const err = expectError(await a.client.post(`/campaigns/${campaignId}/verify-addresses`), 400, 'verification_key_required');
    expect(err.message).toMatch(/verification-key/);
    const gql = await a.client.gql(ops.VerifyCampaignAddressesDocument, { id: campaignId });
    expect(gql.errors?.[0]?.extensions?.code).toBe('verification_key_required');
    // Nothing was held.
    expect((await a.client.get(`/campaigns/${campaignId}/verification`)).body).toMatchObject({ pending: 0, unchecked: 1 });
  });

  it('holds each unchecked lead still due mail as pending and maps the verifier answers (decisions.md §5)', async () => {
    const a = await withKey();
    const campaignId = await campaignOf(a.client);
    const tag = randomUUID().slice(0, 8);
    const at = (local: string) => `${local}+${tag}@own-mx.test`;
    await addLeads(a.client, campaignId, ['valid', 'invalid', 'disposable', 'catchall', 'unknown'].map(at));
    await createLeads(service, a.workspaceId, campaignId, [
      { email: at('valid-done'), status: 'completed' },
      { email: at('checked'), verification: 'valid', verifiedAt: new Date(now.getTime() - 1000) },
    ]);

    const res = await a.client.post(`/campaigns/${campaignId}/verify-addresses`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ marked: 5 });
    expect(held().at(-1)).toEqual({ name: ADDRESS_CHECK_JOB, data: { workspaceId: a.workspaceId, campaignId } });
    let leads = await leadsBy(a.client, campaignId);
    expect(leads[at('valid')]!.verification).toBe('pending');
    expect(leads[at('valid-done')]!.verification).toBeNull();
    expect((await a.client.get(`/campaigns/${campaignId}/verification`)).body).toMatchObject({ pending: 5, valid: 1, unchecked: 1 });

    expect(await checkCampaignAddresses(service.deps, held().at(-1)!.data as never, { perSecond: 1000 })).toEqual({ checked: 5, failed: 0, expired: 0 });
    leads = await leadsBy(a.client, campaignId);
    expect(Object.fromEntries(['valid', 'invalid', 'disposable', 'catchall', 'unknown'].map((l) => [l, leads[at(l)]!.verification]))).toEqual({
      valid: 'valid',
      invalid: 'invalid',
      disposable: 'risky',
      catchall: 'risky',
      unknown: 'unknown',
    });
    expect(leads[at('invalid')]).toMatchObject({ status: 'stopped', stopReason: 'invalid', verifiedAt: now.toISOString() });
    expect(leads[at('disposable')]).toMatchObject({ status: 'pending', stopReason: null });

    const counts = { pending: 0, valid: 2, invalid: 1, risky: 2, unknown: 1, expired: 0, unchecked: 1, skipped_invalid: 1, skipped_risky: 2, skipped_catch_all: 1 };
    expect((await a.client.get(`/campaigns/${campaignId}/verification`)).body).toEqual(counts);
    const gql = await a.client.gql(ops.CampaignVerificationDocument, { id: campaignId });
    expect(gql.data?.campaignVerification).toEqual({
      pending: 0,
      valid: 2,
      invalid: 1,
      risky: 2,
      unknown: 1,
      expired: 0,
      unchecked: 1,
      skippedInvalid: 1,
      skippedRisky: 2,
      skippedCatchAll: 1,
    });
    // With skipRisky off, risky leads are sent to: not skipped.
    expect((await a.client.patch(`/campaigns/${campaignId}`, { skip_risky: false })).status).toBe(200);
    expect((await a.client.get(`/campaigns/${campaignId}/verification`)).body).toMatchObject({ skipped_invalid: 1, skipped_risky: 0, skipped_catch_all: 0 });

    // A second call finds nothing unchecked left but the completed lead's… which is not due mail.
    expect((await a.client.gql(ops.VerifyCampaignAddressesDocument, { id: campaignId })).data?.verifyCampaignAddresses).toEqual({ marked: 0 });
  });

  it('keeps a lead pending when the verifier errors or times out, retries it, and expires it after a day', async () => {
    const a = await withKey();
    const campaignId = await campaignOf(a.client);
    const tag = randomUUID().slice(0, 8);
    const ok = `valid+${tag}@own-mx.test`;
    const down = `valid+down-${tag}@own-mx.test`;
    const slow = `slow+${tag}@own-mx.test`;
    await addLeads(a.client, campaignId, [ok, down, slow]);
    failing.add(down);
    expect((await a.client.post(`/campaigns/${campaignId}/verify-addresses`)).body).toEqual({ marked: 3 });
    const data = held().at(-1)!.data as { workspaceId: string; campaignId: string };
    // The service's own verifier (VERIFIER_URL), with a short deadline so the slow address times out.
    const quick = createVerifierClient(guardedHttp({ allowPrivateFetch: true }), verifierUrl, { timeoutMs: 300 });

    expect(await checkCampaignAddresses(service.deps, data, { perSecond: 1000, verifier: quick })).toEqual({ checked: 1, failed: 2, expired: 0 });
    let leads = await leadsBy(a.client, campaignId);
    expect([leads[ok]!.verification, leads[down]!.verification, leads[slow]!.verification]).toEqual(['valid', 'pending', 'pending']);
    expect((await a.client.get(`/campaigns/${campaignId}/verification`)).body).toMatchObject({ pending: 2, valid: 1 });

    // The next pass asks the two again (the valid one is not asked twice); the verifier is back for one.
    failing.delete(down);
    checked.length = 0;
    expect(await checkCampaignAddresses(service.deps, data, { perSecond: 1000, verifier: quick })).toEqual({ checked: 1, failed: 1, expired: 0 });
    expect(checked.sort()).toEqual([down, slow].sort());

    // A day after the hold started, the lead waiting on a verifier that never answers in time counts as
    // expired at once, and the next pass writes it so.
    now = new Date(now.getTime() + 86_400_000);
    expect((await a.client.get(`/campaigns/${campaignId}/verification`)).body).toMatchObject({ pending: 0, expired: 1, valid: 2 });
    checked.length = 0;
    expect(await checkCampaignAddresses(service.deps, data, { perSecond: 1000, verifier: quick })).toEqual({ checked: 0, failed: 0, expired: 1 });
    expect(checked).toEqual([]);
    leads = await leadsBy(a.client, campaignId);
    expect(leads[slow]!.verification).toBe('expired');
    // An expired lead can be sent to the verifier again.
    expect((await a.client.post(`/campaigns/${campaignId}/verify-addresses`)).body).toEqual({ marked: 1 });
  });

  it('keeps workspaces apart and answers 404 for an unknown campaign', async () => {
    const a = await withKey();
    const b = await signUp(service.url);
    const theirs = await campaignOf(b.client);
    await addLeads(b.client, theirs, ['valid@own-mx.test']);
    expectError(await a.client.post(`/campaigns/${theirs}/verify-addresses`), 404, 'not_found');
    expectError(await a.client.get(`/campaigns/${theirs}/verification`), 404, 'not_found');
    expectError(await a.client.get(`/campaigns/${randomUUID()}/verification`), 404, 'not_found');
    const gql = await a.client.gql(ops.CampaignVerificationDocument, { id: theirs });
    expect(gql.errors?.[0]?.extensions?.code).toBe('not_found');
    // A forged job run for another workspace's campaign does nothing.
    expect(await checkCampaignAddresses(service.deps, { workspaceId: a.workspaceId, campaignId: theirs })).toEqual({ checked: 0, failed: 0, expired: 0 });
    expect((await b.client.get(`/campaigns/${theirs}/verification`)).body).toMatchObject({ unchecked: 1, pending: 0 });
  });
});
