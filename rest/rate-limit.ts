// decisions.md §12 Rate limits, at the HTTP door: every /api, /graphql and /mcp request is counted before
// anything else runs (src/security/rate-limits/request-limiter.ts), under its workspace when it carries a known
// credential, else under its client address (sign-up, login, requests without or with an unknown
// credential). Every counted answer carries the IETF httpapi-ratelimit-headers fields
//   RateLimit-Policy: "default";q=<limit>;w=<window seconds>
//   RateLimit: "default";r=<remaining>;t=<seconds to the window's end>
// and a request over the limit is answered 429 `rate_limited` with Retry-After (in GraphQL's shape at
// /graphql). Not counted, and without the headers: the probes (/api/health, /api/health/ready: they
// answer while the database does not, and load balancers call them) and the API reference
// (/api/openapi.json, /api/docs and its files), which read nothing of a workspace.
import type { RequestHandler } from 'express';
import type { AppDeps } from '../src/runtime/context';
import { tooManyRequests } from '../src/contracts/errors';
import { clientKey } from '../src/security/rate-limits/client-address';
import { apiRequestRule, requestKey, RequestLimiter } from '../src/security/rate-limits/request-limiter';
import { callerOf } from './caller';
import { graphqlRefusal } from './graphql-refusal';

/** The policy's name in both header fields. */
const POLICY = '"default"';

/** Whether a request path is counted: the API and GraphQL, less the probes and the reference. */
export function countedPath(path: string): boolean {
  if (path === '/graphql' || path.startsWith('/graphql/') || path === '/mcp') return true;
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  return !/^\/api\/(health(\/ready)?|openapi\.json|docs(\/.*)?)\/?$/.test(path);
}

export function rateLimit(deps: AppDeps): RequestHandler {
  const { points, windowSeconds } = deps.config.rateLimit;
  if (points === 0) return (_req, _res, next) => next(); // RATE_LIMIT_PER_MINUTE=0: no limit
  const limiter = new RequestLimiter(deps.orm.em, apiRequestRule(points, windowSeconds));
  const policy = `${POLICY};q=${points};w=${windowSeconds}`;

  return async (req, res, next) => {
    if (!countedPath(req.path)) return next();
    const actor = await callerOf(deps, req);
    const key = requestKey(actor ? { workspaceId: actor.workspaceId } : { client: clientKey(req.ip ?? '') });
    let count;
    try {
      count = await limiter.take(key);
    } catch (err) {
      // The limit protects the service; when its store cannot answer, the request goes on uncounted
      // (it fails on its own if the database is down).
      deps.log.warn('rate limit not counted', { err: String(err) });
      return next();
    }
    res.set('RateLimit-Policy', policy);
    res.set('RateLimit', `${POLICY};r=${count.remaining};t=${count.resetSeconds}`);
    if (count.allowed) return next();
    const who = actor ? 'this workspace' : 'your network address';
    const error = tooManyRequests(`Too many requests for ${who} (${points} per ${windowSeconds} seconds); try again in ${count.resetSeconds} seconds.`, count.resetSeconds);
    if (req.path.startsWith('/graphql')) {
      res.set('Retry-After', String(count.resetSeconds));
      return void graphqlRefusal(res, error);
    }
    next(error);
  };
}
