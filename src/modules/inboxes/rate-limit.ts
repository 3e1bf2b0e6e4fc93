// Sliding-window rate limits per workspace, kept in PostgreSQL (RateLimitHit rows) so they hold across
// restarts and processes. Concurrent requests of one workspace and bucket are serialised with a
// transaction-scoped advisory lock, so two requests can never both take the last slot.
import type { AuthedCtx } from '../../runtime/context';
import { tooManyRequests } from '../../contracts/errors';
import { lockRateLimitBucket } from './inboxes.queries';
import { RateLimitHit } from './rate-limit-hit.entity';

export interface RateLimit {
  /** Names the operation, e.g. `domain_health`. */
  bucket: string;
  /** Uses allowed within the window. */
  limit: number;
  windowSeconds: number;
  /** For the refusal message: "Domain health checks", … */
  what: string;
}

/** Seconds until enough hits leave the window for one more to fit (at least 1). `hits` ascending. */
export function retryAfterSeconds(hits: Date[], limit: number, windowSeconds: number, now: Date): number {
  const blocking = hits[hits.length - limit];
  const frees = blocking.getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
}

/** One use recorded by takeRateLimit: `giveBack` un-counts it when the work is refused after all. */
export interface TakenUse {
  giveBack(): Promise<void>;
}

/** Records one use of `rule.bucket` by the caller's workspace, or throws 429 `rate_limited` (with the
 *  seconds to wait, sent as Retry-After) when the window is full. Refused attempts are not counted: nor is
 *  one refused later for another reason, once the caller gives its use back. */
export async function takeRateLimit(ctx: AuthedCtx, rule: RateLimit): Promise<TakenUse> {
  const workspace = ctx.actor.workspaceId;
  return ctx.em.transactional(async (em) => {
    await lockRateLimitBucket(em, workspace, rule.bucket);
    const now = ctx.deps.clock.now();
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const hits = await em.find(RateLimitHit, { workspace, bucket: rule.bucket, at: { $gt: since } }, { orderBy: { at: 'asc' } });
    if (hits.length >= rule.limit) {
      const wait = retryAfterSeconds(
        hits.map((h) => h.at),
        rule.limit,
        rule.windowSeconds,
        now,
      );
      const minutes = Math.round(rule.windowSeconds / 60);
      throw tooManyRequests(`${rule.what} are limited to ${rule.limit} per ${minutes} minutes per workspace; try again in ${wait} seconds.`, wait);
    }
    const hit = em.create(RateLimitHit, { workspace, bucket: rule.bucket, at: now });
    // Hits that left the window are never read again.
    await em.nativeDelete(RateLimitHit, { workspace, bucket: rule.bucket, at: { $lte: since } });
    return { giveBack: async () => void (await ctx.em.nativeDelete(RateLimitHit, { id: hit.id })) };
  });
}
