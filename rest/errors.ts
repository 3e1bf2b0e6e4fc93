// REST side of the error mapping (decisions.md §3): every failure is {"error": {code, message, details?}},
// with the HTTP status of its code in the registry (src/contracts/errors.ts), transport-level codes included.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../src/contracts/errors';
import type { Logger } from '../src/observability/logger';
import { requestIdDetails } from '../src/runtime/request-scope';

export const notFoundHandler: RequestHandler = (req, res) => {
  const error = new AppError('route_not_found', `No route for ${req.method} ${req.path}; see the API reference at /api/docs.`);
  res.status(error.status).json(error.toBody());
};

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
  /** http-errors marks client errors it made (Express's path decoding, body parsers) as safe to show. */
  expose?: boolean;
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error: AppError;
    const parserError = err as BodyParserError;
    if (err instanceof AppError) {
      error = err;
    } else if (parserError.type === 'entity.too.large') {
      const mb = Math.round((parserError.limit ?? 0) / 1024 / 1024);
      error = new AppError('payload_too_large', `The request body is larger than ${mb} MB; split it into smaller requests.`);
    } else if (parserError.type === 'entity.parse.failed') {
      error = new AppError('invalid_json', 'The request body is not valid JSON.');
    } else if (parserError.type === 'encoding.unsupported' || parserError.type === 'charset.unsupported') {
      error = new AppError('unsupported_encoding', 'Send the body as UTF-8 without a content encoding the server does not support.');
    } else if (parserError.type === 'request.aborted') {
      error = new AppError('request_aborted', 'The request was aborted before its body arrived.');
    } else if (err instanceof URIError || (parserError.status === 400 && /decode param/i.test(String((err as Error).message)))) {
      // Express 5 cannot percent-decode a path segment such as /leads/%E0%A4: the client's URL is wrong.
      error = new AppError('invalid_path', 'The URL path has a malformed percent-escape; encode path segments with encodeURIComponent.');
    } else if (parserError.status === 404) {
      // A file the console's static server does not have (it marks its own 404 as not safe to show):
      // no such route, never a 500.
      error = new AppError('route_not_found', `No route for ${req.method} ${req.path}; see the API reference at /api/docs.`);
    } else if (parserError.expose && typeof parserError.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      // Any other client error Express or a body parser raised: a 4xx of the registry, never a 500.
      const message = String((err as Error).message || 'The request could not be read.');
      error = parserError.status === 413 ? new AppError('payload_too_large', message) : new AppError('bad_request', message);
    } else {
      log.error('unhandled error', { method: req.method, err });
      const internal = new AppError('internal_error', 'Internal error; it has been logged.', requestIdDetails());
      if (!res.headersSent) res.status(internal.status).json(internal.toBody());
      return;
    }
    if (res.headersSent) return;
    if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
    res.status(error.status).json(error.toBody());
  };
}
