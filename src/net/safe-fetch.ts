// Outbound HTTP that a caller's input points at (a published sheet today; websites, webhooks and the
// verifier later), guarded against server-side request forgery:
// - http(s) only; the host must be one of `allowedHosts` when given: an exact, case-insensitive match
//   of the hostname (a trailing dot ignored). Subdomains are NOT included: "docs.google.com" does not
//   let "evil.docs.google.com" through, so an operator lists every host they mean.
// - the host's addresses are resolved first and every one must be public (addressCategory below), unless
//   `allowPrivate` (ALLOW_PRIVATE_FETCH) lets loopback and private ranges through; link-local and cloud
//   metadata addresses never pass (refusedCategory below, decisions.md §10, which SMTP and IMAP share:
//   mail/mail-host.ts). The connection then goes to the address that was checked: the
//   request's `lookup` hands back that address, so there is no second DNS look-up for a rebinding DNS
//   server to answer differently. TLS still verifies the certificate against the hostname. A caller
//   making a run of requests to one peer may keep sockets (`connections`, kept-connections.ts): one is
//   reused only for the address the guard has just checked, so reuse never skips the check.
// - redirects are followed by hand, at most MAX_REDIRECTS, and every hop is checked again (scheme, host,
//   addresses).
// - one deadline (`timeoutMs`) covers the look-ups, the redirects and the body (a caller's `signal` may
//   end it sooner); the body (after any gzip/deflate/br decoding) stops at `maxBytes`. With `okBody`
//   (webhooks) a 2xx status settles the request instead: its body is read only a little, briefly, and
//   cut, never failing it.
// - a GET by default; a POST (the model endpoint, webhooks) sends its body once and follows no redirect
//   (the redirect answer comes back as it is).
// safeFetchText wants a 2xx answer; safeFetch hands back any status with its body (an error answer's
// body cut at ERROR_BODY_BYTES), for clients that read the endpoint's own error (model, verifier).
// Refusals are AppErrors (decisions.md allows only 4xx for bad input):
//   400 invalid_url          not an absolute http(s) URL (also a redirect to one)
//   400 host_not_allowed     host not in allowedHosts (details.host)
//   400 address_not_allowed  host resolves to a loopback/private/link-local/metadata/… address
//   400 fetch_timeout        no complete answer within timeoutMs
//   400 fetch_failed         unknown host, connection/TLS error, a non-2xx answer (details.status),
//                            too many redirects, or an encoding we cannot read
//   413 fetch_too_large      the answer is larger than maxBytes (details.max_bytes)
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { AppError } from '../contracts/errors';
import type { KeptConnections, PinnedAddress } from './kept-connections';

export const MAX_REDIRECTS = 5;

/** One address a hostname resolves to: the address a request is pinned to once the guard checked it. */
export type ResolvedAddress = PinnedAddress;

export interface SafeFetchOptions {
  /** Hostnames that may be fetched (exact match, case-insensitive). Undefined: any public host. */
  allowedHosts?: readonly string[];
  /** Domains (the domain itself and its subdomains) a redirect from an allowed host may lead to, over
   *  https only, though a link may not start there: where a publisher serves its files from (Google
   *  Sheets answers a published CSV link with a redirect to *.googleusercontent.com). */
  redirectDomains?: readonly string[];
  /** Let loopback/private/link-local addresses through (ALLOW_PRIVATE_FETCH=true). */
  allowPrivate: boolean;
  /** Largest body accepted, in bytes after decoding. */
  maxBytes: number;
  /** Deadline for the whole fetch, redirects included. */
  timeoutMs: number;
  /** The caller's own end (a reply poll's deadline): once it aborts, the request is dropped (its socket
   *  closed) and the fetch rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Exact addresses trusted despite the guard (a known internal service; tests use it for a loopback peer). */
  trustedAddresses?: readonly string[];
  /** GET unless told; redirects are followed for GET only. */
  method?: 'GET' | 'POST';
  /** Sent as given, over the defaults (accept, accept-encoding, user-agent). */
  headers?: Readonly<Record<string, string>>;
  /** The request body (POST). */
  body?: string;
  /** Resolves a hostname to its addresses; the system resolver (getaddrinfo, /etc/hosts) by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Certificate authorities (PEM) trusted for https beside the system's: a private issuer's CA (tests
   *  hand in a throw-away one; a process reads NODE_EXTRA_CA_CERTS by itself at start). */
  extraCa?: readonly string[];
  /** Keep-alive sockets for a run of requests to one peer (kept-connections.ts), reused only for the
   *  address the guard has just checked; without them every hop opens a socket of its own. */
  connections?: KeptConnections;
  /** A 2xx answer is settled by its status line and headers (webhooks, decisions.md §8): its body is
   *  kept up to `maxBytes` (undecoded, empty unless plain) and waited for up to `waitMs`; a body larger,
   *  slower or broken off is cut (its socket closed) and is no failure, nor is the deadline once the
   *  status arrived. A body that ends in time leaves a kept socket reusable. */
  okBody?: { maxBytes: number; waitMs: number };
}

// ---------------------------------------------------------------------------------------------------
// The address classifier (pure; reused by every outbound HTTP client).

export type AddressCategory =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'shared' // carrier-grade NAT 100.64/10
  | 'multicast'
  | 'reserved'
  | 'unique_local'
  | 'metadata'; // a cloud metadata service outside the link-local ranges (AWS's IPv6 fd00:ec2::254)

interface Range {
  bytes: number[];
  bits: number;
  category: AddressCategory;
}

const v4 = (a: number, b: number, c: number, d: number, bits: number, category: AddressCategory): Range => ({
  bytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, a, b, c, d],
  bits: 96 + bits,
  category,
});

/** Non-public ranges. IPv4 ranges are written in their IPv4-mapped form (::ffff:a.b.c.d). */
const RANGES: Range[] = [
  v4(0, 0, 0, 0, 8, 'unspecified'), // "this network"; 0.0.0.0 reaches the local host on Linux
  v4(10, 0, 0, 0, 8, 'private'),
  v4(100, 64, 0, 0, 10, 'shared'),
  v4(127, 0, 0, 0, 8, 'loopback'),
  v4(169, 254, 0, 0, 16, 'link_local'), // includes the cloud metadata address 169.254.169.254
  v4(172, 16, 0, 0, 12, 'private'),
  v4(192, 0, 0, 0, 24, 'reserved'), // IETF protocol assignments
  v4(192, 0, 2, 0, 24, 'reserved'), // documentation
  v4(192, 168, 0, 0, 16, 'private'),
  v4(198, 18, 0, 0, 15, 'reserved'), // benchmarking
  v4(198, 51, 100, 0, 24, 'reserved'), // documentation
  v4(203, 0, 113, 0, 24, 'reserved'), // documentation
  v4(224, 0, 0, 0, 4, 'multicast'),
  v4(240, 0, 0, 0, 4, 'reserved'), // includes broadcast 255.255.255.255
  { bytes: new Array(16).fill(0), bits: 128, category: 'unspecified' }, // ::
  { bytes: [...new Array(15).fill(0), 1], bits: 128, category: 'loopback' }, // ::1
  { bytes: [0x01, 0, 0, 0, 0, 0, 0, 0], bits: 64, category: 'reserved' }, // 100::/64 discard
  { bytes: [0x20, 0x01, 0x0d, 0xb8], bits: 32, category: 'reserved' }, // 2001:db8::/32 documentation
  // Before fc00::/7, which holds it: the first matching range names the address.
  { bytes: [0xfd, 0, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54], bits: 128, category: 'metadata' }, // fd00:ec2::254
  { bytes: [0xfc], bits: 7, category: 'unique_local' }, // fc00::/7
  { bytes: [0xfe, 0x80], bits: 10, category: 'link_local' }, // fe80::/10
  { bytes: [0xfe, 0xc0], bits: 10, category: 'private' }, // fec0::/10 (deprecated site-local)
  { bytes: [0xff], bits: 8, category: 'multicast' },
];

function parseV4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return out.every((n) => n >= 0 && n <= 255) ? out : null;
}

/** The 16 bytes of an IPv6 address (zone id dropped, embedded dotted quad allowed); null if malformed. */
function parseV6(raw: string): number[] | null {
  const s = raw.replace(/%.*$/, '');
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      if (i === pieces.length - 1 && p.includes('.')) {
        const quad = parseV4(p);
        if (!quad) return null;
        out.push((quad[0] << 8) | quad[1], (quad[2] << 8) | quad[3]);
      } else if (/^[0-9a-f]{1,4}$/i.test(p)) out.push(parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [...head, ...new Array(missing).fill(0), ...tail];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** An address as 16 bytes, IPv4 in its IPv4-mapped form; null when it is not an IP address. */
function addressBytes(ip: string): number[] | null {
  const quad = isIP(ip) === 4 ? parseV4(ip) : null;
  if (quad) return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...quad];
  return isIP(ip.replace(/%.*$/, '')) === 6 ? parseV6(ip) : null;
}

function inRange(bytes: number[], range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit += 8) {
    const left = Math.min(8, range.bits - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    if ((bytes[bit / 8] & mask) !== ((range.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 carried inside an IPv6 address by a translation scheme, which would reach that IPv4 host. */
function embeddedV4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 12) && !zeros(12, 16)) return bytes.slice(12); // ::a.b.c.d (IPv4-compatible, deprecated)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return bytes.slice(12); // 64:ff9b::/96 NAT64
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6); // 2002::/16 6to4
  return null;
}

/**
 * Why an address must not be reached from the server, or null for a public address. IPv4-mapped
 * (::ffff:127.0.0.1), IPv4-compatible, NAT64 and 6to4 forms are judged by the IPv4 address they carry.
 * Anything that is not an IP address counts as 'reserved'.
 */
export function addressCategory(ip: string): AddressCategory | null {
  const bytes = addressBytes(ip.trim());
  if (!bytes) return 'reserved';
  const own = RANGES.find((r) => inRange(bytes, r))?.category;
  if (own) return own;
  const inner = embeddedV4(bytes);
  if (!inner) return null;
  const mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...inner];
  return RANGES.find((r) => inRange(mapped, r))?.category ?? null;
}

export const isPublicAddress = (ip: string): boolean => addressCategory(ip) === null;

/** What no setting lets the server reach: link-local ranges (169.254.0.0/16 with the cloud metadata
 *  address 169.254.169.254, fe80::/10) and other metadata addresses. decisions.md §10 */
const NEVER_REACHABLE: ReadonlySet<AddressCategory> = new Set(['link_local', 'metadata']);

/**
 * The guard's verdict on one address, shared by outbound HTTP and by SMTP/IMAP (mail/mail-host.ts): the
 * category that refuses it, or null when it may be reached. `allowPrivate` (ALLOW_PRIVATE_FETCH) lets
 * every non-public category through except link-local and metadata addresses. decisions.md §10
 */
export function refusedCategory(ip: string, allowPrivate: boolean): AddressCategory | null {
  const category = addressCategory(ip);
  if (category === null || (allowPrivate && !NEVER_REACHABLE.has(category))) return null;
  return category;
}

// ---------------------------------------------------------------------------------------------------
// The fetch.

const invalidUrl = () => new AppError('invalid_url', 'The link must be an absolute http:// or https:// URL.');
const fetchFailed = (message: string, details?: Record<string, unknown>) => new AppError('fetch_failed', message, details);

/** A hostname as compared and resolved: lower case, no brackets around IPv6, no trailing dot. */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

export function isHostAllowed(host: string, allowedHosts: readonly string[] | undefined): boolean {
  if (!allowedHosts) return true;
  const h = normalizeHost(host);
  return allowedHosts.some((a) => normalizeHost(a) === h);
}

/** Whether host is one of the domains or under one of them (a dot boundary: evilgoogleusercontent.com is not). */
export function isInDomains(host: string, domains: readonly string[] | undefined): boolean {
  const h = normalizeHost(host);
  return (domains ?? []).some((d) => {
    const domain = normalizeHost(d);
    return h === domain || h.endsWith(`.${domain}`);
  });
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A host's addresses: an IP literal as itself, a name through `resolve` (the system resolver unless
 *  given). Empty when the name cannot be resolved. `host` is normalised (normalizeHost). */
export async function resolveHost(host: string, resolve: (hostname: string) => Promise<ResolvedAddress[]> = systemResolve): Promise<ResolvedAddress[]> {
  const literal = isIP(host);
  if (literal) return [{ address: host, family: literal === 6 ? 6 : 4 }];
  try {
    return await resolve(host);
  } catch {
    return [];
  }
}

/** Parses and checks one hop's URL; returns it with the address to connect to. */
async function checkHop(raw: string | URL, opts: SafeFetchOptions, hop: number): Promise<{ url: URL; pinned: ResolvedAddress }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl();
  const host = normalizeHost(url.hostname);
  if (!host) throw invalidUrl();
  const redirectTarget = hop > 0 && url.protocol === 'https:' && isInDomains(host, opts.redirectDomains);
  if (!redirectTarget && !isHostAllowed(host, opts.allowedHosts)) {
    throw new AppError('host_not_allowed', `Links from ${host} are not accepted; allowed hosts: ${(opts.allowedHosts ?? []).join(', ')}.`, { host });
  }

  const addresses = await resolveHost(host, opts.resolve);
  if (!addresses.length) throw fetchFailed(`The host ${host} could not be found.`, { host });
  // Every address must pass: a name that mixes public and private answers is refused outright.
  const bad = addresses.find((a) => refusedCategory(a.address, opts.allowPrivate) !== null && !opts.trustedAddresses?.includes(a.address));
  if (bad) {
    const category = addressCategory(bad.address);
    throw new AppError('address_not_allowed', `The host ${host} points at a ${category} address, which the server does not fetch from.`, { host, category });
  }
  return { url, pinned: addresses[0] };
}

/** A `lookup` for the socket that answers with the address already checked, never asking DNS again. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

interface Hop {
  status: number;
  location: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer | null;
}

/** An answer from safeFetch: any status, its body decoded as UTF-8. */
export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** How much of a non-2xx answer's body is kept (an endpoint's error message, not a page to read). */
export const ERROR_BODY_BYTES = 16_384;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function decoder(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw fetchFailed(`The answer uses a content encoding the server cannot read (${encoding}).`);
  }
}

/** A kept socket the peer had closed when it was reused: the request got no answer on it. */
class StaleSocket extends Error {}

/** One request to the pinned address, on a kept socket when the caller keeps them; a kept socket the
 *  peer closed meanwhile (its keep-alive ran out as the request went) costs one more try on a new one. */
async function requestHop(url: URL, pinned: ResolvedAddress, opts: SafeFetchOptions, signal: AbortSignal): Promise<Hop> {
  const agent = opts.connections?.agentFor(url.protocol, pinned) ?? false;
  try {
    return await requestOnce(url, pinned, opts, signal, agent);
  } catch (err) {
    if (!(err instanceof StaleSocket)) throw err;
    return requestOnce(url, pinned, opts, signal, false);
  }
}

/** One request to the pinned address. Redirect answers to a GET come back without their body. */
function requestOnce(url: URL, pinned: ResolvedAddress, opts: SafeFetchOptions, signal: AbortSignal, agent: http.Agent | false): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const method = opts.method ?? 'GET';
    const req = client.request(url, {
      method,
      // false: a fresh socket for this hop. An agent: kept sockets to this very address (requestHop).
      agent,
      lookup: pinnedLookup(pinned),
      ...(opts.extraCa?.length && url.protocol === 'https:' ? { ca: [...tls.rootCertificates, ...opts.extraCa] } : {}),
      signal,
      headers: {
        accept: 'text/csv, text/plain;q=0.9, */*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'outreach-service',
        ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}),
        ...opts.headers,
      },
    });
    let answered = false;
    /** Set once a 2xx settled by its status (okBody) arrived: an error after it ends the body, not the request. */
    let cutOkBody: (() => void) | null = null;
    req.on('error', (err) => {
      if (cutOkBody) return cutOkBody();
      const code = (err as NodeJS.ErrnoException).code;
      if (req.reusedSocket && !answered && (code === 'ECONNRESET' || code === 'EPIPE')) reject(new StaleSocket(err.message));
      else reject(err);
    });
    req.on('response', (res) => {
      answered = true;
      const status = res.statusCode ?? 0;
      if (method === 'GET' && REDIRECTS.has(status)) {
        res.resume();
        resolve({ status, location: res.headers.location, headers: res.headers, body: null });
        return;
      }
      // An error answer: only its first ERROR_BODY_BYTES are kept, and its size is no failure.
      const ok = status >= 200 && status < 300;
      if (ok && opts.okBody) {
        cutOkBody = keepOkAnswer(res, status, opts.okBody, resolve);
        return;
      }
      const limit = ok ? opts.maxBytes : Math.min(opts.maxBytes, ERROR_BODY_BYTES);
      const tooLarge = () =>
        new AppError('fetch_too_large', `The linked file is larger than ${opts.maxBytes} bytes; split it or send a smaller one.`, { max_bytes: opts.maxBytes });
      // Settle first, then tear down: destroying the response emits 'aborted'/'error' synchronously.
      let source: NodeJS.ReadableStream = res;
      const fail = (err: unknown) => {
        reject(err);
        res.destroy();
        if (source !== res) (source as zlib.Gunzip).destroy();
      };
      try {
        const encoding = String(res.headers['content-encoding'] ?? '')
          .trim()
          .toLowerCase();
        const inflate = decoder(encoding);
        const declared = Number(res.headers['content-length']);
        if (ok && !inflate && Number.isFinite(declared) && declared > opts.maxBytes) throw tooLarge();
        if (inflate) {
          res.on('error', (err) => inflate.destroy(err));
          source = res.pipe(inflate);
        }
      } catch (err) {
        return fail(err);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => resolve({ status, location: undefined, headers: res.headers, body: Buffer.concat(chunks) });
      source.on('data', (chunk: Buffer) => {
        if (!ok) {
          chunks.push(chunk.subarray(0, limit - size));
          size += chunk.length;
          if (size >= limit) {
            done();
            res.destroy();
            if (source !== res) (source as zlib.Gunzip).destroy();
          }
          return;
        }
        size += chunk.length;
        if (size > limit) return fail(tooLarge());
        chunks.push(chunk);
      });
      source.on('error', (err) => reject(err));
      source.on('end', done);
      res.on('aborted', () => reject(fetchFailed('The connection closed before the whole answer arrived.')));
    });
    req.end(opts.body);
  });
}

/** A 2xx answer settled by its status (SafeFetchOptions.okBody): resolves with what of the body came
 *  within the limits, at its end or at the first limit, error or close; returns what cuts it at once. */
function keepOkAnswer(res: http.IncomingMessage, status: number, limits: { maxBytes: number; waitMs: number }, resolve: (hop: Hop) => void): () => void {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const plain = encoding === '' || encoding === 'identity';
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const finish = (cut: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    resolve({ status, location: undefined, headers: res.headers, body: plain ? Buffer.concat(chunks) : Buffer.alloc(0) });
    // Settled first: destroying emits 'aborted'/'error'/'close', which find it done.
    if (cut) res.destroy();
  };
  const timer = setTimeout(() => finish(true), limits.waitMs);
  res.on('data', (chunk: Buffer) => {
    if (settled) return;
    chunks.push(chunk.subarray(0, Math.max(0, limits.maxBytes - size)));
    size += chunk.length;
    if (size > limits.maxBytes) finish(true);
  });
  res.on('end', () => finish(false));
  res.on('error', () => finish(true));
  res.on('aborted', () => finish(true));
  res.on('close', () => finish(true));
  return () => finish(true);
}

/**
 * GETs `url` under the guard above and returns the body decoded as UTF-8 (a byte-order mark dropped,
 * invalid bytes replaced). Throws the AppErrors listed at the top of this file.
 */
export async function safeFetchText(url: string, opts: SafeFetchOptions): Promise<string> {
  const answer = await safeFetch(url, opts);
  if (answer.status < 200 || answer.status >= 300) throw fetchFailed(`The link answered HTTP ${answer.status}.`, { status: answer.status });
  return answer.text;
}

/**
 * One request (GET by default) under the guard above: the answer whatever its status, its body decoded
 * as UTF-8. Throws the AppErrors listed at the top of this file for everything but the status.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const timeout = () => new AppError('fetch_timeout', `The link did not answer within ${Math.round(opts.timeoutMs / 1000)} seconds.`, { timeout_ms: opts.timeoutMs });
  /** Why the fetch ended early: its own deadline, or the caller's signal. */
  const ended = () => (timedOut ? timeout() : callerReason(opts.signal));
  const callerEnded = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', callerEnded, { once: true });
  // The look-ups cannot be aborted: race them against the deadline.
  const deadline = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(ended());
    else controller.signal.addEventListener('abort', () => reject(ended()), { once: true });
  });
  deadline.catch(() => undefined);

  try {
    let current: string | URL = url;
    for (let hop = 0; ; hop++) {
      const { url: checked, pinned }: { url: URL; pinned: ResolvedAddress } = await Promise.race([checkHop(current, opts, hop), deadline]);
      let answer: Hop;
      try {
        answer = await requestHop(checked, pinned, opts, controller.signal);
      } catch (err) {
        if (controller.signal.aborted) throw ended();
        if (err instanceof AppError) throw err;
        throw fetchFailed(`The link could not be read: ${(err as Error).message}.`, { host: normalizeHost(checked.hostname) });
      }
      if (REDIRECTS.has(answer.status) && !answer.body) {
        if (!answer.location) throw fetchFailed(`The link answered ${answer.status} without a Location to follow.`, { status: answer.status });
        if (hop >= MAX_REDIRECTS) throw fetchFailed(`The link redirected more than ${MAX_REDIRECTS} times.`, { status: answer.status });
        try {
          current = new URL(answer.location, checked);
        } catch {
          throw invalidUrl();
        }
        continue;
      }
      return { status: answer.status, headers: answer.headers, text: new TextDecoder('utf-8').decode(answer.body ?? Buffer.alloc(0)) };
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', callerEnded);
  }
}

/** A caller's abort reason (an Error, or the DOMException of AbortSignal.abort() and .timeout()) as it
 *  is; anything else as an Error saying the caller ended the request. */
function callerReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  const isError = typeof reason === 'object' && reason !== null && typeof (reason as { message?: unknown }).message === 'string';
  return isError ? (reason as Error) : new Error('The request was ended by its caller.');
}
