// Message-IDs as the send table stores them (`<id@domain>`, sending/render/headers.ts messageIdFor),
// pulled out of whatever a header held: mailparser leaves In-Reply-To as the raw header text (it may
// hold several ids, comments or no brackets at all) and References as a list.

// The part before the first @ cannot hold an @ after its first character, so an id full of @ is read
// in one pass, not retried at every @ (decisions.md §10); it matches exactly what `<([^<>\s]+@[^<>\s]+)>` did.
const BRACKETED = /<([^<>\s][^<>\s@]*@[^<>\s]+)>/g;
const BARE = /^[^<>\s@]+@[^<>\s@]+$/;
/** Ids longer than this are junk (RFC 5322 lines are 998 characters); no look-up is made for them. */
const MAX_ID = 250;
/** A long thread names many ids: the nearest ones, and the thread's first (below), are enough to find ours. */
const MAX_NAMED = 50;

/** Every msg-id in a header value, in order, `<…>` form. A bare `local@domain` counts when it is all
 *  the value holds (some mailers drop the brackets). */
export function messageIdsIn(value: string | null | undefined): string[] {
  if (!value) return [];
  const ids = [...value.matchAll(BRACKETED)].map((m) => `<${m[1]}>`);
  if (!ids.length && BARE.test(value.trim())) ids.push(`<${value.trim()}>`);
  return ids.filter((id) => id.length <= MAX_ID);
}

/** The one id of a Message-ID header, or null. */
export const ownMessageId = (value: string | null | undefined): string | null => messageIdsIn(value)[0] ?? null;

/** The ids a reply names, nearest first: In-Reply-To, then References from the newest back, at most
 *  MAX_NAMED. The first References entry, the message that started the thread, is always among them:
 *  when our cold email started a thread that grew long (forwarded inside the company, answered back and
 *  forth), it is the one id of ours left, and RFC 5322 has clients keep it when they trim References. */
export function answeredIds(inReplyTo: string | null, references: readonly string[]): string[] {
  const named = references.flatMap((r) => messageIdsIn(r));
  const ids = [...new Set([...messageIdsIn(inReplyTo), ...[...named].reverse()])];
  const first = named[0];
  if (ids.length <= MAX_NAMED || first === undefined) return ids.slice(0, MAX_NAMED);
  const nearest = ids.filter((id) => id !== first).slice(0, MAX_NAMED - 1);
  return [...nearest, first];
}
