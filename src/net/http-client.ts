// The real outbound HTTP port (ports.ts HttpPort): every request through the fetch guard (safe-fetch.ts),
// loopback and private addresses let through only with ALLOW_PRIVATE_FETCH.
import type { Config } from '../runtime/config';
import { AppError } from '../contracts/errors';
import { safeFetch, safeFetchText, type SafeFetchOptions, type SafeResponse } from './safe-fetch';

type Request = Omit<SafeFetchOptions, 'allowPrivate' | 'extraCa'>;

/** `extraCa`: certificate authorities trusted beside the system's (safe-fetch.ts), for every request. */
export function guardedHttp(config: Pick<Config, 'allowPrivateFetch'>, opts: { extraCa?: readonly string[] } = {}) {
  const guard = { allowPrivate: config.allowPrivateFetch, extraCa: opts.extraCa };
  return {
    fetchText: (url: string, req: Request): Promise<string> => safeFetchText(url, { ...req, ...guard }),
    request: (url: string, req: Request): Promise<SafeResponse> => safeFetch(url, { ...req, ...guard }),
  };
}

/** A transport failure of an outside service (timeout, refused, TLS) as that service's own error, so a
 *  caller can tell "the model is down" from "the model said no". Anything that is not a fetch refusal
 *  is rethrown as it is. */
export function unreachable(err: unknown, service: string, code: 'model_unreachable' | 'verifier_unreachable', timeoutMs: number): never {
  if (!(err instanceof AppError)) throw err;
  const message = err.code === 'fetch_timeout' ? `${service} did not answer within ${Math.round(timeoutMs / 1000)} seconds.` : `${service} could not be reached: ${err.message}`;
  throw new AppError(code, message, { cause: err.code });
}
