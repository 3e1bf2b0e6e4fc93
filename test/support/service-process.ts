// The service as `npm start` runs it (src/main.ts, the real composition root with the job runner), in a
// process of its own, for tests that kill it (SIGKILL), freeze it (SIGSTOP) or stop it (SIGTERM) and
// watch what another process, or the database, does next. Its JSON log lines are kept for the test.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { nodeArgsFor } from './compiled-tree';

const root = path.resolve(__dirname, '../..');

export interface ServiceProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its JSON log lines so far with this `msg`. */
  logs(msg: string): Record<string, unknown>[];
  /** Resolves with the exit code (null when ended by a signal) once it has exited. */
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts src/main.ts with these settings (decisions.md §1 variables) and waits until /api/health answers. */
export async function startServiceProcess(env: Record<string, string>, healthMs = 90_000): Promise<ServiceProcess> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
    cwd: root,
    env: { ...process.env, SECRET_KEY: 'test-secret-key', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const proc: ServiceProcess = {
    child,
    pid: child.pid!,
    url,
    output: () => out,
    logs: (msg) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === msg),
    exited,
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early (${child.exitCode}): ${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return proc;
    if (Date.now() - started > healthMs) {
      child.kill('SIGKILL');
      throw new Error(`service not healthy after ${healthMs} ms: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills it with `signal` (SIGKILL unless given) and waits until it has exited. */
export async function killServiceProcess(proc: ServiceProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

/** Polls `read` every 100 ms until `done` holds or `ms` pass; the last value read. */
export async function waitUntil<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pid of the embedded PostgreSQL serving `dataDir`, or '' when none runs. */
export function postgresFor(dataDir: string): string {
  try {
    return execFileSync('pgrep', ['-f', `postgres -D ${dataDir}`])
      .toString()
      .trim();
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
}
