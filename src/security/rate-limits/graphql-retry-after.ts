// GraphQL answers a refusal inside a 200 (extensions.code `rate_limited`, details.retry_after_seconds);
// this plugin also puts the wait in the HTTP answer's Retry-After, as REST does, for clients and proxies
// that read only headers.
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { AppError } from '../../contracts/errors';

export const retryAfterPlugin: ApolloServerPlugin<BaseContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ errors, response }) {
        const waits = (errors ?? []).map((e) => (e.originalError instanceof AppError ? (e.originalError.retryAfterSeconds ?? 0) : 0));
        const wait = Math.max(0, ...waits);
        if (wait > 0) response.http.headers.set('retry-after', String(wait));
      },
    };
  },
};
