// Logs in to an inbox's SMTP and IMAP servers to prove the saved details work (POST /mailboxes/:id/test).
//
// Transport security, the same rules the sending and reply-reading code must use:
// - SMTP `smtpSecure: true` is implicit TLS from the first byte (port 465). `smtpSecure: false` is
//   STARTTLS (port 587 or 25), and STARTTLS is REQUIRED: a server that does not offer it is refused rather
//   than sent the password in clear text.
// - IMAP port 993 is implicit TLS; any other port (143) must offer STARTTLS.
// - Certificates are always verified against the system CAs (a self-signed certificate fails with a
//   clear detail).
// - The one exception is a server on this machine (127.0.0.0/8, ::1, localhost): nothing crosses a
//   network, so plain text is allowed there (STARTTLS is still used when offered). Local relays and the
//   test peers in test/support rely on this.
// Results are short human lines; they never contain the password (scrubbed as a last defence too).
import net from 'node:net';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { createTransport } from 'nodemailer';

export interface MailServerLogin {
  host: string;
  port: number;
  username: string;
  password: string;
}

export interface SmtpLogin extends MailServerLogin {
  /** Implicit TLS (465) when true; STARTTLS otherwise. */
  secure: boolean;
}

export interface CheckResult {
  ok: boolean;
  detail: string;
}

export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** True for a host on this machine, where plain text never crosses a network. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** nodemailer options for an inbox's SMTP server (shared by the connection test and sending). */
export function smtpTransportOptions(login: SmtpLogin, timeoutMs = CONNECTION_TEST_TIMEOUT_MS) {
  return {
    host: login.host,
    port: login.port,
    secure: login.secure,
    requireTLS: !login.secure && !isLoopbackHost(login.host),
    auth: { user: login.username, pass: login.password },
    tls: { servername: net.isIP(login.host) ? undefined : login.host },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // No protocol logging (it would include the AUTH exchange); `logger` below only listens for TLS.
    debug: false,
  };
}

/** imapflow options for an inbox's IMAP server (shared by the connection test and reply polling). */
export function imapClientOptions(login: MailServerLogin, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): ImapFlowOptions {
  const secure = login.port === 993;
  return {
    host: login.host,
    port: login.port,
    secure,
    // true: STARTTLS or fail; undefined: STARTTLS when offered (loopback only).
    doSTARTTLS: secure ? undefined : isLoopbackHost(login.host) ? undefined : true,
    auth: { user: login.username, pass: login.password },
    servername: net.isIP(login.host) ? undefined : login.host,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
    disableAutoIdle: true,
  };
}

const where = (l: MailServerLogin) => `${l.host}:${l.port}`;

/** Removes the password (and the encodings AUTH PLAIN/LOGIN put on the wire) from a line. */
export function scrubSecret(text: string, login: MailServerLogin): string {
  const forms = [login.password, Buffer.from(login.password).toString('base64'), Buffer.from(`\0${login.username}\0${login.password}`).toString('base64')].filter(
    (f) => f.length >= 3,
  );
  let out = text;
  for (const form of forms) out = out.split(form).join('***');
  return out;
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

async function withDeadline<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connects to the SMTP server and logs in (EHLO, TLS as above, AUTH), then QUITs. */
export async function testSmtpLogin(login: SmtpLogin, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): Promise<CheckResult> {
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
  const transport = createTransport({ ...smtpTransportOptions(login, timeoutMs), logger });
  try {
    await withDeadline(transport.verify(), timeoutMs + 2000, () => transport.close());
    const security = login.secure ? 'TLS' : upgraded ? 'STARTTLS' : 'no TLS, local server';
    return { ok: true, detail: scrubSecret(`Logged in to ${where(login)} (${security})`, login) };
  } catch (e) {
    const err = e as NetError;
    let detail: string;
    if (err.code === 'EAUTH') {
      detail = `${where(login)} refused the login: ${typeof err.response === 'string' ? err.response : err.message}`;
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

/** Connects to the IMAP server and logs in (TLS as above, LOGIN/AUTHENTICATE), then LOGOUTs. */
export async function testImapLogin(login: MailServerLogin, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): Promise<CheckResult> {
  const client = new ImapFlow(imapClientOptions(login, timeoutMs));
  // imapflow also emits socket errors as events; the connect() promise reports them.
  client.on('error', () => undefined);
  try {
    await withDeadline(client.connect(), timeoutMs + 2000, () => client.close());
    const security = client.secureConnection ? (login.port === 993 ? 'TLS' : 'STARTTLS') : 'no TLS, local server';
    await client.logout().catch(() => client.close());
    return { ok: true, detail: scrubSecret(`Logged in to ${where(login)} (${security})`, login) };
  } catch (e) {
    client.close();
    const err = e as NetError;
    let detail: string;
    if (err.authenticationFailed) {
      detail = `${where(login)} refused the login: ${err.responseText ?? err.message ?? 'authentication failed'}`;
    } else {
      detail = networkProblem(err, login, timeoutMs, 993) ?? `IMAP login to ${where(login)} failed: ${err.responseText ?? err.message ?? String(e)}`;
    }
    return { ok: false, detail: oneLine(scrubSecret(detail, login)) };
  }
}
