// What never reaches a log line (decisions.md §13 "Logs": secrets redacted). Two guards:
// - by key: every field name a secret travels under (inbox passwords, session tokens, API keys, webhook
//   secrets, the verification key, SECRET_KEY, LLM_API_KEY, METRICS_TOKEN, Authorization and Cookie
//   headers), at any depth of a log line's fields (redactFields), and again by pino's `redact` at the top
//   level; URL fields keep their URL with the password masked;
// - by value: text (messages, error messages and stacks, string fields) has the password of any
//   `scheme://user:password@` URL, Bearer credentials, our own token formats and OAuth tokens masked.
import { types } from 'node:util';
import type { redactOptions } from 'pino';

export const REDACTED = '[Redacted]';

/** Field names whose value is a secret, whatever object they sit in. */
export const SECRET_KEYS = [
  // passwords: accounts, inbox SMTP/IMAP credentials (inboxes.inputs.ts `password`, nodemailer/imapflow `pass`)
  'password',
  'pass',
  'passwd',
  'newPassword',
  'currentPassword',
  'passwordEnc',
  'passwordHash',
  'smtpPassword',
  'imapPassword',
  'smtp_password',
  'imap_password',
  // session tokens and API keys (accounts.service.ts), public link tokens
  'token',
  'tokenHash',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  // OAuth inboxes (decisions.md §15): ID tokens, PKCE verifiers, the apps' client secrets, stored tokens
  'idToken',
  'id_token',
  'codeVerifier',
  'code_verifier',
  'codeVerifierEnc',
  'clientSecret',
  'client_secret',
  'accessTokenEnc',
  'refreshTokenEnc',
  'apiKey',
  'api_key',
  'key',
  'keyHash',
  // webhook signing secrets (webhooks.service.ts), the verification key, the service's own secrets
  'secret',
  'secretEnc',
  'webhookSecret',
  'webhook_secret',
  'verificationKey',
  'verification_key',
  'verificationKeyEnc',
  'secretKey',
  'SECRET_KEY',
  'LLM_API_KEY',
  'METRICS_TOKEN',
  'metricsToken',
  // HTTP credentials, as header objects carry them
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'x-api-key',
] as const;

/** Field names holding a URL that may carry credentials: kept, with the password masked. */
export const URL_KEYS = ['databaseUrl', 'DATABASE_URL', 'mongodbUrl', 'MONGODB_URL', 'clientUrl', 'connectionString', 'url'] as const;

const secretKeys = new Set<string>(SECRET_KEYS);
const urlKeys = new Set<string>(URL_KEYS);

/** pino's own `redact`, at the top level of a line (where it costs nothing): the last guard, at
 *  serialization, for whatever reaches pino without going through redactFields. Nested fields are
 *  redactFields' work: pino's wildcard paths (`*.password`, `*.*.password`) cost 20 µs per line per level
 *  with this many keys, on every line, nested or not (measured); the walk below costs what the fields do. */
export const redaction: redactOptions = {
  paths: [...SECRET_KEYS, ...URL_KEYS].map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`)),
  censor: (value: unknown, path: string[]) => (urlKeys.has(path[path.length - 1]) && typeof value === 'string' ? maskSecretsInText(value) : REDACTED),
};

// `scheme://user:password@`: the password goes (no nested quantifiers: linear in the text).
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// crypto.ts newToken(prefix): session tokens `ses_…`, API keys `key_…`; webhook secrets `whsec_…`. And
// OAuth tokens (decisions.md §15): JWTs (Microsoft's access tokens, every ID token) and Google's
// `ya29.` access and `1//` refresh tokens.
const OWN_TOKENS =
  /\b(?:ses|key)_[A-Za-z0-9_-]{20,}|\bwhsec_[A-Za-z0-9+/=]{20,}|\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*|\bya29\.[A-Za-z0-9_-]{20,}|\b1\/\/[A-Za-z0-9_-]{20,}/g;

/** Text with credentials found in it masked: URL passwords, Bearer/Basic credentials, our token formats. */
export function maskSecretsInText(text: string): string {
  return text.replace(URL_PASSWORD, '$1:***@').replace(BEARER, `$1 ${REDACTED}`).replace(OWN_TOKENS, REDACTED);
}

const isError = (value: unknown): value is Error => value instanceof Error || types.isNativeError(value);

/** How many causes of an error are followed. */
const CAUSE_DEPTH = 3;

/** pino's serializer for `err` and `error`: an Error becomes its type, message, stack, code and causes
 *  only, never its other properties (an HTTP client's error may hold the request with its body and
 *  headers); text is masked like any other text. */
export function serializeError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecretsInText(value);
  if (!isError(value)) return value; // already walked by redactFields
  const code = (value as { code?: unknown }).code;
  return {
    type: value.name,
    message: maskSecretsInText(value.message),
    ...(value.stack ? { stack: maskSecretsInText(value.stack) } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(value.cause !== undefined && depth < CAUSE_DEPTH ? { cause: isError(value.cause) ? serializeError(value.cause, depth + 1) : redactValue('cause', value.cause, 1) } : {}),
  };
}

/** How deep and how wide redactFields looks into nested values; past that, values are cut. */
export const REDACT_DEPTH = 6;
export const REDACT_NODES = 1000;
const CUT = '[Truncated]';

function redactValue(key: string | null, value: unknown, depth: number, budget = { nodes: REDACT_NODES }): unknown {
  if (key !== null && secretKeys.has(key)) return value === undefined || value === null ? value : REDACTED;
  if (typeof value === 'string') return maskSecretsInText(value);
  if (value === null || typeof value !== 'object') return value;
  if (isError(value)) return serializeError(value);
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  if (depth >= REDACT_DEPTH || --budget.nodes < 0) return CUT;
  // A class instance (an entity, a config object) is written as JSON.stringify would: through its toJSON,
  // else its own fields; so it is walked like a plain object.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return redactValue(key, toJSON.call(value), depth + 1, budget);
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const v of value) {
      if (budget.nodes <= 0) {
        items.push(CUT); // one mark for the rest of a long list
        break;
      }
      items.push(redactValue(null, v, depth + 1, budget));
    }
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(k, v, depth + 1, budget);
  return out;
}

/** A log line's fields with secrets out, at any depth: the value of every SECRET_KEYS field replaced,
 *  text masked (maskSecretsInText: URL passwords, Bearer credentials, our tokens), errors serialized
 *  (serializeError). */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(null, fields, 0) as Record<string, unknown>;
}
