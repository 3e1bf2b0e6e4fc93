// The console's placement logic (web/src/views/reports/placement/placement-words.ts): results in words
// against the service's value sets, the sender × provider grid counted as the service counts, each
// inbox's rate over the tests, and a refused start in a person's words.
import { ERROR_CODES } from '../../../src/contracts/errors';
import { PLACEMENTS } from '../../../src/modules/placement/placement.entity';
import { authInWords, authTone, PLACEMENT_WORDS, rateTrend, senderProviderGrid, startRefusalInWords } from '../../../web/src/views/reports/placement/placement-words';

describe('placement in words', () => {
  it('has words for every placement the service gives', () => {
    expect(Object.keys(PLACEMENT_WORDS).sort()).toEqual([...PLACEMENTS].sort());
  });

  it('says the authentication results, and one not reported', () => {
    expect(authInWords({ spf: 'pass', dkim: 'fail', dmarc: null })).toBe('SPF passed, DKIM failed, DMARC not reported');
    expect(authInWords({ spf: 'softfail', dkim: 'temperror', dmarc: 'none' })).toBe('SPF failed softly, DKIM could not be checked (temporary error), DMARC not set up');
    expect(authInWords(null)).toBe('No authentication results');
    expect([
      authTone({ spf: 'pass', dkim: 'pass', dmarc: 'pass' }),
      authTone({ spf: 'pass', dkim: 'fail', dmarc: 'pass' }),
      authTone({ spf: 'pass', dkim: null, dmarc: 'pass' }),
    ]).toEqual(['ok', 'danger', 'warn']);
  });
});

describe('the sender × provider grid', () => {
  it('counts each cell as the service counts a rate: inbox and tabs over what was not refused, copies still looked for included', () => {
    const r = (mailboxId: string, seedProvider: string, placement: string | null) => ({ mailboxId, seedProvider, placement });
    const grid = senderProviderGrid([
      r('a', 'yahoo', 'inbox'),
      r('a', 'google', 'category'),
      r('a', 'google', 'spam'),
      r('b', 'google', 'failed'),
      r('b', 'google', null),
      r('a', 'yahoo', null),
    ]);
    expect(grid.senders).toEqual(['a', 'b']);
    expect(grid.providers).toEqual(['google', 'yahoo']);
    expect(grid.cell('a', 'google')).toMatchObject({ rate: 50, pending: 0, total: 2 });
    expect(grid.cell('a', 'yahoo')).toMatchObject({ rate: 50, pending: 1 });
    // Nothing seen yet: no rate.
    expect(grid.cell('b', 'google')).toMatchObject({ rate: null, pending: 1 });
    expect(grid.cell('b', 'yahoo')).toBeNull();
  });
});

describe("each inbox's rate over time", () => {
  it('orders the tests oldest first and gives each inbox a series, null where it was not tested', () => {
    const trend = rateTrend([
      { createdAt: '2030-03-05T06:00:00.000Z', bySender: [{ mailboxId: 'a', email: 'a@x.test', inboxRate: 50 }] },
      {
        createdAt: '2030-03-04T06:00:00.000Z',
        bySender: [
          { mailboxId: 'a', email: 'a@x.test', inboxRate: 100 },
          { mailboxId: 'b', email: 'b@x.test', inboxRate: null },
        ],
      },
    ]);
    expect(trend.x).toEqual([Date.parse('2030-03-04T06:00:00Z') / 1000, Date.parse('2030-03-05T06:00:00Z') / 1000]);
    expect(trend.series).toEqual([
      { email: 'a@x.test', values: [100, 50] },
      { email: 'b@x.test', values: [null, null] },
    ]);
    expect(trend.days).toEqual(['2030-03-04 06:00', '2030-03-05 06:00']);
  });
});

describe('a refused start in words', () => {
  /** What the service's messages say to API clients and the console must not: field and endpoint names. */
  const API_SPEAK = /\b[a-z]+_[a-z_]+\b|POST|GET|PATCH|\/mailboxes|purpose: seed/;

  it('words every refusal the start form can meet (it names no sender or seed) for a person, with where to fix it', () => {
    for (const code of ['no_seeds', 'no_senders', 'placement_test_running', 'rate_limited']) {
      expect(Object.hasOwn(ERROR_CODES, code)).toBe(true);
      const worded = startRefusalInWords({ code });
      expect({ code, text: worded?.text, api: API_SPEAK.test(worded?.text ?? '') }).toEqual({ code, text: expect.stringMatching(/^[A-Z].*\.$/), api: false });
    }
    expect(startRefusalInWords({ code: 'no_seeds' })!.fix).toEqual({ label: 'Connect a seed in Settings → Inboxes', href: '/settings/inboxes' });
    expect(startRefusalInWords({ code: 'no_senders' })!.fix?.href).toBe('/settings/inboxes');
    expect(startRefusalInWords({ code: 'rate_limited', details: { retry_after_seconds: 14 * 3600 - 5 } })!.text).toMatch(/Try again in 14 hours\.$/);
    expect(startRefusalInWords({ code: 'rate_limited', details: { retry_after_seconds: 60 } })!.text).toMatch(/Try again in an hour\.$/);
  });

  it("keeps the service's message for any other code", () => {
    expect(startRefusalInWords({ code: 'validation_failed' })).toBeNull();
    expect(startRefusalInWords({ code: 'toString' })).toBeNull();
    expect(startRefusalInWords(null)).toBeNull();
  });
});
