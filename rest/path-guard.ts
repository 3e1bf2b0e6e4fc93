// Refuses, before any route runs, a URL PostgreSQL could not take: a percent-escape that is not UTF-8
// in the path (400 invalid_path), a NUL in a query value (400 naming the parameter). A NUL in a path
// parameter is refused where parameters are read (mount.ts: 404, after authentication). Before, each
// route had to check its own, and one that did not reached the database (DELETE /api/blocklist/%00
// answered 500). decisions.md §3: never a 500 for bad input.
import type { RequestHandler } from 'express';
import { AppError } from '../src/contracts/errors';
import { assertCleanText } from '../src/contracts/validation/validate-input';

const invalidPath = (message: string) => new AppError('invalid_path', message);

export const pathGuard: RequestHandler = (req, _res, next) => {
  for (const segment of req.path.split('/')) {
    try {
      decodeURIComponent(segment);
    } catch {
      return next(invalidPath('The URL path has a malformed percent-escape; encode path segments with encodeURIComponent.'));
    }
  }
  try {
    // Query values go through the same check as bodies: 400 validation_failed naming the parameter.
    assertCleanText(req.query, '');
  } catch (err) {
    return next(err);
  }
  next();
};
