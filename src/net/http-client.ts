// The real outbound HTTP port (ports.ts HttpPort): every request through the fetch guard (safe-fetch.ts),
// loopback and private addresses let through only with ALLOW_PRIVATE_FETCH.
import type { Config } from '../config';
import { safeFetch, safeFetchText, type SafeFetchOptions, type SafeResponse } from './safe-fetch';

type Request = Omit<SafeFetchOptions, 'allowPrivate'>;

export function guardedHttp(config: Pick<Config, 'allowPrivateFetch'>) {
  return {
    fetchText: (url: string, req: Request): Promise<string> => safeFetchText(url, { ...req, allowPrivate: config.allowPrivateFetch }),
    request: (url: string, req: Request): Promise<SafeResponse> => safeFetch(url, { ...req, allowPrivate: config.allowPrivateFetch }),
  };
}
