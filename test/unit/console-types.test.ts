// Issue 25 / decisions.md §14: the console is typed end to end over schema.graphql, so a schema change
// that breaks it fails the build: `npm test` runs `npm run codegen` (which validates every operation of
// web/ against the schema) and `npm run typecheck` (which checks web/ against the generated types). The
// first half is shown here on a copy of web/: with a field the console reads renamed in the schema,
// GraphQL Codegen refuses its operations. (The second half is TypeScript's own work on every run.)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');
const SCHEMA = fs.readFileSync(path.join(REPO, 'schema.graphql'), 'utf8');

let dir: string;
beforeAll(() => {
  // Inside the checkout (tmp/ is ignored), so the copy resolves react and the rest from node_modules.
  fs.mkdirSync(path.join(REPO, 'tmp'), { recursive: true });
  dir = fs.mkdtempSync(path.join(REPO, 'tmp', 'console-types-'));
  fs.cpSync(path.join(REPO, 'web', 'src'), path.join(dir, 'src'), { recursive: true, filter: (from) => !from.includes(`${path.sep}gql`) });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The console's target of codegen.yml, over `schema`, into the copy: the CLI in a process of its own, as
 *  the build runs it. */
async function codegen(schema: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'schema.graphql'), schema);
  const config = {
    overwrite: true,
    schema: 'schema.graphql',
    generates: {
      'src/gql/': {
        documents: ['src/**/*.tsx', 'src/**/*.ts', '!src/gql/**'],
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: { documentMode: 'string', useTypeImports: true, enumsAsTypes: true, scalars: { DateTimeISO: 'string', JSONObject: 'Record<string, unknown>', JSON: 'unknown' } },
      },
    },
  };
  fs.writeFileSync(path.join(dir, 'codegen.json'), JSON.stringify(config));
  const manifest = require.resolve('@graphql-codegen/cli/package.json');
  const bin = path.join(path.dirname(manifest), (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin['graphql-codegen']!);
  // Outside Jest's environment (NODE_ENV=test silences the CLI's report of what failed).
  await run(process.execPath, [bin, '--config', 'codegen.json', '--errors-only'], { cwd: dir, env: { PATH: process.env.PATH } });
}

/** schema.graphql with one line of `type Campaign` replaced. */
function campaignField(from: string, to: string): string {
  const start = SCHEMA.indexOf('type Campaign {');
  const end = SCHEMA.indexOf('\n}', start);
  const body = SCHEMA.slice(start, end);
  expect(body).toContain(from);
  return SCHEMA.slice(0, start) + body.replace(from, to) + SCHEMA.slice(end);
}

it('refuses the console’s operations when a field they read is renamed', async () => {
  const refused = await codegen(campaignField('  leadsPending: Int!', '  leadsWaiting: Int!')).then(
    () => null,
    (err: { stdout: string; stderr: string; message: string }) => `${err.message}\n${err.stdout}\n${err.stderr}`,
  );
  expect(refused).toMatch(/Cannot query field "leadsPending" on type "Campaign"/);
}, 60_000);

it('generates the console’s types from the schema as it is', async () => {
  await codegen(SCHEMA);
  expect(fs.readFileSync(path.join(dir, 'src', 'gql', 'graphql.ts'), 'utf8')).toContain('export type CampaignsListQuery');
});
