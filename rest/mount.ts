// The one place REST requests become service calls: for every declared route (src/contracts/api-route.ts) it
// authenticates, checks an API key's scopes against the route's (src/contracts/api-scopes.ts), reads path
// parameters, parses and validates the body and the query with the route's input classes, calls
// `handle`, shapes the answer (snake_case where api.md says so, X-Total-Count, CSV) and lets errors fall
// through to the error handler. Routes themselves stay a few lines of data.
import type { Readable } from 'node:stream';
import express, { type Request, type Response } from 'express';
import { isPublic, routeScope, startsJob, type ApiRoute, type CsvBody, type CsvDownloadRoute, type CsvSink, type JsonRoute, type RouteInput } from '../src/contracts/api-route';
import { assertScopes, type ScopeNeed } from '../src/contracts/api-scopes';
import type { AuthedCtx, Ctx } from '../src/runtime/context';
import { AppError, unauthorized } from '../src/contracts/errors';
import { nextPageUrl, type CursorPage } from '../src/contracts/pagination/page';
import { asyncRequested, withoutAsync } from './async-start';
import { csvText, withCsvStream } from './csv-body';
import { snake } from './shape';

/** Resolves a request to its context: anonymous without a credential, 401 with an unknown one. */
export type ContextFor = (req: Request) => Promise<Ctx>;

/** Path parameters as text. */
function params(req: Request): Record<string, string> {
  return Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, String(v ?? '')]));
}

/** The response as a CSV sink: each write resolves once the socket can take more. */
function responseSink(res: Response): CsvSink {
  return {
    write: (chunk) =>
      new Promise((resolve, reject) => {
        if (res.destroyed) return reject(new Error('client went away'));
        if (res.write(chunk)) resolve();
        else {
          const done = (err?: Error) => {
            res.off('drain', done);
            res.off('close', done);
            if (err || res.destroyed) reject(err ?? new Error('client went away'));
            else resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        }
      }),
  };
}

function csvBody(req: Request, mode: 'stream' | 'text'): CsvBody {
  return {
    read: (fn) => (mode === 'stream' ? withCsvStream(req, (csv: Readable) => fn(csv)) : csvText(req).then(fn)),
  };
}

/** A route's answer as every door sends it: the status, the JSON body (shaped: snake_case where the
 *  route says so) and, for lists, the total (X-Total-Count) and the cursor of the next page. */
export interface RouteAnswer {
  status: number;
  body: unknown;
  /** `totalCount` routes: the number of matching items. */
  total?: number;
  /** `cursorPage` routes: the cursor of the next page, when more rows follow. */
  nextCursor?: string | null;
}

/** The JSON answer of a route from what its handler returned. */
function shapeAnswer(r: ApiRoute, result: unknown): RouteAnswer {
  let body = result;
  const out: Omit<RouteAnswer, 'body'> = { status: r.status ?? 200 };
  if (r.cursorPage) {
    const page = result as CursorPage<unknown>;
    out.nextCursor = page.nextCursor ?? null;
    if (r.totalCount && page.total !== undefined) out.total = page.total;
    body = page.items;
  } else if (r.totalCount) {
    const page = result as { total: number; items: unknown };
    out.total = page.total;
    body = page.items;
  }
  return { ...out, body: r.response.shape === 'snake' ? snake(body, new Set(r.response.keep ?? [])) : body };
}

/** The caller may call the route: credentials (401) and, decisions.md §12, the route's declared scopes
 *  (403 insufficient_scope), checked before its input is read. */
export function authorize(r: ApiRoute, scope: ScopeNeed | null, ctx: Ctx): AuthedCtx {
  if (!isPublic(r) && !ctx.actor) throw unauthorized();
  const authed = ctx as AuthedCtx;
  if (scope) assertScopes(authed.actor, scope, `${r.method.toUpperCase()} /api${r.path}`);
  return authed;
}

/** A call's raw input as a door received it: path parameters as text, the query as a query string gives
 *  it (text values), the JSON body as sent, and the CSV of an upload route. */
export interface RawCall {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  csv?: CsvBody;
}

/** The path parameters and the parsed query of a call. No id, address or name holds a NUL, and PostgreSQL
 *  text cannot: such a parameter names nothing, so 404 like any other unknown id (decisions.md §3). */
async function baseInput(r: ApiRoute, raw: RawCall): Promise<{ params: Record<string, string>; query: unknown }> {
  const query = r.query ? await r.query.parse(raw.query) : undefined;
  if (Object.values(raw.params).some((v) => v.includes('\u0000'))) throw new AppError('not_found', 'Nothing here has a NUL character (%00) in its id, address or name.');
  return { params: raw.params, query };
}

/** Runs a JSON or CSV-upload route for an authorized caller (authorize): parses and validates the query and
 *  the body with the route's parsers, calls `handle` and shapes the answer. The part of a call REST
 *  (below) and MCP (rest/mcp/) share, so the two doors cannot answer differently. */
export async function runRoute(r: Exclude<ApiRoute, CsvDownloadRoute>, ctx: Ctx, raw: RawCall): Promise<RouteAnswer> {
  const base = await baseInput(r, raw);
  let result: unknown;
  if (r.kind === 'csv-upload') {
    if (!raw.csv) throw new Error(`${r.method} ${r.path}: a CSV upload called without its CSV`);
    result = await r.handle(ctx as AuthedCtx, { ...base, body: raw.csv });
  } else {
    const body = r.body ? await r.body.parse(raw.body) : undefined;
    const input: RouteInput<unknown, unknown> = { ...base, body };
    result = isPublic(r) ? await r.handle(ctx, input) : await (r as JsonRoute).handle(ctx as AuthedCtx, input);
  }
  return shapeAnswer(r, result);
}

/** decisions.md §12: starts the route's background job (`?async=true` over REST, `async: true` over MCP)
 *  after the same up-front checks as the synchronous call: the query and body are parsed and validated
 *  first. Returns the job's id. */
export async function startRouteJob(r: ApiRoute, authed: AuthedCtx, raw: RawCall): Promise<string> {
  const start = startsJob(r);
  if (!start) throw new Error(`${r.method} ${r.path} starts no background job`);
  const base = await baseInput(r, raw);
  let body: unknown;
  if (r.kind === 'csv-upload') {
    if (!raw.csv) throw new Error(`${r.method} ${r.path}: a CSV upload started without its CSV`);
    body = raw.csv;
  } else if (r.kind !== 'csv-download' && r.body) body = await r.body.parse(raw.body);
  return start(authed, { ...base, body });
}

async function answer(r: ApiRoute, scope: ScopeNeed | null, ctx: Ctx, req: Request, res: Response): Promise<void> {
  const authed = authorize(r, scope, ctx);
  // decisions.md §12: `?async=true` starts a background job (rest/async-start.ts) after the same up-front
  // checks as the synchronous call: the query and body are parsed and validated first.
  const start = startsJob(r);
  const query = req.query as Record<string, unknown>;
  const raw: RawCall = { params: params(req), query: start ? withoutAsync(query) : query, body: req.body };
  if (start && asyncRequested(query)) {
    const jobId = await startRouteJob(r, authed, r.kind === 'csv-upload' ? { ...raw, csv: csvBody(req, r.csv) } : raw);
    res.status(202).json({ job_id: jobId });
    return;
  }

  if (r.kind === 'csv-download') {
    const base = await baseInput(r, raw);
    try {
      await r.handle(authed, { ...base, body: undefined }, (fileName) => {
        res.status(200);
        res.set('Content-Type', 'text/csv; charset=utf-8');
        res.set('Content-Disposition', `attachment; filename="${fileName}"`);
        return responseSink(res);
      });
    } catch (err) {
      // Before the first byte the error handler answers in JSON; after it, the download is cut short.
      if (!res.headersSent) throw err;
      res.destroy(err as Error);
      return;
    }
    res.end();
    return;
  }

  const out = await runRoute(r, ctx, r.kind === 'csv-upload' ? { ...raw, csv: csvBody(req, r.csv) } : raw);
  if (res.headersSent) return;
  if (r.response.redirect) {
    // The request's URL may carry a one-time code: never cached, never sent on as a Referer.
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').redirect(302, String(out.body));
    return;
  }
  if (out.nextCursor) res.set('Link', `<${nextPageUrl(req.originalUrl, out.nextCursor)}>; rel="next"`);
  if (out.total !== undefined) res.set('X-Total-Count', String(out.total));
  res.status(out.status).json(out.body);
}

/** A path's segments ranked so that, among routes of one method, a literal segment is tried before a
 *  parameter in the same place (`/leads/search` before `/leads/:id`) whatever order modules list them. */
function specificity(path: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith(':') ? '1' : '0'))
    .join('');
}

export function routeOrder(routes: readonly ApiRoute[]): ApiRoute[] {
  return [...routes].sort((a, b) => (specificity(a.path) < specificity(b.path) ? -1 : specificity(a.path) > specificity(b.path) ? 1 : 0));
}

/** A router with every route mounted (Express 5 passes a rejected promise on to the error handler). */
export function mountRoutes(routes: readonly ApiRoute[], contextFor: ContextFor): express.Router {
  const router = express.Router();
  for (const r of routeOrder(routes)) {
    const scope = routeScope(r); // read once: a route without a declared scope stops the start
    router[r.method](r.path, async (req, res) => answer(r, scope, await contextFor(req), req, res));
  }
  return router;
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** The method and path of every route a router serves, its nested routers' included (mounted at its
 *  root), as Express holds them: what is really mounted, whatever declared it. */
export function apiRouteList(router: express.Router): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const walk = (stack: RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') out.push({ method, path: layer.route.path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: RouterLayer[] }).stack);
  return out;
}
