// Sends a test's queued copies (README.md "Sending"): one lane per sender, its copies one after another on
// its own SMTP session (the SMTP port's, as campaign email goes: mail/smtp-sender.ts, through the address
// guard), SEND_LANES senders at once. Each copy is claimed (status `sending`, committed), then marked
// handed to SMTP (committed) before its call, then settled with the answer: a copy handed to the wire is
// never sent again, whatever happens after (a crash leaves it `sending`, settled as sent-but-unknown by the
// next run, settleDeadClaims). Outside the sender's daily cap and gap: nothing of its sending state
// (day count, gap, last send) is read or written.
import type { AppDeps } from '../../runtime/context';
import { mapLimited } from '../../runtime/concurrency';
import type { SmtpSender } from '../../mail/smtp-sender';
import { composeCopy } from './content';
import { claimSenderCopies, failQueuedCopies, handCopy, releaseClaims, sendersWithQueued, settleCopies, type LeasedTest, type SenderLogin, type SmtpAnswer } from './run.queries';

/** Senders sending at once in one test (as the dispatcher's parallel inboxes). */
export const SEND_LANES = 16;
/** Accepted answers of a lane written together (a refusal is written at once). */
const SETTLE_GROUP = 8;

export interface SendReport {
  sent: number;
  failed: number;
}

/** What a refused copy records: the server's answer, with its code when the text lacks it. */
const answer = (r: { code: number | null; detail: string }) => (r.code !== null && !r.detail.startsWith(String(r.code)) ? `${r.code} ${r.detail}` : r.detail);

/** Sends every queued copy of the test, until done or `signal` aborts (what a lane claimed and did not
 *  hand to SMTP then goes back to the queue). */
export async function sendCopies(deps: AppDeps, test: LeasedTest, owner: string, signal: AbortSignal): Promise<SendReport> {
  const report: SendReport = { sent: 0, failed: 0 };
  const senders = await sendersWithQueued(deps.orm.em.fork(), test.id);
  if (!senders.length) return report;
  const sessions = deps.smtp.sessions();
  // Told to stop, the sessions end at once: a copy on its way ends as not taken (and is settled so).
  const close = () => sessions.close();
  signal.addEventListener('abort', close, { once: true });
  try {
    await mapLimited(senders, SEND_LANES, (sender) => (signal.aborted ? Promise.resolve() : sendLane(deps, test, owner, sender, sessions, signal, report)));
  } finally {
    signal.removeEventListener('abort', close);
    sessions.close();
  }
  return report;
}

async function sendLane(deps: AppDeps, test: LeasedTest, owner: string, sender: SenderLogin, sessions: SmtpSender, signal: AbortSignal, report: SendReport) {
  const em = deps.orm.em.fork();
  if (sender.deleted) {
    await failQueuedCopies(em, test.id, sender.id, 'Not sent: the sending inbox was deleted.');
    return;
  }
  const copies = await claimSenderCopies(em, test.id, sender.id, owner);
  const login = { ...sender.smtp, password: deps.secrets.decrypt(sender.smtp.passwordEnc) };
  // Answers are written SETTLE_GROUP at a time: a copy handed and answered but not written yet when the
  // process dies is settled as sent-but-unknown by the next run and still looked for (README.md).
  const answered: SmtpAnswer[] = [];
  const settle = async (answer: SmtpAnswer) => {
    answered.push(answer);
    if (answer.accepted) report.sent++;
    else report.failed++;
    if (answered.length >= SETTLE_GROUP || !answer.accepted) await settleCopies(em, answered.splice(0), owner);
  };
  let refusedSender: string | null = null;
  const unsent: string[] = [];
  try {
    for (const copy of copies) {
      if (signal.aborted) {
        unsent.push(copy.id);
        continue;
      }
      if (refusedSender !== null) {
        // The server refused our login or sender: every other copy would get the same answer.
        await settle({ id: copy.id, accepted: false, detail: refusedSender, at: deps.clock.now() });
        continue;
      }
      const composed = composeCopy(deps, test, sender, copy, deps.clock.now());
      if (!(await handCopy(em, copy.id, owner, deps.clock.now()))) continue; // no longer this run's (taken over)
      const result = await sessions.send(sender.id, login, composed.mail);
      const accepted = result.outcome === 'accepted';
      await settle({ id: copy.id, accepted, detail: accepted ? null : answer(result), at: deps.clock.now() });
      if (result.outcome === 'auth') refusedSender = answer(result);
    }
  } finally {
    await settleCopies(em, answered.splice(0), owner);
  }
  // Claimed and never handed to SMTP (the run was told to stop): queued again for the next run.
  if (unsent.length) await releaseClaims(em, unsent, owner);
}
