// What the sending tests share: the service on a clock that tests move (starting Monday 30 November 2026,
// 10:00 UTC, inside the default sending window), an SMTP peer on loopback, an account, and helpers for
// SQL and for dispatch ticks scoped to that account's workspace (so tests never send other tests' mail).
import type { Clock } from '../../src/clock';
import type { Ports } from '../../src/ports';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import { signUp, type Account } from './client';
import { createInbox, type InboxOverrides } from './factories/inbox.factory';
import { startTestService } from './service';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

export const MONDAY_10 = new Date('2026-11-30T10:00:00.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

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
 * clock back at MONDAY_10.
 */
export function sendingWorld(opts: { accountPer?: 'file' | 'test'; env?: Record<string, string>; ports?: Partial<Ports> } = {}): SendingWorld {
  const clock = new TestClock(MONDAY_10);
  let service: SendingWorld['service'] | undefined;
  let peer: SmtpPeer | undefined;
  let me: Account | undefined;
  const newAccount = async () => {
    clock.at = MONDAY_10;
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
