// decisions.md §6: snippet is the reply's own words (quoted history and signature left out), first 200
// characters; body_text is the whole text part (or the HTML as text), up to 100,000 characters.
import { BODY_TEXT_MAX, bodyText, cutChars, newText, snippet } from '../../src/modules/replies/reply-text';

const reply = (...lines: string[]) => lines.join('\n');

describe('newText: quoted history', () => {
  it.each([
    [
      'Gmail, English',
      reply('Yes, happy to chat next week.', '', 'On Tue, Mar 5, 2024 at 10:12 AM John Smith <john@example.com> wrote:', '> Hi Anna,', '> would you be open to a call?'),
    ],
    ['Gmail, attribution wrapped', reply('Yes, happy to chat next week.', '', 'On Tue, Mar 5, 2024 at 10:12 AM John Smith <', 'john@example.com> wrote:', '', '> Hi Anna,')],
    ['Gmail, wrapped before wrote', reply('Yes, happy to chat next week.', 'On Tue, Mar 5, 2024 at 10:12 AM John Smith <john@example.com>', 'wrote:', '> Hi Anna,')],
    ['Apple Mail', reply('Yes, happy to chat next week.', '', 'On 5 Mar 2024, at 10:12, John Smith <john@example.com> wrote:', '', '> Hi Anna,')],
    [
      'Outlook for Mac',
      reply('Yes, happy to chat next week.', '', 'On 3/5/24, 10:12 AM, "John Smith" <john@example.com> wrote:', '', '    Hi Anna,', '    would you be open to a call?'),
    ],
    ['Thunderbird, no date', reply('Yes, happy to chat next week.', '', 'John Smith <john@example.com> wrote:', '> Hi Anna,')],
    ['German', reply('Yes, happy to chat next week.', '', 'Am Di., 5. März 2024 um 10:12 Uhr schrieb John Smith <john@example.com>:', '> Hallo Anna,')],
    ['German Thunderbird', reply('Yes, happy to chat next week.', '', 'Am 05.03.2024 um 10:12 schrieb John Smith:', '> Hallo Anna,')],
    ['French', reply('Yes, happy to chat next week.', '', 'Le mar. 5 mars 2024 à 10:12, John Smith <john@example.com> a écrit :', '> Bonjour Anna,')],
    ['Spanish', reply('Yes, happy to chat next week.', '', 'El mar, 5 mar 2024 a las 10:12, John Smith (<john@example.com>) escribió:', '> Hola Anna,')],
    ['Dutch', reply('Yes, happy to chat next week.', '', 'Op di 5 mrt 2024 om 10:12 schreef John Smith <john@example.com>:', '> Hallo Anna,')],
    ['Italian', reply('Yes, happy to chat next week.', '', 'Il giorno mar 5 mar 2024 alle ore 10:12 John Smith <john@example.com> ha scritto:', '> Ciao Anna,')],
    ['Portuguese', reply('Yes, happy to chat next week.', '', 'Em ter., 5 de mar. de 2024 às 10:12, John Smith <john@example.com> escreveu:', '> Olá Anna,')],
    [
      'Outlook, underscores',
      reply(
        'Yes, happy to chat next week.',
        '',
        '________________________________',
        'From: John Smith <john@example.com>',
        'Sent: Tuesday, March 5, 2024 10:12 AM',
        'To: Anna <anna@acme.com>',
        'Subject: Quick question',
        '',
        'Hi Anna,',
      ),
    ],
    [
      'Outlook, no underscores',
      reply(
        'Yes, happy to chat next week.',
        '',
        'From: John Smith <john@example.com>',
        'Sent: Tuesday, March 5, 2024 10:12 AM',
        'To: Anna <anna@acme.com>',
        'Subject: Quick question',
        'Hi Anna,',
      ),
    ],
    [
      'Outlook, German',
      reply(
        'Yes, happy to chat next week.',
        '________________________________',
        'Von: John Smith <john@example.com>',
        'Gesendet: Dienstag, 5. März 2024 10:12',
        'An: Anna <anna@acme.com>',
        'Betreff: Kurze Frage',
      ),
    ],
    [
      'Outlook, French',
      reply(
        'Yes, happy to chat next week.',
        '________________________________',
        'De : John Smith <john@example.com>',
        'Envoyé : mardi 5 mars 2024 10:12',
        'À : Anna <anna@acme.com>',
        'Objet : Question',
      ),
    ],
    ['Original Message', reply('Yes, happy to chat next week.', '', '-----Original Message-----', 'From: John Smith [mailto:john@example.com]', 'Hi Anna,')],
    ['Original Message, spaced', reply('Yes, happy to chat next week.', '----- Original Message -----', 'Hi Anna,')],
    ['Ursprüngliche Nachricht', reply('Yes, happy to chat next week.', '-----Ursprüngliche Nachricht-----', 'Hallo Anna,')],
    ['Gmail forward', reply('Yes, happy to chat next week.', '', '---------- Forwarded message ---------', 'From: John Smith <john@example.com>', 'Hi Anna,')],
    ['Apple forward', reply('Yes, happy to chat next week.', '', 'Begin forwarded message:', '', 'From: John Smith <john@example.com>')],
    ['CRLF line ends', 'Yes, happy to chat next week.\r\n\r\nOn Tue, Mar 5, 2024 at 10:12 AM John <john@example.com> wrote:\r\n> Hi Anna,\r\n'],
  ])('%s', (_name, text) => {
    expect(newText(text)).toBe('Yes, happy to chat next week.');
  });

  it('keeps a bottom-posted answer below the quote', () => {
    const text = reply('On Tue, Mar 5, 2024 at 10:12 AM John <john@example.com> wrote:', '> Would Thursday work?', '', 'Thursday works, 3pm?');
    expect(newText(text)).toBe('Thursday works, 3pm?');
  });

  it('keeps interleaved answers and drops the quoted lines between them', () => {
    const text = reply('> Do you use a CRM?', 'Yes, HubSpot.', '> How big is the team?', 'About 40 people.');
    expect(newText(text)).toBe('Yes, HubSpot.\nAbout 40 people.');
  });

  it('does not take a sentence starting with "On" for an attribution', () => {
    expect(newText('On Monday we signed with another vendor.\nThanks anyway.')).toBe('On Monday we signed with another vendor.\nThanks anyway.');
    expect(newText('On second thought, my colleague wrote:\nlet us talk.')).toBe('On second thought, my colleague wrote:\nlet us talk.');
  });

  it('keeps something sensible when the reply is only a quote', () => {
    expect(newText('> Hi Anna,\n> would you be open to a call?')).toBe('Hi Anna,\nwould you be open to a call?');
    expect(newText('')).toBe('');
  });
});

describe('newText: signatures', () => {
  it.each([
    ['RFC 3676 separator', reply('Sounds good.', '-- ', 'Jane Doe', 'VP Sales, Acme')],
    ['separator without its space', reply('Sounds good.', '--', 'Jane Doe')],
    ['iPhone', reply('Sounds good.', '', 'Sent from my iPhone')],
    ['Outlook for iOS', reply('Sounds good.', '', 'Get Outlook for iOS<https://aka.ms/o0ukef>')],
    ['German iPhone', reply('Sounds good.', '', 'Von meinem iPhone gesendet')],
    ['French iPhone', reply('Sounds good.', '', 'Envoyé de mon iPhone')],
    ['signature then quote', reply('Sounds good.', '-- ', 'Jane', '', 'On Tue, Mar 5, 2024 at 10:12 AM John <john@example.com> wrote:', '> Hi')],
    ['phone signature then quote', reply('Sounds good.', '', 'Sent from my iPhone', '', 'On 5 Mar 2024, at 10:12, John <john@example.com> wrote:', '', '> Hi')],
  ])('%s', (_name, text) => {
    expect(newText(text)).toBe('Sounds good.');
  });

  it('keeps a dash inside a sentence', () => {
    expect(newText('Sounds good -- call me.')).toBe('Sounds good -- call me.');
  });
});

describe('snippet', () => {
  it('collapses whitespace', () => {
    expect(snippet('Hi John,\n\n  thanks   for\treaching out.\n\nOn Tue, Mar 5, 2024 at 10:12 AM John <john@example.com> wrote:\n> x')).toBe('Hi John, thanks for reaching out.');
  });

  it('is the first 200 characters', () => {
    const words = 'word '.repeat(100);
    const s = snippet(words);
    expect(s.length).toBeLessThanOrEqual(200);
    expect(s).toBe(words.slice(0, 200).trimEnd());
    expect(snippet('x'.repeat(500))).toBe('x'.repeat(200));
  });

  it('counts an emoji as one character and never cuts it in half', () => {
    const s = snippet('😀'.repeat(300));
    expect(Array.from(s)).toHaveLength(200);
    expect(s).toBe('😀'.repeat(200));
    const mixed = snippet('a' + '😀'.repeat(250));
    expect(Array.from(mixed)).toHaveLength(200);
    expect(mixed.endsWith('😀')).toBe(true);
  });
});

describe('bodyText', () => {
  it('keeps the whole text part, quote and signature included', () => {
    const text = reply('Yes.', '-- ', 'Jane', '> quoted');
    expect(bodyText(text, '<p>ignored</p>')).toBe(text);
  });

  it('turns HTML into text when there is no text part', () => {
    const html =
      '<div>Yes please<br>thanks</div><div class="gmail_quote"><div>On Tue, Mar 5, 2024 at 10:12 AM John &lt;j@x.com&gt; wrote:</div><blockquote>Hi there</blockquote></div>';
    const body = bodyText(null, html);
    expect(body).toContain('Yes please\nthanks');
    expect(body).toContain('> Hi there');
    expect(newText(body)).toBe('Yes please\nthanks');
    expect(bodyText('  \n', '<p>From HTML</p>')).toBe('From HTML');
  });

  it('is empty with neither part', () => {
    expect(bodyText(null, null)).toBe('');
  });

  it('is cut to 100,000 characters without splitting a surrogate pair', () => {
    expect(bodyText('a'.repeat(BODY_TEXT_MAX + 10), null)).toHaveLength(BODY_TEXT_MAX);
    const emoji = bodyText('😀'.repeat(BODY_TEXT_MAX + 1), null);
    expect(Array.from(emoji)).toHaveLength(BODY_TEXT_MAX);
    expect(emoji).toBe('😀'.repeat(BODY_TEXT_MAX));
    expect(bodyText('a'.repeat(BODY_TEXT_MAX), null)).toHaveLength(BODY_TEXT_MAX);
  });

  it('removes NUL characters', () => {
    expect(bodyText('a\0b', null)).toBe('ab');
  });
});

describe('cutChars', () => {
  it('leaves short strings alone and cuts by code point', () => {
    expect(cutChars('abc', 5)).toBe('abc');
    expect(cutChars('a😀b', 2)).toBe('a😀');
    expect(cutChars('😀😀', 1)).toBe('😀');
  });
});
