// Starting a placement test (decisions.md §16), for POST /placement-tests and the schedule alike: the
// senders and seeds are chosen and checked, then, under a per-workspace lock, the one-running and
// 10-a-day rules are checked and the test is written with all its copies (each with its Message-ID) in one
// transaction; then its run is queued. No network I/O happens here.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../runtime/context';
import { enqueueRecorded } from '../../runtime/job-queue';
import { AppError, tooManyRequests } from '../../contracts/errors';
import { Inbox } from '../inboxes/inbox.entity';
import { retryAfterSeconds } from '../inboxes/rate-limit';
import { messageIdFor } from '../sending/render/headers';
import type { TestContent } from './content';
import { insertTest, lockTestStarts, runningTestId, testStartsSince, type NewCopy } from './placement.queries';

export const PLACEMENT_TEST_JOB = 'placement-test';
/** decisions.md §16 limits. */
export const MAX_SENDERS = 50;
export const MAX_SEEDS = 25;
export const TESTS_PER_DAY = 10;
export const DEFAULT_WAIT_MINUTES = 30;

export interface StartSpec {
  mailboxIds?: string[] | null;
  seedIds?: string[] | null;
  waitMinutes?: number | null;
  content: TestContent;
  /** The schedule's slot, for a scheduled test. */
  scheduledFor?: Date | null;
}

const oldestFirst = { orderBy: { createdAt: 'asc', id: 'asc' } } as const;

/** The inboxes named, all of this workspace (deleted ones are unknown), or 400 unknown_mailbox. */
async function named(em: EntityManager, ids: string[]): Promise<Inbox[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const found = await em.find(Inbox, { id: { $in: unique } }, oldestFirst);
  const missing = unique.filter((id) => !found.some((i) => i.id === id));
  if (missing.length) throw new AppError('unknown_mailbox', `No inbox with id ${missing[0]} in this workspace; list them with GET /mailboxes.`, { mailbox_ids: missing });
  return found;
}

/** Senders: those named (never a seed), else every active sending inbox (the oldest 50). */
async function senders(em: EntityManager, ids: string[] | null | undefined): Promise<Inbox[]> {
  if (ids) {
    const inboxes = await named(em, ids);
    const seeds = inboxes.filter((i) => i.purpose === 'seed').map((i) => i.id);
    if (seeds.length) throw new AppError('mailbox_is_seed', `The inbox ${seeds[0]} is a seed: it never sends, so it cannot be a sender of a test.`, { mailbox_ids: seeds });
    return inboxes;
  }
  const active = await em.find(Inbox, { purpose: 'sending', status: 'active' }, { ...oldestFirst, limit: MAX_SENDERS });
  if (!active.length) throw new AppError('no_senders', 'The workspace has no active sending inbox to test; connect or resume one.');
  return active;
}

/** Seeds: those named (only seeds), else every seed (the oldest 25); at least one. */
async function seeds(em: EntityManager, ids: string[] | null | undefined): Promise<Inbox[]> {
  if (ids) {
    const inboxes = await named(em, ids);
    const notSeeds = inboxes.filter((i) => i.purpose !== 'seed').map((i) => i.id);
    if (notSeeds.length) throw new AppError('not_a_seed', `The inbox ${notSeeds[0]} is not a seed; seeds are connected with purpose: seed.`, { mailbox_ids: notSeeds });
    return inboxes;
  }
  const all = await em.find(Inbox, { purpose: 'seed' }, { ...oldestFirst, limit: MAX_SEEDS });
  if (!all.length) throw new AppError('no_seeds', 'A placement test needs at least one seed inbox: connect one with POST /mailboxes and purpose: seed.');
  return all;
}

/** Writes the test and its copies and queues its run; its id. `em` is under the workspace's filter. */
export async function startTest(deps: AppDeps, em: EntityManager, workspaceId: string, spec: StartSpec): Promise<string> {
  const from = await senders(em, spec.mailboxIds);
  const to = await seeds(em, spec.seedIds);
  const id = randomUUID();
  const copies: NewCopy[] = from.flatMap((sender) =>
    to.map((seed) => {
      const copyId = randomUUID();
      return {
        id: copyId,
        senderId: sender.id,
        senderEmail: sender.email,
        seedId: seed.id,
        seedEmail: seed.email,
        seedProvider: seed.seedProvider ?? 'other',
        messageId: messageIdFor(copyId, sender.email),
      };
    }),
  );
  await em.transactional(async (tx) => {
    await lockTestStarts(tx, workspaceId);
    const running = await runningTestId(tx, workspaceId);
    if (running) throw new AppError('placement_test_running', `Placement test ${running} is still running; one runs at a time. Wait for it to finish.`, { test_id: running });
    const now = deps.clock.now();
    const day = 86_400;
    const started = await testStartsSince(tx, workspaceId, new Date(now.getTime() - day * 1000));
    if (started.length >= TESTS_PER_DAY) {
      const wait = retryAfterSeconds(started, TESTS_PER_DAY, day, now);
      throw tooManyRequests(`A workspace may start ${TESTS_PER_DAY} placement tests per day; try again in ${wait} seconds.`, wait);
    }
    const waitMinutes = spec.waitMinutes ?? DEFAULT_WAIT_MINUTES;
    await insertTest(
      tx,
      {
        workspaceId,
        id,
        createdAt: now,
        waitMinutes,
        deadlineAt: new Date(now.getTime() + waitMinutes * 60_000),
        ...spec.content,
        scheduledFor: spec.scheduledFor ?? null,
      },
      copies,
    );
  });
  // The resume job (placement.job.ts) queues any running test nobody holds, within a minute.
  await enqueueRecorded(deps, PLACEMENT_TEST_JOB, { testId: id }, 'the placement resume job');
  return id;
}
