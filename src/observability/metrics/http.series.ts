// HTTP requests this process answered (README.md "Series"): one histogram, observed once per request, whose
// `_count` is the number of requests by method, route and status. The route is the pattern a request
// matched (`/api/campaigns/:id`), never its path: ids, tokens and addresses stay out of the labels. The
// adapter (rest/metrics.ts) finds the pattern; this file only counts.
import { Histogram, type Registry } from 'prom-client';
import { HTTP_METHODS, type HttpMethod } from './label-values';

/** Seconds: a one-row GET is a few milliseconds, an import or a GraphQL report a few seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route of a request that reached no route nor mount path (a 404 outside /api and /graphql). */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set<string>(HTTP_METHODS);

export class HttpSeries {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registers: Registry[]) {
    this.duration = new Histogram({
      name: 'outreach_http_request_duration_seconds',
      help: 'HTTP requests this process answered, by method, route pattern (or "unmatched") and status code: time from the request reaching the process to the last byte of its answer. _count is the number of requests.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
  }

  /** One answered request. `route` is a pattern of our own routes or UNMATCHED_ROUTE. */
  request(method: string, route: string, status: number, seconds: number): void {
    const m: HttpMethod = METHODS.has(method) ? (method as HttpMethod) : 'other';
    // A status code is three digits (Node refuses any other), so the label has at most 500 values.
    this.duration.observe({ method: m, route, status: String(status) }, seconds);
  }
}
