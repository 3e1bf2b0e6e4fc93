// GET /api/openapi.json (decisions.md §9): the OpenAPI 3.1 document of every REST path, generated from
// the route contracts the adapter mounts (src/contracts/api-route.ts) and the types they name, so it cannot drift.
import type { GraphQLSchema } from 'graphql';
import { routeScope, startsJob, type ApiRoute, type CsvDownloadRoute } from '../../src/contracts/api-route';
import { API_SCOPES, requiredScopes } from '../../src/contracts/api-scopes';
import { errorCatalog } from '../../src/contracts/errors';
import { snakeCase } from '../../src/contracts/validation/validate-input';
import { CURSOR_HEADERS, cursorDocs } from './cursor-docs';
import { MIDDLEWARE_HEADERS, MIDDLEWARE_PARAMETERS, middlewareDocs, RATE_LIMIT_HEADER_REFS } from './middleware-docs';
import { adjustAnswer, SchemaCatalog } from './schemas';

type Json = Record<string, unknown>;

export interface OpenApiSource {
  routes: readonly ApiRoute[];
  tags: readonly { name: string; description: string; routes: readonly ApiRoute[] }[];
  schema: GraphQLSchema;
  /** The schema builders to use (shared with the MCP tools, rest/mcp/tools.ts); a new one unless given. */
  catalog?: SchemaCatalog;
}

/** GET /health/ready's answer (src/observability/readiness.ts). */
const READINESS = {
  type: 'object',
  required: ['ok', 'checks'],
  properties: {
    ok: { type: 'boolean' },
    checks: {
      type: 'object',
      description: '`database`, `migrations`, and `jobs` in a process that runs the job runner.',
      additionalProperties: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' }, error: { type: 'string' } } },
    },
  },
};

/** The paths the HTTP app serves itself (not module routes): documented here, tagged `service`. */
export const SERVICE_PATHS: Json = {
  '/health': {
    get: {
      tags: ['service'],
      summary: 'Liveness: 200 once the process has started (and for as long as it lives), 503 `starting` before',
      operationId: 'getHealth',
      security: [],
      responses: {
        200: { description: 'Alive', content: { 'application/json': { schema: { type: 'object', properties: { ok: { const: true } }, required: ['ok'] } } } },
        503: { $ref: '#/components/responses/Error' },
      },
    },
  },
  '/health/ready': {
    get: {
      tags: ['service'],
      summary:
        'Readiness: 200 when the database answers, its migrations are current and (in a process with the jobs role) the job runner runs; else 503 `not_ready` naming the failing checks',
      operationId: 'getHealthReady',
      security: [],
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: READINESS } } },
        503: {
          description: 'Not ready (or `starting`): the checks with the error body',
          content: { 'application/json': { schema: { allOf: [READINESS, { $ref: '#/components/schemas/Error' }] } } },
        },
      },
    },
  },
  '/openapi.json': {
    get: {
      tags: ['service'],
      summary: 'This document',
      operationId: 'getOpenApi',
      security: [],
      responses: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
  '/docs': {
    get: {
      tags: ['service'],
      summary: 'The API reference page (renders this document; served from local files)',
      operationId: 'getDocs',
      security: [],
      responses: { 200: { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
};

/** `/campaigns/:id/leads.csv` → `/campaigns/{id}/leads.csv`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

/** operationId from method and path: get /campaigns/:id/leads → getCampaignsIdLeads. Also the MCP tool's
 *  name (rest/mcp/tools.ts) and the audit log's operation (rest/audit.ts). */
export function operationId(r: ApiRoute): string {
  const words = r.path.split(/[/.\-:]+/).filter(Boolean);
  return r.method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** Every registered code with its status and meaning, as a Markdown table. */
function errorTable(): string {
  return ['| code | status | meaning |', '|---|---|---|', ...errorCatalog().map((e) => `| \`${e.code}\` | ${e.status} | ${e.meaning} |`)].join('\n');
}

const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  description: `The body of every failure. The codes, each always answered with the same status:\n\n${errorTable()}`,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: errorCatalog().map((e) => e.code), description: 'Stable snake_case code; the Error schema lists each with its status and meaning.' },
        message: { type: 'string', description: 'What went wrong and how to fix it.' },
        details: { type: 'object', description: 'More about the refusal, such as the invalid fields (`fields`).' },
      },
    },
  },
};

const DESCRIPTION = [
  'The REST interface of the outreach service. Every request needs `Authorization: Bearer <token>` with a session token (from sign-up or login) or an API key, unless said otherwise. GraphQL at `/graphql` serves the same use cases.',
  '',
  `An API key holds scopes (${API_SCOPES.map((s) => `\`${s}\``).join(', ')}); each operation lists the ones it needs in \`x-scopes\` (and as the roles of its \`bearer\` requirement). A key without one of them gets 403 \`insufficient_scope\` with \`details.required\`; \`all\` covers every scope, and a session token has every scope. Reads need the area's \`:read\`, changes its \`:write\`, and what puts an email on the wire or switches sending on (activate, resuming or testing an inbox, a one-off email, answering a reply) also \`send\`; settings need \`all\`.`,
  '',
  'Every failure has the body `{"error": {"code", "message", "details"?}}`; the `Error` schema (under Schemas, at the end of this page) lists every code with its HTTP status and meaning.',
  '',
  'AI agents reach the same operations through the MCP server at `POST /mcp` (Model Context Protocol, Streamable HTTP, stateless; the same Bearer credentials): one tool per operation with credentials (not the CSV downloads), named by its `operationId`, listed only when the key holds its `x-scopes`.',
  '',
  'Every answer carries `X-Request-Id`: the one the request sent when it is at most 128 characters of `A-Z a-z 0-9 . _ : -`, else a new one. The service writes it on its log lines of the request; an `internal_error` (500) also gives it as `details.request_id`.',
].join('\n');

/** The schemas of a route's query (its parameters, resolved) and JSON body, from its input classes: what
 *  the OpenAPI operation and the MCP tool's input schema (rest/mcp/tools.ts) are both built from. */
export function requestSchemas(r: ApiRoute, catalog: SchemaCatalog): { query?: { properties?: Record<string, Json>; required?: string[] }; body?: Json } {
  const out: ReturnType<typeof requestSchemas> = {};
  if (r.query) out.query = catalog.resolve(catalog.input(r.query.schema, 'snake')) as NonNullable<typeof out.query>;
  if (r.kind !== 'csv-upload' && r.kind !== 'csv-download' && r.body) {
    const item = catalog.input(r.body.schema, r.body.keys === 'camel' ? 'camel' : 'snake');
    out.body = r.body.list ? { type: 'array', items: item } : item;
  }
  return out;
}

const ASYNC_PARAMETER: Json = {
  name: 'async',
  in: 'query',
  required: false,
  schema: { type: 'string', enum: ['true', 'false'] },
  description: 'true: run it as a background job (after the same up-front checks) and answer 202 {job_id}; follow it with GET /jobs/{id}.',
};
/** The answer of `?async=true`: the job started. */
export const JOB_STARTED_SCHEMA: Json = { type: 'object', properties: { job_id: { type: 'string', format: 'uuid' } }, required: ['job_id'], additionalProperties: false };

const JOB_STARTED: Json = {
  description: 'With async=true: the background job started.',
  content: { 'application/json': { schema: JOB_STARTED_SCHEMA } },
};

/** The JSON Schema of a route's success answer (its body), as the document and the MCP tools give it. */
export function answerSchema(r: Exclude<ApiRoute, CsvDownloadRoute>, catalog: SchemaCatalog): Json {
  const res = r.response;
  if (res.schema) return res.schema;
  if (!res.type) throw new Error(`${r.method} ${r.path} declares no answer`);
  const base = catalog.output(res.type, res.shape ?? 'camel', res.keep ?? []);
  const named = (path: string) => (res.shape === 'snake' ? path.split('.').map(snakeCase).join('.') : path);
  const item = adjustAnswer(catalog, base, { omit: res.omit?.map(named), optional: res.optional?.map(named), extra: res.extra });
  return res.list ? { type: 'array', items: item } : item;
}

function operation(r: ApiRoute, tag: string, catalog: SchemaCatalog): Json {
  const input = requestSchemas(r, catalog);
  const parameters: Json[] = pathParams(r.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  for (const [name, schema] of Object.entries(input.query?.properties ?? {})) {
    parameters.push({ name, in: 'query', required: (input.query?.required ?? []).includes(name), schema });
  }

  // decisions.md §12 background jobs: `?async=true` answers 202 {job_id}.
  if (startsJob(r)) parameters.push(ASYNC_PARAMETER);
  const extra = middlewareDocs(r); // decisions.md §12: Idempotency-Key, RateLimit headers
  parameters.push(...extra.parameters);
  const cursor = cursorDocs(r, parameters); // decisions.md §12: cursor and Link
  const op: Json = { tags: [tag], summary: r.summary, operationId: operationId(r) };
  if (r.description) op.description = r.description;
  if (parameters.length) op.parameters = parameters;
  const scope = routeScope(r);
  if (!scope) op.security = [];
  else {
    // decisions.md §12: the scopes an API key needs, as the bearer requirement's roles (OpenAPI 3.1 lets
    // a non-OAuth scheme list roles) and as `x-scopes`, for readers that ignore those roles.
    op.security = [{ bearer: requiredScopes(scope) }];
    op['x-scopes'] = requiredScopes(scope);
  }

  if (r.kind === 'csv-upload') {
    op.requestBody = {
      required: true,
      content: {
        'text/csv': { schema: { type: 'string' } },
        'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
      },
    };
  } else if (input.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: input.body } } };
  }

  const res = r.response;
  let success: Json;
  if (r.kind === 'csv-download') {
    success = { description: res.description ?? 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } };
  } else if (res.redirect) {
    success = { description: res.description ?? 'Redirect', headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } };
  } else {
    const schema = answerSchema(r, catalog);
    success = { description: res.description ?? 'OK', content: { 'application/json': { schema } } };
    if (r.totalCount) success.headers = { 'X-Total-Count': { description: 'The number of matching items (exact).', schema: { type: 'integer' } } };
  }
  success.headers = { ...(success.headers as Json | undefined), ...cursor.headers, ...extra.headers };
  op.responses = {
    [String(res.redirect ? 302 : (r.status ?? 200))]: success,
    ...(startsJob(r) ? { '202': { ...JOB_STARTED, headers: extra.headers } } : {}),
    default: { $ref: '#/components/responses/Error' },
  };
  return op;
}

export function buildOpenApi(src: OpenApiSource): Json {
  const catalog = src.catalog ?? new SchemaCatalog(src.schema);
  const paths: Record<string, Json> = {};
  for (const tag of src.tags) {
    for (const r of tag.routes) {
      const p = openApiPath(r.path);
      paths[p] ??= {};
      if (paths[p][r.method]) throw new Error(`${r.method} ${r.path} is declared twice`);
      paths[p][r.method] = operation(r, tag.name, catalog);
    }
  }
  for (const [p, ops] of Object.entries(SERVICE_PATHS)) paths[p] = ops as Json;
  return {
    openapi: '3.1.0',
    info: { title: 'Outreach service', version: '1', description: DESCRIPTION },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    tags: [...src.tags.map((t) => ({ name: t.name, description: t.description })), { name: 'service', description: 'Health, this document and the reference page.' }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "A session token (ses_…, from sign-up or login) or an API key (key_…); an operation's requirement lists the API key scopes it needs.",
        },
      },
      schemas: { ...catalog.components, Error: ERROR_BODY },
      parameters: MIDDLEWARE_PARAMETERS,
      headers: { ...MIDDLEWARE_HEADERS, ...CURSOR_HEADERS },
      responses: {
        Error: {
          description: 'The error body; the status and code say what went wrong (codes in the description above).',
          headers: { ...RATE_LIMIT_HEADER_REFS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
