// Reads one inbox's new mail (decisions.md §6): INBOX and the \Junk folder, read-only, from each folder's
// cursor, in batches that each commit with their cursor (ingest/ingest-batch.ts). A failure leaves the
// inbox's lastError and the cursor at the last committed batch; the next poll goes on from there.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../context';
import { sql, sqlRun } from '../../../db/sql';
import type { ImapMessage, ImapSession } from '../../../ports';
import { ingestBatch, moveCursor, suggestBatch } from '../ingest/ingest-batch';
import { prepareBatch, type FolderTarget, type ParsedMessage, type Prepared } from '../ingest/prepare';
import type { Suggestion } from '../ingest/suggest';
import { readReports } from './dmarc-intake';

/** Messages fetched (and committed) together, at most. Each batch costs its transaction a fixed number of
 *  round trips (items, locks, effects, hard bounces, commit), so bigger batches read faster: on the
 *  reply-ingest benchmark 250 reached 78-82% of the bare fetch-and-parse rate where 100 reached 65-66%
 *  (same machine, same session). */
export const POLL_BATCH = 250;
/** …and bytes of raw mail together, at most (RFC822.SIZE, asked before the bodies): with the batches read
 *  ahead, a folder of large attachments holds a few of these in memory, not a few hundred messages of
 *  up to 25 MiB each. A message bigger than this is read in a batch of its own. */
export const POLL_BATCH_BYTES = 16 * 1024 * 1024;
/** Most messages one inbox reads in one poll: a backlog is worked off over several polls, so one inbox
 *  with 50,000 old messages does not hold a polling slot while the others wait. */
export const POLL_MAX_MESSAGES = 2_000;
/** Batches read (fetched, parsed, matched) ahead of the one being written. */
const READ_AHEAD = 2;
/** lastError values this poller wrote start with this, so a good poll clears only its own. */
export const POLL_ERROR_PREFIX = 'Reading replies failed: ';

export interface PollOptions {
  stopping?: () => boolean;
  maxMessages?: number;
  batch?: number;
  batchBytes?: number;
}

export interface PollReport {
  folders: number;
  read: number;
  items: number;
  unreadable: number;
  reports: number;
}

interface Fetched {
  messages: ImapMessage[];
  /** Prepared, or for the DMARC report address only parsed. */
  prepared: Promise<Prepared[] | ParsedMessage[]>;
  suggestions: Promise<Suggestion[]>;
  now: Date;
}

interface InboxRow {
  id: string;
  workspace_id: string;
  email: string;
  imap_host: string;
  imap_port: number;
  username: string;
  password_enc: string;
  dmarc_reports: boolean;
  created_at: string;
  timezone: string;
}

export async function pollInbox(deps: AppDeps, inboxId: string, opts: PollOptions = {}): Promise<PollReport> {
  const em = deps.orm.em.fork() as EntityManager;
  const report: PollReport = { folders: 0, read: 0, items: 0, unreadable: 0, reports: 0 };
  const [inbox] = (await sql(
    em,
    `select i.id, i.workspace_id, i.email, i.imap_host, i.imap_port, i.username, i.password_enc, i.dmarc_reports, i.created_at, w.timezone
       from inbox i join workspace w on w.id = i.workspace_id where i.id = ? and i.deleted_at is null`,
    [inboxId],
  )) as unknown as InboxRow[];
  if (!inbox) return report;
  let session: ImapSession | null = null;
  try {
    const password = deps.secrets.decrypt(inbox.password_enc);
    session = await deps.imap.open({ host: inbox.imap_host, port: inbox.imap_port, username: inbox.username, password });
    const folders = await session.folders();
    const paths = ['INBOX', ...folders.filter((f) => f.specialUse === '\\Junk' && f.path.toUpperCase() !== 'INBOX').map((f) => f.path)];
    let budget = opts.maxMessages ?? POLL_MAX_MESSAGES;
    for (const path of paths) {
      if (opts.stopping?.() || budget <= 0) break;
      const read = await pollFolder(deps, em, session, inbox, path, budget, opts, report);
      budget -= read;
      report.folders++;
    }
    await sqlRun(em, `update inbox set last_error = null where id = ? and last_error like ?`, [inbox.id, `${POLL_ERROR_PREFIX}%`]);
  } catch (err) {
    const detail = (err as Error).message || String(err);
    deps.log.warn('reply poll failed', { inboxId, error: detail });
    await sqlRun(em, `update inbox set last_error = ? where id = ?`, [`${POLL_ERROR_PREFIX}${detail}`.slice(0, 500), inbox.id]);
  } finally {
    await session?.close().catch(() => undefined);
  }
  return report;
}

async function pollFolder(deps: AppDeps, em: EntityManager, session: ImapSession, inbox: InboxRow, path: string, budget: number, opts: PollOptions, report: PollReport) {
  const state = await session.examine(path);
  const target: FolderTarget = {
    workspaceId: inbox.workspace_id,
    workspaceZone: inbox.timezone,
    inboxId: inbox.id,
    inboxEmail: inbox.email.toLowerCase(),
    path,
    uidValidity: state.uidValidity,
  };
  const [cursor] = await sql(em, `select uid_validity, last_uid from inbox_folder_cursor where inbox_id = ? and folder = ?`, [inbox.id, path]);
  let lastUid: number;
  if (cursor && String(cursor.uid_validity) === state.uidValidity) {
    lastUid = Number(cursor.last_uid);
  } else {
    // First poll, or the server renumbered the folder: read from the inbox's first send (or its
    // creation), a day early since SEARCH SINCE counts whole days in the server's zone.
    // Asked only here, not on every poll of every inbox.
    const [firstSend] = await sql(em, `select min(sent_at) as at from send where inbox_id = ? and status in ('sent', 'bounced')`, [inbox.id]);
    const from = new Date(new Date((firstSend?.at as string | null) ?? inbox.created_at).getTime() - 86_400_000);
    const first = await session.firstUidSince(from);
    lastUid = first === null ? Math.max(0, state.uidNext - 1) : first - 1;
    await moveCursor(em, target, lastUid, deps.clock.now());
  }
  // The batch pipeline (README.md): while one batch is written, the next ones are already fetched over
  // IMAP, parsed on the parse thread, classified, matched and given their interest suggestions (reads
  // only, on connections of their own). Only a committed batch moves the cursor; a batch read ahead and
  // never written is read again next time.
  const size = opts.batch ?? POLL_BATCH;
  let fetched = 0;
  /** Fetches the batch after `after`, then (not awaited) parses, prepares and suggests it. */
  const readOne = async (after: number): Promise<Fetched | null> => {
    const limit = Math.min(size, budget - fetched);
    if (limit <= 0 || opts.stopping?.()) return null;
    const messages = await session.fetchAfter(after, { limit, maxBytes: opts.batchBytes ?? POLL_BATCH_BYTES });
    if (!messages.length) return null;
    fetched += messages.length;
    const parsed = Promise.all(messages.map(async (raw) => ({ raw, msg: await deps.imap.parse(raw.source) })));
    const now = deps.clock.now();
    // The DMARC report address stores reports as it reads them: in order, in the write stage.
    const prepared = inbox.dmarc_reports ? parsed : parsed.then((batch) => prepareBatch(em, target, batch, now));
    const suggestions = inbox.dmarc_reports ? Promise.resolve([]) : (prepared as Promise<Prepared[]>).then((p) => suggestBatch(deps, p));
    // Awaited in the write stage; these only keep a failure of a batch never written from going unhandled.
    prepared.catch(() => undefined);
    suggestions.catch(() => undefined);
    return { messages, prepared, suggestions, now };
  };
  // Up to READ_AHEAD batches in flight ahead of the one being written, each fetch starting when the
  // previous one has its messages (it needs their last UID).
  let tail = readOne(lastUid);
  const ahead = [tail];
  const extend = () => {
    tail = tail.then((prev) => (prev ? readOne(prev.messages[prev.messages.length - 1]!.uid) : null));
    tail.catch(() => undefined);
    ahead.push(tail);
  };
  for (let i = 1; i < READ_AHEAD; i++) extend();
  let read = 0;
  for (let next = ahead.shift(); next; next = ahead.shift()) {
    const current = await next;
    if (!current) break;
    extend();
    const { messages, prepared: pending, suggestions, now } = current;
    let prepared: Prepared[];
    if (inbox.dmarc_reports) {
      prepared = [];
      for (const m of (await pending) as ParsedMessage[]) prepared.push(await readReports(em, target, m));
    } else {
      prepared = (await pending) as Prepared[];
    }
    const done = await ingestBatch(deps, em, target, prepared, await suggestions, now);
    report.items += done.items;
    report.unreadable += done.unreadable;
    report.reports += prepared.filter((p) => 'skipped' in p && p.skipped === 'report').length;
    read += messages.length;
    if (opts.stopping?.()) break;
  }
  report.read += read;
  return read;
}
