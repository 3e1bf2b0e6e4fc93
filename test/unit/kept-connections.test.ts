// Keep-alive sockets under the outbound guard (src/net/kept-connections.ts): a run of requests shares
// sockets, but a socket is reused only for the address the guard has just checked (a name that now
// resolves elsewhere gets a new socket, one that now resolves to a refused address is refused before any
// socket); a kept socket the peer closed as it was reused costs one more try on a new socket, not a
// failed request; close() ends every socket. Against a real HTTP server on loopback.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { KeptConnections } from '../../src/net/kept-connections';
import { safeFetch, type ResolvedAddress, type SafeFetchOptions } from '../../src/net/safe-fetch';

let server: http.Server;
let port: number;
/** Every connection accepted: the local address it came in on, how many requests it carried. */
const accepted: { local: string; requests: number; socket: Socket }[] = [];
/** Set by a test: what to do with a request arriving on a connection that carried requests before. */
let onReused: 'answer' | 'hang up' = 'answer';
let hangUpAll = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const conn = accepted.find((c) => c.socket === req.socket)!;
    conn.requests++;
    req.resume();
    req.on('end', () => {
      // A peer that drops the connection instead of answering: its keep-alive ended as the request came.
      if (hangUpAll || (conn.requests > 1 && onReused === 'hang up')) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok via ${conn.local}`);
    });
  });
  server.on('connection', (socket) => accepted.push({ local: socket.localAddress ?? '', requests: 0, socket }));
  // All of 127.0.0.0/8 is loopback on Linux: the tests reach this server at 127.0.0.1 and 127.0.0.2.
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  accepted.length = 0;
  onReused = 'answer';
  hangUpAll = false;
});

const at = (address: string): ResolvedAddress => ({ address, family: 4 });
const opts = (resolve: () => Promise<ResolvedAddress[]>, connections?: KeptConnections): SafeFetchOptions => ({
  allowPrivate: true,
  maxBytes: 1000,
  timeoutMs: 2000,
  method: 'POST',
  body: '{}',
  resolve,
  connections,
});
const post = (o: SafeFetchOptions) => safeFetch(`http://hooks.test:${port}/in`, o);
const openConnections = () => accepted.filter((c) => !c.socket.destroyed).length;

async function settle(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('KeptConnections', () => {
  it('shares a socket across a run of requests; without it every request opens its own', async () => {
    const kept = new KeptConnections(4);
    for (let i = 0; i < 10; i++) expect((await post(opts(async () => [at('127.0.0.1')], kept))).status).toBe(200);
    expect(accepted.map((c) => c.requests)).toEqual([10]);
    kept.close();

    accepted.length = 0;
    for (let i = 0; i < 10; i++) await post(opts(async () => [at('127.0.0.1')]));
    expect(accepted).toHaveLength(10);
  });

  it('at most maxSockets at once to one address', async () => {
    const kept = new KeptConnections(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(opts(async () => [at('127.0.0.1')], kept))));
    expect(answers.map((a) => a.status)).toEqual(new Array(8).fill(200));
    expect(accepted).toHaveLength(2);
    kept.close();
  });

  it('reuses a socket only for the address the guard has just checked', async () => {
    const kept = new KeptConnections(4);
    const answers: string[] = [];
    // The name moves from one address to another and back: each request goes where it was checked to go.
    for (const address of ['127.0.0.1', '127.0.0.2', '127.0.0.1', '127.0.0.2']) answers.push((await post(opts(async () => [at(address)], kept))).text);
    expect(answers).toEqual(['ok via 127.0.0.1', 'ok via 127.0.0.2', 'ok via 127.0.0.1', 'ok via 127.0.0.2']);
    expect(accepted.map((c) => [c.local, c.requests])).toEqual([
      ['127.0.0.1', 2],
      ['127.0.0.2', 2],
    ]);

    // Now the name resolves to an address the guard refuses: refused before any socket, kept or new.
    const guarded = { ...opts(async () => [at('10.0.0.7')], kept), allowPrivate: false, trustedAddresses: ['127.0.0.1', '127.0.0.2'] };
    await expect(post(guarded)).rejects.toEqual(expect.objectContaining({ code: 'address_not_allowed' }));
    expect(accepted.map((c) => c.requests)).toEqual([2, 2]);
    kept.close();
  });

  it('a kept socket the peer closed as it was reused: once more on a new socket, and no further', async () => {
    const kept = new KeptConnections(1);
    const resolve = async () => [at('127.0.0.1')];
    expect((await post(opts(resolve, kept))).status).toBe(200);
    onReused = 'hang up';
    expect((await post(opts(resolve, kept))).status).toBe(200);
    expect(accepted.map((c) => c.requests)).toEqual([2, 1]);

    // A peer that hangs up on every request: the failure is reported, after one new socket at most.
    hangUpAll = true;
    accepted.length = 0;
    await expect(post(opts(resolve, kept))).rejects.toEqual(expect.objectContaining({ code: 'fetch_failed' }));
    expect(accepted.length).toBeLessThanOrEqual(1);
    kept.close();
  });

  it('close() ends every socket, and later requests open their own', async () => {
    const kept = new KeptConnections(4);
    await Promise.all(Array.from({ length: 3 }, () => post(opts(async () => [at('127.0.0.1')], kept))));
    await settle(() => accepted.length > 0);
    expect(openConnections()).toBeGreaterThan(0);
    kept.close();
    await settle(() => openConnections() === 0);
    expect(openConnections()).toBe(0);
    await post(opts(async () => [at('127.0.0.1')], kept));
    await settle(() => openConnections() === 0);
    expect(openConnections()).toBe(0);
  });
});
