// `npm start`'s prestart and `npm install`'s postinstall (decisions.md §13: a restart with sources
// unchanged since the last build is ready within 5 s; §14: the console is built by `npm install` /
// `npm start` with no extra command). Compiling everything takes 10–20 s; for each target this compares a
// hash of what its build reads with the one its last build left behind, and builds only when they differ.
// Plain JavaScript so that the check itself costs no compiler.
//
//   node scripts/build-if-changed.mjs            the service (tsc) and the web console (codegen + Vite)
//   node scripts/build-if-changed.mjs console    the web console only (postinstall)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** A package's command-line script, from its package.json `bin` (their `exports` hide the file itself). */
function binOf(pkg, command) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[command]);
}

const TARGETS = {
  service: {
    inputs: ['src', 'rest', 'jobs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    output: path.join('dist', 'src', 'main.js'),
    stamp: path.join('dist', '.source-hash'),
    build() {
      process.stdout.write('build: service sources changed since the last build; compiling (npm run build)\n');
      execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
    },
  },
  console: {
    // web/src/gql is generated from schema.graphql and the operations, so it is an output, not an input.
    inputs: ['web', 'schema.graphql', 'codegen.yml', 'package-lock.json'],
    skip: [path.join('web', 'dist'), path.join('web', 'src', 'gql')],
    output: path.join('web', 'dist', 'index.html'),
    stamp: path.join('web', 'dist', '.source-hash'),
    build() {
      let vite, codegen;
      try {
        vite = binOf('vite', 'vite');
        codegen = binOf('@graphql-codegen/cli', 'graphql-codegen');
      } catch {
        // `npm install --omit=dev`: the builders are development dependencies. The service then answers
        // /app with a page saying the console was not built.
        process.stdout.write('build: the web console is not built (Vite is not installed: run npm install without --omit=dev)\n');
        return false;
      }
      process.stdout.write('build: web console sources changed since the last build; building web/ (GraphQL Codegen, Vite)\n');
      execFileSync(process.execPath, [codegen, '--config', 'codegen.yml', '--silent'], { cwd: root, stdio: 'inherit' });
      execFileSync(process.execPath, [vite, 'build', 'web', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      return true;
    },
  },
};

function* files(entry, skip) {
  if (skip.includes(entry)) return;
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) return yield entry;
  for (const name of fs.readdirSync(full).sort()) yield* files(path.join(entry, name), skip);
}

function sourceHash(target) {
  const hash = crypto.createHash('sha256');
  for (const entry of target.inputs) {
    for (const file of files(entry, target.skip ?? []))
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

const wanted = process.argv.slice(2);
for (const [name, target] of Object.entries(TARGETS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const hash = sourceHash(target);
  const stamp = path.join(root, target.stamp);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : null;
  if (built === hash && fs.existsSync(path.join(root, target.output))) continue;
  if (target.build() === false) continue;
  fs.writeFileSync(stamp, `${hash}\n`);
}
