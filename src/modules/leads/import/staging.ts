// Staging for imports: every row given is first copied (PostgreSQL COPY, streamed) into a temporary
// table of the import's own transaction, so the import rules can then run set-wise in SQL
// (import-rules.ts) instead of row by row. COPY and temporary tables live on one connection, so the
// import takes a raw connection from the ORM's pool and runs its own transaction on it
// (storage/import-transaction.ts). The tables and their statements are in import.queries.ts.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../../storage/import-transaction';
import { collectGarbage } from '../../../runtime/gc';
import { FieldNames } from '../field-order';
import { addKeySets, copyIntoStaging } from './import.queries';
import { prepareRow, type RawRow } from './lead-rows';

/**
 * Lead ids that sort in row order: a UUIDv7 layout (48-bit milliseconds, then the row number where v7 has
 * its counter) so leads of one import list in the order they were given (lists page by created_at, id),
 * with 44 random bits per import keeping two imports in one millisecond apart.
 */
export function orderedIds(startMs: number): (n: number) => string {
  const time = startMs.toString(16).padStart(12, '0').slice(-12);
  const random = randomBytes(6).toString('hex').slice(1); // 11 hex digits = 44 bits
  const hex = (v: number, digits: number) => v.toString(16).padStart(digits, '0');
  return (n) => `${time.slice(0, 8)}-${time.slice(8)}-7${hex((n >>> 18) & 0xfff, 3)}-${hex(0x8000 | ((n >>> 4) & 0x3fff), 4)}-${hex(n & 0xf, 1)}${random}`;
}

// COPY text format: backslash, tab and line breaks inside a value are written as escapes.
const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyText = (s: string) => s.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]);
const copyValue = (s: string | null) => (s === null ? '\\N' : copyText(s));
const COPY_PIECE = 32 * 1024;
/** Rows per chunk: large enough that a chunk's fixed costs vanish, small enough that parsing the next
 *  chunk overlaps most of the database's work on this one. */
export const CHUNK_ROWS = 10_000;
/** The first chunks, smaller, growing by about the database's time per row over the parsing's (1.5):
 *  the database starts early (nothing overlaps the parsing of the first chunk) and each next chunk is
 *  parsed in about the time the database takes with this one. With a first chunk of 2,000 then 10,000,
 *  the database sat idle while the second was parsed (0.7 s of a 100,000-row import on a busy machine). */
const FIRST_CHUNKS = [2_000, 3_000, 4_500, 7_000];
/** Heap growth (bytes) after which a chunk boundary collects garbage (gc.ts): about every other chunk of
 *  the lead-import benchmark's rows, which keeps the service's peak RSS near 270 MB (every chunk: 260 MB,
 *  at twice the collections; never: 416 MB). */
const GC_AFTER_GROWTH = 32 * 1024 * 1024;

/** What runs on each staged chunk (the import rules and the insert); the staging table is emptied after. */
export type ChunkHandler = () => Promise<void>;

/**
 * Numbers, prepares (lead-rows.ts) and stages rows chunk by chunk, over one or several `copy` calls (a
 * lead list is read page by page on the same connection, between calls). A full chunk is copied into the
 * staging table (one COPY) and handed to `onChunk`, which the database works on while the next chunk is
 * parsed and prepared here: the two run side by side, on two cores. `finish` stages the last rows and
 * waits for the last chunk.
 */
export class Stager {
  private given = 0;
  private readonly idFor: (n: number) => string;
  /** COPY data of the chunk being filled, as bytes in pieces of about COPY_PIECE characters. Bytes, not
   *  the strings they were built from: a string built by appending is a tree of every part appended,
   *  all of it kept alive until it is written; held across the wait for the database, it would be
   *  promoted out of the garbage collector's nursery and pile up until a full collection (RSS). */
  private pieces: Buffer[] = [];
  private piece = '';
  private inChunk = 0;
  private working: Promise<void> = Promise.resolve();
  private handedOn = 0;
  private failure: unknown = null;
  /** The rows' field names in the order they first appear (field-order.ts). */
  readonly names = new FieldNames();
  /** The addresses of the chunk being filled: a repeat within the chunk is marked a duplicate here,
   *  the first row winning (api.md Adding leads; import-rules.ts rule 2 looks back across chunks). */
  private inChunkEmails = new Set<string>();
  /** Each distinct set of field names, by its names joined, and the sets not yet staged. */
  private readonly keySets = new Map<string, number>();
  private freshKeySets: { id: number; names: string[] }[] = [];

  constructor(
    private readonly db: Db,
    startMs: number,
    private readonly onChunk: ChunkHandler = async () => undefined,
  ) {
    this.idFor = orderedIds(startMs);
  }

  /** How many rows were given so far. */
  get rows(): number {
    return this.given;
  }

  /** Stages the batches' rows, handing on every full chunk. An invalid address is marked at once and
   *  staged blank: it is never compared with anything and may hold anything. */
  async copy(batches: AsyncIterable<RawRow[]> | Iterable<RawRow[]>): Promise<void> {
    for await (const batch of batches) {
      for (const raw of batch) {
        const n = ++this.given;
        const row = prepareRow(raw);
        this.names.add(row.fields.keys());
        const valid = row.domain !== null;
        const outcome = !valid ? 'invalid' : this.inChunkEmails.has(row.email) ? 'duplicate' : '\\N';
        if (valid) this.inChunkEmails.add(row.email);
        this.piece += `${n}\t${this.idFor(n)}\t${valid ? copyText(row.email) : ''}\t${copyValue(row.domain)}\t${copyText(JSON.stringify(row.vars))}\t${copyValue(row.timezone)}\t${this.keySetOf(row.vars)}\t${outcome}\n`;
        if (this.piece.length >= COPY_PIECE) {
          this.pieces.push(Buffer.from(this.piece));
          this.piece = '';
        }
        if (++this.inChunk >= (FIRST_CHUNKS[this.handedOn] ?? CHUNK_ROWS)) await this.flush();
      }
    }
  }

  /** The id of the row's set of field names (jsonb keeps an object's keys in its own order, so the set
   *  is keyed sorted). */
  private keySetOf(vars: Record<string, string>): number {
    const names = Object.keys(vars).sort();
    const key = names.join('\n'); // field names never hold a line break (lead-rows.ts fieldName)
    let id = this.keySets.get(key);
    if (id === undefined) {
      id = this.keySets.size;
      this.keySets.set(key, id);
      this.freshKeySets.push({ id, names });
    }
    return id;
  }

  /** Stages what is left and waits until every chunk has been handled. */
  async finish(): Promise<void> {
    await this.flush();
    await this.settled();
  }

  private async settled(): Promise<void> {
    await this.working;
    if (this.failure) throw this.failure;
  }

  private async flush(): Promise<void> {
    if (this.piece) this.pieces.push(Buffer.from(this.piece));
    const pieces = this.pieces;
    const keySets = this.freshKeySets;
    this.pieces = [];
    this.piece = '';
    this.inChunk = 0;
    this.inChunkEmails = new Set();
    this.freshKeySets = [];
    if (!pieces.length) return;
    // One connection: the previous chunk must be done before this one is copied. While it finishes,
    // the garbage of the rows parsed meanwhile is collected (gc.ts) once it has grown by GC_AFTER_GROWTH: a long
    // import only, a small one is over before garbage matters.
    if (this.handedOn++ > 0) collectGarbage({ ifGrownBy: GC_AFTER_GROWTH });
    await this.settled();
    if (keySets.length) await addKeySets(this.db, keySets);
    await pipeline(Readable.from(pieces, { objectMode: false }), copyIntoStaging(this.db));
    // Not awaited: parsing goes on while the database works. A failure surfaces at the next flush or
    // at finish.
    this.working = this.onChunk().catch((err: unknown) => {
      this.failure = err;
    });
  }
}
