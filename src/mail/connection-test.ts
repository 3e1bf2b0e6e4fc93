// Logs in to an inbox's SMTP and IMAP servers to prove the saved details work (POST /mailboxes/:id/test).
//
// Transport security, the same rules the sending and reply-reading code must use:
// - SMTP `smtpSecure: true` is implicit TLS from the first byte (port 465). `smtpSecure: false` is
//   STARTTLS (port 587 or 25), and STARTTLS is REQUIRED: a server that does not offer it is refused rather
//   than sent the password in clear text.
// - IMAP port 993 is implicit TLS; any other port (143) must offer STARTTLS.
// - Certificates are always verified against the system CAs (a self-signed certificate fails with a
//   clear detail).
// - The one exception is a server on this machine (the address connected to is 127.0.0.0/8 or ::1):
//   nothing crosses a network, so plain text is allowed there (STARTTLS is still used when offered).
//   Local relays and the test peers in test/support rely on this (with ALLOW_PRIVATE_FETCH=true).
// - The host goes through the address guard first (mail-host.ts, decisions.md §10): resolved once,
//   checked, and the connection goes to that address; a refused host throws 400 host_not_allowed before
//   any connection is tried.
// - An inbox connected with OAuth (decisions.md §15) logs in with XOAUTH2 and an access token under the
//   same rules: only over TLS, plain text only to this machine (which the guard lets through only with
//   ALLOW_PRIVATE_FETCH).
// Results are short human lines; they never contain the password or the token (scrubbed as a last
// defence too).
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { createTransport } from 'nodemailer';
import { addressCategory } from '../net/safe-fetch';
import { MailHostNotFound, pinMailHost, tlsServername, type MailHostPolicy, type PinnedHost } from './mail-host';

/** A mail server and how to log in to it: a password, or an OAuth access token (XOAUTH2). */
export type MailServerLogin = { host: string; port: number; username: string } & ({ password: string; accessToken?: undefined } | { accessToken: string; password?: undefined });

export type SmtpLogin = MailServerLogin & {
  /** Implicit TLS (465) when true; STARTTLS otherwise. */
  secure: boolean;
};

export interface CheckResult {
  ok: boolean;
  detail: string;
  /** The server refused the credentials themselves (not the connection): an OAuth token is then refreshed once. */
  loginRefused?: boolean;
}

/** The secret a login carries, whichever kind. */
const secretOf = (login: MailServerLogin): string => login.accessToken ?? login.password ?? '';

export const CONNECTION_TEST_TIMEOUT_MS = 10_000;
/** The most one answer of an IMAP server may hold during the connection test (a line, a literal, the
 *  whole response). The test reads a greeting, a capability list and the login's answer, a few hundred
 *  bytes each; without a bound imapflow takes literals up to 1 GiB, so a hostile server the test was
 *  pointed at could fill the process's memory (decisions.md §10), as it could a poll's (imap-client.ts
 *  MAX_SESSION_RESPONSE_BYTES, which leaves room for a 25 MB message the test never reads). */
export const CONNECTION_TEST_MAX_RESPONSE_BYTES = 1024 * 1024;

/** True for an address on this machine (127.0.0.0/8, ::1 and their IPv4-mapped forms), where plain
 *  text never crosses a network. Judged on the address connected to, never on the name. */
export const isLoopbackAddress = (address: string): boolean => addressCategory(address) === 'loopback';

/** nodemailer options for an inbox's SMTP server (shared by the connection test and sending): the
 *  connection goes to the pinned address, TLS checks the host name. */
export function smtpTransportOptions(login: SmtpLogin, pinned: PinnedHost, timeoutMs = CONNECTION_TEST_TIMEOUT_MS) {
  const servername = tlsServername(pinned);
  return {
    host: pinned.address,
    port: login.port,
    secure: login.secure,
    requireTLS: !login.secure && !isLoopbackAddress(pinned.address),
    // decisions.md §15: XOAUTH2 with the token given; nodemailer never refreshes it (the caller does).
    auth: login.accessToken !== undefined ? { type: 'OAuth2' as const, user: login.username, accessToken: login.accessToken } : { user: login.username, pass: login.password },
    servername,
    tls: { servername },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // No protocol logging (it would include the AUTH exchange); `logger` below only listens for TLS.
    debug: false,
  };
}

/** imapflow options for an inbox's IMAP server (shared by the connection test and reply polling): the
 *  connection goes to the pinned address, TLS checks the host name. */
export function imapClientOptions(login: MailServerLogin, pinned: PinnedHost, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): ImapFlowOptions {
  const secure = login.port === 993;
  return {
    host: pinned.address,
    port: login.port,
    secure,
    // true: STARTTLS or fail; undefined: STARTTLS when offered (loopback only).
    doSTARTTLS: secure ? undefined : isLoopbackAddress(pinned.address) ? undefined : true,
    auth: login.accessToken !== undefined ? { user: login.username, accessToken: login.accessToken } : { user: login.username, pass: login.password },
    servername: tlsServername(pinned),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
    disableAutoIdle: true,
  };
}

const where = (l: MailServerLogin) => `${l.host}:${l.port}`;

/** Removes the password or token (and the encodings AUTH PLAIN/LOGIN/XOAUTH2 put on the wire) from a line. */
export function scrubSecret(text: string, login: MailServerLogin): string {
  const secret = secretOf(login);
  const forms = [
    secret,
    Buffer.from(secret).toString('base64'),
    Buffer.from(`\0${login.username}\0${secret}`).toString('base64'),
    Buffer.from(`user=${login.username}\x01auth=Bearer ${secret}\x01\x01`).toString('base64'),
  ].filter((f) => f.length >= 3);
  let out = text;
  for (const form of forms) out = out.split(form).join('***');
  return out;
}

/** nodemailer's own words when a server refused an access token: it then asks its (absent) token
 *  generator for another, and says that failed; say what happened instead. */
export function xoauth2Refusal(err: { message?: string }, login: MailServerLogin): string {
  if (login.accessToken !== undefined && /access token/i.test(err.message ?? '')) return 'the access token was not accepted (XOAUTH2)';
  return err.message ?? 'authentication failed';
}

/** One line, at most 300 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}

interface NetError {
  code?: string;
  message?: string;
  response?: string | unknown;
  responseCode?: number;
  responseText?: string;
  authenticationFailed?: boolean;
  tlsFailed?: boolean;
  reason?: string;
}

const NO_STARTTLS = /does not support (required )?STARTTLS|Error upgrading connection with STARTTLS|STARTTLS is not possible/i;

/** What went wrong at the socket, DNS or TLS level, or null when the error is not one of those. */
function networkProblem(err: NetError, login: MailServerLogin, timeoutMs: number, tlsPort: number): string | null {
  const at = where(login);
  const text = `${err.code ?? ''} ${err.message ?? ''}`;
  if (err.code === STOPPED) return `The test of ${at} was stopped: the service is shutting down`;
  if (NO_STARTTLS.test(text)) {
    return `${at} does not offer STARTTLS, and the password is only sent encrypted (use implicit TLS on port ${tlsPort} if the server has it)`;
  }
  if (/ECONNREFUSED/.test(text)) return `Could not connect to ${at}: connection refused (nothing listening on that port)`;
  if (/ENOTFOUND|EAI_AGAIN|EDNS|getaddrinfo/.test(text)) return `Could not connect to ${at}: host ${login.host} not found`;
  if (/EHOSTUNREACH|ENETUNREACH/.test(text)) return `Could not connect to ${at}: host unreachable`;
  if (/wrong version number|packet length too long/i.test(text)) {
    return `TLS with ${at} failed: the server does not speak TLS from the start on this port (implicit TLS is for port ${tlsPort}; turn it off for a STARTTLS port)`;
  }
  if (/CERT|certificate|self[- ]signed|SSL|TLS/i.test(text) || err.tlsFailed) {
    return `TLS with ${at} failed: ${err.message ?? err.code}`;
  }
  if (/ETIMEDOUT|TIMEOUT|timed? ?out/i.test(text)) return `No answer from ${at} within ${Math.round(timeoutMs / 1000)} s`;
  if (/ECONNRESET|EPIPE|closed|NoConnection|ESOCKET/i.test(text)) return `${at} closed the connection before the login finished`;
  return null;
}

/** The error a login helper ends with when its caller gives up (the service is stopping). */
const STOPPED = 'ESTOPPED';

/** `work`, or a timeout at `ms` (none when infinite), or the caller's abort: either way `onLate` tears
 *  the connection down. */
export async function withDeadline<T>(work: Promise<T>, ms: number, onLate: () => void, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const late = new Promise<never>((_, reject) => {
    if (Number.isFinite(ms)) {
      timer = setTimeout(() => {
        onLate();
        reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
      }, ms);
    }
    onAbort = () => {
      onLate();
      reject(Object.assign(new Error('stopped: the service is shutting down'), { code: STOPPED }));
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** The host's address under the guard; a host with no address becomes a failed check, a refused one
 *  throws 400 host_not_allowed (mail-host.ts). */
async function pinned(login: MailServerLogin, policy: MailHostPolicy, timeoutMs: number): Promise<PinnedHost | CheckResult> {
  try {
    return await pinMailHost(login.host, policy, timeoutMs);
  } catch (err) {
    if (err instanceof MailHostNotFound) return { ok: false, detail: `Could not connect to ${where(login)}: host ${login.host} not found` };
    throw err;
  }
}

/** What is left of a login's whole deadline (its waits' timeout and 2 s), the host's look-up included. */
const left = (started: number, timeoutMs: number) => Math.max(1, timeoutMs + 2000 - (Date.now() - started));

/** Connects to the SMTP server and logs in (EHLO, TLS as above, AUTH), then QUITs. A refused host
 *  throws 400 host_not_allowed; every other failure is a result. `signal` ends it early (service stop). */
export async function testSmtpLogin(login: SmtpLogin, policy: MailHostPolicy, timeoutMs = CONNECTION_TEST_TIMEOUT_MS, signal?: AbortSignal): Promise<CheckResult> {
  const started = Date.now();
  const target = await pinned(login, policy, timeoutMs);
  if ('ok' in target) return target;
  let upgraded = false;
  // nodemailer's logger interface; it reports a STARTTLS upgrade at info level.
  const noop = () => undefined;
  const logger = {
    info: (_meta: unknown, message?: string) => {
      if (typeof message === 'string' && /upgraded with STARTTLS/i.test(message)) upgraded = true;
    },
    debug: noop,
    trace: noop,
    warn: noop,
    error: noop,
    fatal: noop,
    level: noop,
  };
  const transport = createTransport({ ...smtpTransportOptions(login, target, timeoutMs), logger });
  try {
    await withDeadline(transport.verify(), left(started, timeoutMs), () => transport.close(), signal);
    const security = login.secure ? 'TLS' : upgraded ? 'STARTTLS' : 'no TLS, local server';
    return { ok: true, detail: scrubSecret(`Logged in to ${where(login)} (${security})`, login) };
  } catch (e) {
    const err = e as NetError;
    let detail: string;
    if (err.code === 'EAUTH') {
      detail = `${where(login)} refused the login: ${typeof err.response === 'string' ? err.response : xoauth2Refusal(err, login)}`;
      return { ok: false, detail: oneLine(scrubSecret(detail, login)), loginRefused: true };
    } else {
      detail =
        networkProblem(err, login, timeoutMs, 465) ??
        (typeof err.response === 'string' ? `${where(login)} answered: ${err.response}` : `SMTP login to ${where(login)} failed: ${err.message ?? String(e)}`);
    }
    return { ok: false, detail: oneLine(scrubSecret(detail, login)) };
  } finally {
    transport.close();
  }
}

/** Connects to the IMAP server and logs in (TLS as above, LOGIN/AUTHENTICATE), then LOGOUTs. A refused
 *  host throws 400 host_not_allowed; every other failure is a result. `signal` ends it early. */
export async function testImapLogin(login: MailServerLogin, policy: MailHostPolicy, timeoutMs = CONNECTION_TEST_TIMEOUT_MS, signal?: AbortSignal): Promise<CheckResult> {
  const started = Date.now();
  const target = await pinned(login, policy, timeoutMs);
  if ('ok' in target) return target;
  const max = CONNECTION_TEST_MAX_RESPONSE_BYTES;
  const client = new ImapFlow({ ...imapClientOptions(login, target, timeoutMs), maxLineLength: max, maxLiteralSize: max, maxResponseSize: 2 * max });
  // imapflow also emits socket errors as events; the connect() promise reports them.
  client.on('error', () => undefined);
  try {
    await withDeadline(client.connect(), left(started, timeoutMs), () => client.close(), signal);
    const security = client.secureConnection ? (login.port === 993 ? 'TLS' : 'STARTTLS') : 'no TLS, local server';
    // LOGOUT is one more wait on the server: bounded too, then the socket is simply closed.
    await withDeadline(client.logout(), timeoutMs, () => client.close(), signal).catch(() => client.close());
    return { ok: true, detail: scrubSecret(`Logged in to ${where(login)} (${security})`, login) };
  } catch (e) {
    client.close();
    const err = e as NetError;
    let detail: string;
    if (err.authenticationFailed) {
      detail = `${where(login)} refused the login: ${err.responseText ?? err.message ?? 'authentication failed'}`;
      return { ok: false, detail: oneLine(scrubSecret(detail, login)), loginRefused: true };
    } else {
      detail = networkProblem(err, login, timeoutMs, 993) ?? `IMAP login to ${where(login)} failed: ${err.responseText ?? err.message ?? String(e)}`;
    }
    return { ok: false, detail: oneLine(scrubSecret(detail, login)) };
  }
}
