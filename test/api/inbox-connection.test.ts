// POST /mailboxes/:id/test (decisions.md §5; api.md "Inbox status"): real logins against smtp-server
// and a private Dovecot on loopback, through REST and GraphQL.
import net from 'node:net';
import { CONNECTION_TEST_MAX_RESPONSE_BYTES, isLoopbackAddress, imapClientOptions, smtpTransportOptions, testImapLogin, testSmtpLogin } from '../../src/mail/connection-test';
import { Inbox } from '../../src/modules/inboxes/inbox.entity';
import { Client, expectError, signUp, type Account } from '../support/client';
import { createInbox, type InboxOverrides } from '../support/factories/inbox.factory';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

const PASSWORD = 'Tr1cky-inbox-Pa55word';
/** The address guard as ALLOW_PRIVATE_FETCH=true sets it: the test peers are on loopback. */
const OPEN = { allowPrivate: true };
const OTHER = 'not-the-inbox-password';

let service: Awaited<ReturnType<typeof startTestService>>;
let smtp: SmtpPeer;
let imap: ImapPeer;
let owner: Account;
let closedPort: number;
const logLines: string[] = [];

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

beforeAll(async () => {
  // `both` logs in everywhere; `smtp-bad` / `imap-bad` have another password on one of the servers.
  // One after the other, so afterAll can stop whatever started when a later one fails (Dovecot missing
  // fails this whole file, loudly).
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  smtp = await startSmtpPeer({ users: { both: PASSWORD, 'smtp-bad': OTHER, 'imap-bad': PASSWORD } });
  imap = await startImapPeer({ users: { both: PASSWORD, 'smtp-bad': PASSWORD, 'imap-bad': OTHER } });
  owner = await signUp(service.url);
  closedPort = await freePort();
  // Everything the service logs during this file, to prove the password never reaches the logs.
  for (const level of ['info', 'warn', 'error'] as const) {
    const original = service.deps.log[level];
    jest.spyOn(service.deps.log, level).mockImplementation((msg: string, fields?: Record<string, unknown>) => {
      logLines.push(JSON.stringify({ msg, fields }));
      original(msg, fields);
    });
  }
});
afterAll(async () => {
  jest.restoreAllMocks();
  await Promise.all([service?.stop(), smtp?.stop(), imap?.stop()]);
});

function inbox(overrides: InboxOverrides = {}, account: Account = owner) {
  return createInbox(service, account.workspaceId, {
    smtpHost: '127.0.0.1',
    smtpPort: smtp.port,
    smtpSecure: false,
    imapHost: '127.0.0.1',
    imapPort: imap.port,
    username: 'both',
    password: PASSWORD,
    ...overrides,
  });
}

async function stored(id: string): Promise<Inbox> {
  const em = service.deps.orm.em.fork();
  return em.findOneOrFail(Inbox, { id }, { filters: false, populate: ['passwordEnc'] });
}

describe('POST /mailboxes/:id/test', () => {
  it('logs in to SMTP and IMAP and reports both', async () => {
    const box = await inbox();
    const before = smtp.logins.length;
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      smtp: { ok: true, detail: `Logged in to 127.0.0.1:${smtp.port} (no TLS, local server)` },
      imap: { ok: true, detail: `Logged in to 127.0.0.1:${imap.port} (no TLS, local server)` },
      status: 'active',
    });
    expect(smtp.logins.slice(before)).toEqual([{ username: 'both', ok: true }]);
  });

  it('reports a refused SMTP login with the server answer while IMAP passes, and records lastError', async () => {
    const box = await inbox({ username: 'smtp-bad' });
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body.smtp).toEqual({ ok: false, detail: `127.0.0.1:${smtp.port} refused the login: 535 Authentication failed` });
    expect(res.body.imap.ok).toBe(true);
    expect(res.body.status).toBe('active');
    const row = await stored(box.id);
    expect(row.lastError).toBe(`SMTP: 127.0.0.1:${smtp.port} refused the login: 535 Authentication failed`);
    const listed = (await owner.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === box.id);
    expect(listed.lastError).toBe(row.lastError);
  });

  it('reports a refused IMAP login while SMTP passes', async () => {
    const box = await inbox({ username: 'imap-bad' });
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.body.smtp.ok).toBe(true);
    expect(res.body.imap).toEqual({ ok: false, detail: expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:${imap.port} refused the login: .*Authentication failed`)) });
    expect((await stored(box.id)).lastError).toMatch(/^IMAP: .*refused the login/);
  });

  it('answers quickly with a connection detail when nothing listens', async () => {
    const box = await inbox({ smtpPort: closedPort, imapPort: closedPort });
    const started = Date.now();
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(res.body.smtp).toEqual({ ok: false, detail: `Could not connect to 127.0.0.1:${closedPort}: connection refused (nothing listening on that port)` });
    expect(res.body.imap).toEqual({ ok: false, detail: `Could not connect to 127.0.0.1:${closedPort}: connection refused (nothing listening on that port)` });
    expect((await stored(box.id)).lastError).toBe(`SMTP: ${res.body.smtp.detail}; IMAP: ${res.body.imap.detail}`);
  });

  it('moves a bounce-stopped inbox back to active on a pass and clears lastError', async () => {
    const box = await inbox({ status: 'bounce_stopped', lastError: 'Hard-bounce rate over 5%' });
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.body.status).toBe('active');
    const row = await stored(box.id);
    expect({ status: row.status, lastError: row.lastError }).toEqual({ status: 'active', lastError: null });
  });

  it('keeps a bounce-stopped inbox stopped when the test fails', async () => {
    const box = await inbox({ status: 'bounce_stopped', username: 'imap-bad' });
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.body.status).toBe('bounce_stopped');
    expect((await stored(box.id)).status).toBe('bounce_stopped');
  });

  it('leaves a paused inbox paused on a pass', async () => {
    const box = await inbox({ status: 'paused', lastError: 'old error' });
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.body).toMatchObject({ smtp: { ok: true }, imap: { ok: true }, status: 'paused' });
    const row = await stored(box.id);
    expect({ status: row.status, lastError: row.lastError }).toEqual({ status: 'paused', lastError: null });
  });

  it('never shows the password: not in the response, the stored row or the logs, even when a server echoes it', async () => {
    smtp.behaviour = { auth: (_user, password) => ({ code: 535, message: `Authentication failed for password ${password}` }) };
    try {
      const box = await inbox({ username: 'imap-bad' });
      const res = await owner.client.post(`/mailboxes/${box.id}/test`);
      expect(res.body.smtp.ok).toBe(false);
      expect(res.body.smtp.detail).toContain('Authentication failed for password ***');
      const em = service.deps.orm.em.fork();
      const [row] = await em.getConnection().execute<{ row: string }[]>('select row_to_json(i)::text as row from inbox i where id = ?', [box.id]);
      const base64 = Buffer.from(PASSWORD).toString('base64');
      for (const text of [res.text, row.row, logLines.join('\n')]) {
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain(base64);
      }
      expect(logLines.some((l) => l.includes(box.id))).toBe(true);
    } finally {
      smtp.behaviour = {};
    }
  });

  it('reports a password that cannot be decrypted instead of failing', async () => {
    const box = await inbox();
    await service.deps.orm.em.fork().nativeUpdate(Inbox, { id: box.id }, { passwordEnc: 'v1.garbage.garbage.garbage' }, { filters: false });
    const res = await owner.client.post(`/mailboxes/${box.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body.smtp).toEqual({ ok: false, detail: expect.stringMatching(/cannot be decrypted.*save the password again/) });
    expect(res.body.imap.ok).toBe(false);
  });

  it("answers 404 for another workspace's inbox, a deleted inbox and a malformed id", async () => {
    const stranger = await signUp(service.url);
    const theirs = await inbox({}, stranger);
    expectError(await owner.client.post(`/mailboxes/${theirs.id}/test`), 404, 'not_found');
    const gql = await owner.client.gql(ops.TestMailboxDocument, { id: theirs.id });
    expect(gql.errors?.[0].extensions?.code).toBe('not_found');
    const deleted = await inbox({ deletedAt: new Date() });
    expectError(await owner.client.post(`/mailboxes/${deleted.id}/test`), 404, 'not_found');
    expectError(await owner.client.post('/mailboxes/not-a-uuid/test'), 404, 'not_found');
    // The other workspace's inbox was not touched.
    expect((await stored(theirs.id)).lastError).toBeNull();
  });

  it('needs credentials', async () => {
    const box = await inbox();
    expectError(await new Client(service.url).post(`/mailboxes/${box.id}/test`), 401, 'unauthorized');
  });
});

describe('GraphQL testMailbox', () => {
  it('runs the same test and lifts a bounce stop', async () => {
    const box = await inbox({ status: 'bounce_stopped' });
    const res = await owner.client.gql(ops.TestMailboxDocument, { id: box.id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.testMailbox).toEqual({
      smtp: { ok: true, detail: expect.stringContaining('Logged in to 127.0.0.1') },
      imap: { ok: true, detail: expect.stringContaining('Logged in to 127.0.0.1') },
      status: 'active',
    });
  });

  it('reports a failure', async () => {
    const box = await inbox({ username: 'smtp-bad' });
    const res = await owner.client.gql(ops.TestMailboxDocument, { id: box.id });
    expect(res.data!.testMailbox.smtp).toEqual({ ok: false, detail: expect.stringContaining('535') });
  });
});

describe('login helpers', () => {
  it('give up on a server that never answers within the time limit', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const [s, i] = await Promise.all([
        testSmtpLogin({ host: '127.0.0.1', port, secure: false, username: 'u', password: 'p' }, OPEN, 800),
        testImapLogin({ host: '127.0.0.1', port, username: 'u', password: 'p' }, OPEN, 800),
      ]);
      // Without the limit nodemailer and imapflow would wait for minutes; 6 s leaves a loaded machine room.
      expect(Date.now() - started).toBeLessThan(6000);
      expect(s).toEqual({ ok: false, detail: `No answer from 127.0.0.1:${port} within 1 s` });
      expect(i).toEqual({ ok: false, detail: `No answer from 127.0.0.1:${port} within 1 s` });
    } finally {
      silent.close();
    }
  });

  it('refuse an IMAP server whose greeting holds a literal over the bound, without reading it', async () => {
    // A hostile server's greeting announces a 40 MiB literal and starts sending it: imapflow's own
    // bound would have been 1 GiB, all of it held in memory.
    const huge = 40 * 1024 * 1024;
    let sent = 0;
    const hostile = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write(`* OK {${huge}}\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (sent < huge && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
    const port = (hostile.address() as net.AddressInfo).port;
    try {
      const r = await testImapLogin({ host: '127.0.0.1', port, username: 'u', password: 'p' }, OPEN, 5_000);
      expect(r).toEqual({
        ok: false,
        detail: `IMAP login to 127.0.0.1:${port} failed: Literal size ${huge} exceeds maximum allowed size of ${CONNECTION_TEST_MAX_RESPONSE_BYTES} bytes`,
      });
      // The connection was closed at the literal's size: most of it was never even sent.
      expect(sent).toBeLessThan(huge / 2);
    } finally {
      hostile.close();
    }
  });

  it('report a server that drops the connection', async () => {
    smtp.behaviour = { drop: 'auth' };
    try {
      const r = await testSmtpLogin({ host: '127.0.0.1', port: smtp.port, secure: false, username: 'both', password: PASSWORD }, OPEN, 2000);
      expect(r).toEqual({ ok: false, detail: `127.0.0.1:${smtp.port} closed the connection before the login finished` });
    } finally {
      smtp.behaviour = {};
    }
  });

  it('explain implicit TLS against a plain-text port', async () => {
    const r = await testSmtpLogin({ host: '127.0.0.1', port: smtp.port, secure: true, username: 'both', password: PASSWORD }, OPEN, 2000);
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(/does not speak TLS from the start on this port/);
  });
});

describe('transport security rules', () => {
  it('treats only this machine as loopback, judged on the address connected to', () => {
    expect(['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '192.168.1.1', '93.184.215.14', '128.0.0.1', 'localhost'].map(isLoopbackAddress)).toEqual([false, false, false, false, false]);
  });

  it('requires STARTTLS on port 587 of a remote server and uses implicit TLS when smtpSecure is set; connects to the checked address, TLS checking the name', () => {
    const login = { host: 'smtp.example.com', port: 587, secure: false, username: 'u', password: 'p' };
    const remote = { host: 'smtp.example.com', address: '93.184.215.14' };
    expect(smtpTransportOptions(login, remote)).toMatchObject({
      host: '93.184.215.14',
      secure: false,
      requireTLS: true,
      servername: 'smtp.example.com',
      tls: { servername: 'smtp.example.com' },
    });
    expect(smtpTransportOptions({ ...login, port: 465, secure: true }, remote)).toMatchObject({ secure: true, requireTLS: false });
    expect(smtpTransportOptions({ ...login, host: 'localhost' }, { host: 'localhost', address: '127.0.0.1' })).toMatchObject({ secure: false, requireTLS: false });
    // A name that only says "local" but points elsewhere gets no plain-text pass.
    expect(smtpTransportOptions({ ...login, host: 'localhost' }, { host: 'localhost', address: '93.184.215.14' })).toMatchObject({ requireTLS: true });
  });

  it('uses implicit TLS on IMAP port 993 and requires STARTTLS on other ports of a remote server; connects to the checked address', () => {
    const login = { host: 'imap.example.com', port: 993, username: 'u', password: 'p' };
    const remote = { host: 'imap.example.com', address: '93.184.215.14' };
    expect(imapClientOptions(login, remote)).toMatchObject({ host: '93.184.215.14', servername: 'imap.example.com', secure: true, doSTARTTLS: undefined });
    expect(imapClientOptions({ ...login, port: 143 }, remote)).toMatchObject({ secure: false, doSTARTTLS: true });
    expect(imapClientOptions({ ...login, host: '127.0.0.1', port: 143 }, { host: '127.0.0.1', address: '127.0.0.1' })).toMatchObject({
      servername: undefined,
      secure: false,
      doSTARTTLS: undefined,
    });
  });
});
