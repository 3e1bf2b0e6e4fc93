// GET /mailboxes/domain-health (api.md Inboxes rule 4, decisions.md §5) and GraphQL domainHealth, with
// the service's DNS_SERVERS pointing at a DNS server on loopback.
import type { Clock } from '../../src/runtime/clock';
import { retryAfterSeconds } from '../../src/modules/inboxes/rate-limit';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { createInbox } from '../support/factories/inbox.factory';
import { startTestService } from '../support/service';
import { peerWorkLimit, type PeerWork } from '../../src/security/peer-work';
import * as ops from '../graphql/generated';

const KEY = 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDwIRP';

const zone = {
  'alpha.test': { TXT: ['v=spf1 include:_spf.example.net -all'], MX: [{ exchange: 'mx.alpha.test', priority: 10 }] },
  'mx.alpha.test': { A: ['192.0.2.10'] },
  'google._domainkey.alpha.test': { TXT: [KEY] },
  'custom._domainkey.alpha.test': { TXT: [KEY] },
  '_dmarc.alpha.test': { TXT: ['v=DMARC1; p=reject'] },
  // beta.test: SPF allows everyone, DKIM only at a custom selector, DMARC monitoring only, no MX.
  'beta.test': { TXT: ['v=spf1 +all'] },
  'sel9._domainkey.beta.test': { TXT: [KEY] },
  '_dmarc.beta.test': { TXT: ['v=DMARC1; p=none'] },
  'broken.test': { servfail: true },
  '_dmarc.broken.test': { servfail: true },
  'other-workspace.test': { TXT: ['v=spf1 -all'] },
};

/** Frozen time that tests move by hand (the rate-limit window is measured with the service clock). */
let now = new Date('2030-03-01T09:00:00.000Z');
const clock: Clock = { now: () => new Date(now.getTime()) };
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

let dns: RunningDnsServer;
let service: Awaited<ReturnType<typeof startTestService>>;

/** The per-workspace cap on work waiting on peers (peer-work.ts, tested in peer-work.test.ts) is set high
 *  here, so 8 simultaneous runs meet only the rate limit whatever the machine's load (with the real cap
 *  of 4, a slow DNS answer on a loaded machine rightly refuses a fifth run that overlaps four). A test
 *  can make it refuse every run instead. */
const realPeerWork = peerWorkLimit(16);
let peerWorkRefuses = false;
const peerWork: PeerWork = {
  run: (workspaceId, fn) => (peerWorkRefuses ? peerWorkLimit(0).run(workspaceId, fn) : realPeerWork.run(workspaceId, fn)),
};

beforeAll(async () => {
  dns = await startDnsServer(zone);
  service = await startTestService({ env: { DNS_SERVERS: dns.server }, clock, ports: { peerWork } });
});
afterAll(async () => {
  await service?.stop();
  await dns?.stop();
});

async function workspaceWith(emails: string[]): Promise<Account> {
  const account = await signUp(service.url);
  for (const email of emails) await createInbox(service, account.workspaceId, { email });
  return account;
}

type Check = { key: string; label: string; status: string; detail: string; fix: string | null; value: string | null };
const statuses = (checks: Check[]) => Object.fromEntries(checks.map((c) => [c.key, c.status]));

describe('GET /mailboxes/domain-health', () => {
  it("checks each distinct sending domain of the workspace's inboxes through DNS_SERVERS", async () => {
    const a = await workspaceWith(['one@alpha.test', 'two@Alpha.Test', 'three@beta.test']);
    await createInbox(service, a.workspaceId, { email: 'gone@deleted-domain.test', deletedAt: new Date() });
    await workspaceWith(['x@other-workspace.test']);
    const before = dns.queries.length;

    const res = await a.client.get('/mailboxes/domain-health');
    expect(res.status).toBe(200);
    expect(res.body.checked_at).toBe(now.toISOString());
    expect(res.body.domains.map((d: { domain: string }) => d.domain)).toEqual(['alpha.test', 'beta.test']);
    const [alpha, beta] = res.body.domains as { domain: string; checks: Check[] }[];
    expect(alpha.checks.map((c) => c.key)).toEqual(['spf', 'dkim', 'dmarc', 'mx', 'blocklist']);
    expect(statuses(alpha.checks)).toEqual({ spf: 'ok', dkim: 'ok', dmarc: 'ok', mx: 'ok', blocklist: 'ok' });
    expect(alpha.checks[0]).toEqual({ key: 'spf', label: 'SPF', status: 'ok', detail: expect.any(String), fix: null, value: 'v=spf1 include:_spf.example.net -all' });
    expect(statuses(beta.checks)).toEqual({ spf: 'warn', dkim: 'warn', dmarc: 'warn', mx: 'fail', blocklist: 'ok' });
    for (const c of beta.checks.filter((c) => c.status !== 'ok')) expect(c.fix).toEqual(expect.any(String));

    // The answers came from the loopback server on its own port, not from the system resolver.
    const asked = dns.queries.slice(before).map((q) => q.name);
    expect(asked).toEqual(expect.arrayContaining(['alpha.test', 'beta.test', '_dmarc.alpha.test', 'alpha.test.dbl.spamhaus.org']));
    expect(asked.some((n) => n.includes('other-workspace') || n.includes('deleted-domain'))).toBe(false);
  });

  it('tries the DKIM selector given first', async () => {
    const a = await workspaceWith(['s@beta.test']);
    const res = await a.client.get('/mailboxes/domain-health?selector=sel9');
    const dkim = res.body.domains[0].checks.find((c: Check) => c.key === 'dkim');
    expect(dkim).toMatchObject({ status: 'ok', value: 'sel9', fix: null });
  });

  it('answers unknown, never 500, when look-ups fail', async () => {
    const a = await workspaceWith(['s@broken.test']);
    const res = await a.client.get('/mailboxes/domain-health');
    expect(res.status).toBe(200);
    expect(statuses(res.body.domains[0].checks)).toMatchObject({ spf: 'unknown', dmarc: 'unknown', mx: 'unknown' });
  });

  it('answers an empty list for a workspace without inboxes', async () => {
    const a = await signUp(service.url);
    const res = await a.client.get('/mailboxes/domain-health');
    expect(res.body).toEqual({ checked_at: now.toISOString(), domains: [] });
  });

  it('refuses a malformed selector with 400 (not counted as a run)', async () => {
    const a = await signUp(service.url);
    for (const bad of ['bad%20selector', 'a..b', 'x'.repeat(64)]) {
      const err = expectError(await a.client.get(`/mailboxes/domain-health?selector=${bad}`), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields)).toEqual(['selector']);
    }
    expectError(await a.client.get('/mailboxes/domain-health?selector=a&selector=b'), 400, 'validation_failed');
    for (let i = 0; i < 5; i++) expect((await a.client.get('/mailboxes/domain-health')).status).toBe(200);
  });

  it('needs credentials', async () => {
    expectError(await new Client(service.url).get('/mailboxes/domain-health'), 401, 'unauthorized');
  });
});

describe('rate limit: 5 runs per workspace per 10 minutes', () => {
  it('answers the 6th run with 429 and Retry-After until the oldest run leaves the window', async () => {
    const a = await workspaceWith(['r@alpha.test']);
    const b = await workspaceWith(['r@alpha.test']);
    for (let i = 0; i < 5; i++) {
      expect((await a.client.get('/mailboxes/domain-health')).status).toBe(200);
      advance(60);
    }
    // 5 runs at +0..+4 min; now +5 min: the first leaves the window at +10 min.
    const refused = await a.client.get('/mailboxes/domain-health');
    const err = expectError(refused, 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('300');
    expect(err.details).toEqual({ retry_after_seconds: 300 });
    expect(err.message).toMatch(/5 per 10 minutes/);

    // Another workspace has its own allowance.
    expect((await b.client.get('/mailboxes/domain-health')).status).toBe(200);

    // The refusal did not count: one second before the oldest leaves still refused, at the edge allowed.
    advance(299);
    expect((await a.client.get('/mailboxes/domain-health')).headers.get('retry-after')).toBe('1');
    advance(1);
    expect((await a.client.get('/mailboxes/domain-health')).status).toBe(200);
    // The second run (at +1 min) is now the oldest of five: full again until +11 min.
    const again = await a.client.get('/mailboxes/domain-health');
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('60');
  });

  it('lets exactly 5 of 8 simultaneous runs through', async () => {
    const a = await workspaceWith(['r@alpha.test']);
    const results = await Promise.all(Array.from({ length: 8 }, () => a.client.get('/mailboxes/domain-health')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('does not spend a run that was refused for want of a slot (429 too_many_in_flight)', async () => {
    const a = await workspaceWith(['r@alpha.test']);
    peerWorkRefuses = true;
    try {
      for (let i = 0; i < 3; i++) expectError(await a.client.get('/mailboxes/domain-health'), 429, 'too_many_in_flight');
    } finally {
      peerWorkRefuses = false;
    }
    for (let i = 0; i < 5; i++) expect((await a.client.get('/mailboxes/domain-health')).status).toBe(200);
    expectError(await a.client.get('/mailboxes/domain-health'), 429, 'rate_limited');
  });

  it('does not spend a GraphQL run that was refused for want of a slot either', async () => {
    const a = await workspaceWith(['r@alpha.test']);
    peerWorkRefuses = true;
    try {
      for (let i = 0; i < 3; i++) {
        const refused = await a.client.gql(ops.DomainHealthDocument, {});
        expect(refused.errors?.[0].extensions).toMatchObject({ code: 'too_many_in_flight', status: 429 });
      }
    } finally {
      peerWorkRefuses = false;
    }
    for (let i = 0; i < 5; i++) expect((await a.client.gql(ops.DomainHealthDocument, {})).errors).toBeUndefined();
    const limited = await a.client.gql(ops.DomainHealthDocument, {});
    expect(limited.errors?.[0].extensions).toMatchObject({ code: 'rate_limited', status: 429 });
  });

  it('counts GraphQL and REST runs together', async () => {
    const a = await workspaceWith(['r@alpha.test']);
    for (let i = 0; i < 3; i++) expect((await a.client.get('/mailboxes/domain-health')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await a.client.gql(ops.DomainHealthDocument, {})).errors).toBeUndefined();
    const refused = await a.client.gql(ops.DomainHealthDocument, {});
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'rate_limited', status: 429, details: { retry_after_seconds: 600 } });
  });

  it('computes the wait from the hit that must leave the window', () => {
    const t = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    expect(retryAfterSeconds([t(0), t(10), t(20)], 3, 60, t(30))).toBe(30);
    expect(retryAfterSeconds([t(0), t(10), t(20)], 2, 60, t(30))).toBe(40);
    expect(retryAfterSeconds([t(0)], 1, 60, t(59.5))).toBe(1);
  });
});

describe('GraphQL domainHealth', () => {
  it('returns the same report', async () => {
    const a = await workspaceWith(['g@beta.test']);
    const res = await a.client.gql(ops.DomainHealthDocument, { selector: 'sel9' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.domainHealth.checkedAt).toBe(now.toISOString());
    expect(res.data!.domainHealth.domains).toEqual([
      {
        domain: 'beta.test',
        checks: [
          expect.objectContaining({ key: 'spf', label: 'SPF', status: 'warn', value: 'v=spf1 +all', fix: expect.any(String) }),
          expect.objectContaining({ key: 'dkim', status: 'ok', value: 'sel9', fix: null }),
          expect.objectContaining({ key: 'dmarc', status: 'warn' }),
          expect.objectContaining({ key: 'mx', status: 'fail' }),
          expect.objectContaining({ key: 'blocklist', status: 'ok' }),
        ],
      },
    ]);
  });

  it("never shows another workspace's domains", async () => {
    await workspaceWith(['z@other-workspace.test']);
    const a = await workspaceWith(['g@alpha.test']);
    const res = await a.client.gql(ops.DomainHealthDocument, {});
    expect(res.data!.domainHealth.domains.map((d) => d.domain)).toEqual(['alpha.test']);
  });

  it('refuses a malformed selector', async () => {
    const a = await signUp(service.url);
    const res = await a.client.gql(ops.DomainHealthDocument, { selector: 'no spaces' });
    expect(res.errors?.[0].extensions?.code).toBe('validation_failed');
  });
});
