// decisions.md §10: work a request does while it waits on a peer (a mail server: answering a reply, the
// connection test; a webhook receiver: the test event and a retry; web pages and the model: a column
// preview; DNS: the domain health check) has a per-workspace cap, so one workspace whose peer hangs holds
// at most that many requests, sockets and sessions, and never what other workspaces' requests need. Each
// such piece of work also has its own deadline (reply-answer.service.ts, the ports' timeouts). Over the
// cap: 429 `too_many_in_flight` with Retry-After, at once rather than queued.
//
// One per service (ports.ts), counted in-process: with several processes each holds its own count.
import { KeyedSlots } from '../runtime/concurrency';
import { AppError } from '../contracts/errors';

/** Requests of one workspace waiting on outside servers at once, per process. */
export const PEER_WORK_PER_WORKSPACE = 4;
/** What a refused caller is told to wait: such work ends within its deadline, most of it far sooner. */
export const PEER_WORK_RETRY_AFTER_SECONDS = 5;

export interface PeerWork {
  /** Runs `fn` in one of the workspace's slots, or throws 429 `too_many_in_flight` when all are taken. */
  run<T>(workspaceId: string, fn: () => Promise<T>): Promise<T>;
}

export function peerWorkLimit(perWorkspace = PEER_WORK_PER_WORKSPACE): PeerWork {
  const slots = new KeyedSlots(perWorkspace);
  const busy = () =>
    new AppError(
      'too_many_in_flight',
      `This workspace already has ${perWorkspace} requests waiting on outside servers (answers, connection tests, webhook tests and retries, column previews, domain checks); try again when one has finished.`,
      { limit: perWorkspace, retry_after_seconds: PEER_WORK_RETRY_AFTER_SECONDS },
      PEER_WORK_RETRY_AFTER_SECONDS,
    );
  return { run: (workspaceId, fn) => slots.run(workspaceId, fn, busy) };
}
