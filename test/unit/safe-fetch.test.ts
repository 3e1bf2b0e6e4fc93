// The SSRF guard for outbound HTTP: the address classifier, and safeFetchText against a real HTTP
// server on 127.0.0.1 (let through with allowPrivate, or with trustedAddresses to keep the guard on for
// every other address, as a redirect target must be).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { addressCategory, isHostAllowed, isPublicAddress, refusedCategory, safeFetch, safeFetchText, type SafeFetchOptions } from '../../src/net/safe-fetch';

describe('addressCategory', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['169.254.0.1', 'link_local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf::1', 'link_local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:10.0.0.1', 'private'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['2002:7f00:1::', 'loopback'],
    ['fd00:ec2::254', 'metadata'],
    ['not-an-ip', 'reserved'],
  ])('%s is %s', (ip, category) => {
    expect(addressCategory(ip)).toBe(category);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '100.63.255.255',
    '169.253.0.1',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '2001:4860::1',
  ])('%s is public', (ip) => {
    expect(addressCategory(ip)).toBeNull();
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('refusedCategory (decisions.md §10, shared with SMTP and IMAP)', () => {
  it('refuses every non-public address unless private ones are allowed', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '::1', 'fd12:3456::1', '100.64.0.1', '0.0.0.0']) {
      expect(refusedCategory(ip, false)).toBe(addressCategory(ip));
      expect(refusedCategory(ip, true)).toBeNull();
    }
    expect(refusedCategory('8.8.8.8', false)).toBeNull();
  });

  it('never lets link-local or cloud metadata addresses through, whatever ALLOW_PRIVATE_FETCH says', () => {
    for (const ip of ['169.254.169.254', '169.254.0.1', '::ffff:169.254.169.254', 'fe80::1', 'fe80::1%eth0', '64:ff9b::a9fe:a9fe']) {
      expect(refusedCategory(ip, true)).toBe('link_local');
    }
    expect(refusedCategory('fd00:ec2::254', true)).toBe('metadata');
    // Its neighbours in fd00::/8 are ordinary unique-local addresses.
    expect(refusedCategory('fd00:ec2::253', true)).toBeNull();
  });
});

describe('isHostAllowed', () => {
  it('matches the hostname exactly, ignoring case and a trailing dot, and never a subdomain or a parent', () => {
    expect(isHostAllowed('Docs.Google.COM', ['docs.google.com'])).toBe(true);
    expect(isHostAllowed('docs.google.com.', ['docs.google.com'])).toBe(true);
    expect(isHostAllowed('evil.docs.google.com', ['docs.google.com'])).toBe(false);
    expect(isHostAllowed('google.com', ['docs.google.com'])).toBe(false);
    expect(isHostAllowed('docs.google.com.evil.com', ['docs.google.com'])).toBe(false);
    expect(isHostAllowed('anything.example', undefined)).toBe(true);
  });
});

describe('safeFetchText', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const hosts: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hosts.push(req.headers.host ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      const go = (status: number, location: string) => res.writeHead(status, { location }).end();
      switch (url.pathname) {
        case '/ok':
          return void res.writeHead(200, { 'content-type': 'text/csv' }).end('\uFEFFemail,name\nana@example.com,Ana Café\n');
        case '/gzip':
          return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('email\nbo@example.com\n'));
        case '/big':
          return void res.writeHead(200).end('x'.repeat(5000));
        case '/big-chunked':
          res.writeHead(200);
          for (let i = 0; i < 10; i++) res.write('y'.repeat(1000));
          return void res.end();
        case '/gzip-bomb':
          return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(1_000_000)));
        case '/slow':
          res.writeHead(200);
          res.write('email\n');
          return; // never ends
        case '/odd-encoding':
          return void res.writeHead(200, { 'content-encoding': 'zstd-nope' }).end('???');
        case '/broken':
          res.writeHead(200, { 'content-length': '100' });
          res.write('part');
          return void setTimeout(() => res.destroy(), 50);
        case '/missing':
          return void res.writeHead(404).end('no');
        case '/redirect':
          return go(302, String(url.searchParams.get('to')));
        case '/relative':
          return go(301, '/ok');
        case '/loop':
          return go(307, `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}`);
        case '/chain': {
          const n = Number(url.searchParams.get('n'));
          return n > 0 ? go(302, `/chain?n=${n - 1}`) : void res.end('end of chain');
        }
        default:
          return void res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const open: SafeFetchOptions = { allowedHosts: ['127.0.0.1'], allowPrivate: true, maxBytes: 1000, timeoutMs: 2000 };
  // The guard stays on; only the test server's own address is trusted.
  const guarded: SafeFetchOptions = { ...open, allowPrivate: false, trustedAddresses: ['127.0.0.1'] };
  const refused = (code: string, status = 400) => expect.objectContaining({ status, code });

  it('reads a page as UTF-8 text, the byte-order mark dropped, when private addresses are allowed', async () => {
    await expect(safeFetchText(`${base}/ok`, open)).resolves.toBe('email,name\nana@example.com,Ana Café\n');
  });

  it('refuses a loopback address when private addresses are not allowed', async () => {
    await expect(safeFetchText(`${base}/ok`, { ...open, allowPrivate: false })).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText(`http://localhost:${port}/ok`, { ...open, allowedHosts: ['localhost'], allowPrivate: false })).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText(`http://[::ffff:127.0.0.1]:${port}/ok`, { ...open, allowedHosts: ['::ffff:7f00:1'], allowPrivate: false })).rejects.toEqual(
      refused('address_not_allowed'),
    );
  });

  it('refuses link-local and metadata addresses even when private addresses are allowed', async () => {
    const anyHost = { ...open, allowedHosts: undefined };
    await expect(safeFetchText('http://169.254.169.254/latest/meta-data/', anyHost)).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText('http://[fd00:ec2::254]/latest/meta-data/', anyHost)).rejects.toEqual(refused('address_not_allowed'));
    const resolve = async () => [{ address: '169.254.169.254', family: 4 as const }];
    await expect(safeFetchText('http://metadata.test/latest', { ...anyHost, resolve })).rejects.toEqual(
      expect.objectContaining({ code: 'address_not_allowed', details: { host: 'metadata.test', category: 'link_local' } }),
    );
  });

  it('refuses a host that is not allowed, before any look-up', async () => {
    const resolve = jest.fn(async () => [{ address: '127.0.0.1', family: 4 as const }]);
    await expect(safeFetchText(`http://sheets.example:${port}/ok`, { ...open, resolve })).rejects.toEqual(refused('host_not_allowed'));
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a name that resolves to a private address, and one that mixes public and private answers', async () => {
    const opts = { ...open, allowedHosts: ['sheet.test'], allowPrivate: false };
    await expect(safeFetchText(`http://sheet.test/ok`, { ...opts, resolve: async () => [{ address: '10.0.0.7', family: 4 }] })).rejects.toEqual(refused('address_not_allowed'));
    await expect(
      safeFetchText(`http://sheet.test/ok`, {
        ...opts,
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ],
      }),
    ).rejects.toEqual(refused('address_not_allowed'));
  });

  it('connects to the address it checked, with one look-up per hop (no second look-up to rebind)', async () => {
    const resolve = jest.fn(async () => [{ address: '127.0.0.1', family: 4 as const }]);
    hosts.length = 0;
    const text = await safeFetchText(`http://sheet.test:${port}/ok`, { ...open, allowedHosts: ['sheet.test'], resolve });
    expect(text).toContain('ana@example.com');
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(hosts).toEqual([`sheet.test:${port}`]); // the Host header keeps the name
  });

  it('refuses schemes other than http(s), and what is not a URL', async () => {
    for (const url of ['ftp://127.0.0.1/a.csv', 'file:///etc/passwd', 'gopher://127.0.0.1:70/', 'data:text/csv,email', 'not a url']) {
      await expect(safeFetchText(url, open)).rejects.toEqual(refused('invalid_url'));
    }
  });

  it('follows redirects, relative ones too, checking every hop', async () => {
    await expect(safeFetchText(`${base}/relative`, guarded)).resolves.toContain('ana@example.com');
    await expect(safeFetchText(`${base}/chain?n=5`, guarded)).resolves.toBe('end of chain');
  });

  it('refuses a redirect to a private, metadata or loopback address, or to another host or scheme', async () => {
    const via = (to: string) => `${base}/redirect?to=${encodeURIComponent(to)}`;
    const anyHost = { ...guarded, allowedHosts: undefined };
    await expect(safeFetchText(via('http://169.254.169.254/latest/meta-data/'), anyHost)).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText(via('http://10.0.0.1/'), anyHost)).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText(via(`http://127.0.0.2:${port}/ok`), anyHost)).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText(via(`http://[::1]:${port}/ok`), anyHost)).rejects.toEqual(refused('address_not_allowed'));
    await expect(safeFetchText(via('http://example.com/'), guarded)).rejects.toEqual(refused('host_not_allowed'));
    await expect(safeFetchText(via('file:///etc/passwd'), guarded)).rejects.toEqual(refused('invalid_url'));
  });

  it("follows a redirect into a publisher's content domain over https only, and never starts there", async () => {
    const via = (to: string) => `${base}/redirect?to=${encodeURIComponent(to)}`;
    const publisher = { ...guarded, redirectDomains: ['content.test'], resolve: async () => [{ address: '127.0.0.1', family: 4 as const }] };
    // The hop is taken (the TLS handshake with the plain-HTTP test server then fails), not refused.
    await expect(safeFetchText(via(`https://files.content.test:${port}/ok`), publisher)).rejects.toEqual(refused('fetch_failed'));
    await expect(safeFetchText(via(`https://content.test:${port}/ok`), publisher)).rejects.toEqual(refused('fetch_failed'));
    await expect(safeFetchText(via(`http://files.content.test:${port}/ok`), publisher)).rejects.toEqual(refused('host_not_allowed'));
    await expect(safeFetchText(via(`https://evilcontent.test:${port}/ok`), publisher)).rejects.toEqual(refused('host_not_allowed'));
    await expect(safeFetchText(`https://files.content.test:${port}/ok`, publisher)).rejects.toEqual(refused('host_not_allowed'));
  });

  it('stops after five redirects', async () => {
    await expect(safeFetchText(`${base}/chain?n=6`, guarded)).rejects.toEqual(refused('fetch_failed'));
    await expect(safeFetchText(`${base}/loop`, guarded)).rejects.toEqual(refused('fetch_failed'));
  });

  it('refuses an answer larger than maxBytes with 413, whether announced, streamed or compressed', async () => {
    await expect(safeFetchText(`${base}/big`, open)).rejects.toEqual(refused('fetch_too_large', 413));
    await expect(safeFetchText(`${base}/big-chunked`, open)).rejects.toEqual(refused('fetch_too_large', 413));
    await expect(safeFetchText(`${base}/gzip-bomb`, open)).rejects.toEqual(refused('fetch_too_large', 413));
    await expect(safeFetchText(`${base}/big`, { ...open, maxBytes: 5000 })).resolves.toHaveLength(5000);
  });

  it('decodes a gzip answer', async () => {
    await expect(safeFetchText(`${base}/gzip`, open)).resolves.toBe('email\nbo@example.com\n');
  });

  it('gives up at the deadline with fetch_timeout', async () => {
    const started = Date.now();
    await expect(safeFetchText(`${base}/slow`, { ...open, timeoutMs: 300 })).rejects.toEqual(refused('fetch_timeout'));
    // The answer never ends: anything short of forever shows the deadline; 5 s leaves a loaded machine room.
    expect(Date.now() - started).toBeLessThan(5000);
    // a look-up that hangs is cut off too
    const resolve = () => new Promise<never>(() => undefined);
    await expect(safeFetchText('http://sheet.test/ok', { ...open, allowedHosts: ['sheet.test'], timeoutMs: 200, resolve })).rejects.toEqual(refused('fetch_timeout'));
  });

  // Webhooks (decisions.md §8): a 2xx status within the deadline settles the request, whatever the body does.
  it('with okBody, a 2xx is settled by its status: a large, slow, broken or undecodable body is cut, not a failure', async () => {
    const okBody = { ...open, okBody: { maxBytes: 10, waitMs: 5000 } };
    for (const path of ['/big', '/big-chunked', '/gzip-bomb', '/odd-encoding', '/broken']) {
      await expect(safeFetch(`${base}${path}`, okBody)).resolves.toMatchObject({ status: 200 });
    }
    await expect(safeFetch(`${base}/big`, okBody)).resolves.toMatchObject({ text: 'xxxxxxxxxx' });
    // The body's wait is its own bound, and the deadline after the status is no failure either.
    let started = Date.now();
    await expect(safeFetch(`${base}/slow`, { ...open, okBody: { maxBytes: 10, waitMs: 200 } })).resolves.toMatchObject({ status: 200, text: 'email\n' });
    expect(Date.now() - started).toBeLessThan(2000);
    started = Date.now();
    await expect(safeFetch(`${base}/slow`, { ...okBody, timeoutMs: 300 })).resolves.toMatchObject({ status: 200 });
    expect(Date.now() - started).toBeLessThan(2000);
    // Not a 2xx: read and limited as before. And the guard still decides where it may connect.
    await expect(safeFetch(`${base}/missing`, okBody)).resolves.toMatchObject({ status: 404, text: 'no' });
    await expect(safeFetch(`${base}/big`, { ...okBody, allowPrivate: false })).rejects.toEqual(refused('address_not_allowed'));
  });

  it('answers fetch_failed for an error status, an unknown host and a refused connection', async () => {
    await expect(safeFetchText(`${base}/missing`, open)).rejects.toEqual(expect.objectContaining({ code: 'fetch_failed', details: expect.objectContaining({ status: 404 }) }));
    await expect(safeFetchText('http://no-such-host.invalid/', { ...open, allowedHosts: undefined })).rejects.toEqual(refused('fetch_failed'));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(safeFetchText(`http://127.0.0.1:${closedPort}/`, open)).rejects.toEqual(refused('fetch_failed'));
  });
});
