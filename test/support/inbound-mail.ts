// Raw messages for reply-polling tests, written the way real senders write them: a person's answer in
// the thread, an RFC 3464 bounce returning our message's headers, an RFC 3834 out-of-office, unrelated
// mail. Each takes the Message-ID of the send it belongs to (as stored, `<id@domain>`).
import { randomUUID } from 'node:crypto';

const CRLF = (lines: string[]) => lines.join('\r\n') + '\r\n';
const date = (at: Date) => at.toUTCString().replace('GMT', '+0000');
export const newMessageId = (domain = 'mail.example.org') => `<${randomUUID()}@${domain}>`;

export function personReply(o: { from: string; to: string; inReplyTo: string | null; subject?: string; text?: string; messageId?: string; at?: Date }): string {
  return CRLF([
    `From: Lee Lead <${o.from}>`,
    `To: <${o.to}>`,
    `Subject: ${o.subject ?? 'Re: Quick question'}`,
    `Date: ${date(o.at ?? new Date())}`,
    `Message-ID: ${o.messageId ?? newMessageId()}`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`, `References: ${o.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text ?? 'Sounds interesting, can we talk next week?',
    '',
    'On Mon, 30 Nov 2026 Sam Sender wrote:',
    '> Hello, a quick question for you.',
  ]);
}

export function outOfOffice(o: { from: string; to: string; inReplyTo: string; text?: string; messageId?: string; at?: Date }): string {
  return CRLF([
    `From: <${o.from}>`,
    `To: <${o.to}>`,
    'Subject: Automatic reply: Quick question',
    `Date: ${date(o.at ?? new Date())}`,
    `Message-ID: ${o.messageId ?? newMessageId()}`,
    `In-Reply-To: ${o.inReplyTo}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text ?? 'I am out of the office until December 7 with limited access to email.',
  ]);
}

export function dsnBounce(o: { to: string; recipient: string; returnedId: string; status?: string; messageId?: string; at?: Date }): string {
  const status = o.status ?? '5.1.1';
  const boundary = `b-${randomUUID()}`;
  const permanent = status.startsWith('5');
  return CRLF([
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
    `To: <${o.to}>`,
    `Subject: ${permanent ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)'}`,
    `Date: ${date(o.at ?? new Date())}`,
    `Message-ID: ${o.messageId ?? newMessageId('mx.example.org')}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    permanent ? "I'm sorry to have to inform you that your message could not be delivered." : 'Your message has not been delivered yet; we will keep trying.',
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    '',
    `Final-Recipient: rfc822; ${o.recipient}`,
    `Action: ${permanent ? 'failed' : 'delayed'}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${permanent ? '550 5.1.1 User unknown' : '451 4.4.1 Connection timed out'}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    `From: Sam Sender <${o.to}>`,
    `To: <${o.recipient}>`,
    'Subject: Quick question',
    `Message-ID: ${o.returnedId}`,
    '',
    `--${boundary}--`,
  ]);
}

export function unrelated(o: { from: string; to: string }): string {
  return CRLF([
    `From: <${o.from}>`,
    `To: <${o.to}>`,
    'Subject: Your invoice',
    `Date: ${date(new Date())}`,
    `Message-ID: ${newMessageId('billing.example.net')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Your invoice is attached.',
  ]);
}

/** A DMARC aggregate report mail as receivers send them: a short text and the report attached. */
export function dmarcReportMail(o: { to: string; filename: string; content: Buffer; contentType: string }): string {
  const boundary = `r-${randomUUID()}`;
  return CRLF([
    'From: noreply-dmarc-support@google.com',
    `To: <${o.to}>`,
    `Subject: Report domain: acme.test Submitter: google.com Report-ID: ${o.filename}`,
    `Date: ${date(new Date())}`,
    `Message-ID: ${newMessageId('google.com')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an aggregate report from google.com.',
    '',
    `--${boundary}`,
    `Content-Type: ${o.contentType}; name="${o.filename}"`,
    `Content-Disposition: attachment; filename="${o.filename}"`,
    'Content-Transfer-Encoding: base64',
    '',
    ...(o.content.toString('base64').match(/.{1,76}/g) ?? []),
    '',
    `--${boundary}--`,
  ]);
}
