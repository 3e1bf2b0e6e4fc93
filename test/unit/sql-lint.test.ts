// The lint rule of "SQL in named places" (eslint.config.mjs, eslint-rules/queries.mjs), run as `npm run
// lint` runs it: the project's ESLint configuration on small files given as strings. ESLint loads its
// configuration as an ES module, which Jest's CommonJS runtime cannot import, so ESLint's API runs in a
// plain Node process of its own and answers with what it found.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '../..');

interface Fixture {
  /** Where the file would be: the configuration's rules depend on the path. */
  path: string;
  code: string;
}

/** Lints each fixture; for each, the rule ids it broke with their messages' first words. */
async function lint(fixtures: Fixture[]): Promise<{ rule: string | null; message: string; line: number }[][]> {
  const script = `
    import { ESLint } from 'eslint';
    const fixtures = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const f of fixtures) {
      const [result] = await eslint.lintText(f.code, { filePath: f.path });
      out.push(result.messages.map((m) => ({ rule: m.ruleId, message: m.message, line: m.line })));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(fixtures)], { cwd: ROOT, maxBuffer: 10_000_000 });
  return JSON.parse(stdout);
}

const EM = `import type { EntityManager } from '@mikro-orm/postgresql';\n`;

const FIXTURES: Record<string, Fixture> = {
  // (a) outside queries files: no runner of storage/sql.ts, no raw SQL through the ORM or a connection.
  serviceImportsRunner: {
    path: 'src/modules/tasks/task-probe.service.ts',
    code: `${EM}import { sql } from '../../storage/sql';\nexport const f = (em: EntityManager) => sql(em, 'select 1');\n`,
  },
  serviceImportsAll: { path: 'src/modules/tasks/task-probe.service.ts', code: `import * as db from '../../storage/sql';\nexport const f = db;\n` },
  serviceExecutes: { path: 'src/modules/tasks/task-probe.service.ts', code: `${EM}export const f = (em: EntityManager) => em.execute('delete from task');\n` },
  serviceRawKnex: { path: 'src/modules/tasks/task-probe.service.ts', code: `${EM}export const f = (em: EntityManager) => em.getConnection().getKnex().raw('select 1');\n` },
  coreImportsRunner: { path: 'src/contracts/graphql/probe.ts', code: `import { sqlRun } from '../../storage/sql';\nexport const f = sqlRun;\n` },
  restImportsRunner: { path: 'rest/probe.ts', code: `import { sqlStatements } from '../src/storage/sql';\nexport const f = sqlStatements;\n` },
  serviceArraysOnly: { path: 'src/modules/tasks/task-probe.service.ts', code: `import { pgArray } from '../../storage/sql';\nexport const f = pgArray(['a']);\n` },
  queryBuilder: {
    path: 'src/modules/tasks/task-probe.service.ts',
    code: `${EM}export const f = (em: EntityManager) => em.createQueryBuilder('Task', 't').select('*').execute('all');\n`,
  },
  // A query builder held in a variable and run later: its first argument is the result's shape, not SQL.
  queryBuilderLater: {
    path: 'src/modules/tasks/task-probe.service.ts',
    code: `import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
const rows = (qb: QueryBuilder<object>) => qb.execute('all', true);
export const f = async (em: EntityManager) => {
  const qb = em.createQueryBuilder('Task');
  await qb.applyFilters();
  return rows(qb);
};
export const g = (qb: QueryBuilder<object>) => qb.execute('get');
`,
  },
  serviceExecutesWithShape: {
    path: 'src/modules/tasks/task-probe.service.ts',
    code: `${EM}export const f = (em: EntityManager) => em.getConnection().execute('delete from task', [], 'run');\n`,
  },
  // Files the rule once left out while their SQL moved (issue 21): covered like any other.
  importRunsQuery: { path: 'src/modules/leads/import/staging.ts', code: `import type { Client } from 'pg';\nexport const f = (db: Client) => db.query('truncate lead_import');\n` },
  leadQueryExecutes: {
    path: 'src/modules/leads/lead-query.ts',
    code: `${EM}export const f = (em: EntityManager) => em.getConnection().execute('select count(*) from lead_count');\n`,
  },
  leadFieldsImportsRunner: { path: 'src/modules/leads/lead-fields.ts', code: `import { sql } from '../../storage/sql';\nexport const f = sql;\n` },
  columnRunJobImportsRunner: {
    path: 'src/modules/columns/column-run.job.ts',
    code: `import { sqlStatementResults } from '../../storage/sql';\nexport const f = sqlStatementResults;\n`,
  },
  queriesImportsRunner: { path: 'src/modules/tasks/task-probe.queries.ts', code: `import { sql } from '../../storage/sql';\nexport const x = sql;\n` },
  dbImportsRunner: { path: 'src/storage/probe.ts', code: `import { sql } from './sql';\nexport const x = sql;\n` },

  // (b) in queries files: every exported function takes the workspace or says why it spans workspaces.
  noScope: {
    path: 'src/modules/tasks/task-probe.queries.ts',
    code: `${EM}import { sql } from '../../storage/sql';\n/** Deletes a task. */\nexport async function deleteTask(em: EntityManager, taskId: string) {\n  await sql(em, 'delete from task where id = ?', [taskId]);\n}\n`,
  },
  noScopeArrow: {
    path: 'src/modules/tasks/task-probe.queries.ts',
    code: `${EM}import { sql } from '../../storage/sql';\nexport const tasks = (em: EntityManager) => sql(em, 'select * from task');\n`,
  },
  unusedWorkspace: {
    path: 'src/modules/tasks/task-probe.queries.ts',
    code: `${EM}import { sql } from '../../storage/sql';\nexport const tasks = (em: EntityManager, workspaceId: string) => sql(em, 'select * from task');\nexport const others = (em: EntityManager, _workspaceId: string) => sql(em, 'select 1');\nexport function more(em: EntityManager, workspaceId: string) {\n  return sql(em, 'select 1');\n}\n`,
  },
  emptyTag: {
    path: 'src/modules/tasks/task-probe.queries.ts',
    code: `${EM}import { sql } from '../../storage/sql';\n/**\n * Every task.\n * @allWorkspaces\n */\nexport const tasks = (em: EntityManager) => sql(em, 'select * from task');\n`,
  },
  exportedLater: {
    path: 'src/modules/tasks/task-probe.queries.ts',
    code: `${EM}import { sql } from '../../storage/sql';\nconst tasks = (em: EntityManager) => sql(em, 'select * from task');\nexport { tasks };\n`,
  },
  scoped: {
    path: 'src/modules/tasks/task-probe.queries.ts',
    code: `${EM}import { sql } from '../../storage/sql';
interface Filter { workspaceId: string; status: string }
type Narrow = Pick<Filter, 'workspaceId'> & { limit: number };
export const byParam = (em: EntityManager, workspaceId: string) => sql(em, 'select * from task where workspace_id = ?', [workspaceId]);
export async function byFilter(em: EntityManager, f: Filter) {
  return sql(em, 'select * from task where workspace_id = ? and status = ?', [f.workspaceId, f.status]);
}
export const byAlias = (em: EntityManager, n: Narrow) => sql(em, 'select * from task where workspace_id = ? limit ?', [n.workspaceId, n.limit]);
export const byLiteral = (em: EntityManager, q: { workspaceId: string; id: string }) => sql(em, 'select * from task where workspace_id = ? and id = ?', [q.workspaceId, q.id]);
export const destructured = (em: EntityManager, { workspaceId, id }: { workspaceId: string; id: string }) => sql(em, 'select * from task where workspace_id = ? and id = ?', [workspaceId, id]);
/**
 * Closes a task.
 * @allWorkspaces keyed by a task the caller locked in its workspace
 */
export const close = (em: EntityManager, taskId: string) => sql(em, 'update task set status = ? where id = ?', ['done', taskId]);
/** The table. */
export const TASK_TABLE = 'task';
export interface TaskRow { id: string }
`,
  },
};

let results: Record<string, { rule: string | null; message: string; line: number }[]>;

beforeAll(async () => {
  const names = Object.keys(FIXTURES);
  const found = await lint(names.map((n) => FIXTURES[n]!));
  results = Object.fromEntries(names.map((n, i) => [n, found[i]!]));
}, 120_000);

const rules = (name: string) => results[name]!.map((m) => m.rule);

describe('outside queries files and src/storage (eslint.config.mjs)', () => {
  it.each(['serviceImportsRunner', 'serviceImportsAll', 'coreImportsRunner', 'restImportsRunner'])('%s: importing a runner of storage/sql.ts is refused', (name) => {
    expect(rules(name)).toEqual(['no-restricted-imports']);
    expect(results[name]![0]!.message).toContain('conventions.md "SQL in named places"');
  });

  it.each([
    ['serviceExecutes', ['no-restricted-syntax']],
    ['serviceRawKnex', ['no-restricted-syntax', 'no-restricted-syntax']],
  ])('%s: raw SQL through the ORM is refused', (name, expected) => {
    expect(rules(name)).toEqual(expected);
    expect(results[name]!.map((m) => m.message.split(' ')[0])).toEqual(name === 'serviceExecutes' ? ['.execute()'] : ['.raw()', '.getKnex()']);
  });

  it.each([
    ['serviceExecutesWithShape', '.execute()'],
    ['importRunsQuery', '.query()'],
    ['leadQueryExecutes', '.execute()'],
  ])('%s: raw SQL is refused, whatever the arguments that follow it, in every file outside the queries files and src/storage', (name, first) => {
    expect(rules(name)).toEqual(['no-restricted-syntax']);
    expect(results[name]![0]!.message.split(' ')[0]).toBe(first);
  });

  it.each(['leadFieldsImportsRunner', 'columnRunJobImportsRunner'])('%s: a runner of storage/sql.ts is refused there too', (name) => {
    expect(rules(name)).toEqual(['no-restricted-imports']);
  });

  it.each(['serviceArraysOnly', 'queryBuilder', 'queryBuilderLater', 'queriesImportsRunner', 'dbImportsRunner'])('%s: allowed', (name) => {
    expect(results[name]).toEqual([]);
  });
});

describe('in queries files: queries/workspace-scope (eslint-rules/queries.mjs)', () => {
  it('an exported function that neither takes the workspace nor says why it spans workspaces is refused', () => {
    for (const name of ['noScope', 'noScopeArrow', 'exportedLater']) {
      expect(rules(name)).toEqual(['queries/workspace-scope']);
      expect(results[name]![0]!.message).toMatch(/runs SQL for whom\? Take the workspace .* `@allWorkspaces <why>`/);
    }
  });

  it('a workspaceId that the statement never uses does not count, nor does one by another name', () => {
    expect(results.unusedWorkspace!.filter((m) => m.rule === 'queries/workspace-scope').map((m) => [m.line, m.message.split(' ').slice(0, 3).join(' ')])).toEqual([
      [3, 'tasks takes `workspaceId`'],
      [4, 'others runs SQL'],
      [5, 'more takes `workspaceId`'],
    ]);
  });

  it('@allWorkspaces needs its reason', () => {
    expect(rules('emptyTag')).toEqual(['queries/workspace-scope']);
    expect(results.emptyTag![0]!.message).toContain('needs its reason');
  });

  it('the workspace as a parameter, in an object parameter (a local interface, alias or literal, or destructured), or @allWorkspaces with a reason: clean', () => {
    expect(results.scoped).toEqual([]);
  });
});
