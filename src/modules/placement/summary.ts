// decisions.md §16: a test's figures from its copies, pure. `sent` counts every copy tried (a failed
// one too: it was tried); each placement counts the copies it was given (a copy still looked for counts in
// `sent` only); inbox_rate = (inbox + category) ÷ (sent − failed) as a percentage with one decimal, null
// when that divisor is 0. The score's input (an inbox's copies of 30 days) is the same rate.
import type { CopyStatus, Placement } from './placement.entity';

export interface PlacementCounts {
  sent: number;
  inbox: number;
  category: number;
  spam: number;
  other: number;
  missing: number;
  failed: number;
  inboxRate: number | null;
}

/** What a figure is counted from: a copy's status and placement, `n` copies alike. */
export interface CountedCopy {
  status: CopyStatus;
  placement: Placement | null;
  n: number;
}

/** A copy counts as tried once it is no longer waiting in the queue. */
const tried = (status: CopyStatus) => status !== 'queued';

export const inboxRate = (inboxed: number, sent: number, failed: number): number | null => {
  const reached = sent - failed;
  return reached > 0 ? Math.round((1000 * inboxed) / reached) / 10 : null;
};

export function countCopies(copies: Iterable<CountedCopy>): PlacementCounts {
  const c = { sent: 0, inbox: 0, category: 0, spam: 0, other: 0, missing: 0, failed: 0 };
  for (const copy of copies) {
    if (tried(copy.status)) c.sent += copy.n;
    if (copy.placement) c[copy.placement] += copy.n;
  }
  return { ...c, inboxRate: inboxRate(c.inbox + c.category, c.sent, c.failed) };
}

/** One group of a test's copies as the database counts them. */
export interface CopyGroup extends CountedCopy {
  senderId: string;
  senderEmail: string;
  seedProvider: string;
}

export interface TestFigures {
  summary: PlacementCounts;
  bySender: (PlacementCounts & { mailboxId: string; email: string })[];
  byProvider: (PlacementCounts & { provider: string })[];
}

/** summary, by_sender (in the order senders come: by address) and by_provider (by name). */
export function testFigures(groups: readonly CopyGroup[]): TestFigures {
  const senders = new Map<string, { email: string; groups: CopyGroup[] }>();
  const providers = new Map<string, CopyGroup[]>();
  for (const g of groups) {
    const s = senders.get(g.senderId) ?? { email: g.senderEmail, groups: [] };
    s.groups.push(g);
    senders.set(g.senderId, s);
    providers.set(g.seedProvider, [...(providers.get(g.seedProvider) ?? []), g]);
  }
  return {
    summary: countCopies(groups),
    bySender: [...senders].map(([mailboxId, s]) => ({ mailboxId, email: s.email, ...countCopies(s.groups) })),
    byProvider: [...providers].sort(([a], [b]) => a.localeCompare(b)).map(([provider, gs]) => ({ provider, ...countCopies(gs) })),
  };
}
