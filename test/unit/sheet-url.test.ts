// The link a sheet import reads: Google Sheets links as people copy them become the CSV form of the same
// sheet; other http(s) links are read as given; anything else is refused.
import { sheetCsvUrl, sheetRedirectDomains } from '../../src/modules/leads/import/sheet-url';

const KEY = '2PACX-1vQabc_DEF-123';
const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-xy';

describe('sheetCsvUrl', () => {
  it('turns a "publish to web" page link into its CSV link, keeping the tab', () => {
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/e/${KEY}/pubhtml`)).toBe(`https://docs.google.com/spreadsheets/d/e/${KEY}/pub?output=csv`);
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/e/${KEY}/pubhtml?gid=42&single=true`)).toBe(
      `https://docs.google.com/spreadsheets/d/e/${KEY}/pub?gid=42&single=true&output=csv`,
    );
  });

  it('asks a published link in another format for CSV', () => {
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/e/${KEY}/pub?output=xlsx`)).toBe(`https://docs.google.com/spreadsheets/d/e/${KEY}/pub?output=csv`);
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/e/${KEY}/pub?gid=7&single=true&output=csv`)).toBe(
      `https://docs.google.com/spreadsheets/d/e/${KEY}/pub?gid=7&single=true&output=csv`,
    );
  });

  it('turns a shared sheet link (edit, view) into its CSV export, keeping the tab from the query or the #gid', () => {
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=123`)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=123`);
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing`)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/export?format=csv`);
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/${ID}/export?format=xlsx&gid=5`)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=5`);
    expect(sheetCsvUrl(`https://docs.google.com/spreadsheets/d/${ID}`)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/export?format=csv`);
  });

  it('leaves other Google Sheets paths and other hosts as they are', () => {
    const gviz = `https://docs.google.com/spreadsheets/d/${ID}/gviz/tq?tqx=out:csv&sheet=Leads`;
    expect(sheetCsvUrl(gviz)).toBe(gviz);
    expect(sheetCsvUrl(' https://sheets.example.com/leads.csv?x=1 ')).toBe('https://sheets.example.com/leads.csv?x=1');
    expect(sheetCsvUrl('http://127.0.0.1:8080/a.csv')).toBe('http://127.0.0.1:8080/a.csv');
  });

  it('refuses what is not an http(s) URL with 400 invalid_url', () => {
    for (const url of ['', 'docs.google.com/spreadsheets/d/x', 'ftp://example.com/a.csv', 'file:///etc/passwd', 'javascript:alert(1)', 'http://']) {
      expect(() => sheetCsvUrl(url)).toThrow(expect.objectContaining({ status: 400, code: 'invalid_url' }));
    }
  });
});

describe('sheetRedirectDomains', () => {
  it("lets a Google Sheets link redirect to Google's content servers only when docs.google.com is allowed", () => {
    expect(sheetRedirectDomains(['docs.google.com'])).toEqual(['googleusercontent.com']);
    expect(sheetRedirectDomains(['Docs.Google.com.', 'sheets.example.com'])).toEqual(['googleusercontent.com']);
    expect(sheetRedirectDomains(['sheets.example.com'])).toEqual([]);
  });
});
