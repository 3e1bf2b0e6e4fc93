// The API reference's part of the request limit and idempotency keys (decisions.md §12,
// rest/rate-limit.ts, rest/idempotency.ts): the Idempotency-Key parameter of every change an API
// caller makes, and the RateLimit fields of every answer the limit counts.
import { isPublic, type ApiRoute } from '../../src/contracts/api-route';
import { MAX_KEY_LENGTH } from '../../src/contracts/idempotency/idempotency-keys';

type Json = Record<string, unknown>;

/** components.parameters */
export const MIDDLEWARE_PARAMETERS: Json = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the request safe to retry (Stripe semantics): it runs once per workspace and key for 24 hours, and a repeat with the same method, path and body is answered the first answer (its status and body, 4xx included; a 5xx or 429 frees the key) with `Idempotent-Replayed: true`. The same key with another method, path or body is 422 `idempotency_key_reused`; a repeat while the first still runs is 409 `idempotency_key_in_use`. Send a new random value (a UUID) per request; JSON bodies only (a CSV or multipart upload with it is 400).',
    schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
  },
};

/** components.headers */
export const MIDDLEWARE_HEADERS: Json = {
  RateLimit: {
    description:
      'IETF httpapi-ratelimit-headers: `"default";r=<requests left in the window>;t=<seconds until it ends>`. Counted per workspace (all its keys and sessions, across every server process; without credentials, per client address).',
    schema: { type: 'string', pattern: '^"default";r=\\d+;t=\\d+$' },
  },
  'RateLimit-Policy': {
    description: 'The limit: `"default";q=<requests per window>;w=<window seconds>` (RATE_LIMIT_PER_MINUTE per 60 s).',
    schema: { type: 'string', pattern: '^"default";q=\\d+;w=\\d+$' },
  },
  'Retry-After': { description: 'On 429: seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
  'Idempotent-Replayed': { description: 'Present (`true`) when the answer is the stored answer of an earlier request with the same Idempotency-Key.', schema: { const: 'true' } },
};

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const RATE_LIMIT_HEADER_REFS: Json = { RateLimit: ref('RateLimit'), 'RateLimit-Policy': ref('RateLimit-Policy') };

/** Whether a route takes Idempotency-Key: a change made with credentials and a JSON body (sign-up and
 *  login ignore it, CSV uploads refuse it). */
export const takesIdempotencyKey = (r: ApiRoute): boolean => r.method !== 'get' && !isPublic(r) && r.kind !== 'csv-upload' && r.kind !== 'csv-download';

/** The parameters and success headers an operation adds for the two middlewares. */
export function middlewareDocs(r: ApiRoute): { parameters: Json[]; headers: Json } {
  const idem = takesIdempotencyKey(r);
  return {
    parameters: idem ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [],
    headers: { ...RATE_LIMIT_HEADER_REFS, ...(idem ? { 'Idempotent-Replayed': ref('Idempotent-Replayed') } : {}) },
  };
}
