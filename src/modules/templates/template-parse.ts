// The one parser of the template language (README.md; decisions.md §10 and §11): one left-to-right pass
// turns a template into a small tree of text, merge fields, RANDOM and conditions, with every broken tag
// listed. Rendering, the checks (merge-check, copy-check, preview, blank_columns, the launch checks),
// saved replies and columns all read templates through it; nothing else parses template syntax.
//
// Two layers:
// - lexical: where a tag starts and ends. A tag is `{{`, then text without braces or line breaks, then
//   `}}`. A `{{` that does not close that way is text, and the scan goes on at its second brace (so
//   `{{{name}}` is a brace and a tag, as a regular expression searching leftmost would find).
// - meaning: what a tag's inside says, by its first character and keyword: `#if field`, `#unless field`,
//   `else`, `/if`, `/unless`, `RANDOM | a | b`, else a merge field `name` or `name|fallback`.
//
// Linear whatever the input: every character is looked at a bounded number of times (a `{{` that is not
// a tag was scanned only up to the first brace or line break after it, and the next `{{` starts at that
// brace or later, or is its own second brace); a tag's inside is read once to know what it is; blocks are
// kept on an explicit stack (no recursion while parsing); a block nested deeper than MAX_NESTING is
// refused and kept as text, so the tree is never deeper than that and whatever walks it recursively is
// bounded. `steps` counts the work done (characters looked at plus tags and blocks handled), so tests
// can show linear growth without a clock.
//
// A broken template still parses (preview and old rows render it): a tag that is wrong is kept as text as
// written, and a block never closed is kept as text with its contents in place. `errors` says what was
// wrong and where; saving refuses it (template_invalid).

import { fieldKey, sourceOf, type FieldSource } from './field-names';

/** Blocks may nest this deep (decisions.md §11: up to 3). */
export const MAX_NESTING = 3;
/** At most this many errors are kept, the first by offset: saving names the first, and a template of
 *  50,000 broken tags must not build 50,000 error objects. */
export const MAX_ERRORS = 20;

export interface TextNode {
  kind: 'text';
  text: string;
}

/** What a name finds, worked out once when the template is parsed (field-names.ts). */
export interface NameRef {
  /** The name as written, trimmed. */
  name: string;
  /** Its matching key (fieldKey). */
  key: string;
  source: FieldSource;
}

export interface FieldNode {
  kind: 'field';
  /** Character offset of the tag's `{{` in the template. */
  at: number;
  /** The tag as written, braces included (rendered as it is when the field has no name). */
  raw: string;
  /** The name with spaces and tabs around it removed; '' for `{{}}`, `{{ }}`, `{{|x}}`. */
  name: string;
  /** What the name finds. */
  ref: NameRef;
  /** Everything after the first pipe, trimmed; null when no pipe was written. */
  fallback: string | null;
}

export interface RandomNode {
  kind: 'random';
  at: number;
  raw: string;
  /** The options, trimmed (plain text: a tag cannot hold braces or line breaks). */
  options: string[];
  /** 0 for the template's first RANDOM, 1 for the next, in the order written (each draws apart). */
  ordinal: number;
}

export interface ConditionNode {
  kind: 'condition';
  at: number;
  /** The tags as written: `{{#if field}}`, `{{else}}` (null without one) and `{{/if}}`. */
  raw: string;
  elseRaw: string | null;
  closeRaw: string;
  /** `{{#unless field}}`: the first branch renders when the field is blank. */
  unless: boolean;
  /** The field tested, trimmed. */
  field: string;
  /** What the field's name finds. */
  ref: NameRef;
  /** The first branch: rendered when the field is non-blank (`#if`) or blank (`#unless`). */
  then: TemplateNode[];
  /** After `{{else}}`; null when the block has none. */
  otherwise: TemplateNode[] | null;
}

export type TemplateNode = TextNode | FieldNode | RandomNode | ConditionNode;

export type TemplateErrorKind =
  | 'unknown_tag' // `{{#each x}}`, `{{/for}}`
  | 'no_field' // `{{#if}}`, `{{#unless |x}}`
  | 'stray_else' // `{{else}}` outside a block
  | 'second_else' // two `{{else}}` in one block
  | 'stray_close' // `{{/if}}` with no block open
  | 'mismatched_close' // `{{/unless}}` closing an `{{#if}}`
  | 'unclosed' // a block never closed
  | 'too_deep'; // a block inside MAX_NESTING others

export interface TemplateError {
  kind: TemplateErrorKind;
  /** Character offset of the bad tag's `{{`. */
  at: number;
  /** The tag as written (cut to 80 characters). */
  tag: string;
}

export interface ParsedTemplate {
  nodes: TemplateNode[];
  /** The broken tags by offset (the first MAX_ERRORS of them); empty when the template is valid. */
  errors: TemplateError[];
  /** How many RANDOM tags the tree holds. */
  randoms: number;
  /** Work done: characters looked at, plus tags and blocks handled (for linearity tests). */
  steps: number;
}

const OPEN = '{{';

const refOf = (name: string): NameRef => ({ name, key: fieldKey(name), source: sourceOf(name) });
const TAG_SHOWN = 80;

const isBlank = (c: number) => c === 0x20 || c === 0x09; // space, tab

/** `s` without the spaces and tabs at either end (String.trim would also take other whitespace). */
function trimBlanks(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isBlank(s.charCodeAt(start))) start++;
  while (end > start && isBlank(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Where the scan for the tag opened at `open` stopped: the index after its `}}` (a tag), or the negated
 *  index it gave up at, minus one (not a tag). */
function tagEnd(template: string, open: number): number {
  for (let i = open + OPEN.length; i < template.length; i++) {
    const c = template.charCodeAt(i);
    if (c === 0x7d /* } */) return template.charCodeAt(i + 1) === 0x7d ? i + 2 : -i - 1;
    if (c === 0x7b /* { */ || c === 0x0a /* \n */ || c === 0x0d /* \r */) return -i - 1;
  }
  return -template.length - 1;
}

/** What a tag's inside says, before blocks are matched. */
type Tag =
  | { kind: 'field'; name: string; fallback: string | null }
  | { kind: 'random'; options: string[] }
  | { kind: 'open'; unless: boolean; field: string }
  | { kind: 'else' }
  | { kind: 'close'; unless: boolean }
  | { kind: 'bad'; error: 'unknown_tag' | 'no_field' };

/** `word` (lower-case ASCII letters) at `from` in `s`, ignoring case, and not followed by a letter. */
function keywordAt(s: string, from: number, word: string): boolean {
  if (s.length < from + word.length) return false;
  for (let i = 0; i < word.length; i++) if ((s.charCodeAt(from + i) | 0x20) !== word.charCodeAt(i)) return false;
  const next = s.charCodeAt(from + word.length);
  return !((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a));
}

const RANDOM = 'random';

function tagOf(inside: string): Tag {
  let first = 0;
  while (first < inside.length && isBlank(inside.charCodeAt(first))) first++;
  const c = inside.charCodeAt(first);
  if (c === 0x23 /* # */) {
    const unless = keywordAt(inside, first + 1, 'unless');
    if (!unless && !keywordAt(inside, first + 1, 'if')) return { kind: 'bad', error: 'unknown_tag' };
    const field = trimBlanks(inside.slice(first + 1 + (unless ? 6 : 2)));
    // The keyword ends at a blank (`{{#if-x}}` is no condition); the field is one name, no fallback.
    const after = inside.charCodeAt(first + 1 + (unless ? 6 : 2));
    if (field !== '' && !isBlank(after)) return { kind: 'bad', error: 'unknown_tag' };
    if (field === '' || field.includes('|')) return { kind: 'bad', error: 'no_field' };
    return { kind: 'open', unless, field };
  }
  if (c === 0x2f /* / */) {
    const word = trimBlanks(inside.slice(first + 1)).toLowerCase();
    if (word === 'if' || word === 'unless') return { kind: 'close', unless: word === 'unless' };
    return { kind: 'bad', error: 'unknown_tag' };
  }
  if (keywordAt(inside, first, 'else') && trimBlanks(inside.slice(first + 4)) === '') return { kind: 'else' };
  const pipe = inside.indexOf('|');
  if (pipe < 0) return { kind: 'field', name: trimBlanks(inside), fallback: null };
  const name = trimBlanks(inside.slice(0, pipe));
  if (name.length === RANDOM.length && name.toLowerCase() === RANDOM)
    return {
      kind: 'random',
      options: inside
        .slice(pipe + 1)
        .split('|')
        .map((o) => o.trim()),
    };
  return { kind: 'field', name, fallback: inside.slice(pipe + 1).trim() };
}

/** An open block while parsing: a real one holds its node; one nested too deep is a ghost, kept as text
 *  (its else and close with it). */
interface Frame {
  node: ConditionNode | null;
  at: number;
  raw: string;
  unless: boolean;
  elseRaw: string | null;
}

const shown = (raw: string) => (raw.length > TAG_SHOWN ? `${raw.slice(0, TAG_SHOWN - 1)}…` : raw);

/** Parses a template into its tree and its errors, in one pass (see the top of this file). */
export function parseTemplate(template: string): ParsedTemplate {
  const root: TemplateNode[] = [];
  const frames: Frame[] = [];
  const errors: TemplateError[] = [];
  let realDepth = 0;
  let out = root; // where nodes go: the innermost real block's current branch, or the root
  let randoms = 0;
  let steps = 0;

  const pushText = (list: TemplateNode[], text: string) => {
    if (text === '') return;
    const last = list[list.length - 1];
    if (last?.kind === 'text') last.text += text;
    else list.push({ kind: 'text', text });
  };
  const fail = (error: TemplateErrorKind, at: number, raw: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ kind: error, at, tag: shown(raw) });
    pushText(out, raw);
  };
  const branchOf = (frame: Frame | undefined): TemplateNode[] => {
    if (!frame) return root;
    const node = frame.node!;
    return node.otherwise ?? node.then;
  };

  let textStart = 0;
  let from = 0;
  for (;;) {
    const open = template.indexOf(OPEN, from);
    steps += (open < 0 ? template.length : open + OPEN.length) - from;
    if (open < 0) break;
    const end = tagEnd(template, open);
    if (end < 0) {
      steps += -end - 1 - open;
      from = open + 1;
      continue;
    }
    steps += end - open;
    if (open > textStart) pushText(out, template.slice(textStart, open));
    textStart = from = end;
    const raw = template.slice(open, end);
    const tag = tagOf(raw.slice(OPEN.length, -2));
    steps += raw.length;
    switch (tag.kind) {
      case 'field':
        out.push({ kind: 'field', at: open, raw, name: tag.name, ref: refOf(tag.name), fallback: tag.fallback });
        break;
      case 'random':
        out.push({ kind: 'random', at: open, raw, options: tag.options, ordinal: randoms++ });
        break;
      case 'bad':
        fail(tag.error, open, raw);
        break;
      case 'open':
        if (realDepth >= MAX_NESTING) {
          // Too deep: an error, kept as text with its else and close (a ghost frame).
          fail('too_deep', open, raw);
          frames.push({ node: null, at: open, raw, unless: tag.unless, elseRaw: null });
        } else {
          const node: ConditionNode = {
            kind: 'condition',
            at: open,
            raw,
            elseRaw: null,
            closeRaw: '',
            unless: tag.unless,
            field: tag.field,
            ref: refOf(tag.field),
            then: [],
            otherwise: null,
          };
          out.push(node);
          frames.push({ node, at: open, raw, unless: tag.unless, elseRaw: null });
          realDepth++;
          out = node.then;
        }
        break;
      case 'else': {
        const top = frames[frames.length - 1];
        if (!top) fail('stray_else', open, raw);
        else if (top.elseRaw !== null) fail('second_else', open, raw);
        else {
          top.elseRaw = raw;
          if (top.node) {
            top.node.elseRaw = raw;
            out = top.node.otherwise = [];
          } else pushText(out, raw);
        }
        break;
      }
      case 'close': {
        const top = frames[frames.length - 1];
        if (!top) fail('stray_close', open, raw);
        else {
          // A close of the other kind is an error, and still closes the block it meets (what the writer
          // meant, most likely: one error, not two).
          if (top.unless !== tag.unless && errors.length < MAX_ERRORS) errors.push({ kind: 'mismatched_close', at: open, tag: shown(raw) });
          frames.pop();
          if (top.node) {
            top.node.closeRaw = raw;
            realDepth--;
            out = branchOf(frames[realDepth - 1]);
          } else pushText(out, raw);
        }
        break;
      }
    }
  }
  if (textStart < template.length) pushText(out, template.slice(textStart));

  // Blocks never closed, innermost first: each is kept as text, its contents in place. A real block is
  // the last node of its parent's branch (nothing follows it there until it closes).
  const unclosed: TemplateError[] = [];
  while (frames.length) {
    const frame = frames.pop()!;
    steps++;
    // Popped from the last opened: the first MAX_ERRORS by offset are the bottom of the stack.
    if (frames.length < MAX_ERRORS) unclosed.push({ kind: 'unclosed', at: frame.at, tag: shown(frame.raw) });
    if (!frame.node) continue;
    realDepth--;
    const parent = branchOf(frames[realDepth - 1]);
    parent.pop();
    const keep = (n: TemplateNode) => (n.kind === 'text' ? pushText(parent, n.text) : parent.push(n));
    pushText(parent, frame.raw);
    frame.node.then.forEach(keep);
    if (frame.node.otherwise) {
      pushText(parent, frame.elseRaw!);
      frame.node.otherwise.forEach(keep);
    }
    steps += frame.node.then.length + (frame.node.otherwise?.length ?? 0);
  }
  // Both lists are in offset order (unclosed ones were popped innermost first): merged, not sorted.
  unclosed.reverse();
  return { nodes: root, errors: unclosed.length ? mergeByOffset(errors, unclosed).slice(0, MAX_ERRORS) : errors, randoms, steps };
}

function mergeByOffset(a: TemplateError[], b: TemplateError[]): TemplateError[] {
  const merged: TemplateError[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) merged.push(j >= b.length || (i < a.length && a[i]!.at <= b[j]!.at) ? a[i++]! : b[j++]!);
  return merged;
}

const WHY: Record<TemplateErrorKind, string> = {
  unknown_tag: 'is not a tag of the template language ({{#if field}}, {{#unless field}}, {{else}}, {{/if}}, {{/unless}})',
  no_field: 'needs one field name, as in {{#if company}}',
  stray_else: 'is outside any {{#if}} or {{#unless}} block',
  second_else: 'is a second {{else}} in one block',
  stray_close: 'closes no open block',
  mismatched_close: 'closes a block of the other kind ({{#if}} closes with {{/if}}, {{#unless}} with {{/unless}})',
  unclosed: 'is never closed',
  too_deep: `nests conditions deeper than ${MAX_NESTING}`,
};

/** A person's sentence for an error: the tag, where it is and what is wrong with it. */
export const templateErrorText = (e: TemplateError): string => `${e.tag} at character ${e.at} ${WHY[e.kind]}`;

// Parses of the templates used lately, so a step rendered for a thousand leads is parsed once. A tree is
// never changed once built, so one may be shared. Bounded by count and by the text they hold; the oldest
// go first. A pure memo of a pure function: nothing outside it can tell it is there but the clock.
const CACHE_ENTRIES = 256;
const CACHE_CHARS = 4_000_000;
const cache = new Map<string, ParsedTemplate>();
let cachedChars = 0;

/** parseTemplate, remembered for the templates used lately. */
export function templateOf(template: string): ParsedTemplate {
  const hit = cache.get(template);
  if (hit) return hit;
  const parsed = parseTemplate(template);
  if (template.length <= CACHE_CHARS / 4) {
    cache.set(template, parsed);
    cachedChars += template.length;
    for (const [key] of cache) {
      if (cache.size <= CACHE_ENTRIES && cachedChars <= CACHE_CHARS) break;
      cache.delete(key);
      cachedChars -= key.length;
    }
  }
  return parsed;
}

/** A template's parse (templateOf), or the parse itself when the caller already has it. */
export const parsedTemplate = (template: string | ParsedTemplate): ParsedTemplate => (typeof template === 'string' ? templateOf(template) : template);

/** The first broken tag of a template (by offset), or null when it may be saved. Through templateOf: a
 *  preview has just rendered the text, and a text saved is about to be rendered. */
export const firstTemplateError = (template: string): TemplateError | null => templateOf(template).errors[0] ?? null;
