// decisions.md §12 Rate limits: RATE_LIMIT_PER_MINUTE requests per workspace (all its keys and sessions
// together; without credentials, per client address) per 60 s window, shared by every process. Counted
// by rate-limiter-flexible in the PostgreSQL counter table, the store the sign-in limits use
// (rate-limiter.ts): one row per key, a fixed window opened by the key's first request.
//
// A round trip to PostgreSQL for every request would cost the API a query per request, so a process
// takes points in batches (one upsert adds several) and spends them in memory:
// - the first request of a window takes 1 point (and learns how many are left);
// - later batches take a twentieth of what is left, at most MAX_BATCH, so the last 39 points of a window
//   are taken one by one;
// - a batch that would pass the limit keeps only the points still under it (the counter's total says
//   how many), so all processes together never let more than the limit through;
// - once the counter says the window is spent, this process refuses the key without asking again until
//   the window ends;
// - when a process holds fewer than REFILL_BELOW points, it takes the next batch in the background, so
//   a request waits for PostgreSQL only when its process ran out (the first of a window, or a burst).
// The price of batching: points a process took and has not spent are spent by nobody else, so a
// workspace may be refused up to MAX_BATCH + REFILL_BELOW - 1 requests early for each process that took
// a batch and then saw no more of its requests; it is never let past the limit. `remaining` is the count the last batch saw, less what this process spent
// since: another process's requests show in it from this process's next batch.
//
// The window follows the wall clock (the library reads Date.now()), like the sign-in limits.
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { sha256 } from '../crypto';
import { postgresLimiter, type RateRule } from './rate-limiter';
import { deleteExpiredCounters } from './rate-limits.queries';

/** The most points one upsert takes for one key. */
export const MAX_BATCH = 10;
/** A batch is this fraction (1/BATCH_SHARE) of the points left in the window. */
const BATCH_SHARE = 20;
/** The next batch is taken, in the background, once fewer points than this are held. */
const REFILL_BELOW = 3;

/** The rule of decisions.md §12: `points` requests per `windowSeconds`. */
export const apiRequestRule = (points: number, windowSeconds: number): RateRule => ({
  name: 'api_requests',
  points,
  windowSeconds,
  refusal: 'Too many requests',
});

/** The key a caller counts under: its workspace, or its client address (clientKey) without credentials. */
export const requestKey = (caller: { workspaceId: string } | { client: string }): string =>
  'workspaceId' in caller ? `workspace:${caller.workspaceId}` : `client:${caller.client}`;

/** How many points to take in one upsert when `left` are left in the window (pure; unit-tested). */
export const batchSize = (left: number): number => Math.max(1, Math.min(MAX_BATCH, Math.floor(left / BATCH_SHARE)));

/** The points of a batch that fit under the limit: the counter's total after the upsert says how many
 *  it passed the limit by (pure; unit-tested). */
export const pointsThatFit = (limit: number, taken: number, totalAfter: number): number => Math.max(0, Math.min(taken, limit - (totalAfter - taken)));

export interface RequestCount {
  allowed: boolean;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

interface Batch {
  /** Points taken and not spent yet. */
  left: number;
  /** Points left in the counter after the batch was taken (other processes' points not included). */
  counted: number;
  /** When the window ends (epoch ms). */
  endsAt: number;
}

export class RequestLimiter {
  private readonly limiter: RateLimiterPostgres;
  /** Per stored key: the batch this process holds in the current window. */
  private readonly batches = new Map<string, Batch>();
  /** Per stored key: the upsert in flight (requests that find no point wait for it, not start another). */
  private readonly taking = new Map<string, Promise<void>>();
  private nextSweep = 0;

  constructor(
    private readonly em: EntityManager,
    readonly rule: RateRule,
  ) {
    this.limiter = postgresLimiter(em, rule);
  }

  /** Counts one request of `key`: allowed with what is left, or refused until the window ends. */
  async take(key: string): Promise<RequestCount> {
    const stored = sha256(key);
    for (;;) {
      const now = Date.now();
      const batch = this.batches.get(stored);
      const current = batch && batch.endsAt > now ? batch : null;
      if (current && current.left > 0) {
        current.left--;
        // Running low: the next batch is taken in the background, so requests seldom wait for it. A
        // failed refill is taken again by the request that finds no point left.
        if (current.left < REFILL_BELOW && current.counted > 0 && !this.taking.has(stored)) {
          this.startTaking(stored, batchSize(current.counted)).catch(() => undefined);
        }
        return { allowed: true, remaining: current.counted + current.left, resetSeconds: seconds(current.endsAt - now) };
      }
      if (current && current.counted === 0) return { allowed: false, remaining: 0, resetSeconds: seconds(current.endsAt - now) };
      const inFlight = this.taking.get(stored);
      if (inFlight) {
        await inFlight;
        continue;
      }
      await this.startTaking(stored, current ? batchSize(current.counted) : 1);
    }
  }

  private startTaking(stored: string, size: number): Promise<void> {
    const upsert = this.takeBatch(stored, size).finally(() => this.taking.delete(stored));
    this.taking.set(stored, upsert);
    return upsert;
  }

  private async takeBatch(stored: string, size: number): Promise<void> {
    let res: RateLimiterRes;
    try {
      res = await this.limiter.consume(stored, size);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res = err; // over the limit: the total still says how many of this batch fit
    }
    const now = Date.now();
    const fit = pointsThatFit(this.rule.points, size, res.consumedPoints);
    // Points still held from this window are kept (a refill taken before they ran out); a new window
    // starts from the batch alone.
    const held = this.batches.get(stored);
    const kept = held && held.endsAt > now && !res.isFirstInDuration ? held.left : 0;
    this.batches.set(stored, { left: kept + fit, counted: Math.max(0, this.rule.points - res.consumedPoints), endsAt: now + Math.max(1, res.msBeforeNext) });
    if (now >= this.nextSweep) await this.sweep(now);
  }

  /** Once a window: forget ended batches, and drop the counters whose windows ended (every key's). */
  private async sweep(now: number): Promise<void> {
    this.nextSweep = now + this.rule.windowSeconds * 1000;
    for (const [key, batch] of this.batches) if (batch.endsAt <= now) this.batches.delete(key);
    await deleteExpiredCounters(this.em.fork(), now);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
