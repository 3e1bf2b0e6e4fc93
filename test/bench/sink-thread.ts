// The benchmarks' SMTP sink on a thread of its own: a real SMTP server is never part of the sending
// process, so its work must not be charged to the sender's thread (in the sender's event loop it took
// about a fifth of the main thread from both sides, and slowed every SMTP round trip behind the
// sender's own work). The sink is test/support/smtp-peer.ts; this file is both the thread and its handle.
// Given seed mailboxes (the placement benchmark), it APPENDs every message into its recipient's Dovecot
// mailbox before its 250 (test/support/seed-delivery.ts, INBOX), so a message accepted is a message in place.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ImapPeer } from '../support/imap-peer';
import { seedDelivery } from '../support/seed-delivery';
import { startSmtpPeer } from '../support/smtp-peer';

type Request = { type: 'count' | 'reset' | 'stop' };

export interface SinkThread {
  host: string;
  port: number;
  /** Messages accepted since the last reset. */
  count(): Promise<number>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Seed mailboxes to deliver into: the Dovecot peer's address and users. */
type Seeds = Pick<ImapPeer, 'host' | 'port' | 'users'>;

/** `xoauth2Token`: the sink also takes AUTH XOAUTH2 with this token, for any user (OAuth inboxes).
 *  `seeds`: every message accepted is APPENDed into its recipient's seed mailbox first (placement). */
export async function startSinkThread(opts: { xoauth2Token?: string; seeds?: Seeds } = {}): Promise<SinkThread> {
  const seeds = opts.seeds ? { host: opts.seeds.host, port: opts.seeds.port, users: opts.seeds.users } : undefined;
  const worker = new Worker(`require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(__filename)});`, {
    eval: true,
    workerData: { xoauth2Token: opts.xoauth2Token, seeds },
  });
  const replies: ((value: number) => void)[] = [];
  const ready = new Promise<{ host: string; port: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const { host, port } = await ready;
  worker.on('message', (n: number) => replies.shift()?.(n));
  const ask = (type: Request['type']) =>
    new Promise<number>((resolve) => {
      replies.push(resolve);
      worker.postMessage({ type } satisfies Request);
    });
  return {
    host,
    port,
    count: () => ask('count'),
    reset: async () => void (await ask('reset')),
    stop: async () => {
      await ask('stop');
      await worker.terminate();
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { xoauth2Token, seeds } = (workerData ?? {}) as { xoauth2Token?: string; seeds?: Seeds };
  // XOAUTH2 as the peer checks it (the token active, issued to the user logging in): here one token for all.
  const xoauth2 = xoauth2Token ? (token: string) => ({ active: token === xoauth2Token, email: 'sender@example.com' }) : undefined;
  const delivery = seeds ? seedDelivery(seeds, () => ({ folder: 'INBOX' })) : null;
  void startSmtpPeer({ xoauth2, ...(delivery ? { behaviour: { deliver: (m) => delivery.deliver(m) } } : {}) }).then((peer) => {
    port.postMessage({ host: peer.host, port: peer.port });
    port.on('message', async (m: Request) => {
      if (m.type === 'reset') peer.messages.length = 0;
      if (m.type === 'stop') {
        await peer.stop();
        await delivery?.close();
      }
      port.postMessage(peer.messages.length);
    });
  });
}
