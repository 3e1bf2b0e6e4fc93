// The lead list's filter handling: normalising given fields, q as literal LIKE text, and totals from the
// lead_count rows (null columns stored as '', `unchecked` meaning null or unchecked).
import { escapeLike, normalizeFilter, pageOf } from '../../src/modules/leads/lead-query';
import { counterTotal } from '../../src/modules/leads/lead-query.queries';

describe('normalizeFilter', () => {
  it('drops nulls and blanks, trims q and lower-cases the list id', () => {
    expect(normalizeFilter({ status: null, interest: '', verification: 'valid', provider: undefined, listId: 'ABCDEF00-0000-4000-8000-000000000000', q: '  acme  ' })).toEqual({
      verification: 'valid',
      listId: 'abcdef00-0000-4000-8000-000000000000',
      q: 'acme',
    });
    expect(normalizeFilter({ q: '   ' })).toEqual({});
  });
});

describe('escapeLike', () => {
  it('makes %, _ and the backslash match themselves', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('o\'brien "x"')).toBe('o\'brien "x"');
  });
});

describe('pageOf', () => {
  it('defaults to 50 from the start', () => {
    expect(pageOf({})).toEqual({ limit: 50, offset: 0 });
    expect(pageOf({ limit: null, offset: null })).toEqual({ limit: 50, offset: 0 });
    expect(pageOf({ limit: 0, offset: 7 })).toEqual({ limit: 0, offset: 7 });
  });
});

describe('counterTotal', () => {
  const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

  it('sums the campaigns’ counters with one bound value per filter', () => {
    const s = counterTotal(ids, { status: 'paused', interest: 'won', verification: 'valid', provider: 'other', listId: 'abc' });
    expect(s.sql).toBe(
      'select coalesce(sum(n), 0)::int as total from lead_count where campaign_id = any(?::uuid[]) and status = ? and interest = ? and verification = ? and provider = ? and source_list = ?',
    );
    expect(s.params).toEqual([`{${ids.join(',')}}`, 'paused', 'won', 'valid', 'other', 'abc']);
  });

  it('reads unchecked as never verified or marked unchecked, and an unchecked provider as not looked up', () => {
    const s = counterTotal(ids, { verification: 'unchecked', provider: 'unchecked' });
    expect(s.sql).toContain(`verification in ('', 'unchecked')`);
    expect(s.sql).toContain(`provider = ''`);
    expect(s.params).toHaveLength(1);
  });

  it('counts nothing for no campaigns', () => {
    expect(counterTotal([], {}).params).toEqual(['{}']);
  });
});
