// Which of our emails a message belongs to (decisions.md §6, in this order): its In-Reply-To/References
// name a Message-ID we sent; for a bounce, the returned message or its headers name one; its sender (for
// a bounce, the failed recipient) is a lead this inbox emailed, the most recent such lead. Anything else
// is not ours. A message whose own Message-ID is one we sent is our own copy, never a reply.
//
// Each look-up is one indexed query whatever the number of sends, and one per batch of messages, not per
// message: send.message_id (send_message_id), and lead (workspace_id, email) then send (lead_id, created_at)
// (match.queries.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { leadsEmailedFrom, sendsByMessageId, type EmailedLeadRow, type NamedSendRow } from './match.queries';

/** `link`: an untracked reply tied to its lead by hand (POST /replies/:id/link). */
export type MatchedBy = 'message_id' | 'bounce_headers' | 'sender' | 'bounce_recipient' | 'link';

export interface Match {
  leadId: string;
  campaignId: string;
  /** The send the message names (null for a match by address). */
  sendId: string | null;
  /** An answer to a one-off email (or to mail of the one-off campaign): kept, never counted. */
  oneOff: boolean;
  /** The send named is an answer to a reply (POST /replies/:id/reply), which went to whoever wrote that
   *  reply (decisions.md §11), not always to the lead. */
  answer: boolean;
  matchedBy: MatchedBy;
  /** The campaign's time zone: where a return date's day starts, as the lead's timeline shows it. */
  zone: string;
}

export interface MatchQuestion {
  /** The message's own Message-ID. */
  ownId: string | null;
  /** In-Reply-To and References, nearest first. */
  answered: string[];
  /** A bounce's returned Message-ID, if it showed one. */
  returnedId: string | null;
  /** Whose mail it is by address: the sender, or a bounce's failed recipient. */
  address: string | null;
  isBounce: boolean;
}

/** One message's match (the batch form below with a single question). */
export async function matchMessage(em: EntityManager, workspaceId: string, inboxId: string, q: MatchQuestion): Promise<Match | 'own' | null> {
  return (await matchMessages(em, workspaceId, inboxId, [q]))[0]!;
}

/** A batch's matches, in the questions' order: at most two queries for the whole batch (one by
 *  Message-ID, one by address for what that did not match), whatever its size and the number of sends.
 *  Each answer is what the rules above give that message alone. */
export async function matchMessages(em: EntityManager, workspaceId: string, inboxId: string, questions: MatchQuestion[]): Promise<(Match | 'own' | null)[]> {
  const ids = [...new Set(questions.flatMap((q) => [q.ownId, ...q.answered, q.returnedId]).filter((x): x is string => !!x))];
  const byId = new Map<string, NamedSendRow>();
  if (ids.length) for (const r of await sendsByMessageId(em, workspaceId, ids)) byId.set(r.messageId, r);
  const out: (Match | 'own' | null | undefined)[] = questions.map((q) => {
    if (q.ownId && byId.has(q.ownId)) return 'own';
    const named = q.answered.map((id) => byId.get(id)).find(Boolean);
    if (named) return fromSend(named, 'message_id');
    const returned = q.returnedId ? byId.get(q.returnedId) : undefined;
    if (returned) return fromSend(returned, 'bounce_headers');
    return q.address ? undefined : null;
  });
  const addresses = [...new Set(questions.filter((_, i) => out[i] === undefined).map((q) => q.address!.toLowerCase()))];
  const byAddress = new Map<string, EmailedLeadRow>();
  // Per address, the lead this inbox emailed most recently.
  if (addresses.length) for (const r of await leadsEmailedFrom(em, workspaceId, inboxId, addresses)) byAddress.set(r.email, r);
  return questions.map((q, i) => {
    const known = out[i];
    if (known !== undefined) return known;
    const row = byAddress.get(q.address!.toLowerCase());
    if (!row) return null;
    return {
      leadId: row.leadId,
      campaignId: row.campaignId,
      sendId: null,
      oneOff: row.kind === 'one_off' || row.oneOff,
      answer: false,
      matchedBy: q.isBounce ? 'bounce_recipient' : 'sender',
      zone: row.timezone,
    };
  });
}

function fromSend(r: NamedSendRow, matchedBy: MatchedBy): Match {
  return { leadId: r.leadId, campaignId: r.campaignId, sendId: r.id, oneOff: r.kind === 'one_off' || r.oneOff, answer: r.answer, matchedBy, zone: r.timezone };
}
