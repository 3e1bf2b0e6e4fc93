// decisions.md §1 start-up contract, from outside: a fresh private DATA_DIR, health, SIGTERM → exit 0
// with the embedded database stopped, and a restart that keeps the data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, signUp } from '../support/client';
import { nodeArgsFor } from '../support/compiled-tree';
import { freePort, postgresFor } from '../support/service-process';

const root = path.resolve(__dirname, '../..');

async function startMain(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number; output: () => string }> {
  const started = Date.now();
  const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', SECRET_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early (${child.exitCode}): ${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, ms: Date.now() - started, output: () => out };
    if (Date.now() - started > 60_000) throw new Error(`service not healthy after 60 s: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm start contract', () => {
  it('exits 2 with a JSON log line naming the problem when LOG_LEVEL is not a level (decisions.md §13)', async () => {
    const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'verbose', PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (c) => (out += c));
    child.stderr!.on('data', (c) => (out += c));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: expect.stringMatching(/^configuration error: LOG_LEVEL must be one of trace, debug, info/) })]);
  }, 60_000);

  it('stops the embedded database when SIGTERM arrives during start-up', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-early-'));
    try {
      const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, PORT: String(await freePort()), DATABASE_URL: '', SECRET_KEY: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (c) => (out += c));
      // As soon as the database is being set up, ask it to stop.
      while (!out.includes('initialising embedded PostgreSQL')) await new Promise((r) => setTimeout(r, 20));
      const code = await stop(child);
      expect(code).toBe(0);
      expect(postgresFor(dir)).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // The same at each phase of start-up (loading the code, initdb, migrations, HTTP and jobs), and with the
  // signal sent to the whole process group as Ctrl-C in a terminal does: the embedded PostgreSQL must
  // not receive it too and stop under the migrations (exit 1 from a failed start).
  const phases: Array<[string, string, boolean]> = [
    ['while the code loads', '"msg":"starting"', false],
    ['during initdb, to the whole process group', 'initialising embedded PostgreSQL', true],
    ['after the migrations, while HTTP and jobs start', 'applied migration', false],
    ['after the migrations, to the whole process group', 'applied migration', true],
  ];
  it.each(phases)(
    'exits 0 with no database left when SIGTERM arrives %s',
    async (_name, marker, group) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-phase-'));
      try {
        const child = spawn(process.execPath, nodeArgsFor('src/main.ts'), {
          cwd: root,
          env: { ...process.env, DATA_DIR: dir, PORT: String(await freePort()), DATABASE_URL: '', SECRET_KEY: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: group, // its own process group, so that the signal can go to the group
        });
        let out = '';
        child.stdout!.on('data', (c) => (out += c));
        child.stderr!.on('data', (c) => (out += c));
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        for (const began = Date.now(); !out.includes(marker); await new Promise((r) => setTimeout(r, 5))) {
          if (child.exitCode !== null || Date.now() - began > 90_000) throw new Error(`no "${marker}" in the output: ${out}`);
        }
        if (group) process.kill(-child.pid!, 'SIGTERM');
        else child.kill('SIGTERM');
        const code = await exited;
        expect({ code, out }).toEqual({ code: 0, out: expect.stringContaining('"msg":"stopped"') });
        expect(postgresFor(dir)).toBe('');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  jest.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-start-')); // private (0700), as users get

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts on a fresh DATA_DIR, drains on SIGTERM, and restarts with its data', async () => {
    const port = await freePort();
    const first = await startMain(dataDir, port);
    expect(fs.existsSync(path.join(dataDir, 'secret-key'))).toBe(true);
    expect(postgresFor(dataDir)).not.toBe('');
    const account = await signUp(`http://127.0.0.1:${port}`);
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(postgresFor(dataDir)).toBe('');

    const second = await startMain(dataDir, port);
    const login = await new Client(`http://127.0.0.1:${port}`).post('/auth/login', { email: account.email, password: account.password });
    expect(login.status).toBe(200);
    expect(await stop(second.child)).toBe(0);
    expect(postgresFor(dataDir)).toBe('');

    // Killed without a chance to clean up: the next start takes over the database left running.
    const third = await startMain(dataDir, port);
    await new Promise<void>((resolve) => {
      third.child.once('exit', () => resolve());
      third.child.kill('SIGKILL');
    });
    expect(postgresFor(dataDir)).not.toBe('');
    const fourth = await startMain(dataDir, port);
    expect((await new Client(`http://127.0.0.1:${port}`).post('/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    expect(await stop(fourth.child)).toBe(0);
    expect(postgresFor(dataDir)).toBe('');
    // Reported, not asserted (timings are not test conditions).
    console.log(`cold start to healthy: first ${first.ms} ms, restart ${second.ms} ms`);
  });
});
