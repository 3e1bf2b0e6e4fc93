// One inbound message, parsed once into what the reply pipeline needs (decisions.md §6): threading ids,
// addresses, the headers the classifier reads, the text, and the parts of a delivery status notification
// (RFC 3464) that tie a bounce to the send it returns. Pure: no IMAP, no database. Malformed input never
// throws; it comes back as { unreadable, reason } so the poller can record it and move on.
import { convert as htmlToText } from 'html-to-text';
import { simpleParser, type Attachment, type ParsedMail, type StructuredHeader } from 'mailparser';
import { parseDmarcReport, type DmarcReportResult } from './dmarc/parse-report';

/** Larger raw messages are refused, not truncated: a cut MIME tree would parse into something else. 25 MiB
 *  is the usual ceiling of the big mailbox providers, so nothing a person can send is lost. */
export const MAX_RAW_BYTES = 25 * 1024 * 1024;
/** decisions.md §6: body_text keeps up to 100,000 characters. */
export const MAX_TEXT_CHARS = 100_000;
/** A DMARC aggregate report is a few kB to a few MB; anything bigger is not one we read. */
export const MAX_REPORT_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Headers the classifier reads, kept verbatim (unfolded) under their lower-cased names. x-ms-exchange-*
 *  headers are kept too (prefix match), as are the List-* headers that mark mailing-list mail. */
const KEPT_HEADERS = new Set([
  'auto-submitted',
  'x-autoreply',
  'x-autorespond',
  'x-autoresponse',
  'precedence',
  'x-auto-response-suppress',
  'return-path',
  'content-type',
  'x-failed-recipients',
  'list-id',
  'list-unsubscribe',
  'list-post',
  'x-mailer',
]);

export interface DsnRecipient {
  finalRecipient: string | null;
  originalRecipient: string | null;
  action: string | null;
  status: string | null;
  diagnosticCode: string | null;
  remoteMta: string | null;
}

export interface DeliveryStatus {
  reportingMta: string | null;
  recipients: DsnRecipient[];
}

/** Headers of the message a bounce returns (message/rfc822 or text/rfc822-headers part). */
export interface ReturnedMessage {
  messageId: string | null;
  to: string[];
  subject: string | null;
}

export interface InboundMessage {
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  from: { address: string | null; name: string | null };
  /** The first Reply-To address, lower-cased, as written (the reply pipeline validates it), or null. */
  replyTo: string | null;
  to: string[];
  cc: string[];
  subject: string;
  date: Date | null;
  /** Lower-cased header name → unfolded raw value (repeats joined with ", "). Only KEPT_HEADERS. */
  headers: Record<string, string>;
  /** Top-level MIME type, lower-cased, and its report-type parameter (multipart/report). */
  contentType: string;
  reportType: string | null;
  /** The text part; HTML turned into text when there is none. At most MAX_TEXT_CHARS. */
  text: string;
  textTruncated: boolean;
  hasHtml: boolean;
  /** Parsed message/delivery-status part, when there is one. */
  deliveryStatus: DeliveryStatus | null;
  returned: ReturnedMessage | null;
  /** Each attachment that may be a DMARC aggregate report (XML, .gz or .zip), parsed: the report, or why
   *  it is none. Only when parsed with `reports` (the inbox that takes a workspace's reports, decisions.md
   *  §6); empty otherwise. */
  reports: DmarcReportResult[];
}

export type Unreadable = { unreadable: true; reason: string };
export interface ParseInboundOptions {
  maxRawBytes?: number;
  /** Parse the attachments that may be DMARC aggregate reports into `reports` (the report address's
   *  messages only: a large report takes seconds, which no other inbox should spend on a zip a sender
   *  attached); without it `reports` is empty. */
  reports?: boolean;
}

export async function parseInbound(raw: Buffer, opts: ParseInboundOptions = {}): Promise<InboundMessage | Unreadable> {
  const max = opts.maxRawBytes ?? MAX_RAW_BYTES;
  if (raw.length === 0 || raw.toString('latin1').trim() === '') return { unreadable: true, reason: 'empty message' };
  if (raw.length > max) return { unreadable: true, reason: `message larger than ${max} bytes` };
  let mail: ParsedMail;
  try {
    // keepDeliveryStatus: the DSN part as an attachment to parse, not text; ignoreEmbedded: a returned
    // message/rfc822 stays one part (its headers are what we match), it is not merged into the text.
    mail = await simpleParser(raw, { keepDeliveryStatus: true, ignoreEmbedded: true, skipHtmlToText: true, skipTextToHtml: true, keepCidLinks: true, checksumAlgo: false });
  } catch (err) {
    return { unreadable: true, reason: `MIME parse error: ${(err as Error).message}` };
  }
  const broken = structuralProblem(raw, mail);
  if (broken) return { unreadable: true, reason: broken };
  try {
    return storable(await toInbound(mail, opts.reports === true));
  } catch (err) {
    return { unreadable: true, reason: `MIME parse error: ${(err as Error).message}` };
  }
}

/** Parses messages in order, a result for each (ImapPort.parseAll: the parse thread runs this on a batch;
 *  fake IMAP ports in tests run it on the caller's thread). */
export function parseInboundAll(raws: readonly Buffer[], opts: { reports?: boolean } = {}): Promise<(InboundMessage | Unreadable)[]> {
  return Promise.all(raws.map((raw) => parseInbound(raw, opts)));
}

/** mailparser is lenient: garbage parses into an empty message. These are the cases where what it gives
 *  back is not the message that was sent, so classifying it would be a guess. */
function structuralProblem(raw: Buffer, mail: ParsedMail): string | null {
  if (!mail.headerLines.some((h) => h.key !== '')) return 'no header fields';
  const ct = mail.headers.get('content-type') as StructuredHeader | undefined;
  if (ct && ct.value.toLowerCase().startsWith('multipart/')) {
    const boundary = ct.params.boundary;
    if (!boundary) return 'multipart message without a boundary';
    if (!raw.includes(`--${boundary}`)) return `multipart boundary "${boundary}" never occurs in the body`;
  }
  return null;
}

async function toInbound(mail: ParsedMail, withReports: boolean): Promise<InboundMessage> {
  const ct = mail.headers.get('content-type') as StructuredHeader | undefined;
  const hasHtml = typeof mail.html === 'string' && mail.html.trim() !== '';
  let text = mail.text ?? '';
  if (text.trim() === '' && hasHtml) text = htmlToText(mail.html as string, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
  const textTruncated = text.length > MAX_TEXT_CHARS;
  const fromValue = mail.from?.value[0];
  return {
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    references:
      mail.references === undefined
        ? []
        : ([] as string[])
            .concat(mail.references)
            .flatMap((r) => r.split(/\s+/))
            .filter((r) => r !== ''),
    from: { address: fromValue?.address?.toLowerCase() ?? null, name: fromValue?.name || null },
    replyTo: addresses(mail.replyTo)[0] ?? null,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    subject: mail.subject ?? '',
    date: mail.headers.has('date') ? (mail.date ?? null) : null,
    headers: keptHeaders(mail),
    contentType: (ct?.value ?? 'text/plain').toLowerCase(),
    reportType: ct?.params['report-type']?.toLowerCase() ?? null,
    text: textTruncated ? text.slice(0, MAX_TEXT_CHARS) : text,
    textTruncated,
    hasHtml,
    deliveryStatus: deliveryStatus(mail.attachments),
    returned: await returnedMessage(mail.attachments),
    // Parsed here, on the parse thread: a report of the largest size allowed takes seconds to parse, which
    // on the main thread stalled every request and job of the service (decisions.md §10).
    reports: withReports ? mail.attachments.filter(isReportAttachment).map((a) => parseDmarcReport(a.content, a.filename ?? undefined, a.contentType)) : [],
  };
}

/** Every string of the message as PostgreSQL can store it, whatever the sender wrote; one message that
 *  cannot be stored would fail its batch on every poll and stop the folder's reading for good:
 *  - without NUL characters (a `=00` in quoted-printable, a broken charset): text cannot hold them;
 *  - well-formed UTF-16, a lone surrogate replaced by U+FFFD (`=?UTF-16BE?B?2ABoAGk=?=` decodes to one):
 *    JSON.stringify writes it as a `\ud800` escape, which jsonb (the events' payload) refuses. */
function storable<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\0') ? value.replace(/\0/g, '') : value).toWellFormed() as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storable(v)])) as T;
  }
  return value;
}

type AddressField = ParsedMail['to'];
function addresses(field: AddressField): string[] {
  if (!field) return [];
  const flat = (list: { address?: string; group?: { address?: string }[] }[]): string[] =>
    list.flatMap((e) => (e.group ? flat(e.group) : e.address ? [e.address.toLowerCase()] : []));
  return ([] as NonNullable<AddressField>[]).concat(field).flatMap((obj) => flat((obj as { value: { address?: string }[] }).value));
}

function keptHeaders(mail: ParsedMail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) {
    if (!KEPT_HEADERS.has(key) && !key.startsWith('x-ms-exchange-')) continue;
    const value = unfold(line.slice(line.indexOf(':') + 1));
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

const unfold = (s: string) => s.replace(/\r?\n[ \t]+/g, ' ').trim();

/** Header-style fields ("Name: value", folded lines continued) of one block. */
function fields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of unfold(block.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ')).split('\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    if (!out.has(key)) out.set(key, line.slice(i + 1).trim());
  }
  return out;
}

/** "rfc822; bob@example.org" → "bob@example.org"; "smtp; 550 …" → "550 …" (RFC 3464 type prefixes). */
const typed = (v: string | undefined) => (v === undefined ? null : v.replace(/^[a-z0-9-]+\s*;\s*/i, '').trim() || null);

function deliveryStatus(attachments: Attachment[]): DeliveryStatus | null {
  const part = attachments.find((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType));
  if (!part) return null;
  // RFC 3464 §2.1: one per-message block, then one block per recipient, separated by blank lines.
  const blocks = part.content
    .toString('utf8')
    .replace(/\r\n/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) => fields(b))
    .filter((f) => f.size > 0);
  const perMessage = blocks.find((b) => b.has('reporting-mta'));
  const recipients = blocks
    .filter((b) => b.has('final-recipient') || b.has('original-recipient') || b.has('action') || b.has('status'))
    .map((b) => ({
      finalRecipient: typed(b.get('final-recipient'))?.toLowerCase() ?? null,
      originalRecipient: typed(b.get('original-recipient'))?.toLowerCase() ?? null,
      action: b.get('action')?.toLowerCase() ?? null,
      status: b.get('status')?.match(/\d\.\d{1,3}\.\d{1,3}/)?.[0] ?? null,
      diagnosticCode: typed(b.get('diagnostic-code')),
      remoteMta: typed(b.get('remote-mta')),
    }));
  return { reportingMta: typed(perMessage?.get('reporting-mta')), recipients };
}

async function returnedMessage(attachments: Attachment[]): Promise<ReturnedMessage | null> {
  const part = attachments.find((a) => /^(message\/(rfc822|global|global-headers)|text\/rfc822-headers)$/i.test(a.contentType));
  if (!part) return null;
  // Only the header section matters; parsing it alone also decodes encoded words in the subject.
  const head = part.content.toString('latin1').split(/\r?\n\r?\n/)[0];
  const parsed = await simpleParser(Buffer.from(`${head}\r\n\r\n`, 'latin1'), { skipTextToHtml: true });
  return { messageId: parsed.messageId ?? null, to: addresses(parsed.to), subject: parsed.subject ?? null };
}

function isReportAttachment(a: Attachment): boolean {
  if (a.size > MAX_REPORT_ATTACHMENT_BYTES) return false;
  const type = a.contentType.toLowerCase();
  const name = (a.filename ?? '').toLowerCase();
  return /^application\/(x-)?(gzip|zip|x-zip-compressed)$|^(text|application)\/xml$/.test(type) || /\.(xml|xml\.gz|gz|zip)$/.test(name);
}
