// The error-code registry (decisions.md §3): every code is snake_case, answers a status the spec allows
// (or the server's own 500/503), and says what it means to an API user.
import { AppError, ERROR_CODES, errorCatalog, notFound, tooManyRequests, unauthorized, type ErrorCode } from '../../src/contracts/errors';

const ALLOWED = [400, 401, 403, 404, 409, 413, 422, 429, 500, 503];
const entries = Object.entries(ERROR_CODES) as [ErrorCode, { status: number; meaning: string }][];

describe('error-code registry', () => {
  it.each(entries)('%s is snake_case with an allowed status and a meaning', (code, { status, meaning }) => {
    expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(ALLOWED).toContain(status);
    expect(meaning.trim()).not.toBe('');
    expect(meaning).toMatch(/[.!?]$/);
    // Point users at the API reference page, never at a file they do not have.
    expect(meaning).not.toMatch(/\.(md|ts)\b/);
  });

  it('keeps 500 and 503 for the server itself', () => {
    expect(
      entries
        .filter(([, e]) => e.status >= 500)
        .map(([c]) => c)
        .sort(),
    ).toEqual(['internal_error', 'not_ready', 'starting']);
  });

  it('registers the transport-level codes with their statuses', () => {
    expect(ERROR_CODES).toMatchObject({
      bad_request: { status: 400 },
      invalid_json: { status: 400 },
      invalid_path: { status: 400 },
      unsupported_encoding: { status: 400 },
      request_aborted: { status: 400 },
      route_not_found: { status: 404 },
      payload_too_large: { status: 413 },
      rate_limited: { status: 429 },
      internal_error: { status: 500 },
      starting: { status: 503 },
    });
  });

  it('lists every code once in the catalog, ordered by status then code', () => {
    const catalog = errorCatalog();
    expect(catalog.map((e) => e.code).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const e of catalog) expect(e).toEqual({ code: e.code, status: ERROR_CODES[e.code].status, meaning: ERROR_CODES[e.code].meaning });
    const order = catalog.map((e) => [e.status, e.code] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])));
  });

  it('gives an AppError the status of its code and keeps details and Retry-After', () => {
    const err = new AppError('sequence_locked', 'Step 2 cannot move.', { violations: [] });
    expect(err.status).toBe(409);
    expect(err.toBody()).toEqual({ error: { code: 'sequence_locked', message: 'Step 2 cannot move.', details: { violations: [] } } });
    expect(new AppError('invalid_json', 'Not JSON.').toBody()).toEqual({ error: { code: 'invalid_json', message: 'Not JSON.' } });
    expect(notFound('Campaign')).toMatchObject({ status: 404, code: 'not_found', message: 'Campaign not found.' });
    expect(unauthorized()).toMatchObject({ status: 401, code: 'unauthorized' });
    const limited = tooManyRequests('Slow down.', 30);
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30, details: { retry_after_seconds: 30 } });
  });

  it('refuses an unregistered code at compile time', () => {
    // @ts-expect-error 'no_such_code' is not in ERROR_CODES
    expect(() => new AppError('no_such_code', 'x')).toThrow(/not in ERROR_CODES/);
  });
});
