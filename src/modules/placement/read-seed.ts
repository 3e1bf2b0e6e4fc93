// Reads one seed for a test's copies (decisions.md §16): read-only like every inbox (EXAMINE, and
// BODY.PEEK of two header fields: nothing changes on the server), in every folder but Sent, Drafts and
// Trash (folders.ts), by `HEADER Message-ID`. A copy found in INBOX of a server offering X-GM-EXT-1
// (Gmail) is `category` when X-GM-RAW puts it in the Promotions, Updates, Social or Forums tab. Its
// `auth` comes from its topmost Authentication-Results (auth-results.ts).
//
// Bounded like reply polling (decisions.md §10): every wait by the IMAP port's timeouts, the whole read by
// SEED_READ_DEADLINE_MS (a server that trickles is closed at it), and the server's answers by
// SEED_MAX_RESPONSE_BYTES (only headers are read). A failure throws: the caller notes it on the seed's
// copies and reads it again next round; nothing here touches another seed.
import type { AppDeps } from '../../runtime/context';
import type { ImapSession } from '../../runtime/ports';
import { loginWith, withMailLogin, type InboxLoginSource, type LoginCache } from '../oauth/mail-login';
import { authOfHeaders } from './auth-results';
import { foldersToSearch, GMAIL_CATEGORIES, type FolderKind } from './folders';
import type { AuthResults } from './placement.entity';

/** One seed's read, from connecting to its last search (as one reply poll, decisions.md §10). */
export const SEED_READ_DEADLINE_MS = 2 * 60_000;
/** The most one answer of a seed's server may hold: header fields of a batch, never a message body. */
export const SEED_MAX_RESPONSE_BYTES = 1024 * 1024;
/** Message-IDs searched for in one SEARCH (a balanced OR tree, a few levels deep). */
export const SEARCH_BATCH = 50;
/** UIDs whose headers are read per batch, at most: a server answering a search with more is cut off there. */
const MAX_UIDS_PER_BATCH = 4 * SEARCH_BATCH;

export interface LookedFor {
  id: string;
  messageId: string;
}

export interface Sighting {
  copyId: string;
  placement: FolderKind | 'category';
  folder: string;
  auth: AuthResults | null;
}

/** The seed's IMAP server and how it logs in (decisions.md §15: a password, or OAuth with no password). */
export interface SeedLogin extends InboxLoginSource {
  host: string;
  port: number;
  username: string;
}

/** A Message-ID as compared: without angle brackets and spaces, lower-case. */
export const messageIdKey = (id: string) => id.trim().replace(/^<|>$/g, '').toLowerCase();

/** The Message-ID of a header block (the first one), as messageIdKey gives it; null without one. */
export function messageIdOfHeaders(headers: string): string | null {
  const m = /(?:^|\r?\n)message-id[ \t]*:[ \t]*((?:[^\r\n]|\r?\n[ \t])*)/i.exec(headers);
  return m ? messageIdKey(m[1]!.replace(/\r?\n[ \t]+/g, ' ')) : null;
}

/** Whether an IMAP login failed on the credentials themselves (imapflow's flag): an OAuth token is then
 *  refreshed once and the login tried again. */
const loginRefused = (err: unknown) => (err as { authenticationFailed?: boolean } | null)?.authenticationFailed === true;

/** Reads the seed once for `copies` (its copies sent and not seen yet); what it saw of them. `signal`
 *  ends the read at once (the test's run is stopping). It logs in as every mail path does (mail-login.ts):
 *  its password, or its OAuth token (from `logins` while usable). */
export async function readSeed(
  deps: AppDeps,
  seed: SeedLogin,
  copies: readonly LookedFor[],
  opts: { signal?: AbortSignal; deadlineMs?: number; logins?: LoginCache } = {},
): Promise<Sighting[]> {
  if (!copies.length) return [];
  const controller = new AbortController();
  const deadlineMs = opts.deadlineMs ?? SEED_READ_DEADLINE_MS;
  const timer = setTimeout(() => controller.abort(new Error(`the seed was not read within ${Math.round(deadlineMs / 1000)} s, so the connection was closed`)), deadlineMs);
  const stop = () => controller.abort(opts.signal?.reason ?? new Error('the test run is stopping'));
  opts.signal?.addEventListener('abort', stop, { once: true });
  let session: ImapSession | null = null;
  try {
    const server = { host: seed.host, port: seed.port, username: seed.username };
    session = await withMailLogin(
      deps,
      seed,
      (secret) => deps.imap.open(loginWith(server, secret), { signal: controller.signal, maxResponseBytes: SEED_MAX_RESPONSE_BYTES }),
      loginRefused,
      opts.logins,
    );
    return await searchFolders(session, copies);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', stop);
    await session?.close().catch(() => undefined);
  }
}

async function searchFolders(session: ImapSession, copies: readonly LookedFor[]): Promise<Sighting[]> {
  const left = new Map(copies.map((c) => [messageIdKey(c.messageId), c]));
  const gmail = session.capabilities().includes('X-GM-EXT-1');
  const sightings: Sighting[] = [];
  for (const folder of foldersToSearch(await session.folders())) {
    if (!left.size) break;
    const state = await session.examine(folder.path);
    if (!state.exists) continue;
    const lookedFor = [...left.values()];
    for (let i = 0; i < lookedFor.length; i += SEARCH_BATCH) {
      const batch = lookedFor.slice(i, i + SEARCH_BATCH);
      // The id without brackets: HEADER search is a substring match, and servers differ on the brackets.
      const uids = await session.searchHeader(
        'Message-ID',
        batch.map((c) => messageIdKey(c.messageId)),
      );
      if (!uids.length) continue;
      const found: { uid: number; copy: LookedFor; auth: AuthResults | null }[] = [];
      for (const h of await session.fetchHeaderFields(uids.slice(0, MAX_UIDS_PER_BATCH), ['Message-ID', 'Authentication-Results'])) {
        const key = messageIdOfHeaders(h.headers);
        const copy = key === null ? undefined : left.get(key);
        // A substring match that is not the copy, or a second copy of it in the folder: skipped.
        if (!copy || found.some((f) => f.copy === copy)) continue;
        found.push({ uid: h.uid, copy, auth: authOfHeaders(h.headers) });
      }
      const tabs =
        folder.kind === 'inbox' && gmail
          ? await gmailTabs(
              session,
              found.map((f) => f.uid),
            )
          : new Map<number, string>();
      for (const f of found) {
        const tab = tabs.get(f.uid);
        sightings.push({
          copyId: f.copy.id,
          placement: tab ? 'category' : folder.kind,
          folder: tab ?? folder.path,
          auth: f.auth,
        });
      }
      // Found copies are not looked for in the folders that come after (the first sighting decides).
      for (const f of found) left.delete(messageIdKey(f.copy.messageId));
    }
  }
  return sightings;
}

/** Of these INBOX UIDs, the ones Gmail files under a tab other than Primary, with the tab's name. */
export async function gmailTabs(session: Pick<ImapSession, 'gmailSearch'>, uids: readonly number[]): Promise<Map<number, string>> {
  const tabs = new Map<number, string>();
  if (!uids.length) return tabs;
  for (const c of GMAIL_CATEGORIES) {
    for (const uid of await session.gmailSearch(uids, c.query)) if (!tabs.has(uid)) tabs.set(uid, c.name);
  }
  return tabs;
}
