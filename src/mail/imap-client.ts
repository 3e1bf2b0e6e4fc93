// The real IMAP port (ports.ts ImapPort) on imapflow: the connection test, and read-only sessions for
// reply polling. Transport security as in connection-test.ts (imapClientOptions). Sessions only EXAMINE
// folders and FETCH with BODY.PEEK[] (imapflow's `source`), so nothing on the server changes, \Seen included.
// Messages are parsed on the port's parse thread (parse-thread.ts).
import { ImapFlow, type ESearchResult } from 'imapflow';
import { CONNECTION_TEST_TIMEOUT_MS, imapClientOptions, testImapLogin, type CheckResult, type MailServerLogin } from './connection-test';
import { ParseThread } from './parse-thread';

/** Socket and greeting deadline for a polling session. */
export const IMAP_SESSION_TIMEOUT_MS = 30_000;

export function imapClient(opts: { timeoutMs?: number } = {}) {
  const thread = new ParseThread();
  return {
    testLogin: (login: MailServerLogin): Promise<CheckResult> => testImapLogin(login, CONNECTION_TEST_TIMEOUT_MS),
    open: (login: MailServerLogin) => openImapSession(login, opts.timeoutMs ?? IMAP_SESSION_TIMEOUT_MS),
    parse: (raw: Buffer) => thread.parse(raw),
    close: () => thread.stop(),
  };
}

export async function openImapSession(login: MailServerLogin, timeoutMs: number) {
  const client = new ImapFlow(imapClientOptions(login, timeoutMs));
  // Socket errors also come as events; the command under way rejects with them.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    client.close();
    throw err;
  }
  return {
    async folders() {
      return (await client.list()).map((f) => ({ path: f.path, specialUse: f.specialUse || null }));
    },
    async examine(path: string) {
      const box = await client.mailboxOpen(path, { readOnly: true });
      return { uidValidity: String(box.uidValidity), uidNext: box.uidNext, exists: box.exists };
    },
    async fetchAfter(afterUid: number, { limit = 100, maxBytes }: { limit?: number; maxBytes?: number } = {}) {
      const out: { uid: number; source: Buffer; internalDate: Date | null }[] = [];
      if (client.mailbox === false || !client.mailbox.exists) return out;
      // UIDs first, so only `limit` bodies cross the wire. With ESEARCH (RFC 4731, every IMAP4rev2
      // server) the answer is a compact set ("101:10100"), not one number per message still to read,
      // which on a backlog of 10,000 was sent again for every batch. `N:*` always includes the newest
      // message, even below N: the UID check drops it.
      const found = await client.search({ uid: `${afterUid + 1}:*` }, { uid: true, returnOptions: ['all'] });
      let uids = firstUids(found, afterUid, limit);
      if (!uids.length) return out;
      if (maxBytes !== undefined) uids = withinBytes(await sizesOf(client, uids), maxBytes);
      for await (const m of client.fetch(uids.join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
        if (m.source) out.push({ uid: m.uid, source: m.source, internalDate: m.internalDate ? new Date(m.internalDate) : null });
      }
      return out.sort((a, b) => a.uid - b.uid);
    },
    async firstUidSince(since: Date) {
      if (client.mailbox === false || !client.mailbox.exists) return null;
      const found = (await client.search({ since }, { uid: true })) || [];
      return found.length ? found.reduce((a, b) => Math.min(a, b)) : null;
    },
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}

/** Each message's size (RFC822.SIZE), by UID, in UID order: one small FETCH before the bodies. */
async function sizesOf(client: ImapFlow, uids: number[]): Promise<{ uid: number; size: number }[]> {
  const out: { uid: number; size: number }[] = [];
  for await (const m of client.fetch(uids.join(','), { uid: true, size: true }, { uid: true })) out.push({ uid: m.uid, size: m.size ?? 0 });
  return out.sort((a, b) => a.uid - b.uid);
}

/** The first UIDs whose sizes add up to at most `maxBytes`; at least the first, however large, so a big
 *  message is read alone rather than never. */
export function withinBytes(sized: readonly { uid: number; size: number }[], maxBytes: number): number[] {
  const out: number[] = [];
  let total = 0;
  for (const { uid, size } of sized) {
    if (out.length && total + size > maxBytes) break;
    out.push(uid);
    total += size;
  }
  return out;
}

/** The lowest `limit` UIDs above `afterUid` of a search answer: an ESEARCH compact set, or the plain
 *  list of a server without ESEARCH. */
export function firstUids(found: ESearchResult | number[] | false | undefined, afterUid: number, limit: number): number[] {
  if (!found) return [];
  if (Array.isArray(found)) {
    return found
      .filter((uid) => uid > afterUid)
      .sort((a, b) => a - b)
      .slice(0, limit);
  }
  const ranges = (found.all ?? '')
    .split(',')
    .filter((part) => part !== '')
    .map((part) => {
      const [a, b = a] = part.split(':').map(Number) as [number, number?];
      return [Math.min(a, b!), Math.max(a, b!)] as const;
    })
    .sort((x, y) => x[0] - y[0]);
  const out: number[] = [];
  for (const [from, to] of ranges) {
    for (let uid = Math.max(from, afterUid + 1); uid <= to && out.length < limit; uid++) out.push(uid);
    if (out.length >= limit) break;
  }
  return out;
}
