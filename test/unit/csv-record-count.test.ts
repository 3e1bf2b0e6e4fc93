// The row count an async CSV import gives as progress.total before it starts (background/csv-input.ts):
// the same rows csv.ts's parser reads, for the files it reads.
import { CsvRecordCounter, countCsvRecords } from '../../src/modules/leads/background/csv-input';
import { csvLeadRows } from '../../src/modules/leads/import/csv';

async function parsedRows(text: string): Promise<number> {
  let n = 0;
  for await (const batch of csvLeadRows(text)) n += batch.length;
  return n;
}

describe('CsvRecordCounter', () => {
  it.each([
    ['plain, LF', 'email,name\na@x.test,A\nb@x.test,B\n'],
    ['CRLF, no final line break', 'email,name\r\na@x.test,A\r\nb@x.test,B'],
    ['quoted line breaks and quotes', 'email,note\na@x.test,"one\ntwo ""three"""\nb@x.test,"x,\r\ny"\n'],
    ['blank lines and lines of delimiters', 'email;name\n\n   \n;;\na@x.test;A\n\n\tb@x.test;B\n'],
    ['a byte-order mark', '\uFEFFemail\na@x.test\n'],
    ['only a header', 'email\n'],
    ['empty', ''],
  ])('%s: counts what the parser reads', async (_name, text) => {
    expect(countCsvRecords(text)).toBe(await parsedRows(text).catch(() => 0));
  });

  it('counts the same whatever the pieces the text comes in', () => {
    const text = 'email,note\na@x.test,"one\ntwo"\r\nb@x.test,B\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const counter = new CsvRecordCounter();
      counter.push(text.slice(0, cut));
      counter.push(text.slice(cut));
      expect(counter.dataRows).toBe(2);
    }
  });
});
