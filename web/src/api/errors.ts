// One error type for both transports: the service's error body ({error: {code, message, details}}) over
// REST and the `extensions.code` of a GraphQL error carry the same codes (decisions.md §3).
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    /** The error body's `details` (e.g. blank_columns: {columns: [{name, leads}]}), when it has them. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A network failure or an answer that is not the service's (a proxy's HTML page) reads the same way. */
export function unreachable(err: unknown): ApiError {
  return new ApiError('network_error', `The service could not be reached (${err instanceof Error ? err.message : String(err)}).`);
}
