// storage/sql.ts on a raw pooled connection (an import's COPY transaction): the same `?` statements and runners
// as on an EntityManager, numbered for node-postgres, with the values bound apart from the text.
import { Client } from 'pg';
import { sql, sqlRun, sqlStatementResults, sqlStatements } from '../../src/storage/sql';

let db: Client;

beforeAll(async () => {
  db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  await db.query('create temp table conn_probe (n int, v text, at timestamptz, vars jsonb)');
});
afterAll(() => db.end());

it('binds each ? to its value, leaving a ? in quotes, dollar quotes and comments as text', async () => {
  const rows = await sql(db, `select ?::text as a, '?' as b, $$?$$ as c, ?::int as d -- and this?\n`, ["it's \\ '?'", 7]);
  expect(rows).toEqual([{ a: "it's \\ '?'", b: '?', c: '?', d: 7 }]);
});

it('reads \\? as the jsonb operator', async () => {
  const rows = await sql(db, `select ?::jsonb \\? ? as has, ?::jsonb \\?| ?::text[] as any`, ['{"k": 1}', 'k', '{"k": 1}', '{x,y}']);
  expect(rows).toEqual([{ has: true, any: false }]);
});

it('sqlRun counts the rows a write touched; sqlStatements sends several in one round trip and returns the rows of each', async () => {
  const at = new Date('2026-11-30T10:00:00Z');
  expect(await sqlRun(db, `insert into conn_probe (n, v, at) values (?, ?, ?), (?, ?, ?)`, [1, 'one', at, 2, null, at])).toBe(2);
  const [inserted, updated, read] = await sqlStatements(db, [
    { query: `insert into conn_probe (n, v, at) values (?, ?, ?) returning n`, params: [3, "E'\\x41'; drop table conn_probe; --", at] },
    { query: `update conn_probe set v = coalesce(v, ?) where n = any(?::int[]) returning n`, params: ['two', '{1,2}'] },
    { query: `select n, v, at from conn_probe order by n`, params: [] },
  ]);
  expect(inserted).toEqual([{ n: 3 }]);
  expect(updated!.map((r) => r.n).sort()).toEqual([1, 2]);
  expect(read).toEqual([
    { n: 1, v: 'one', at },
    { n: 2, v: 'two', at },
    { n: 3, v: "E'\\x41'; drop table conn_probe; --", at },
  ]);
});

it('sqlStatementResults gives each statement its count of rows touched beside its rows, in the same round trip', async () => {
  const results = await sqlStatementResults(db, [
    { query: `insert into conn_probe (n, v) select g, ? from generate_series(10, 12) g`, params: ['counted'] },
    { query: 'select n from conn_probe where n < ?', params: [0] },
    { query: `update conn_probe set v = ? where v = ? and n > ?`, params: ['changed', 'counted', 10] },
    { query: `select n from conn_probe where v = ? order by n`, params: ['changed'] },
  ]);
  expect(results).toEqual([
    { rows: [], rowCount: 3 },
    { rows: [], rowCount: 0 },
    { rows: [], rowCount: 2 },
    { rows: [{ n: 11 }, { n: 12 }], rowCount: 2 },
  ]);
});
