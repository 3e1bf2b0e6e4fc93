// Refuses, before any route runs, a URL whose path or query holds text PostgreSQL cannot store: a NUL
// (%00) in a path segment, or a percent-escape that is not UTF-8. Without it every `:id`, `:email` or
// `:domain` parameter had to be checked by its own route, and one that was not reached the database
// (DELETE /api/blocklist/%00 answered 500). decisions.md §3: never a 500 for bad input.
import type { RequestHandler } from 'express';
import { AppError } from '../src/errors';
import { assertCleanText } from '../src/validation';

const invalidPath = (message: string) => new AppError('invalid_path', message);

export const pathGuard: RequestHandler = (req, _res, next) => {
  for (const segment of req.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return next(invalidPath('The URL path has a malformed percent-escape; encode path segments with encodeURIComponent.'));
    }
    if (decoded.includes('\u0000')) return next(invalidPath('The URL path contains a NUL character (%00); no id, address or name holds one.'));
  }
  try {
    // Query values go through the same check as bodies: 400 validation_failed naming the parameter.
    assertCleanText(req.query, '');
  } catch (err) {
    return next(err);
  }
  next();
};
