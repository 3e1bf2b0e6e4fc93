// decisions.md §13 "Logs": every request gets an id, `X-Request-Id` taken if sent (and sane), else made,
// returned on every answer (errors, 404s, GraphQL and public links included: this is mounted first) and
// written on every log line of the request (the request scope, src/runtime/request-scope.ts, read by the logger).
// One line per request when it ends: method, route pattern, status, duration, id. Never the query string
// or the body (public link tokens, credentials), never a raw path (a public link's path is its token).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../src/observability/logger';
import { runInRequest } from '../src/runtime/request-scope';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A client's id is kept when it is one token of at most 128 of these characters; anything else (too
 *  long, spaces, CR/LF, quotes, several headers joined by ", ") is replaced by one we make, so hostile
 *  text never reaches a header or a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(sent: string | undefined): string {
  return sent !== undefined && SANE_ID.test(sent) ? sent : randomUUID();
}

const PATTERN = Symbol('route pattern');
const MOUNT = Symbol('mount path');
const TRACKED = Symbol('route tracked');
type Tracked = Request & { [PATTERN]?: string; [MOUNT]?: string; [TRACKED]?: true };

/** Records, as Express routes the request, the full pattern of the route that serves it
 *  (`/api/leads/:id`: Express sets `req.route` while `req.baseUrl` is still that router's mount path, and
 *  resets `baseUrl` before an error reaches the app's error handler) and the last mount path it entered
 *  (`/graphql`, `/api`), for requests no route serves. The mount path is lower-cased as Express matches it
 *  (`/API/leads` is `/api/leads/:id`'s), so the patterns stay the code's. Once per request, whoever asks
 *  first (the request ids, the metrics: rest/metrics.ts): both read the same pattern. */
export function trackRoute(req: Tracked): void {
  if (req[TRACKED]) return;
  req[TRACKED] = true;
  let route: unknown;
  let baseUrl: unknown = req.baseUrl;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value && typeof value.path === 'string') req[PATTERN] = `${String(baseUrl ?? '').toLowerCase()}${value.path}`;
    },
  });
  Object.defineProperty(req, 'baseUrl', {
    configurable: true,
    enumerable: true,
    get: () => baseUrl,
    set(value: unknown) {
      baseUrl = value;
      if (typeof value === 'string' && value !== '') req[MOUNT] = value.toLowerCase();
    },
  });
}

/** The pattern of the route that served the request; else the mount path of the middleware that did
 *  (`/graphql`, the reference's files) or that no route under it matched (`/api`); null for a 404 outside
 *  every mount. Never the raw path: both come from the code, so they are few and hold no ids or tokens. */
export function routePattern(req: Request): string | null {
  return (req as Tracked)[PATTERN] ?? (req as Tracked)[MOUNT] ?? null;
}

/** Probes that come every few seconds: their line is at debug, not info. */
const PROBES = /^\/(api\/health|metrics)(\/|$)/;

export function requestIds(log: Logger): RequestHandler {
  return (req, res, next) => {
    const reqId = requestIdFor(req.get(REQUEST_ID_HEADER));
    res.setHeader(REQUEST_ID_HEADER, reqId);
    trackRoute(req);
    const started = performance.now();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = routePattern(req);
      const fields = {
        reqId,
        method: req.method,
        route,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (route && PROBES.test(route)) log.debug('request', fields);
      else log.info('request', fields);
    };
    res.once('finish', end);
    res.once('close', end);
    runInRequest(reqId, next);
  };
}
