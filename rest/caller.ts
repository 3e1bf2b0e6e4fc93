// Who is calling: the Bearer credential of a request resolved once, whoever asks first (the rate limit
// and idempotency keys need the workspace before the route runs; the route and GraphQL need it too).
import type { Request } from 'express';
import type { Actor, AppDeps } from '../src/runtime/context';
import { anonymousContext } from '../src/runtime/context';
import { authenticate } from '../src/modules/accounts/accounts.service';

/** The token of `Authorization: Bearer <token>`; null without one. */
export function bearer(req: Pick<Request, 'headers'>): string | null {
  const match = req.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}

const resolved = new WeakMap<Request, Promise<Actor | null>>();

/** The caller's actor; null without a credential or with an unknown, revoked or expired one (bearer()
 *  tells which). Looked up once per request. */
export function callerOf(deps: AppDeps, req: Request): Promise<Actor | null> {
  let actor = resolved.get(req);
  if (!actor) {
    const token = bearer(req);
    actor = token ? authenticate(anonymousContext(deps), token) : Promise.resolve(null);
    resolved.set(req, actor);
  }
  return actor;
}
