// Bounces (decisions.md §6, first in the order): an RFC 3464 delivery status notification, or the text
// forms mailer daemons send without one. A sender named postmaster or mailer-daemon is never enough on its
// own: Microsoft 365 sends out-of-office replies from such addresses (fixtures
// m365-ooo-postmaster*.eml). Every non-standard rule needs a vendor's wording in the subject or the body.
import type { InboundMessage } from '../../../mail/inbound-message';
import { cutChars } from '../reply-text';

export interface BounceInfo {
  permanent: boolean;
  status: string | null;
  recipient: string | null;
  diagnostic: string | null;
  returnedMessageId: string | null;
}

export interface BounceMatch {
  rule: string;
  evidence: string;
  bounce: BounceInfo;
}

const DAEMON = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon|microsoftexchange[0-9a-f]*)@/i;

/** Non-standard bounces: a vendor's subject or body wording. `strong` body phrases are enough alone; a
 *  subject also needs a daemon sender or an SMTP status in the text, since a person can write any subject. */
const VENDORS: { rule: string; subject?: RegExp; strong: RegExp[] }[] = [
  {
    rule: 'dsn_nonstandard_exchange',
    subject: /^(undeliverable|unzustellbar|non remis|no se puede entregar|non recapitabile|não é possível entregar|onbestelbaar):/i,
    // decisions.md §10: patterns stay linear on hostile text (a bounded `to …`, one-line addresses,
    // whitespace runs matched one way only); test/unit/linear-text.test.ts checks them on hostile text.
    strong: [/Delivery has failed to these recipients or groups/i, /Your message (to .{1,500} )?couldn't be delivered/i],
  },
  {
    rule: 'dsn_nonstandard_gmail',
    subject: /^Delivery Status Notification \((Failure|Delay)\)/i,
    strong: [/^\*\* ?Address not found ?\*\*/im, /Your message wasn't delivered to \S+ because/i, /^\*\* ?Message not delivered ?\*\*/im],
  },
  {
    rule: 'dsn_nonstandard_postfix',
    subject: /^Undelivered Mail Returned to Sender/i,
    strong: [/This is the mail system at host \S+/i, /^The mail system[^\S\n]*\n\s*<[^<>\n]+>: (host|delivery|connect)/im],
  },
  {
    rule: 'dsn_nonstandard_exim',
    subject: /^(Mail delivery failed: returning message to sender|Warning: message \S+ delayed)/i,
    strong: [/This message was created automatically by mail delivery software/i, /SMTP error from remote mail server after (RCPT TO|MAIL FROM|end of data)/i],
  },
  {
    rule: 'dsn_nonstandard_other',
    subject: /^(Returned mail: see transcript for details|failure notice|Delivery failure|Undeliverable mail|Mail delivery failed)/i,
    strong: [/^Hi\. This is the qmail-send program/im],
  },
];

// An enhanced status code (RFC 3463) standing alone: text bounces print the remote host's address before
// it ("host mx.example [4.28.1.9] … 550 5.1.1"), and three parts of an IPv4 address are no status. So
// neither a dot or word character before it nor ".digit" after it.
const STATUS = /(?<![\w.])([245])\.(\d{1,3})\.(\d{1,3})\b(?!\.\d)/;
const SMTP_CODE = /(?:^|[\s:(])([45]\d\d)(?=[\s-])/m;
const DELAY = /\b(delayed|delay|not yet been delivered|will (continue|keep) (trying|to try)|still trying|retry)\b/i;

export function matchBounce(msg: InboundMessage): BounceMatch | null {
  return standardDsn(msg) ?? nonStandard(msg);
}

function standardDsn(msg: InboundMessage): BounceMatch | null {
  const ds = msg.deliveryStatus;
  // The delivery-status part decides, wherever it sits in the message's own tree: a gateway may wrap the
  // multipart/report in a multipart/mixed. A DSN someone forwards as message/rfc822 is not parsed into
  // deliveryStatus (parseInbound keeps embedded messages whole), so it cannot match here.
  if (!ds) return null;
  const where =
    msg.contentType === 'multipart/report' && msg.reportType === 'delivery-status' ? 'multipart/report delivery-status' : `delivery-status part inside ${msg.contentType}`;
  // A DSN that only reports success (Action: delivered/relayed/expanded) is not a bounce.
  const failed = ds.recipients.find((r) => r.action === 'failed') ?? ds.recipients.find((r) => r.action === 'delayed');
  const r = failed ?? ds.recipients.find((x) => x.status !== null && /^[45]/.test(x.status));
  if (!r) return null;
  const permanent = r.action === 'delayed' ? false : r.status ? r.status.startsWith('5') : r.action === 'failed';
  return {
    rule: 'dsn',
    evidence: `${where}: Action: ${r.action ?? '-'}, Status: ${r.status ?? '-'}, Final-Recipient: ${r.finalRecipient ?? '-'}`,
    bounce: {
      permanent,
      status: r.status,
      recipient: r.finalRecipient ?? r.originalRecipient,
      diagnostic: r.diagnosticCode,
      returnedMessageId: msg.returned?.messageId ?? messageIdInText(msg.text),
    },
  };
}

function nonStandard(msg: InboundMessage): BounceMatch | null {
  const daemon = DAEMON.test(msg.from.address ?? '') || /^<>$/.test(msg.headers['return-path'] ?? '');
  // Quoted lines are someone else's words: a person quoting a bounce has not bounced.
  const own = withoutQuotedLines(msg.text);
  const hasCode = STATUS.test(own) || SMTP_CODE.test(own);
  for (const v of VENDORS) {
    const phrase = v.strong.map((re) => own.match(re)).find((m) => m !== null);
    const bySubject = v.subject?.test(msg.subject) && (daemon || hasCode);
    if (!phrase && !bySubject) continue;
    const evidence = phrase ? `body: "${cutChars(phrase[0].trim(), 120)}"` : `subject "${msg.subject}" from ${msg.from.address ?? 'no sender'}${daemon ? ' (mailer daemon)' : ''}`;
    return { rule: v.rule, evidence, bounce: fromText(msg) };
  }
  return null;
}

/** The text without its quoted lines (those starting with `>`), its lines joined by `\n`. One pass by
 *  indexOf: splitting on /\r?\n/ into an array grew about 70 times as long for 16 times the text on a body
 *  of blank lines, which anyone can send to a connected inbox (decisions.md §10). */
export function withoutQuotedLines(text: string): string {
  let out = '';
  let first = true;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    // A \r belongs to the line break only before a \n, as in /\r?\n/.
    const line = text.slice(start, newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : end);
    if (!line.startsWith('>')) {
      out += first ? line : `\n${line}`;
      first = false;
    }
    start = end + 1;
  }
  return out;
}

/** Status, recipient and diagnostic read from a bounce's own words when there is no DSN part. */
function fromText(msg: InboundMessage): BounceInfo {
  const text = msg.text;
  const status = text.match(STATUS)?.[0] ?? null;
  const code = text.match(SMTP_CODE)?.[1] ?? null;
  const permanent = status ? status.startsWith('5') : code ? code.startsWith('5') : !DELAY.test(`${msg.subject}\n${text}`);
  return {
    permanent,
    status,
    recipient: recipientInText(msg),
    diagnostic: diagnosticLine(text, status ?? code),
    returnedMessageId: msg.returned?.messageId ?? messageIdInText(text),
  };
}

const ADDR = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}";

function recipientInText(msg: InboundMessage): string | null {
  const failed = msg.headers['x-failed-recipients']; // Exim sets it
  if (failed) return failed.split(',')[0].trim().toLowerCase();
  const patterns = [
    new RegExp(`<(${ADDR})>:\\s*(host|delivery|connect|unknown|mail for)`, 'i'), // Postfix
    new RegExp(`Delivery has failed to these recipients or groups:[^\\S\\n]*\\n\\s*(?:.*?[(<\\s])?(${ADDR})`, 'i'), // Exchange
    new RegExp(`wasn't delivered to (${ADDR})`, 'i'), // Gmail
    new RegExp(`could not be delivered to[^\\n]*\\n\\s*(${ADDR})`, 'i'), // Exim
    new RegExp(`couldn't be delivered to (${ADDR})`, 'i'), // Exchange Online
    new RegExp(`^[^\\S\\n]*<?(${ADDR})>?:?[^\\S\\n]*$`, 'im'), // an address alone on a line
  ];
  for (const re of patterns) {
    const m = msg.text.match(re);
    if (m) return m[1].toLowerCase();
  }
  return msg.returned?.to[0] ?? null;
}

/** The line (and its indented continuations) that carries the status or SMTP code. */
function diagnosticLine(text: string, code: string | null): string | null {
  if (!code) return null;
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => l.includes(code));
  if (i < 0) return null;
  let out = lines[i].trim();
  for (let j = i + 1; j < lines.length && /^\s+\S/.test(lines[j]) && out.length < 500; j++) out += ` ${lines[j].trim()}`;
  // Whole characters: half of a surrogate pair is refused by the jsonb it is stored in (the item's bounce).
  return cutChars(out, 500);
}

function messageIdInText(text: string): string | null {
  return text.match(/^[^\S\n]*Message-ID:\s*(<[^>\s]+>)/im)?.[1] ?? null;
}
