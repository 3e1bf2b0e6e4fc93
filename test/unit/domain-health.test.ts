// The domain health checks (api.md Inboxes rule 4, decisions.md §5) against a real DNS server on
// loopback serving zones that cover every status of every check.
import type { Resolver } from 'node:dns/promises';
import { createResolver, type DnsResolver } from '../../src/net/dns';
import { checkDomain, checkDomains, COMMON_DKIM_SELECTORS, type CheckKey, type DomainCheck } from '../../src/modules/inboxes/domain-health';
import { startDnsServer, type RunningDnsServer, type Zone } from '../support/dns-server';

const KEY = 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDwIRP';

/** A domain that passes every check; `overrides` replace whole names. */
function domain(name: string, overrides: Zone = {}): Zone {
  return {
    [name]: { TXT: ['google-site-verification=abc', 'v=spf1 include:_spf.example.net -all'], MX: [{ exchange: `mx1.${name}`, priority: 10 }] },
    [`mx1.${name}`]: { A: ['192.0.2.10'] },
    [`google._domainkey.${name}`]: { TXT: [KEY] },
    [`_dmarc.${name}`]: { TXT: ['v=DMARC1; p=reject; rua=mailto:reports@example.net'] },
    ...overrides,
  };
}

const txtAndMx = (name: string, txt: (string | string[])[]) => ({ [name]: { TXT: txt, MX: [{ exchange: `mx1.${name}`, priority: 10 }] } });

const zone: Zone = {
  ...domain('good.test'),
  // SPF
  ...domain('spf-none.test', txtAndMx('spf-none.test', ['some-other=record'])),
  ...domain('spf-two.test', txtAndMx('spf-two.test', ['v=spf1 -all', 'v=spf1 include:x.test ~all'])),
  ...domain('spf-plus.test', txtAndMx('spf-plus.test', ['v=spf1 ip4:192.0.2.0/24 +all'])),
  ...domain('spf-bare-all.test', txtAndMx('spf-bare-all.test', ['v=spf1 a mx all'])),
  ...domain('spf-neutral.test', txtAndMx('spf-neutral.test', ['v=spf1 include:x.test ?all'])),
  ...domain('spf-soft.test', txtAndMx('spf-soft.test', ['v=spf1 include:x.test ~all'])),
  ...domain('spf-noall.test', txtAndMx('spf-noall.test', ['v=spf1 include:x.test'])),
  ...domain('spf-redirect.test', txtAndMx('spf-redirect.test', ['v=spf1 redirect=_spf.x.test'])),
  ...domain('spf-split.test', txtAndMx('spf-split.test', [['v=spf1 include:a.test ', 'include:b.test -all']])),
  ...domain('spf-google.test', {
    'spf-google.test': { TXT: [], MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] },
  }),
  // DKIM
  ...domain('dkim-custom.test', { 'google._domainkey.dkim-custom.test': {}, 'sel2024._domainkey.dkim-custom.test': { TXT: [KEY] } }),
  ...domain('dkim-common.test', { 'google._domainkey.dkim-common.test': {}, 's1._domainkey.dkim-common.test': { TXT: [[KEY.slice(0, 20), KEY.slice(20)]] } }),
  ...domain('dkim-revoked.test', { 'google._domainkey.dkim-revoked.test': { TXT: ['v=DKIM1; k=rsa; p='] } }),
  ...domain('dkim-none.test', { 'google._domainkey.dkim-none.test': {} }),
  ...domain('dkim-error.test', { 'google._domainkey.dkim-error.test': { servfail: true } }),
  // DMARC
  ...domain('dmarc-none.test', { '_dmarc.dmarc-none.test': {} }),
  ...domain('dmarc-monitor.test', { '_dmarc.dmarc-monitor.test': { TXT: ['v=DMARC1; p=none; rua=mailto:r@x.test'] } }),
  ...domain('dmarc-quarantine.test', { '_dmarc.dmarc-quarantine.test': { TXT: ['v=DMARC1;p=Quarantine;pct=100'] } }),
  ...domain('dmarc-two.test', { '_dmarc.dmarc-two.test': { TXT: ['v=DMARC1; p=reject', 'v=DMARC1; p=none'] } }),
  ...domain('dmarc-nop.test', { '_dmarc.dmarc-nop.test': { TXT: ['v=DMARC1; rua=mailto:r@x.test'] } }),
  ...domain('dmarc-error.test', { '_dmarc.dmarc-error.test': { servfail: true } }),
  ...domain('mail.parent.test', { '_dmarc.mail.parent.test': {} }),
  '_dmarc.parent.test': { TXT: ['v=DMARC1; p=quarantine'] },
  // MX
  ...domain('mx-none.test', { 'mx-none.test': { TXT: ['v=spf1 -all'] } }),
  ...domain('mx-null.test', { 'mx-null.test': { TXT: ['v=spf1 -all'], MX: [{ exchange: '', priority: 0 }] } }),
  ...domain('mx-error.test', { 'mx-error.test': { servfail: true } }),
  // Blocklists (the public lists' zones, served by the test server)
  ...domain('dbl-listed.test'),
  'dbl-listed.test.dbl.spamhaus.org': { A: ['127.0.1.2'] },
  ...domain('ip-listed.test', { 'mx1.ip-listed.test': { A: ['192.0.2.99'] } }),
  '99.2.0.192.zen.spamhaus.org': { A: ['127.0.0.2', '127.0.0.4'] },
  '99.2.0.192.bl.spamcop.net': { A: ['127.0.0.2'] },
  ...domain('refused.test'),
  'refused.test.dbl.spamhaus.org': { A: ['127.255.255.254'] },
  ...domain('uribl-refused.test'),
  'uribl-refused.test.multi.uribl.com': { A: ['127.0.0.1'] },
  ...domain('bl-error.test', { 'mx1.bl-error.test': { A: ['192.0.2.77'] } }),
  '77.2.0.192.b.barracudacentral.org': { servfail: true },
  ...domain('hijacked.test'),
  'hijacked.test.multi.surbl.org': { A: ['198.51.100.1'] },
  // Whole-domain failures
  ...domain('timeout.test', { 'timeout.test': { drop: true }, '_dmarc.timeout.test': { drop: true } }),
};

let dns: RunningDnsServer;
let resolver: DnsResolver;

beforeAll(async () => {
  dns = await startDnsServer(zone);
  resolver = createResolver([dns.server], { timeoutMs: 400, tries: 1 });
});
afterAll(() => dns.stop());

async function run(name: string, selector?: string): Promise<Record<CheckKey, DomainCheck>> {
  const checks = await checkDomain(resolver, name, { selector, timeoutMs: 2000 });
  return Object.fromEntries(checks.map((c) => [c.key, c])) as Record<CheckKey, DomainCheck>;
}

describe('every check', () => {
  it('comes in key order with labels, and fix is null exactly for ok checks', async () => {
    for (const name of ['good.test', 'spf-none.test', 'dkim-revoked.test', 'refused.test', 'mx-error.test']) {
      const checks = await checkDomain(resolver, name, { timeoutMs: 2000 });
      expect(checks.map((c) => c.key)).toEqual(['spf', 'dkim', 'dmarc', 'mx', 'blocklist']);
      for (const c of checks) {
        expect(c.label).toEqual(expect.any(String));
        expect(['ok', 'warn', 'fail', 'unknown']).toContain(c.status);
        expect(c.detail.length).toBeGreaterThan(10);
        if (c.status === 'ok') expect(c.fix).toBeNull();
        else expect(c.fix).toEqual(expect.stringMatching(/\w{3,}/));
      }
    }
  });

  it('passes a healthy domain, every look-up through the given server', async () => {
    const r = await run('good.test');
    expect(Object.values(r).map((c) => [c.key, c.status])).toEqual([
      ['spf', 'ok'],
      ['dkim', 'ok'],
      ['dmarc', 'ok'],
      ['mx', 'ok'],
      ['blocklist', 'ok'],
    ]);
    expect(r.spf.value).toBe('v=spf1 include:_spf.example.net -all');
    expect(r.dkim.value).toBe('google');
    expect(r.dmarc.value).toBe('v=DMARC1; p=reject; rua=mailto:reports@example.net');
    expect(r.mx.value).toBe('10 mx1.good.test');
    expect(r.blocklist.value).toBeNull();
    const asked = dns.queries.map((q) => `${q.type} ${q.name}`);
    expect(asked).toEqual(expect.arrayContaining(['TXT good.test', 'MX good.test', 'TXT _dmarc.good.test', 'A good.test.dbl.spamhaus.org', 'A 10.2.0.192.zen.spamhaus.org']));
  });
});

describe('SPF', () => {
  it.each([
    ['spf-none.test', 'fail', null],
    ['spf-two.test', 'fail', 'v=spf1 -all | v=spf1 include:x.test ~all'],
    ['spf-plus.test', 'warn', 'v=spf1 ip4:192.0.2.0/24 +all'],
    ['spf-bare-all.test', 'warn', 'v=spf1 a mx all'],
    ['spf-neutral.test', 'warn', 'v=spf1 include:x.test ?all'],
    ['spf-noall.test', 'warn', 'v=spf1 include:x.test'],
    ['spf-soft.test', 'ok', 'v=spf1 include:x.test ~all'],
    ['spf-redirect.test', 'ok', 'v=spf1 redirect=_spf.x.test'],
    ['spf-split.test', 'ok', 'v=spf1 include:a.test include:b.test -all'],
  ])('%s → %s', async (name, status, value) => {
    const { spf } = await run(name);
    expect({ status: spf.status, value: spf.value }).toEqual({ status, value });
  });

  it('tells how to fix each problem', async () => {
    expect((await run('spf-none.test')).spf.fix).toMatch(/TXT record at spf-none\.test: "v=spf1 .* ~all"/);
    expect((await run('spf-two.test')).spf.fix).toMatch(/Merge them into one/);
    expect((await run('spf-plus.test')).spf.fix).toMatch(/Replace \+all with ~all/);
    expect((await run('spf-neutral.test')).spf.fix).toMatch(/Replace \?all/);
  });

  it('names the provider include when the MX shows the provider', async () => {
    expect((await run('spf-google.test')).spf.fix).toContain('include:_spf.google.com');
  });

  it('is unknown when the TXT look-up fails, and when it times out', async () => {
    const failed = (await run('mx-error.test')).spf;
    expect(failed.status).toBe('unknown');
    expect(failed.detail).toMatch(/ESERVFAIL/);
    const late = (await run('timeout.test')).spf;
    expect(late.status).toBe('unknown');
    expect(late.detail).toMatch(/timed out|ETIMEOUT/);
  });
});

describe('DKIM', () => {
  it('finds the key at the selector given', async () => {
    const { dkim } = await run('dkim-custom.test', 'sel2024');
    expect(dkim).toMatchObject({ status: 'ok', value: 'sel2024', fix: null });
    expect(dkim.detail).toContain('sel2024._domainkey.dkim-custom.test');
  });

  it('falls back to the common selectors (a key split over several strings)', async () => {
    const { dkim } = await run('dkim-common.test');
    expect(dkim).toMatchObject({ status: 'ok', value: 's1' });
    const withWrongSelector = (await run('dkim-common.test', 'nothere')).dkim;
    expect(withWrongSelector).toMatchObject({ status: 'ok', value: 's1' });
    expect(withWrongSelector.detail).toContain('nothere');
  });

  it('tries the given selector first, then every common one', async () => {
    const before = dns.queries.length;
    await run('dkim-none.test', 'first');
    const dkimQueries = dns.queries
      .slice(before)
      .filter((q) => q.name.endsWith('._domainkey.dkim-none.test'))
      .map((q) => q.name.split('.')[0]);
    expect(dkimQueries.sort()).toEqual(['first', ...COMMON_DKIM_SELECTORS].sort());
  });

  it('fails a revoked key (empty p=)', async () => {
    const { dkim } = await run('dkim-revoked.test');
    expect(dkim).toMatchObject({ status: 'fail', value: 'google' });
    expect(dkim.detail).toMatch(/revoked/);
  });

  it('warns when no common selector has a key and none was given; fails when the given one has none', async () => {
    const guess = (await run('dkim-none.test')).dkim;
    expect(guess).toMatchObject({ status: 'warn', value: null });
    expect(guess.fix).toMatch(/selector/);
    const given = (await run('dkim-none.test', 'mine')).dkim;
    expect(given).toMatchObject({ status: 'fail', value: null });
    expect(given.fix).toContain('mine._domainkey.dkim-none.test');
  });

  it('is unknown when a look-up failed and no key was found', async () => {
    expect((await run('dkim-error.test')).dkim.status).toBe('unknown');
  });
});

describe('DMARC', () => {
  it.each([
    ['dmarc-none.test', 'fail', null],
    ['dmarc-monitor.test', 'warn', 'v=DMARC1; p=none; rua=mailto:r@x.test'],
    ['dmarc-quarantine.test', 'ok', 'v=DMARC1;p=Quarantine;pct=100'],
    ['good.test', 'ok', 'v=DMARC1; p=reject; rua=mailto:reports@example.net'],
    ['dmarc-two.test', 'fail', 'v=DMARC1; p=reject | v=DMARC1; p=none'],
    ['dmarc-nop.test', 'fail', 'v=DMARC1; rua=mailto:r@x.test'],
    ['dmarc-error.test', 'unknown', null],
  ])('%s → %s', async (name, status, value) => {
    const { dmarc } = await run(name);
    expect({ status: dmarc.status, value: dmarc.value }).toEqual({ status, value });
  });

  it('gives the record to publish when there is none, and the next step for p=none', async () => {
    expect((await run('dmarc-none.test')).dmarc.fix).toMatch(/TXT record at _dmarc\.dmarc-none\.test: "v=DMARC1; p=none/);
    expect((await run('dmarc-monitor.test')).dmarc.fix).toMatch(/p=quarantine/);
  });

  it("uses the parent domain's record for a subdomain without one", async () => {
    const { dmarc } = await run('mail.parent.test');
    expect(dmarc).toMatchObject({ status: 'ok', value: 'v=DMARC1; p=quarantine' });
    expect(dmarc.detail).toContain('_dmarc.parent.test');
  });
});

describe('MX', () => {
  it.each([
    ['good.test', 'ok', '10 mx1.good.test'],
    ['mx-none.test', 'fail', null],
    ['mx-null.test', 'fail', '0 .'],
    ['mx-error.test', 'unknown', null],
  ])('%s → %s', async (name, status, value) => {
    const { mx } = await run(name);
    expect({ status: mx.status, value: mx.value }).toEqual({ status, value });
  });
});

describe('blocklists', () => {
  it('fails a domain on a domain blocklist, naming the list', async () => {
    const { blocklist } = await run('dbl-listed.test');
    expect(blocklist).toMatchObject({ status: 'fail', value: 'dbl.spamhaus.org' });
    expect(blocklist.detail).toContain('Spamhaus DBL');
    expect(blocklist.fix).toMatch(/removal/);
  });

  it("fails when an MX host's address is on an IP blocklist", async () => {
    const { blocklist } = await run('ip-listed.test');
    expect(blocklist).toMatchObject({ status: 'fail', value: 'zen.spamhaus.org, bl.spamcop.net' });
    expect(blocklist.detail).toContain('192.0.2.99');
  });

  it.each([
    ['refused.test', 'Spamhaus "query refused" (127.255.255.x)'],
    ['uribl-refused.test', 'URIBL "query refused" (127.0.0.1)'],
    ['bl-error.test', 'a failed look-up'],
    ['hijacked.test', 'an answer outside 127/8 (a rewriting resolver)'],
  ])('is unknown, not listed, for %s: %s', async (name) => {
    const { blocklist } = await run(name);
    expect(blocklist).toMatchObject({ status: 'unknown', value: null });
    expect(blocklist.fix).toMatch(/DNS_SERVERS/);
  });

  it('checks only the domain lists when the domain has no MX', async () => {
    const before = dns.queries.length;
    const { blocklist } = await run('mx-none.test');
    expect(blocklist.status).toBe('ok');
    expect(dns.queries.slice(before).filter((q) => q.name.endsWith('zen.spamhaus.org'))).toEqual([]);
  });
});

describe('failures and time limits', () => {
  it('answers unknown (never throws) when the DNS server does not answer, within the time limit', async () => {
    // The resolver itself would wait 5 s: the checks' own deadline must cut it short.
    const patient = createResolver([dns.server], { timeoutMs: 5000, tries: 1 });
    const started = Date.now();
    const r = await checkDomain(patient, 'timeout.test', { timeoutMs: 800 });
    // Under the resolver's own 5 s, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(4000);
    // The cut-short queries would otherwise wait out the resolver's 5 s after the file is done.
    (patient as Resolver).cancel();
    expect(r.find((c) => c.key === 'spf')!.status).toBe('unknown');
    expect(r.find((c) => c.key === 'mx')!.status).toBe('unknown');
    expect(r.find((c) => c.key === 'dmarc')!.status).toBe('unknown');
  });

  it('answers unknown for every check when no DNS server listens', async () => {
    const nowhere = createResolver(['127.0.0.1:9'], { timeoutMs: 200, tries: 1 });
    const r = await checkDomain(nowhere, 'good.test', { timeoutMs: 1000 });
    expect(r.map((c) => c.status)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
  });

  it('checks several domains and keeps their order', async () => {
    const reports = await checkDomains(resolver, ['spf-none.test', 'good.test', 'mx-none.test'], { timeoutMs: 2000 }, 2);
    expect(reports.map((r) => [r.domain, r.checks.find((c) => c.key === 'spf')!.status])).toEqual([
      ['spf-none.test', 'fail'],
      ['good.test', 'ok'],
      ['mx-none.test', 'ok'],
    ]);
  });
});
