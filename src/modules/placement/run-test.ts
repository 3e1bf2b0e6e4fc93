// One run of a placement test (README.md here), the body of the `placement-test` job: it takes the test's
// lease, settles what a dead run left claimed, sends the queued copies (send-copies.ts) and meanwhile reads
// the seeds, until every copy is found or failed or the deadline passes; then it ends the test
// (finish-test.ts). Told to stop (SIGTERM, its lease lost), it lets the lease go and returns at once: the
// job runner makes the run due again, and it goes on where it stopped (nothing is sent twice: the copies'
// claims, README.md "After a crash").
//
// Reading (decisions.md §16): each seed on its own clock, so one slow or unreachable seed server delays
// only its own copies. A seed is read once every copy to it has been sent or failed (or READ_EVERY_MS
// after the start, whichever comes first), then READ_EVERY_MS after each read began, while it has copies
// not seen; at most SEED_SLOTS seeds at once (the workspace's cap on IMAP sessions), each read bounded by
// SEED_READ_DEADLINE_MS. All decisions use the service's clock; real timers only wake the loop.
import type { AppDeps } from '../../runtime/context';
import { finishTest, type Finished } from './finish-test';
import { readSeed, SEED_READ_DEADLINE_MS } from './read-seed';
import { LoginCache } from '../oauth/mail-login';
import {
  copiesLeft,
  recordSightings,
  releaseTestLease,
  renewTestLease,
  seedsToRead,
  setSeedReadError,
  settleDeadClaims,
  takeTestLease,
  type LeasedTest,
  type SeedToRead,
} from './run.queries';
import { sendCopies } from './send-copies';

/** decisions.md §16: each seed is searched about every minute. */
export const READ_EVERY_MS = 60_000;
/** Seeds read at once by one test (one test runs per workspace at a time). */
export const SEED_SLOTS = 8;
/** How long the run holds its test without renewing: the backstop for a process alive but frozen (a
 *  dead one's lease is free at once). */
export const TEST_LEASE_MS = 5 * 60_000;
const RENEW_EVERY_MS = 30_000;
/** How often the loop wakes to look at the clock (deadline, seeds due) when nothing else woke it. */
const WAKE_MS = 1_000;

export interface RunOptions {
  stopping?: () => boolean;
  readEveryMs?: number;
  seedSlots?: number;
  seedDeadlineMs?: number;
  wakeMs?: number;
}

export type RunOutcome = { ended: Finished | null } | { stopped: true } | { skipped: true };

/** Runs the test until it ends or the run must stop. */
export async function runPlacementTest(deps: AppDeps, testId: string, opts: RunOptions = {}): Promise<RunOutcome> {
  // A lease taken while this process holds no owner lock would protect nothing.
  if (!deps.owner.connected) return { skipped: true };
  const em = deps.orm.em.fork();
  const holder = deps.owner.name;
  const leaseUntil = () => new Date(deps.clock.now().getTime() + TEST_LEASE_MS);
  const test = await takeTestLease(em, testId, deps.clock.now(), leaseUntil(), holder);
  if (!test) return { skipped: true };
  await settleDeadClaims(em, test.id);

  const stop = new AbortController();
  const halt = (why: string) => {
    if (!stop.signal.aborted) stop.abort(new Error(why));
  };
  const watch = setInterval(() => opts.stopping?.() && halt('the service is stopping'), 200);
  const renew = setInterval(() => {
    void renewTestLease(em.fork(), test.id, leaseUntil(), holder).then(
      (held) => held || halt('the test was taken over by another process'),
      (err) => deps.log.warn('placement test lease not renewed', { testId, err: String(err) }),
    );
  }, RENEW_EVERY_MS);
  watch.unref();
  renew.unref();
  try {
    if (opts.stopping?.()) halt('the service is stopping');
    // Sending stops with the run, or at the deadline: what is not sent by then never is.
    const sendStop = new AbortController();
    const stopSending = () => sendStop.abort(stop.signal.reason);
    stop.signal.addEventListener('abort', stopSending, { once: true });
    let sendingDone = false;
    // decisions.md §15: senders and seeds log in as on every mail path; a password is decrypted once
    // and an OAuth token reused while usable, for the whole run.
    const logins = new LoginCache();
    const sending = sendCopies(deps, test, holder, sendStop.signal, logins).finally(() => (sendingDone = true));
    sending.catch(() => undefined);
    await readUntilDone(deps, test, logins, () => sendingDone, stop.signal, opts);
    if (!sendingDone) sendStop.abort(new Error('the test reached its deadline'));
    await sending;
    stop.signal.removeEventListener('abort', stopSending);
    if (stop.signal.aborted) {
      await releaseTestLease(em, test.id, holder);
      return { stopped: true };
    }
    return { ended: await finishTest(deps, test) };
  } catch (err) {
    // Whatever failed, the test is left to the next run (the resume job queues it): never half-ended.
    await releaseTestLease(em, test.id, holder).catch(() => undefined);
    throw err;
  } finally {
    halt('the run ended');
    clearInterval(watch);
    clearInterval(renew);
  }
}

/** Reads the seeds until every copy is placed or failed (sending done), the deadline, or `signal`. */
async function readUntilDone(deps: AppDeps, test: LeasedTest, logins: LoginCache, sendingDone: () => boolean, signal: AbortSignal, opts: RunOptions) {
  const readEvery = opts.readEveryMs ?? READ_EVERY_MS;
  const slots = opts.seedSlots ?? SEED_SLOTS;
  const startedAt = deps.clock.now().getTime();
  /** Per seed: when its last read began (clock ms), and whether one is under way. */
  const lastRead = new Map<string, number>();
  const reading = new Map<string, Promise<void>>();
  let wake: () => void = () => undefined;
  const woken = () => new Promise<void>((resolve) => (wake = resolve));

  for (;;) {
    if (signal.aborted) break;
    const now = deps.clock.now().getTime();
    if (now >= test.deadlineAt.getTime()) break;
    const em = deps.orm.em.fork();
    if (sendingDone() && reading.size === 0 && (await copiesLeft(em, test.id)) === 0) break;
    const next = woken();
    for (const seed of await seedsToRead(em, test.id)) {
      if (reading.size >= slots) break;
      if (reading.has(seed.seedId) || !seed.pending.length) continue;
      const last = lastRead.get(seed.seedId);
      const due = last === undefined ? seed.unsent === 0 || now >= startedAt + readEvery : now >= last + readEvery;
      if (!due) continue;
      lastRead.set(seed.seedId, now);
      const read = readOne(deps, test, seed, logins, signal, opts).finally(() => {
        reading.delete(seed.seedId);
        wake();
      });
      reading.set(seed.seedId, read);
    }
    const timer = setTimeout(() => wake(), opts.wakeMs ?? WAKE_MS);
    const onAbort = () => wake();
    signal.addEventListener('abort', onAbort, { once: true });
    await next;
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
  // Reads under way end at once on `signal`; at the deadline they finish (each is bounded).
  await Promise.all(reading.values());
}

/** One read of one seed: what it saw is recorded; a failure is noted on its copies still looked for. */
async function readOne(deps: AppDeps, test: LeasedTest, seed: SeedToRead, logins: LoginCache, signal: AbortSignal, opts: RunOptions): Promise<void> {
  const em = deps.orm.em.fork();
  try {
    const seen = await readSeed(deps, { id: seed.seedId, ...seed.imap }, seed.pending, { signal, deadlineMs: opts.seedDeadlineMs ?? SEED_READ_DEADLINE_MS, logins });
    await recordSightings(em, seen, deps.clock.now());
    await setSeedReadError(em, test.id, seed.seedId, null);
  } catch (err) {
    if (signal.aborted) return;
    const detail = `The seed ${seed.email} could not be read: ${(err as Error).message || String(err)}`.slice(0, 500);
    deps.log.warn('placement seed read failed', { testId: test.id, seedId: seed.seedId, error: detail });
    await setSeedReadError(em, test.id, seed.seedId, detail).catch(() => undefined);
  }
}
