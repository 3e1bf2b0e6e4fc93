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
import { testSmtpLogin, type CheckResult, type SmtpLogin } from './connection-test';
import { SMTP_SEND_TIMEOUT_MS, type SmtpResult, type SmtpSender } from './smtp-sender';
import type { ToSmtpThread } from './smtp-worker';
import { WorkerThread } from './worker-thread';

export class SmtpThread {
  private readonly thread = new WorkerThread<SmtpResult>('smtp-worker', 'SMTP');
  private nextSession = 1;

  /** A session number: the thread keeps one pooled SMTP session per inbox under it until close. */
  openSession(): number {
    return this.nextSession++;
  }

  send(session: number, inboxId: string, login: SmtpLogin, message: Mail.Options, timeoutMs: number): Promise<SmtpResult> {
    return this.thread.request((id) => ({ type: 'send', id, session, inboxId, login, message, timeoutMs }) satisfies ToSmtpThread);
  }

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

  constructor(
    private readonly thread: SmtpThread,
    private readonly timeoutMs = SMTP_SEND_TIMEOUT_MS,
  ) {
    this.session = thread.openSession();
  }

  send(inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult> {
    return this.thread.send(this.session, inboxId, login, message, this.timeoutMs);
  }

  close(): void {
    this.thread.closeSession(this.session);
  }
}

/** The real SMTP port (ports.ts SmtpPort): sending sessions on a thread of its own, stopped with the
 *  service; the connection test on the main thread (one short login, no MIME to build). */
export function threadedSmtp(thread = new SmtpThread()) {
  return {
    thread,
    sessions: (): SmtpSender => new ThreadedSmtpSessions(thread),
    testLogin: (login: SmtpLogin): Promise<CheckResult> => testSmtpLogin(login),
    // The service's jobs have drained their sends by now. A message still on the thread (a dispatch call
    // from outside the jobs, as tests make) keeps it until answered; it then unrefs itself.
    close: (): Promise<void> => thread.stopIfIdle(),
  };
}
