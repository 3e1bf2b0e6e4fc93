// ESLint flat config: `npm run lint` (with `prettier --check`), run beside the tests by `npm test` (scripts/test.mjs).
// Syntax-only rules (no type information), so the whole tree lints in seconds. Formatting is Prettier's
// alone: none of the rules below is a layout rule. The one rule eslint-config-prettier would also switch
// off, no-unexpected-multiline (from eslint:recommended), stays on: Prettier never prints the ambiguous
// line starts it reports, so it cannot fight the formatter.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import queries from './eslint-rules/queries.mjs';

/** What the core (src/) never imports: the adapters' libraries. */
const ADAPTERS = [
  {
    group: ['express', 'express/*', '@as-integrations/express5'],
    message: 'src/ is the core: HTTP (Express) belongs in rest/.',
  },
  {
    group: ['agenda', 'agenda/*', '@agendajs/*'],
    message: 'src/ is the core: Agenda belongs in jobs/.',
  },
];

/** What no module imports from another's core: the modules (src/modules). */
const MODULES = {
  regex: '(^|/)modules(/|$)',
  message: 'The core depends on no module (src/modules): declare an extension point (src/runtime/extensions.ts) or move the code into its module.',
};

// SQL in named places (conventions.md; README "Layout"): raw statements live in `*.queries.ts` files, run
// through src/storage/sql.ts with `?` parameters, and nothing else runs SQL. Tests are not held to it (they
// look into the database directly), nor is jobs/: Agenda's own rows and the jobs' advisory locks run on a
// dedicated pg connection of the job runner, outside the ORM and any workspace, for good.
const SQL_HELP = 'Raw SQL lives in a *.queries.ts file, one named function per statement (conventions.md "SQL in named places"): call such a function instead.';

/** The runners of src/storage/sql.ts. */
const SQL_RUNNERS = {
  regex: '(^|/)storage/sql(\\.ts)?$',
  importNames: ['sql', 'sqlRun', 'sqlStatements', 'sqlStatementResults', 'inlined', 'positional'],
  message: SQL_HELP,
};

/** Raw SQL through the ORM (em.execute, getKnex().raw) or a raw connection (client.query). The ORM's
 *  query builder (em.createQueryBuilder(…)….execute()) builds its SQL from the entities, under the
 *  workspace filter, like em.find: not raw. So is a builder held in a variable and run later
 *  (qb.execute('all', true): rows without entities); syntax alone cannot tell it from em.execute(sql), but
 *  its first argument can: the result's shape ('all', 'get' or 'run'), where raw SQL's is the statement. */
const QB_RESULT_SHAPE = `[arguments.0.type='Literal'][arguments.0.value=/^(all|get|run)$/]`;
const RAW_SQL_CALLS = ['execute', 'getKnex', 'raw', 'query'].map((method) => ({
  selector: `CallExpression[callee.property.name='${method}']:not(:has(CallExpression[callee.property.name='createQueryBuilder']))${method === 'execute' ? `:not(${QB_RESULT_SHAPE})` : ''}`,
  message: `.${method}() runs raw SQL. ${SQL_HELP}`,
}));

/** Excepted for good: rate-limiter-flexible runs its own SQL on the knex it is handed, in its own table of
 *  hashed keys (no workspace's rows; its one statement of ours is in rate-limits.queries.ts). */
const SQL_LIBRARY_HANDOFF = ['src/security/rate-limits/rate-limiter.ts'];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'coverage/',
      'node_modules/',
      'test/graphql/generated.ts',
      'web/dist/',
      'web/src/gql/',
      'test/browser/screenshots/',
      'src/storage/migrations/',
      '.data/',
      '.data-*/',
      'tmp/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The code's convention for a parameter or binding that must be there but is not read (Express's
      // four-argument error handler, jest.each labels, stubs): a leading underscore. A rest sibling
      // (`const { id, ...rest } = x`) is how an object drops keys.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The CommonJS config files at the root (jest.config.js).
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
  },
  {
    // The web console (web/): browser code. TypeScript already knows the DOM's globals, so no-undef (which
    // does not) stays off, as typescript-eslint advises; React's rules of hooks are checked.
    files: ['web/**/*.ts', 'web/**/*.tsx', 'web/**/*.mts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'no-undef': 'off', 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // No import cycles among the service's own modules. `import type` is erased by the compiler and
    // cannot cycle at run time, so it is not followed.
    files: ['src/**/*.ts', 'rest/**/*.ts', 'jobs/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x's own resolver (unrs-resolver), told to look for .ts files; no tsconfig paths to map.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  // no-restricted-imports: a later block for a file replaces an earlier one's list, so each block below
  // spells out every restriction of its files.
  {
    // The layout rule: src/ is the core; rest/ is the Express adapter and jobs/ the Agenda adapter. And no
    // runner of src/storage/sql.ts outside the queries files.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ADAPTERS, SQL_RUNNERS] }] },
  },
  {
    // And the core depends on no module: what modules add to each other goes through extension points
    // (src/runtime/extensions.ts), declared by the module that runs them. The composition roots walk the
    // module list (service.ts for the service, storage/entities.ts for the ORM's command line). The platform
    // folders (src/README.md) are the core beside the modules.
    files: ['src/*.ts', 'src/contracts/**/*.ts', 'src/runtime/**/*.ts', 'src/security/**/*.ts', 'src/observability/**/*.ts', 'src/mail/**/*.ts', 'src/net/**/*.ts'],
    ignores: ['src/service.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ADAPTERS, MODULES, SQL_RUNNERS] }] },
  },
  {
    // src/storage holds the runners and the ORM's set-up.
    files: ['src/storage/**/*.ts'],
    ignores: ['src/storage/entities.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ADAPTERS, MODULES] }] },
  },
  {
    files: ['src/storage/entities.ts', 'src/**/*.queries.ts', ...SQL_LIBRARY_HANDOFF],
    rules: { 'no-restricted-imports': ['error', { patterns: ADAPTERS }] },
  },
  {
    files: ['rest/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SQL_RUNNERS] }] },
  },
  {
    files: ['src/**/*.ts', 'rest/**/*.ts'],
    ignores: ['src/**/*.queries.ts', 'src/storage/**', ...SQL_LIBRARY_HANDOFF],
    rules: { 'no-restricted-syntax': ['error', ...RAW_SQL_CALLS] },
  },
  {
    // Every statement of a queries file takes the workspace, or says why it spans workspaces.
    files: ['**/*.queries.ts'],
    plugins: { queries },
    rules: { 'queries/workspace-scope': 'error' },
  },
);
