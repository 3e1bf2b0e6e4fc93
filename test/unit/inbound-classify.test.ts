// Every fixture in test/fixtures/mail/ through parseInbound and classifyInbound (decisions.md §6), driven
// by its manifest.json: adding a fixture and its entry adds a case.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseInbound, type InboundMessage } from '../../src/mail/inbound-message';
import { classifyInbound, leadAwayUntil } from '../../src/modules/replies/classify/classify-inbound';
import type { BounceInfo } from '../../src/modules/replies/classify/bounce';

interface Entry {
  file: string;
  models: string;
  kind: 'bounce' | 'auto_reply' | 'reply' | 'unreadable';
  rule?: string;
  bounce?: BounceInfo;
  awayUntil?: string | null;
}

const DIR = path.join(__dirname, '../fixtures/mail');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')) as Entry[];
const raw = (file: string) => readFileSync(path.join(DIR, file));

async function parsed(file: string, opts: { reports?: boolean } = {}): Promise<InboundMessage> {
  const msg = await parseInbound(raw(file), opts);
  if ('unreadable' in msg) throw new Error(`${file} unreadable: ${msg.reason}`);
  return msg;
}

describe('the fixture corpus', () => {
  it('has a manifest entry and a README row for every .eml, and a file for every entry', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    expect(manifest.map((e) => e.file).sort()).toEqual(files);
    const readme = readFileSync(path.join(DIR, 'README.md'), 'utf8');
    for (const f of files) expect(readme).toContain(`| \`${f}\` |`);
  });
});

describe.each(manifest)('$file', (entry) => {
  it(`is ${entry.kind}${entry.rule ? ` by ${entry.rule}` : ''}`, async () => {
    const msg = await parseInbound(raw(entry.file));
    if (entry.kind === 'unreadable') {
      expect(msg).toEqual({ unreadable: true, reason: expect.any(String) });
      return;
    }
    if ('unreadable' in msg) throw new Error(msg.reason);
    const c = classifyInbound(msg);
    expect({ kind: c.kind, rule: c.rule }).toEqual({ kind: entry.kind, rule: entry.rule });
    expect(c.evidence).not.toBe('');
    expect(c.bounce).toEqual(entry.bounce);
    // As of the message's date, in UTC: the manifest's return dates.
    const away = leadAwayUntil(c, msg.text, msg.date ?? new Date(), 'UTC');
    if (entry.kind === 'auto_reply') expect(away?.toISOString() ?? null).toBe(entry.awayUntil);
    else expect(away).toBeNull();
  });
});

describe('parseInbound', () => {
  it('reads threading ids, addresses and the kept headers', async () => {
    const msg = await parsed('human-reply-quoted.eml');
    expect(msg.messageId).toBe('<CAHuman123@mail.example.org>');
    expect(msg.inReplyTo).toBe('<20261124.a1b2c3@mail.example.com>');
    expect(msg.references).toEqual(['<20261120.first@mail.example.com>', '<20261124.a1b2c3@mail.example.com>']);
    expect(msg.from).toEqual({ address: 'bob@example.org', name: 'Bob Lead' });
    expect(msg.to).toEqual(['alex@example.com']);
    expect(msg.date?.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(msg.headers['x-auto-response-suppress']).toBe('All');
    expect(msg.hasHtml).toBe(false);
  });

  it('parses the DSN fields and the returned message headers', async () => {
    const msg = await parsed('dsn-hard-5.1.1.eml');
    expect(msg.contentType).toBe('multipart/report');
    expect(msg.reportType).toBe('delivery-status');
    expect(msg.deliveryStatus).toEqual({
      reportingMta: 'mx.example.org',
      recipients: [
        {
          finalRecipient: 'bob@example.org',
          originalRecipient: 'bob@example.org',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: '550 5.1.1 <bob@example.org>: Recipient address rejected: User unknown',
          remoteMta: 'mx1.example.org',
        },
      ],
    });
    expect(msg.returned).toEqual({ messageId: '<20261124.a1b2c3@mail.example.com>', to: ['bob@example.org'], subject: 'Quick question about your roadmap' });
    expect((await parsed('dsn-rfc822-headers-only.eml')).returned?.subject).toBe('Café meeting');
  });

  it('turns HTML into text when there is no text part', async () => {
    const msg = await parsed('html-only-reply.eml');
    expect(msg.hasHtml).toBe(true);
    expect(msg.text).toBe('Hi Alex,\n\nYes, let’s talk next week.\n\nLaura');
  });

  it('decodes any charset', async () => {
    expect((await parsed('reply-windows-1252.eml')).text.trim()).toBe('Grüße aus Köln – gerne nächste Woche. Das kostet 5 €.');
    expect((await parsed('reply-windows-1252.eml')).from.name).toBe('René Müller');
    expect((await parsed('reply-iso-8859-1.eml')).text.trim()).toBe('Très intéressé, appelez-moi à 15h.');
    const utf8 = await parsed('reply-utf8-base64.eml');
    expect([utf8.subject, utf8.from.name, utf8.text.trim()]).toEqual(['Re: 質問', '山田 花子', 'こんにちは Alex, 興味があります。Zażółć gęślą jaźń.']);
  });

  it('parses DMARC-looking attachments only, into reports', async () => {
    const msg = await parsed('dmarc-report.eml', { reports: true });
    // The fixture's gzip holds no full report: it comes back as the reason, labelled with its file name.
    expect(msg.reports).toEqual([{ error: expect.stringMatching(/^example\.net!example\.com!1764000000!1764086400\.xml\.gz: /) }]);
    expect((await parsed('reply-windows-1252.eml', { reports: true })).reports).toEqual([]);
    // Parsed for any other inbox, its attachments are not looked at: reports are the report address's.
    expect((await parsed('dmarc-report.eml')).reports).toEqual([]);
  });

  it('caps the text at 100,000 characters', async () => {
    const long = `From: a@example.org\r\nSubject: long\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(150_000)}\r\n`;
    const msg = await parseInbound(Buffer.from(long));
    if ('unreadable' in msg) throw new Error(msg.reason);
    expect([msg.text.length, msg.textTruncated]).toEqual([100_000, true]);
  });

  it.each([
    ['empty input', Buffer.alloc(0), /empty/],
    ['blank input', Buffer.from('\r\n\r\n  \r\n'), /empty/],
    ['no header fields', Buffer.from('just some words\nand more\n\nbody'), /no header fields/],
    ['binary garbage', Buffer.from([0, 1, 2, 0xff, 0xfe, 10, 10, 65]), /no header fields/],
    ['multipart without boundary', Buffer.from('From: a@example.org\r\nContent-Type: multipart/mixed\r\n\r\nx\r\n'), /without a boundary/],
  ])('returns unreadable, never throws: %s', async (_label, input, reason) => {
    const msg = await parseInbound(input);
    expect(msg).toEqual({ unreadable: true, reason: expect.stringMatching(reason) });
  });

  it('refuses input over the raw size cap', async () => {
    expect(await parseInbound(raw('ooo-en.eml'), { maxRawBytes: 100 })).toEqual({ unreadable: true, reason: 'message larger than 100 bytes' });
  });
});

describe('classifyInbound edge cases', () => {
  const base = async () => parsed('human-reply-quoted.eml');

  it('Auto-Submitted: no is not an auto-reply, with or without a comment', async () => {
    for (const v of ['no', 'No (manual)']) {
      const msg = { ...(await base()), headers: { 'auto-submitted': v } };
      expect(classifyInbound(msg).rule).toBe('reply');
    }
  });

  it('a postmaster sender alone is not a bounce', async () => {
    const msg = { ...(await base()), from: { address: 'postmaster@example.org', name: null }, subject: 'Hello' };
    expect(classifyInbound(msg).kind).toBe('reply');
  });

  it('a bounce subject from a person needs an SMTP status in the text', async () => {
    const msg = { ...(await base()), subject: 'Undeliverable: lunch?', text: 'Was the parcel undeliverable?' };
    expect(classifyInbound(msg).kind).toBe('reply');
    const daemon = { ...msg, text: 'Remote server said 550 5.1.1 unknown user' };
    expect(classifyInbound(daemon)).toMatchObject({ kind: 'bounce', rule: 'dsn_nonstandard_exchange', bounce: { permanent: true, status: '5.1.1' } });
  });

  it('a text bounce with a 4xx code or delay wording is transient', async () => {
    const msg = { ...(await base()), subject: 'Mail delivery failed: returning message to sender', from: { address: 'mailer-daemon@example.net', name: null } };
    expect(classifyInbound({ ...msg, text: '421 try again later' }).bounce).toMatchObject({ permanent: false, status: null });
    expect(classifyInbound({ ...msg, subject: 'Warning: message 1abc delayed 24 hours', text: 'The message has not yet been delivered.' }).bounce?.permanent).toBe(false);
  });

  describe('a text bounce takes its status from a status, not from an IP address or a longer number', () => {
    const exim = async (text: string, subject = 'Mail delivery failed: returning message to sender') => ({
      ...(await base()),
      subject,
      from: { address: 'mailer-daemon@example.net', name: null },
      text: `This message was created automatically by mail delivery software.\n\n${text}`,
    });
    it.each([
      // Orange, Lumen (4.0.0.0/8): before, 4.28.1 was the status and a dead address a soft bounce.
      ['an IPv4 address before a hard status', '  heidi@example.org\n    host mx.corp.example [4.28.1.9]\n    550 5.1.1 No such user', { permanent: true, status: '5.1.1' }],
      // Hetzner (5.9.0.0/16): before, 5.9.12 made a greylisting a hard bounce.
      [
        'an IPv4 address before a transient status',
        '  heidi@example.org\n    host mx.corp.example [5.9.12.34]\n    451 4.7.1 greylisted, try again',
        { permanent: false, status: '4.7.1' },
      ],
      ['an address at the end of an IP', 'delivery to 192.4.5.6 failed:\n    550 5.1.1 No such user', { permanent: true, status: '5.1.1' }],
      ['a longer number', 'message 2.5.1234 size 5.12.7777\n    550 5.1.1 No such user', { permanent: true, status: '5.1.1' }],
      ['a status at the end of a sentence', 'The server said 5.1.1.\n', { permanent: true, status: '5.1.1' }],
    ])('%s', async (_label, text, expected) => {
      expect(classifyInbound(await exim(text)).bounce).toMatchObject(expected);
    });
    it('an IP address alone is no status: the SMTP code decides', async () => {
      expect(classifyInbound(await exim('host mx.corp.example [4.28.1.9]: 550 No such user')).bounce).toMatchObject({ permanent: true, status: null });
    });
  });

  it('a delivery-status part wrapped by a gateway still decides; a DSN that reports success is no bounce', async () => {
    const dsn = await parsed('dsn-hard-5.1.1.eml');
    expect(classifyInbound({ ...dsn, contentType: 'multipart/mixed', reportType: null })).toMatchObject({
      kind: 'bounce',
      rule: 'dsn',
      evidence: expect.stringContaining('inside multipart/mixed'),
    });
    const delivered = { ...dsn.deliveryStatus!.recipients[0], action: 'delivered', status: '2.0.0' };
    const success = {
      ...dsn,
      deliveryStatus: { reportingMta: 'mx.example.org', recipients: [delivered] },
      subject: 'Successful Mail Delivery Report',
      text: 'Your message was delivered.',
    };
    expect(classifyInbound({ ...success, headers: { 'auto-submitted': 'auto-replied' } })).toMatchObject({ kind: 'auto_reply', rule: 'auto_submitted' });
  });

  it('Precedence: bulk without a list header is mailing-list mail, not an auto-reply', async () => {
    const msg = { ...(await base()), headers: { precedence: 'bulk' } };
    expect(classifyInbound(msg)).toMatchObject({ kind: 'reply', rule: 'mailing_list' });
  });

  it('"Re: Out of office" from a person is a reply', async () => {
    const msg = { ...(await base()), subject: 'Re: Out of office' };
    expect(classifyInbound(msg).kind).toBe('reply');
  });

  it("counts an auto-reply's return date from when it arrived, its day starting in the campaign's zone", async () => {
    const msg = await parsed('ooo-de.eml');
    const received = new Date('2026-11-30T12:00:00Z');
    const cls = classifyInbound(msg);
    expect(leadAwayUntil(cls, msg.text, received, 'Europe/Berlin')?.toISOString()).toBe('2026-12-07T23:00:00.000Z');
    expect(leadAwayUntil(cls, msg.text, received, 'America/New_York')?.toISOString()).toBe('2026-12-08T05:00:00.000Z');
    expect(leadAwayUntil({ kind: 'reply' }, msg.text, received, 'Europe/Berlin')).toBeNull();
  });
});
