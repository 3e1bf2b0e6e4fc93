// The text of an inbound reply (decisions.md §6): `body_text` keeps the whole text part, `snippet` shows
// only the reply's own words, without the quoted history and the signature mail clients add. Pure
// functions: the poller calls them on what mailparser gives it.
import { convert } from 'html-to-text';

export const SNIPPET_MAX = 200;
export const BODY_TEXT_MAX = 100_000;

/** Cuts to `max` characters (code points, as lead-vars counts them) without splitting a surrogate pair. */
export function cutChars(s: string, max: number): string {
  // A string no longer than `max` UTF-16 units has at most `max` code points: no walk needed.
  if (s.length <= max) return s;
  let units = 0;
  let count = 0;
  for (const ch of s) {
    if (count === max) break;
    units += ch.length;
    count++;
  }
  return s.slice(0, units);
}

// Attribution lines ("On <date>, <name> wrote:") in the languages the issue names. Each needs a digit
// (the date) so that "On Monday my boss wrote:" in the reply's own words is not taken for one.
const ATTRIBUTIONS = [
  /^On\b.{1,300}\bwrote\s?:$/,
  /^Am\b.{1,300}\bschrieb\b.{0,200}:$/,
  /^Le\b.{1,300}\ba écrit\s?:$/,
  /^El\b.{1,300}\bescribió\s?:$/,
  /^Op\b.{1,300}\bschreef\b.{0,200}:$/,
  /^Il\b.{1,300}\bha scritto\s?:$/,
  /^Em\b.{1,300}\bescreveu\s?:$/,
];
// "John Smith <john@example.com> wrote:" with no date (Thunderbird, older clients), in any of those languages.
const NAME_WROTE = /^.{0,200}[<([]?[^\s<>()]+@[^\s<>()]+[>)\]]?\)?\s*(wrote|schrieb|a écrit|escribió|schreef|ha scritto|escreveu)\s?:$/i;

const ORIGINAL_MESSAGE =
  /^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original)\s*-{2,}$/i;
const FORWARDED =
  /^(-{2,}\s*(forwarded message|weitergeleitete nachricht|message transféré|mensaje reenviado|messaggio inoltrato|doorgestuurd bericht|mensagem encaminhada)\s*-{2,}|begin forwarded message\s?:|anfang der weitergeleiteten nachricht\s?:|début du message réexpédié\s?:)$/i;
const UNDERSCORES = /^_{10,}$/;
// Outlook's header block of the message it quotes: "From:" then Sent/To/Subject (or their translations).
const FROM_HEADER = /^\*?(from|von|de|da|van|från|fra)\s?\*?\s?:/i;
const OTHER_HEADER =
  /^\*?(sent|date|to|cc|subject|gesendet|datum|an|betreff|envoyé|à|objet|enviado|fecha|para|asunto|inviato|data|a|oggetto|verzonden|aan|onderwerp|assunto)\s?\*?\s?:/i;
// RFC 3676's "-- " (many clients strip the trailing space) and the lines phones and apps append.
const SIG_SEPARATOR = /^--\s?$/;
const MOBILE_SIG =
  /^(sent from (my|mail for|outlook|yahoo mail)\b|sent via\b|get outlook for (ios|android)|von meinem .{1,40} gesendet|gesendet von meinem|envoyé de mon|enviado desde mi|verzonden (vanaf|met) mijn|inviato da|enviado do meu)/i;

const isQuoted = (line: string) => /^\s*>/.test(line);

/** How many lines (1–3: clients wrap long attributions) form an attribution starting at `i`, or 0. */
function attributionAt(lines: string[], i: number): number {
  let joined = '';
  for (let k = 0; k < 3 && i + k < lines.length; k++) {
    const line = lines[i + k].trim();
    // A wrapped attribution never ends a sentence before its "wrote:".
    if (!line || isQuoted(line) || (k && /[.!?]$/.test(joined))) return 0;
    joined = k ? `${joined} ${line}` : line;
    if (joined.length > 400) return 0;
    if (/\d/.test(joined) && ATTRIBUTIONS.some((re) => re.test(joined))) return k + 1;
    // The dateless form only on one short line: joined to the line before, it would swallow the reply.
    if (!k && joined.length <= 150 && NAME_WROTE.test(joined)) return 1;
  }
  return 0;
}

function outlookHeadersAt(lines: string[], i: number): boolean {
  if (!FROM_HEADER.test(lines[i].trim())) return false;
  const following = lines.slice(i + 1, i + 7).filter((l) => OTHER_HEADER.test(l.trim()));
  return following.length >= 2;
}

function nextNonBlank(lines: string[], i: number): string | undefined {
  for (let j = i; j < lines.length; j++) if (lines[j].trim()) return lines[j];
  return undefined;
}

/**
 * The reply's own words: quoted lines (`>`) are dropped wherever they are, so a bottom-posted or
 * interleaved answer keeps its text; an attribution followed by `>` lines is dropped with them; an
 * attribution without quote marks, Outlook's quoted headers, "Original Message", a forward marker or a
 * signature ends the text. When nothing would be left (a reply that is only a quote), the whole text is
 * kept without its quote marks, so the inbox still shows something.
 */
export function newText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (isQuoted(line)) continue;
    const attribution = attributionAt(lines, i);
    if (attribution) {
      const next = nextNonBlank(lines, i + attribution);
      if (next !== undefined && isQuoted(next)) {
        i += attribution - 1;
        continue;
      }
      break;
    }
    if (ORIGINAL_MESSAGE.test(trimmed) || FORWARDED.test(trimmed) || SIG_SEPARATOR.test(line) || MOBILE_SIG.test(trimmed)) break;
    if (UNDERSCORES.test(trimmed) && FROM_HEADER.test(nextNonBlank(lines, i + 1)?.trim() ?? '')) break;
    if (outlookHeadersAt(lines, i)) break;
    kept.push(line);
  }
  const own = tidy(kept.join('\n'));
  if (own) return own;
  return tidy(lines.map((l) => l.replace(/^\s*(>\s?)+/, '')).join('\n'));
}

/** Trailing spaces off each line, at most one blank line in a row, no blank lines at either end. */
const tidy = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The first 200 characters of the new text, all whitespace runs made one space. */
export const snippet = (text: string): string => cutChars(newText(text).replace(/\s+/g, ' ').trim(), SNIPPET_MAX).trimEnd();

/**
 * The text part, or the HTML part as text when there is no text part (a blank one counts as none);
 * NULs removed (PostgreSQL text cannot hold them), cut to 100,000 characters.
 */
export function bodyText(text: string | null, html: string | null): string {
  let body = text && text.trim() ? text : '';
  if (!body && html) body = convert(html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
  return cutChars(body.replace(/\0/g, ''), BODY_TEXT_MAX);
}
