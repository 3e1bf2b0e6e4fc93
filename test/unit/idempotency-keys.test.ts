// decisions.md §12 Idempotency, the pure parts (src/contracts/idempotency/idempotency-keys.ts): which requests are
// the same (the fingerprint), which keys are taken, which answers are kept.
import { canonicalJson, fingerprint, keepsAnswer, keyError } from '../../src/contracts/idempotency/idempotency-keys';

describe('fingerprint', () => {
  const U = 'user:u1';
  const body = { name: 'A', settings: { b: 1, a: [3, 1, 2] } };

  it('is the same for the same method, path and body, whatever the order of the body’s keys', () => {
    expect(fingerprint(U, 'POST', '/api/campaigns', body)).toBe(fingerprint(U, 'post', '/api/campaigns', { settings: { a: [3, 1, 2], b: 1 }, name: 'A' }));
    expect(canonicalJson({ b: { d: 1, c: 2 }, a: null })).toBe('{"a":null,"b":{"c":2,"d":1}}');
    expect(fingerprint(U, 'DELETE', '/api/campaigns/1', undefined)).toBe(fingerprint(U, 'DELETE', '/api/campaigns/1', null));
    expect(fingerprint(U, 'POST', '/api/x', body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another caller, method, path, query string, array order or value', () => {
    const base = fingerprint(U, 'POST', '/api/campaigns', body);
    expect(
      new Set([
        base,
        fingerprint(U, 'PUT', '/api/campaigns', body),
        fingerprint(U, 'POST', '/api/campaigns/', body),
        fingerprint(U, 'POST', '/api/campaigns?async=true', body),
        fingerprint(U, 'POST', '/api/campaigns', { ...body, settings: { b: 1, a: [1, 2, 3] } }),
        fingerprint(U, 'POST', '/api/campaigns', { ...body, name: 'B' }),
        fingerprint(U, 'POST', '/api/campaigns', {}),
        fingerprint('key:k1', 'POST', '/api/campaigns', body),
      ]).size,
    ).toBe(8);
  });
});

describe('keys', () => {
  it('take 1 to 255 characters', () => {
    expect(keyError('k')).toBeNull();
    expect(keyError('k'.repeat(255))).toBeNull();
    for (const bad of ['', 'k'.repeat(256)])
      expect(keyError(bad)).toMatchObject({ code: 'validation_failed', status: 400, details: { fields: { 'Idempotency-Key': [expect.any(String)] } } });
  });
});

describe('answers kept', () => {
  it('are 2xx and 4xx but 429, up to 1 MB', () => {
    const a = (status: number, body = '{}') => ({ status, headers: {}, body });
    expect([200, 201, 400, 401, 403, 404, 409, 413, 422].every((s) => keepsAnswer(a(s)))).toBe(true);
    expect([429, 500, 502, 503].some((s) => keepsAnswer(a(s)))).toBe(false);
    expect(keepsAnswer(a(200, 'é'.repeat(500_000)))).toBe(true); // 1,000,000 bytes
    expect(keepsAnswer(a(200, 'é'.repeat(500_001)))).toBe(false);
  });
});
