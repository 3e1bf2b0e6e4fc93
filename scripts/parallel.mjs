// Runs npm scripts side by side, as many at a time as the machine has cores, and prints each one's output
// whole when it ends (never interleaved). Exits 1 when any failed, after all have ended, naming them.
// `npm test` uses it (its pre-step, and scripts/test.mjs beside Jest): the type checks, lint, and the
// builds are independent, and each is a single-threaded process, so one after the other they left a core
// idle for about a minute.
//
//   node scripts/parallel.mjs schema:check codegen
//   node scripts/parallel.mjs --nice typecheck:api lint:eslint     at nice 10 (scripts/test.mjs: beside Jest)
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import os from 'node:os';
import process from 'node:process';

const nice = process.argv[2] === '--nice';
const scripts = process.argv.slice(nice ? 3 : 2);
// The scripts' processes inherit the priority from this one.
if (nice) os.setPriority(10);
const width = Math.max(1, os.availableParallelism());
const npm = process.env.npm_execpath;

function run(script) {
  const started = Date.now();
  // Under npm (npm test), its own CLI through this Node; otherwise the npm on PATH.
  const [cmd, args] = npm ? [process.execPath, [npm, 'run', '-s', script]] : ['npm', ['run', '-s', script]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString();
      const secs = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`> ${script}: ${code === 0 ? 'ok' : `failed (${code})`} in ${secs} s\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...scripts];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(width, queue.length) }, async () => {
    for (let script = queue.shift(); script; script = queue.shift()) if (!(await run(script))) failed.push(script);
  }),
);
if (failed.length) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
