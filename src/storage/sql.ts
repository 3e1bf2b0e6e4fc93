// The runners of raw SQL, called from the `*.queries.ts` files only (eslint.config.mjs enforces it, jobs/ and
// the rate limiter's library aside; README "Layout"). One parameter style: `?` placeholders, values apart
// from the text.
//
// On an EntityManager, inside its transaction when it is in one (em.getConnection().execute alone would take
// another pooled connection and could wait on the transaction's own row locks), straight through knex to
// the driver: `?` placeholders become bind parameters ($1, $2, …), so values travel apart from the statement
// and are never spliced into it. MikroORM's execute() would format every value into the SQL text first, a
// cost the sending engine's array statements feel. On a raw pooled connection (an import's COPY
// transaction: COPY and temporary tables live on one connection) the same `?` statements are numbered here
// (positional) and sent with their values.
//
// `\?` is a question mark that is no placeholder (a jsonb operator; jsonb_exists reads better). Knex reads
// every other `?` as a placeholder; `positional` and `inlined` also leave alone a `?` inside quotes, a
// dollar-quoted body or a comment, so write none there.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClientBase } from 'pg';

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

/** A statement and its values, as the queries files build them for statements sent together (sqlStatements). */
export interface Statement {
  query: string;
  params: readonly unknown[];
}

/** A raw pooled connection of node-postgres, taken for a transaction of its own (an import's COPY). */
export type PgConnection = Pick<ClientBase, 'query'>;

/** Where a statement runs: the EntityManager's connection (its transaction when it is in one), or a raw
 *  connection. */
export type SqlTarget = EntityManager | PgConnection;

interface DriverResult {
  rows: Row[];
  rowCount: number | null;
}

const isEntityManager = (target: SqlTarget): target is EntityManager => typeof (target as EntityManager).getConnection === 'function';

async function run(target: SqlTarget, query: string, params: readonly unknown[]): Promise<DriverResult> {
  if (!isEntityManager(target)) return (await target.query(positional(query), [...params])) as DriverResult;
  const raw = target
    .getConnection()
    .getKnex()
    .raw(query, [...params] as never[]);
  const trx = target.getTransactionContext();
  if (trx) raw.transacting(trx);
  return (await raw) as unknown as DriverResult;
}

/** Runs one statement; its rows. */
export async function sql(target: SqlTarget, query: string, params: readonly unknown[] = []): Promise<Row[]> {
  return (await run(target, query, params)).rows;
}

/** Runs a write and returns how many rows it touched. */
export async function sqlRun(target: SqlTarget, query: string, params: readonly unknown[] = []): Promise<number> {
  return (await run(target, query, params)).rowCount ?? 0;
}

/** Several statements in one round trip, run in order (in the em's transaction, or the connection's); the
 *  rows of each. The simple query protocol takes statements together only without parameters, so each is
 *  written out with `inlined`. */
export async function sqlStatements(target: SqlTarget, statements: readonly Statement[]): Promise<Row[][]> {
  return (await sqlStatementResults(target, statements)).map((r) => r.rows);
}

/** What one of several statements sent together came to: its rows, and how many rows it touched (a
 *  write's count; a select's rows). */
export interface StatementResult {
  rows: Row[];
  rowCount: number;
}

/** sqlStatements, with each statement's count of rows touched beside its rows. */
export async function sqlStatementResults(target: SqlTarget, statements: readonly Statement[]): Promise<StatementResult[]> {
  if (!statements.length) return [];
  const text = statements.map((s) => inlined(s.query, s.params)).join(';\n');
  let res: DriverResult | DriverResult[];
  if (isEntityManager(target)) {
    const raw = target.getConnection().getKnex().raw(text);
    const trx = target.getTransactionContext();
    if (trx) raw.transacting(trx);
    res = (await raw) as unknown as DriverResult | DriverResult[];
  } else {
    res = (await target.query(text)) as unknown as DriverResult | DriverResult[];
  }
  return (Array.isArray(res) ? res : [res]).map((r) => ({ rows: r.rows, rowCount: r.rowCount ?? 0 }));
}

// --- Placeholders ----------------------------------------------------------------------------------------

/**
 * The statement cut at its `?` placeholders (n placeholders, n + 1 pieces). Not placeholders: a `?` inside
 * a string ('…', E'…'), a quoted name ("…"), a dollar-quoted body ($$…$$, $tag$…$tag$) or a comment, which
 * stay as written, and `\?`, written as `?` (knex reads it so too). One pass over the text.
 */
export function splitAtPlaceholders(query: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  let at = 0; // query[at…] is not yet in a piece
  const special = /[?\\'"$/-]/g;
  for (let m = special.exec(query); m; m = special.exec(query)) {
    const i = m.index;
    const c = query[i]!;
    const next = query[i + 1];
    const prev = query[i - 1] ?? '';
    let end = i + 1; // past what this character starts
    if (c === '?') {
      pieces.push(piece + query.slice(at, i));
      piece = '';
      at = end;
    } else if (c === '\\' && next === '?') {
      piece += `${query.slice(at, i)}?`;
      at = end = i + 2;
    } else if (c === "'") {
      // E'…' (or e'…', unless the E ends a longer word) reads a backslash as an escape.
      end = quotedEnd(query, i, "'", /[Ee]/.test(prev) && !/[\w$]/.test(query[i - 2] ?? ''));
    } else if (c === '"') {
      end = quotedEnd(query, i, '"', false);
    } else if (c === '-' && next === '-') {
      const eol = query.indexOf('\n', i);
      end = eol === -1 ? query.length : eol;
    } else if (c === '/' && next === '*') {
      const close = query.indexOf('*/', i + 2);
      end = close === -1 ? query.length : close + 2;
    } else if (c === '$' && !/[\w$]/.test(prev)) {
      // A dollar quote's tag ($$ or $name$; a $1 parameter is none): the body runs to the same tag.
      const tag = /^\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/.exec(query.slice(i, i + 66))?.[0];
      if (tag) {
        const close = query.indexOf(tag, i + tag.length);
        end = close === -1 ? query.length : close + tag.length;
      }
    }
    special.lastIndex = end;
  }
  pieces.push(piece + query.slice(at));
  return pieces;
}

/** Where the quoted run opened at `open` ends: past its closing `quote` (a doubled quote stays inside;
 *  with `backslash`, as in E'…', a backslash escapes the next character), or at the end of the text. */
function quotedEnd(query: string, open: number, quote: string, backslash: boolean): number {
  for (let j = open + 1; j < query.length; j++) {
    if (backslash && query[j] === '\\') j++;
    else if (query[j] === quote) {
      if (query[j + 1] !== quote) return j + 1;
      j++;
    }
  }
  return query.length;
}

/** A `?` statement with node-postgres's numbered placeholders ($1, $2, …), for a raw connection. */
export function positional(query: string): string {
  return splitAtPlaceholders(query).reduce((out, piece, i) => (i === 0 ? piece : `${out}$${i}${piece}`), '');
}

/** A statement with its `?` placeholders written in as literals: strings as escape-string constants
 *  (E'…', quotes and backslashes doubled), numbers and booleans as they are, null, dates as ISO text.
 *  For statements sent together in one round trip (sqlStatements), which the simple query protocol allows
 *  only without parameters. User text (inbound mail) goes through here, so the literal must mean the
 *  same text whatever the server's standard_conforming_strings: in a plain '…' literal a backslash is
 *  an escape when that setting is off, and `\'` would end the string early (decisions.md §10). */
export function inlined(query: string, params: readonly unknown[]): string {
  const parts = splitAtPlaceholders(query);
  if (parts.length !== params.length + 1) throw new Error(`inlined: ${parts.length - 1} placeholders for ${params.length} values`);
  return parts.reduce((out, part, i) => (i === 0 ? part : `${out}${literal(params[i - 1])}${part}`), '');
}

/** What a literal cannot hold as written: a backslash or a quote (doubled), or NUL (refused). */
const NEEDS_ESCAPE = /[\\'\0]/;

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
  // Most values hold none of the three: one scan, instead of three over every value (the reply ingest
  // writes megabytes of text this way per 10,000 messages).
  if (!NEEDS_ESCAPE.test(text)) return `E'${text}'`;
  if (text.includes('\0')) throw new Error('inlined: a NUL character cannot be sent');
  // E'…' reads `\\` as one backslash and `''` as one quote under either setting of standard_conforming_strings.
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
