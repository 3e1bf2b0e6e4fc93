// `npm run bench`: runs every test/bench/*.bench.ts, one after another, each in its own Node process (so
// one benchmark's memory and database never weigh on the next). Pass names to run only some:
// `npm run bench -- lead-import`. Exits non-zero when any benchmark fails to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = __dirname;
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only.length || only.some((name) => f.includes(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  // With this process's own Node flags (package.json's bench script: the compiler hook, and npm start's
  // memory setting, which the in-process services of most benchmarks must run under too).
  const run = spawnSync(process.execPath, [...process.execArgv, path.join(dir, file)], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${run.status ?? run.signal})`);
  }
}
if (!benches.length) console.log(only.length ? `No benchmark matches ${only.join(', ')}.` : 'No benchmarks found.');
process.exit(failed ? 1 : 0);
