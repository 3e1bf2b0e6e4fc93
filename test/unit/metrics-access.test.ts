// decisions.md §13: who may read GET /metrics (rest/metrics.ts metricsRefusal). Over HTTP every test
// client is on loopback, so the refusal of another address is checked here, on the request as the
// handler reads it: the socket's address, never a forwarded one.
import { isLoopback, metricsRefusal, type MetricsRequest } from '../../rest/metrics';

const from = (remoteAddress: string | undefined, headers: Record<string, string> = {}): MetricsRequest => ({ socket: { remoteAddress }, headers });

describe('without METRICS_TOKEN: loopback only', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('lets %s in', (address) => {
    expect(metricsRefusal(null, from(address))).toBeNull();
  });

  it.each(['10.0.0.5', '192.168.1.2', '203.0.113.9', '::ffff:10.0.0.5', '2001:db8::1', '::', '0.0.0.0', '128.0.0.1', '::ffff:127.0.0.1.5', undefined])(
    'refuses %s with 403 metrics_loopback_only',
    (address) => {
      const refusal = metricsRefusal(null, from(address));
      expect(refusal).toMatchObject({ status: 403, code: 'metrics_loopback_only' });
      expect(refusal!.toBody()).toEqual({ error: { code: 'metrics_loopback_only', message: expect.any(String) } });
    },
  );

  it('reads the socket, not X-Forwarded-For', () => {
    expect(metricsRefusal(null, from('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' }))).toMatchObject({ status: 403 });
    expect(metricsRefusal(null, from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }))).toBeNull();
  });

  it('tells loopback from the rest', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('localhost')).toBe(false);
    expect(isLoopback('')).toBe(false);
  });
});

describe('with METRICS_TOKEN: the bearer token, from anywhere', () => {
  const token = 's3cret-token';
  it('lets the token in from any address', () => {
    expect(metricsRefusal(token, from('203.0.113.9', { authorization: `Bearer ${token}` }))).toBeNull();
    expect(metricsRefusal(token, from('127.0.0.1', { authorization: `bearer ${token}  ` }))).toBeNull();
  });

  it.each([
    ['no header', {}],
    ['another token', { authorization: 'Bearer s3cret-tokeN' }],
    ['a prefix of it', { authorization: 'Bearer s3cret' }],
    ['more than it', { authorization: `Bearer ${token}x` }],
    ['another scheme', { authorization: `Basic ${token}` }],
    ['no scheme', { authorization: token }],
    ['two tokens', { authorization: `Bearer ${token} ${token}` }],
  ])('refuses %s with 401 metrics_token_required, loopback too', (_what, headers) => {
    for (const address of ['127.0.0.1', '203.0.113.9']) expect(metricsRefusal(token, from(address, headers))).toMatchObject({ status: 401, code: 'metrics_token_required' });
  });
});
