// Reads one inbox's new mail (decisions.md §6): INBOX and the \Junk folder, read-only, from each folder's
// cursor, in batches that each commit with their cursor (ingest/ingest-batch.ts). A failure leaves the
// inbox's lastError and the cursor at the last committed batch; the next poll goes on from there.
//
// decisions.md §10: one inbox's poll has a wall-clock deadline (POLL_DEADLINE_MS): past it the IMAP
// session is closed wherever it is (a server trickling bytes resets no deadline), a wait on the parse
// thread is given up, model calls under way are dropped and the replies left get the rules' suggestion
// (ingest/suggest.ts, which also caps the poll's wait on the model at POLL_MODEL_BUDGET_MS), the batch
// whose suggestions were cut short is written and no later one, the inbox gets a lastError, and the next
// poll goes on from the last committed batch. Stopping the service ends the
// session the same way, without a lastError. A message over 25 MB (RFC822.SIZE) is never downloaded: it
// is skipped like an unreadable one (counted and described on the folder's cursor, logged, in the poll
// report) and the cursor moves past it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../runtime/context';
import { MAX_RAW_BYTES, type Unreadable } from '../../../mail/inbound-message';
import type { ImapMessage, ImapSession } from '../../../runtime/ports';
import { untilAborted } from '../../../runtime/time-limit';
import { ingestBatch, suggestBatch } from '../ingest/ingest-batch';
import { moveCursor } from '../ingest/ingest-batch.queries';
import { prepareBatch, type FolderTarget, type ParsedMessage, type Prepared } from '../ingest/prepare';
import { ModelBudget, type Suggestion } from '../ingest/suggest';
import { loginWith, ReconnectNeeded, withMailLogin } from '../../oauth/mail-login';
import { readReports } from './dmarc-intake';
import { folderCursor, markPolled, inboxFirstSentAt, inboxToPoll, setPollError, type PolledInbox } from './poll.queries';

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
/** One inbox's poll, from connecting to the last batch (decisions.md §10). */
export const POLL_DEADLINE_MS = 2 * 60_000;
/** How often a poll looks at `stopping()` while it waits on the server. */
const STOPPING_CHECK_MS = 200;

export interface PollOptions {
  stopping?: () => boolean;
  maxMessages?: number;
  batch?: number;
  batchBytes?: number;
  /** POLL_DEADLINE_MS unless given (tests shorten it). */
  deadlineMs?: number;
  /** POLL_MODEL_BUDGET_MS unless given (tests shorten it). */
  modelBudgetMs?: number;
}

/** What ends a poll's waits: its signal (the deadline, the service stopping), and its model budget. */
interface PollLimits {
  signal: AbortSignal;
  model: ModelBudget;
}

export interface PollReport {
  folders: number;
  read: number;
  items: number;
  /** Messages skipped as unreadable, those over the size limit included. */
  unreadable: number;
  /** Of those, messages not downloaded for their size. */
  tooLarge: number;
  reports: number;
}

interface Fetched {
  messages: ImapMessage[];
  /** Prepared, or for the DMARC report address only parsed. */
  prepared: Promise<Prepared[] | ParsedMessage[]>;
  suggestions: Promise<Suggestion[]>;
  now: Date;
}

export async function pollInbox(deps: AppDeps, inboxId: string, opts: PollOptions = {}): Promise<PollReport> {
  const em = deps.orm.em.fork() as EntityManager;
  const report: PollReport = { folders: 0, read: 0, items: 0, unreadable: 0, tooLarge: 0, reports: 0 };
  const inbox = await inboxToPoll(em, inboxId);
  if (!inbox) return report;
  let session: ImapSession | null = null;
  const end = sessionEnd(opts);
  const limits: PollLimits = { signal: end.signal, model: new ModelBudget(end.signal, opts.modelBudgetMs) };
  try {
    // decisions.md §15: an OAuth inbox logs in with its token, refreshed once when the server refuses it.
    const server = { host: inbox.imap_host, port: inbox.imap_port, username: inbox.username };
    session = await withMailLogin(
      deps,
      { id: inbox.id, authType: inbox.auth_type, passwordEnc: inbox.password_enc },
      (secret) => deps.imap.open(loginWith(server, secret), { signal: end.signal }),
      (err) => (err as { authenticationFailed?: boolean } | null)?.authenticationFailed === true,
    );
    const folders = await session.folders();
    const paths = ['INBOX', ...folders.filter((f) => f.specialUse === '\\Junk' && f.path.toUpperCase() !== 'INBOX').map((f) => f.path)];
    let budget = opts.maxMessages ?? POLL_MAX_MESSAGES;
    for (const path of paths) {
      if (opts.stopping?.() || budget <= 0) break;
      const read = await pollFolder(deps, em, session, inbox, path, budget, opts, limits, report);
      budget -= read;
      report.folders++;
    }
    await markPolled(em, inbox.id, POLL_ERROR_PREFIX, deps.clock.now());
    deps.metrics.engine.imapPoll('ok');
  } catch (err) {
    const detail = (err as Error).message || String(err);
    if (err instanceof ReconnectNeeded) {
      // Its provider ended the access just now: the inbox shows that (reconnect_needed), not a poll error.
      deps.metrics.engine.imapPoll('failed');
      return report;
    }
    if (end.stopped()) {
      // Not the inbox's failure: the service is stopping, and the next poll goes on from the cursor.
      deps.log.info('reply poll stopped', { inboxId });
      deps.metrics.engine.imapPoll('stopped');
      return report;
    }
    deps.metrics.engine.imapPoll(end.signal.aborted ? 'timed_out' : 'failed');
    deps.log.warn('reply poll failed', { inboxId, error: detail });
    await setPollError(em, inbox.id, `${POLL_ERROR_PREFIX}${detail}`.slice(0, 500));
  } finally {
    end.clear();
    limits.model.clear();
    await session?.close().catch(() => undefined);
  }
  return report;
}

/** The signal that ends a poll's IMAP session and its other waits: its deadline, or the service stopping
 *  (`stopping()` is looked at every STOPPING_CHECK_MS, since a command under way may wait on the server
 *  for long). */
function sessionEnd(opts: PollOptions) {
  const controller = new AbortController();
  const deadlineMs = opts.deadlineMs ?? POLL_DEADLINE_MS;
  let stopped = false;
  const deadline = setTimeout(() => {
    controller.abort(
      new Error(`the poll did not finish within ${Math.round(deadlineMs / 1000)} s, so the connection was closed; the next poll goes on from the last message read`),
    );
  }, deadlineMs);
  const watch = setInterval(() => {
    if (!opts.stopping?.()) return;
    stopped = true;
    controller.abort(new Error('the service is stopping'));
  }, STOPPING_CHECK_MS);
  deadline.unref();
  watch.unref();
  return {
    signal: controller.signal,
    stopped: () => stopped,
    clear: () => {
      clearTimeout(deadline);
      clearInterval(watch);
    },
  };
}

/** A message not downloaded for its size, as the parser's unreadable result: recorded the same way. */
function tooLarge(size: number): Unreadable {
  return { unreadable: true, reason: `not downloaded: ${size} bytes (RFC822.SIZE) is over the ${MAX_RAW_BYTES}-byte limit` };
}

async function pollFolder(
  deps: AppDeps,
  em: EntityManager,
  session: ImapSession,
  inbox: PolledInbox,
  path: string,
  budget: number,
  opts: PollOptions,
  limits: PollLimits,
  report: PollReport,
) {
  const state = await session.examine(path);
  const target: FolderTarget = {
    workspaceId: inbox.workspace_id,
    workspaceZone: inbox.timezone,
    inboxId: inbox.id,
    inboxEmail: inbox.email.toLowerCase(),
    path,
    uidValidity: state.uidValidity,
  };
  const cursor = await folderCursor(em, inbox.id, path);
  let lastUid: number;
  if (cursor && cursor.uidValidity === state.uidValidity) {
    lastUid = cursor.lastUid;
  } else {
    // First poll, or the server renumbered the folder: read from the inbox's first send (or its
    // creation), a day early since SEARCH SINCE counts whole days in the server's zone.
    // Asked only here, not on every poll of every inbox.
    const firstSentAt = await inboxFirstSentAt(em, inbox.id);
    const from = new Date(new Date(firstSentAt ?? inbox.created_at).getTime() - 86_400_000);
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
    for (const m of messages) {
      if (m.tooLarge === undefined) continue;
      report.tooLarge++;
      deps.log.warn('message over the size limit skipped', { inboxId: inbox.id, folder: path, uid: m.uid, size: m.tooLarge });
    }
    // The batch's messages go to the parse thread together (one crossing each way, mail/parse-thread.ts),
    // which parses DMARC reports too at the report address only.
    const raws = messages.filter((m) => m.tooLarge === undefined).map((m) => m.source);
    const parsed = deps.imap.parseAll(raws, { reports: inbox.dmarc_reports }).then((results) => {
      let next = 0;
      return messages.map((raw) => ({ raw, msg: raw.tooLarge === undefined ? results[next++]! : tooLarge(raw.tooLarge) }));
    });
    const now = deps.clock.now();
    // The DMARC report address stores reports as it reads them: in order, in the write stage.
    const prepared = inbox.dmarc_reports ? parsed : parsed.then((batch) => prepareBatch(em, target, batch, now));
    const suggestions = inbox.dmarc_reports ? Promise.resolve([]) : (prepared as Promise<Prepared[]>).then((p) => suggestBatch(deps, p, limits.model));
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
    const { messages, suggestions, now } = current;
    // The parse thread is shared by every poll and cannot be told to stop: the poll stops waiting on it
    // at its deadline. The suggestions need no such race: past the deadline they come from the rules.
    const pending = untilAborted(current.prepared, limits.signal);
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
    // Past the deadline, batches read ahead are not written: they are read again next poll.
    if (limits.signal.aborted) throw limits.signal.reason;
  }
  report.read += read;
  return read;
}
