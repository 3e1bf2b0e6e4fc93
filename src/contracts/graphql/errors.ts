// GraphQL side of the error mapping: AppError → extensions {code, status, details}, the status from the
// registry (src/contracts/errors.ts); anything unexpected is logged and answered as internal_error without internals.
// decisions.md §10: no answer carries a stack trace or a server path, whatever NODE_ENV (Apollo adds
// `extensions.stacktrace` outside production unless told not to: rest/app.ts tells it, and the client
// errors below are rebuilt without it); the log has the trace, with the request id.
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError, errorStatus } from '../errors';
import type { Logger } from '../../observability/logger';
import { requestIdDetails } from '../../runtime/request-scope';

/** The AppError behind an error: thrown by a resolver, or carried by a validation rule's error (cost-limits.ts). */
function appErrorOf(error: unknown): AppError | null {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) return original;
  // Apollo wraps a validation rule's GraphQLError, which wraps the AppError: a few links at most.
  let cause: unknown = original;
  for (let i = 0; i < 3 && cause instanceof GraphQLError; i++) {
    cause = cause.originalError;
    if (cause instanceof AppError) return cause;
  }
  return null;
}

export function formatGraphQLError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = appErrorOf(error) ?? unwrapResolverError(error);
    if (original instanceof AppError) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: original.code, status: original.status, ...(original.details ? { details: original.details } : {}) },
      };
    }
    // Errors raised by GraphQL itself (syntax, unknown field, wrong variable type) are the client's.
    const code = formatted.extensions?.code;
    if (original instanceof GraphQLError || (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')) {
      const message = redactInputValue(formatted.message);
      log.info('graphql request refused', { code: 'bad_request', err: { type: errorName(original), message, stack: traceOf(original, message) } });
      const { stacktrace: _trace, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, message, extensions: { ...extensions, code: 'bad_request', status: errorStatus('bad_request') } };
    }
    log.error('graphql internal error', { err: original });
    const details = requestIdDetails();
    return {
      message: 'Internal error; it has been logged.',
      path: formatted.path,
      extensions: { code: 'internal_error', status: errorStatus('internal_error'), ...(details ? { details } : {}) },
    };
  };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** The error's stack frames under its (redacted) message: its own first line may quote a variable's value. */
function traceOf(error: unknown, message: string): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

/** graphql-js quotes the whole variable value when coercion fails ("Variable "$input" got invalid value
 *  { …, password: "…" }; Field …"); keep the explanation, drop the value (it may hold a password). */
export function redactInputValue(message: string): string {
  const match = /^(Variable "\$[^"]+") got invalid value [\s\S]*; ([^;]*)$/.exec(message);
  return match ? `${match[1]} got an invalid value; ${match[2]}` : message;
}
