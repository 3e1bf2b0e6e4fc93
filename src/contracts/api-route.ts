// REST contracts as data (conventions.md "Contracts declared once"). A module declares each api.md path
// as an ApiRoute: method, path, the input classes of its body and query (the same class-validator
// classes GraphQL uses), the GraphQL output type its answer is shaped from, the success status and the
// extras (X-Total-Count, CSV in or out). The Express adapter (rest/mount.ts) parses, validates, calls
// `handle`, shapes and answers errors for every route the same way, and the OpenAPI document
// (rest/openapi/) is generated from these same declarations, so the two cannot drift.
// Nothing here imports Express: a route is data plus one service call.
import { requiredScopes, type ScopeNeed } from './api-scopes';
import type { AuthedCtx, Ctx } from '../runtime/context';
import { parseInput, parseQuery } from './validation/validate-input';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InputClass<T = any> = new () => T;
/** A type-graphql @ObjectType class (or a scalar constructor) whose GraphQL type describes the answer. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type OutputType = Function;

/** A JSON Schema fragment, for the few answers no GraphQL type describes. */
export type JsonSchema = Record<string, unknown>;

export interface BodySpec<B> {
  /** The input class: documented as the request body (its validation is in `parse`). */
  schema: InputClass;
  /** The body is a JSON array of `schema`. */
  list?: boolean;
  /** api.md names a few bodies' fields in camelCase; all others are snake_case. */
  keys?: 'camel';
  parse(raw: unknown): Promise<B>;
}

export interface QuerySpec<Q> {
  /** The input class of the query string: documented as query parameters (validated in `parse`). */
  schema: InputClass;
  parse(raw: Record<string, unknown>): Promise<Q>;
}

/** A JSON body validated into `schema` (parseInput: snake_case keys unless `keys: 'camel'`). */
export function body<T extends object>(schema: InputClass<T>, opts: { keys?: 'camel' } = {}): BodySpec<T> {
  return { schema, keys: opts.keys, parse: (raw) => parseInput(schema, raw, opts.keys ? { keys: opts.keys } : {}) };
}

/** A body with a parser of its own (nested shapes, arrays, rules of its own), documented as `schema`. */
export function customBody<B>(schema: InputClass, parse: (raw: unknown) => Promise<B>, opts: { list?: boolean } = {}): BodySpec<B> {
  return { schema, list: opts.list, parse };
}

/** The query string validated into `schema`; `only` reads just those parameters (others, such as cache
 *  busters, are ignored), otherwise an unknown parameter is refused like an unknown body field. */
export function query<T extends object>(schema: InputClass<T>, opts: { only?: readonly string[] } = {}): QuerySpec<T> {
  return {
    schema,
    parse: (raw) => parseQuery(schema, opts.only ? Object.fromEntries(Object.entries(raw).filter(([k]) => opts.only!.includes(k))) : raw),
  };
}

export interface ResponseSpec {
  /** The GraphQL output type (a type-graphql class) the answer is shaped from; omit for `schema`. */
  type?: OutputType;
  list?: boolean;
  /** api.md returns inbox, campaign, step and lead objects camelCase and most others snake_case. The
   *  adapter renames keys for 'snake' (default 'camel': the service's answer as it is). */
  shape?: 'camel' | 'snake';
  /** Keys whose values are user data (lead `vars`): never renamed. */
  keep?: readonly string[];
  /** Fields of `type` the REST answer leaves out (GraphQL field resolvers REST does not send), as the
   *  type names them; a dotted path reaches into nested objects and list items (`workspace.recentContactDays`). */
  omit?: readonly string[];
  /** Fields REST sends only sometimes (api.md: a past day has no `pending`), paths as for `omit`. */
  optional?: readonly string[];
  /** Fields the REST answer adds beside `type`'s, named as sent. */
  extra?: Record<string, JsonSchema>;
  /** The whole answer's schema when no GraphQL type describes it. */
  schema?: JsonSchema;
  /** The handler answers where to send the browser (a path of this service): 302 with that Location and
   *  no body (the public OAuth callback, decisions.md §15). */
  redirect?: boolean;
  description?: string;
}

/** What the adapter hands a handler: path parameters, the parsed body and query. */
export interface RouteInput<B, Q> {
  params: Record<string, string>;
  body: B;
  query: Q;
}

/** A CSV request body: the whole text, or a stream for the routes that read it as it uploads. */
export interface CsvBody {
  /** The CSV as a stream (only on routes declared `csv: 'stream'`) or as text. */
  read<T>(fn: (csv: string | NodeJS.ReadableStream) => Promise<T>): Promise<T>;
}

/** Where a CSV download writes: opened once the answer is known to be a success (after look-ups that
 *  may still answer 404 in JSON). Each write resolves once the client can take more. */
export interface CsvSink {
  write(chunk: string): Promise<void>;
}
export type OpenCsv = (fileName: string) => CsvSink;

interface RouteBase {
  method: HttpMethod;
  /** Express path under /api, with `:name` parameters. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  description?: string;
  /** HTTP status on success; 200 unless given (202: the work goes on after the answer, decisions.md §16). */
  status?: 200 | 201 | 202;
  /** The answer is `{total, items}`: `items` is sent, `total` goes into X-Total-Count (api.md). */
  totalCount?: boolean;
  /** The handler answers a CursorPage (src/contracts/pagination/page.ts): `items` is sent, `nextCursor` becomes
   *  the `Link: <…>; rel="next"` header (decisions.md §12). */
  cursorPage?: boolean;
  response: ResponseSpec;
}

/** Every route that needs credentials says which API key scopes it needs (decisions.md §12; the rules are
 *  in src/contracts/api-scopes.ts). Required: a route without it does not compile. Sessions have every scope. */
interface ScopedRoute extends RouteBase {
  scope: ScopeNeed;
}

export interface JsonRoute<B = unknown, Q = unknown> extends ScopedRoute {
  kind?: 'json';
  body?: BodySpec<B>;
  query?: QuerySpec<Q>;
  /** `none`: no credentials (signup, login); otherwise a Bearer session token or API key (401). */
  auth?: 'none';
  handle(ctx: AuthedCtx, input: RouteInput<B, Q>): Promise<unknown>;
  startJob?: StartJob<RouteInput<B, Q>>;
}

/** decisions.md §12 background jobs: a route that also takes `?async=true`, and then, after the checks its
 *  synchronous form makes before it starts, starts a background job instead and answers 202 `{job_id}`.
 *  Resolves with the job's id. */
export type StartJob<I> = (ctx: AuthedCtx, input: I) => Promise<string>;

export interface PublicJsonRoute<B = unknown, Q = unknown> extends RouteBase {
  kind?: 'json';
  body?: BodySpec<B>;
  query?: QuerySpec<Q>;
  auth: 'none';
  /** No credentials, so no scope. */
  scope?: never;
  handle(ctx: Ctx, input: RouteInput<B, Q>): Promise<unknown>;
}

/** A CSV upload (api.md Conventions: text/csv body or a multipart `file` field). */
export interface CsvUploadRoute extends ScopedRoute {
  kind: 'csv-upload';
  /** `stream`: the handler reads the CSV as a stream (lead imports; spooled to a file first, rest/csv-body.ts); `text`: the whole text. */
  csv: 'stream' | 'text';
  query?: undefined;
  handle(ctx: AuthedCtx, input: RouteInput<CsvBody, unknown>): Promise<unknown>;
  startJob?: StartJob<RouteInput<CsvBody, unknown>>;
}

/** A CSV download: the handler opens the sink with a file name and writes; errors before the first
 *  write are answered in JSON, after it the download is cut short. */
export interface CsvDownloadRoute<Q = unknown> extends ScopedRoute {
  kind: 'csv-download';
  query?: QuerySpec<Q>;
  handle(ctx: AuthedCtx, input: RouteInput<undefined, Q>, open: OpenCsv): Promise<void>;
  startJob?: StartJob<RouteInput<undefined, Q>>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiRoute = JsonRoute<any, any> | PublicJsonRoute<any, any> | CsvUploadRoute | CsvDownloadRoute<any>;

/** The background-job start of a route (`?async=true`), or undefined. */
export const startsJob = (r: ApiRoute): StartJob<RouteInput<unknown, unknown>> | undefined =>
  isPublic(r) ? undefined : ((r as JsonRoute | CsvUploadRoute | CsvDownloadRoute).startJob as StartJob<RouteInput<unknown, unknown>> | undefined);

/** Whether a route answers without credentials. */
export const isPublic = (r: ApiRoute): r is PublicJsonRoute => 'auth' in r && r.auth === 'none';

/** The scopes an API key needs for a route (decisions.md §12); null for a public one. */
export function routeScope(r: ApiRoute): ScopeNeed | null {
  if (isPublic(r)) return null;
  // The type makes `scope` required; a route built past the compiler without one is a bug, so loud.
  if (!r.scope) throw new Error(`${r.method} ${r.path} declares no scope`);
  return r.scope;
}

/** Whether a credentialed route only reads: a GET, or a POST that computes an answer and keeps nothing
 *  (a preview, a render), which is what needing only `:read` scopes says. Such calls are no change for
 *  the audit log (decisions.md §12) and read-only tools for MCP. */
export function onlyReads(r: ApiRoute): boolean {
  const scope = routeScope(r);
  return r.method === 'get' || (scope !== null && requiredScopes(scope).every((s) => s.endsWith(':read')));
}

/** Typed helpers: the body and query types flow from their parsers into `handle`. */
export const jsonRoute = <B = undefined, Q = undefined>(r: JsonRoute<B, Q>): ApiRoute => r as ApiRoute;
export const publicRoute = <B = undefined, Q = undefined>(r: PublicJsonRoute<B, Q>): ApiRoute => r as ApiRoute;
export const csvUploadRoute = (r: Omit<CsvUploadRoute, 'kind'>): ApiRoute => ({ ...r, kind: 'csv-upload' });
export const csvDownloadRoute = <Q = undefined>(r: Omit<CsvDownloadRoute<Q>, 'kind'>): ApiRoute => ({ ...r, kind: 'csv-download' }) as ApiRoute;
