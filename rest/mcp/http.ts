// POST /mcp (decisions.md §12 "MCP"): the Model Context Protocol over the SDK's Streamable HTTP transport
// in stateless mode. Every POST gets a fresh server and transport (no session id, nothing kept in this
// process: any process of the `api` role answers any request, decisions.md §13) and JSON answers rather
// than an SSE stream (nothing here streams). GET and DELETE /mcp answer 405, as the SDK's stateless
// example does (there is no session to open a stream on or to end).
//
// The HTTP rules are /api's: the same Bearer credentials (none or an unknown one: 401 with the error body
// of decisions.md §3), the same JSON body limit, the rate limit of §12 (rest/rate-limit.ts counts /mcp).
// Failures of the request itself (401, a body that is not JSON or is too large, a batch) are answered as
// REST answers them; over the rate limit, a tools/call is answered as a tool result with isError and
// `rate_limited` (what every tool failure is), any other message 429. One JSON-RPC message per request:
// a batch would run many calls for one count of the rate limit.
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { ApiRoute } from '../../src/contracts/api-route';
import type { AuthedCtx, Ctx } from '../../src/runtime/context';
import { AppError, unauthorized } from '../../src/contracts/errors';
import type { ContextFor } from '../mount';
import type { SchemaCatalog } from '../openapi/schemas';
import { McpToolCatalog } from './tools';

/** The MCP SDK (and zod under it) is loaded by the first /mcp request rather than at start: it is a large
 *  part of what a process loads, and most processes (and test files) never serve /mcp. */
let sdkSession: Promise<typeof import('./session')> | null = null;
const session = () => (sdkSession ??= import('./session'));

export const MCP_PATH = '/mcp';

export interface McpOptions {
  routes: readonly ApiRoute[];
  /** The OpenAPI document's schema builders (rest/openapi/schemas.ts), made at the first call that needs them. */
  schemas: () => SchemaCatalog;
  /** The request's context, as /api resolves it (anonymous without a credential, 401 with an unknown one). */
  contextFor: ContextFor;
  /** The JSON body limit of /api. */
  jsonLimit: string;
}

/** What the SDK's stateless example answers to GET and DELETE. */
const methodNotAllowed: RequestHandler = (_req, res) => {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST each JSON-RPC message to /mcp.' }, id: null });
};

async function authedContext(opts: McpOptions, req: Request): Promise<AuthedCtx> {
  const ctx: Ctx = await opts.contextFor(req);
  if (!ctx.actor) throw unauthorized();
  return ctx as AuthedCtx;
}

/** Mounts /mcp on the app, after the rate limit and before the JSON 404. */
export function mountMcp(app: express.Express, opts: McpOptions): void {
  // The tools are built at the first MCP request, not at start-up (rest/app.ts says why), and kept.
  let built: McpToolCatalog | undefined;
  const catalog = () => (built ??= new McpToolCatalog(opts.routes, opts.schemas()));
  const json = express.json({ limit: opts.jsonLimit, type: ['application/json', 'application/*+json'] });
  const oneMessage: RequestHandler = (req, _res, next) => {
    if (Array.isArray(req.body) && req.body.length > 1) throw new AppError('bad_request', 'Send one JSON-RPC message per request to /mcp (no batches).');
    next();
  };
  app.post(MCP_PATH, json, oneMessage, async (req, res) => {
    const ctx = await authedContext(opts, req);
    await (await session()).serve(catalog(), ctx, req, res);
  });
  app.get(MCP_PATH, methodNotAllowed);
  app.delete(MCP_PATH, methodNotAllowed);
  // Over the rate limit (rest/rate-limit.ts passes rate_limited on before the body is read): a tool call
  // gets its tool result with isError; anything else goes on to the REST error handler (429).
  const refusals: ErrorRequestHandler = (err, req, res, next) => {
    if (!(err instanceof AppError) || err.code !== 'rate_limited' || req.method !== 'POST' || req.path !== '/') return next(err);
    json(req, res, (parseError?: unknown) => {
      if (parseError) return next(err);
      session()
        .then(async (sdk) => {
          if (!sdk.isToolCall(req.body)) return next(err);
          const ctx = await authedContext(opts, req);
          if (err.retryAfterSeconds !== undefined) res.set('Retry-After', String(err.retryAfterSeconds));
          await sdk.serve(catalog(), ctx, req, res, err);
        })
        .catch(next);
    });
  };
  app.use(MCP_PATH, refusals);
}
