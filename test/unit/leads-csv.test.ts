// leads.csv cells: RFC 4180 quoting (comma, quote, CR, LF; quotes doubled; CRLF records) and
// spreadsheet-formula neutralising (a leading = + - @ tab or CR gets a single quote).
import { csvField, csvFileName, csvRecord, neutralizeFormula } from '../../src/modules/leads/leads-csv';

describe('csvField', () => {
  it('leaves plain text, numbers and empties as they are', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField(3)).toBe('3');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, quote, CR or LF and doubles its quotes', () => {
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('"')).toBe('""""');
  });

  it('writes dates as ISO 8601 UTC with milliseconds', () => {
    expect(csvField(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
  });

  it('neutralises formulas before quoting', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(csvField('\r=x')).toBe(`"'\r=x"`);
  });
});

describe('neutralizeFormula', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('prefixes a value starting with %j', (start) => {
    expect(neutralizeFormula(`${start}cmd`)).toBe(`'${start}cmd`);
  });

  it('leaves values with those characters later on alone', () => {
    expect(neutralizeFormula('a=b')).toBe('a=b');
    expect(neutralizeFormula(' =b')).toBe(' =b');
    expect(neutralizeFormula("'=already")).toBe("'=already");
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null, 2])).toBe('a,"b,c",,2\r\n');
  });
});

describe('csvFileName', () => {
  it('makes a header-safe ASCII name from the campaign name', () => {
    expect(csvFileName('Q3 Outreach / Ünïcode')).toBe('q3-outreach-unicode-leads.csv');
    expect(csvFileName('"; rm -rf\r\n')).toBe('rm-rf-leads.csv');
    expect(csvFileName('東京')).toBe('campaign-leads.csv');
    expect(csvFileName('x'.repeat(200))).toBe(`${'x'.repeat(60)}-leads.csv`);
  });
});
