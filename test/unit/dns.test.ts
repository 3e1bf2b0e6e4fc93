// src/net/dns.ts: every look-up ends within its deadline whatever the servers do, and at once when its
// signal aborts, against a DNS server that drops every query (a UDP port that never answers). Each
// resolver here would itself wait a minute per try: only the deadline or the signal can end the look-up
// before the test's own timeout.
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createResolver } from '../../src/net/dns';

let dropper: dgram.Socket;
let queries = 0;
let server: string;

beforeAll(async () => {
  dropper = dgram.createSocket('udp4');
  dropper.on('message', () => queries++);
  await new Promise<void>((resolve) => dropper.bind(0, '127.0.0.1', resolve));
  server = `127.0.0.1:${(dropper.address() as AddressInfo).port}`;
});
afterAll(() => dropper.close());

it('gives up a look-up the server never answers at its deadline, with ETIMEOUT', async () => {
  const resolver = createResolver([server], { timeoutMs: 60_000, tries: 1, deadlineMs: 300 });
  try {
    await expect(resolver.resolveMx('dropped.example')).rejects.toMatchObject({ code: 'ETIMEOUT', hostname: 'dropped.example' });
  } finally {
    resolver.cancel();
  }
}, 20_000);

it('ends a look-up at once when its signal aborts, with the signal’s reason', async () => {
  const resolver = createResolver([server], { timeoutMs: 60_000, tries: 1, deadlineMs: 60_000 });
  try {
    const stop = new AbortController();
    const before = queries;
    const lookup = resolver.resolveTxt('dropped.example', { signal: stop.signal });
    while (queries === before) await new Promise((r) => setTimeout(r, 10));
    const reason = new Error('stopping');
    stop.abort(reason);
    await expect(lookup).rejects.toBe(reason);
    // Already aborted: refused before asking.
    await expect(resolver.resolve4('other.example', { signal: stop.signal })).rejects.toBe(reason);
  } finally {
    resolver.cancel();
  }
}, 20_000);
