// Lead CSV reading (papaparse, streamed) and the per-row preparation every way of adding leads shares:
// field names for merge fields, cleaned values, normalized addresses, zones from timezone or country.
import { Readable } from 'node:stream';
import { csvColumns, csvLeadRows, MAX_ROW_CHARS } from '../../src/modules/leads/import/csv';
import { fieldName, prepareRow, uniqueFieldNames, zoneFromFields, type RawRow } from '../../src/modules/leads/import/lead-rows';
import { orderedIds } from '../../src/modules/leads/import/staging';
import { cleanVarValue, clipVarValue } from '../../src/modules/leads/lead-vars';
import { AppError } from '../../src/contracts/errors';

async function rows(input: string | Readable): Promise<RawRow[]> {
  const out: RawRow[] = [];
  for await (const batch of csvLeadRows(input)) out.push(...batch);
  return out;
}
const plain = (r: RawRow[]) => r.map((row) => ({ email: row.email, ...Object.fromEntries(row.fields) }));

async function failure(input: string | Readable): Promise<AppError> {
  try {
    await rows(input);
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected the CSV to be refused');
}

describe('csvLeadRows', () => {
  it('reads a multi-megabyte file with long quoted fields to its last row, streamed in small pieces', async () => {
    const note = (i: number) => `"Line one of ${i}, with ""quotes""\nand a second line ${'x'.repeat(400)}"`;
    const count = 12_000; // about 5.5 MB
    const text = `email,note\n${Array.from({ length: count }, (_, i) => `lead-${i}@big.test,${note(i)}`).join('\r\n')}\r\n`;
    expect(text.length).toBeGreaterThan(5_000_000);
    // Pieces of 7 KB: quotes, CRLFs and multi-line fields are cut at every possible place.
    const pieces = Array.from({ length: Math.ceil(text.length / 7_000) }, (_, i) => text.slice(i * 7_000, (i + 1) * 7_000));
    const got = await rows(Readable.from(pieces, { objectMode: true }));
    expect(got).toHaveLength(count);
    expect(plain([got[0]!, got[count - 1]!])).toEqual([
      { email: 'lead-0@big.test', note: `Line one of 0, with "quotes"\nand a second line ${'x'.repeat(400)}` },
      { email: `lead-${count - 1}@big.test`, note: `Line one of ${count - 1}, with "quotes"\nand a second line ${'x'.repeat(400)}` },
    ]);
  });

  it('reads quoted fields with delimiters, quotes and line breaks inside', async () => {
    expect(plain(await rows('email,company,note\na@x.co,"Acme, Inc.","He said ""yes""\non two lines"\n'))).toEqual([
      { email: 'a@x.co', company: 'Acme, Inc.', note: 'He said "yes"\non two lines' },
    ]);
  });

  it('drops a byte-order mark and reads CRLF line ends', async () => {
    expect(plain(await rows('\uFEFFemail,name\r\na@x.co,Ann\r\nb@x.co,Bob\r\n'))).toEqual([
      { email: 'a@x.co', name: 'Ann' },
      { email: 'b@x.co', name: 'Bob' },
    ]);
  });

  it('skips empty lines and lines of only delimiters or spaces', async () => {
    expect(plain(await rows('email,name\n\n\na@x.co,Ann\n,\n   \n\nb@x.co,Bob\n\n'))).toEqual([
      { email: 'a@x.co', name: 'Ann' },
      { email: 'b@x.co', name: 'Bob' },
    ]);
  });

  it('reads ragged rows: missing cells are left out, cells past the header dropped', async () => {
    expect(plain(await rows('email,a,b\nx@x.co\ny@x.co,1,2,3,4\n'))).toEqual([{ email: 'x@x.co' }, { email: 'y@x.co', a: '1', b: '2' }]);
  });

  it('keeps a row with a blank address (it counts as invalid later)', async () => {
    expect(plain(await rows('name,email\nAnn,\n'))).toEqual([{ email: '', name: 'Ann' }]);
  });

  it('guesses a semicolon, tab or pipe delimiter', async () => {
    for (const d of [';', '\t', '|']) expect(plain(await rows(`email${d}name\na@x.co${d}Ann, Jr\n`))).toEqual([{ email: 'a@x.co', name: 'Ann, Jr' }]);
  });

  it('parses a stream whose chunks split rows, quotes and multi-byte characters', async () => {
    const text = 'email,name\na@x.co,"Zoë, ""Z"""\nb@x.co,日本語\n';
    const chunks = Array.from(text); // one character per chunk
    expect(plain(await rows(Readable.from(chunks)))).toEqual([
      { email: 'a@x.co', name: 'Zoë, "Z"' },
      { email: 'b@x.co', name: '日本語' },
    ]);
  });

  it('gives every row of a large file in order, in batches', async () => {
    const lines = ['email,i'];
    for (let i = 0; i < 10_000; i++) lines.push(`u${i}@x.co,${i}`);
    let batches = 0;
    const seen: string[] = [];
    for await (const batch of csvLeadRows(lines.join('\n'))) {
      batches++;
      seen.push(...batch.map((r) => r.fields[0][1] as string));
    }
    expect(batches).toBeGreaterThan(1);
    expect(seen).toEqual(Array.from({ length: 10_000 }, (_, i) => String(i)));
  });

  it('refuses a file without an email column, and an empty file, with no_email_column', async () => {
    for (const text of ['name,company\nAnn,Acme\n', '', '\n\n', 'emails\na@x.co\n']) {
      expect(await failure(text)).toMatchObject({ status: 400, code: 'no_email_column' });
    }
  });

  it('refuses a row longer than MAX_ROW_CHARS (an unclosed quote) with row_too_long', async () => {
    expect(await failure(`email,note\na@x.co,"never closed\n${'z,'.repeat(MAX_ROW_CHARS)}`)).toMatchObject({ status: 400, code: 'row_too_long' });
  });

  it('passes on an error of the input stream', async () => {
    const input = new Readable({ read() {} });
    input.push('email\na@x.co\n');
    setImmediate(() => input.destroy(new AppError('payload_too_large', 'too big')));
    expect(await failure(input)).toMatchObject({ status: 413, code: 'payload_too_large' });
  });
});

describe('csvColumns', () => {
  it('finds the email column ignoring case, spaces and punctuation; the others become field names', () => {
    expect(csvColumns([' First Name ', ' EMAIL ', 'Company'])).toEqual({ emailIndex: 1, names: ['first_name', '', 'company'] });
    expect(csvColumns(['E-mail', 'x']).emailIndex).toBe(0);
    expect(csvColumns(['name', 'Email Address']).emailIndex).toBe(1);
  });

  it('prefers a column named exactly email over its variants', () => {
    expect(csvColumns(['email address', 'email']).emailIndex).toBe(1);
  });
});

describe('field names', () => {
  it('are lower-case letters, digits and underscores, accents dropped', () => {
    expect(fieldName('First Name')).toBe('first_name');
    expect(fieldName('  Company-Name (legal) ')).toBe('company_name_legal');
    expect(fieldName('Société')).toBe('societe');
    expect(fieldName('firstName')).toBe('firstname');
    expect(fieldName('LinkedIn URL #2')).toBe('linkedin_url_2');
    expect(fieldName('__proto__')).toBe('proto');
    expect(fieldName('???')).toBe('');
    expect(fieldName('x'.repeat(150))).toHaveLength(100);
  });

  it('are made unique with _2, _3… when two columns give the same name', () => {
    expect(uniqueFieldNames(['Name', 'name', 'NAME ', '', 'other'])).toEqual(['name', 'name_2', 'name_3', '', 'other']);
  });

  it('skip a suffix a column already has, and stay linear for a header of one name repeated', () => {
    expect(uniqueFieldNames(['a', 'a', 'A_2', 'a'])).toEqual(['a', 'a_2', 'a_2_2', 'a_3']);
    // A 1 MB header row is allowed (MAX_ROW_CHARS): 300,000 columns of one name. Each repeat used to try
    // every suffix from _2 again, about 45 billion lookups on the thread every request shares. The
    // lookups are counted, and stopped at a few per column, so the old way fails here at once.
    const columns = 300_000;
    const has = Set.prototype.has;
    let lookups = 0;
    const spy = jest.spyOn(Set.prototype, 'has').mockImplementation(function (this: Set<unknown>, value: unknown) {
      if (++lookups > 3 * columns) throw new Error(`more than ${3 * columns} name lookups for ${columns} columns`);
      return has.call(this, value);
    });
    let names: string[];
    try {
      names = uniqueFieldNames(Array.from({ length: columns }, () => 'a'));
    } finally {
      spy.mockRestore();
    }
    expect(names[columns - 1]).toBe(`a_${columns}`);
    expect(new Set(names).size).toBe(columns);
  });
});

describe('prepareRow', () => {
  it('lower-cases and trims the address and knows its domain; an invalid address has none', () => {
    expect(prepareRow({ email: '  Ann@Example.COM ', fields: [] })).toMatchObject({ email: 'ann@example.com', domain: 'example.com' });
    for (const email of ['', 'ann', 'ann@', 'ann@example', 'a b@example.com', 'ann@@example.com']) {
      expect(prepareRow({ email, fields: [] }).domain).toBeNull();
    }
  });

  it('cleans values like PATCH vars, cuts them to 500 characters and leaves blank ones out', () => {
    const row = prepareRow({
      email: 'a@x.co',
      fields: [
        ['company', '  Acme\r\n{{Inc}} <b>| '],
        ['blank', '   '],
        ['braces', '{}'],
        ['long', 'y'.repeat(700)],
        ['n', 5],
        ['flag', false],
        ['nothing', null],
        ['obj', { a: 1 }],
      ],
    });
    expect(row.vars).toEqual({ company: 'Acme Inc b', long: 'y'.repeat(500), n: '5', flag: 'false' });
  });

  it('cleans exactly as cleanVarValue + clipVarValue do (its fast path for clean values changes nothing)', () => {
    const samples = [
      'plain',
      'two  spaces',
      ' lead',
      'trail ',
      'tab\there',
      'nbsp\u00a0here',
      'bom\ufeff',
      'line\u2028sep',
      'ctl\u0085x',
      'a{b}c',
      'pipe|',
      '<b>',
      'emoji 😀 ok',
      'é'.repeat(501),
      '😀'.repeat(300) + 'x'.repeat(300),
      'x'.repeat(499) + ' ' + 'y',
      '\u3000ideographic',
      'zero\u200bwidth',
    ];
    for (const value of samples) {
      expect({ value, got: prepareRow({ email: 'a@x.co', fields: [['f', value]] }).vars.f ?? '' }).toEqual({ value, got: clipVarValue(cleanVarValue(value)) });
    }
  });

  it('keeps the first non-blank value when two fields share a name, and a field named __proto__ as a field', () => {
    expect(
      prepareRow({
        email: 'a@x.co',
        fields: [
          ['a', ''],
          ['a', 'second'],
          ['a', 'third'],
        ],
      }).vars,
    ).toEqual({ a: 'second' });
    const odd = prepareRow({ email: 'a@x.co', fields: [['__proto__', 'p']] }).vars;
    expect(Object.keys(odd)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  });

  it('sets the zone from timezone, else from country', () => {
    expect(
      prepareRow({
        email: 'a@x.co',
        fields: [
          ['timezone', 'Europe/Berlin'],
          ['country', 'US'],
        ],
      }).timezone,
    ).toBe('Europe/Berlin');
    expect(prepareRow({ email: 'a@x.co', fields: [['country', 'Germany']] }).timezone).toBe('Europe/Berlin');
    expect(prepareRow({ email: 'a@x.co', fields: [] }).timezone).toBeNull();
  });
});

describe('zoneFromFields', () => {
  it('takes a real IANA zone in its canonical spelling', () => {
    expect(zoneFromFields({ timezone: 'america/new_york' })).toBe('America/New_York');
    expect(zoneFromFields({ time_zone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    // ICU's old names for renamed zones come back as IANA spells them today.
    expect(zoneFromFields({ timezone: 'Asia/Kolkata' })).toBe('Asia/Kolkata');
    expect(zoneFromFields({ timezone: 'asia/calcutta' })).toBe('Asia/Kolkata');
    expect(zoneFromFields({ timezone: 'Europe/Kyiv' })).toBe('Europe/Kyiv');
    expect(zoneFromFields({ timezone: 'America/Buenos_Aires' })).toBe('America/Argentina/Buenos_Aires');
  });

  it('falls back to the country when the zone is not a zone, and gives null when neither helps', () => {
    expect(zoneFromFields({ timezone: 'Mars/Base', country: 'France' })).toBe('Europe/Paris');
    expect(zoneFromFields({ timezone: 'Mars/Base' })).toBeNull();
    expect(zoneFromFields({ country: 'Narnia' })).toBeNull();
  });
});

describe('orderedIds', () => {
  it('gives UUIDs (version 7 layout) that sort in row order', () => {
    const id = orderedIds(Date.UTC(2026, 0, 1));
    const ids = [1, 2, 15, 16, 17, 4095, 4096, 262_143, 262_144, 1_000_000, 100_000_000].map(id);
    for (const u of ids) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps two imports in the same millisecond apart', () => {
    const at = Date.now();
    expect(orderedIds(at)(1)).not.toBe(orderedIds(at)(1));
  });
});
