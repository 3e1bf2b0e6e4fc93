// A batch of messages read from a folder and parsed, turned into what the transaction needs
// (ingest-batch.ts): classified, matched to our mail, with its reply-item fields, or the reason it is not
// an item. All of it reads only, so it runs before the transaction and a batch's transaction stays short.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isValidEmail, normalizeEmail } from '../../../contracts/email-address';
import type { InboundMessage, Unreadable } from '../../../mail/inbound-message';
import type { ImapMessage } from '../../../runtime/ports';
import { classifyInbound, leadAwayUntil, type Classification } from '../classify/classify-inbound';
import { bodyText, cutChars, snippet } from '../reply-text';
import { answeredIds, messageIdsIn, ownMessageId } from './message-ids';
import { matchMessages, type Match, type MatchQuestion } from './match';
import { matchUntracked, type UntrackedBy } from './untracked';

export interface FolderTarget {
  workspaceId: string;
  workspaceZone: string;
  inboxId: string;
  inboxEmail: string;
  path: string;
  uidValidity: string;
}

export interface ItemDraft {
  /** The send or lead it belongs to; null for an untracked reply (untracked.ts). */
  match: Match | null;
  /** Why an item without a match was kept (decisions.md §11 untracked replies), else null. */
  untracked: UntrackedBy | null;
  cls: Classification;
  /** Auto-replies: until when the lead is away (leadAwayUntil), else null. */
  awayUntil: Date | null;
  messageId: string | null;
  threadReferences: string[];
  fromEmail: string;
  fromName: string | null;
  /** Its Reply-To when that is a valid address (where an answer goes), else null. */
  replyTo: string | null;
  subject: string;
  snippet: string;
  bodyText: string;
  receivedAt: Date;
}

export type Prepared =
  { uid: number; item: ItemDraft } | { uid: number; skipped: 'unreadable'; reason: string } | { uid: number; skipped: 'own' | 'not_ours' | 'from_self' | 'report' };

const SUBJECT_MAX = 998;

/** A message as read and parsed (parsing is the IMAP port's, on its thread). */
export interface ParsedMessage {
  raw: ImapMessage;
  msg: InboundMessage | Unreadable;
}

/** A batch of parsed messages classified and matched: one matching round trip for the whole batch
 *  (match.ts matchMessages), each message's outcome what it would be alone. */
export async function prepareBatch(em: EntityManager, target: FolderTarget, batch: ParsedMessage[], now: Date): Promise<Prepared[]> {
  interface Pending {
    uid: number;
    msg: InboundMessage;
    from: string;
    receivedAt: Date;
    cls: Classification;
    ownId: string | null;
    question: MatchQuestion;
  }
  const out: (Prepared | Pending)[] = batch.map(({ raw, msg }) => {
    if ('unreadable' in msg) return { uid: raw.uid, skipped: 'unreadable', reason: msg.reason };
    const from = (msg.from.address ?? '').toLowerCase();
    // Mail the inbox sent itself (a copy filed in INBOX, a note to self) is never a reply.
    if (from === target.inboxEmail) return { uid: raw.uid, skipped: 'from_self' };
    const receivedAt = raw.internalDate ?? msg.date ?? now;
    const cls = classifyInbound(msg);
    const ownId = ownMessageId(msg.messageId);
    const returnedId = cls.kind === 'bounce' ? ownMessageId(cls.bounce?.returnedMessageId ?? msg.returned?.messageId) : null;
    const question: MatchQuestion = {
      ownId,
      answered: answeredIds(msg.inReplyTo, msg.references),
      returnedId,
      address: cls.kind === 'bounce' ? bouncedAddress(cls, msg) : from || null,
      isBounce: cls.kind === 'bounce',
    };
    return { uid: raw.uid, msg, from, receivedAt, cls, ownId, question };
  });
  const pending = out.filter((p): p is Pending => 'question' in p);
  const matches = await matchMessages(
    em,
    target.workspaceId,
    target.inboxId,
    pending.map((p) => p.question),
  );
  const matchOf = new Map(pending.map((p, i) => [p, matches[i]!]));
  // decisions.md §11: a person's reply that matched nothing may still answer this inbox's mail.
  const unmatched = pending.filter((p) => matchOf.get(p) === null && p.cls.kind === 'reply');
  const untracked = await matchUntracked(
    em,
    target,
    unmatched.map((p) => ({ subject: cutChars(p.msg.subject, SUBJECT_MAX), from: p.from, bulk: isBulk(p.msg) })),
    now,
  );
  const untrackedOf = new Map(unmatched.map((p, i) => [p, untracked[i]!]));
  return out.map((p) => {
    if (!('question' in p)) return p;
    const match = matchOf.get(p)!;
    if (match === 'own') return { uid: p.uid, skipped: 'own' };
    const by = match ? null : (untrackedOf.get(p) ?? null);
    if (!match && !by) return { uid: p.uid, skipped: 'not_ours' };
    return { uid: p.uid, item: draft(p.msg, p.cls, match, by, p.ownId, p.from, p.receivedAt) };
  });
}

/** Mailing-list mail: never a person's answer. */
const isBulk = (msg: InboundMessage) => 'list-id' in msg.headers || 'list-unsubscribe' in msg.headers;

/** The Reply-To to keep: one valid address of at most 254 characters (isValidEmail), lower-cased. */
const replyToOf = (msg: InboundMessage): string | null => (msg.replyTo && isValidEmail(msg.replyTo) ? normalizeEmail(msg.replyTo) : null);

function draft(msg: InboundMessage, cls: Classification, match: Match | null, untracked: UntrackedBy | null, ownId: string | null, from: string, receivedAt: Date): ItemDraft {
  const text = bodyText(msg.text, null);
  return {
    match,
    untracked,
    cls,
    // An untracked reply has no lead to be away (and is never an auto-reply).
    awayUntil: match ? leadAwayUntil(cls, msg.text, receivedAt, match.zone) : null,
    messageId: ownId,
    threadReferences: threadOf(msg, ownId),
    fromEmail: from,
    fromName: msg.from.name ? cutChars(msg.from.name, 200) : null,
    replyTo: replyToOf(msg),
    subject: cutChars(msg.subject, SUBJECT_MAX),
    snippet: snippet(text),
    bodyText: text,
    receivedAt,
  };
}

/** The bounced recipient: the DSN's, else the returned message's first To. */
function bouncedAddress(cls: Classification, msg: InboundMessage): string | null {
  const recipient = cls.bounce?.recipient ?? msg.returned?.to[0] ?? null;
  return recipient
    ? recipient
        .replace(/^rfc822;\s*/i, '')
        .trim()
        .toLowerCase()
    : null;
}

/** References an answer carries: the message's own chain (capped, newest kept) then its id. */
function threadOf(msg: InboundMessage, ownId: string | null): string[] {
  const chain = msg.references.flatMap((r) => messageIdsIn(r));
  if (!chain.length) chain.push(...messageIdsIn(msg.inReplyTo));
  if (ownId) chain.push(ownId);
  return [...new Set(chain)].slice(-20);
}
