// CSV text as a job's input: cut into pieces to store (the upload is read off the request into PostgreSQL
// before the answer, so a `jobs` process on another machine can run it), and its data rows counted as it
// goes by, for the job's progress.total before any row is imported.
import { csvLeadRows, textStream } from '../import/csv';

/** Characters per stored piece. */
export const PIECE_CHARS = 1 << 20;

/** A text in pieces of PIECE_CHARS characters. */
export function* splitText(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += PIECE_CHARS) yield text.slice(i, i + PIECE_CHARS);
}

// Characters that leave a line blank for the parser (csv.ts skips lines of only spaces and delimiters:
// papaparse's skipEmptyLines 'greedy'), by code.
const QUOTE = 34;
const LF = 10;
const CR = 13;
const BLANK = new Uint8Array(128);
for (const c of ' \t,;|') BLANK[c.charCodeAt(0)] = 1;
const BOM = 0xfeff;

/**
 * Counts CSV records as text goes by, as csv.ts's parser reads them: a line break inside quotes does not
 * end a record, a record of only blanks and delimiters is skipped. The first record is the header.
 * Quote-aware but not a parser: a count for progress, which the job's end makes exact. One pass over
 * character codes (a 50 MB upload in well under a second).
 */
export class CsvRecordCounter {
  private inQuotes = false;
  private content = false;
  private records = 0;

  push(text: string): void {
    let { inQuotes, content, records } = this;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        inQuotes = !inQuotes;
        content = true;
      } else if ((c === LF || c === CR) && !inQuotes) {
        if (content) records++;
        content = false;
      } else if (!content && !(c < 128 ? BLANK[c] : c === BOM)) content = true;
    }
    this.inQuotes = inQuotes;
    this.content = content;
    this.records = records;
  }

  /** Data rows (records after the header). */
  get dataRows(): number {
    return Math.max(0, this.records + (this.content ? 1 : 0) - 1);
  }
}

/** The data rows of a whole CSV text (CsvRecordCounter). */
export function countCsvRecords(text: string): number {
  const counter = new CsvRecordCounter();
  counter.push(text);
  return counter.dataRows;
}

/** Checks the header of a CSV that starts with `head` as the import does (400 `no_email_column`,
 *  `row_too_long`) without reading further than its first rows. */
export async function checkCsvHeader(head: string): Promise<void> {
  for await (const batch of csvLeadRows(textStream(head))) {
    void batch;
    break;
  }
}
