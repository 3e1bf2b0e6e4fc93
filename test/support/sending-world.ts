// What the sending tests share: the service on a clock that tests move (starting Monday 30 November 2026,
// 10:00 UTC, inside the default sending window), an SMTP peer on loopback, an account, and helpers for
// SQL and for dispatch ticks scoped to that account's workspace (so tests never send other tests' mail);
// and, for the tests that poll replies, a Dovecot peer whose mailboxes back the inboxes (dovecotPeer).
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/runtime/clock';
import type { Inbox } from '../../src/modules/inboxes/inbox.entity';
import type { Ports } from '../../src/runtime/ports';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import { signUp, type Account } from './client';
import { createInbox, type InboxOverrides } from './factories/inbox.factory';
import { startImapPeer, type ImapPeer } from './imap-peer';
import { startTestService } from './service';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

export const MONDAY_10 = new Date('2026-11-30T10:00:00.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export class TestClock implements Clock {
  constructor(public at: Date) {}
  now() {
    return new Date(this.at);
  }
  advance(ms: number) {
    this.at = new Date(this.at.getTime() + ms);
  }
}

export interface SendingWorld {
  readonly service: Awaited<ReturnType<typeof startTestService>>;
  readonly peer: SmtpPeer;
  readonly me: Account;
  readonly clock: TestClock;
  /** Raw SQL on the test database. */
  db(query: string, params?: unknown[]): Promise<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** One dispatch tick for the account's workspace, gaps drawn at their minimum. */
  tick(): ReturnType<typeof runDispatchTick>;
  /** An inbox of the account that sends through the SMTP peer, with no gap between its emails unless
   *  `overrides` say otherwise; one of the campaign's inboxes when `campaignId` is given. */
  senderInbox(campaignId: string | null, overrides?: InboxOverrides): ReturnType<typeof createInbox>;
}

/**
 * Registers the file's jest hooks and returns the world they fill: the service and peer for the whole
 * file; the account once for the file, or (`accountPer: 'test'`) a new one before each test with the
 * clock back at MONDAY_10 (or `startAt`).
 */
export function sendingWorld(opts: { accountPer?: 'file' | 'test'; env?: Record<string, string>; ports?: Partial<Ports>; startAt?: Date } = {}): SendingWorld {
  // `startAt` instead of MONDAY_10: placement tests live in 2030 (placement-world.ts).
  const startAt = opts.startAt ?? MONDAY_10;
  const clock = new TestClock(startAt);
  let service: SendingWorld['service'] | undefined;
  let peer: SmtpPeer | undefined;
  let me: Account | undefined;
  const newAccount = async () => {
    clock.at = startAt;
    me = await signUp(service!.url, { timezone: 'UTC' });
  };
  beforeAll(async () => {
    // The SMTP peer is on loopback: the address guard lets it through only with ALLOW_PRIVATE_FETCH
    // (decisions.md §10); a file may still turn it off.
    service = await startTestService({ clock, env: { ALLOW_PRIVATE_FETCH: 'true', ...opts.env }, ports: opts.ports });
    peer = await startSmtpPeer();
    if (opts.accountPer !== 'test') await newAccount();
  });
  if (opts.accountPer === 'test') beforeEach(newAccount);
  afterAll(async () => {
    await service?.stop();
    await peer?.stop();
  });
  return {
    get service() {
      return service!;
    },
    get peer() {
      return peer!;
    },
    get me() {
      return me!;
    },
    clock,
    db: (query, params = []) => service!.deps.orm.em.fork().getConnection().execute(query, params),
    tick: () => runDispatchTick(service!.deps, { random: () => 0, workspaceIds: [me!.workspaceId] }),
    async senderInbox(campaignId, overrides = {}) {
      const inbox = await createInbox(service!, me!.workspaceId, {
        smtpHost: peer!.host,
        smtpPort: peer!.port,
        username: 'sender@example.com',
        password: 'smtp-secret',
        minGapMinutes: 0,
        gapJitterMinutes: 0,
        ...overrides,
      });
      if (campaignId) await service!.deps.orm.em.fork().getConnection().execute(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaignId, inbox.id]);
      return inbox;
    },
  };
}

/** The password of every dovecotPeer mailbox, for IMAP and SMTP logins alike. */
export const IMAP_PASSWORD = 'imap-secret';

export interface DovecotPeer {
  readonly imap: ImapPeer;
  /** An inbox of the account on the next unused mailbox of the peer: it sends through the SMTP peer and
   *  reads its own Dovecot mailbox (both logins that address and IMAP_PASSWORD), with no gap between its
   *  emails and 100 a day from the first day unless `overrides` say otherwise; one of the inboxes of each
   *  of `campaignIds`. */
  imapInbox(campaignIds: string[], overrides?: InboxOverrides): Promise<Inbox>;
}

/**
 * Registers the file's jest hooks for a Dovecot peer with `mailboxes` mailboxes (`<prefix><n>-<random>@acme.test`),
 * all known to Dovecot from the start (it notices a changed passwd-file by its mtime in whole seconds, so
 * users added while it runs can be refused for a moment); at most one imapInbox per mailbox for the file.
 * Before each test it puts the clock a few days in the real past: Dovecot stores a message dated in the
 * future under the time it arrived, and an inbox's first poll starts at its first send (so a file using
 * this wants every day and hour a sending window). Call it after sendingWorld, whose hooks run first.
 */
export function dovecotPeer(world: SendingWorld, opts: { mailboxes: number; prefix: string }): DovecotPeer {
  const mailboxes = Array.from({ length: opts.mailboxes }, (_, i) => `${opts.prefix}${i}-${randomUUID().slice(0, 6)}@acme.test`);
  let next = 0;
  let imap: ImapPeer | undefined;
  beforeEach(() => {
    // At 10:00 UTC, whatever the time of the run: a test that moves on some hours stays in the same day
    // (day counts, day stats), as it did not when a run late in the evening started the clock at that hour.
    world.clock.at = new Date(Math.floor(Date.now() / DAY) * DAY - 4 * DAY + 10 * HOUR);
  });
  beforeAll(async () => {
    imap = await startImapPeer({ users: Object.fromEntries(mailboxes.map((m) => [m, IMAP_PASSWORD])) });
  });
  afterAll(async () => {
    await imap?.stop();
  });
  return {
    get imap() {
      return imap!;
    },
    async imapInbox(campaignIds, overrides = {}) {
      const email = mailboxes[next++];
      if (!email) throw new Error(`dovecotPeer: all ${opts.mailboxes} mailboxes are taken; ask for more`);
      const inbox = await createInbox(world.service, world.me.workspaceId, {
        email,
        smtpHost: world.peer.host,
        smtpPort: world.peer.port,
        username: email,
        password: IMAP_PASSWORD,
        imapHost: imap!.host,
        imapPort: imap!.port,
        minGapMinutes: 0,
        gapJitterMinutes: 0,
        dailyCap: 100,
        rampStart: 100,
        ...overrides,
      });
      world.peer.users[email] = IMAP_PASSWORD;
      for (const campaignId of campaignIds) await world.db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaignId, inbox.id]);
      return inbox;
    },
  };
}
