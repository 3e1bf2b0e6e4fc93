// The outside world, as the services see it: every side effect that leaves the process (SMTP, IMAP, DNS,
// outbound HTTP, the model endpoint, the address verifier), the clock and the job queue. Each is a port
// here, reached through the service's dependencies (ctx.deps.smtp, deps.http, …), never a module-level
// singleton, so a test swaps any of them (startService(config, { ports: { http: fake } })) and the coming
// areas (IMAP polling, prompt columns, webhooks) take them the same way.
//
// Declarations only: the real implementations are built in build-ports.ts, so an implementation
// (net/model-client.ts, …) imports the port it implements from here without a circle.
import type { Clock } from './clock';
import type { OAuthProviderName } from './config';
import type { JobQueue } from './job-queue';
import type { CheckResult, MailServerLogin, SmtpLogin } from '../mail/connection-test';
import type { OpenOptions } from '../mail/imap-client';
import type { InboundMessage, Unreadable } from '../mail/inbound-message';
import type { SmtpSender } from '../mail/smtp-sender';
import type { SmtpSessionOptions } from '../mail/smtp-thread';
import type { DnsResolver } from '../net/dns';
import type { SafeFetchOptions, SafeResponse } from '../net/safe-fetch';
import type { PeerWork } from '../security/peer-work';
import type { PasswordHashing } from '../security/crypto';

export type { Clock } from './clock';
export type { DnsResolver } from '../net/dns';
export type { JobData, JobQueue, JobSink } from './job-queue';

// --- SMTP --------------------------------------------------------------------------------------------

// Every SMTP and IMAP connection goes through the address guard (mail/mail-host.ts, decisions.md §10).

export interface SmtpPort {
  /** Sending sessions (one pooled SMTP session per inbox) until their close(): a dispatch call's, or a
   *  request's with shorter waits (send-now.ts). */
  sessions(opts?: SmtpSessionOptions): SmtpSender;
  /** Logs in and QUITs (the connection test). A failure is a result with a short detail; a host the
   *  address guard refuses throws 400 host_not_allowed. */
  testLogin(login: SmtpLogin): Promise<CheckResult>;
  /** Service stop begins: what requests wait on (answers' sessions, connection tests) ends at once, so
   *  they answer before the HTTP drain runs out; the jobs' sends finish within their own grace. */
  endRequestWork?(): void;
  /** Service stop, after the jobs drained: ends what the port holds (the SMTP thread). */
  close(): Promise<void>;
}

// --- IMAP --------------------------------------------------------------------------------------------

export interface ImapPort {
  /** Logs in and LOGOUTs (the connection test). A failure is a result with a short detail; a host the
   *  address guard refuses throws 400 host_not_allowed. */
  testLogin(login: MailServerLogin): Promise<CheckResult>;
  /** A logged-in session for reading (reply polling), TLS rules as in the connection test; throws when
   *  the login fails or the host is refused. Every wait is bounded; `signal` ends the session (its calls
   *  reject with the signal's reason). The caller closes it. */
  open(login: MailServerLogin, opts?: OpenOptions): Promise<ImapSession>;
  /** Parses messages read from a session, a result for each in order (mail/inbound-message.ts
   *  parseInbound; the real port does it on a thread of its own, a batch at a time, mail/parse-thread.ts).
   *  Malformed input resolves to { unreadable, reason }. */
  parseAll(raws: readonly Buffer[], opts?: { reports?: boolean }): Promise<(InboundMessage | Unreadable)[]>;
  /** Service stop begins: connection tests still waiting on a server end at once (SmtpPort's). */
  endRequestWork?(): void;
  /** Service stop, after the jobs drained: ends what the port holds (the parse thread). */
  close(): Promise<void>;
}

export interface ImapFolder {
  path: string;
  /** RFC 6154 special use (`\Junk`, `\Sent`, …) when the server marks one. */
  specialUse: string | null;
  /** The LIST flags (`\Noselect`, `\HasChildren`, …), as the server wrote them. */
  flags?: string[];
}

export interface ImapFolderState {
  /** UIDVALIDITY, as a decimal string (it is a 32-bit unsigned number). */
  uidValidity: string;
  uidNext: number;
  exists: number;
}

export interface ImapMessage {
  uid: number;
  /** The whole RFC 5322 message; empty when it was not downloaded (`tooLarge`). */
  source: Buffer;
  internalDate: Date | null;
  /** Set for a message over the size limit (decisions.md §10), which is not downloaded: its RFC822.SIZE. */
  tooLarge?: number;
}

/** Read-only by construction: folders are EXAMINEd, messages fetched with BODY.PEEK[] (decisions.md §6:
 *  the service never sets \Seen, moves, deletes or flags anything). */
export interface ImapSession {
  folders(): Promise<ImapFolder[]>;
  /** Opens a folder read-only (EXAMINE); fetchAfter reads from it. */
  examine(path: string): Promise<ImapFolderState>;
  /** The examined folder's messages with a UID above `afterUid`, in UID order, at most `limit`, and with
   *  `maxBytes` only as many as fit in it (RFC822.SIZE), though always at least one. A message over the
   *  size limit comes back with `tooLarge` and no body. */
  fetchAfter(afterUid: number, opts?: { limit?: number; maxBytes?: number }): Promise<ImapMessage[]>;
  /** The examined folder's lowest UID of a message that arrived on or after `since` (SEARCH SINCE, a
   *  whole day in the server's zone), or null when none did: where a first poll starts. */
  firstUidSince(since: Date): Promise<number | null>;
  /** What the server said it can do (after login), upper-case: placement tests look for X-GM-EXT-1. */
  capabilities(): string[];
  /** The examined folder's UIDs of messages whose header `field` contains one of `values` (UID SEARCH
   *  OR HEADER …), in UID order. */
  searchHeader(field: string, values: readonly string[]): Promise<number[]>;
  /** The named header fields of these messages of the examined folder (BODY.PEEK[HEADER.FIELDS (…)]), as
   *  the server sent them, in their order in the message; of each, at most `maxBytesEach` (64 KB) kept. */
  fetchHeaderFields(uids: readonly number[], fields: readonly string[], maxBytesEach?: number): Promise<{ uid: number; headers: string }[]>;
  /** Of these UIDs of the examined folder, those Gmail's search `query` matches (UID SEARCH UID … X-GM-RAW);
   *  only on a server that offers X-GM-EXT-1 (otherwise it throws). */
  gmailSearch(uids: readonly number[], query: string): Promise<number[]>;
  close(): Promise<void>;
}

// --- Outbound HTTP -----------------------------------------------------------------------------------

/** A request under the outbound guard (net/safe-fetch.ts); ALLOW_PRIVATE_FETCH is the port's to apply. */
export type OutboundRequest = Pick<
  SafeFetchOptions,
  'allowedHosts' | 'redirectDomains' | 'maxBytes' | 'timeoutMs' | 'signal' | 'method' | 'headers' | 'body' | 'connections' | 'okBody'
>;

export interface HttpPort {
  /** A 2xx answer's body; a refusal, failure or non-2xx answer is an AppError (safe-fetch.ts). */
  fetchText(url: string, req: OutboundRequest): Promise<string>;
  /** The answer whatever its status; a refusal, timeout or network failure is an AppError. */
  request(url: string, req: OutboundRequest): Promise<SafeResponse>;
}

// --- The model endpoint (OpenAI-compatible chat completions, LLM_*) ----------------------------------

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteOptions {
  maxTokens?: number;
  temperature?: number;
  timeoutMs?: number;
  /** The caller's own end (a reply poll's deadline or model budget): the call is dropped at once and
   *  rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ModelPort {
  /** The first choice's message content. 400 `model_not_configured` when LLM_BASE_URL is unset,
   *  `model_unreachable` / `model_failed` when the endpoint cannot be reached or answers an error. */
  complete(messages: ChatMessage[], opts?: CompleteOptions): Promise<string>;
}

// --- The address verifier (NeverBounce v4 single check, VERIFIER_URL; decisions.md §5) ---------------

export type Verdict = 'valid' | 'invalid' | 'risky' | 'unknown';

export interface VerifierResult {
  verdict: Verdict;
  /** `catchall`: risky, counted as catch-all. */
  catchAll: boolean;
  /** The verifier's own word (valid, invalid, disposable, catchall, unknown). */
  result: string;
}

export interface VerifierPort {
  /** Checks one address with the workspace's key. 400 `verifier_unreachable` / `verifier_failed` when
   *  the verifier cannot be reached or refuses (a bad key, no credits). */
  check(key: string, email: string): Promise<VerifierResult>;
}

// --- OAuth 2.0 providers (decisions.md §15, OAUTH_*) -------------------------------------------------

/** What a token endpoint gave: never logged, never answered (log-redaction.ts knows these names). */
export interface OAuthGrant {
  accessToken: string;
  /** Seconds the access token lives, when the provider says (expires_in). */
  expiresIn: number | null;
  /** A new refresh token (the first, or a rotated one); null when the old one stays. */
  refreshToken: string | null;
  /** The ID token's claims, checked (signature, issuer, audience, nonce, times); null without one. */
  claims: Readonly<Record<string, unknown>> | null;
}

export interface OAuthPort {
  /** The providers whose client id and secret are set (a provider is offered only then). */
  configured(): OAuthProviderName[];
  /** The provider's sign-in page for the authorization code flow with PKCE S256 (its endpoints from
   *  OpenID discovery). Rejects with OAuthFailure when the provider cannot be discovered. */
  authorizationUrl(provider: OAuthProviderName, req: OAuthAuthorization): Promise<string>;
  /** Redeems the code of the callback (`callback`: the redirect URI with the provider's query
   *  parameters) after checking its state; the ID token is checked against the nonce. */
  redeem(provider: OAuthProviderName, callback: URL, checks: { state: string; codeVerifier: string; nonce: string }): Promise<OAuthGrant>;
  /** A new access token from a refresh token; `tenant`: Microsoft's tid, whose issuer its ID tokens name. */
  refresh(provider: OAuthProviderName, refreshToken: string, tenant: string | null): Promise<OAuthGrant>;
  /** Revokes a token at the provider (RFC 7009); a provider without a revocation endpoint does nothing. */
  revoke(provider: OAuthProviderName, token: string): Promise<void>;
}

export interface OAuthAuthorization {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  nonce: string;
  /** The address to sign in as (a reconnect). */
  loginHint?: string;
}

// --- All of them -------------------------------------------------------------------------------------

export interface Ports {
  clock: Clock;
  dns: DnsResolver;
  smtp: SmtpPort;
  imap: ImapPort;
  http: HttpPort;
  model: ModelPort;
  verifier: VerifierPort;
  oauth: OAuthPort;
  jobs: JobQueue;
  /** The per-workspace cap on requests waiting on a mail server (peer-work.ts). */
  peerWork: PeerWork;
  /** Password hashes (security/crypto.ts): scrypt at decisions.md §10's cost. */
  passwords: PasswordHashing;
}
