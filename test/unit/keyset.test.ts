// The shared page of every list (src/contracts/pagination/keyset.ts): how many rows a list reads, where the page
// starts, and when it hands out a cursor.
import { Secrets } from '../../src/security/crypto';
import { AppError } from '../../src/contracts/errors';
import { Paging } from '../../src/contracts/pagination/keyset';

const ctx = (workspaceId = 'w1') => ({ deps: { secrets: new Secrets('test-secret') }, actor: { workspaceId } });
const keyOf = (n: number) => [n];
const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('Paging', () => {
  it('reads one row more than the page, and gives a cursor only when that row came', () => {
    const p = Paging.of(ctx(), 'list', { a: 1 }, { limit: 3 }, 50);
    expect(p.fetch).toBe(4);
    expect(p.close([1, 2, 3], keyOf)).toEqual({ items: [1, 2, 3], nextCursor: null });
    const page = p.close([1, 2, 3, 4], keyOf);
    expect(page.items).toEqual([1, 2, 3]);
    expect(Paging.of(ctx(), 'list', { a: 1 }, { limit: 3, cursor: page.nextCursor }, 50).after).toEqual([3]);
  });

  it('takes the default page size, and an offset only without a cursor', () => {
    const p = Paging.of(ctx(), 'list', {}, { offset: 7 }, 50);
    expect([p.limit, p.offset, p.after]).toEqual([50, 7, null]);
  });

  it('without a limit (a list that may answer every row) reads everything and never continues', () => {
    const p = Paging.of(ctx(), 'list', {}, {}, null);
    expect(p.fetch).toBeNull();
    expect(p.close([1, 2, 3], keyOf).nextCursor).toBeNull();
  });

  it('a page of 0 rows has no next page', () => {
    expect(Paging.of(ctx(), 'list', {}, { limit: 0 }, 50).close([1], keyOf)).toEqual({ items: [], nextCursor: null });
  });

  it("refuses another list's, other filters' and another workspace's cursors", () => {
    const cursor = Paging.of(ctx(), 'list', { a: 1 }, { limit: 1 }, 50).close([1, 2], keyOf).nextCursor!;
    expect(code(() => Paging.of(ctx(), 'other', { a: 1 }, { cursor }, 50))).toBe('invalid_cursor');
    expect(code(() => Paging.of(ctx(), 'list', { a: 2 }, { cursor }, 50))).toBe('invalid_cursor');
    expect(code(() => Paging.of(ctx('w2'), 'list', { a: 1 }, { cursor }, 50))).toBe('invalid_cursor');
    expect(code(() => Paging.of(ctx(), 'list', { a: 1 }, { cursor }, 50))).toBeNull();
  });
});
