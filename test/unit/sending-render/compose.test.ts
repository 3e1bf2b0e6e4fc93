// issue #4 "Content": merge fields, signature, cc/bcc, threading of blank-subject follow-ups, text/plain
// always and HTML unless textOnly, open pixel and signed click redirects under PUBLIC_URL, RFC 8058
// List-Unsubscribe, a Message-ID of our own domain. Every case parses the raw MIME with mailparser.
import { simpleParser, type ParsedMail } from 'mailparser';
import { Secrets } from '../../../src/security/crypto';
import { LinkTokens } from '../../../src/modules/sending/links/tokens';
import { composeEmail, type ComposeInput } from '../../../src/modules/sending/render/compose';

const secrets = new Secrets('compose-test-key');
const tokens = new LinkTokens(secrets);
const publicUrl = 'https://t.example.com';
const sendId = '0190a0b0-1111-4222-8333-444455556666';
const leadId = '0190a0b0-aaaa-4bbb-8ccc-dddd11112222';

function input(over: Partial<Omit<ComposeInput, 'campaign'>> & { campaign?: Partial<ComposeInput['campaign']> } = {}): ComposeInput {
  const { campaign, ...rest } = over;
  return {
    sendId,
    lead: { id: leadId, email: 'ana@acme.com', vars: { firstName: 'Ana', company: 'Acme' } },
    inbox: { email: 'sam@sender.io', fromName: 'Sam Lee', signature: 'Sam Lee\nSender Inc' },
    campaign: { openTracking: false, clickTracking: false, textOnly: false, unsubHeader: true, cc: null, bcc: null, ...campaign },
    variant: { subject: 'Hi {{firstName}}', body: 'Hello {{firstName|there}},\n\nA question about {{company}}.\nThanks' },
    seed: 'lead|step:1:1',
    thread: null,
    publicUrl,
    secrets,
    date: new Date('2026-03-10T09:00:00Z'),
    ...rest,
  };
}

async function send(i: ComposeInput) {
  const email = await composeEmail(i);
  return { email, parsed: await simpleParser(email.raw) };
}

/** A header as it appears in the raw message, unfolded (mailparser reshapes some headers). */
function rawHeader(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]/g, ' ')
    .trim();
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('composeEmail: parts and merge fields', () => {
  it('sends text/plain and text/html with the merged body and the signature after a blank line', async () => {
    const { email, parsed } = await send(input());
    expect(parsed.text).toBe('Hello Ana,\n\nA question about Acme.\nThanks\n\nSam Lee\nSender Inc');
    expect(email.text).toBe(parsed.text);
    expect(parsed.html).toContain('<p>Hello Ana,</p>');
    expect(parsed.html).toContain('<p>A question about Acme.<br>\nThanks</p>');
    expect(parsed.html).toContain('<div><p>Sam Lee<br>\nSender Inc</p></div>');
    expect(parsed.subject).toBe('Hi Ana');
    expect(email.blanks).toEqual([]);
  });

  it('is text/plain only when the campaign is text-only, with no pixel and no rewritten links', async () => {
    const { email, parsed } = await send(
      input({ campaign: { textOnly: true, openTracking: true, clickTracking: true }, variant: { subject: 'Hi', body: 'See https://acme.com' } }),
    );
    expect(email.html).toBeNull();
    expect(parsed.html).toBe(false);
    expect(rawHeader(parsed, 'content-type')).toMatch(/^text\/plain/);
    expect(parsed.text).toContain('See https://acme.com');
    expect(email.raw.toString()).not.toContain(`${publicUrl}/o/`);
    expect(email.raw.toString()).not.toContain(`${publicUrl}/c/`);
    expect(email.links).toEqual([]);
  });

  it('reports blank merge fields of subject and body once each', async () => {
    const { email, parsed } = await send(input({ variant: { subject: '{{title}} at {{ company }}', body: '{{title}} {{city}} {{sendingAccountFirstName}}' } }));
    expect(parsed.subject).toBe('at Acme');
    expect(email.blanks).toEqual([
      { field: 'title', source: 'lead' },
      { field: 'city', source: 'lead' },
    ]);
    expect(parsed.text).toBe('  Sam\n\nSam Lee\nSender Inc');
  });

  it('sends no signature block when the inbox has none', async () => {
    const { parsed } = await send(input({ inbox: { email: 'sam@sender.io', fromName: 'Sam', signature: null } }));
    expect(parsed.text).toBe('Hello Ana,\n\nA question about Acme.\nThanks');
  });
});

describe('composeEmail: lead values are text', () => {
  it('escapes markup from a lead field in the HTML part and keeps it as written in the text part', async () => {
    const lead = { id: leadId, email: 'ana@acme.com', vars: { company: '<script>alert(1)</script><img src=x onerror=y>' } };
    const { parsed } = await send(input({ lead, variant: { subject: 'Hi', body: 'About {{company}}' } }));
    expect(parsed.html).toContain('About &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=y&gt;');
    expect(parsed.html).not.toMatch(/<script|<img src=x/);
    expect(parsed.text).toContain('About <script>alert(1)</script>');
  });

  it('does not merge merge-field syntax that comes from a lead field', async () => {
    const lead = { id: leadId, email: 'ana@acme.com', vars: { company: '{{unsubscribe}}', firstName: '{{company}}' } };
    const { email, parsed } = await send(input({ lead, variant: { subject: '{{firstName}}', body: '{{company}} {{firstName}}' } }));
    expect(parsed.subject).toBe('{{company}}');
    expect(parsed.text).toContain('{{unsubscribe}} {{company}}');
    expect(parsed.text).not.toContain(email.unsubscribeUrl);
  });
});

describe('composeEmail: threading', () => {
  const thread = { subject: 'Quick question for Ana', messageIds: ['<first@sender.io>', '<second@sender.io>'] };

  it('answers in the thread when a follow-up subject is blank: Re: subject, In-Reply-To, References', async () => {
    const { email, parsed } = await send(input({ variant: { subject: '  ', body: 'Following up' }, thread }));
    expect(parsed.subject).toBe('Re: Quick question for Ana');
    expect(parsed.inReplyTo).toBe('<second@sender.io>');
    expect(parsed.references).toEqual(['<first@sender.io>', '<second@sender.io>']);
    expect(email.headers['In-Reply-To']).toBe('<second@sender.io>');
    expect(email.headers['References']).toBe('<first@sender.io> <second@sender.io>');
  });

  it('never doubles the prefix', async () => {
    const { parsed } = await send(input({ variant: { subject: '', body: 'x' }, thread: { ...thread, subject: 'Re: Quick question' } }));
    expect(parsed.subject).toBe('Re: Quick question');
  });

  it('starts a new thread when the follow-up has its own subject', async () => {
    const { email, parsed } = await send(input({ variant: { subject: 'New topic', body: 'x' }, thread }));
    expect(parsed.subject).toBe('New topic');
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.references).toBeUndefined();
    expect(email.headers).not.toHaveProperty('In-Reply-To');
  });

  it('drops a stored Message-ID that would inject a header', async () => {
    const bad = { subject: 'Hello', messageIds: ['<ok@sender.io>', '<x@y>\r\nBcc: evil@attacker.com'] };
    const { email, parsed } = await send(input({ variant: { subject: '', body: 'x' }, thread: bad }));
    expect(parsed.inReplyTo).toBe('<ok@sender.io>');
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(email.envelope.to).toEqual(['ana@acme.com']);
  });
});

describe('composeEmail: Message-ID', () => {
  it('is <sendId@inbox domain>, the same in the result and in the message', async () => {
    const { email, parsed } = await send(input({ inbox: { email: 'Sam@Mail.Sender.IO', fromName: 'Sam', signature: null } }));
    expect(email.messageId).toBe(`<${sendId}@mail.sender.io>`);
    expect(parsed.messageId).toBe(email.messageId);
    expect(email.headers['Message-ID']).toBe(email.messageId);
  });
});

describe('composeEmail: open tracking', () => {
  it('puts a 1x1 pixel at PUBLIC_URL/o/<token of this send> in the HTML only when open tracking is on', async () => {
    const on = await send(input({ campaign: { openTracking: true } }));
    const pixel = on.parsed.html && on.parsed.html.match(/<img src="https:\/\/t\.example\.com\/o\/([A-Za-z0-9_-]+)" width="1" height="1"/);
    expect(pixel).toBeTruthy();
    expect(tokens.verify((pixel as RegExpMatchArray)[1], 'open')).toEqual({ kind: 'open', sendId });
    expect(on.parsed.text).not.toContain('/o/');

    const off = await send(input({ campaign: { openTracking: false } }));
    expect(off.parsed.html).not.toContain('<img');
    expect(off.email.raw.toString()).not.toContain('/o/');
  });
});

describe('composeEmail: click tracking', () => {
  const body = 'Pricing: https://acme.com/pricing?a=1&b=2.\nDocs https://docs.acme.com\n\nStop: {{unsubscribe}}';
  const signature = 'Sam — https://sender.io';

  it('rewrites every http(s) link of the HTML to a signed redirect carrying the exact URL, except unsubscribe', async () => {
    const { email, parsed } = await send(
      input({ campaign: { clickTracking: true }, variant: { subject: 'Hi', body }, inbox: { email: 'sam@sender.io', fromName: 'Sam', signature } }),
    );
    const links = hrefs(parsed.html as string);
    expect(links).toHaveLength(4);
    const tracked = links.filter((l) => l.startsWith(`${publicUrl}/c/`));
    expect(tracked.map((l) => tokens.verify(l.slice(`${publicUrl}/c/`.length), 'click'))).toEqual([
      { kind: 'click', sendId, index: 0, url: 'https://acme.com/pricing?a=1&b=2' },
      { kind: 'click', sendId, index: 1, url: 'https://docs.acme.com' },
      { kind: 'click', sendId, index: 2, url: 'https://sender.io' },
    ]);
    expect(links).toContain(email.unsubscribeUrl);
    expect(email.links).toEqual(['https://acme.com/pricing?a=1&b=2', 'https://docs.acme.com', 'https://sender.io']);
    // The visible text is the URL as written, and the text part keeps the plain links.
    expect(parsed.html).toContain('>https://acme.com/pricing?a=1&amp;b=2</a>.');
    expect(parsed.text).toContain('Pricing: https://acme.com/pricing?a=1&b=2.');
    expect(parsed.text).not.toContain('/c/');
  });

  it('leaves links as they are when click tracking is off', async () => {
    const { email, parsed } = await send(input({ campaign: { clickTracking: false }, variant: { subject: 'Hi', body } }));
    expect(hrefs(parsed.html as string)).toEqual(['https://acme.com/pricing?a=1&b=2', 'https://docs.acme.com', email.unsubscribeUrl]);
    expect(email.links).toEqual([]);
  });
});

describe('composeEmail: unsubscribe', () => {
  it('sends List-Unsubscribe with the https URL and one-click List-Unsubscribe-Post when unsubHeader is on', async () => {
    const { email, parsed } = await send(input({ campaign: { unsubHeader: true }, variant: { subject: 'Hi', body: 'Stop: {{unsubscribe}}' } }));
    expect(rawHeader(parsed, 'List-Unsubscribe')).toBe(`<${email.unsubscribeUrl}>`);
    expect(rawHeader(parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(email.unsubscribeUrl.startsWith(`${publicUrl}/u/`)).toBe(true);
    expect(tokens.verify(email.unsubscribeUrl.slice(`${publicUrl}/u/`.length), 'unsubscribe')).toEqual({ kind: 'unsubscribe', leadId, sendId });
    // {{unsubscribe}} renders the same URL.
    expect(parsed.text).toBe(`Stop: ${email.unsubscribeUrl}\n\nSam Lee\nSender Inc`);
  });

  it('sends neither header when unsubHeader is off, while {{unsubscribe}} still works', async () => {
    const { email, parsed } = await send(input({ campaign: { unsubHeader: false }, variant: { subject: 'Hi', body: 'Stop: {{unsubscribe}}' } }));
    expect(rawHeader(parsed, 'List-Unsubscribe')).toBeUndefined();
    expect(rawHeader(parsed, 'List-Unsubscribe-Post')).toBeUndefined();
    expect(email.headers).not.toHaveProperty('List-Unsubscribe');
    expect(parsed.text).toContain(email.unsubscribeUrl);
  });
});

describe('composeEmail: addresses and encoding', () => {
  it('round-trips non-ASCII from names and subjects, with 7-bit headers on the wire', async () => {
    const { email, parsed } = await send(
      input({
        inbox: { email: 'zoe@sender.io', fromName: 'Zoë "Ops" Müller, 東京', signature: null },
        lead: { id: leadId, email: 'ana@acme.com', vars: { firstName: 'Ånä' } },
        variant: { subject: 'Grüße {{firstName}} – 😀 ünïcödé', body: 'x' },
      }),
    );
    expect(parsed.from?.value).toEqual([{ name: 'Zoë "Ops" Müller, 東京', address: 'zoe@sender.io' }]);
    expect(parsed.subject).toBe('Grüße Ånä – 😀 ünïcödé');
    const head = email.raw.subarray(0, email.raw.indexOf('\r\n\r\n')).toString('latin1');
    expect(head).toMatch(/^[\x00-\x7f]*$/); // eslint-disable-line no-control-regex
  });

  it('adds cc to the headers and bcc to the envelope only', async () => {
    const { email, parsed } = await send(input({ campaign: { cc: 'boss@sender.io', bcc: 'crm@sender.io, log@sender.io' } }));
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value.map((a) => a.address)).toEqual(['ana@acme.com']);
    expect(parsed.cc && !Array.isArray(parsed.cc) && parsed.cc.value.map((a) => a.address)).toEqual(['boss@sender.io']);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(email.raw.toString()).not.toContain('crm@sender.io');
    expect(email.envelope).toEqual({ from: 'sam@sender.io', to: ['ana@acme.com', 'boss@sender.io', 'crm@sender.io', 'log@sender.io'] });
  });

  it('neutralises header injection from lead values, subjects and from names', async () => {
    const { email, parsed } = await send(
      input({
        lead: { id: leadId, email: 'ana@acme.com', vars: { firstName: 'Ana\r\nBcc: evil@attacker.com\r\nX-Injected: 1' } },
        inbox: { email: 'sam@sender.io', fromName: 'Sam\r\nX-Injected: 2', signature: null },
        variant: { subject: 'Hi {{firstName}}\nX-Injected: 3', body: 'x' },
      }),
    );
    expect(parsed.subject).toBe('Hi Ana Bcc: evil@attacker.com X-Injected: 1 X-Injected: 3');
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.from?.value[0].name).toBe('Sam X-Injected: 2');
    expect(email.envelope.to).toEqual(['ana@acme.com']);
    expect(email.raw.toString()).not.toMatch(/\r\nX-Injected/i);
  });
});
