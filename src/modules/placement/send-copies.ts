// Sends a test's queued copies (README.md "Sending"): one lane per sender, its copies one after another on
// its own SMTP session (the SMTP port's, as campaign email goes: mail/smtp-sender.ts, through the address
// guard), SEND_LANES senders at once. Each copy is claimed (status `sending`, committed), then marked
// handed to SMTP (committed) before its call, then settled with the answer: a copy handed to the wire is
// never sent again, whatever happens after (a crash leaves it `sending`, settled as sent-but-unknown by the
// next run, settleDeadClaims). Outside the sender's daily cap and gap: nothing of its sending state
// (day count, gap, last send) is read or written. A sender logs in as on every mail path (decisions.md
// §15, oauth/mail-login.ts): its password or its OAuth token; one whose login cannot be had, or whose
// lane fails, fails its own copies and no other sender's.
import type { AppDeps } from '../../runtime/context';
import { mapLimited } from '../../runtime/concurrency';
import type Mail from 'nodemailer/lib/mailer';
import type { SmtpLogin } from '../../mail/connection-test';
import type { SmtpResult, SmtpSender } from '../../mail/smtp-sender';
import { LoginCache, loginWith, mailSecret } from '../oauth/mail-login';
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

/** What the copies of a sender deleted and added back as a seed during the test record (§16). */
export const SENDER_NOW_SEED_DETAIL = 'Not sent: the sending inbox was added back as a seed, and seeds never send.';
/** What the copies of a sender whose lane failed unexpectedly record. */
export const LANE_FAILED_DETAIL = 'Not sent: an unexpected error stopped this sender (the service log says which).';

/** What a refused copy records: the server's answer, with its code when the text lacks it. */
const answer = (r: { code: number | null; detail: string }) => (r.code !== null && !r.detail.startsWith(String(r.code)) ? `${r.code} ${r.detail}` : r.detail);

/** What the lanes of one sendCopies call share. */
interface Lanes {
  owner: string;
  sessions: SmtpSender;
  logins: LoginCache;
  signal: AbortSignal;
  report: SendReport;
}

/** Sends every queued copy of the test, until done or `signal` aborts (what a lane claimed and did not
 *  hand to SMTP then goes back to the queue). */
export async function sendCopies(deps: AppDeps, test: LeasedTest, owner: string, signal: AbortSignal, logins = new LoginCache()): Promise<SendReport> {
  const report: SendReport = { sent: 0, failed: 0 };
  const senders = await sendersWithQueued(deps.orm.em.fork(), test.id);
  if (!senders.length) return report;
  const sessions = deps.smtp.sessions();
  // Told to stop, the sessions end at once: a copy on its way ends as not taken (and is settled so).
  const close = () => sessions.close();
  signal.addEventListener('abort', close, { once: true });
  const lanes: Lanes = { owner, sessions, logins, signal, report };
  try {
    await mapLimited(senders, SEND_LANES, async (sender) => {
      if (signal.aborted) return;
      // One sender's failure is its own: the other lanes go on, on sessions still open (its copies not
      // handed to SMTP have failed in sendLane; one handed is settled when the test ends).
      await sendLane(deps, test, sender, lanes).catch((err: unknown) =>
        deps.log.error('placement sender lane failed', { testId: test.id, senderId: sender.id, err: String((err as Error)?.stack ?? err) }),
      );
    });
  } finally {
    signal.removeEventListener('abort', close);
    sessions.close();
  }
  return report;
}

type Access = { login: SmtpLogin; version?: number } | { refused: string };

/** The sender's SMTP login as every mail path logs in (decisions.md §15, mail-login.ts): its password, or
 *  its OAuth token (newer than `refused` when given). None (the grant ended, the provider unreachable, a
 *  password that cannot be decrypted): why, which fails the sender's copies, only its. */
async function senderAccess(deps: AppDeps, sender: SenderLogin, logins: LoginCache, refused?: number): Promise<Access> {
  const { host, port, secure, username, authType, passwordEnc } = sender.smtp;
  try {
    const secret = await mailSecret(deps, { id: sender.id, authType, passwordEnc }, { refused, cache: logins });
    return { login: loginWith({ host, port, secure, username }, secret), version: secret.version };
  } catch (err) {
    return { refused: `Not sent: the inbox could not log in to its SMTP server: ${(err as Error).message || String(err)}`.slice(0, 500) };
  }
}

/** One copy on the sender's session; a token its server refused is refreshed once and the copy tried
 *  again (as deliver.ts does). A login that cannot be had is an `auth` answer: the sender is refused. */
async function sendWithLogin(deps: AppDeps, sender: SenderLogin, lanes: Lanes, access: Exclude<Access, { refused: string }>, mail: Mail.Options): Promise<SmtpResult> {
  const result = await lanes.sessions.send(sender.id, access.login, mail);
  if (!result.loginRefused || access.version === undefined) return result;
  const fresh = await senderAccess(deps, sender, lanes.logins, access.version);
  if ('refused' in fresh) return { outcome: 'auth', code: null, detail: fresh.refused, senderRefused: false };
  return lanes.sessions.send(sender.id, fresh.login, mail);
}

async function sendLane(deps: AppDeps, test: LeasedTest, sender: SenderLogin, lanes: Lanes) {
  const { owner, signal, report } = lanes;
  const em = deps.orm.em.fork();
  if (sender.deleted || sender.seed) {
    await failQueuedCopies(em, test.id, sender.id, sender.deleted ? 'Not sent: the sending inbox was deleted.' : SENDER_NOW_SEED_DETAIL);
    return;
  }
  const copies = await claimSenderCopies(em, test.id, sender.id, owner);
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
  const handed = new Set<string>();
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
      // Looked up before the copy is handed over (a password decrypted once, a token while usable).
      const access = await senderAccess(deps, sender, lanes.logins);
      if ('refused' in access) {
        refusedSender = access.refused;
        await settle({ id: copy.id, accepted: false, detail: refusedSender, at: deps.clock.now() });
        continue;
      }
      const composed = composeCopy(deps, test, sender, copy, deps.clock.now());
      if (!(await handCopy(em, copy.id, owner, deps.clock.now()))) continue; // no longer this run's (taken over)
      handed.add(copy.id);
      const result = await sendWithLogin(deps, sender, lanes, access, composed.mail);
      const accepted = result.outcome === 'accepted';
      await settle({ id: copy.id, accepted, detail: accepted ? null : answer(result), at: deps.clock.now() });
      if (result.outcome === 'auth') refusedSender = answer(result);
    }
  } catch (err) {
    // Something unexpected (the database, composing): the copies not handed to SMTP fail, so the test
    // need not wait for its deadline; one handed may have gone out and is left to the end. The error
    // itself (it may hold SQL) goes to the log (sendCopies), not to the copies.
    const left = copies.filter((c) => !handed.has(c.id)).map((c) => ({ id: c.id, accepted: false, detail: LANE_FAILED_DETAIL, at: deps.clock.now() }));
    await settleCopies(em, left, owner).catch(() => undefined);
    throw err;
  } finally {
    await settleCopies(em, answered.splice(0), owner);
  }
  // Claimed and never handed to SMTP (the run was told to stop): queued again for the next run.
  if (unsent.length) await releaseClaims(em, unsent, owner);
}
