// A webhook receiver on loopback for the webhook tests and benchmark: records every request (headers and
// raw body), answers as `respond` says (a status, or `hang`: never answer), and checks signatures with
// the `standardwebhooks` package exactly as a real receiver would (README "Webhooks").
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  receivedAt: Date;
}

/** A status; `hang`: never answer; or a status given after `delayMs`, or whose body is `bytes` long
 *  (Content-Length sent), or trickled a byte every 100 ms for `trickleMs` (chunked). */
export type Answer = number | 'hang' | { status: number; delayMs?: number; bytes?: number; trickleMs?: number };

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How to answer the n-th request (0-based); 200 unless replaced. */
  respond: (req: ReceivedWebhook, n: number) => Answer;
  /** Connections accepted so far, and how many of them are open now. */
  connections: { accepted: number; open: number };
  /** Resolves once at least `count` requests arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  stop(): Promise<void>;
}

/** Verifies one request as a receiver does; throws WebhookVerificationError when the signature (or,
 *  unless `ignoreTime`, the timestamp's 5-minute tolerance) does not hold. Returns the parsed body. */
export function verifyWebhook(secret: string, req: ReceivedWebhook, opts: { ignoreTime?: boolean } = {}): { type: string; timestamp: string; data: Record<string, unknown> } {
  const wh = new Webhook(secret);
  if (!opts.ignoreTime) return wh.verify(req.body, req.headers) as never;
  // A test clock far from the wall clock: check the signature over the same timestamp by hand.
  const expected = wh.sign(req.headers['webhook-id']!, new Date(Number(req.headers['webhook-timestamp']) * 1000), req.body);
  if (!req.headers['webhook-signature']!.split(' ').includes(expected)) throw new Error('No matching signature found');
  return JSON.parse(req.body);
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    connections: { accepted: 0, open: 0 },
    respond: () => 200,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (receiver.received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(receiver.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`webhook receiver: expected ${count} requests within ${timeoutMs} ms, got ${receiver.received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
      const got: ReceivedWebhook = { headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: new Date() };
      const n = receiver.received.length;
      receiver.received.push(got);
      for (const w of [...waiters]) w();
      const answer = receiver.respond(got, n);
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (typeof answer === 'number') {
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer >= 300 ? 'receiver says no' : 'ok');
        return;
      }
      if (answer.delayMs !== undefined) {
        hanging.add(res);
        const later = setTimeout(() => res.writeHead(answer.status, { 'content-type': 'text/plain' }).end('ok'), answer.delayMs);
        res.on('close', () => {
          clearTimeout(later);
          hanging.delete(res);
        });
        return;
      }
      if (answer.bytes !== undefined) {
        res.writeHead(answer.status, { 'content-type': 'text/plain', 'content-length': String(answer.bytes) }).end(Buffer.alloc(answer.bytes, 'x'));
        return;
      }
      // The status line and headers at once, then the body a byte at a time until trickleMs is over.
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.flushHeaders();
      hanging.add(res);
      const until = Date.now() + (answer.trickleMs ?? 0);
      const drip = setInterval(() => {
        if (Date.now() < until) return void res.write('x');
        clearInterval(drip);
        res.end();
      }, 100);
      res.on('close', () => {
        clearInterval(drip);
        hanging.delete(res);
      });
    });
  });
  server.on('connection', (socket) => {
    receiver.connections.accepted++;
    receiver.connections.open++;
    socket.on('close', () => receiver.connections.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
