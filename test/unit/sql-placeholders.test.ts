// storage/sql.ts reads `?` placeholders the same way for every runner: `positional` numbers them for a raw
// pg connection and `inlined` writes values in their place. A `?` inside quotes, a dollar-quoted body or a
// comment is text, and `\?` is a question mark (the jsonb operators), as knex reads it.
import { inlined, positional, splitAtPlaceholders } from '../../src/storage/sql';

describe('positional', () => {
  it('numbers the placeholders in order', () => {
    expect(positional('select * from lead where id = ? and workspace_id = ? limit ?')).toBe('select * from lead where id = $1 and workspace_id = $2 limit $3');
  });

  it('leaves a statement without placeholders as it is', () => {
    expect(positional('create temporary table t (n int) on commit drop')).toBe('create temporary table t (n int) on commit drop');
  });

  it.each([
    ["select '?' as q, ?", "select '?' as q, $1"],
    ["select 'it''s ?', ?", "select 'it''s ?', $1"],
    ['select "what?" from t where a = ?', 'select "what?" from t where a = $1'],
    ['select "a""?" , ?', 'select "a""?" , $1'],
    ["select E'\\'?', ?", "select E'\\'?', $1"],
    ["select e'a\\\\', ?", "select e'a\\\\', $1"],
    ["select x from t where y like '%\\' escape '\\' and z = ?", "select x from t where y like '%\\' escape '\\' and z = $1"],
    ['select $$ ? $$, ?', 'select $$ ? $$, $1'],
    ['select $body$ ? $ ? $body$, ?', 'select $body$ ? $ ? $body$, $1'],
    ['select ? -- why?\n, ?', 'select $1 -- why?\n, $2'],
    ['select /* one? */ ?', 'select /* one? */ $1'],
  ])('leaves the ? inside quotes, dollar quotes and comments: %j', (query, expected) => {
    expect(positional(query)).toBe(expected);
  });

  it('writes \\? as a question mark, not a placeholder (the jsonb operators)', () => {
    expect(positional('select vars \\? ? from lead where vars \\?| ?::text[]')).toBe('select vars ? $1 from lead where vars ?| $2::text[]');
  });

  it('keeps numbered parameters and $ inside words apart from dollar quotes', () => {
    expect(positional('select a$b$, ?, x from t where n = $1')).toBe('select a$b$, $1, x from t where n = $1');
  });

  it('an E at the end of a word does not make the next string an escape string', () => {
    // `type'…'` is a typed literal, where a backslash is plain text: the quote after it closes the string.
    expect(positional("select date'\\', ?")).toBe("select date'\\', $1");
  });

  it('an unterminated quote or comment runs to the end of the text', () => {
    expect(splitAtPlaceholders("select ?, 'open ? ")).toEqual(['select ', ", 'open ? "]);
    expect(splitAtPlaceholders('select ? /* open ?')).toEqual(['select ', ' /* open ?']);
  });
});

describe('inlined', () => {
  it('writes values only where positional numbers placeholders', () => {
    expect(inlined("select ?, '?' as q, $$?$$ -- ?\n where a \\? ?", ['x', 'k'])).toBe("select E'x', '?' as q, $$?$$ -- ?\n where a ? E'k'");
  });

  it('refuses a count of values that does not match the placeholders', () => {
    expect(() => inlined("select ?, '?'", ['a', 'b'])).toThrow('1 placeholders for 2 values');
  });
});
