// decisions.md §13 GET /metrics: the Prometheus text format of this process's series (src/observability/metrics), with
// `Authorization: Bearer $METRICS_TOKEN` when that is set, otherwise only from loopback; and the HTTP
// series of every request. Self-contained (deps in, one router out), so any HTTP app of the service
// mounts it with one line, before everything else: the API's, and the jobs-only one.
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type RequestHandler } from 'express';
import type { AppDeps } from '../src/runtime/context';
import { AppError } from '../src/contracts/errors';
import { UNMATCHED_ROUTE } from '../src/observability/metrics/http.series';
import type { Metrics } from '../src/observability/metrics/registry';
import { bearer } from './caller';
import { routePattern, trackRoute } from './request-id';

export const METRICS_PATH = '/metrics';

/** What the access rule reads of a request. */
export type MetricsRequest = Pick<Request, 'headers'> & { socket: { remoteAddress?: string } };

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the socket's peer is this host: 127.0.0.0/8 or ::1, IPv4-mapped or not. The socket's own
 *  address, never X-Forwarded-For: a proxy on this host forwarding outside scrapes is the operator's
 *  choice to set METRICS_TOKEN. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** decisions.md §13: the refusal for this request, or null when it may read the metrics. The token is
 *  compared in constant time (digests of equal length). */
export function metricsRefusal(token: string | null, req: MetricsRequest): AppError | null {
  if (token === null) {
    if (isLoopback(req.socket.remoteAddress)) return null;
    return new AppError('metrics_loopback_only', 'GET /metrics answers only requests from this host while METRICS_TOKEN is unset.');
  }
  const sent = bearer(req);
  if (sent !== null && timingSafeEqual(digest(sent), digest(token))) return null;
  return new AppError('metrics_token_required', 'Send "Authorization: Bearer <METRICS_TOKEN>" to read the metrics.');
}

/**
 * Counts every request at its end: one histogram observation, under the route pattern the request ids
 * track too (rest/request-id.ts trackRoute: the pattern matched joined to its router's base, taken when
 * the router sets it; else the mount path the request reached, `/api`, `/graphql`; else `unmatched`).
 * Never the raw path: ids, tokens and addresses stay out of the labels.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    trackRoute(req);
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.http.request(req.method, routePattern(req) ?? UNMATCHED_ROUTE, res.statusCode, seconds);
    });
    next();
  };
}

/** The HTTP series for every request after it, and GET /metrics. */
export function metricsRouter(deps: Pick<AppDeps, 'config' | 'metrics'>): express.Router {
  const router = express.Router();
  router.use(httpMetrics(deps.metrics));
  router.get(METRICS_PATH, async (req, res) => {
    const refusal = metricsRefusal(deps.config.metricsToken, req);
    if (refusal) return void res.status(refusal.status).json(refusal.toBody());
    const { contentType, body } = await deps.metrics.render();
    res.set('Cache-Control', 'no-store').type(contentType).send(body);
  });
  return router;
}
