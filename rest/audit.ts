// decisions.md §12 Audit log at the REST door (src/observability/audit-trail/README.md): every POST, PUT, PATCH or DELETE
// under /api made with credentials that answers 2xx is recorded once, with the route's OpenAPI
// operationId, the object it changed and the client's address. Mounted after the idempotency keys (a
// replay is answered before it and so is never recorded again) and before the routes. The answer is
// watched where every JSON answer goes out, res.json (routes and the error handler alike): by then the
// route has run and its status says whether the change succeeded; the entry is written before the answer
// is sent, waited for at most RECORD_WAIT_MS (src/observability/audit-trail/audit-log.ts).
import type { Request, RequestHandler } from 'express';
import { isPublic, onlyReads, type ApiRoute } from '../src/contracts/api-route';
import { changeTarget, recordChange } from '../src/observability/audit-trail/audit-log';
import type { AppDeps } from '../src/runtime/context';
import { bearer, callerOf } from './caller';
import { operationId } from './openapi/document';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The declared route Express matched for this request (req.route: the route being answered). */
const routeKey = (req: Request): string | null => {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.method.toLowerCase()} ${path}` : null;
};

export function auditTrail(deps: AppDeps, routes: readonly ApiRoute[]): RequestHandler {
  // Changes made with credentials; sign-up and login are public (no actor: not recorded).
  const operations = new Map(routes.filter((r) => !isPublic(r) && !onlyReads(r)).map((r) => [`${r.method} ${r.path}`, operationId(r)]));
  return (req, res, next) => {
    if (!CHANGES.has(req.method) || !bearer(req)) return next();
    const send = res.json.bind(res);
    let settled = false;
    res.json = (body: unknown) => {
      if (settled) return send(body);
      settled = true;
      const key = routeKey(req);
      const operation = key ? operations.get(key) : undefined;
      if (!operation || res.statusCode < 200 || res.statusCode >= 300) return send(body);
      const params = { ...(req.params as Record<string, unknown>) };
      callerOf(deps, req)
        .then((actor) => recordChange({ deps, actor, clientAddress: req.ip ?? null }, { operation, targetId: changeTarget(params, body) }))
        .catch((err) => deps.log.error('audit log entry not written', { err: String(err), operation }))
        .finally(() => send(body));
      return res;
    };
    next();
  };
}
