// Step bodies are plain text. The HTML part is made from the rendered text the way a person's mail client
// would: everything escaped (so no lead value or body text can become markup), paragraphs at blank lines,
// <br> at single line breaks, runs of spaces kept, and bare http(s) URLs made into links.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** One line break style: the composer writes CRLF on the wire. */
export const normalizeNewlines = (s: string): string => s.replace(/\r\n?/g, '\n');

export interface FoundLink {
  start: number;
  end: number;
  url: string;
}

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'", '*']);
const count = (s: string, c: string) => s.split(c).length - 1;

// "See https://x.com/a." and "(https://x.com/a)" mean the URL without the punctuation; a closing bracket
// stays when the URL opened one (https://en.wikipedia.org/wiki/Foo_(bar)).
function trimTrailing(url: string): string {
  for (;;) {
    const last = url[url.length - 1];
    if (TRAILING_PUNCTUATION.has(last)) url = url.slice(0, -1);
    else if (last === ')' && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
    else if (last === ']' && count(url, ']') > count(url, '[')) url = url.slice(0, -1);
    else return url;
  }
}

function isLinkable(url: string): boolean {
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** Bare http(s) URLs in plain text, in order. */
export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  for (const m of text.matchAll(URL_CANDIDATE)) {
    const url = trimTrailing(m[0]);
    if (isLinkable(url)) links.push({ start: m.index, end: m.index + url.length, url });
  }
  return links;
}

const escapeWithSpaces = (s: string) => escapeHtml(s).replace(/ {2,}/g, (run) => ' ' + '&nbsp;'.repeat(run.length - 1));

/** Escaped text of one line with its URLs as links; `href` picks each link's target (tracking). */
function lineToHtml(line: string, href: (url: string) => string): string {
  let out = '';
  let at = 0;
  for (const link of findLinks(line)) {
    out += escapeWithSpaces(line.slice(at, link.start));
    out += `<a href="${escapeHtml(href(link.url))}">${escapeHtml(link.url)}</a>`;
    at = link.end;
  }
  return out + escapeWithSpaces(line.slice(at));
}

/**
 * Plain text → HTML fragment of <p> paragraphs. `href` is called once per link in document order and
 * returns the URL to put in the href (the link itself, or a tracked redirect); the visible text is always
 * the URL as written.
 */
export function textToHtml(text: string, href: (url: string) => string = (url) => url): string {
  return normalizeNewlines(text)
    .split(/\n(?:[ \t]*\n)+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '')
    .map(
      (p) =>
        `<p>${p
          .split('\n')
          .map((line) => lineToHtml(line, href))
          .join('<br>\n')}</p>`,
    )
    .join('\n');
}
