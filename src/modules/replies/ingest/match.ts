// Which of our emails a message belongs to (decisions.md §6, in this order): its In-Reply-To/References
// name a Message-ID we sent; for a bounce, the returned message or its headers name one; its sender (for
// a bounce, the failed recipient) is a lead this inbox emailed, the most recent such lead. Anything else
// is not ours. A message whose own Message-ID is one we sent is our own copy, never a reply.
//
// Each look-up is one indexed query whatever the number of sends, and one per batch of messages, not per
// message: send.message_id (send_message_id), and lead (workspace_id, email) then send (lead_id, created_at).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, textArray } from '../../../db/sql';

export type MatchedBy = 'message_id' | 'bounce_headers' | 'sender' | 'bounce_recipient';

export interface Match {
  leadId: string;
  campaignId: string;
  /** The send the message names (null for a match by address). */
  sendId: string | null;
  /** An answer to a one-off email (or to mail of the one-off campaign): kept, never counted. */
  oneOff: boolean;
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

interface SendRow {
  id: string;
  lead_id: string;
  campaign_id: string;
  kind: string;
  message_id: string;
  one_off: boolean;
  timezone: string;
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
  const byId = new Map<string, SendRow>();
  if (ids.length) {
    const rows = (await sql(
      em,
      `select s.id, s.lead_id, s.campaign_id, s.kind, s.message_id, c.one_off, c.timezone
         from send s join campaign c on c.id = s.campaign_id
        where s.message_id = any(?::text[]) and s.workspace_id = ?`,
      [textArray(ids), workspaceId],
    )) as unknown as SendRow[];
    for (const r of rows) byId.set(r.message_id, r);
  }
  const out: (Match | 'own' | null | undefined)[] = questions.map((q) => {
    if (q.ownId && byId.has(q.ownId)) return 'own';
    const named = q.answered.map((id) => byId.get(id)).find(Boolean);
    if (named) return fromSend(named, 'message_id');
    const returned = q.returnedId ? byId.get(q.returnedId) : undefined;
    if (returned) return fromSend(returned, 'bounce_headers');
    return q.address ? undefined : null;
  });
  const addresses = [...new Set(questions.filter((_, i) => out[i] === undefined).map((q) => q.address!.toLowerCase()))];
  const byAddress = new Map<string, AddressRow>();
  if (addresses.length) {
    // Per address, the lead this inbox emailed most recently (DISTINCT ON keeps each email's first row).
    const rows = (await sql(
      em,
      `select distinct on (l.email) l.email, l.id as lead_id, l.campaign_id, s.kind, c.one_off, c.timezone from lead l
         join lateral (select s.kind, s.sent_at from send s
                        where s.lead_id = l.id and s.inbox_id = ? and s.status in ('sent', 'bounced')
                        order by s.created_at desc limit 1) s on true
         join campaign c on c.id = l.campaign_id
        where l.workspace_id = ? and l.email = any(?::text[])
        order by l.email, s.sent_at desc`,
      [inboxId, workspaceId, textArray(addresses)],
    )) as unknown as AddressRow[];
    for (const r of rows) byAddress.set(r.email, r);
  }
  return questions.map((q, i) => {
    const known = out[i];
    if (known !== undefined) return known;
    const row = byAddress.get(q.address!.toLowerCase());
    if (!row) return null;
    return {
      leadId: String(row.lead_id),
      campaignId: String(row.campaign_id),
      sendId: null,
      oneOff: row.kind === 'one_off' || row.one_off === true,
      matchedBy: q.isBounce ? 'bounce_recipient' : 'sender',
      zone: String(row.timezone),
    };
  });
}

interface AddressRow {
  email: string;
  lead_id: string;
  campaign_id: string;
  kind: string;
  one_off: boolean;
  timezone: string;
}

function fromSend(r: SendRow, matchedBy: MatchedBy): Match {
  return { leadId: r.lead_id, campaignId: r.campaign_id, sendId: r.id, oneOff: r.kind === 'one_off' || r.one_off, matchedBy, zone: r.timezone };
}
