// One email of a sequence (or a one-off) from its parts to raw MIME, with no I/O: the send job stores the
// result's Message-ID before the SMTP call and hands `raw` + `envelope` to nodemailer.
//
// - text/plain always; text/html as well unless the campaign is text-only.
// - The inbox signature follows the body after a blank line in both parts, as a person's mail client
//   would put it (no "-- " delimiter: clients fold such blocks away, and cold emails keep it plain).
//   The signature is the inbox's own text: taken as written, with no merge fields.
// - A follow-up whose subject is blank answers in the thread: `Re: <first subject>`, In-Reply-To the
//   latest earlier message, References the earlier ones. A follow-up with its own subject starts a new
//   thread. A thread that `restart`s (the lead's inbox changed, sending/schedule/sender.ts) is a new
//   thread under the first subject as it was: no `Re:`, no In-Reply-To.
// - Tracking (HTML only): see tracking.ts. The unsubscribe URL is the same in `{{unsubscribe}}` and in
//   List-Unsubscribe, and is never rewritten.
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Secrets } from '../../../security/crypto';
import { publicLink } from '../links/public-urls';
import { LinkTokens } from '../links/tokens';
import { listUnsubscribeHeaders, messageIdFor, oneLine, replySubject, threadHeaders } from './headers';
import { normalizeNewlines, textToHtml } from './html';
import { renderTemplate, type BlankField } from '../../templates/render';
import { clickRewriter, openPixelHtml } from './tracking';

export interface ComposeInput {
  /** Id of the send row; becomes the Message-ID and goes into every tracking token. */
  sendId: string;
  lead: { id: string; email: string; vars: Readonly<Record<string, string>> };
  inbox: { email: string; fromName: string; signature: string | null };
  campaign: {
    openTracking: boolean;
    clickTracking: boolean;
    textOnly: boolean;
    unsubHeader: boolean;
    cc: string | null;
    bcc: string | null;
  };
  variant: { subject: string; body: string };
  /** Where the text's RANDOMs draw from (templates/spin.ts spinSeed: the lead and the step and variant). */
  seed: string;
  /** The thread a follow-up belongs to: the first email's subject as sent and the Message-IDs of the
   *  earlier emails, oldest first. Used only when the variant's subject is blank. */
  thread: { subject: string; messageIds: readonly string[]; restart?: boolean } | null;
  publicUrl: string;
  secrets: Secrets;
  /** The Date header; now when omitted. */
  date?: Date;
}

/** An email ready for nodemailer: the message options it builds the MIME from (sendMail, or
 *  MailComposer for the raw bytes), and what the engine records of it. */
export interface ComposedParts {
  messageId: string;
  subject: string;
  text: string;
  html: string | null;
  /** The headers set here beyond From/To/Cc/Subject/Date (Message-ID, threading, List-Unsubscribe). */
  headers: Record<string, string>;
  /** The nodemailer message: the same options give the same MIME (and envelope) through sendMail or
   *  MailComposer. */
  mail: Mail.Options;
  unsubscribeUrl: string;
  /** Tracked links by index (what each click token's index refers to). */
  links: string[];
  /** Merge fields that rendered empty with no fallback, subject and body together. */
  blanks: BlankField[];
}

const uniqueBlanks = (lists: BlankField[][]): BlankField[] => [...new Map(lists.flat().map((b) => [`${b.source}:${b.field}`, b])).values()];

export interface ComposedEmail extends ComposedParts {
  /** SMTP envelope: the inbox as sender; the lead, cc and bcc as recipients (Bcc is not in `raw`). */
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/** Body text as sent: one newline style, no leading blank lines or trailing whitespace. */
const tidyBody = (s: string): string =>
  normalizeNewlines(s)
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();

export interface RenderTextInput {
  vars: Readonly<Record<string, string>>;
  inbox: { fromName: string; signature: string | null } | null;
  variant: { subject: string; body: string };
  /** Where the text's RANDOMs draw from (templates/spin.ts spinSeed); subject and body draw apart. */
  seed: string;
  /** Only the first email's subject is read: a follow-up with a blank subject answers in its thread
   *  (`restart`: starts a new one under that subject as it is). */
  thread: { subject: string; restart?: boolean } | null;
  unsubscribeUrl: string;
}

export interface RenderedText {
  /** The subject line as sent (`Re: <first subject>` for a follow-up in the thread). */
  subject: string;
  /** The rendered body, tidied, without the signature. */
  body: string;
  signature: string;
  /** text/plain as sent: body, then the signature after a blank line. */
  text: string;
  /** Merge fields that rendered empty with no fallback, subject and body together. */
  blanks: BlankField[];
}

/**
 * Subject and text of an email from its variant, the lead's fields and the inbox: what composeParts
 * sends and what a preview (checks area) shows, so the two cannot differ. No inbox (a preview of a
 * campaign without one) renders sender fields blank and adds no signature.
 */
export function renderEmailText(input: RenderTextInput): RenderedText {
  const { vars, inbox, variant, thread, unsubscribeUrl, seed } = input;
  const mergeOptions = { unsubscribeUrl, sender: inbox ? { fromName: inbox.fromName } : null };
  const inThread = thread !== null && variant.subject.trim() === '';
  const renderedSubject = renderTemplate(variant.subject, vars, { ...mergeOptions, seed, stream: 1 });
  const subject = inThread ? (thread.restart ? oneLine(thread.subject) : replySubject(thread.subject)) : oneLine(renderedSubject.text);
  const renderedBody = renderTemplate(variant.body, vars, { ...mergeOptions, seed, stream: 2 });
  const body = tidyBody(renderedBody.text);
  const signature = inbox?.signature ? tidyBody(inbox.signature) : '';
  const text = signature ? `${body}\n\n${signature}` : body;
  return { subject, body, signature, text, blanks: uniqueBlanks(inThread ? [renderedBody.blanks] : [renderedSubject.blanks, renderedBody.blanks]) };
}

/** The email as raw MIME (and its parts). */
export async function composeEmail(input: ComposeInput): Promise<ComposedEmail> {
  const parts = composeParts(input);
  const node = new MailComposer(parts.mail).compile();
  const envelope = node.getEnvelope();
  const raw = await node.build();
  return { ...parts, envelope: { from: envelope.from || oneLine(input.inbox.email), to: envelope.to }, raw };
}

/**
 * The email's parts and its nodemailer message, without building the MIME: the engine hands the message
 * to sendMail, which builds it once on its way to the server (building it here as well would double the
 * most expensive step of a send).
 */
export function composeParts(input: ComposeInput): ComposedParts {
  const { sendId, lead, inbox, campaign, variant, thread, publicUrl } = input;
  const tokens = new LinkTokens(input.secrets);
  const unsubscribeUrl = publicLink(publicUrl, 'unsubscribe', tokens.sign('unsubscribe', { leadId: lead.id, sendId }));
  const { subject, body, signature, text, blanks } = renderEmailText({ vars: lead.vars, inbox, variant, thread, unsubscribeUrl, seed: input.seed });

  let html: string | null = null;
  let links: string[] = [];
  if (!campaign.textOnly) {
    const rewriter = campaign.clickTracking ? clickRewriter(publicUrl, tokens, sendId, new Set([unsubscribeUrl])) : null;
    const href = rewriter ? rewriter.href : (url: string) => url;
    const parts = [`<div>${textToHtml(body, href)}</div>`];
    if (signature) parts.push(`<div>${textToHtml(signature, href)}</div>`);
    if (campaign.openTracking) parts.push(openPixelHtml(publicUrl, tokens, sendId));
    html = `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body>\n${parts.join('\n')}\n</body></html>\n`;
    links = rewriter ? rewriter.tracked : [];
  }

  const messageId = messageIdFor(sendId, inbox.email);
  const headers: Record<string, string> = { 'Message-ID': messageId };
  const threading = thread !== null && variant.subject.trim() === '' ? threadHeaders(thread.messageIds) : null;
  if (threading) {
    headers['In-Reply-To'] = threading.inReplyTo;
    headers['References'] = threading.references.join(' ');
  }
  const unsubHeaders = campaign.unsubHeader ? listUnsubscribeHeaders(unsubscribeUrl) : {};
  Object.assign(headers, unsubHeaders);

  const fromName = oneLine(inbox.fromName);
  const mail: Mail.Options = {
    from: { name: fromName, address: oneLine(inbox.email) },
    to: { name: '', address: oneLine(lead.email) },
    cc: campaign.cc ? oneLine(campaign.cc) : undefined,
    bcc: campaign.bcc ? oneLine(campaign.bcc) : undefined,
    subject,
    messageId,
    inReplyTo: threading?.inReplyTo,
    references: threading?.references,
    date: input.date ?? new Date(),
    // Our values are already one clean ASCII line each (URLs, a fixed token): sent exactly as built.
    headers: Object.fromEntries(Object.entries(unsubHeaders).map(([k, v]) => [k, { prepared: true, value: v }])),
    text,
    html: html ?? undefined,
    // The multipart boundary's unique part: the send id is unique and random already (nodemailer would
    // draw fresh random bytes for each part, a system call apiece), and it is in the Message-ID anyway.
    baseBoundary: sendId.replace(/-/g, ''),
    // No file paths or URLs are ever read while composing.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  return {
    messageId,
    subject,
    text,
    html,
    headers,
    mail,
    unsubscribeUrl,
    links,
    blanks,
  };
}
