// The address guard for SMTP and IMAP (decisions.md §10): every connection to an inbox's mail server
// (the connection test, sending, reply polling, answers) resolves the host once, checks every address with
// the rules of outbound HTTP (net/safe-fetch.ts refusedCategory: the same classifier, not a copy), and
// connects to the address it checked, so a DNS answer that changes between the check and the connection
// cannot move it. TLS still verifies the certificate against the host name (servername).
//
// Loopback and private ranges pass only with ALLOW_PRIVATE_FETCH=true; link-local and cloud metadata
// addresses never. A refusal is 400 `host_not_allowed`, raised before any connection is tried, so a
// refused host never tells an open port from a closed one.
import net from 'node:net';
import { AppError } from '../contracts/errors';
import { normalizeHost, refusedCategory, resolveHost, type ResolvedAddress } from '../net/safe-fetch';

export interface MailHostPolicy {
  /** ALLOW_PRIVATE_FETCH: loopback and private addresses may be reached. */
  allowPrivate: boolean;
  /** Resolves a host name (the system resolver, getaddrinfo and /etc/hosts, unless given). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/** A host and the one address a connection to it goes to. */
export interface PinnedHost {
  /** The host as the inbox names it: what TLS verifies the certificate against. */
  host: string;
  address: string;
}

/** How long a look-up may take before the host counts as not found. */
export const MAIL_HOST_LOOKUP_MS = 10_000;

/** Thrown (as the connection's error) when the host has no address: ENOTFOUND, like a socket's. */
export class MailHostNotFound extends Error {
  readonly code = 'ENOTFOUND';
  constructor(readonly host: string) {
    super(`getaddrinfo ENOTFOUND ${host}`);
  }
}

export function hostRefused(host: string, category: string, allowPrivate: boolean): AppError {
  const why = category === 'link_local' || category === 'metadata' || allowPrivate ? '' : ' (ALLOW_PRIVATE_FETCH is off)';
  return new AppError(
    'host_not_allowed',
    `The mail server ${host} points at a ${category} address, which the service does not connect to${why}; use the server's public host name.`,
    {
      host,
      category,
    },
  );
}

async function addressesOf(host: string, policy: MailHostPolicy, timeoutMs: number): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  // A look-up cannot be aborted: past the deadline its answer is ignored.
  const late = new Promise<ResolvedAddress[]>((resolve) => (timer = setTimeout(() => resolve([]), timeoutMs)));
  try {
    return await Promise.race([resolveHost(host, policy.resolve), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first address that the policy refuses, with its category, or null when all pass. */
function refusal(addresses: readonly ResolvedAddress[], policy: MailHostPolicy): { category: string } | null {
  for (const a of addresses) {
    const category = refusedCategory(a.address, policy.allowPrivate);
    if (category) return { category };
  }
  return null;
}

/**
 * Resolves `host` once and checks every address (a name that mixes allowed and refused answers is
 * refused outright). Throws 400 `host_not_allowed` for a refused host and MailHostNotFound when it has no
 * address; otherwise the address to connect to.
 */
export async function pinMailHost(host: string, policy: MailHostPolicy, timeoutMs = MAIL_HOST_LOOKUP_MS): Promise<PinnedHost> {
  const name = normalizeHost(host);
  const addresses = await addressesOf(name, policy, timeoutMs);
  if (!addresses.length) throw new MailHostNotFound(name);
  const refused = refusal(addresses, policy);
  if (refused) throw hostRefused(name, refused.category, policy.allowPrivate);
  // One address is connected to (nodemailer would resolve a name again): IPv4 first when the name has
  // both, as a local relay named `localhost` often listens on 127.0.0.1 alone.
  const chosen = addresses.find((a) => a.family === 4) ?? addresses[0]!;
  return { host: name, address: chosen.address };
}

/**
 * The check of a host as saved (creating or changing an inbox): 400 `host_not_allowed` when it is an
 * address, or resolves to addresses, the guard refuses. A name that does not resolve (yet) is accepted:
 * every connection checks it again.
 */
export async function checkMailHost(host: string, policy: MailHostPolicy, timeoutMs = MAIL_HOST_LOOKUP_MS): Promise<void> {
  const name = normalizeHost(host);
  const refused = refusal(await addressesOf(name, policy, timeoutMs), policy);
  if (refused) throw hostRefused(name, refused.category, policy.allowPrivate);
}

/** The name TLS checks the certificate against: the host name, or nothing for an IP literal. */
export const tlsServername = (pinned: PinnedHost): string | undefined => (net.isIP(pinned.host) ? undefined : pinned.host);
