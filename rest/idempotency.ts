// decisions.md §12 Idempotency at the REST door (src/contracts/idempotency/README.md has the protocol): a POST,
// PUT, PATCH or DELETE under /api with an Idempotency-Key runs once per workspace and key; a repeat is
// answered the first answer (status, body, Location and X-Total-Count) with `Idempotent-Replayed: true`.
// Mounted after the JSON body parser (the fingerprint reads the parsed body) and before the routes; the
// answer is captured where every JSON answer goes out, res.json (routes and the error handler alike),
// and stored before it is sent, so a client that has the answer finds it stored.
//
// Not applicable, and said so in the API reference: requests without credentials (sign-up, login: no
// workspace to keep the key under; the header is ignored) and bodies that are not JSON (CSV uploads,
// multipart: refused with 400, as their bytes are streamed to the import, not read first).
import type { RequestHandler, Response } from 'express';
import type { AppDeps } from '../src/runtime/context';
import { AppError } from '../src/contracts/errors';
import { fingerprint, IDEMPOTENCY_HEADER, IdempotencyKeys, keyError, REPLAYED_HEADERS, type Begun, type StoredAnswer } from '../src/contracts/idempotency/idempotency-keys';
import { bearer, callerOf } from './caller';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPES = ['application/json', 'application/*+json'];

export function idempotency(deps: AppDeps): RequestHandler {
  const keys = new IdempotencyKeys(deps);
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined || !CHANGES.has(req.method)) return next();
    const invalid = keyError(key);
    if (invalid) throw invalid;
    if (!bearer(req)) return next(); // sign-up, login: no workspace (the header is ignored)
    const actor = await callerOf(deps, req);
    if (!actor) return next(); // the route answers 401
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !req.is(JSON_TYPES)) {
      throw new AppError('validation_failed', `${IDEMPOTENCY_HEADER} is taken with JSON bodies only, not with a CSV or multipart upload; send the upload without it.`, {
        fields: { [IDEMPOTENCY_HEADER]: ['only with a JSON body'] },
      });
    }
    const caller = actor.who ? `${actor.who.kind}:${actor.who.id}` : `${actor.via}:${actor.userId ?? ''}`;
    const begun = await keys.begin(actor.workspaceId, key, fingerprint(caller, req.method, req.originalUrl, req.body));
    if (begun.kind === 'replay') return void replay(res, begun.answer);
    capture(res, begun, deps);
    next();
  };
}

function replay(res: Response, answer: StoredAnswer): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.set(name, value);
  res.set('Idempotent-Replayed', 'true');
  res.set('Content-Type', 'application/json; charset=utf-8');
  res.send(answer.body);
}

/** Stores the answer the request gives before it goes out. A client that hangs up does not end the
 *  request: it runs on and its answer is stored all the same (res.json is called on a closed response
 *  too), so a retry meanwhile is 409 and after it a replay. An answer sent some other way than JSON
 *  (none under /api for a change) frees the key. */
function capture(res: Response, run: Extract<Begun, { kind: 'run' }>, deps: AppDeps): void {
  let settled = false;
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    if (settled) return send(body);
    settled = true;
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = res.get(name);
      if (value !== undefined) headers[name] = String(value);
    }
    run
      .finish({ status: res.statusCode, headers, body: JSON.stringify(body) ?? '' })
      .catch((err) => deps.log.error('idempotency key answer not stored', { err: String(err) }))
      .finally(() => send(body));
    return res;
  };
  res.on('finish', () => {
    if (settled) return;
    settled = true;
    run.finish(null).catch((err) => deps.log.error('idempotency key not freed', { err: String(err) }));
  });
}
