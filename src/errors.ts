// Every refusal is an AppError with a stable snake_case code; the two transports (REST error
// handler, GraphQL formatter) map `status` to HTTP / extensions. Never branch on message text.

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): { error: { code: string; message: string; details?: Record<string, unknown> } } {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const validationFailed = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'validation_failed', message, details);
export const unauthorized = (message = 'Send a valid API key or session token as "Authorization: Bearer <token>".') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found.`);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, { retry_after_seconds: retryAfterSeconds }, retryAfterSeconds);

// TEMPORARY until the registry lands: replaced by the error-code registry's listing.
export function errorCatalog(): { code: string; status: number; meaning: string }[] {
  return [];
}
