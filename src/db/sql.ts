// Raw SQL on an EntityManager, inside its transaction when it is in one (em.getConnection().execute
// alone would take another pooled connection and could wait on the transaction's own row locks).
//
// Straight through knex to the driver: `?` placeholders become bind parameters ($1, $2, …), so values
// travel apart from the statement and are never spliced into it. MikroORM's execute() would format
// every value into the SQL text first, a cost the sending engine's array statements feel.
import type { EntityManager } from '@mikro-orm/postgresql';

export type Row = Record<string, unknown>;

// PostgreSQL array literals for `?::uuid[]`, `?::int[]`, … parameters (knex would expand a JS array into
// a list of placeholders). null becomes NULL.
/** uuids, or any values with nothing to escape. */
export const pgArray = (values: readonly string[]): string => `{${values.map((v) => `"${v}"`).join(',')}}`;
/** Text of any content: quotes and backslashes escaped. */
export const textArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
export const intArray = (values: readonly (number | null)[]): string => `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
export const timeArray = (values: readonly (Date | null)[]): string => `{${values.map((v) => (v ? `"${v.toISOString()}"` : 'NULL')).join(',')}}`;
export const boolArray = (values: readonly boolean[]): string => `{${values.join(',')}}`;

interface DriverResult {
  rows: Row[];
  rowCount: number | null;
}

async function run(em: EntityManager, query: string, params: readonly unknown[]): Promise<DriverResult> {
  const raw = em
    .getConnection()
    .getKnex()
    .raw(query, [...params] as never[]);
  const trx = em.getTransactionContext();
  if (trx) raw.transacting(trx);
  return (await raw) as unknown as DriverResult;
}

export async function sql(em: EntityManager, query: string, params: readonly unknown[] = []): Promise<Row[]> {
  return (await run(em, query, params)).rows;
}

/** Runs a write and returns how many rows it touched. */
export async function sqlRun(em: EntityManager, query: string, params: readonly unknown[] = []): Promise<number> {
  return (await run(em, query, params)).rowCount ?? 0;
}

/** A statement with its `?` placeholders written in as literals: strings as escape-string constants
 *  (E'…', quotes and backslashes doubled), numbers and booleans as they are, null, dates as ISO text.
 *  For statements sent together in one round trip (sqlBatch), which the simple query protocol allows
 *  only without parameters. User text (inbound mail) goes through here, so the literal must mean the
 *  same text whatever the server's standard_conforming_strings: in a plain '…' literal a backslash is
 *  an escape when that setting is off, and `\'` would end the string early (decisions.md §10). */
export function inlined(query: string, params: readonly unknown[]): string {
  const parts = query.split('?');
  if (parts.length !== params.length + 1) throw new Error(`inlined: ${parts.length - 1} placeholders for ${params.length} values`);
  return parts.reduce((out, part, i) => (i === 0 ? part : `${out}${literal(params[i - 1])}${part}`), '');
}

/** inlined for a statement built as `{query, params}` (the shared builders of lead-progress.ts, events). */
export const inlinedStatement = ({ query, params }: { query: string; params: readonly unknown[] }): string => inlined(query, params);

/** One value as an SQL literal (exported for its tests). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') {
    // NaN and Infinity would be read as column names.
    if (!Number.isFinite(v)) throw new Error(`inlined: ${v} is not a number SQL can take`);
    // In brackets, so `? - ?` never writes `- -1`'s cousin `--1`, a comment.
    return v < 0 ? `(${v})` : String(v);
  }
  const text = v instanceof Date ? v.toISOString() : String(v);
  if (text.includes('\0')) throw new Error('inlined: a NUL character cannot be sent');
  // E'…' reads `\\` as one backslash and `''` as one quote under either setting of standard_conforming_strings.
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Several statements (built with inlined) in one round trip, in the em's transaction; the rows of each. */
export async function sqlBatch(em: EntityManager, statements: readonly string[]): Promise<Row[][]> {
  const raw = em.getConnection().getKnex().raw(statements.join(';\n'));
  const trx = em.getTransactionContext();
  if (trx) raw.transacting(trx);
  const res = (await raw) as unknown as DriverResult | DriverResult[];
  return (Array.isArray(res) ? res : [res]).map((r) => r.rows);
}
