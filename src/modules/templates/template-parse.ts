// The template scanner (decisions.md §10: user text is parsed in linear time). One left-to-right pass
// splits a template into text and tags; every character is looked at a bounded number of times, whatever
// the input (a regular expression with nested quantifiers took 25 s on `{{` and 4,000 spaces).
//
// Two layers, so the template language can grow without touching the scan:
// - lexical (`templateParts`): where a tag starts and ends. A tag is `{{`, then text without braces or
//   line breaks, then `}}`. A `{{` that does not close that way is text, and the scan goes on at its
//   second brace (so `{{{name}}` is a brace and a tag, as a regular expression searching leftmost finds).
// - meaning (`fieldOf`): what a tag's inside says. Today a merge field `name|fallback`; later kinds of tag
//   (issue 22: `{{RANDOM|…}}`, `{{#if …}}`) are more cases here, each with its own part kind.

export interface TextPart {
  kind: 'text';
  text: string;
}

export interface FieldPart {
  kind: 'field';
  /** The tag as written, braces included (left as it is when the field has no name). */
  raw: string;
  /** The name with spaces and tabs around it removed; '' for `{{}}`, `{{ }}`, `{{|x}}`. */
  name: string;
  /** Everything after the first pipe, as written; null when no pipe was written. */
  fallback: string | null;
}

export type TemplatePart = TextPart | FieldPart;

const OPEN = '{{';

/** Where the tag opened at `open` ends (the index after its `}}`), or -1 when it is not a tag. */
function tagEnd(template: string, open: number): number {
  for (let i = open + OPEN.length; i < template.length; i++) {
    const c = template.charCodeAt(i);
    if (c === 0x7d /* } */) return template.charCodeAt(i + 1) === 0x7d ? i + 2 : -1;
    if (c === 0x7b /* { */ || c === 0x0a /* \n */ || c === 0x0d /* \r */) return -1;
  }
  return -1;
}

const isBlank = (c: number) => c === 0x20 || c === 0x09; // space, tab

/** `s` without the spaces and tabs at either end (String.trim would also take other whitespace). */
function trimBlanks(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isBlank(s.charCodeAt(start))) start++;
  while (end > start && isBlank(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** The meaning of a tag's inside: a merge field `name`, `name|fallback` (the name ends at the first pipe). */
function fieldOf(raw: string, inside: string): FieldPart {
  const pipe = inside.indexOf('|');
  if (pipe < 0) return { kind: 'field', raw, name: trimBlanks(inside), fallback: null };
  return { kind: 'field', raw, name: trimBlanks(inside.slice(0, pipe)), fallback: inside.slice(pipe + 1) };
}

/**
 * The parts of a template in order; text parts are never empty. Linear: a `{{` that is not a tag was
 * scanned only up to the first brace or line break after it, and the next `{{` is at that brace or
 * later (or is its own second brace), so no character is scanned twice as part of a failed tag.
 */
export function* templateParts(template: string): Generator<TemplatePart> {
  let textStart = 0;
  let from = 0;
  for (;;) {
    const open = template.indexOf(OPEN, from);
    if (open < 0) break;
    const end = tagEnd(template, open);
    if (end < 0) {
      from = open + 1;
      continue;
    }
    if (open > textStart) yield { kind: 'text', text: template.slice(textStart, open) };
    yield fieldOf(template.slice(open, end), template.slice(open + OPEN.length, end - 2));
    textStart = from = end;
  }
  if (textStart < template.length) yield { kind: 'text', text: template.slice(textStart) };
}
