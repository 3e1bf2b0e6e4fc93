// Hands one composed message to an inbox's SMTP server and says what happened, in the terms the sending
// engine acts on. The only sending code that speaks SMTP. Transports are pooled per inbox for the life
// of a dispatch tick (one TCP/TLS session carries that inbox's messages), then closed.
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { smtpTransportOptions, type SmtpLogin } from './connection-test';

/**
 * accepted  the server took the message (2xx after DATA).
 * rejected  a permanent refusal (5xx) of the recipient or the message: a hard bounce.
 * deferred  a temporary refusal (4xx) or no answer (connection refused, dropped, timed out): try later.
 * auth      the server refused our login or our sender: the inbox's problem, not the lead's.
 */
export type SmtpOutcome = 'accepted' | 'rejected' | 'deferred' | 'auth';

export interface SmtpResult {
  outcome: SmtpOutcome;
  /** The server's reply code when it gave one. */
  code: number | null;
  /** The server's reply text (or the connection error), one line. */
  detail: string;
  /** For a 5xx at MAIL FROM or a 5.7.x policy answer: the server refused the sender, not the address. */
  senderRefused: boolean;
}

export const SMTP_SEND_TIMEOUT_MS = 60_000;

interface NodemailerError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  rejected?: string[];
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 500);

/** Maps a nodemailer failure to what the engine does with it. Pure, unit-tested. */
export function classifySmtpError(err: NodemailerError): SmtpResult {
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const detail = oneLine(err.response || err.message || String(err));
  const command = (err.command ?? '').toUpperCase();
  if (err.code === 'EAUTH' || command.startsWith('AUTH') || code === 535 || code === 534 || code === 530) {
    return { outcome: 'auth', code, detail, senderRefused: true };
  }
  if (code !== null && code >= 500 && code < 600) {
    // A refusal at MAIL FROM is about our sender (its domain, reputation or rights), never the lead's address.
    if (command.startsWith('MAIL')) return { outcome: 'auth', code, detail, senderRefused: true };
    return { outcome: 'rejected', code, detail, senderRefused: /\b5\.7\.\d+/.test(detail) };
  }
  // 4xx replies, and every error without a reply (ECONNECTION, ETIMEDOUT, ESOCKET, EDNS, a dropped
  // connection): the message may be tried again.
  return { outcome: 'deferred', code, detail, senderRefused: false };
}

/** Sends messages over one pooled session per inbox; `close()` ends them all. */
export interface SmtpSender {
  /** Sends one message: nodemailer message options (it builds the MIME and the envelope), or raw MIME
   *  with its envelope. Never rejects with an SMTP failure: those are results. */
  send(inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult>;
  close(): void;
}

/** One sending session per inbox for a tick; `close()` ends them all. The engine runs these on the SMTP
 *  thread (smtp-thread.ts). */
export class SmtpSessions implements SmtpSender {
  private readonly transports = new Map<string, Transporter>();

  constructor(private readonly timeoutMs = SMTP_SEND_TIMEOUT_MS) {}

  private transport(inboxId: string, login: SmtpLogin): Transporter {
    let t = this.transports.get(inboxId);
    if (!t) {
      t = nodemailer.createTransport({ ...smtpTransportOptions(login, this.timeoutMs), pool: true, maxConnections: 1, maxMessages: 100 });
      this.transports.set(inboxId, t);
    }
    return t;
  }

  /** Sends one message: nodemailer message options (it builds the MIME and the envelope), or raw MIME
   *  with its envelope. Never throws. */
  async send(inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult> {
    const t = this.transport(inboxId, login);
    try {
      const info = await t.sendMail(message);
      const envelope = (info.envelope ?? message.envelope) as { to?: string[] } | undefined;
      const firstRecipient = envelope?.to?.[0]?.toLowerCase();
      const rejected = ((info.rejected ?? []) as (string | { address: string })[]).map((r) => (typeof r === 'string' ? r : r.address).toLowerCase());
      // cc/bcc refused while the lead was accepted still counts as delivered to the lead.
      if (firstRecipient && rejected.includes(firstRecipient)) {
        const resp = info.rejectedErrors?.[0] as NodemailerError | undefined;
        return resp ? classifySmtpError(resp) : { outcome: 'rejected', code: null, detail: 'recipient refused', senderRefused: false };
      }
      return { outcome: 'accepted', code: Number(String(info.response ?? '250').slice(0, 3)) || 250, detail: oneLine(String(info.response ?? '')), senderRefused: false };
    } catch (err) {
      const result = classifySmtpError(err as NodemailerError);
      // A broken session must not carry the next message: start a fresh one.
      if (result.outcome !== 'rejected') this.drop(inboxId);
      return result;
    }
  }

  private drop(inboxId: string): void {
    this.transports.get(inboxId)?.close();
    this.transports.delete(inboxId);
  }

  close(): void {
    for (const id of [...this.transports.keys()]) this.drop(id);
  }
}
