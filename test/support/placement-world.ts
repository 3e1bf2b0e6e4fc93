// What the placement tests share (decisions.md §16): a sendingWorld whose SMTP peer delivers what it
// accepts into seed mailboxes of a private Dovecot (seed-delivery.ts), each seed with a rule of its own
// (INBOX, Junk, a custom folder or dropped, with an Authentication-Results header or none), and helpers
// that make the account's senders and seeds. Give the world `startAt: PLACEMENT_NOW` (2030): a scheduler
// or resume job of another test file's service (on the wall clock) then never takes these tests' work.
import { randomUUID } from 'node:crypto';
import type { Inbox } from '../../src/modules/inboxes/inbox.entity';
import { createInbox, type InboxOverrides } from './factories/inbox.factory';
import { startImapPeer, type ImapPeer } from './imap-peer';
import { seedDelivery, type DeliveryRule, type SeedDelivery } from './seed-delivery';

/** Whether a raw message is from `address` (its From header names it). */
export const isFrom = (raw: string, address: string) => new RegExp(`^From:[^\\r\\n]*<${address.replace(/[.+]/g, '\\$&')}>`, 'mi').test(raw);
import type { SendingWorld } from './sending-world';

export const PLACEMENT_NOW = new Date('2030-03-04T10:00:00.000Z');
export const SEED_PASSWORD = 'seed-secret';

export interface PlacementWorld {
  readonly imap: ImapPeer;
  readonly delivery: SeedDelivery;
  /** A seed of the account on the next unused Dovecot mailbox, delivered to by `rule` (one for every
   *  message, or one per message given its raw text). */
  seed(rule: DeliveryRule | ((raw: string) => DeliveryRule), overrides?: InboxOverrides): Promise<Inbox>;
  /** A sending inbox of the account that sends through the SMTP peer. */
  sender(overrides?: InboxOverrides): Promise<Inbox>;
}

export function placementWorld(world: SendingWorld, opts: { mailboxes: number }): PlacementWorld {
  const mailboxes = Array.from({ length: opts.mailboxes }, (_, i) => `seed${i}-${randomUUID().slice(0, 6)}@seeds.test`);
  const rules = new Map<string, DeliveryRule | ((raw: string) => DeliveryRule)>();
  let next = 0;
  let imap: ImapPeer | undefined;
  let delivery: SeedDelivery | undefined;
  beforeAll(async () => {
    imap = await startImapPeer({ users: Object.fromEntries(mailboxes.map((m) => [m, SEED_PASSWORD])) });
    delivery = seedDelivery(imap, (to, raw) => {
      const rule = rules.get(to) ?? { folder: null };
      return typeof rule === 'function' ? rule(raw) : rule;
    });
    world.peer.behaviour.deliver = (m) => delivery!.deliver(m);
  });
  afterAll(async () => {
    await delivery?.close();
    await imap?.stop();
  });
  return {
    get imap() {
      return imap!;
    },
    get delivery() {
      return delivery!;
    },
    async seed(rule, overrides = {}) {
      const email = mailboxes[next++];
      if (!email) throw new Error(`placementWorld: all ${opts.mailboxes} seed mailboxes are taken; ask for more`);
      rules.set(email, rule);
      return createInbox(world.service, world.me.workspaceId, {
        email,
        purpose: 'seed',
        seedProvider: 'other',
        imapHost: imap!.host,
        imapPort: imap!.port,
        username: email,
        password: SEED_PASSWORD,
        ...overrides,
      });
    },
    sender(overrides = {}) {
      return world.senderInbox(null, { email: `sender-${randomUUID().slice(0, 8)}@acme.test`, ...overrides });
    },
  };
}
