// decisions.md §11 "One sender per lead": which inbox and which thread a lead's next sequence email uses.
// Pure; the one owner of the rule, asked by the planner (plan.ts: which inbox may send it) and by the
// composer (engine/deliver.ts: which thread it joins). Extend it here, not at the callers.
//
// - Before its first email a lead has no inbox (lead.mailboxId null): any inbox of the campaign's pool may
//   send it (the rotation, provider matching), and that inbox becomes its own (set in the statement that
//   queues the email, engine/queue.queries.ts, so two planners cannot give it two).
// - After that, every email of its sequence goes from its own inbox, in its thread. While that inbox
//   cannot send (capped, resting, paused, backing off) the lead waits; it is never handed to another.
// - When its inbox has left the campaign's pool (taken out of mailbox_ids, untagged, deleted), any inbox
//   of the pool sends the next email, as a new thread, and becomes its own.
//
// The thread follows from the inboxes of its earlier emails: an email continues the thread of the run of
// earlier emails its own inbox sent last; when the previous email went from another inbox (its inbox
// left), it starts a new one — the step's subject, or the lead's first subject when the step has none,
// and no In-Reply-To/References. An email that starts a thread never goes without a subject: with no
// earlier email, a step that leaves it blank takes the subject of the campaign's first email step (for a
// subsequence, its parent's: threadStartSubject).

/** Which inbox may send the lead's next email (a plain value: the planner asks it for every lead it
 *  looks at).
 *  - `own`: its own inbox (lead.mailboxId) only, in its thread; the lead waits while that inbox cannot send.
 *  - `first`: any inbox of the pool, which becomes its own (its first email).
 *  - `moved`: its inbox left the pool: any inbox of the pool, as a new thread, which becomes its own. */
export type SenderDecision = 'own' | 'first' | 'moved';

/** `pool`: the inboxes the campaign sends from now (campaigns/sender-pool.queries.ts). */
export function nextSender(lead: { mailboxId: string | null }, pool: ReadonlySet<string>): SenderDecision {
  if (lead.mailboxId === null) return 'first';
  return pool.has(lead.mailboxId) ? 'own' : 'moved';
}

/** One of the lead's sent sequence emails. */
export interface SentEmail {
  inboxId: string;
  /** As sent. */
  subject: string;
  messageId: string;
}

/** The thread an email joins. */
export type EmailThread =
  /** The lead's first email: a thread of its own. */
  | { kind: 'first' }
  /** In the thread of the earlier emails its inbox sent: its first subject and their Message-IDs, oldest first. */
  | { kind: 'continue'; subject: string; messageIds: string[] }
  /** Its inbox changed: a new thread, under the lead's first subject when the step has none. */
  | { kind: 'new'; firstSubject: string };

/**
 * The thread of the lead's next email, sent from `inboxId`, given its earlier sent sequence emails
 * (oldest first): the trailing run of them that went from `inboxId`. (A subsequence's lead continues its
 * parent lead's thread: its earlier emails are the parent's, then its own.)
 */
export function emailThread(earlier: readonly SentEmail[], inboxId: string): EmailThread {
  if (earlier.length === 0) return { kind: 'first' };
  let start = earlier.length;
  while (start > 0 && earlier[start - 1]!.inboxId === inboxId) start--;
  if (start === earlier.length) return { kind: 'new', firstSubject: earlier[0]!.subject };
  const run = earlier.slice(start);
  return { kind: 'continue', subject: run[0]!.subject, messageIds: run.map((s) => s.messageId) };
}

/**
 * The inbox a lead's next email goes from, in SQL, for the lead row `l`: the inbox of its latest
 * sequence email that went (or may have: sent, bounced, failed); for a lead that joined a subsequence
 * and has none of its own yet, that of the lead it came from, whose thread it continues (emailThread over
 * that lead's emails, then its own: subsequences/README.md "Thread"). Null when nothing went: the lead
 * is free to go from any inbox of the pool. The one rule for where a lead's sender comes from when it is
 * not set by a first email being queued: a lead joining a subsequence (subsequences.queries.ts
 * insertJoinedLeads), and a lead whose planned email was withdrawn (engine/deliver.queries.ts
 * withdrawClaimedSend), so a joined lead keeps its parent lead's inbox, and thread, whatever made it join
 * and whatever befell its first email.
 */
export const latestSenderSql = (l: string): string =>
  `(select s.inbox_id from send s where s.lead_id in (${l}.id, ${l}.origin_lead_id) and s.kind = 'step' and s.status in ('sent', 'bounced', 'failed')
     order by s.lead_id = ${l}.id desc, s.step_position desc limit 1)`;

/** A step as threadStartSubject reads it: a task has no subject. */
export interface SubjectStep {
  position: number;
  task: unknown;
  variants: readonly { subject: string; enabled?: boolean }[];
}

/** The email step whose subject starts a thread when a step leaves its subject blank and nothing was
 *  sent before: the first email step of the sequence given (a campaign's own; for a subsequence, its
 *  parent's). Null when the sequence has no email step. */
export function threadOpener<S extends SubjectStep>(steps: readonly S[]): S | null {
  return [...steps].sort((a, b) => a.position - b.position).find((s) => !s.task && s.variants.length > 0) ?? null;
}

/**
 * The subject template an email takes when it starts a thread and its step leaves the subject blank:
 * the opener's (threadOpener) variant with this email's number when that one has a subject, else its
 * first variant that has one, enabled ones first; null when none has one. The caller renders it for the
 * lead, as any subject.
 */
export function threadStartSubject(opener: SubjectStep | null, variant: number): string | null {
  if (!opener) return null;
  const has = (v: { subject: string } | undefined): v is { subject: string } => v !== undefined && v.subject.trim() !== '';
  const same = opener.variants[variant - 1];
  if (has(same)) return same.subject;
  const enabled = opener.variants.find((v) => v.enabled !== false && has(v));
  return (enabled ?? opener.variants.find(has))?.subject ?? null;
}
