// The Express adapter: body limits, authentication, the route table, GraphQL (+ offline GraphiQL),
// JSON 404s and the error body. No business rules live here.
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import express, { type Request } from 'express';
import type { GraphQLSchema } from 'graphql';
import { anonymousContext, authedContext, type AppDeps, type Ctx } from '../src/context';
import { unauthorized } from '../src/errors';
import { formatGraphQLError } from '../src/graphql/errors';
import { authenticate } from '../src/modules/accounts/accounts.service';
import { csvBodyParser } from './csv-body';
import { errorHandler, notFoundHandler } from './errors';
import { pathGuard } from './path-guard';
import { publicLinkRouter } from './public-links';
import type { Route } from './route';
import { routes } from './routes';

export const JSON_LIMIT = '10mb';

function bearer(req: Request): string | null {
  const header = req.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

/** Anonymous when no credential is sent; 401 when one is sent but unknown or expired. */
async function requestContext(deps: AppDeps, req: Request): Promise<Ctx> {
  const token = bearer(req);
  if (!token) return anonymousContext(deps);
  const actor = await authenticate(anonymousContext(deps), token);
  if (!actor) throw unauthorized('The API key or session token is unknown, revoked or expired.');
  return authedContext(deps, actor);
}

function mount(router: express.Router, deps: AppDeps, r: Route) {
  router[r.method](r.path, async (req, res) => {
    const ctx = await requestContext(deps, req);
    let body: unknown;
    if (r.auth === 'none') body = await r.handle(ctx, req, res);
    else if (!ctx.actor) throw unauthorized();
    else body = await r.handle({ ...ctx, actor: ctx.actor }, req, res);
    if (body !== undefined && !res.headersSent) res.status(r.status ?? 200).json(body);
  });
}

export interface HttpApp {
  app: express.Express;
  stop(): Promise<void>;
}

export async function createHttpApp(deps: AppDeps, schema: GraphQLSchema, opts: { isReady: () => boolean }): Promise<HttpApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(pathGuard); // before every route: a NUL or non-UTF-8 escape in the path (400 invalid_path) or a query value (400)

  app.get('/api/health', (_req, res) => {
    if (opts.isReady()) res.json({ ok: true });
    else res.status(503).json({ error: { code: 'starting', message: 'The service is starting; try again in a moment.' } });
  });

  const apollo = new ApolloServer<Ctx>({
    schema,
    formatError: formatGraphQLError(deps.log),
    plugins: [ApolloServerPluginLandingPageDisabled()],
    introspection: true,
  });
  await apollo.start();
  const graphiql = renderGraphiQL({ endpoint: '/graphql', title: 'Outreach GraphQL' });
  app.get('/graphql', (req, res, next) => {
    if (req.accepts(['text/html', 'application/json']) === 'text/html' && req.query.query === undefined) res.type('html').send(graphiql);
    else next();
  });
  app.use(
    '/graphql',
    express.json({ limit: JSON_LIMIT }),
    expressMiddleware(apollo, {
      context: async ({ req }) => {
        const token = bearer(req);
        if (!token) return anonymousContext(deps);
        const actor = await authenticate(anonymousContext(deps), token);
        // A bad credential is not fatal for the whole request in GraphQL: resolvers that need a
        // caller answer `unauthorized` in their own errors entry.
        return actor ? authedContext(deps, actor) : anonymousContext(deps);
      },
    }),
  );

  const api = express.Router();
  api.use(express.json({ limit: JSON_LIMIT, type: ['application/json', 'application/*+json'] }));
  // CSV as text/csv or a multipart `file` field, 50 MB (csv-body.ts); lead imports stream it.
  api.use(csvBodyParser());
  for (const r of routes) mount(api, deps, r);
  app.use('/api', api);
  // Public links under PUBLIC_URL: no credentials; Express answers HEAD with the GET handlers.
  app.use(publicLinkRouter(deps));

  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return { app, stop: () => apollo.stop() };
}
