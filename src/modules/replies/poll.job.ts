// Every IMAP_POLL_SECONDS: read every inbox that is not deleted (decisions.md §6), at most
// POLL_CONCURRENCY at once, so 1,000 inboxes never mean 1,000 connections and one slow or failing inbox
// never holds back the rest (each poll catches its own failure into the inbox's lastError). The slots are
// shared out by workspace (decisions.md §10: work that waits on a peer has a per-workspace cap), so one
// workspace's many slow or hung servers cannot keep every other workspace's inboxes waiting.
import type { AppDeps } from '../../runtime/context';
import { mapFair } from '../../runtime/concurrency';
import type { JobDefinition } from '../../runtime/job';
import { pollInbox } from './poll/poll-inbox';
import { inboxesToPoll } from './poll/poll.queries';

/** Inboxes read at once, in one process. */
export const POLL_CONCURRENCY = 16;
/** Inboxes of one workspace read at once while another workspace's inbox waits for a slot. A poll
 *  waits on the inbox's own mail server for up to its deadline (2 minutes), and one workspace can
 *  connect dozens of inboxes to one slow or hostile server: without a share, those would take every
 *  slot for minutes while other workspaces' replies went unread and their follow-ups went out. Four
 *  leaves 12 of the 16 slots to the others; the workspaces take turns for free slots (mapFair). A slot
 *  no other workspace is waiting for still goes to a workspace past its share: an idle slot would only
 *  make the run, and so every workspace's next poll, later. */
export const POLL_SHARE_PER_WORKSPACE = 4;

export function createPollJob(pollSeconds: number): JobDefinition {
  return {
    name: 'poll-replies',
    every: `${pollSeconds} seconds`,
    concurrency: 1,
    async run(deps, _data, { signal }) {
      // Told to stop, no further inbox is started and each poll ends after the batch it is writing
      // (its cursor moves with each committed batch, so the next poll goes on from there).
      const totals = await pollAllInboxes(deps, { stopping: () => signal.aborted });
      if (totals.items || totals.reports) deps.log.info('replies polled', { ...totals });
    },
  };
}

/** Polls every inbox once (of the given workspaces only, for tests) and sums what they read. */
export async function pollAllInboxes(deps: AppDeps, opts: { stopping?: () => boolean; workspaceIds?: string[] } = {}) {
  const stopping = opts.stopping ?? (() => false);
  const inboxes = await inboxesToPoll(deps.orm.em.fork(), opts.workspaceIds);
  const reports = await mapFair(
    inboxes,
    (inbox) => inbox.workspaceId,
    { limit: POLL_CONCURRENCY, perKey: POLL_SHARE_PER_WORKSPACE },
    async ({ id }) => (stopping() ? null : pollInbox(deps, id, { stopping })),
  );
  const totals = { inboxes: 0, read: 0, items: 0, unreadable: 0, reports: 0 };
  for (const r of reports) {
    if (!r) continue;
    totals.inboxes++;
    totals.read += r.read;
    totals.items += r.items;
    totals.unreadable += r.unreadable;
    totals.reports += r.reports;
  }
  return totals;
}
