// `npm start`'s prestart (decisions.md §13: a restart with sources unchanged since the last build is ready
// within 5 s). Compiling everything takes 10–20 s; this compares a hash of what the build reads (the
// sources, the TypeScript settings, the lock file) with the one the last build left in dist/, and runs
// the build only when they differ. Plain JavaScript so that the check itself costs no compiler.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const STAMP = path.join(root, 'dist', '.source-hash');
const INPUTS = ['src', 'rest', 'jobs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function* files(entry) {
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) return yield entry;
  for (const name of fs.readdirSync(full).sort()) yield* files(path.join(entry, name));
}

function sourceHash() {
  const hash = crypto.createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of files(entry))
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

const wanted = sourceHash();
const built = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : null;
if (built === wanted && fs.existsSync(path.join(root, 'dist', 'src', 'main.js'))) process.exit(0);
process.stdout.write('build: sources changed since the last build; compiling (npm run build)\n');
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
fs.writeFileSync(STAMP, `${wanted}\n`);
