// The three triggers of decisions.md §11 (README.md "Triggers"), each contributed to the extension point
// of the area whose use case fires it, and each running in that use case's transaction:
// - interest: the lead's interest becomes one of the labels (leads/lifecycle/interest-change.ts);
// - reply_contains: a new reply from the lead whose own words contain one of the words, any case
//   (replies/ingest/after-ingest.ts);
// - completed: the lead finished the parent's sequence without replying (leads/lifecycle/lead-completed.ts).
// Whichever fires, the move is enter.ts's.
import type { InterestChangeHook } from '../leads/lifecycle/interest-change';
import type { LeadCompletedHook } from '../leads/lifecycle/lead-completed';
import type { IngestedHook } from '../replies/ingest/after-ingest';
import { newText } from '../replies/reply-text';
import { enterSubsequences } from './enter';
import { afterReplies, firingOnCompletion, firingOnInterest, type Firing } from './subsequences.queries';

export const onInterestChanged: InterestChangeHook = async (em, _deps, change) => {
  if (change.interest === null) return;
  const firings = await firingOnInterest(em, change.workspaceId, change.leadIds, change.interest);
  await enterSubsequences(em, firings, 'interest', () => change.at);
};

export const onLeadsCompleted: LeadCompletedHook = async (em, completed) => {
  const at = new Map(completed.map((c) => [c.leadId, c.at]));
  const firings = await firingOnCompletion(em, [...at.keys()]);
  await enterSubsequences(em, firings, 'completed', (leadId) => at.get(leadId)!);
};

/** Whether the reply's own words (its quoted history and signature left out) contain one of the words,
 *  ignoring case. */
export function replyContains(bodyText: string, words: readonly string[]): boolean {
  const text = newText(bodyText).toLowerCase();
  return words.some((w) => text.includes(w.toLowerCase()));
}

export const onRepliesIngested: IngestedHook = async (em, _deps, batch) => {
  // Auto-replies and bounces are not the person's words.
  const replies = batch.items.filter((i) => i.kind === 'reply');
  if (!replies.length) return;
  const triggers = await afterReplies(em, [...new Set(replies.map((r) => r.leadId))]);
  if (!triggers.length) return;
  const byLead = new Map<string, typeof triggers>();
  for (const t of triggers) byLead.set(t.leadId, [...(byLead.get(t.leadId) ?? []), t]);
  // In the order the replies were read; each lead's subsequences oldest first (enter.ts takes the first).
  const firings: Firing[] = [];
  for (const reply of replies) {
    for (const t of byLead.get(reply.leadId) ?? []) if (replyContains(reply.bodyText, t.words)) firings.push(t);
  }
  await enterSubsequences(em, firings, 'reply_contains', () => batch.now);
};
