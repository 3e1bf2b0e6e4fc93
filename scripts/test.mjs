// `npm test`: Jest, with the static checks (the type checks, ESLint, Prettier and the production build)
// running beside it at a lower priority, their output printed whole once Jest has ended (in watch mode,
// which never ends, as soon as they have run). Exits 1 when either failed.
//
// Why beside and not before: Jest leaves about a third of the machine's CPU idle (its slowest suites
// wait on leases, deadlines and child processes), and the checks are a minute of CPU on two cores that
// used to run before the first test. Niced (10), they take the CPU Jest leaves and yield it at once when
// Jest wants it, so the run is about that minute shorter and the tests see the machine as before.
//
//   node scripts/test.mjs [jest arguments]
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const CHECKS = ['typecheck:api', 'lint:eslint', 'build:service', 'lint:prettier', 'typecheck:web'];

/** Runs a Node script; resolves with its exit code and, when `capture`, its output (else inherited). */
function node(args, capture) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const out = [];
    if (capture) for (const s of [child.stdout, child.stderr]) s.on('data', (c) => out.push(c));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString() }));
  });
}

const report = (checked) => {
  process.stdout.write(`\nThe checks beside Jest (${CHECKS.join(', ')}):\n${checked.output}`);
  if (checked.code !== 0) process.stderr.write('npm test: a check failed (above)\n');
};
const jestArgs = process.argv.slice(2);
// In watch mode Jest never ends, so the checks are printed as soon as they have run.
const watching = jestArgs.some((a) => a.startsWith('--watch'));
const checks = node([path.join(here, 'parallel.mjs'), '--nice', ...CHECKS], true);
if (watching) void checks.then(report);
const jest = await node([require.resolve('jest/bin/jest'), ...jestArgs], false);
const checked = await checks;
if (!watching) report(checked);
process.exit(jest.code !== 0 || checked.code !== 0 ? 1 : 0);
