// The copy check (api.md Checks rule 1, Limits "Copy warning: links"): warnings about an email's words
// that content filters and readers react to. Pure functions of the variant's template and the
// campaign's unsubscribe header; they never stop a campaign. Merge fields are judged as written (a
// `{{firstName}}` is neither shouting nor a spam word), except that `{{unsubscribe}}` is the opt-out.
// Conditions and RANDOM (decisions.md §11) give one template several texts (templates/template-text.ts):
// words are looked for in every branch and option (a spam word inside a branch still counts); counts and
// lengths are of the longest text it can render; the opt-out must be in every text it can render.
//
// | code          | warns when                                                                          |
// |---------------|-------------------------------------------------------------------------------------|
// | spam_words    | a phrase of spam-words.ts, whole words, any case (terms: the phrases found)          |
// | links         | more than two links in the body (http(s)://…, www.…); the unsubscribe link is extra |
// | capitals      | an all-capitals word of 4+ letters in the subject, 3+ in the body, or a text of 20+   |
// |               | letters that is at least half capitals (terms: the words)                           |
// | exclamation   | an exclamation mark in the subject, or more than one in the body                    |
// | long_subject  | a subject over 60 characters (merge fields counted by their name)                  |
// | long_body     | a body over 200 words                                                                |
// | images        | an <img> tag, a Markdown image or a link to an image file (terms: the images)       |
// | no_opt_out    | no {{unsubscribe}} in the body and the campaign's unsubscribe header is off         |
// | blank_subject | a subsequence's first email with a blank subject: it answers in the parent's thread, |
// |               | but for a lead the parent never emailed it starts one, under the subject of the     |
// |               | parent's first email (terms: that subject), or cannot go when the parent has none    |
// |               | (threadSubjectFinding; schedule/sender.ts threadStartSubject is the rule it tells)  |
import { templateOf, type FieldNode, type ParsedTemplate } from '../templates/template-parse';
import { alwaysHasField, everyText, longestText } from '../templates/template-text';
import { threadStartSubject, type SubjectStep } from '../sending/schedule';
import { SPAM_WORDS } from './spam-words';

export type CopyCode = 'spam_words' | 'links' | 'capitals' | 'exclamation' | 'long_subject' | 'long_body' | 'images' | 'no_opt_out' | 'blank_subject';

export interface CopyFinding {
  code: CopyCode;
  message: string;
  terms: string[];
}

export const MAX_LINKS = 2;
export const MAX_SUBJECT_CHARS = 60;
export const MAX_BODY_WORDS = 200;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// One alternation of every phrase, longest first so "100% free" wins over "free"; whole words by
// Unicode letters and digits on either side.
const PHRASES = [...new Set(Object.values(SPAM_WORDS).flat())].sort((a, b) => b.length - a.length);
const SPAM_RE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${PHRASES.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
const CANONICAL = new Map(PHRASES.map((p) => [p.toLocaleLowerCase(), p]));

type Template = string | ParsedTemplate;
const asSpace = () => ' ';
const byName = (f: FieldNode) => f.name || f.raw;
/** Every word the template may send, merge fields left out (their names are not the writer's words). */
const wordsOnly = (t: Template) => everyText(t, asSpace);
/** The longest text it can render, merge fields left out (for counting). */
const longestWords = (t: Template) => longestText(t, asSpace);
/** The longest text it can render, each merge field as its bare name (for lengths). */
const longestNamed = (t: Template) => longestText(t, byName);

export function spamTerms(template: Template): string[] {
  const found = new Set<string>();
  for (const m of wordsOnly(template).matchAll(SPAM_RE)) found.add(CANONICAL.get(m[0].toLocaleLowerCase()) ?? m[0].toLocaleLowerCase());
  return [...found];
}

const LINK_RE = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/gi;
const TRAILING_PUNCTUATION = new Set('.,;:!?');
/** The link without the punctuation that ends its sentence (a loop: `/[.,;:!?]+$/` is quadratic on a
 *  link of 100,000 `!`, decisions.md §10). */
function withoutTrailingPunctuation(link: string): string {
  let end = link.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(link[end - 1]!)) end--;
  return link.slice(0, end);
}
/** The links of the longest text the template can render. */
export const linksOf = (template: Template): string[] => [...longestWords(template).matchAll(LINK_RE)].map((m) => withoutTrailingPunctuation(m[0]));

/** How many times `re` (global) matches, counted without keeping the matches: an array of one string per
 *  letter of a 100,000-character body outlived the young generation and made the count grow faster than
 *  the text (decisions.md §10). */
function countMatches(text: string, re: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(re)) n++;
  return n;
}

const SHOUT_RE = /(?<![\p{L}\p{N}])\p{Lu}{4,}(?![\p{L}\p{N}])/gu;
function shouting(template: ParsedTemplate, minWords: number): string[] {
  const plain = wordsOnly(template);
  const words = [...new Set([...plain.matchAll(SHOUT_RE)].map((m) => m[0]))];
  if (words.length >= minWords) return words;
  const letters = countMatches(plain, /\p{L}/gu);
  if (letters >= 20 && countMatches(plain, /\p{Lu}/gu) * 2 >= letters) return words.length ? words : ['(mostly capitals)'];
  return [];
}

// Linear on hostile text (decisions.md §10): a tag stops at the next `<`, a Markdown image's alt text at
// the next bracket and its address at the next parenthesis, so no two tries scan the same text; links to
// image files are found among the links (LINK_RE consumes each whole), not by trying every `http`.
const IMAGE_RE = /<img\b[^<>]*>|!\[[^[\]]*\]\([^()]*\)/gi;
const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|bmp|svg)\b/gi;

/** The images of a text in order: tags, Markdown images, and links up to an image file name in them (a
 *  link inside a tag or a Markdown image is part of it, as when one pattern matched all three). */
function imagesOf(template: ParsedTemplate): string[] {
  const plain = wordsOnly(template);
  const found = [...plain.matchAll(IMAGE_RE)].map((m) => ({ at: m.index, text: m[0] }));
  for (const link of plain.matchAll(LINK_RE)) {
    // The longest start of the link ending in an image extension, as the old pattern's greedy match took.
    let end = -1;
    for (const m of link[0].matchAll(IMAGE_FILE)) end = m.index + m[0].length;
    if (end > 0) found.push({ at: link.index, text: link[0].slice(0, end) });
  }
  found.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  let free = 0;
  for (const f of found) {
    if (f.at < free) continue;
    out.push(f.text);
    free = f.at + f.text.length;
  }
  return out;
}

const countOf = (text: string, ch: string) => text.split(ch).length - 1;

/** Every warning for one variant, in the order of the table above. */
export function checkCopy(variant: { subject: string; body: string }, campaign: { unsubHeader: boolean }): CopyFinding[] {
  const out: CopyFinding[] = [];
  const subject = templateOf(variant.subject);
  const body = templateOf(variant.body);

  const spam = [...new Set([...spamTerms(subject), ...spamTerms(body)])];
  if (spam.length) out.push({ code: 'spam_words', message: `Words spam filters watch for: ${spam.join(', ')}. Say it plainly in other words.`, terms: spam });

  const links = linksOf(body);
  if (links.length > MAX_LINKS)
    out.push({ code: 'links', message: `${links.length} links; more than ${MAX_LINKS} look like marketing mail. Keep one link, or none in a first email.`, terms: links });

  const loud = [...new Set([...shouting(subject, 1), ...shouting(body, 3)])];
  if (loud.length) out.push({ code: 'capitals', message: `Words in capitals read as shouting: ${loud.join(', ')}. Write them in normal case.`, terms: loud });

  const subjectMarks = countOf(longestWords(subject), '!');
  const bodyMarks = countOf(longestWords(body), '!');
  if (subjectMarks > 0 || bodyMarks > 1)
    out.push({
      code: 'exclamation',
      message: `${subjectMarks + bodyMarks} exclamation marks (${subjectMarks} in the subject); use none in the subject and at most one in the body.`,
      terms: [],
    });

  const subjectLength = Array.from(longestNamed(subject).trim()).length;
  if (subjectLength > MAX_SUBJECT_CHARS)
    out.push({ code: 'long_subject', message: `The subject is ${subjectLength} characters; keep it under ${MAX_SUBJECT_CHARS} so it shows whole.`, terms: [] });

  const words = longestNamed(body).split(/\s+/).filter(Boolean).length;
  if (words > MAX_BODY_WORDS) out.push({ code: 'long_body', message: `The body is ${words} words; cold emails under ${MAX_BODY_WORDS} get more replies.`, terms: [] });

  const images = [...new Set(imagesOf(body))];
  if (images.length) out.push({ code: 'images', message: 'Images in a cold email look like marketing mail and are often blocked; send plain text.', terms: images });

  const optOut = alwaysHasField(body, (f) => f.ref.source === 'unsubscribe');
  if (!optOut && !campaign.unsubHeader)
    out.push({
      code: 'no_opt_out',
      message: 'No way to opt out: the body has no {{unsubscribe}} link and the unsubscribe header is off. Add {{unsubscribe}} or turn unsub_header on.',
      terms: [],
    });
  return out;
}

/**
 * blank_subject, for a variant (number `variant`) of a subsequence's first email step: an email that
 * starts a thread never goes without a subject, so for a lead its parent never emailed, a blank subject
 * takes that of the parent's first email step (`opener`, schedule/sender.ts threadStartSubject), rendered
 * for the lead; with none there, the email cannot go. Null when the variant has a subject of its own.
 */
export function threadSubjectFinding(subject: string, variant: number, opener: SubjectStep | null): CopyFinding | null {
  if (subject.trim() !== '') return null;
  const taken = threadStartSubject(opener, variant);
  if (taken === null)
    return {
      code: 'blank_subject',
      message:
        'No subject: for a lead the parent never emailed this email starts a thread, and the parent has no email whose subject it could take, so it is not sent (the lead moves on to the next step). Give it a subject.',
      terms: [],
    };
  return {
    code: 'blank_subject',
    message: `A blank subject answers in the parent's thread; for a lead the parent never emailed, this email starts a thread under the subject of the parent's first email, "${taken}", written for the lead. Give it a subject of its own to choose another.`,
    terms: [taken],
  };
}
