// decisions.md §16: a copy's `auth` from its topmost Authentication-Results header (RFC 8601), the one the
// seed's own provider added last, on top of any a relay on the way added. Pure: the header block comes
// from the seed (read-seed.ts), and unit tests feed it what providers write.
//
// `{spf, dkim, dmarc}`: each the first result the header gives for that method (a message signed twice
// has two dkim= results; the first is the one the provider lists first), as one of RFC 8601's words, or
// null when the header does not name the method. `auth` itself is null when the copy has no such header.
import type { AuthResults } from './placement.entity';

const RESULTS = new Set(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);
/** Older words some servers still write, as RFC 8601 names them now. */
const ALIASES: Record<string, string> = { hardfail: 'fail', temperr: 'temperror', permerr: 'permerror' };
const METHODS = ['spf', 'dkim', 'dmarc'] as const;

/** A header block longer than this is read only up to it (a hostile seed server cannot make us parse more). */
export const MAX_HEADER_CHARS = 64 * 1024;

/** The value of the first `Authentication-Results:` field of a header block, unfolded; null when none. */
export function topmostAuthenticationResults(headerBlock: string): string | null {
  const text = headerBlock.slice(0, MAX_HEADER_CHARS);
  const match = /(?:^|\r?\n)authentication-results[ \t]*:([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/i.exec(text);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/** Drops RFC 5322 comments `( … )` (nested), which may hold words like "pass" that are not results. */
function withoutComments(value: string): string {
  let out = '';
  let depth = 0;
  for (const ch of value) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/** One `method=result …` part (RFC 8601 resinfo). An authserv-id never reads as one: it is a token (which
 *  cannot hold `=`) or a quoted string. */
const RESULT_PART = /^\s*([a-z0-9_-]+)\s*=\s*([a-z]+)/i;

/** spf, dkim and dmarc of one Authentication-Results value. */
export function parseAuthResults(value: string): AuthResults {
  const out: AuthResults = { spf: null, dkim: null, dmarc: null };
  // RFC 8601: the authserv-id (and version) first, then each result after a semicolon. Microsoft 365 and
  // Outlook.com write no authserv-id and start with `spf=…`: a first part that is a result is one.
  const parts = withoutComments(value).split(';');
  if (!RESULT_PART.test(parts[0]!)) parts.shift();
  for (const part of parts) {
    const m = RESULT_PART.exec(part);
    if (!m) continue;
    const method = m[1]!.toLowerCase() as (typeof METHODS)[number];
    if (!METHODS.includes(method) || out[method] !== null) continue;
    const word = m[2]!.toLowerCase();
    const result = ALIASES[word] ?? word;
    if (RESULTS.has(result)) out[method] = result;
  }
  return out;
}

/** A copy's `auth` from its header block: null when it has no Authentication-Results. */
export function authOfHeaders(headerBlock: string): AuthResults | null {
  const value = topmostAuthenticationResults(headerBlock);
  return value === null ? null : parseAuthResults(value);
}
