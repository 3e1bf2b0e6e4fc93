// The sending engine's SMTP runs on a thread of its own (smtp-worker.ts). nodemailer building each MIME
// message and driving its SMTP sessions is most of the CPU a send costs; on the main thread it competed
// with everything else the process does (claims, checks, composing, records, and the API's requests when
// jobs run in the same process). The main thread composes each message and hands its options over; the
// thread answers with the SmtpResult.
//
// One thread per service, owned by its SMTP port (threadedSmtp below, built by buildPorts), started at the
// first send and kept until the service stops (an idle one holds nothing open and does not keep the
// process alive). If it dies, every message it held is failed with an error, which the engine
// treats like any unexpected failure mid-send: the row stays in `sending` and is never sent again, since
// whether it went out is unknown. The next send starts a new thread.
import type Mail from 'nodemailer/lib/mailer';
import { CONNECTION_TEST_TIMEOUT_MS, testSmtpLogin, type CheckResult, type SmtpLogin } from './connection-test';
import type { MailHostPolicy } from './mail-host';
import { DISPATCH_LIMITS, type SmtpLimits, type SmtpResult, type SmtpSender } from './smtp-sender';
import type { SmtpSessionSettings, ToSmtpThread } from './smtp-worker';
import { WorkerThread } from './worker-thread';

export class SmtpThread {
  private readonly thread = new WorkerThread<SmtpResult>('smtp-worker', 'SMTP');
  private nextSession = 1;

  /** A session number: the thread keeps one pooled SMTP session per inbox under it until close. */
  openSession(): number {
    return this.nextSession++;
  }

  send(session: number, inboxId: string, login: SmtpLogin, message: Mail.Options, settings: SmtpSessionSettings): Promise<SmtpResult> {
    return this.thread.request((id) => ({ type: 'send', id, session, inboxId, login, message, settings }) satisfies ToSmtpThread);
  }

  /** Ends the session's SMTP sessions; a message still on its way is answered at once (not sent). */
  closeSession(session: number): void {
    this.thread.notify({ type: 'close', session } satisfies ToSmtpThread);
  }

  /** Ends the thread (service shutdown); messages it still held fail. */
  stop(): Promise<void> {
    return this.thread.stop();
  }

  /**
   * Ends the thread if it holds no message (a service stopping after its jobs drained). A send still on it
   * (a dispatch call made outside the jobs) keeps it until answered: then it unrefs itself once idle.
   */
  async stopIfIdle(): Promise<void> {
    if (this.thread.waiting === 0) await this.thread.stop();
  }
}

/** SmtpSessions on the SMTP thread: the same pooled session per inbox, until close(). */
export class ThreadedSmtpSessions implements SmtpSender {
  private readonly session: number;
  private closed = false;

  constructor(
    private readonly thread: SmtpThread,
    private readonly settings: SmtpSessionSettings,
    private readonly onClose: () => void = () => undefined,
  ) {
    this.session = thread.openSession();
  }

  send(inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult> {
    // Closed (the port's close() may end a request's session before it sends): nothing goes.
    if (this.closed)
      return Promise.resolve({ outcome: 'deferred', code: null, detail: 'Not sent: the sending session was closed (the service is stopping)', senderRefused: false });
    return this.thread.send(this.session, inboxId, login, message, this.settings);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.thread.closeSession(this.session);
    this.onClose();
  }
}

/** How a caller's sending session waits (SmtpPort.sessions). */
export interface SmtpSessionOptions {
  /** Each wait (connecting, the greeting, every reply); SMTP_SEND_TIMEOUT_MS unless given. */
  timeoutMs?: number;
  /** One message from start to end; SMTP_SEND_DEADLINE_MS unless given. */
  deadlineMs?: number;
  /** The port's close() ends this session's sends at once (a request's send, which nothing else drains;
   *  the dispatcher's sessions are drained by the jobs instead). */
  endOnClose?: boolean;
}

export interface SmtpPortOptions {
  /** The address guard (mail-host.ts): ALLOW_PRIVATE_FETCH. */
  policy: MailHostPolicy;
  /** Upper bounds on every session's waits, whatever a caller asks (tests shorten them). */
  maxLimits?: Partial<SmtpLimits>;
}

/** The real SMTP port (ports.ts SmtpPort): sending sessions on a thread of its own, stopped with the
 *  service; the connection test on the main thread (one short login, no MIME to build). */
export function threadedSmtp(opts: SmtpPortOptions, thread = new SmtpThread()) {
  const open = new Set<ThreadedSmtpSessions>();
  const stopping = new AbortController();
  const bound = (ms: number, max: number | undefined) => Math.min(ms, max ?? ms);
  return {
    thread,
    sessions: (o: SmtpSessionOptions = {}): SmtpSender => {
      const limits: SmtpLimits = {
        timeoutMs: bound(o.timeoutMs ?? DISPATCH_LIMITS.timeoutMs, opts.maxLimits?.timeoutMs),
        deadlineMs: bound(o.deadlineMs ?? DISPATCH_LIMITS.deadlineMs, opts.maxLimits?.deadlineMs),
      };
      const s: ThreadedSmtpSessions = new ThreadedSmtpSessions(thread, { allowPrivate: opts.policy.allowPrivate, limits }, () => open.delete(s));
      if (o.endOnClose) open.add(s);
      return s;
    },
    testLogin: (login: SmtpLogin): Promise<CheckResult> => testSmtpLogin(login, opts.policy, bound(CONNECTION_TEST_TIMEOUT_MS, opts.maxLimits?.timeoutMs), stopping.signal),
    // Requests' sends and tests end at once, as the stop begins (service.ts), while the jobs' sends get
    // their grace.
    endRequestWork: (): void => {
      stopping.abort();
      for (const s of [...open]) s.close();
    },
    // The service's jobs have drained their sends by now. A message still on the thread (a dispatch call
    // from outside the jobs, as tests make) keeps it until answered; it then unrefs itself.
    close: async (): Promise<void> => {
      stopping.abort();
      for (const s of [...open]) s.close();
      await thread.stopIfIdle();
    },
  };
}
