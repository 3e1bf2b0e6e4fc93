// The Express adapter: body limits, authentication, the route table, GraphQL (+ offline GraphiQL),
// JSON 404s and the error body. No business rules live here.
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { ApiRoute } from '../src/contracts/api-route';
import { anonymousContext, authedContext, type AppDeps, type Ctx } from '../src/runtime/context';
import { unauthorized } from '../src/contracts/errors';
import type { Readiness } from '../src/observability/readiness';
import { costLimitRule, queryTextError } from '../src/contracts/graphql/cost-limits';
import { formatGraphQLError } from '../src/contracts/graphql/errors';
import { nestedDeeperThan, tooDeep } from '../src/contracts/validation/json-depth';
import { retryAfterPlugin } from '../src/security/rate-limits/graphql-retry-after';
import { auditPlugin } from '../src/observability/audit-trail/graphql-audit';
import { auditTrail } from './audit';
import { bearer, callerOf } from './caller';
import { consoleRouter } from './console';
import { errorHandler, notFoundHandler } from './errors';
import { graphqlRefusal } from './graphql-refusal';
import { healthRouter } from './health';
import { idempotency } from './idempotency';
import { mountMcp } from './mcp/http';
import { metricsRouter } from './metrics';
import { pathGuard } from './path-guard';
import { requestIds } from './request-id';
import { publicLinkRouter } from './public-links';
import { rateLimit } from './rate-limit';
import { apiRouteList, mountRoutes } from './mount';
import { apiDocsRouter, docsFilesRouter } from './openapi/docs';
import { buildOpenApi } from './openapi/document';
import { SchemaCatalog } from './openapi/schemas';

export const JSON_LIMIT = '10mb';

/** GraphiQL's page (the whole editor, inlined so it works offline) is made on its first visit: the
 *  renderer is one of the largest modules the service would otherwise load at every start. */
let graphiql: Promise<string> | null = null;
const graphiqlPage = () => (graphiql ??= import('@graphql-yoga/render-graphiql').then(({ renderGraphiQL }) => renderGraphiQL({ endpoint: '/graphql', title: 'Outreach GraphQL' })));

/** The caller's address (X-Forwarded-For from a TRUST_PROXY peer, else the peer's own) goes with the context, for per-client rate limits
 *  (decisions.md §10). */
const fromClient = (ctx: Ctx, req: Request): Ctx => Object.assign(ctx, { clientAddress: req.ip ?? null });

/** decisions.md §10: a JSON body nested past 64 levels is refused before any validator walks it. */
const jsonDepthGuard: RequestHandler = (req, _res, next) => {
  if (nestedDeeperThan(req.body)) throw tooDeep('body');
  next();
};

/** decisions.md §10: query text over 1 MB is refused before it is parsed; a body nested past 64 levels
 *  (variables) before anything walks it. */
const graphqlGuard: RequestHandler = (req, res, next) => {
  const body = req.body as { query?: unknown } | undefined;
  const text = queryTextError(body?.query) ?? queryTextError(req.query.query);
  if (text) return void graphqlRefusal(res, text);
  if (nestedDeeperThan(req.body)) return void graphqlRefusal(res, tooDeep('body'));
  next();
};

/** Anonymous when no credential is sent; 401 when one is sent but unknown or expired. */
async function requestContext(deps: AppDeps, req: Request): Promise<Ctx> {
  if (!bearer(req)) return fromClient(anonymousContext(deps), req);
  const actor = await callerOf(deps, req);
  if (!actor) throw unauthorized('The API key or session token is unknown, revoked or expired.');
  return fromClient(authedContext(deps, actor), req);
}

export interface HttpApp {
  app: express.Express;
  /** Every method and path Express serves under /api, read off the router (for the API reference test). */
  apiRoutes: { method: string; path: string }[];
  stop(): Promise<void>;
}

export interface HttpAppOptions extends ProbeOptions {
  /** Every module's REST contracts (src/runtime/app-module.ts). */
  routes: readonly ApiRoute[];
  /** Area tags of the API reference, in module order. */
  tags: readonly { name: string; description: string; routes: readonly ApiRoute[] }[];
}

/** What every process answers over HTTP, whatever its roles: liveness and readiness. */
export interface ProbeOptions {
  /** Start-up has finished (/api/health answers 200 from then on). */
  isReady: () => boolean;
  readiness: Readiness;
}

/** The HTTP side of a process without the `api` role (decisions.md §13): health, readiness and metrics,
 *  and a JSON 404 for everything else. */
export function createProbeApp(deps: AppDeps, opts: ProbeOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestIds(deps.log));
  app.use(metricsRouter(deps)); // GET /metrics (decisions.md §13), and the probes' requests counted
  app.use(pathGuard);
  app.use('/api', healthRouter(opts.isReady, opts.readiness));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}

export async function createHttpApp(deps: AppDeps, schema: GraphQLSchema, opts: HttpAppOptions): Promise<HttpApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy); // TRUST_PROXY: whose X-Forwarded-For names the client

  app.use(requestIds(deps.log)); // first: every answer carries X-Request-Id and every log line of the request its id
  app.use(metricsRouter(deps)); // every request is counted; GET /metrics (decisions.md §13) outside /api, before auth
  app.use(rateLimit(deps)); // decisions.md §12: every /api and /graphql request counted, RateLimit headers, 429
  app.use(pathGuard); // before every route: a NUL or non-UTF-8 escape in the path (400 invalid_path) or a query value (400)

  const apollo = new ApolloServer<Ctx>({
    schema,
    formatError: formatGraphQLError(deps.log),
    // decisions.md §10: never a stack trace in an answer, whatever NODE_ENV (Apollo's default adds one
    // outside production and test); formatGraphQLError logs it with the request id instead.
    includeStacktraceInErrorResponses: false,
    validationRules: [costLimitRule],
    plugins: [ApolloServerPluginLandingPageDisabled(), retryAfterPlugin, auditPlugin],
    introspection: true,
  });
  await apollo.start();
  app.get('/graphql', async (req, res, next) => {
    if (req.accepts(['text/html', 'application/json']) === 'text/html' && req.query.query === undefined) res.type('html').send(await graphiqlPage());
    else next();
  });
  app.use(
    '/graphql',
    express.json({ limit: JSON_LIMIT }),
    graphqlGuard,
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        const actor = await callerOf(deps, req);
        // A bad credential is not fatal for the whole request in GraphQL: resolvers that need a
        // caller answer `unauthorized` in their own errors entry.
        return fromClient(actor ? authedContext(deps, actor) : anonymousContext(deps), req);
      },
    }),
  );

  // Everything under /api is in this one router, so what it serves can be listed (apiRouteList) and
  // compared with the API reference.
  const api = express.Router();
  api.use(healthRouter(opts.isReady, opts.readiness));
  // The API reference: the OpenAPI document generated from the route contracts, and a page rendering it.
  // The JSON Schemas of the contracts' types (for the reference and MCP's tools) are made at the first
  // request that needs them, not at start-up: they cost 100–300 ms of CPU, most services never serve
  // them, and the tests start a service some two hundred times (openapi.test.ts checks the document).
  let catalog: SchemaCatalog | undefined;
  const schemas = () => (catalog ??= new SchemaCatalog(schema));
  api.use(apiDocsRouter(() => buildOpenApi({ routes: opts.routes, tags: opts.tags, schema, catalog: schemas() })));
  api.use(express.json({ limit: JSON_LIMIT, type: ['application/json', 'application/*+json'] }));
  api.use(jsonDepthGuard);
  api.use(idempotency(deps)); // decisions.md §12: a change with an Idempotency-Key runs once; repeats replay its answer
  api.use(auditTrail(deps, opts.routes)); // decisions.md §12: every successful change goes into the audit log (after idempotency: a replay is not a change)
  // CSV bodies (text/csv or a multipart `file` field, 50 MB) are read by the routes that take them (csv-body.ts).
  api.use(mountRoutes(opts.routes, (req) => requestContext(deps, req)));
  app.use('/api/docs', docsFilesRouter()); // the reference page's static files: not API operations
  app.use('/api', api);
  // decisions.md §12: the MCP server (its tools are the routes above), with /api's credentials and body limit.
  mountMcp(app, { routes: opts.routes, schemas, contextFor: (req) => requestContext(deps, req), jsonLimit: JSON_LIMIT });
  // Public links under PUBLIC_URL: no credentials; Express answers HEAD with the GET handlers.
  app.use(publicLinkRouter(deps));
  // decisions.md §14: the web console at /app (and `/` redirects there).
  app.use(consoleRouter());

  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return { app, apiRoutes: apiRouteList(api), stop: () => apollo.stop() };
}
