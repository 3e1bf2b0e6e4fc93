// The service compiled once per test run for the processes tests start (src/main.ts as `npm start` runs it,
// the dispatch and poll children, the soak's processes). Each of them used to compile every TypeScript file
// again as it loaded (@swc-node/register): seconds of CPU per process, dozens of processes per run. Here
// swc compiles src/, rest/, jobs/ and test/support/ with the options Jest uses, in parallel, into
// node_modules/.cache (inside the checkout, so packages and the project root are found as from the
// sources), and a process is started on the compiled file. Run by test/support/global-setup.ts.
import fs from 'node:fs';
import path from 'node:path';
import { transformFile, type Options } from '@swc/core';

const root = path.resolve(__dirname, '../..');
const TREES = ['src', 'rest', 'jobs', 'test/support'];
const OUT = path.join(root, 'node_modules', '.cache', 'outreach-compiled');

/** The options of .swcrc (what `npm run dev` and Jest compile with), with source maps beside each file. */
function swcOptions(): Options {
  const rc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8')) as Options & { $schema?: string };
  delete rc.$schema;
  return { ...rc, swcrc: false, sourceMaps: true };
}

function typeScriptFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...typeScriptFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Compiles the trees afresh into a new folder (a run never sees an earlier run's files, and two runs at
 *  once keep their own) and returns it. Folders an interrupted run left over a day ago are removed. */
export async function compileTree(): Promise<string> {
  removeStaleTrees();
  const dir = path.join(OUT, `${process.pid}-${Date.now()}`);
  const options = swcOptions();
  const files = TREES.flatMap((t) => typeScriptFiles(path.join(root, t)));
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const target = path.join(dir, path.relative(root, file)).replace(/\.ts$/, '.js');
      const { code, map } = await transformFile(file, { ...options, filename: file, sourceFileName: path.relative(path.dirname(target), file) });
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, map ? `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n` : code);
      if (map) fs.writeFileSync(`${target}.map`, map);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return dir;
}

function removeStaleTrees(): void {
  if (!fs.existsSync(OUT)) return;
  for (const name of fs.readdirSync(OUT)) {
    const dir = path.join(OUT, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > 86_400_000) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The node arguments that run one file of the project (`src/main.ts`, `test/support/dispatch-child.ts`):
 *  its compiled form when the run compiled the tree (TEST_COMPILED_DIR), else the source through swc-node. */
export function nodeArgsFor(file: string): string[] {
  const compiled = process.env.TEST_COMPILED_DIR;
  if (!compiled) return ['-r', '@swc-node/register', path.join(root, file)];
  return ['--enable-source-maps', path.join(compiled, file.replace(/\.ts$/, '.js'))];
}
