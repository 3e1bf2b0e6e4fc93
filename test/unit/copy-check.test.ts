// The copy check (src/modules/checks/copy-check.ts), one code at a time at its threshold, and the
// spam-word list it reads (spam-words.ts).
import { checkCopy, linksOf, MAX_BODY_WORDS, MAX_SUBJECT_CHARS, spamTerms, threadSubjectFinding } from '../../src/modules/checks/copy-check';
import { SPAM_WORDS } from '../../src/modules/checks/spam-words';

const header = { unsubHeader: true };
const codes = (subject: string, body: string, campaign = header) => checkCopy({ subject, body }, campaign).map((f) => f.code);
const finding = (subject: string, body: string, code: string) => checkCopy({ subject, body }, header).find((f) => f.code === code);

describe('a plain email', () => {
  it('gets no warning', () => {
    expect(codes('Quick question, {{firstName}}', 'Hi {{firstName|there}},\n\nwould a short call next week help?\n\nSam')).toEqual([]);
  });
});

describe('spam_words', () => {
  it('finds phrases in any case, whole words only, and names each once', () => {
    expect(finding('Act NOW', 'It is urgent. URGENT.', 'spam_words')?.terms).toEqual(['act now', 'urgent']);
    expect(spamTerms('urgently, nonurgent')).toEqual([]);
  });

  it('prefers the longest phrase and ignores merge-field names', () => {
    expect(spamTerms('This is 100% free')).toEqual(['100% free']);
    expect(spamTerms('{{free}} {{urgent|x}}')).toEqual([]);
  });

  it('knows several languages', () => {
    expect(Object.keys(SPAM_WORDS)).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es']));
    expect(spamTerms('Kostenlos und garantiert')).toEqual(expect.arrayContaining(['kostenlos', 'garantiert']));
    expect(spamTerms('Cliquez ici')).toEqual(['cliquez ici']);
  });

  it('keeps every list lower-case and without duplicates', () => {
    for (const words of Object.values(SPAM_WORDS)) {
      expect(words.every((w) => w === w.toLocaleLowerCase())).toBe(true);
      expect(new Set(words).size).toBe(words.length);
    }
  });
});

describe('links', () => {
  it('allows two links in the body and warns from the third, listing them without trailing punctuation', () => {
    expect(codes('s', 'https://a.test and www.b.test.')).toEqual([]);
    const f = finding('s', 'https://a.test, www.b.test and http://c.test/x.', 'links');
    expect(f?.terms).toEqual(['https://a.test', 'www.b.test', 'http://c.test/x']);
  });

  it('does not count {{unsubscribe}} or links in the subject', () => {
    expect(linksOf('{{unsubscribe}} https://a.test')).toEqual(['https://a.test']);
    expect(codes('https://a.test https://b.test https://c.test', 'x')).toEqual([]);
  });
});

describe('capitals', () => {
  it('warns for one shouted word of 4+ letters in the subject, three in the body', () => {
    expect(finding('A HUGE offer', 'x', 'capitals')?.terms).toEqual(['HUGE']);
    expect(codes('An offer', 'The BEST and MOST')).toEqual([]);
    expect(finding('s', 'The BEST, MOST and ONLY', 'capitals')?.terms).toEqual(['BEST', 'MOST', 'ONLY']);
  });

  it('warns for a text that is mostly capitals, and not for short acronyms or merge fields', () => {
    expect(finding('s', 'WE ARE SO GLAD TO BE IN TOUCH', 'capitals')?.terms).toEqual(['GLAD', 'TOUCH']);
    expect(codes('Hi from the USA', 'See the API and SDK, {{COMPANY_NAME}}')).toEqual([]);
  });
});

describe('exclamation', () => {
  it('warns for any in the subject, or more than one in the body', () => {
    expect(codes('Hello!', 'x')).toEqual(['exclamation']);
    expect(codes('Hello', 'Great to meet you!')).toEqual([]);
    expect(codes('Hello', 'Great! Really!')).toEqual(['exclamation']);
  });
});

describe('long_subject and long_body', () => {
  it(`warns for a subject over ${MAX_SUBJECT_CHARS} characters, a merge field counted by its name`, () => {
    expect(codes('a'.repeat(MAX_SUBJECT_CHARS), 'x')).toEqual([]);
    expect(codes('a'.repeat(MAX_SUBJECT_CHARS + 1), 'x')).toEqual(['long_subject']);
    expect(codes(`${'a'.repeat(MAX_SUBJECT_CHARS - 4)}{{name|someone with a long fallback}}`, 'x')).toEqual([]);
  });

  it(`warns for a body over ${MAX_BODY_WORDS} words`, () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(codes('s', words(MAX_BODY_WORDS))).toEqual([]);
    expect(codes('s', words(MAX_BODY_WORDS + 1))).toEqual(['long_body']);
  });
});

describe('images', () => {
  it('finds <img> tags, Markdown images and links to image files', () => {
    const f = finding('s', '<img src="https://x.test/a.png"> ![logo](https://x.test/l.svg) https://x.test/photo.JPG', 'images');
    expect(f?.terms).toHaveLength(3);
    expect(codes('s', 'See https://x.test/page.html')).toEqual([]);
  });
});

describe('no_opt_out', () => {
  it('warns only when the body has no {{unsubscribe}} and the unsubscribe header is off', () => {
    expect(codes('s', 'x', { unsubHeader: false })).toEqual(['no_opt_out']);
    expect(codes('s', 'x {{unsubscribe}}', { unsubHeader: false })).toEqual([]);
    expect(codes('s', 'x', { unsubHeader: true })).toEqual([]);
  });
});

it('lists findings in the order of the table, each with a message', () => {
  const all = checkCopy({ subject: 'FREE offer!', body: `Act now!! https://a.test https://b.test https://c.test <img src="x.gif"> ${'w '.repeat(205)}` }, { unsubHeader: false });
  expect(all.map((f) => f.code)).toEqual(['spam_words', 'links', 'capitals', 'exclamation', 'long_body', 'images', 'no_opt_out']);
  for (const f of all) expect(f.message).toEqual(expect.any(String));
});

// decisions.md §11: conditions and RANDOM give one template several texts. Words are looked for in every
// branch and option; counts and lengths are of the longest text it can render; the opt-out must be in
// every text it can render.
describe('conditions and RANDOM', () => {
  it('finds a spam word, capitals or an image inside any branch or option', () => {
    expect(finding('s', '{{#if company}}Hi{{else}}Act now{{/if}}', 'spam_words')?.terms).toEqual(['act now']);
    expect(finding('s', '{{#unless a}}{{#if b}}ok{{else}}100% free{{/if}}{{/unless}}', 'spam_words')?.terms).toEqual(['100% free']);
    expect(finding('{{RANDOM | Hello | Act now }}', 'x', 'spam_words')?.terms).toEqual(['act now']);
    expect(finding('{{#if a}}A HUGE deal{{/if}}', 'x', 'capitals')?.terms).toEqual(['HUGE']);
    expect(finding('s', '{{#if a}}<img src="x.png">{{/if}}', 'images')?.terms).toEqual(['<img src="x.png">']);
  });

  it('does not join words across branches, options or tags into a phrase', () => {
    expect(spamTerms('act{{#if a}} now{{/if}}')).toEqual([]);
    expect(spamTerms('{{RANDOM|act|go}} now')).toEqual([]);
    expect(spamTerms('{{RANDOM|act now|go}}')).toEqual(['act now']);
  });

  it('counts links and exclamation marks in the longest text one email can be, not across exclusive branches', () => {
    expect(codes('s', '{{#if a}}https://a.test https://b.test{{else}}https://c.test{{/if}}')).toEqual([]);
    expect(finding('s', '{{#if a}}https://a.test https://b.test{{else}}x{{/if}} https://c.test', 'links')?.terms).toHaveLength(3);
    expect(codes('s', '{{#if a}}Great!{{else}}Fine!{{/if}}')).toEqual([]);
    expect(codes('{{RANDOM|Hi|Hello!}}', 'x')).toEqual(['exclamation']);
  });

  it('measures the subject and body by their longest branch and option, merge fields by name', () => {
    const long = 'x'.repeat(MAX_SUBJECT_CHARS);
    expect(codes(`{{#if a}}${long}{{else}}short{{/if}}`, 'x')).toEqual([]);
    expect(codes(`{{#if a}}${long}{{/if}} {{b}}`, 'x')).toEqual(['long_subject']);
    expect(codes(`{{RANDOM|${long}1|a}}`, 'x')).toEqual(['long_subject']);
    const words = 'w '.repeat(MAX_BODY_WORDS);
    expect(codes('s', `{{#if a}}${words}{{else}}${words}{{/if}}`)).toEqual([]);
    expect(codes('s', `{{#if a}}${words}{{/if}}{{RANDOM|one more|x}}`)).toEqual(['long_body']);
  });

  it('needs the opt-out in every text the body can render', () => {
    const off = { unsubHeader: false };
    expect(codes('s', '{{#if a}}{{unsubscribe}}{{/if}}', off)).toEqual(['no_opt_out']);
    expect(codes('s', '{{#if a}}Stop: {{unsubscribe}}{{else}}Opt out: {{ Unsubscribe }}{{/if}}', off)).toEqual([]);
    expect(codes('s', '{{#if a}}x{{/if}} {{unsubscribe}}', off)).toEqual([]);
  });
});

describe("blank_subject (a subsequence's first email, which starts a thread for a lead its parent never emailed)", () => {
  const opener = { position: 2, task: null, variants: [{ subject: 'Quick question, {{firstName}}', enabled: true }] };
  it("names the subject of the parent's first email it takes", () => {
    expect(threadSubjectFinding('', 1, opener)).toEqual({
      code: 'blank_subject',
      message: expect.stringContaining('"Quick question, {{firstName}}"'),
      terms: ['Quick question, {{firstName}}'],
    });
    expect(threadSubjectFinding(' ', 2, opener)?.terms).toEqual(['Quick question, {{firstName}}']);
  });
  it('says it cannot go when the parent has no email with a subject', () => {
    expect(threadSubjectFinding('', 1, null)).toEqual({ code: 'blank_subject', message: expect.stringContaining('it is not sent'), terms: [] });
  });
  it('says nothing about a subject of its own', () => {
    expect(threadSubjectFinding('Hi', 1, opener)).toBeNull();
  });
});
