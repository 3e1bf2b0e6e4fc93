// Cursor pages (decisions.md §12). A cursor is the sort key of the last row a page sent, so the next page
// starts strictly after it (keyset pagination: as fast at the millionth row as at the first, and stable
// when rows are added). It is signed with SECRET_KEY, names the list it belongs to and a fingerprint of the
// list's filters, so a cursor edited by hand, taken from another list or reused with other filters is
// refused as 400 invalid_cursor instead of silently paging something else.
//
// Form: `<payload>.<signature>`, both base64url; payload = JSON {l: list, f: filter fingerprint, k: key}.
import { createHash } from 'node:crypto';
import type { Secrets } from '../../security/crypto';
import { AppError } from '../errors';

/** The values of a row's sort key, in the list's ORDER BY order (ids, timestamps as ISO text, numbers). */
export type CursorKey = readonly (string | number | boolean | null)[];

/** Longest cursor accepted: a key of a few columns is far shorter; anything longer is not ours. */
export const MAX_CURSOR_LENGTH = 1024;

const invalid = () => new AppError('invalid_cursor', 'The cursor is unknown, altered, or from another list or other filters; start again without cursor.');

/** A stable fingerprint of the filters a page was asked with (key order does not matter; undefined and
 *  null are the same: not given). `limit` and `cursor` itself are not filters. */
export function filterFingerprint(filters: Record<string, unknown>): string {
  const given = Object.entries(filters)
    .filter(([k, v]) => v !== undefined && v !== null && k !== 'limit' && k !== 'cursor' && k !== 'offset')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(given)).digest('base64url').slice(0, 16);
}

export class CursorCodec {
  constructor(private readonly secrets: Secrets) {}

  /** The cursor that continues `list` (its filters as given) after the row whose sort key is `key`. */
  encode(list: string, filters: Record<string, unknown>, key: CursorKey): string {
    const payload = Buffer.from(JSON.stringify({ l: list, f: filterFingerprint(filters), k: key })).toString('base64url');
    return `${payload}.${this.secrets.sign(`cursor:${payload}`)}`;
  }

  /** The sort key a cursor carries; 400 invalid_cursor unless it was made by `encode` for this list and
   *  these filters. */
  decode(list: string, filters: Record<string, unknown>, cursor: string): CursorKey {
    if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) throw invalid();
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined || !this.secrets.verify(`cursor:${payload}`, signature)) throw invalid();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    const p = parsed as { l?: unknown; f?: unknown; k?: unknown };
    if (p.l !== list || p.f !== filterFingerprint(filters) || !Array.isArray(p.k)) throw invalid();
    return p.k as CursorKey;
  }
}
