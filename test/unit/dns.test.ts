// src/net/dns.ts: every look-up ends within its deadline whatever the servers do, and at once when its
// signal aborts, against DNS servers that drop every query (UDP ports that never answer). Left to the
// resolver, a look-up through three such servers with two tries takes about 40 s: only the deadline or
// the signal can end one before the test's own timeout.
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createResolver } from '../../src/net/dns';

const droppers: dgram.Socket[] = [];
let queries = 0;
let servers: string[];

beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    const socket = dgram.createSocket('udp4');
    socket.on('message', () => queries++);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    droppers.push(socket);
  }
  servers = droppers.map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`);
});
afterAll(() => droppers.forEach((s) => s.close()));

it('gives up a look-up no server answers at its deadline, with ETIMEOUT', async () => {
  const resolver = createResolver(servers, { timeoutMs: 5_000, tries: 2, deadlineMs: 300 });
  try {
    await expect(resolver.resolveMx('dropped.example')).rejects.toMatchObject({ code: 'ETIMEOUT', hostname: 'dropped.example' });
  } finally {
    resolver.cancel();
  }
}, 15_000);

it('ends a look-up at once when its signal aborts, with the signal’s reason', async () => {
  const resolver = createResolver(servers, { timeoutMs: 5_000, tries: 2, deadlineMs: 60_000 });
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
}, 15_000);
