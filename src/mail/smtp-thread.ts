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
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type Mail from 'nodemailer/lib/mailer';
import { testSmtpLogin, type CheckResult, type SmtpLogin } from './connection-test';
import { SMTP_SEND_TIMEOUT_MS, type SmtpResult, type SmtpSender } from './smtp-sender';
import type { FromSmtpThread, ToSmtpThread } from './smtp-worker';

interface Pending {
  resolve: (result: SmtpResult) => void;
  reject: (err: Error) => void;
}

function spawn(): Worker {
  const file = path.join(__dirname, `smtp-worker${path.extname(__filename)}`);
  // Run from TypeScript sources (tests, `npm run dev`, benchmarks), the thread compiles its file as the
  // main thread's was; built (`npm start`), it runs the JavaScript.
  if (file.endsWith('.ts')) {
    return new Worker(`require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(file)});`, { eval: true });
  }
  return new Worker(file);
}

export class SmtpThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextSession = 1;

  /** A session number: the thread keeps one pooled SMTP session per inbox under it until close. */
  openSession(): number {
    return this.nextSession++;
  }

  send(session: number, inboxId: string, login: SmtpLogin, message: Mail.Options, timeoutMs: number): Promise<SmtpResult> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<SmtpResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open only while it has work: an idle thread must not keep the process alive.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ type: 'send', id, session, inboxId, login, message, timeoutMs } satisfies ToSmtpThread);
    });
  }

  closeSession(session: number): void {
    this.worker?.postMessage({ type: 'close', session } satisfies ToSmtpThread);
  }

  /** Ends the thread (service shutdown); messages it still held fail. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.fail(worker, new Error('the SMTP thread was stopped'));
    await worker.terminate();
  }

  /**
   * Ends the thread if it holds no message (a service stopping after its jobs drained). A send still on it
   * (a dispatch call made outside the jobs) keeps it until answered: then it unrefs itself once idle.
   */
  async stopIfIdle(): Promise<void> {
    if (this.pending.size === 0) await this.stop();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    worker.on('message', (m: FromSmtpThread) => {
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(m.result);
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`the SMTP thread exited (code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(err);
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
