// ESLint flat config: `npm run lint` (with `prettier --check`), run by `npm test`'s pre-step.
// Syntax-only rules (no type information), so the whole tree lints in seconds. Formatting is Prettier's
// alone: none of the rules below is a layout rule. The one rule eslint-config-prettier would also switch
// off, no-unexpected-multiline (from eslint:recommended), stays on: Prettier never prints the ambiguous
// line starts it reports, so it cannot fight the formatter.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

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

export default defineConfig(
  {
    ignores: ['dist/', 'coverage/', 'node_modules/', 'test/graphql/generated.ts', 'src/db/migrations/', '.data/', '.data-*/', 'tmp/'],
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
  {
    // The layout rule: src/ is the core; rest/ is the Express adapter and jobs/ the Agenda adapter.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ADAPTERS }] },
  },
  {
    // And the core depends on no module: what modules add to each other goes through extension points
    // (src/extensions.ts), declared by the module that runs them. The composition roots walk the module
    // list (service.ts for the service, db/entities.ts for the ORM's command line). A rule for these files
    // replaces the one above, so it repeats the adapters.
    files: ['src/*.ts', 'src/db/**/*.ts', 'src/graphql/**/*.ts', 'src/mail/**/*.ts', 'src/net/**/*.ts'],
    ignores: ['src/service.ts', 'src/db/entities.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ADAPTERS,
            {
              regex: '(^|/)modules(/|$)',
              message: 'The core depends on no module (src/modules): declare an extension point (src/extensions.ts) or move the code into its module.',
            },
          ],
        },
      ],
    },
  },
);
