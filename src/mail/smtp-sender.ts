// Hands one composed message to an inbox's SMTP server and says what happened, in the terms the sending
// engine acts on. The only sending code that speaks SMTP. Transports are pooled per inbox for the life
// of a dispatch tick (one TCP/TLS session carries that inbox's messages), then closed. Each session goes
// to the address the guard checked (mail-host.ts, decisions.md §10), and each message has a deadline.
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { AppError } from '../contracts/errors';
import { smtpTransportOptions, type SmtpLogin } from './connection-test';
import { MailHostNotFound, pinMailHost, type MailHostPolicy } from './mail-host';

/**
 * accepted  the server took the message (2xx after DATA).
 * rejected  a permanent refusal (5xx) of the recipient or the message: a hard bounce.
 * deferred  a temporary refusal (4xx) or no answer (connection refused, dropped, timed out): try later.
 * auth      the server refused our login or our sender, or the address guard refused its host: the
 *           inbox's problem, not the lead's.
 */
export type SmtpOutcome = 'accepted' | 'rejected' | 'deferred' | 'auth';

export interface SmtpResult {
  outcome: SmtpOutcome;
  /** The server's reply code when it gave one. */
  code: number | null;
  /** The server's reply text (or the connection error), one line. */
  detail: string;
  /** For a 5xx at MAIL FROM or a 5.7.x policy answer: the server refused the sender, not the address. */
  senderRefused: boolean;
  /** The server refused the login itself (AUTH): an OAuth inbox's token is refreshed once and the email
   *  tried again (decisions.md §15). */
  loginRefused?: boolean;
}

/** Each wait of a dispatch send (connecting, the greeting, every reply). */
export const SMTP_SEND_TIMEOUT_MS = 60_000;
/** The longest one message may take whatever the server does (one that trickles its replies resets every
 *  socket timeout). Far shorter than the sweep's SENDING_STALE_MINUTES, so a live send is never swept. */
export const SMTP_SEND_DEADLINE_MS = 5 * 60_000;

/** How long a sending session waits: each wait, and one message from start to end. */
export interface SmtpLimits {
  timeoutMs: number;
  deadlineMs: number;
}

export const DISPATCH_LIMITS: SmtpLimits = { timeoutMs: SMTP_SEND_TIMEOUT_MS, deadlineMs: SMTP_SEND_DEADLINE_MS };

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  rejected?: string[];
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 500);

/** Maps a nodemailer failure to what the engine does with it. Pure, unit-tested. */
export function classifySmtpError(err: NodemailerError): SmtpResult {
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const detail = oneLine(err.response || err.message || String(err));
  const command = (err.command ?? '').toUpperCase();
  if (err.code === 'EAUTH' || command.startsWith('AUTH') || code === 535 || code === 534 || code === 530) {
    // nodemailer, refused an XOAUTH2 token, asks its (absent) generator for another and reports that.
    const said = command === 'AUTH XOAUTH2' && !err.response ? 'the server refused the access token (XOAUTH2)' : detail;
    return { outcome: 'auth', code, detail: said, senderRefused: true, loginRefused: true };
  }
  if (code !== null && code >= 500 && code < 600) {
    // A refusal at MAIL FROM is about our sender (its domain, reputation or rights), never the lead's address.
    if (command.startsWith('MAIL')) return { outcome: 'auth', code, detail, senderRefused: true };
    return { outcome: 'rejected', code, detail, senderRefused: /\b5\.7\.\d+/.test(detail) };
  }
  // 4xx replies, and every error without a reply (ECONNECTION, ETIMEDOUT, ESOCKET, EDNS, a dropped
  // connection): the message may be tried again.
  return { outcome: 'deferred', code, detail, senderRefused: false };
}

/** Sends messages over one pooled session per inbox; `close()` ends them all. */
export interface SmtpSender {
  /** Sends one message: nodemailer message options (it builds the MIME and the envelope), or raw MIME
   *  with its envelope. Never rejects with an SMTP failure: those are results. */
  send(inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult>;
  /** Ends the sessions; a message still on its way ends at once as a `deferred` result. */
  close(): void;
}

/** Seconds as people read them: "30", or "0.5" for a wait under one. */
const seconds = (ms: number) => (ms >= 1000 ? String(Math.round(ms / 1000)) : (ms / 1000).toFixed(1));
const at = (login: SmtpLogin) => `${login.host}:${login.port}`;

/** A message nodemailer gave up on for lack of an answer, in words that say so. */
function timedOut(result: SmtpResult, err: NodemailerError, login: SmtpLogin, limits: SmtpLimits): SmtpResult {
  if (err.code !== 'ETIMEDOUT') return result;
  return { ...result, detail: oneLine(`Timed out: no answer from ${at(login)} within ${seconds(limits.timeoutMs)} s (${result.detail})`) };
}

/** The guard refused the host, or it has no address: nothing was tried (mail-host.ts). */
function unreachable(err: unknown, login: SmtpLogin): SmtpResult {
  // A refused host is the inbox's problem, not the lead's: like a refused login, the inbox rests.
  if (err instanceof AppError) return { outcome: 'auth', code: null, detail: oneLine(`Not connected: ${err.message}`), senderRefused: true };
  if (err instanceof MailHostNotFound) return { outcome: 'deferred', code: null, detail: `Could not connect to ${at(login)}: host ${login.host} not found`, senderRefused: false };
  throw err;
}

/** `work`, or a rejection as soon as `signal` aborts (the work itself goes on, unawaited). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

interface Session {
  transport: Transporter;
  /** The credential it logs in with: a new token (an OAuth inbox's) means a new session. */
  secret: string;
}

/** Why a send was cut short: its own deadline, or the sessions being closed. */
const DEADLINE = 'deadline';
const CLOSED = 'closed';
const NOT_SENT_CLOSED = 'Not sent: the sending session was closed (the service is stopping)';

/** One sending session per inbox for a tick; `close()` ends them all. The engine runs these on the SMTP
 *  thread (smtp-thread.ts). Every session goes to the address the guard checked (mail-host.ts). */
export class SmtpSessions implements SmtpSender {
  private readonly sessions = new Map<string, Promise<Session>>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly policy: MailHostPolicy,
    private readonly limits: SmtpLimits = DISPATCH_LIMITS,
  ) {}

  /** The inbox's pooled transport, to the address checked once for this session. A new credential (an
   *  OAuth inbox's token, refreshed) ends the old transport: the next message logs in with it. */
  private async session(inboxId: string, login: SmtpLogin): Promise<Session> {
    const secret = login.accessToken ?? login.password ?? '';
    const pending = this.sessions.get(inboxId);
    const open = pending ? await pending.catch(() => null) : null;
    if (open && open.secret === secret) return open;
    if (open && this.sessions.get(inboxId) === pending) {
      this.sessions.delete(inboxId);
      open.transport.close();
    }
    let s = this.sessions.get(inboxId);
    if (!s) {
      s = pinMailHost(login.host, this.policy, this.limits.timeoutMs).then((pinned) => ({
        transport: nodemailer.createTransport({ ...smtpTransportOptions(login, pinned, this.limits.timeoutMs), pool: true, maxConnections: 1, maxMessages: 100 }),
        secret,
      }));
      // A refused or unknown host is not remembered: the next message asks again.
      s.catch(() => this.sessions.delete(inboxId));
      this.sessions.set(inboxId, s);
    }
    return s;
  }

  /** Sends one message: nodemailer message options (it builds the MIME and the envelope), or raw MIME
   *  with its envelope. Never throws. */
  async send(inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult> {
    if (this.closed) return { outcome: 'deferred', code: null, detail: NOT_SENT_CLOSED, senderRefused: false };
    // One deadline for the whole message, the host's look-up included: nodemailer's own timeouts only
    // notice a silent server.
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(DEADLINE), this.limits.deadlineMs);
    let session: Session | null = null;
    try {
      try {
        session = await abortable(this.session(inboxId, login), controller.signal);
      } catch (err) {
        if (controller.signal.aborted) return this.cutShort(controller.signal, login);
        return unreachable(err, login);
      }
      const info = await session.transport.sendMail({ ...message, signal: controller.signal } as Mail.Options);
      const envelope = (info.envelope ?? message.envelope) as { to?: string[] } | undefined;
      const firstRecipient = envelope?.to?.[0]?.toLowerCase();
      const rejected = ((info.rejected ?? []) as (string | { address: string })[]).map((r) => (typeof r === 'string' ? r : r.address).toLowerCase());
      // cc/bcc refused while the lead was accepted still counts as delivered to the lead.
      if (firstRecipient && rejected.includes(firstRecipient)) {
        const resp = info.rejectedErrors?.[0] as NodemailerError | undefined;
        return resp ? classifySmtpError(resp) : { outcome: 'rejected', code: null, detail: 'recipient refused', senderRefused: false };
      }
      return { outcome: 'accepted', code: Number(String(info.response ?? '250').slice(0, 3)) || 250, detail: oneLine(String(info.response ?? '')), senderRefused: false };
    } catch (err) {
      const result = controller.signal.aborted
        ? this.cutShort(controller.signal, login)
        : timedOut(classifySmtpError(err as NodemailerError), err as NodemailerError, login, this.limits);
      // A broken session must not carry the next message: start a fresh one.
      if (result.outcome !== 'rejected' && session) this.drop(inboxId, session);
      return result;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }

  /** A send ended by its deadline or by close(). */
  private cutShort(signal: AbortSignal, login: SmtpLogin): SmtpResult {
    const detail = signal.reason === DEADLINE ? `Timed out: ${at(login)} did not take the message within ${seconds(this.limits.deadlineMs)} s` : NOT_SENT_CLOSED;
    return { outcome: 'deferred', code: null, detail, senderRefused: false };
  }

  /** Closes the inbox's session if it is still `session` (a newer one, started after a failure, stays). */
  private drop(inboxId: string, session: Session): void {
    void this.sessions.get(inboxId)?.then(
      (current) => {
        if (current !== session) return;
        this.sessions.delete(inboxId);
        current.transport.close();
      },
      () => undefined,
    );
  }

  close(): void {
    this.closed = true;
    for (const controller of this.inFlight) controller.abort(CLOSED);
    for (const s of this.sessions.values())
      void s.then(
        (session) => session.transport.close(),
        () => undefined,
      );
    this.sessions.clear();
  }
}
