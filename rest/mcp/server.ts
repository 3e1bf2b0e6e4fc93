// One MCP server per HTTP request (the Streamable HTTP transport in stateless mode, as the SDK's stateless
// example does), holding the caller's context: tools/list answers the tools the caller's scopes allow,
// tools/call runs the tool's route exactly as REST does (rest/mount.ts authorize + runRoute) and answers
// every failure as a tool result with `isError: true` and the error body of decisions.md §3, never as a
// JSON-RPC error.
//
// The low-level `Server` of the SDK, not `McpServer`: McpServer's tools take zod shapes and validate the
// arguments themselves, while these tools are JSON Schemas generated from the contracts, validated by the
// route's own parsers so that MCP refuses what REST refuses with the same codes.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { onlyReads } from '../../src/contracts/api-route';
import { changeTarget, recordChange } from '../../src/observability/audit-trail/audit-log';
import type { AuthedCtx } from '../../src/runtime/context';
import { AppError } from '../../src/contracts/errors';
import { nestedDeeperThan, tooDeep } from '../../src/contracts/validation/json-depth';
import { requestIdDetails } from '../../src/runtime/request-scope';
import { authorize, runRoute, startRouteJob, type RawCall, type RouteAnswer } from '../mount';
import { ASYNC_ARGUMENT, BODY_ARGUMENT, CSV_ARGUMENT, type McpTool, type McpToolCatalog } from './tools';

export const SERVER_INFO = { name: 'outreach', version: '1' };

const INSTRUCTIONS = [
  'The tools of this server are the operations of the outreach service REST API (/api/docs), one tool per operation, named by its OpenAPI operationId.',
  'Path and query parameters are arguments of their own; a JSON request body goes in the argument `body`, a CSV upload in `csv`.',
  'A tool answers the JSON the REST operation answers; a list answers {items, total, next_cursor}.',
  'A failure is a result with isError and the body {"error": {"code", "message", "details"}}; the code says what went wrong.',
  'An import of many rows may take `async: true`: it then answers {job_id} at once and getJobsId follows its progress.',
  'Only the tools the API key’s scopes allow are listed.',
].join(' ');

/** A tool result holding JSON: as text content, and, for a success that is an object, as structuredContent
 *  too (which the tool's outputSchema describes). An error's body is text only: the output schema is the
 *  success's, and clients check structuredContent against it. */
function jsonResult(value: unknown, isError = false): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(value ?? null) }] };
  if (isError) result.isError = true;
  else if (value !== null && typeof value === 'object' && !Array.isArray(value)) result.structuredContent = value as Record<string, unknown>;
  return result;
}

/** The tool's answer: a list as {items, total, next_cursor} (what REST sends in X-Total-Count and Link),
 *  any other array as {items}, everything else as REST answers it. */
export function toolAnswer(tool: McpTool, out: RouteAnswer): unknown {
  const r = tool.route;
  if (r.cursorPage || r.totalCount) return { items: out.body, total: out.total ?? null, next_cursor: out.nextCursor ?? null };
  if (Array.isArray(out.body)) return { items: out.body };
  return out.body;
}

const invalid = (fields: Record<string, string[]>, message: string) => new AppError('validation_failed', message, { fields });

/** Query values as a query string gives them to the route's parser: text (a number or a boolean as its
 *  text); null is left out; anything else is passed on for the parser to refuse. */
function queryValue(v: unknown): unknown {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === null ? undefined : v;
}

/** The tool's arguments as the raw call REST would have received. */
function rawCall(tool: McpTool, args: Record<string, unknown>): RawCall {
  if (nestedDeeperThan(args)) throw tooDeep('arguments'); // decisions.md §10, before any validator walks them
  const known = new Set([
    ...tool.path,
    ...tool.query,
    ...(tool.body !== 'none' ? [BODY_ARGUMENT] : []),
    ...(tool.route.kind === 'csv-upload' ? [CSV_ARGUMENT] : []),
    ...(tool.async ? [ASYNC_ARGUMENT] : []),
  ]);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length)
    throw invalid(Object.fromEntries(unknown.map((k) => [k, ['is not an argument of this tool']])), `Unknown argument ${unknown[0]}; tools/list gives each tool's arguments.`);
  const params: Record<string, string> = {};
  for (const name of tool.path) {
    const v = args[name];
    if (typeof v === 'number') params[name] = String(v);
    else if (typeof v === 'string' && v !== '') params[name] = v;
    else throw invalid({ [name]: ['must be a non-empty string'] }, `Invalid ${name}: give the path parameter as a non-empty string.`);
  }
  const query = Object.fromEntries(tool.query.filter((k) => k in args).map((k) => [k, queryValue(args[k])]));
  const raw: RawCall = { params, query };
  if (tool.body !== 'none') raw.body = args[BODY_ARGUMENT] ?? (tool.body === 'optional' ? {} : undefined);
  if (tool.route.kind === 'csv-upload') {
    const csv = args[CSV_ARGUMENT];
    if (typeof csv !== 'string') throw invalid({ [CSV_ARGUMENT]: ['must be the CSV as text'] }, 'Invalid csv: give the CSV file as text, header row first.');
    raw.csv = { read: (fn) => fn(csv) };
  }
  return raw;
}

export interface ToolCallOptions {
  catalog: McpToolCatalog;
  ctx: AuthedCtx;
  /** A refusal of the whole request (rate_limited): every call answers it. */
  refusal?: AppError;
}

/** Whether the call asks for a background job (`async: true`); a value other than a boolean is refused. */
function asBackgroundJob(tool: McpTool, args: Record<string, unknown>): boolean {
  const v = args[ASYNC_ARGUMENT];
  if (!tool.async || v === undefined || v === false) return false;
  if (v === true) return true;
  throw invalid({ [ASYNC_ARGUMENT]: ['must be true or false'] }, 'Invalid async: give true or false.');
}

/** Runs one tools/call: the same path as REST, every failure a tool result with isError. */
export async function callTool(opts: ToolCallOptions, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const { ctx, catalog } = opts;
  const tool = catalog.named(name);
  try {
    if (opts.refusal) throw opts.refusal;
    if (!tool) throw new AppError('route_not_found', `No tool is named ${name}; tools/list gives the tools this key may call.`);
    // decisions.md §12: a tool the key's scopes do not allow is absent from tools/list, and calling it
    // anyway is refused like REST refuses the operation (403 insufficient_scope, details.required).
    const authed = authorize(tool.route, tool.scope, ctx);
    const raw = rawCall(tool, args);
    if (asBackgroundJob(tool, args)) {
      // decisions.md §12: as REST's `?async=true` answers 202 {job_id}.
      const jobId = await startRouteJob(tool.route, authed, raw);
      return await toolSucceeded(opts, tool, raw, { status: 202, body: { job_id: jobId } });
    }
    const out = await runRoute(tool.route, authed, raw);
    return await toolSucceeded(opts, tool, raw, out);
  } catch (err) {
    if (err instanceof AppError) return jsonResult(err.toBody(), true);
    ctx.deps.log.error('unhandled error', { mcpTool: name, err });
    return jsonResult(new AppError('internal_error', 'Internal error; it has been logged.', requestIdDetails()).toBody(), true);
  }
}

/** The one success path of a tool call: a call that may have changed something (onlyReads) is recorded
 *  in the audit log (decisions.md §12) like the REST request it stands for: the tool's name is the
 *  operationId, the target the call's path parameter or the id it created. */
async function toolSucceeded(opts: ToolCallOptions, tool: McpTool, raw: RawCall, out: RouteAnswer): Promise<CallToolResult> {
  if (!onlyReads(tool.route)) await recordChange(opts.ctx, { operation: tool.name, targetId: changeTarget(raw.params, out.body) });
  return jsonResult(toolAnswer(tool, out));
}

/** A server for one request of one caller. */
export function mcpServer(opts: ToolCallOptions): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: opts.catalog.allowed(opts.ctx.actor).map((t): Tool => ({
      name: t.name,
      title: t.annotations.title,
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(opts, request.params.name, request.params.arguments ?? {}));
  return server;
}
