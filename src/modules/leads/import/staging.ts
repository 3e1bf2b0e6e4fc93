// Staging for imports: every row given is first copied (PostgreSQL COPY, streamed) into a temporary
// table of the import's own transaction, so the import rules can then run set-wise in SQL
// (import-rules.ts) instead of row by row. COPY and temporary tables live on one connection, so the
// import takes a raw connection from the ORM's pool and runs its own transaction on it.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { prepareRow, type RawRow } from './lead-rows';

export type Db = Client;

/**
 * Runs `fn` inside a transaction on one pooled connection: committed when it returns, rolled back when
 * it throws. A connection that cannot even roll back is closed, so the pool drops it.
 */
export async function inImportTransaction<T>(em: EntityManager, fn: (db: Db) => Promise<T>): Promise<T> {
  const knex = em.getConnection().getKnex();
  const db = (await knex.client.acquireConnection()) as Db;
  let broken = false;
  try {
    await db.query('BEGIN');
    try {
      const result = await fn(db);
      await db.query('COMMIT');
      return result;
    } catch (err) {
      await db.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    }
  } finally {
    if (broken) await db.end().catch(() => undefined);
    await knex.client.releaseConnection(db);
  }
}

/** The staging table: one row per row given, `n` its position (from 1). `outcome` is null while the row
 *  is still a candidate and then names the rule that kept it out; `id` is the id it gets as a lead. */
export const STAGING_TABLE = 'lead_import';

export async function createStagingTable(db: Db): Promise<void> {
  await db.query(
    `create temporary table ${STAGING_TABLE} (n int not null, id uuid not null, email text not null, domain text, vars jsonb not null, timezone text, outcome text) on commit drop`,
  );
}

/**
 * Lead ids that sort in row order: a UUIDv7 layout (48-bit milliseconds, then the row number where v7 has
 * its counter) so leads of one import list in the order they were given (lists page by created_at, id),
 * with 44 random bits per import keeping two imports in one millisecond apart.
 */
export function orderedIds(startMs: number): (n: number) => string {
  const time = startMs.toString(16).padStart(12, '0').slice(-12);
  const random = randomBytes(6).toString('hex').slice(1); // 11 hex digits = 44 bits
  const hex = (v: number, digits: number) => v.toString(16).padStart(digits, '0');
  return (n) =>
    `${time.slice(0, 8)}-${time.slice(8)}-7${hex((n >>> 18) & 0xfff, 3)}-${hex(0x8000 | ((n >>> 4) & 0x3fff), 4)}-${hex(n & 0xf, 1)}${random}`;
}

// COPY text format: backslash, tab and line breaks inside a value are written as escapes.
const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copyText = (s: string) => s.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]);
const copyValue = (s: string | null) => (s === null ? '\\N' : copyText(s));
const COPY_PIECE = 32 * 1024;

/** Numbers, prepares (lead-rows.ts) and copies rows into the staging table, over one or several COPY
 *  passes (a lead list is read page by page on the same connection, between passes). */
export class Stager {
  private given = 0;
  private readonly idFor: (n: number) => string;

  constructor(private readonly db: Db, startMs: number) {
    this.idFor = orderedIds(startMs);
  }

  /** How many rows were given so far. */
  get rows(): number {
    return this.given;
  }

  /** Streams the batches into the staging table in one COPY. */
  async copy(batches: AsyncIterable<RawRow[]> | Iterable<RawRow[]>): Promise<void> {
    const copy = this.db.query(copyFrom(`copy ${STAGING_TABLE} (n, id, email, domain, vars, timezone, outcome) from stdin`));
    await pipeline(Readable.from(this.lines(batches), { objectMode: false }), copy);
  }

  /** COPY text in pieces of about COPY_PIECE characters: small enough to die young in the garbage
   *  collector's nursery instead of piling up as large strings until a full collection. An invalid
   *  address is marked at once and staged blank: it is never compared with anything and may hold anything. */
  private async *lines(batches: AsyncIterable<RawRow[]> | Iterable<RawRow[]>): AsyncGenerator<string> {
    for await (const batch of batches) {
      let piece = '';
      for (const raw of batch) {
        const n = ++this.given;
        const row = prepareRow(raw);
        const valid = row.domain !== null;
        piece += `${n}\t${this.idFor(n)}\t${valid ? copyText(row.email) : ''}\t${copyValue(row.domain)}\t${copyText(JSON.stringify(row.vars))}\t${copyValue(row.timezone)}\t${valid ? '\\N' : 'invalid'}\n`;
        if (piece.length >= COPY_PIECE) {
          yield piece;
          piece = '';
        }
      }
      if (piece) yield piece;
    }
  }
}
