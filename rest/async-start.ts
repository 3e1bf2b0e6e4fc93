// `?async=true` (decisions.md §12 background jobs): on a route that declares `startJob`, the request
// starts a background job and is answered 202 `{job_id}`; `async=false` or no `async` runs it as before.
// Anything else is refused like any other invalid query value.
import { AppError } from '../src/contracts/errors';

export const ASYNC_PARAM = 'async';

/** Whether the query asks for a background job; 400 `validation_failed` for a value other than true or false. */
export function asyncRequested(query: Record<string, unknown>): boolean {
  const v = query[ASYNC_PARAM];
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  throw new AppError('validation_failed', 'async must be true or false.', { fields: { async: ['async must be true or false'] } });
}

/** The query without `async`, for the route's own query parser (which refuses parameters it does not know). */
export function withoutAsync(query: Record<string, unknown>): Record<string, unknown> {
  const { [ASYNC_PARAM]: _ignored, ...rest } = query;
  void _ignored;
  return rest;
}
