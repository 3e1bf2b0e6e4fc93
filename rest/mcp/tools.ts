// The MCP tools (decisions.md §12 "MCP"), generated from the REST route contracts (src/contracts/api-route.ts), the
// same source as the OpenAPI document: one tool per operation an API key or session may call, named by
// the operation's OpenAPI operationId, described by its summary and description, its input schema built
// with the OpenAPI document's own schema builders (rest/openapi/). How arguments map onto a REST call:
// - every path parameter is a string argument of its own name (`id`, `position`, …);
// - every query parameter is an argument of its own name, with the schema the OpenAPI document gives it
//   (values are handed to the route's query parser as a query string would give them: as text);
// - the JSON body is the one argument `body` (an object, or an array for the routes whose body is one),
//   never flattened, so a body field can never collide with a path or query parameter;
// - a CSV upload (lead imports, the blocklist import) takes the CSV text as the argument `csv`;
// - a route that can run as a background job (REST `?async=true`: the lead imports) takes `async`, a
//   boolean: true starts the job and answers {job_id} at once (follow it with the getJobsId tool).
// Not tools: the public routes (sign-up, login: no credentials) and the CSV downloads (the lists they
// export are the JSON list tools; a file of up to a million rows is no tool answer).
import { onlyReads, routeScope, startsJob, type ApiRoute, type CsvDownloadRoute } from '../../src/contracts/api-route';
import { covers, heldScopes, requiredScopes, type ScopeNeed } from '../../src/contracts/api-scopes';
import type { Actor } from '../../src/runtime/context';
import { answerSchema, JOB_STARTED_SCHEMA, operationId, pathParams, requestSchemas } from '../openapi/document';
import { COMPONENTS, type SchemaCatalog } from '../openapi/schemas';

type Json = Record<string, unknown>;

/** The argument holding a route's JSON body, and the one holding an upload's CSV text. */
export const BODY_ARGUMENT = 'body';
export const CSV_ARGUMENT = 'csv';
/** The argument that runs a route as a background job (REST's `?async=true`). */
export const ASYNC_ARGUMENT = 'async';

export interface McpTool {
  /** The OpenAPI operationId. */
  name: string;
  description: string;
  /** One JSON object schema: path parameters, query parameters, `body` or `csv`. */
  inputSchema: { type: 'object'; properties: Record<string, Json>; required: string[]; additionalProperties: false };
  /** What a successful call answers (its structuredContent), from the OpenAPI document's answer schema;
   *  absent when that answer is no JSON object (a tool with an output schema must answer an object). */
  outputSchema?: { type: 'object'; [key: string]: unknown };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  route: Exclude<ApiRoute, CsvDownloadRoute>;
  scope: ScopeNeed;
  /** The path parameters' names (arguments of their own). */
  path: string[];
  /** The query parameters' names (arguments of their own). */
  query: string[];
  /** The route reads a JSON body (`body`), and whether the caller must send one. */
  body: 'none' | 'optional' | 'required';
  /** The route can run as a background job (`async`). */
  async: boolean;
}

/** A schema with every `#/components/schemas/…` reference replaced by the component itself: a tool's
 *  input schema stands alone (MCP clients read it without the OpenAPI document). */
function inline(s: unknown, catalog: SchemaCatalog, seen: readonly string[] = []): unknown {
  if (Array.isArray(s)) return s.map((x) => inline(x, catalog, seen));
  if (s === null || typeof s !== 'object') return s;
  const o = s as Json;
  if (typeof o.$ref === 'string' && o.$ref.startsWith(COMPONENTS)) {
    const name = o.$ref.slice(COMPONENTS.length);
    // No input class of this API contains itself; one that did would need $defs here instead.
    if (seen.includes(name)) throw new Error(`input schema ${name} refers to itself`);
    return inline(catalog.components[name], catalog, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, inline(v, catalog, seen)]));
}

function describe(r: ApiRoute, need: ScopeNeed, args: { body: McpTool['body']; csv: boolean }): string {
  const scopes = requiredScopes(need).join(' and ');
  const lines = [r.summary + (r.summary.endsWith('.') ? '' : '.')];
  if (r.description) lines.push('', r.description);
  lines.push('', `REST: ${r.method.toUpperCase()} /api${r.path}. An API key needs the scope${requiredScopes(need).length > 1 ? 's' : ''} ${scopes} (or all).`);
  if (args.body !== 'none') lines.push('The request body goes in the argument `body`; path and query parameters are arguments of their own.');
  if (args.csv) lines.push('The CSV file (header row first) goes in the argument `csv` as text.');
  if (r.cursorPage || r.totalCount)
    lines.push('Answers {items, total, next_cursor}: total counts every match, next_cursor (when not null) is passed as `cursor` for the next page.');
  return lines.join('\n');
}

/** The tool's answer as toolAnswer (server.ts) shapes it: a list page as {items, total, next_cursor}, any
 *  other array as {items}, an object as it is; with `async`, the job started ({job_id}) instead. */
function outputSchema(r: Exclude<ApiRoute, CsvDownloadRoute>, catalog: SchemaCatalog, async: boolean): McpTool['outputSchema'] {
  const answer = inline(answerSchema(r, catalog), catalog) as Json;
  let shaped: Json;
  if (r.cursorPage || r.totalCount)
    shaped = {
      type: 'object',
      properties: { items: answer, total: { type: ['integer', 'null'] }, next_cursor: { type: ['string', 'null'] } },
      required: ['items', 'total', 'next_cursor'],
    };
  else if (answer.type === 'array') shaped = { type: 'object', properties: { items: answer }, required: ['items'] };
  else if (answer.type === 'object') shaped = answer;
  else return undefined;
  return async ? { type: 'object', anyOf: [shaped, JOB_STARTED_SCHEMA] } : (shaped as McpTool['outputSchema']);
}

function tool(r: ApiRoute, catalog: SchemaCatalog): McpTool | null {
  const need = routeScope(r);
  if (!need || r.kind === 'csv-download') return null;
  const input = requestSchemas(r, catalog);
  const path = pathParams(r.path);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const add = (name: string, schema: Json, isRequired: boolean) => {
    if (properties[name]) throw new Error(`${r.method} ${r.path}: the MCP argument ${name} is named twice`);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  for (const name of path) add(name, { type: 'string', description: `Path parameter :${name} of ${r.path}.` }, true);
  const query = Object.keys(input.query?.properties ?? {});
  for (const name of query) add(name, inline(input.query!.properties![name], catalog) as Json, (input.query?.required ?? []).includes(name));
  let body: McpTool['body'] = 'none';
  if (input.body) {
    const schema = inline(input.body, catalog) as Json;
    // A body with no required field may be left out (it is then `{}`); a list or one with required fields may not.
    body = schema.type === 'array' || ((schema.required as string[] | undefined) ?? []).length ? 'required' : 'optional';
    add(BODY_ARGUMENT, schema, body === 'required');
  }
  const csv = r.kind === 'csv-upload';
  if (csv) add(CSV_ARGUMENT, { type: 'string', description: 'The CSV text, header row first.' }, true);
  const async = startsJob(r) !== undefined;
  if (async)
    add(
      ASYNC_ARGUMENT,
      { type: 'boolean', description: 'true: run it as a background job (after the same checks) and answer {job_id} at once; follow it with the getJobsId tool.' },
      false,
    );
  return {
    name: operationId(r),
    description: describe(r, need, { body, csv }),
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
    outputSchema: outputSchema(r, catalog, async),
    annotations: {
      title: r.summary,
      readOnlyHint: onlyReads(r),
      destructiveHint: r.method === 'delete',
      idempotentHint: r.method === 'get' || r.method === 'put' || r.method === 'delete',
      openWorldHint: false,
    },
    route: r,
    scope: need,
    path,
    query,
    body,
    async,
  };
}

/** The tools, and which of them a caller may see. */
export class McpToolCatalog {
  readonly tools: readonly McpTool[];
  private readonly byName: Map<string, McpTool>;

  /** Every tool, built once (at the first MCP request: rest/mcp/http.ts) from the contracts with the
   *  OpenAPI document's schema builders (the components it made are reused, not built again). */
  constructor(routes: readonly ApiRoute[], catalog: SchemaCatalog) {
    this.tools = routes.map((r) => tool(r, catalog)).filter((t): t is McpTool => t !== null);
    this.byName = new Map(this.tools.map((t) => [t.name, t]));
    if (this.byName.size !== this.tools.length) throw new Error('two MCP tools have one name');
  }

  /** The tool of this name, whoever asks; undefined when there is none. */
  named(name: string): McpTool | undefined {
    return this.byName.get(name);
  }

  /** decisions.md §12: the tools the caller's scopes allow (a session: every tool). */
  allowed(actor: Actor): McpTool[] {
    const held = heldScopes(actor);
    return this.tools.filter((t) => covers(held, t.scope));
  }
}
