// IMAP limits (decisions.md §10): a message over 25 MB by its RFC822.SIZE is not downloaded but recorded
// as skipped with its size (cursor, log, poll report, the inbox's skippedMessages) and the cursor moves
// past it (Dovecot); every IMAP wait is bounded and one inbox's poll has a wall-clock deadline, so a server
// that trickles bytes is closed and retried next poll (a hostile peer of our own); stopping the service
// ends a poll at once without blaming the inbox. A server that sends what was not asked for (a scripted
// peer of our own) moves the cursor past nothing unread, and one whose INTERNALDATE is no date fails no poll.
import { randomUUID } from 'node:crypto';
import { imapClient, MAX_MESSAGE_BYTES } from '../../src/mail/imap-client';
import { pollInbox, type PollOptions } from '../../src/modules/replies/poll/poll-inbox';
import type { ImapPort } from '../../src/runtime/ports';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { personReply } from '../support/inbound-mail';
import { parseMetrics, valueOf } from '../support/metrics';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { startScriptedImapPeer, type ScriptedImapPeer } from '../support/scripted-imap-peer';
import { startTestService } from '../support/service';
import { startTrickleImapPeer, type TrickleImapPeer } from '../support/trickle-imap-peer';
import * as ops from '../graphql/generated';

/** The guard as ALLOW_PRIVATE_FETCH=true sets it: every peer here is on loopback. */
const OPEN = { allowPrivate: true };
const USER = `reader-${randomUUID().slice(0, 6)}@acme.test`;
const PASSWORD = 'imap-secret';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let dovecot: ImapPeer;
let trickler: TrickleImapPeer;
/** What the service's IMAP port handed the poller: each message's UID, downloaded bytes and tooLarge. */
const handedOver: { uid: number; bytes: number; tooLarge?: number }[] = [];
/** …and the same by batch (one fetchAfter each). */
const batches: { uid: number; bytes: number }[][] = [];
/** …and each message's INTERNALDATE as the port handed it over, by UID (the last poll's). */
const internalDates = new Map<number, Date | null>();

beforeAll(async () => {
  dovecot = await startImapPeer({ users: { [USER]: PASSWORD } });
  trickler = await startTrickleImapPeer();
  // The real IMAP port, watched: what it returns is recorded, nothing is changed.
  const real = imapClient({ policy: OPEN });
  const watched: ImapPort = {
    ...real,
    async open(login, opts) {
      const session = await real.open(login, opts);
      return {
        ...session,
        async fetchAfter(afterUid, o) {
          const messages = await session.fetchAfter(afterUid, o);
          for (const m of messages) handedOver.push({ uid: m.uid, bytes: m.source.length, tooLarge: m.tooLarge });
          for (const m of messages) internalDates.set(m.uid, m.internalDate);
          batches.push(messages.map((m) => ({ uid: m.uid, bytes: m.source.length })));
          return messages;
        },
      };
    },
  };
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' }, ports: { imap: watched } });
  me = await signUp(service.url);
});
afterAll(async () => {
  await service?.stop();
  await Promise.all([dovecot?.stop(), trickler?.stop()]);
});

const db = (q: string, p: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(q, p);
const poll = (inboxId: string, opts: PollOptions = {}) => pollInbox(service.deps, inboxId, opts);
/** This service's count of polls that ended so (decisions.md §13, src/observability/metrics/README.md). */
const polls = async (outcome: string) => valueOf(parseMetrics(await service.deps.metrics.registry.metrics()), 'outreach_imap_polls_total', { outcome });

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const trickleInbox = () => createInbox(service, me.workspaceId, { imapHost: trickler.host, imapPort: trickler.port, username: 'u', password: 'p' });

describe('a message over 25 MB', () => {
  it('is not downloaded: it is recorded as skipped with its size, the cursor moves past it, and the inbox shows it (REST and GraphQL)', async () => {
    const line = `${'A'.repeat(998)}\r\n`;
    const big = Buffer.from(
      `From: Big Sender <big@client.test>\r\nTo: ${USER}\r\nSubject: Huge attachment\r\nMessage-ID: <big-${randomUUID()}@client.test>\r\n\r\n` +
        line.repeat(Math.ceil((MAX_MESSAGE_BYTES + 1) / line.length)),
    );
    expect(big.length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    await dovecot.appendMessage(USER, big);
    await dovecot.appendMessage(USER, `From: Someone <someone@else.test>\r\nTo: ${USER}\r\nSubject: Lunch?\r\nMessage-ID: <small-${randomUUID()}@else.test>\r\n\r\nTuesday?\r\n`);
    const inbox = await createInbox(service, me.workspaceId, { email: USER, imapHost: dovecot.host, imapPort: dovecot.port, username: USER, password: PASSWORD });

    const report = await poll(inbox.id);
    expect(report).toMatchObject({ read: 2, unreadable: 1, tooLarge: 1 });
    expect(handedOver).toEqual([
      { uid: 1, bytes: 0, tooLarge: big.length },
      { uid: 2, bytes: expect.any(Number), tooLarge: undefined },
    ]);
    const reason = `UID 1: not downloaded: ${big.length} bytes (RFC822.SIZE) is over the ${MAX_MESSAGE_BYTES}-byte limit`;
    expect(await db(`select last_uid, unreadable, last_unreadable from inbox_folder_cursor where inbox_id = ? and folder = 'INBOX'`, [inbox.id])).toEqual([
      { last_uid: '2', unreadable: 1, last_unreadable: reason },
    ]);
    expect((await db(`select last_error from inbox where id = ?`, [inbox.id]))[0].last_error).toBeNull();

    const listed = (await me.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === inbox.id);
    expect(listed).toMatchObject({ skippedMessages: 1, lastSkippedMessage: `INBOX ${reason}` });
    const gql = await me.client.gql(ops.MailboxesDocument);
    expect(gql.data!.mailboxes.find((m) => m.id === inbox.id)).toMatchObject({ skippedMessages: 1, lastSkippedMessage: `INBOX ${reason}` });

    // Read past for good: the next poll downloads nothing again.
    handedOver.length = 0;
    expect(await poll(inbox.id)).toMatchObject({ read: 0, tooLarge: 0 });
    expect(handedOver).toEqual([]);
  });
});

describe('a server that trickles bytes', () => {
  it('is cut off when one command takes longer than its bound', async () => {
    const session = await imapClient({ policy: OPEN, timeoutMs: 1_000 }).open({ host: trickler.host, port: trickler.port, username: 'u', password: 'p' });
    await expect(session.folders()).rejects.toThrow(`The IMAP server ${trickler.host}:${trickler.port} did not answer LIST within 1 s`);
    await until('the connection to close', () => trickler.open === 0);
    await session.close();
  });

  it('is cut off when it trickles its greeting', async () => {
    const slow = await startTrickleImapPeer({ trickle: 'greeting' });
    try {
      await expect(imapClient({ policy: OPEN, timeoutMs: 1_000 }).open({ host: slow.host, port: slow.port, username: 'u', password: 'p' })).rejects.toThrow();
      await until('the connection to close', () => slow.open === 0);
    } finally {
      await slow.stop();
    }
  });

  it("ends one inbox's poll at its deadline: the connection is closed, the inbox says why, and the next poll tries again", async () => {
    const inbox = await trickleInbox();
    const before = trickler.connections;
    const timedOut = await polls('timed_out');
    expect(await poll(inbox.id, { deadlineMs: 2_000 })).toMatchObject({ read: 0, folders: 0 });
    const [row] = await db(`select last_error from inbox where id = ?`, [inbox.id]);
    expect(row.last_error).toBe('Reading replies failed: the poll did not finish within 2 s, so the connection was closed; the next poll goes on from the last message read');
    await until('the connection to close', () => trickler.open === 0);
    await poll(inbox.id, { deadlineMs: 1_000 });
    expect(trickler.connections).toBe(before + 2);
    expect((await polls('timed_out'))! - timedOut!).toBe(2);
    await until('the connection to close', () => trickler.open === 0);
  });

  it('ends a poll at once when the service is stopping, without a lastError', async () => {
    const inbox = await trickleInbox();
    let stopping = false;
    const lists = trickler.commands.filter((c) => c === 'LIST').length;
    const [stopped, failed] = [await polls('stopped'), await polls('failed')];
    const polling = poll(inbox.id, { stopping: () => stopping, deadlineMs: 600_000 });
    await until('the poll to wait on LIST', () => trickler.commands.filter((c) => c === 'LIST').length > lists);
    stopping = true;
    expect(await polling).toMatchObject({ read: 0 });
    expect((await db(`select last_error from inbox where id = ?`, [inbox.id]))[0].last_error).toBeNull();
    expect((await polls('stopped'))! - stopped!).toBe(1);
    expect(await polls('failed')).toBe(failed);
    await until('the connection to close', () => trickler.open === 0);
  });
});

describe('a server that sends what was not asked for', () => {
  let scripted: ScriptedImapPeer | undefined;
  afterEach(async () => {
    await scripted?.stop();
    scripted = undefined;
  });
  const mail = (uid: number, text = 'Hello') =>
    Buffer.from(`From: <someone-${uid}@else.test>\r\nTo: ${USER}\r\nSubject: Note ${uid}\r\nMessage-ID: <note-${uid}-${randomUUID()}@else.test>\r\n\r\n${text}\r\n`);
  const scriptedInbox = (peer: ScriptedImapPeer) => createInbox(service, me.workspaceId, { imapHost: peer.host, imapPort: peer.port, username: 'u', password: 'p' });
  const cursorOf = async (inboxId: string) => (await db(`select last_uid from inbox_folder_cursor where inbox_id = ? and folder = 'INBOX'`, [inboxId]))[0]?.last_uid;
  /** Six messages on the peer, polled in batches of two: each read once, in its own batch, in order. */
  async function readsSixInBatchesOfTwo(peer: ScriptedImapPeer) {
    for (let uid = 1; uid <= 6; uid++) peer.messages.push({ uid, raw: mail(uid) });
    const inbox = await scriptedInbox(peer);
    batches.length = 0;
    expect(await poll(inbox.id, { batch: 2 })).toMatchObject({ read: 6, unreadable: 0 });
    expect(batches.filter((b) => b.length).map((b) => b.map((m) => m.uid))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    return inbox;
  }

  it('reads only the UIDs it asked for: a FETCH of another message in the answer (a flag changed by another client) is not downloaded and does not move the cursor past unread mail', async () => {
    // RFC 3501 §7: a server may report any message's flags in any answer; here the newest message's,
    // not asked for, in the answer to the size FETCH of each batch.
    scripted = await startScriptedImapPeer({ duringSizeFetch: () => ['* 6 FETCH (UID 6 FLAGS (\\Seen))'] });
    const inbox = await readsSixInBatchesOfTwo(scripted);
    expect(await cursorOf(inbox.id)).toBe('6');
  });

  it('counts a message asked for once when a second row of it carries only its flags: one over 25 MB is still not downloaded', async () => {
    scripted = await startScriptedImapPeer({ duringSizeFetch: () => ['* 1 FETCH (UID 1 FLAGS (\\Seen))'] });
    scripted.messages.push({ uid: 1, raw: mail(1), statedSize: MAX_MESSAGE_BYTES + 1 }, { uid: 2, raw: mail(2) });
    const inbox = await scriptedInbox(scripted);
    handedOver.length = 0;
    expect(await poll(inbox.id)).toMatchObject({ read: 2, unreadable: 1, tooLarge: 1 });
    expect(handedOver).toEqual([
      { uid: 1, bytes: 0, tooLarge: MAX_MESSAGE_BYTES + 1 },
      { uid: 2, bytes: expect.any(Number), tooLarge: undefined },
    ]);
    expect(scripted.commands.filter((c) => c.includes('BODY.PEEK[]'))).toEqual([expect.stringMatching(/^UID FETCH 2 /)]);
  });

  it('takes no body it did not ask for, and each body once', async () => {
    // The newest message's body, and the first asked for again, after the bodies asked for.
    scripted = await startScriptedImapPeer({ bodiesDuringBodyFetch: (asked) => [asked[0]!, 6] });
    await readsSixInBatchesOfTwo(scripted);
  });

  it('takes an INTERNALDATE that is no date for an unknown one: such a date no longer fails the poll every time', async () => {
    // imapflow hands back the server's text when it cannot parse it; made a Date, it was an invalid one,
    // and writing the batch's items threw on every poll: nothing after that message was ever read.
    scripted = await startScriptedImapPeer();
    const inbox = await scriptedInbox(scripted);
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const [lead] = await createLeads(service, me.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test` }]);
    const sent = await createSentEmail(service, {
      workspaceId: me.workspaceId,
      campaignId: campaign.id,
      leadId: lead!.id,
      inboxId: inbox.id,
      inboxEmail: inbox.email,
      sentAt: new Date(Date.now() - 3_600_000),
    });
    // No Date header either, so the message's time is when it was read (prepare.ts: INTERNALDATE, else the
    // Date header, else now). A Date from the real parse thread is not one of Jest's realm, which the SQL
    // builder then writes as text: under Jest the Date header cannot stand in here.
    const reply = (text: string) =>
      Buffer.from(
        personReply({ from: lead!.email, to: inbox.email, inReplyTo: sent.messageId, text })
          .split('\r\n')
          .filter((line) => !line.startsWith('Date: '))
          .join('\r\n'),
      );
    scripted.messages.push({ uid: 1, raw: reply('Yes, call me.'), internalDate: '99-Foo-2026 25:61:00 +0000' }, { uid: 2, raw: reply('Tuesday works.') });
    internalDates.clear();
    const before = Date.now();
    expect(await poll(inbox.id)).toMatchObject({ read: 2, items: 2, unreadable: 0 });
    expect((await db(`select last_error from inbox where id = ?`, [inbox.id]))[0].last_error).toBeNull();
    expect(await cursorOf(inbox.id)).toBe('2');
    expect([...internalDates]).toEqual([
      [1, null],
      [2, new Date('2026-12-01T10:00:00Z')],
    ]);
    const [first, second] = await db(`select received_at from reply_item where inbox_id = ? order by uid`, [inbox.id]);
    expect(new Date(first.received_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(new Date(second.received_at).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('ends the session at a body far larger than its stated size, before reading it: the poll fails and the cursor stays', async () => {
    const huge = 40 * 1024 * 1024;
    // RFC822.SIZE 1000, then a 40 MiB literal: imapflow's own bound would have been 1 GiB.
    scripted = await startScriptedImapPeer();
    scripted.messages.push({ uid: 1, raw: mail(1), statedSize: 1000, bodyBytes: huge }, { uid: 2, raw: mail(2) });
    const inbox = await scriptedInbox(scripted);
    handedOver.length = 0;
    expect(await poll(inbox.id)).toMatchObject({ read: 0 });
    const [row] = await db(`select last_error from inbox where id = ?`, [inbox.id]);
    expect(row.last_error).toMatch(/^Reading replies failed: .*41943040/);
    expect(handedOver).toEqual([]);
    expect(await cursorOf(inbox.id)).toBe('0');
    // The connection was closed at the literal's size: most of it was never even sent.
    await until('the connection to close', () => scripted!.open === 0);
    expect(scripted.bodyBytesSent).toBeLessThan(huge / 2);
  });

  it('ends a batch once the bodies it received pass its byte budget, whatever sizes the server stated: the rest is read in the next batches', async () => {
    // Each states 1000 bytes and is 300 kB: by their sizes all eight fit a budget of 1 MiB.
    scripted = await startScriptedImapPeer();
    for (let uid = 1; uid <= 8; uid++) scripted.messages.push({ uid, raw: mail(uid, `${'z'.repeat(998)}\r\n`.repeat(300)), statedSize: 1000 });
    const inbox = await scriptedInbox(scripted);
    batches.length = 0;
    const budget = 1024 * 1024;
    expect(await poll(inbox.id, { batchBytes: budget })).toMatchObject({ read: 8, unreadable: 0 });
    const read = batches.filter((b) => b.length);
    expect(read.map((b) => b.map((m) => m.uid))).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    // At most the budget and the one message that passed it.
    for (const b of read) expect(b.reduce((n, m) => n + m.bytes, 0)).toBeLessThanOrEqual(budget + Math.max(...b.map((m) => m.bytes)));
    expect(await cursorOf(inbox.id)).toBe('8');
  });

  it('fails the poll when a batch passes its byte budget before its first message came (bodies out of UID order), rather than read nothing quietly', async () => {
    scripted = await startScriptedImapPeer({ newestFirst: true });
    for (let uid = 1; uid <= 4; uid++) scripted.messages.push({ uid, raw: mail(uid, `${'z'.repeat(998)}\r\n`.repeat(300)), statedSize: 1000 });
    const inbox = await scriptedInbox(scripted);
    expect(await poll(inbox.id, { batchBytes: 512 * 1024 })).toMatchObject({ read: 0 });
    const [row] = await db(`select last_error from inbox where id = ?`, [inbox.id]);
    expect(row.last_error).toBe(
      `Reading replies failed: The IMAP server ${scripted.host}:${scripted.port} sent more than 524288 bytes of messages for one batch, not in UID order`,
    );
    expect(await cursorOf(inbox.id)).toBe('0');
  });

  it('reads on when such a FETCH carries no UID', async () => {
    scripted = await startScriptedImapPeer({ duringSizeFetch: () => ['* 1 FETCH (FLAGS (\\Seen))'] });
    for (let uid = 1; uid <= 3; uid++) scripted.messages.push({ uid, raw: mail(uid) });
    const inbox = await scriptedInbox(scripted);
    expect(await poll(inbox.id, { batch: 2 })).toMatchObject({ read: 3, unreadable: 0 });
    expect(await cursorOf(inbox.id)).toBe('3');
    expect((await db(`select last_error from inbox where id = ?`, [inbox.id]))[0].last_error).toBeNull();
  });
});
