// What a blocklist entry is (address or domain, normalized) and what it blocks (the address or its
// exact domain); which CSV column a blocklist import reads.
import { isBlocked, isDomainEntry, normalizeBlockEntry } from '../../src/modules/blocklist/blocklist-match';
import { PassThrough } from 'node:stream';
import { csvEntries, entryColumns } from '../../src/modules/blocklist/blocklist.service';

describe('normalizeBlockEntry', () => {
  it.each([
    [' Ana@Example.COM ', 'ana@example.com'],
    ['a+tag@sub.example.co.uk', 'a+tag@sub.example.co.uk'],
    ['Example.com', 'example.com'],
    ['@Example.com', 'example.com'],
    ['example.com.', 'example.com'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
  ])('%j is stored as %j', (raw, stored) => expect(normalizeBlockEntry(raw)).toBe(stored));

  it.each([
    '',
    '  ',
    '@',
    'a@',
    '@@example.com',
    'a@b@c.com',
    'localhost',
    'com',
    'exa mple.com',
    'http://example.com',
    'example.com/path',
    '-x.com',
    'a@-x.com',
    `${'a'.repeat(64)}.com`,
    '1.2.3.4',
  ])('%j is not an entry', (raw) => expect(normalizeBlockEntry(raw)).toBeNull());

  it('tells domains from addresses', () => {
    expect(isDomainEntry('example.com')).toBe(true);
    expect(isDomainEntry('a@example.com')).toBe(false);
  });
});

describe('isBlocked', () => {
  const entries = new Set(['one@example.com', 'whole.org']);
  it('blocks a listed address, whatever its case or spaces, and every address at a listed domain', () => {
    expect(isBlocked('one@example.com', entries)).toBe(true);
    expect(isBlocked(' One@EXAMPLE.com', entries)).toBe(true);
    expect(isBlocked('anyone@whole.org', entries)).toBe(true);
    expect(isBlocked('Anyone@Whole.ORG', entries)).toBe(true);
  });
  it("does not block other addresses at a listed address's domain, nor subdomains of a listed domain", () => {
    expect(isBlocked('two@example.com', entries)).toBe(false);
    expect(isBlocked('a@sub.whole.org', entries)).toBe(false);
    expect(isBlocked('a@whole.org.evil.com', entries)).toBe(false);
  });
});

/** Every entry csvEntries gives, its batches joined. */
async function entriesOf(csv: string): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for await (const batch of csvEntries(csv)) out.push(...batch);
  return out;
}

describe('blocklist CSV columns', () => {
  it('picks a column named email, else one named domain (names read like lead fields), else the first', () => {
    expect(entryColumns(['Name', 'E-mail', 'Domain'])).toEqual({ main: 1, fallback: 2, headerRow: true });
    expect(entryColumns(['Company', ' DOMAIN '])).toEqual({ main: 1, fallback: -1, headerRow: true });
    expect(entryColumns(['\uFEFFEmail Address'])).toEqual({ main: 0, fallback: -1, headerRow: true });
    expect(entryColumns(['who', 'when'])).toEqual({ main: 0, fallback: -1, headerRow: true });
  });

  it('takes a first row that is an entry itself as data (a file without a header)', async () => {
    expect(entryColumns(['a@example.com', 'x'])).toEqual({ main: 0, fallback: -1, headerRow: false });
    expect(entryColumns(['example.com'])).toEqual({ main: 0, fallback: -1, headerRow: false });
    expect(await entriesOf('a@example.com\nB.com\nnope\n')).toEqual(['a@example.com', 'b.com', null]);
  });

  it('reads the file a chunk at a time: the first batch comes out before the rest of the file has arrived', async () => {
    // A whole file in one synchronous pass held the event loop for seconds at the largest size (50 MB).
    const input = new PassThrough({ objectMode: true });
    input.write(`email\n${Array.from({ length: 5_000 }, (_, i) => `u${i}@example.com\n`).join('')}`);
    input.write('more@example.com\n'); // and nothing more for now: the file is still arriving
    const batches = csvEntries(input)[Symbol.asyncIterator]();
    const first = await batches.next();
    expect(first.value).toHaveLength(5_000);
    expect(first.value[4_999]).toBe('u4999@example.com');
    input.end('last.org\n');
    expect((await batches.next()).value).toEqual(['more@example.com', 'last.org']);
    expect((await batches.next()).done).toBe(true);
  });

  it('gives one entry (or null) per data row, skipping empty lines', async () => {
    expect(await entriesOf('email;note\r\n"x@example.com";"a;b"\r\n\r\n;\r\n" @y.com ";\r\n')).toEqual(['x@example.com', 'y.com']);
    expect(await entriesOf('email,domain\n,z.com\nbad,\n')).toEqual(['z.com', null]);
    expect(await entriesOf('')).toEqual([]);
    expect(await entriesOf('\uFEFFb@example.com\n')).toEqual(['b@example.com']);
  });
});
