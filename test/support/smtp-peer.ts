// A real SMTP server (smtp-server) on 127.0.0.1 for tests: checks AUTH PLAIN/LOGIN against the given
// users (and, with `xoauth2`, AUTH XOAUTH2 against an OAuth provider: decisions.md §15; with `users: {}`
// it accepts XOAUTH2 alone), records every accepted message (envelope + raw), and can misbehave on purpose (reject at RCPT or
// DATA with any code, close with 421, drop the connection, answer slowly, or never answer). Plain text only (no
// STARTTLS offered): the client code allows that on loopback alone (src/mail/connection-test.ts).
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

export interface SmtpReplySpec {
  code: number;
  message?: string;
}

export type SmtpStage = 'connect' | 'auth' | 'mail' | 'rcpt' | 'data';

export interface SmtpEnvelope {
  mailFrom: string;
  rcptTo: string[];
}

export interface SmtpPeerBehaviour {
  /** Answer AUTH with this reply whatever the credentials (e.g. 454 temporary failure), when it returns one. */
  auth?: (username: string, password: string) => SmtpReplySpec | undefined;
  /** Answer MAIL FROM with this reply for the senders the function picks (a sender refused: 550 5.7.1). */
  mailFrom?: (address: string) => SmtpReplySpec | undefined;
  /** Hands each accepted message on before the 250 is answered (a seed's mailbox: seed-delivery.ts), so a
   *  message the client saw accepted is already where it was delivered. A failure answers 451. */
  deliver?: (message: ReceivedMessage) => Promise<void>;
  /** Answer RCPT TO with this reply: for every recipient, or for those the function picks. */
  rcpt?: SmtpReplySpec | ((address: string) => SmtpReplySpec | undefined);
  /** Answer the end of DATA with this reply instead of 250 (the message is then not recorded). */
  data?: SmtpReplySpec | ((envelope: SmtpEnvelope, raw: string) => SmtpReplySpec | undefined);
  /** Close the TCP connection without answering when the client reaches this stage (or, given a
   *  function, at each stage for which it returns true: some connections only, as a flaky server does). */
  drop?: SmtpStage | ((stage: SmtpStage) => boolean);
  /** Never answer once the client reaches this stage, keeping the connection open (`connect`: a server
   *  that accepts the connection and never sends its greeting). */
  hang?: SmtpStage;
  /** Wait this long before answering at every stage (timeout tests). */
  delayMs?: number;
}

export interface ReceivedMessage {
  envelope: SmtpEnvelope;
  /** The message as received (headers + body, CRLF line ends). */
  raw: string;
  /** The AUTH username the message was sent under. */
  user: string | undefined;
  receivedAt: Date;
}

export interface SmtpPeerOptions {
  /** username → password. Default: one user `sender@example.com` / `smtp-secret`. `{}` with `xoauth2`: no
   *  password login at all. */
  users?: Record<string, string>;
  /** Offer AUTH XOAUTH2 and check each token with the provider that issued it (its introspection): the
   *  token must be active and issued for the address logging in. */
  xoauth2?: (accessToken: string) => { active: boolean; email?: string };
  behaviour?: SmtpPeerBehaviour;
}

export interface SmtpPeer {
  host: string;
  port: number;
  users: Record<string, string>;
  /** Replace to change how the next commands are answered. */
  behaviour: SmtpPeerBehaviour;
  messages: ReceivedMessage[];
  /** Every AUTH attempt, in order (passwords and tokens are not kept); an XOAUTH2 one says so in `method`. */
  logins: { username: string; ok: boolean; method?: 'XOAUTH2' }[];
  /** TCP connections accepted so far. */
  connections: number;
  /** Connections open now. */
  readonly openConnections: number;
  /** Resolves once at least `count` messages were accepted, or rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  stop(): Promise<void>;
}

export const DEFAULT_SMTP_USERS = { 'sender@example.com': 'smtp-secret' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function replyError(spec: SmtpReplySpec): Error & { responseCode: number } {
  const fallback = spec.code >= 500 ? 'Requested action not taken' : 'Try again later';
  return Object.assign(new Error(spec.message ?? fallback), { responseCode: spec.code });
}

export async function startSmtpPeer(opts: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const users = opts.users ?? { ...DEFAULT_SMTP_USERS };
  const messages: ReceivedMessage[] = [];
  const logins: SmtpPeer['logins'] = [];
  const passwordLogins = Object.keys(users).length > 0 || !opts.xoauth2;
  const waiters = new Set<() => void>();
  const sockets = new Map<number, Socket>();

  const peer: SmtpPeer = {
    host: '127.0.0.1',
    port: 0,
    users,
    behaviour: opts.behaviour ?? {},
    messages,
    logins,
    connections: 0,
    get openConnections() {
      return sockets.size;
    },
    waitForMessages(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`smtp peer: expected ${count} messages within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: async () => undefined,
  };

  /** Applies delay, drop and hang for a stage; false when the connection was dropped (a hung stage never
   *  settles: the connection stays open, unanswered, until the client or stop() closes it). */
  async function stage(name: SmtpStage, session: SMTPServerSession): Promise<boolean> {
    if (peer.behaviour.hang === name) return new Promise<boolean>(() => undefined);
    if (peer.behaviour.delayMs) await sleep(peer.behaviour.delayMs);
    const drop = peer.behaviour.drop;
    if (typeof drop === 'function' ? !drop(name) : drop !== name) return true;
    sockets.get(session.remotePort)?.destroy();
    return false;
  }

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: [...(passwordLogins ? ['PLAIN', 'LOGIN'] : []), ...(opts.xoauth2 ? ['XOAUTH2'] : [])],
    authOptional: false,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 500,
    size: 30 * 1024 * 1024,
    onConnect(session, callback) {
      void stage('connect', session).then((go) => go && callback());
    },
    onAuth(auth, session, callback) {
      void stage('auth', session).then((go) => {
        if (!go) return;
        const username = auth.username ?? '';
        const forced = peer.behaviour.auth?.(username, auth.password ?? auth.accessToken ?? '');
        if (auth.method === 'XOAUTH2') {
          const seen = opts.xoauth2?.(auth.accessToken ?? '');
          const ok = !forced && !!seen?.active && seen.email === username.toLowerCase();
          logins.push({ username, ok, method: 'XOAUTH2' });
          if (forced) return callback(replyError(forced));
          // A refused token gets the JSON challenge Gmail answers (RFC 7628), then 535.
          return ok ? callback(null, { user: username }) : callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
        }
        const ok = !forced && Object.prototype.hasOwnProperty.call(users, username) && users[username] === auth.password;
        logins.push({ username, ok });
        if (forced) callback(replyError(forced));
        else if (ok) callback(null, { user: username });
        else callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      });
    },
    onMailFrom(address, session, callback) {
      void stage('mail', session).then((go) => {
        if (!go) return;
        const spec = peer.behaviour.mailFrom?.(address.address);
        callback(spec ? replyError(spec) : undefined);
      });
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      void stage('rcpt', session).then((go) => {
        if (!go) return;
        const rule = peer.behaviour.rcpt;
        const spec = typeof rule === 'function' ? rule(address.address) : rule;
        callback(spec ? replyError(spec) : undefined);
      });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void stage('data', session).then((go) => {
          if (!go) return;
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope: SmtpEnvelope = {
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          };
          const rule = peer.behaviour.data;
          const spec = typeof rule === 'function' ? rule(envelope, raw) : rule;
          if (spec) return callback(replyError(spec));
          const message: ReceivedMessage = { envelope, raw, user: typeof session.user === 'string' ? session.user : undefined, receivedAt: new Date() };
          const delivered = peer.behaviour.deliver ? peer.behaviour.deliver(message) : Promise.resolve();
          delivered.then(
            () => {
              messages.push(message);
              for (const w of [...waiters]) w();
              callback();
            },
            (err: Error) => callback(replyError({ code: 451, message: `delivery failed: ${err.message}` })),
          );
        });
      });
    },
  });
  // Kept so `drop` can cut a client off mid-conversation.
  server.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort ?? 0;
    peer.connections++;
    sockets.set(port, socket);
    socket.once('close', () => sockets.delete(port));
  });
  server.on('error', () => undefined); // dropped and reset connections are expected here

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  peer.port = (server.server.address() as AddressInfo).port;

  let stopped: Promise<void> | null = null;
  peer.stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets.values()) socket.destroy();
    });
    return stopped;
  };
  return peer;
}
