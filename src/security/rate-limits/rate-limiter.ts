// Rate limits counted in PostgreSQL, shared by every process of the service: rate-limiter-flexible's
// RateLimiterPostgres over the ORM's connection pool, in the table our migration made (counter-table.ts).
// A rule allows `points` uses of one key per fixed window of `windowSeconds`, opened by the key's first
// use. Used by login and sign-up throttling (decisions.md §10): a caller names the rules and keys, and
// gets a 429 `rate_limited` with Retry-After when one is spent. The API's request limit per workspace
// (decisions.md §12) counts in the same table through the same library (request-limiter.ts). Keys are stored as SHA-256 (no addresses at rest; any length fits the library's key column).
// The window follows the wall clock (the library reads Date.now() itself), not the injected clock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Ctx } from '../../runtime/context';
import { sha256 } from '../crypto';
import { tooManyRequests } from '../../contracts/errors';
import { clientKey } from './client-address';
import { RATE_LIMIT_TABLE } from './counter-table';
import { deleteExpiredCounters } from './rate-limits.queries';

export interface RateRule {
  /** Names the counter; the stored key's prefix, so two rules never share a count. */
  name: string;
  /** Uses allowed per window. */
  points: number;
  windowSeconds: number;
  /** The refusal's first words, e.g. "Too many failed logins for this address". */
  refusal: string;
}

/** One use to count: a rule and what it counts per (an address, a workspace). No key: not counted. */
export interface Charge {
  rule: RateRule;
  key: string | null;
}

export interface Taken {
  /** Uses left in each charge's window after this one, and seconds until that window ends. */
  counts: { rule: RateRule; remaining: number; resetSeconds: number }[];
  /** Gives the uses back: for attempts that turned out not to count (a login that succeeded). */
  refund(): Promise<void>;
}

/** The caller's key for per-client rules: the client address from the request context (clientKey). */
export const clientOf = (ctx: Ctx): string | null => (ctx.clientAddress ? clientKey(ctx.clientAddress) : null);

/** The key stored for `key` under `rule` (what the library writes in the table's key column). */
export const storedKey = (rule: RateRule, key: string): string => `${rule.name}:${sha256(key)}`;

/** The library's limiter for `rule` on `em`'s connection pool. Cheap to build: with tableCreated it runs
 *  no query and starts no timer (expired rows are deleted by deleteExpiredCounters, not by the library's
 *  per-instance interval). */
export function postgresLimiter(em: EntityManager, rule: RateRule): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: em.getConnection().getKnex(),
    storeType: 'knex',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.windowSeconds,
  });
}

const limiterFor = (ctx: Ctx, rule: RateRule) => postgresLimiter(ctx.em, rule);

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one use of every charge at once, atomically per key (several processes share the counts).
 *  When any charge's window is spent, the others are given back and this throws 429 `rate_limited`
 *  with the longest wait as Retry-After; refused uses are not counted against the other keys. */
export async function takeRateLimits(ctx: Ctx, charges: readonly Charge[]): Promise<Taken> {
  const taking = charges.filter((c): c is Charge & { key: string } => c.key !== null).map((c) => ({ rule: c.rule, key: sha256(c.key), limiter: limiterFor(ctx, c.rule) }));
  const outcomes = await Promise.allSettled(taking.map((t) => t.limiter.consume(t.key)));
  const giveBack = () => Promise.all(taking.map((t, i) => (outcomes[i].status === 'fulfilled' ? t.limiter.reward(t.key) : null)));

  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected' && !(o.reason instanceof RateLimiterRes));
  if (failure) {
    await giveBack().catch(() => undefined);
    throw failure.reason;
  }
  const spent = taking.flatMap((t, i) => {
    const o = outcomes[i];
    return o.status === 'rejected' ? [{ rule: t.rule, wait: seconds((o.reason as RateLimiterRes).msBeforeNext) }] : [];
  });
  if (spent.length) {
    await giveBack();
    const worst = spent.reduce((a, b) => (b.wait > a.wait ? b : a));
    throw tooManyRequests(`${worst.rule.refusal}; try again in ${worst.wait} seconds.`, worst.wait);
  }

  const results = outcomes.map((o) => (o as PromiseFulfilledResult<RateLimiterRes>).value);
  // A window opened: a good moment to drop the counters whose windows ended (each row is deleted once).
  if (results.some((r) => r.isFirstInDuration)) await deleteExpiredCounters(ctx.em, Date.now());
  return {
    counts: taking.map((t, i) => ({ rule: t.rule, remaining: results[i].remainingPoints, resetSeconds: seconds(results[i].msBeforeNext) })),
    refund: async () => {
      await giveBack();
    },
  };
}
