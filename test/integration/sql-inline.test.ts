// decisions.md §10: user text reaches SQL only as bound parameters or through storage/sql.ts inlined(), which
// must write the same text whatever the server's standard_conforming_strings. Checked on a session with
// the setting off (as some servers still run), with text built to end the literal early.
import { Client } from 'pg';
import { inlined, literal, textArray } from '../../src/storage/sql';

let db: Client;

beforeAll(async () => {
  db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
});
afterAll(() => db.end());

const HOSTILE = [
  "it's",
  '\\',
  "\\'",
  "\\'; drop table inline_victim; --",
  "'; drop table inline_victim; --",
  "\\\\'); drop table inline_victim; select ('",
  'C:\\new\\table\\',
  "E'\\x41'",
  '$$; drop table inline_victim; $$',
  'two\nlines\tand a tab \\n \\t \\x41 \\u0041 \\101',
  'ünïcödé 💌 \u2028',
];

/** Runs one statement as the simple query protocol does (several statements allowed, as sqlStatements sends). */
const simple = async (text: string) => (await db.query(text)).rows as Record<string, unknown>[];

describe.each(['off', 'on'])('inlined() with standard_conforming_strings %s', (setting) => {
  beforeAll(async () => {
    await simple(`set standard_conforming_strings = ${setting}; set escape_string_warning = off`);
    await simple('create temp table if not exists inline_victim (v text)');
  });
  afterAll(() => simple('set standard_conforming_strings = on'));

  it.each(HOSTILE)('writes %j back as it was, and runs nothing else', async (text) => {
    const rows = await simple(inlined('select ?::text as v', [text]));
    expect(rows).toEqual([{ v: text }]);
    await simple(inlined('insert into inline_victim (v) values (?)', [text]));
    expect(await simple(inlined('select count(*)::int as n from inline_victim where v = ?', [text]))).toEqual([{ n: 1 }]);
    await simple('delete from inline_victim');
  });

  it('writes text arrays of hostile text back as they were', async () => {
    const rows = await simple(inlined('select ?::text[] as v', [textArray([...HOSTILE, null])]));
    expect(rows).toEqual([{ v: [...HOSTILE, null] }]);
  });

  it('writes numbers, booleans, null and dates as themselves', async () => {
    const at = new Date('2026-11-26T10:00:00.123Z');
    const rows = await simple(inlined('select ? - ? as n, ? as b, ? as z, ?::timestamptz as at', [5, -1, true, null, at]));
    expect(rows).toEqual([{ n: 6, b: true, z: null, at }]);
  });
});

it('shows the attack: a plain quoted literal with doubled quotes is broken out of when the setting is off', async () => {
  await simple('set standard_conforming_strings = off; set escape_string_warning = off');
  try {
    const attack = "\\'; select 42 as v; --";
    const plain = `select '${attack.replace(/'/g, "''")}'::text as v`;
    const res = await db.query(plain);
    // The backslash took the first quote, so the statement ended early and the attacker's one ran.
    const results = Array.isArray(res) ? res : [res];
    expect(results.map((r) => r.rows)).toContainEqual([{ v: 42 }]);
    expect(await simple(`select ${literal(attack)}::text as v`)).toEqual([{ v: attack }]);
  } finally {
    await simple('set standard_conforming_strings = on');
  }
});

it('refuses values SQL cannot take rather than write something else', () => {
  expect(() => literal(NaN)).toThrow();
  expect(() => literal(Infinity)).toThrow();
  expect(() => literal('a\u0000b')).toThrow();
  expect(() => literal('\u0000')).toThrow();
});

it('writes text with nothing to escape as it is, and doubles quotes and backslashes where there are', () => {
  expect(literal('plain text, 100% — ünïcode')).toBe("E'plain text, 100% — ünïcode'");
  expect(literal("it's")).toBe("E'it''s'");
  expect(literal('a\\b')).toBe("E'a\\\\b'");
  expect(literal(new Date('2026-12-02T10:00:00.000Z'))).toBe("E'2026-12-02T10:00:00.000Z'");
});
