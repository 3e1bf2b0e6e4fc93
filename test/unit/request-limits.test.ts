// decisions.md §12 Rate limits, the pure parts: the default and validation of RATE_LIMIT_PER_MINUTE, the
// batches a process takes from the shared counter (src/security/rate-limits/request-limiter.ts), and which paths
// are counted (rest/rate-limit.ts).
import { ConfigError, loadConfig } from '../../src/runtime/config';
import { batchSize, MAX_BATCH, pointsThatFit, requestKey } from '../../src/security/rate-limits/request-limiter';
import { countedPath } from '../../rest/rate-limit';

describe('RATE_LIMIT_PER_MINUTE', () => {
  it('is 600 a 60-second window unless set; 0 turns the limit off', () => {
    expect(loadConfig({}).rateLimit).toEqual({ points: 600, windowSeconds: 60 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '' }).rateLimit.points).toBe(600);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '120' }).rateLimit.points).toBe(120);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimit.points).toBe(0);
  });

  it.each(['-1', '1.5', 'many', '1e3x'])('refuses %p', (raw) => {
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: raw })).toThrow(ConfigError);
  });
});

describe('batches', () => {
  it('takes a twentieth of what is left, at most MAX_BATCH, one at a time in the last 39', () => {
    expect(batchSize(600)).toBe(MAX_BATCH);
    expect(batchSize(200)).toBe(10);
    expect(batchSize(199)).toBe(9);
    expect(batchSize(100)).toBe(5);
    expect(batchSize(40)).toBe(2);
    expect(batchSize(39)).toBe(1);
    expect(batchSize(1)).toBe(1);
    expect(batchSize(0)).toBe(1);
  });

  it('keeps only the points of a batch that fit under the limit', () => {
    // limit 600: the counter went from 590 to 600 (all fit), to 605 from 595 (5 fit), to 610 from 600 (none).
    expect(pointsThatFit(600, 10, 600)).toBe(10);
    expect(pointsThatFit(600, 10, 605)).toBe(5);
    expect(pointsThatFit(600, 10, 610)).toBe(0);
    // Past the limit already (other processes' refused batches count too): none.
    expect(pointsThatFit(600, 1, 640)).toBe(0);
    expect(pointsThatFit(600, 1, 1)).toBe(1);
  });

  it('counts a workspace apart from a client address', () => {
    expect(requestKey({ workspaceId: 'w1' })).toBe('workspace:w1');
    expect(requestKey({ client: '203.0.113.9' })).toBe('client:203.0.113.9');
  });
});

describe('counted paths', () => {
  it.each(['/api', '/api/campaigns', '/api/campaigns/x/leads.csv', '/api/auth/login', '/api/nowhere', '/graphql', '/api/healthz', '/api/docsx'])('counts %s', (p) => {
    expect(countedPath(p)).toBe(true);
  });

  it.each(['/api/health', '/api/health/ready', '/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/swagger-ui.css', '/app', '/', '/t/o/abc', '/metrics'])(
    'leaves %s alone',
    (p) => {
      expect(countedPath(p)).toBe(false);
    },
  );
});
