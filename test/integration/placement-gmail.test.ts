// decisions.md §16 `category`: Gmail's tabs, which only a server offering X-GM-EXT-1 tells, through
// `X-GM-RAW "category:…"`. Dovecot does not offer it (the other placement tests run on Dovecot, which
// also shows no X-GM-RAW is ever sent to a server without it), so this file reads a seed on a small IMAP
// server of our own that offers it (test/support/gmail-imap-peer.ts), with Gmail's folders: INBOX with its
// tabs, [Gmail]/Spam, and All Mail, which also shows every message of INBOX. The same server, told to pad
// its answers past the read's size bound, plays a hostile seed.
import { runPlacementTest } from '../../src/modules/placement/run-test';
import { gmailTabs } from '../../src/modules/placement/read-seed';
import { startGmailImapPeer, type GmailImapPeer } from '../support/gmail-imap-peer';
import { isFrom, PLACEMENT_NOW } from '../support/placement-world';
import { createInbox } from '../support/factories/inbox.factory';
import { waitUntil } from '../support/service-process';
import { sendingWorld, MINUTE } from '../support/sending-world';

jest.setTimeout(90_000);
const world = sendingWorld({ accountPer: 'test', startAt: PLACEMENT_NOW });
const SEED = 'seed@gmail.test';
let gmail: GmailImapPeer;
beforeAll(async () => {
  gmail = await startGmailImapPeer({ user: SEED, password: 'app-password' });
});
afterAll(() => gmail?.stop());

describe("Gmail's tabs", () => {
  it('a copy in INBOX is category (with the tab) when X-GM-RAW files it under Promotions, Updates, Social or Forums; Spam is spam; archived is All Mail', async () => {
    const senders = await Promise.all(['primary', 'promo', 'updates', 'social', 'spam', 'archived'].map((n) => world.senderInbox(null, { email: `${n}@acme.test`, fromName: n })));
    const [primary, promo, updates, social, spam, archived] = senders;
    // The SMTP peer hands each copy to the Gmail peer, which files it as Gmail would for its sender.
    world.peer.behaviour.deliver = async (m) => {
      const from = (s: { email: string }) => isFrom(m.raw, s.email);
      if (from(spam!)) gmail.add(m.raw, { folder: 'Spam' });
      else if (from(archived!)) gmail.add(m.raw, { folder: 'Archive' });
      else gmail.add(m.raw, { folder: 'INBOX', tab: from(promo!) ? 'promotions' : from(updates!) ? 'updates' : from(social!) ? 'social' : 'primary' });
    };
    await createInbox(world.service, world.me.workspaceId, {
      email: SEED,
      purpose: 'seed',
      seedProvider: 'google',
      imapHost: gmail.host,
      imapPort: gmail.port,
      username: SEED,
      password: 'app-password',
    });
    const started = await world.me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
    expect(started.status).toBe(202);
    const run = runPlacementTest(world.service.deps, started.body.id, { wakeMs: 20 });
    await waitUntil(
      async () => (await world.db(`select count(*)::int as n from placement_copy where test_id = ? and placement is not null`, [started.body.id]))[0].n,
      (n) => n === 6,
      30_000,
    );
    world.clock.advance(31 * MINUTE);
    await run;

    const t = (await world.me.client.get(`/placement-tests/${started.body.id}`)).body;
    const of = (s: { id: string }) => t.results.find((r: { mailbox_id: string }) => r.mailbox_id === s.id);
    expect(of(primary!)).toMatchObject({ placement: 'inbox', folder: 'INBOX' });
    expect(of(promo!)).toMatchObject({ placement: 'category', folder: 'Promotions' });
    expect(of(updates!)).toMatchObject({ placement: 'category', folder: 'Updates' });
    expect(of(social!)).toMatchObject({ placement: 'category', folder: 'Social' });
    expect(of(spam!)).toMatchObject({ placement: 'spam', folder: '[Gmail]/Spam' });
    expect(of(archived!)).toMatchObject({ placement: 'other', folder: '[Gmail]/All Mail' });
    // inbox_rate counts the tabs with the inbox: 4 of 6.
    expect(t.summary).toMatchObject({ sent: 6, inbox: 1, category: 3, spam: 1, other: 1, inbox_rate: 66.7 });
    expect(t.by_provider).toEqual([expect.objectContaining({ provider: 'google', inbox_rate: 66.7 })]);

    // Read-only, and the tabs asked only of what INBOX held.
    expect(
      gmail.commands.filter((c) => !['CAPABILITY', 'LOGIN', 'ID', 'NAMESPACE', 'ENABLE', 'LIST', 'LSUB', 'EXAMINE', 'UID SEARCH', 'UID FETCH', 'NOOP', 'LOGOUT'].includes(c)),
    ).toEqual([]);
    expect(new Set(gmail.rawQueries)).toEqual(new Set(['category:promotions', 'category:updates', 'category:social', 'category:forums']));
  });

  it("a seed server whose answers outgrow the read's bound is cut off and its copies say so; the other seeds are read", async () => {
    const hostile = await startGmailImapPeer({ user: 'big@gmail.test', password: 'app-password', headerPadding: 2 * 1024 * 1024 });
    let run: Promise<unknown> | undefined;
    try {
      await world.senderInbox(null, { email: 'bounded@acme.test' });
      world.peer.behaviour.deliver = async (m) => {
        if (m.envelope.rcptTo.includes('big@gmail.test')) hostile.add(m.raw, { folder: 'INBOX' });
        else gmail.add(m.raw, { folder: 'INBOX' });
      };
      const seedAt = (peer: GmailImapPeer, email: string) =>
        createInbox(world.service, world.me.workspaceId, {
          email,
          purpose: 'seed',
          seedProvider: 'google',
          imapHost: peer.host,
          imapPort: peer.port,
          username: email,
          password: 'app-password',
        });
      const big = await seedAt(hostile, 'big@gmail.test');
      const fine = await seedAt(gmail, SEED);
      const started = await world.me.client.post('/placement-tests', { subject: 'Hi', body: 'Hello' });
      run = runPlacementTest(world.service.deps, started.body.id, { wakeMs: 20 });
      const copyOf = async (seedId: string) => (await world.db(`select placement, detail from placement_copy where test_id = ? and seed_id = ?`, [started.body.id, seedId]))[0];
      await waitUntil(
        () => copyOf(big.id),
        (c) => c.detail !== null,
        30_000,
      );
      // The seeds are read side by side: the fine one may finish after the hostile one is cut off.
      await waitUntil(
        () => copyOf(fine.id),
        (c) => c.placement !== null,
        30_000,
      );
      expect(await copyOf(fine.id)).toMatchObject({ placement: 'inbox' });
      expect((await copyOf(big.id)).detail).toContain('could not be read');
      world.clock.advance(31 * MINUTE);
      await run;
      expect(await copyOf(big.id)).toMatchObject({ placement: 'missing', detail: expect.stringContaining('could not be read') });
    } finally {
      // A failed assertion must not leave the run going into the next test file of this worker.
      if (run) {
        world.clock.advance(31 * MINUTE);
        await run.catch(() => undefined);
      }
      await hostile.stop();
    }
  });

  it('asks each tab once per batch of INBOX copies, and the first tab that claims a copy names it', async () => {
    const asked: [number[], string][] = [];
    const session = {
      gmailSearch: async (uids: readonly number[], query: string) => {
        asked.push([[...uids], query]);
        return query === 'category:updates' ? [3, 9] : query === 'category:promotions' ? [3] : [];
      },
    };
    expect(await gmailTabs(session, [1, 3, 9])).toEqual(
      new Map([
        [3, 'Promotions'],
        [9, 'Updates'],
      ]),
    );
    expect(asked.map(([, q]) => q)).toEqual(['category:promotions', 'category:updates', 'category:social', 'category:forums']);
    expect(await gmailTabs(session, [])).toEqual(new Map());
  });
});
