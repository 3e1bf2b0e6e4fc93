// The SMTP thread's side (see smtp-thread.ts): runs SmtpSessions for the sending engine, one set of
// pooled sessions per dispatch call, and answers each message with its SmtpResult. Building the MIME and
// speaking SMTP is most of the CPU a send costs; here it runs beside the main thread, which keeps the
// claims, checks, composing and records (and the API's requests) to itself.
import { parentPort } from 'node:worker_threads';
import type Mail from 'nodemailer/lib/mailer';
import type { SmtpLogin } from './connection-test';
import { SmtpSessions, type SmtpLimits, type SmtpResult } from './smtp-sender';
import type { WorkerAnswer } from './worker-thread';

/** A session's settings travel with each message: the thread keeps nothing but the sessions. Only
 *  `allowPrivate` of the address guard's policy crosses (a resolver function cannot): the thread
 *  resolves with the system resolver. */
export interface SmtpSessionSettings {
  allowPrivate: boolean;
  limits: SmtpLimits;
}

export type ToSmtpThread =
  { type: 'send'; id: number; session: number; inboxId: string; login: SmtpLogin; message: Mail.Options; settings: SmtpSessionSettings } | { type: 'close'; session: number };

/** The thread's answer to one request (worker-thread.ts). */
export type FromSmtpThread = WorkerAnswer<SmtpResult>;

const sessions = new Map<number, SmtpSessions>();

function sessionsOf(session: number, settings: SmtpSessionSettings): SmtpSessions {
  let s = sessions.get(session);
  if (!s) sessions.set(session, (s = new SmtpSessions({ allowPrivate: settings.allowPrivate }, settings.limits)));
  return s;
}

parentPort?.on('message', (m: ToSmtpThread) => {
  if (m.type === 'close') {
    sessions.get(m.session)?.close();
    sessions.delete(m.session);
    return;
  }
  // SmtpSessions.send never throws: every answer, or the lack of one, is a result. Closing a session
  // ends the messages it still has on their way, as results.
  void sessionsOf(m.session, m.settings)
    .send(m.inboxId, m.login, m.message)
    .then((result) => parentPort!.postMessage({ id: m.id, result } satisfies FromSmtpThread));
});
