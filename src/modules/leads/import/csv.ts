// Reading lead CSV with papaparse, streamed: rows come out in batches while the input is still arriving,
// so a large file never sits in memory as parsed rows. Handles quoted fields (with commas, quotes and
// line breaks inside), a UTF-8 byte-order mark, CRLF or LF line ends, empty lines (skipped, also lines of
// only delimiters), ragged rows (missing cells are blank, cells beyond the header are dropped) and a
// comma, semicolon, tab or pipe delimiter (guessed from the start of the file).
//
// The header row names the columns: the `email` column is found ignoring case, spaces and punctuation
// (Email, " EMAIL ", E-mail, Email Address); every other column becomes a lead field (lead-rows.ts).
import { finished, Readable, Transform, type TransformCallback } from 'node:stream';
import Papa from 'papaparse';
import { AppError } from '../../../contracts/errors';
import { MAX_FIELDS_PER_LEAD } from '../lead-vars';
import { uniqueFieldNames, type RawRow } from './lead-rows';

/** Header names (as field names) accepted for the address column, the first one present wins. */
const EMAIL_COLUMNS = ['email', 'e_mail', 'email_address', 'e_mail_address'];

/** The largest CSV taken (decisions.md §3: 413 above 50 MB), for bodies and fetched sheets alike. */
export const CSV_MAX_BYTES = 50 * 1024 * 1024;

/** Longest row taken, in characters. Far above any real row (a field keeps 500 characters); it stops an
 *  unclosed quote or a file without line breaks from turning into one endless row, which papaparse
 *  would re-read from its start on every chunk (quadratic time). */
export const MAX_ROW_CHARS = 1 << 20;

const BATCH_ROWS = 250;
const TEXT_CHUNK = 1 << 16;

export interface CsvColumns {
  emailIndex: number;
  /** Field name per column index; '' for the email column and for columns without a usable name. */
  names: string[];
}

/** Works out which column holds the address and what the others are called; 400 without an email column. */
export function csvColumns(header: readonly string[]): CsvColumns {
  const names = uniqueFieldNames(header.map((h) => h.replace(/^\uFEFF/, '').trim()));
  const emailIndex = EMAIL_COLUMNS.map((n) => names.indexOf(n)).find((i) => i >= 0) ?? -1;
  if (emailIndex < 0) {
    throw new AppError('no_email_column', 'The CSV has no email column: its first row must name the columns, one of them "email".', {
      columns: header.slice(0, 50),
    });
  }
  names[emailIndex] = '';
  const fields = names.filter((name) => name !== '').length;
  if (fields > MAX_FIELDS_PER_LEAD) {
    throw new AppError(
      'too_many_fields',
      `A lead can carry at most ${MAX_FIELDS_PER_LEAD} fields; this CSV has ${fields} columns besides email. Leave out the columns the campaign does not need.`,
      { fields, max: MAX_FIELDS_PER_LEAD },
    );
  }
  return { emailIndex, names };
}

export function csvRow(cells: readonly string[], columns: CsvColumns): RawRow {
  const fields: [string, string][] = [];
  for (let i = 0; i < columns.names.length && i < cells.length; i++) {
    if (columns.names[i]) fields.push([columns.names[i], cells[i]]);
  }
  return { email: cells[columns.emailIndex] ?? '', fields };
}

/** A string as a stream of modest chunks (strings, so a character split between two stays whole when
 *  papaparse joins them), so even a CSV given as one string is parsed bit by bit. */
export function textStream(text: string): Readable {
  return Readable.from(
    (function* chunks() {
      for (let i = 0; i < text.length; i += TEXT_CHUNK) yield text.slice(i, i + TEXT_CHUNK);
    })(),
    { objectMode: true },
  );
}

/** Counts the characters fed to the parser since the consumer last took a row; fails past MAX_ROW_CHARS. */
class RowLengthGuard extends Transform {
  sinceLastRow = 0;
  constructor() {
    // One chunk in hand at a time: text waiting in stream buffers outlives young-generation collections
    // and piles up in the old generation until a full collection (RSS).
    super({ objectMode: true, highWaterMark: 1 });
  }
  override _transform(chunk: string | Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.sinceLastRow += chunk.length;
    if (this.sinceLastRow > MAX_ROW_CHARS) {
      done(new AppError('row_too_long', `A CSV row is longer than ${MAX_ROW_CHARS} characters: check for a quote that is never closed, or for missing line breaks.`));
    } else done(null, chunk);
  }
}

/**
 * The rows of a CSV as arrays of cells, in file order, header included, empty lines skipped. `input`
 * yields text (a stream already decoded as UTF-8, or a string), parsed a chunk at a time so no file holds
 * the event loop. Throws `row_too_long` (400), and whatever error the input stream fails with (for
 * example a size limit).
 */
export async function* csvCells(input: Readable | string): AsyncGenerator<string[]> {
  const source = typeof input === 'string' ? textStream(input) : input;
  const guard = new RowLengthGuard();
  const parser: NodeJS.ReadWriteStream & AsyncIterable<string[]> = Papa.parse(Papa.NODE_STREAM_INPUT, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const destroyParser = (err: Error) => (parser as unknown as Readable).destroy(err);
  // finished() also reports an input that failed before this generator ran (a broken upload): a listener
  // added now would never hear of it, and the parser would wait for the input's end forever.
  const stopWatching = finished(source, { writable: false }, (err) => {
    if (err) destroyParser(err);
  });
  guard.on('error', destroyParser);
  source.pipe(guard).pipe(parser);
  try {
    for await (const cells of parser) {
      guard.sinceLastRow = 0;
      yield cells;
    }
  } finally {
    stopWatching();
    source.unpipe(guard);
    if (!source.readableEnded) source.resume(); // let whatever is left of the input drain
  }
}

/**
 * The data rows of a lead CSV, in batches, in file order (csvCells). Throws `no_email_column` (400) once
 * the header is read, and `too_many_fields` (400) for more columns than a lead carries.
 */
export async function* csvLeadRows(input: Readable | string): AsyncGenerator<RawRow[]> {
  let columns: CsvColumns | null = null;
  let batch: RawRow[] = [];
  for await (const cells of csvCells(input)) {
    if (!columns) {
      columns = csvColumns(cells);
      continue;
    }
    batch.push(csvRow(cells, columns));
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (!columns) csvColumns([]); // an empty file has no email column either
  if (batch.length) yield batch;
}
