// The real IMAP port's reading session (src/mail/imap-client.ts) against Dovecot: folders, EXAMINE, the
// messages after a UID, and nothing changed on the server (\Seen stays unset: BODY.PEEK[]).
import { ImapFlow } from 'imapflow';
import { batchPlan, firstUids, imapClient, MAX_MESSAGE_BYTES } from '../../src/mail/imap-client';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';

const USER = 'reader@example.com';
const PASSWORD = 'imap-secret';
let peer: ImapPeer;

const message = (n: number) =>
  `From: Lead ${n} <lead${n}@client.test>\r\nTo: ${USER}\r\nSubject: Re: hello ${n}\r\nMessage-ID: <reply-${n}@client.test>\r\nDate: Mon, 30 Nov 2026 10:0${n}:00 +0000\r\n\r\nReply number ${n}\r\n`;

beforeAll(async () => {
  peer = await startImapPeer({ users: { [USER]: PASSWORD } });
  await peer.appendMessage(USER, message(1));
  await peer.appendMessage(USER, message(2));
});
afterAll(async () => {
  await peer?.stop();
});

// Dovecot is on loopback: the address guard lets it through only with ALLOW_PRIVATE_FETCH's setting.
const open = (opts: { timeoutMs?: number } = {}) => imapClient({ policy: { allowPrivate: true }, ...opts });
const login = (password = PASSWORD) => ({ host: peer.host, port: peer.port, username: USER, password });

it('lists folders, examines INBOX and reads the messages after a UID, changing nothing', async () => {
  const session = await open().open(login());
  try {
    expect((await session.folders()).map((f) => f.path)).toContain('INBOX');
    const state = await session.examine('INBOX');
    expect(state).toEqual({ uidValidity: expect.stringMatching(/^\d+$/), uidNext: 3, exists: 2 });

    const all = await session.fetchAfter(0);
    expect(all.map((m) => m.uid)).toEqual([1, 2]);
    expect(all[0]!.source.toString()).toContain('Subject: Re: hello 1');
    expect(all[1]!.internalDate).toBeInstanceOf(Date);
    expect((await session.fetchAfter(1)).map((m) => m.uid)).toEqual([2]);
    expect(await session.fetchAfter(2)).toEqual([]);
    expect((await session.fetchAfter(0, { limit: 1 })).map((m) => m.uid)).toEqual([1]);
    // A byte budget: as many as fit (sizes from RFC822.SIZE), but always the first however large.
    const size = all[0]!.source.length;
    expect((await session.fetchAfter(0, { maxBytes: 1 })).map((m) => m.uid)).toEqual([1]);
    expect((await session.fetchAfter(0, { maxBytes: size + 1 })).map((m) => m.uid)).toEqual([1]);
    expect((await session.fetchAfter(0, { maxBytes: 10 * size })).map((m) => m.uid)).toEqual([1, 2]);
  } finally {
    await session.close();
  }

  // Read with PEEK on an EXAMINEd folder: no message became \Seen.
  const check = new ImapFlow({ host: peer.host, port: peer.port, secure: false, auth: { user: USER, pass: PASSWORD }, logger: false });
  await check.connect();
  try {
    await check.mailboxOpen('INBOX', { readOnly: true });
    const flags: string[][] = [];
    for await (const m of check.fetch('1:*', { uid: true, flags: true }, { uid: true })) flags.push([...(m.flags ?? [])]);
    expect(flags).toHaveLength(2);
    expect(flags.flat()).not.toContain('\\Seen');
  } finally {
    await check.logout();
  }
});

it('refuses to open a session with a wrong password', async () => {
  await expect(open({ timeoutMs: 5_000 }).open(login('wrong-password'))).rejects.toMatchObject({ authenticationFailed: true });
});

it('takes the first UIDs above the cursor from an ESEARCH compact set or a plain SEARCH list, then as many as fit a byte budget', () => {
  expect(firstUids({ all: '3:5,9,12:14' }, 4, 4)).toEqual([5, 9, 12, 13]);
  // `N:*` includes the newest message even below N; ranges may come reversed or unordered.
  expect(firstUids({ all: '2' }, 2, 100)).toEqual([]);
  expect(firstUids({ all: '20:18,7' }, 0, 100)).toEqual([7, 18, 19, 20]);
  expect(firstUids({}, 0, 100)).toEqual([]);
  expect(firstUids([9, 3, 5, 2], 2, 2)).toEqual([3, 5]);
  expect(firstUids(false, 0, 10)).toEqual([]);
  const sized = (...pairs: [uid: number, size: number][]) => pairs.map(([uid, size]) => ({ uid, size }));
  const fetched = (...pairs: [uid: number, size: number][]) => batchPlan(sized(...pairs), 25).fetch;
  expect(fetched([1, 10], [2, 10], [5, 10])).toEqual([1, 2]);
  expect(batchPlan(sized([1, 10], [2, 10]), 20).fetch).toEqual([1, 2]);
  expect(batchPlan(sized([3, 99], [4, 1]), 10).fetch).toEqual([3]); // the first however large, up to the limit
  expect(batchPlan([], 10)).toEqual({ fetch: [], tooLarge: [] });
});

it('never downloads a message over 25 MB: it is listed apart with its size, and the batch covers it and the UIDs before the first that does not fit', () => {
  const sized = (...pairs: [uid: number, size: number][]) => pairs.map(([uid, size]) => ({ uid, size }));
  const huge = MAX_MESSAGE_BYTES + 1;
  expect(MAX_MESSAGE_BYTES).toBe(25 * 1024 * 1024);
  // Today's bug: the first of a batch was always taken, whatever its size.
  expect(batchPlan(sized([1, huge]), 10)).toEqual({ fetch: [], tooLarge: [{ uid: 1, size: huge }] });
  expect(batchPlan(sized([1, huge], [2, 5], [3, MAX_MESSAGE_BYTES]), 10)).toEqual({ fetch: [2], tooLarge: [{ uid: 1, size: huge }] });
  expect(batchPlan(sized([1, 5], [2, huge], [3, 4], [4, 8], [5, huge]), 10)).toEqual({ fetch: [1, 3], tooLarge: [{ uid: 2, size: huge }] });
  expect(batchPlan(sized([1, MAX_MESSAGE_BYTES]), 10)).toEqual({ fetch: [1], tooLarge: [] });
});
