// The real IMAP port (ports.ts ImapPort) on imapflow: the connection test, and read-only sessions for
// reply polling. Transport security as in connection-test.ts (imapClientOptions). Sessions only EXAMINE
// folders and FETCH with BODY.PEEK[] (imapflow's `source`), so nothing on the server changes, \Seen included.
import { ImapFlow } from 'imapflow';
import { CONNECTION_TEST_TIMEOUT_MS, imapClientOptions, testImapLogin, type CheckResult, type MailServerLogin } from './connection-test';

/** Socket and greeting deadline for a polling session. */
export const IMAP_SESSION_TIMEOUT_MS = 30_000;

export function imapClient(opts: { timeoutMs?: number } = {}) {
  return {
    testLogin: (login: MailServerLogin): Promise<CheckResult> => testImapLogin(login, CONNECTION_TEST_TIMEOUT_MS),
    open: (login: MailServerLogin) => openImapSession(login, opts.timeoutMs ?? IMAP_SESSION_TIMEOUT_MS),
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
    async fetchAfter(afterUid: number, { limit = 100 }: { limit?: number } = {}) {
      const out: { uid: number; source: Buffer; internalDate: Date | null }[] = [];
      if (client.mailbox === false || !client.mailbox.exists) return out;
      // UIDs first, so only `limit` bodies cross the wire. `N:*` always includes the newest message, even
      // below N: the UID check drops it.
      const found = (await client.search({ uid: `${afterUid + 1}:*` }, { uid: true })) || [];
      const uids = found
        .filter((uid) => uid > afterUid)
        .sort((a, b) => a - b)
        .slice(0, limit);
      if (!uids.length) return out;
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
