// Signed tokens for the public links put in emails (decisions.md §1 and §5): unsubscribe, open pixel and
// click redirect. A token is base64url of
//
//   [version: 1 byte][kind: 1 byte][payload][tag: first 16 bytes of HMAC-SHA256(SECRET_KEY)]
//
// - No expiry: an email read months later must still unsubscribe and redirect.
// - The version byte lets a later format or key be introduced while version 1 tokens keep verifying.
// - The tag is truncated to 128 bits: forging one means guessing 2^128 values online against our own
//   server, far beyond reach (NIST SP 800-107 accepts much shorter HMAC tags), and it keeps the links short.
// - The kind is signed with the payload, so an open token can never be replayed as an unsubscribe token.
// - A click token carries the exact URL that was in the email, signed: the redirect handler sends only to
//   that URL, so it can never be used as an open redirect, and it needs no database read to redirect.
import { timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../../security/crypto';

export const TOKEN_VERSION = 1;
const TAG_BYTES = 16;
const UUID_BYTES = 16;
/** Longest URL a click token carries; longer links are left untracked (see isTrackableUrl). */
export const CLICK_URL_MAX_BYTES = 2048;
// Domain separation: nothing else signed with the same key can be taken for a link token.
const SIGNING_CONTEXT = 'link-token:';

const KIND_CODES = { unsubscribe: 1, open: 2, click: 3 } as const;
export type LinkKind = keyof typeof KIND_CODES;

export interface LinkPayloads {
  /** sendId: the email the link was in, when it came from one (null for a link made elsewhere). */
  unsubscribe: { leadId: string; sendId: string | null };
  open: { sendId: string };
  /** index: position of the link among the tracked links of the email, from 0. */
  click: { sendId: string; index: number; url: string };
}

export type LinkToken = { [K in LinkKind]: { kind: K } & LinkPayloads[K] }[LinkKind];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function uuidToBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An absolute http(s) URL short enough for a click token. */
export function isTrackableUrl(url: string): boolean {
  if (Buffer.byteLength(url) > CLICK_URL_MAX_BYTES) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

function encodePayload(token: LinkToken): Buffer {
  switch (token.kind) {
    case 'unsubscribe':
      return Buffer.concat([uuidToBytes(token.leadId), token.sendId ? uuidToBytes(token.sendId) : Buffer.alloc(0)]);
    case 'open':
      return uuidToBytes(token.sendId);
    case 'click': {
      if (!Number.isInteger(token.index) || token.index < 0 || token.index > 0xffff) throw new Error(`bad link index: ${token.index}`);
      if (!isTrackableUrl(token.url)) throw new Error('click tokens carry absolute http(s) URLs only');
      const index = Buffer.alloc(2);
      index.writeUInt16BE(token.index);
      return Buffer.concat([uuidToBytes(token.sendId), index, Buffer.from(token.url, 'utf8')]);
    }
  }
}

/** Reads a payload back; null when its length or contents do not fit the kind. */
function decodePayload(kind: LinkKind, p: Buffer): LinkToken | null {
  switch (kind) {
    case 'unsubscribe':
      if (p.length === UUID_BYTES) return { kind, leadId: bytesToUuid(p), sendId: null };
      if (p.length === 2 * UUID_BYTES) return { kind, leadId: bytesToUuid(p.subarray(0, UUID_BYTES)), sendId: bytesToUuid(p.subarray(UUID_BYTES)) };
      return null;
    case 'open':
      return p.length === UUID_BYTES ? { kind, sendId: bytesToUuid(p) } : null;
    case 'click': {
      if (p.length <= UUID_BYTES + 2) return null;
      const url = p.subarray(UUID_BYTES + 2).toString('utf8');
      // Defence in depth: even a correctly signed token redirects only to an http(s) URL.
      if (!isTrackableUrl(url)) return null;
      return { kind, sendId: bytesToUuid(p.subarray(0, UUID_BYTES)), index: p.readUInt16BE(UUID_BYTES), url };
    }
  }
}

const kindOfCode = (code: number): LinkKind | null => (Object.keys(KIND_CODES) as LinkKind[]).find((k) => KIND_CODES[k] === code) ?? null;

export class LinkTokens {
  constructor(private readonly secrets: Secrets) {}

  private tag(body: Buffer): Buffer {
    return Buffer.from(this.secrets.sign(SIGNING_CONTEXT + body.toString('base64url')), 'base64url').subarray(0, TAG_BYTES);
  }

  sign<K extends LinkKind>(kind: K, payload: LinkPayloads[K]): string {
    const body = Buffer.concat([Buffer.from([TOKEN_VERSION, KIND_CODES[kind]]), encodePayload({ kind, ...payload } as LinkToken)]);
    return Buffer.concat([body, this.tag(body)]).toString('base64url');
  }

  /** The token's contents when it is intact and ours (of the given kind, when one is given), else null. */
  verify(token: string): LinkToken | null;
  verify<K extends LinkKind>(token: string, kind: K): ({ kind: K } & LinkPayloads[K]) | null;
  verify(token: string, kind?: LinkKind): LinkToken | null {
    if (typeof token !== 'string' || token.length > 4 * CLICK_URL_MAX_BYTES || !BASE64URL.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // Node's decoder ignores unused trailing bits: insist on the one canonical spelling so that no
    // altered character is ever accepted.
    if (bytes.toString('base64url') !== token || bytes.length < 2 + TAG_BYTES) return null;
    const body = bytes.subarray(0, bytes.length - TAG_BYTES);
    // A later version would pick its own key and layout here.
    if (body[0] !== TOKEN_VERSION) return null;
    if (!timingSafeEqual(this.tag(body), bytes.subarray(bytes.length - TAG_BYTES))) return null;
    const found = kindOfCode(body[1]);
    if (!found || (kind && found !== kind)) return null;
    return decodePayload(found, body.subarray(2));
  }
}
