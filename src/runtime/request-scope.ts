// The request being served, carried through every await of its handling (AsyncLocalStorage), so that a log
// line written anywhere below it (services, the error handlers, GraphQL's formatError) names its request
// without each caller passing the id along (decisions.md §13 "Logs"). rest/request-id.ts opens the scope.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  /** The X-Request-Id of the request: the client's when it sent a sane one, else one we made. */
  reqId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (and everything it starts) as part of the request `reqId`. */
export function runInRequest<T>(reqId: string, fn: () => T): T {
  return scope.run({ reqId }, fn);
}

/** The id of the request being served here, or undefined outside a request (jobs, start-up). */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.reqId;
}

/** `details` of a 500's error body (decisions.md §3): the request id, so that an operator given the answer
 *  finds its log lines. Undefined outside a request. */
export function requestIdDetails(): { request_id: string } | undefined {
  const reqId = currentRequestId();
  return reqId ? { request_id: reqId } : undefined;
}
