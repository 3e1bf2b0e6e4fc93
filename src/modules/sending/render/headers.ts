// Header values of an outgoing email. Everything that reaches a header passes through oneLine() first, so
// no subject, name, lead value or stored Message-ID can start a header of its own (header injection);
// nodemailer then encodes non-ASCII text (RFC 2047) and folds long lines.
import { domainOf } from '../../../contracts/email-address';

// Line breaks of every kind and other control characters.
// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One header-safe line: breaks and controls become spaces, runs of whitespace one space, trimmed. */
export const oneLine = (s: string): string => s.replace(BREAKS_AND_CONTROLS, ' ').replace(/\s+/g, ' ').trim();

const REPLY_PREFIX = /^re\s*:/i;

/** The subject of a follow-up that answers in the thread: `Re: <first subject>`, never `Re: Re:`. */
export function replySubject(firstSubject: string): string {
  const subject = oneLine(firstSubject);
  if (subject === '') return '';
  return REPLY_PREFIX.test(subject) ? subject : `Re: ${subject}`;
}

/** Our Message-ID for a send: fixed by the send row's id, so it is stored before the SMTP call, and on
 *  the sending inbox's own domain (a foreign or missing domain looks forged to spam filters). */
export const messageIdFor = (sendId: string, inboxEmail: string): string => `<${sendId}@${domainOf(oneLine(inboxEmail))}>`;

// An msg-id as it may appear in In-Reply-To/References: printable ASCII, no spaces or angle brackets
// inside, with an @ (RFC 5322 3.6.4, leniently).
const MSG_ID = /^<[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+>$/;

/** A stored or received Message-ID in `<id>` form, or null when it is not one (dropped, never sent). */
export function normalizeMessageId(raw: string): string | null {
  const id = oneLine(raw);
  const bracketed = id.startsWith('<') ? id : `<${id}>`;
  return MSG_ID.test(bracketed) ? bracketed : null;
}

/** References keeps the first message and the latest ones when a thread grows long (RFC 5322 allows
 *  trimming; the first and the parent are what clients thread by). */
export const REFERENCES_MAX = 20;

/** In-Reply-To (the latest earlier message) and References (the earlier messages, oldest first). */
export function threadHeaders(earlierIds: readonly string[]): { inReplyTo: string; references: string[] } | null {
  const ids = [...new Set(earlierIds.map(normalizeMessageId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return null;
  const references = ids.length > REFERENCES_MAX ? [ids[0], ...ids.slice(ids.length - REFERENCES_MAX + 1)] : ids;
  return { inReplyTo: ids[ids.length - 1], references };
}

/** The thread an answer to a received message joins (a reply item: POST /replies/:id/reply, or a one-off
 *  with replyTo): its subject, and its References chain with its own Message-ID last, so that
 *  threadHeaders makes In-Reply-To its Message-ID and References the whole chain. */
export function answerThread(received: { subject: string; messageId: string | null; threadReferences: readonly string[] }): {
  subject: string;
  messageIds: string[];
} {
  const own = received.messageId ? normalizeMessageId(received.messageId) : null;
  const chain = received.threadReferences.filter((id) => normalizeMessageId(id) !== own);
  return { subject: received.subject, messageIds: own ? [...chain, own] : chain };
}

/** RFC 2369 List-Unsubscribe with the http(s) URL, and RFC 8058 one-click. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneLine(unsubscribeUrl)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
