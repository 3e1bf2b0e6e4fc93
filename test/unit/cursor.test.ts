import { Secrets } from '../../src/security/crypto';
import { AppError } from '../../src/contracts/errors';
import { CursorCodec, filterFingerprint } from '../../src/contracts/pagination/cursor';

const codec = new CursorCodec(new Secrets('test-secret'));

function refusal(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
}

describe('cursor codec', () => {
  it('gives back the key it was made with, for the same list and filters', () => {
    const c = codec.encode('leads', { campaignId: 'c1', status: 'active' }, ['2026-11-26T10:00:00.000Z', 'abc']);
    expect(codec.decode('leads', { status: 'active', campaignId: 'c1', limit: 5 }, c)).toEqual(['2026-11-26T10:00:00.000Z', 'abc']);
  });

  it('refuses a cursor of another list, other filters, another key or altered text', () => {
    const c = codec.encode('leads', { campaignId: 'c1' }, [1, 'a']);
    expect(refusal(() => codec.decode('replies', { campaignId: 'c1' }, c))).toBe('invalid_cursor');
    expect(refusal(() => codec.decode('leads', { campaignId: 'c2' }, c))).toBe('invalid_cursor');
    expect(refusal(() => new CursorCodec(new Secrets('other')).decode('leads', { campaignId: 'c1' }, c))).toBe('invalid_cursor');
    const [payload, sig] = c.split('.');
    const forged = Buffer.from(JSON.stringify({ l: 'leads', f: filterFingerprint({ campaignId: 'c1' }), k: [0, 'a'] })).toString('base64url');
    expect(refusal(() => codec.decode('leads', { campaignId: 'c1' }, `${forged}.${sig}`))).toBe('invalid_cursor');
    expect(refusal(() => codec.decode('leads', { campaignId: 'c1' }, `${payload}.${sig}.x`))).toBe('invalid_cursor');
    expect(refusal(() => codec.decode('leads', { campaignId: 'c1' }, 'x'.repeat(5000)))).toBe('invalid_cursor');
    expect(refusal(() => codec.decode('leads', { campaignId: 'c1' }, ''))).toBe('invalid_cursor');
  });

  it('treats filters given as null like filters not given', () => {
    expect(filterFingerprint({ a: null, b: 1 })).toBe(filterFingerprint({ b: 1, offset: 3 }));
  });
});
