import type { AuthedCtx, Ctx } from '../../runtime/context';
import { unauthorized } from '../errors';

/** Narrows a resolver's context to a signed-in caller, or answers 401 (`unauthorized`). */
export function authed(ctx: Ctx): AuthedCtx {
  if (!ctx.actor) throw unauthorized();
  return ctx as AuthedCtx;
}
