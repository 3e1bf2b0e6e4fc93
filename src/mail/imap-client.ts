// The real IMAP port (ports.ts ImapPort) on imapflow: the connection test, and read-only sessions for
// reply polling. Transport security as in connection-test.ts (imapClientOptions), and the address guard
// (mail-host.ts): the session goes to the address checked. Sessions only EXAMINE folders and FETCH with
// BODY.PEEK[] (imapflow's `source`), so nothing on the server changes, \Seen included. Messages are parsed
// on the port's parse thread (parse-thread.ts).
//
// Every wait is bounded (decisions.md §10): the greeting and login by imapflow's timeouts and a deadline
// over both, each command by `timeoutMs` (a server trickling bytes resets a socket's idle timeout, not
// these), and the whole session by the caller's signal (a poll's wall-clock deadline): once it fires the
// connection is closed and every call under way or to come rejects with its reason.
import { ImapFlow, type ESearchResult } from 'imapflow';
import { MAX_RAW_BYTES } from './inbound-message';
import { CONNECTION_TEST_TIMEOUT_MS, imapClientOptions, testImapLogin, withDeadline, type CheckResult, type MailServerLogin } from './connection-test';
import { pinMailHost, type MailHostPolicy } from './mail-host';
import { ParseThread } from './parse-thread';

/** Socket, greeting and command deadline for a polling session. */
export const IMAP_SESSION_TIMEOUT_MS = 30_000;
/** A message over this (RFC822.SIZE) is not downloaded (decisions.md §10): the parser's own limit. */
export const MAX_MESSAGE_BYTES = MAX_RAW_BYTES;
/** Of the header fields fetched for one message, at most this much is kept. */
export const MAX_HEADER_FIELDS_BYTES = 64 * 1024;
/** The most one answer of the server may hold in a session that sets no smaller bound (a reply poll): a
 *  message we download is at most MAX_MESSAGE_BYTES by its RFC822.SIZE, and a little more lets a server
 *  whose sizes are slightly off still be read. Without it imapflow takes literals up to 1 GiB, so a server
 *  stating a small size then sending a huge body would fill the process's memory (decisions.md §10). */
export const MAX_SESSION_RESPONSE_BYTES = MAX_MESSAGE_BYTES + 1024 * 1024;

export interface ImapPortOptions {
  /** The address guard (mail-host.ts): ALLOW_PRIVATE_FETCH. */
  policy: MailHostPolicy;
  /** Each wait of a polling session (IMAP_SESSION_TIMEOUT_MS unless given; tests shorten it). */
  timeoutMs?: number;
  /** The connection test's waits (CONNECTION_TEST_TIMEOUT_MS unless given). */
  testTimeoutMs?: number;
}

export interface OpenOptions {
  /** Ends the session: the connection is closed and every call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The most one answer of the server may hold (a line, a literal, the whole response): a session that
   *  reads only headers (placement tests) caps it far below a message's 25 MB. The connection fails past it.
   *  MAX_SESSION_RESPONSE_BYTES unless given. */
  maxResponseBytes?: number;
}

export function imapClient(opts: ImapPortOptions) {
  const thread = new ParseThread();
  const stopping = new AbortController();
  return {
    testLogin: (login: MailServerLogin): Promise<CheckResult> => testImapLogin(login, opts.policy, opts.testTimeoutMs ?? CONNECTION_TEST_TIMEOUT_MS, stopping.signal),
    open: (login: MailServerLogin, o: OpenOptions = {}) => openImapSession(login, opts.policy, opts.timeoutMs ?? IMAP_SESSION_TIMEOUT_MS, o.signal, o.maxResponseBytes),
    parseAll: (raws: readonly Buffer[], opts?: { reports?: boolean }) => thread.parseAll(raws, opts),
    endRequestWork: () => stopping.abort(),
    close: () => {
      stopping.abort();
      return thread.stop();
    },
  };
}

/** A message's INTERNALDATE as imapflow hands it over: a Date, or the server's own text when imapflow
 *  could not parse it. Such text is no date: unknown (null), so the poller falls back on the Date header
 *  or the time it read the message, as for a server that sends none. Made a Date, it was an invalid one,
 *  writing the batch threw, and a server could fail an inbox's every poll with one message. */
function internalDateOf(value: Date | string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const reasonOf = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'the IMAP session was stopped')));

export async function openImapSession(login: MailServerLogin, policy: MailHostPolicy, timeoutMs: number, signal?: AbortSignal, maxResponseBytes = MAX_SESSION_RESPONSE_BYTES) {
  if (signal?.aborted) throw reasonOf(signal);
  const pinned = await pinMailHost(login.host, policy, timeoutMs);
  const limits = { maxLineLength: maxResponseBytes, maxLiteralSize: maxResponseBytes, maxResponseSize: 2 * maxResponseBytes };
  const client = new ImapFlow({ ...imapClientOptions(login, pinned, timeoutMs), ...limits });
  // Socket errors also come as events; the command under way rejects with them. An error of the
  // connection's own (a literal over the limit) closes it, and the command under way then only says
  // "Connection not available": the first such error is the reason to give.
  let connectionError: Error | null = null;
  client.on('error', (err: Error) => (connectionError ??= err));

  /** One wait on the server: at most `ms`, and never past the session's signal. A late server is cut off
   *  (the connection closed), so the command rejects and the session is over. */
  const bounded = async <T>(what: string, work: () => Promise<T>, ms = timeoutMs): Promise<T> => {
    if (signal?.aborted) throw reasonOf(signal);
    try {
      const result = await withDeadline(work(), ms, () => client.close(), signal);
      // A closed connection may end a FETCH early without an error: never take that for the whole answer.
      if (signal?.aborted) throw reasonOf(signal);
      return result;
    } catch (err) {
      if (signal?.aborted) throw reasonOf(signal);
      if ((err as { code?: string }).code === 'ETIMEDOUT') throw new Error(`The IMAP server ${login.host}:${login.port} did not answer ${what} within ${Math.round(ms / 1000)} s`);
      throw connectionError ?? err;
    }
  };

  try {
    // Greeting, STARTTLS and login: imapflow bounds each; this bounds them together.
    await bounded('the greeting and login', () => client.connect(), timeoutMs + 2000);
  } catch (err) {
    client.close();
    throw err;
  }
  // The session's end, wherever it is: closing the socket rejects the command under way.
  const end = () => client.close();
  signal?.addEventListener('abort', end, { once: true });

  return {
    async folders() {
      return (await bounded('LIST', () => client.list())).map((f) => ({ path: f.path, specialUse: f.specialUse || null, flags: [...(f.flags ?? [])] }));
    },
    async examine(path: string) {
      const box = await bounded('EXAMINE', () => client.mailboxOpen(path, { readOnly: true }));
      return { uidValidity: String(box.uidValidity), uidNext: box.uidNext, exists: box.exists };
    },
    async fetchAfter(afterUid: number, { limit = 100, maxBytes }: { limit?: number; maxBytes?: number } = {}) {
      const out: { uid: number; source: Buffer; internalDate: Date | null; tooLarge?: number }[] = [];
      if (client.mailbox === false || !client.mailbox.exists) return out;
      // UIDs first, so only `limit` bodies cross the wire. With ESEARCH (RFC 4731, every IMAP4rev2
      // server) the answer is a compact set ("101:10100"), not one number per message still to read,
      // which on a backlog of 10,000 was sent again for every batch. `N:*` always includes the newest
      // message, even below N: the UID check drops it.
      const found = await bounded('SEARCH', () => client.search({ uid: `${afterUid + 1}:*` }, { uid: true, returnOptions: ['all'] }));
      const uids = firstUids(found, afterUid, limit);
      if (!uids.length) return out;
      // Sizes before bodies: a message over MAX_MESSAGE_BYTES is never downloaded, only reported.
      const budget = maxBytes ?? Number.POSITIVE_INFINITY;
      const plan = batchPlan(await bounded('FETCH (RFC822.SIZE)', () => sizesOf(client, uids)), budget);
      for (const skipped of plan.tooLarge) out.push({ uid: skipped.uid, source: Buffer.alloc(0), internalDate: null, tooLarge: skipped.size });
      /** When the batch was cut short: the first UID asked for and not received. */
      let cutAt: number | undefined;
      if (plan.fetch.length) {
        const asked = new Set(plan.fetch);
        const got = new Set<number>();
        let bytes = 0;
        // The bodies: as long as they take, within the session's deadline (the signal).
        await bounded(
          'FETCH (BODY.PEEK[])',
          async () => {
            for await (const m of client.fetch(plan.fetch.join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
              // Only the messages asked for, each once (sizesOf says why).
              if (!m.source || !asked.has(m.uid) || got.has(m.uid)) continue;
              got.add(m.uid);
              out.push({ uid: m.uid, source: m.source, internalDate: internalDateOf(m.internalDate) });
              bytes += m.source.length;
              // The plan trusted the server's sizes; past the budget the batch takes no more bodies, so
              // it holds at most the budget and the one body that passed it (each at most
              // MAX_SESSION_RESPONSE_BYTES), not 250 bodies a server stating small sizes may send.
              // The rest of the answer is read and dropped.
              if (bytes > budget && got.size < asked.size) {
                cutAt = plan.fetch.find((uid) => !got.has(uid));
                break;
              }
            }
          },
          Number.POSITIVE_INFINITY,
        );
      }
      // Cut short, the batch ends before the first message it did not receive: what it returns is a run
      // of UIDs the cursor can move past, and the next batch starts there.
      const kept = cutAt === undefined ? out : out.filter((m) => m.uid < cutAt!);
      if (!kept.length && out.length) {
        throw new Error(`The IMAP server ${login.host}:${login.port} sent more than ${budget} bytes of messages for one batch, not in UID order`);
      }
      return kept.sort((a, b) => a.uid - b.uid);
    },
    async firstUidSince(since: Date) {
      if (client.mailbox === false || !client.mailbox.exists) return null;
      const found = (await bounded('SEARCH SINCE', () => client.search({ since }, { uid: true }))) || [];
      return found.length ? found.reduce((a, b) => Math.min(a, b)) : null;
    },
    capabilities() {
      return [...client.capabilities.keys()].map((c) => c.toUpperCase());
    },
    async searchHeader(field: string, values: readonly string[]) {
      if (client.mailbox === false || !client.mailbox.exists || !values.length) return [];
      const found = await bounded('SEARCH HEADER', () => client.search({ or: values.map((v) => ({ header: { [field]: v } })) }, { uid: true }));
      return [...(found || [])].sort((a, b) => a - b);
    },
    async fetchHeaderFields(uids: readonly number[], fields: readonly string[], maxBytesEach = MAX_HEADER_FIELDS_BYTES) {
      const out: { uid: number; headers: string }[] = [];
      if (client.mailbox === false || !uids.length) return out;
      await bounded('FETCH (BODY.PEEK[HEADER.FIELDS])', async () => {
        for await (const m of client.fetch(uids.join(','), { uid: true, headers: [...fields] }, { uid: true })) {
          // Only so much of each is kept, whatever a server sends: header fields are short.
          out.push({ uid: m.uid, headers: m.headers ? m.headers.subarray(0, maxBytesEach).toString('utf8') : '' });
        }
      });
      return out.sort((a, b) => a.uid - b.uid);
    },
    async gmailSearch(uids: readonly number[], query: string) {
      if (client.mailbox === false || !uids.length) return [];
      const found = await bounded('SEARCH X-GM-RAW', () => client.search({ uid: uids.join(','), gmraw: query }, { uid: true }));
      return [...(found || [])].sort((a, b) => a - b);
    },
    async close() {
      signal?.removeEventListener('abort', end);
      // LOGOUT is one more wait on the server: bounded, then the socket is simply closed.
      await withDeadline(client.logout(), Math.min(timeoutMs, 5_000), end).catch(end);
    },
  };
}

/** Each message's size (RFC822.SIZE), by UID, in UID order: one small FETCH before the bodies. A server
 *  that gives no size counts as 0 (the parser still refuses a body over MAX_RAW_BYTES).
 *
 *  Only the UIDs asked for: a server may put a FETCH of any message into any answer (RFC 3501 §7: another
 *  client changed its flags), and imapflow hands the command's caller every row it gets. A row for a newer
 *  message would go into the batch and move the cursor past the unread ones between (decisions.md §6,
 *  each message read once), and a row without a UID would make the body FETCH malformed. A message may
 *  also come in several rows, one with its size. */
async function sizesOf(client: ImapFlow, uids: number[]): Promise<{ uid: number; size: number }[]> {
  const asked = new Set(uids);
  const sizes = new Map<number, number>();
  for await (const m of client.fetch(uids.join(','), { uid: true, size: true }, { uid: true })) {
    if (asked.has(m.uid)) sizes.set(m.uid, Math.max(sizes.get(m.uid) ?? 0, m.size ?? 0));
  }
  return [...sizes].map(([uid, size]) => ({ uid, size })).sort((a, b) => a.uid - b.uid);
}

/**
 * Which messages of a batch (in UID order) to download and which to skip for their size: every message
 * over MAX_MESSAGE_BYTES is skipped (decisions.md §10), the others are taken while their sizes add up to
 * at most `maxBytes`, and always at least one of them, so a big message is read alone rather than never.
 * The batch ends at the first message that does not fit, so what it covers is a run of UIDs the cursor
 * can move past.
 */
export function batchPlan(sized: readonly { uid: number; size: number }[], maxBytes: number): { fetch: number[]; tooLarge: { uid: number; size: number }[] } {
  const fetch: number[] = [];
  const tooLarge: { uid: number; size: number }[] = [];
  let total = 0;
  for (const m of sized) {
    if (m.size > MAX_MESSAGE_BYTES) {
      tooLarge.push(m);
      continue;
    }
    if (fetch.length && total + m.size > maxBytes) break;
    fetch.push(m.uid);
    total += m.size;
  }
  return { fetch, tooLarge };
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
