// Delivery into seed mailboxes for placement tests (decisions.md §16): the SMTP peer hands each message it
// accepts to `seedDelivery(...)` (its `deliver` behaviour), which APPENDs it over IMAP into the recipient's
// Dovecot mailbox, in the folder a rule picks (INBOX, the \Junk folder, a custom folder) or nowhere
// (dropped), with the Authentication-Results header the rule gives prepended, as a receiving provider
// adds it. So every placement and auth outcome is read back from a real IMAP server.
//
// One IMAP connection per mailbox, kept open and used one APPEND at a time, so a test of 1,250 copies does
// not log in 1,250 times (the benchmark's baseline delivers through the same peer).
import { ImapFlow } from 'imapflow';
import type { ImapPeer } from './imap-peer';
import type { ReceivedMessage } from './smtp-peer';

export interface DeliveryRule {
  /** The folder to APPEND into (created when missing), or null to drop the message. */
  folder: string | null;
  /** An Authentication-Results value (after the colon) to prepend; none when left out. */
  authResults?: string;
}

export interface SeedDelivery {
  deliver(message: ReceivedMessage): Promise<void>;
  /** Messages dropped by the rule, by recipient. */
  dropped: { to: string; raw: string }[];
  close(): Promise<void>;
}

/** `rule` decides per recipient (a seed's address) and message; recipients the peer has no user for are
 *  dropped (as mail to an unknown address would bounce later). */
export function seedDelivery(imap: Pick<ImapPeer, 'host' | 'port' | 'users'>, rule: (to: string, raw: string) => DeliveryRule): SeedDelivery {
  const clients = new Map<string, Promise<ImapFlow>>();
  const queues = new Map<string, Promise<unknown>>();
  const created = new Set<string>();
  const dropped: { to: string; raw: string }[] = [];

  const client = (user: string) => {
    let c = clients.get(user);
    if (!c) {
      const flow = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user, pass: imap.users[user]! }, logger: false });
      flow.on('error', () => clients.delete(user));
      c = flow.connect().then(() => flow);
      c.catch(() => clients.delete(user));
      clients.set(user, c);
    }
    return c;
  };

  /** One APPEND at a time per mailbox, in order. */
  const serial = <T>(user: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(user) ?? Promise.resolve()).then(work, work);
    queues.set(
      user,
      next.catch(() => undefined),
    );
    return next;
  };

  return {
    dropped,
    async deliver(message) {
      for (const to of message.envelope.rcptTo.map((a) => a.toLowerCase())) {
        const r = rule(to, message.raw);
        if (r.folder === null || imap.users[to] === undefined) {
          dropped.push({ to, raw: message.raw });
          continue;
        }
        const raw = r.authResults !== undefined ? `Authentication-Results: ${r.authResults}\r\n${message.raw}` : message.raw;
        await serial(to, async () => {
          const flow = await client(to);
          const key = `${to}\n${r.folder}`;
          if (r.folder !== 'INBOX' && !created.has(key)) {
            await flow.mailboxCreate(r.folder!).catch(() => undefined);
            created.add(key);
          }
          await flow.append(r.folder!, raw);
        });
      }
    },
    async close() {
      for (const c of clients.values()) await c.then((f) => f.logout()).catch(() => undefined);
      clients.clear();
    },
  };
}
