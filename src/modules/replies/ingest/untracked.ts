// Untracked replies (decisions.md §11): a person's reply that matched no send and no lead (match.ts) is
// still kept when it answers this inbox's mail, as a reply item with no lead and `untracked: true`, for
// someone to tie to its lead by hand (POST /replies/:id/link). It answers this inbox's mail when, in this
// order:
//   1. `subject`: its subject is a reply (Re:, AW:, SV:, … below) to a subject this inbox sent in the
//      last 90 days (compared in any case, spaces collapsed; a subject of ours may itself begin with a
//      prefix or a [tag]);
//   2. `domain`: its sender's domain is that of a lead this inbox emailed in the last 90 days, unless the
//      domain is a free-mail one (free-mail.ts: one gmail.com address says nothing of another), the
//      inbox's own, or the message is bulk mail (List-Id / List-Unsubscribe) or from a robot address
//      (no-reply, mailer-daemon, …): a colleague answering for the lead, not the company's newsletter.
// Bounces and auto-replies are never untracked: only a person's answer is worth linking. Anything else
// stays ignored (`not_ours`). Both look-ups are one indexed statement per batch (untracked.queries.ts),
// bounded by the 90-day window, and run only for the batch's messages that matched nothing.
import type { EntityManager } from '@mikro-orm/postgresql';
import { domainOf } from '../../../contracts/email-address';
import { oneLine } from '../../sending/render/headers';
import { isFreeMailDomain } from './free-mail';
import { emailedDomains, sentSubjects } from './untracked.queries';

export type UntrackedBy = 'subject' | 'domain';

/** decisions.md §11: "a subject this inbox sent in the last 90 days", and the leads it emailed as long. */
export const UNTRACKED_WINDOW_DAYS = 90;

/** One unmatched reply as the rules read it. */
export interface UntrackedQuestion {
  subject: string;
  /** The sender's address, lower-cased. */
  from: string;
  /** Mailing-list mail (List-Id or List-Unsubscribe). */
  bulk: boolean;
}

// The reply prefixes mail clients write, by language: Re (and RE), AW / Antw / Antwort (German, Dutch),
// SV (Nordic), VS (Finnish), Odp (Polish), R / RIF (Italian), RES (Portuguese), YNT (Turkish), Atb
// (Latvian), Απ (Greek), Отв / Ответ (Russian), 回复 / 回覆 / 答复 (Chinese), 返信 (Japanese), 답장 (Korean),
// رد (Arabic); with an optional count (Re[2]:, Re(2):) and a full-width colon. Bounded quantifiers only.
const REPLY_PREFIX = /^(?:re|aw|antw|antwort|sv|vs|odp|r|rif|res|ynt|atb|απ|отв|ответ|回复|回覆|答复|返信|답장|رد)\s{0,3}(?:\[\d{1,3}\]|\(\d{1,3}\))?\s{0,3}[:：]\s*/iu;
// A tag some mail systems put first ("[EXTERNAL] RE: …"), or one of our own subjects began with.
const TAG = /^\[[^\]]{1,40}\]\s*/u;
/** Prefixes and tags taken off one subject at most (a long "Re: Re: Re: …" chain). */
const MAX_STRIPS = 12;

/**
 * The subjects of ours a reply's subject may answer: after each reply prefix or tag taken off (at least
 * one prefix first), what is left, and that with `Re: ` (a follow-up of ours in its thread carries it);
 * none when the subject is no reply.
 */
export function answeredSubjects(subject: string): string[] {
  let s = oneLine(subject);
  let replied = false;
  const out = new Set<string>();
  for (let i = 0; i < MAX_STRIPS; i++) {
    const prefix = REPLY_PREFIX.exec(s);
    const tag = prefix ? null : TAG.exec(s);
    if (!prefix && !tag) break;
    s = s.slice((prefix ?? tag)![0].length);
    replied ||= prefix !== null;
    if (replied && s !== '') out.add(s).add(`Re: ${s}`);
  }
  return [...out];
}

const ROBOT = /^(?:no-?reply|do-?not-?reply|mailer-daemon|postmaster|bounces?|notifications?)(?:[+._-].*)?$/i;

/** The sender's domain when the domain rule may look at it (see the top of the file), else null. */
export function untrackedDomain(q: UntrackedQuestion, inboxEmail: string): string | null {
  const at = q.from.lastIndexOf('@');
  if (at <= 0 || q.bulk || ROBOT.test(q.from.slice(0, at))) return null;
  const domain = domainOf(q.from);
  return domain && !isFreeMailDomain(domain) && domain !== domainOf(inboxEmail) ? domain : null;
}

/** Per question (in order), why it is an untracked reply of this inbox, or null (bulk mail never is):
 *  one statement per rule for the whole batch, the second only for what the first did not take. */
export async function matchUntracked(
  em: EntityManager,
  target: { workspaceId: string; inboxId: string; inboxEmail: string },
  questions: readonly UntrackedQuestion[],
  now: Date,
): Promise<(UntrackedBy | null)[]> {
  if (!questions.length) return [];
  const since = new Date(now.getTime() - UNTRACKED_WINDOW_DAYS * 86_400_000);
  const candidates = questions.map((q) => (q.bulk ? [] : answeredSubjects(q.subject)));
  const sent = await sentSubjects(em, target.workspaceId, target.inboxId, [...new Set(candidates.flat())], since);
  const out: (UntrackedBy | null)[] = candidates.map((c) => (c.some((s) => sent.has(s)) ? 'subject' : null));
  const domains = questions.map((q, i) => (out[i] ? null : untrackedDomain(q, target.inboxEmail)));
  const wanted = [...new Set(domains.filter((d): d is string => d !== null))];
  const emailed = await emailedDomains(em, target.workspaceId, target.inboxId, wanted, since);
  return out.map((by, i) => by ?? (domains[i] && emailed.has(domains[i]!) ? 'domain' : null));
}
