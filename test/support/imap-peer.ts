// A real IMAP server for tests: Dovecot (Debian package dovecot-imapd, installed by
// .ci/install-test-deps.sh) started privately in a temp dir with its own config, listening on
// 127.0.0.1 on a free port, plain-text LOGIN allowed (loopback only, no TLS), users from a passwd-file,
// Maildir storage in the temp dir. Never skipped: when Dovecot cannot start, startImapPeer throws.
// With `oauth2`, Dovecot's oauth2 passdb also takes AUTHENTICATE XOAUTH2, asking the OpenID provider's
// introspection endpoint (over HTTPS, trusting its CA) whether the token is active and whose it is
// (decisions.md §15), beside the password users.
//
// Run as root, Dovecot is started as the unprivileged `dovecot` user (login, auth and mail processes all
// run as that one user); run as anyone else, as the current user. Either way it touches nothing outside
// its temp dir and stop() leaves no process behind.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export interface ImapPeerOptions {
  /** username → password. Default: one user `sender@example.com` / `imap-secret`. */
  users?: Record<string, string>;
  /** XOAUTH2 logins, validated at this introspection endpoint (RFC 7662) trusting this CA (PEM). */
  oauth2?: { introspectionUrl: string; ca: string };
}

export interface ImapPeer {
  host: string;
  port: number;
  users: Record<string, string>;
  /** The temp dir holding config, sockets, logs and mail. */
  dir: string;
  /** Milliseconds from spawn to the first greeting. */
  startupMs: number;
  /** Stores a raw RFC 5322 message in the user's mailbox (INBOX by default) over IMAP APPEND. */
  appendMessage(user: string, raw: string | Buffer, opts?: { mailbox?: string; flags?: string[]; date?: Date }): Promise<void>;
  /** Adds a user (takes effect at once: the passwd-file is read on every login). */
  addUser(user: string, password: string): void;
  /** Dovecot's own log lines so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

export const DEFAULT_IMAP_USERS = { 'sender@example.com': 'imap-secret' };

const STARTUP_TIMEOUT_MS = 15_000;

function findDovecot(): string {
  for (const candidate of ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v dovecot'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('imap peer: the dovecot binary is missing; run .ci/install-test-deps.sh (installs dovecot-imapd)');
  }
}

/** Who Dovecot runs as: the `dovecot` system user when we are root, else ourselves. */
function runAs(): { name: string; group: string; uid: number; gid: number } {
  const me = os.userInfo();
  const groupName = (gid: number) =>
    fs
      .readFileSync('/etc/group', 'utf8')
      .split('\n')
      .map((l) => l.split(':'))
      .find((f) => Number(f[2]) === gid)?.[0];
  if (me.uid !== 0) return { name: me.username, group: groupName(me.gid) ?? me.username, uid: me.uid, gid: me.gid };
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('dovecot:'));
  if (!line) throw new Error('imap peer: running as root but there is no `dovecot` user (is dovecot-imapd installed?)');
  const [, , uid, gid] = line.split(':');
  return { name: 'dovecot', group: groupName(Number(gid)) ?? 'dovecot', uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function passwdFile(users: Record<string, string>): string {
  for (const [u, p] of Object.entries(users)) {
    if (/[:\n\r]/.test(u) || /[:\n\r]/.test(p)) throw new Error(`imap peer: user or password for ${u} contains ":" or a line break`);
  }
  return Object.entries(users)
    .map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`)
    .join('');
}

/** Dovecot's oauth2 passdb settings (PasswordDatabase.oauth2 of Dovecot 2.3): introspection by POST,
 *  the account named by the answer's `email`, only while `active` is true. */
function oauth2Config(dir: string, oauth2: NonNullable<ImapPeerOptions['oauth2']>): string {
  return `introspection_mode = post
introspection_url = ${oauth2.introspectionUrl}
force_introspection = yes
username_attribute = email
active_attribute = active
active_value = true
tls_ca_cert_file = ${dir}/oauth-ca.pem
timeout_msecs = 5000
`;
}

function config(dir: string, port: number, user: ReturnType<typeof runAs>, oauth2: boolean): string {
  return `# Private test instance (test/support/imap-peer.ts); nothing here is read by the system Dovecot.
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = imap-peer-${port}
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2' : ''}
# Tests try wrong passwords on purpose: answer at once instead of after the default 2 s.
auth_failure_delay = 0
default_internal_user = ${user.name}
default_internal_group = ${user.group}
default_login_user = ${user.name}
first_valid_uid = 1
first_valid_gid = 1
mail_max_userip_connections = 100
mail_location = maildir:${dir}/mail/%u
# A spam folder marked \\Junk (RFC 6154), as hosted mail has: reply polling reads it too.
namespace inbox {
  inbox = yes
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users${
    oauth2
      ? `
  mechanisms = plain login
}
passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/dovecot-oauth2.conf.ext`
      : ''
  }
}
userdb {
  driver = static
  args = uid=${user.uid} gid=${user.gid} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  # No growing delay for a client that failed to log in before (the tests do that on purpose).
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`;
}

/** Resolves once the server greets on the port; rejects when the process exits first or time runs out. */
function waitForGreeting(port: number, proc: ChildProcess, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let exited = false;
    const onExit = () => {
      exited = true;
    };
    proc.once('exit', onExit);
    const attempt = () => {
      if (exited) return reject(new Error('dovecot exited during start-up'));
      if (Date.now() > deadline) return reject(new Error(`no IMAP greeting on port ${port} within ${STARTUP_TIMEOUT_MS} ms`));
      const socket = net.connect(port, '127.0.0.1');
      let buffer = '';
      const retry = () => {
        socket.destroy();
        setTimeout(attempt, 50);
      };
      socket.setTimeout(1000, retry);
      socket.on('error', retry);
      socket.on('data', (d) => {
        buffer += d.toString();
        if (buffer.includes('\n')) {
          socket.destroy();
          proc.removeListener('exit', onExit);
          if (buffer.startsWith('* OK')) resolve();
          else reject(new Error(`unexpected IMAP greeting: ${buffer.trim()}`));
        }
      });
    };
    attempt();
  });
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export async function startImapPeer(opts: ImapPeerOptions = {}): Promise<ImapPeer> {
  const binary = findDovecot();
  const user = runAs();
  const users: Record<string, string> = { ...(opts.users ?? DEFAULT_IMAP_USERS) };
  let lastError: unknown;

  // A port picked free may be taken again before Dovecot binds it: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imap-peer-'));
    fs.chmodSync(dir, 0o755);
    for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'users'), passwdFile(users), { mode: 0o640 });
    fs.writeFileSync(path.join(dir, 'dovecot.conf'), config(dir, port, user, !!opts.oauth2));
    if (opts.oauth2) {
      fs.writeFileSync(path.join(dir, 'dovecot-oauth2.conf.ext'), oauth2Config(dir, opts.oauth2));
      fs.writeFileSync(path.join(dir, 'oauth-ca.pem'), opts.oauth2.ca);
    }
    fs.writeFileSync(path.join(dir, 'dovecot.log'), '');
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);

    const started = Date.now();
    // Its own process group, so stop() can signal the master and every child it forked.
    const proc = spawn(binary, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
      cwd: dir,
      uid: user.uid,
      gid: user.gid,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
    });
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const pid = proc.pid!;
    // A crashed test worker must not leave Dovecot running.
    const onProcessExit = () => killGroup(pid, 'SIGKILL');
    process.once('exit', onProcessExit);
    const readLog = () => {
      try {
        return output + fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8');
      } catch {
        return output;
      }
    };
    const cleanUp = async () => {
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      killGroup(pid, 'SIGKILL'); // any child the master did not take down with it
      process.removeListener('exit', onProcessExit);
      fs.rmSync(dir, { recursive: true, force: true });
    };

    try {
      await waitForGreeting(port, proc, started + STARTUP_TIMEOUT_MS);
    } catch (err) {
      const log = readLog();
      await cleanUp();
      lastError = new Error(`imap peer: Dovecot did not start (${(err as Error).message}).\n${log.trim().split('\n').slice(-20).join('\n')}`);
      if (/Address already in use/i.test(log)) continue;
      throw lastError;
    }
    const startupMs = Date.now() - started;

    let stopped: Promise<void> | null = null;
    return {
      host: '127.0.0.1',
      port,
      users,
      dir,
      startupMs,
      async appendMessage(name, raw, appendOpts = {}) {
        const password = users[name];
        if (password === undefined) throw new Error(`imap peer: no user ${name}`);
        const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: name, pass: password }, logger: false });
        await client.connect();
        try {
          const mailbox = appendOpts.mailbox ?? 'INBOX';
          if (mailbox !== 'INBOX') await client.mailboxCreate(mailbox).catch(() => undefined);
          await client.append(mailbox, raw, appendOpts.flags ?? [], appendOpts.date);
        } finally {
          await client.logout().catch(() => client.close());
        }
      },
      addUser(name, password) {
        users[name] = password;
        fs.writeFileSync(path.join(dir, 'users'), passwdFile(users));
      },
      log: readLog,
      stop() {
        stopped ??= cleanUp();
        return stopped;
      },
    };
  }
  throw lastError;
}
