// decisions.md §12 "Typed clients": what README tells a TypeScript frontend to do works against the
// running service. The test builds a typed REST client (openapi-typescript over GET /api/openapi.json,
// called through openapi-fetch) and typed GraphQL operations (GraphQL Codegen's client preset over the
// service's own schema, read by introspection), type-checks a small example with each under `strict`,
// then runs both examples against the service and checks what they did. A broken example (a field the
// API does not have) must fail the type check, so the check itself is shown to bite.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { Client, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');

let service: Awaited<ReturnType<typeof startTestService>>;
let owner: Account;
let dir: string;

// The two examples, as a frontend developer would write them after README's steps.
const REST_EXAMPLE = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function main(baseUrl: string, token: string): Promise<string> {
  const api = createClient<paths>({ baseUrl: baseUrl + '/api', headers: { Authorization: 'Bearer ' + token } });
  const created = await api.POST('/campaigns', { body: { name: 'Typed over REST' } });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  const read = await api.GET('/campaigns/{id}', { params: { path: { id: created.data.id } } });
  if (!read.data) throw new Error(JSON.stringify(read.error));
  const status: string = read.data.status;
  return JSON.stringify({ id: read.data.id, name: read.data.name, status });
}
`;

const GRAPHQL_EXAMPLE = `
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql } from './gql';

const CreateCampaign = graphql(\`
  mutation CreateTypedCampaign($input: CreateCampaignInput!) {
    createCampaign(input: $input) { id name status }
  }
\`);

async function request<R, V>(url: string, token: string, doc: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
    body: JSON.stringify({ query: print(doc), variables }),
  });
  const body = (await res.json()) as { data?: R; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

export async function main(baseUrl: string, token: string): Promise<string> {
  const data = await request(baseUrl + '/graphql', token, CreateCampaign, { input: { name: 'Typed over GraphQL' } });
  const id: string = data.createCampaign.id;
  return JSON.stringify({ id, name: data.createCampaign.name, status: data.createCampaign.status });
}
`;

/** Type-checks files of the example project under strict settings; the diagnostics as text. */
function typeCheck(files: string[]): string[] {
  const program = ts.createProgram(
    files.map((f) => path.join(dir, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Compiles an example to CommonJS and runs its main() in a Node process of its own, as a client would. */
async function runExample(file: string): Promise<Record<string, string>> {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('node_modules'));
  for (const f of files) {
    const out = ts.transpileModule(fs.readFileSync(path.join(dir, f), 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
    fs.writeFileSync(path.join(dir, f.replace(/\.ts$/, '.js')), out.outputText);
  }
  const script = `require('./${file.replace(/\.ts$/, '.js')}').main(process.env.BASE_URL, process.env.TOKEN).then((o) => console.log(o), (e) => { console.error(e); process.exit(1); });`;
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: dir, env: { ...process.env, BASE_URL: service.url, TOKEN: owner.token }, timeout: 30_000 });
  return JSON.parse(stdout.trim()) as Record<string, string>;
}

beforeAll(async () => {
  service = await startTestService();
  owner = await signUp(service.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typed-clients-'));
  // The example project resolves openapi-fetch, graphql and the document-node types from our own install.
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'commonjs' }));
  fs.writeFileSync(path.join(dir, 'rest-example.ts'), REST_EXAMPLE);
  fs.writeFileSync(path.join(dir, 'graphql-example.ts'), GRAPHQL_EXAMPLE);

  // README's two steps, run as README runs them: the two generators' command lines.
  const bin = (name: string) => path.join(REPO, 'node_modules', '.bin', name);
  await run(bin('openapi-typescript'), [`${service.url}/api/openapi.json`, '-o', 'api.d.ts'], { cwd: dir, timeout: 60_000 });
  fs.writeFileSync(
    path.join(dir, 'codegen.json'),
    JSON.stringify({
      schema: { [`${service.url}/graphql`]: { headers: { Authorization: `Bearer ${owner.token}` } } },
      documents: ['graphql-example.ts'],
      generates: { './gql/': { preset: 'client', config: { useTypeImports: true, enumsAsTypes: true } } },
    }),
  );
  await run(bin('graphql-codegen'), ['--config', 'codegen.json', '--silent'], { cwd: dir, timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('type-checks the REST and GraphQL examples under strict settings', () => {
  expect(typeCheck(['rest-example.ts', 'graphql-example.ts'])).toEqual([]);
}, 60_000);

it('refuses an example that uses a field the API does not have, over either client', () => {
  fs.writeFileSync(
    path.join(dir, 'broken-rest.ts'),
    REST_EXAMPLE.replace("{ name: 'Typed over REST' }", "{ title: 'no such field' }").replace('read.data.status', 'read.data.stattus'),
  );
  const restErrors = typeCheck(['broken-rest.ts']);
  expect(restErrors.join('\n')).toMatch(/title/);
  expect(restErrors.join('\n')).toMatch(/stattus/);
  fs.unlinkSync(path.join(dir, 'broken-rest.ts'));

  // GraphQL: the generated result type has exactly the selected fields.
  fs.writeFileSync(path.join(dir, 'broken-graphql.ts'), GRAPHQL_EXAMPLE.replace('data.createCampaign.status', 'data.createCampaign.dailyLimit'));
  expect(typeCheck(['broken-graphql.ts']).join('\n')).toMatch(/dailyLimit/);
  fs.unlinkSync(path.join(dir, 'broken-graphql.ts'));
}, 60_000);

it('runs the typed REST example against the service', async () => {
  const out = await runExample('rest-example.ts');
  expect(out).toEqual({ id: expect.any(String), name: 'Typed over REST', status: 'draft' });
  const check = await new Client(service.url, owner.token).get(`/campaigns/${out.id}`);
  expect(check.body).toMatchObject({ id: out.id, name: 'Typed over REST' });
}, 60_000);

it('runs the typed GraphQL example against the service', async () => {
  const out = await runExample('graphql-example.ts');
  expect(out).toEqual({ id: expect.any(String), name: 'Typed over GraphQL', status: 'draft' });
  const check = await new Client(service.url, owner.token).get(`/campaigns/${out.id}`);
  expect(check.body).toMatchObject({ id: out.id, name: 'Typed over GraphQL' });
}, 60_000);
