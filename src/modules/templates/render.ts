// Merge fields (api.md Conventions). Rules:
// - `{{name}}` inserts a lead field; `{{name|fallback}}` inserts the fallback when the field is missing or
//   blank; whitespace inside the braces and around the pipe is ignored (`{{ name | there }}`).
// - Lead fields are matched by exact name first, then case-insensitively (`{{firstname}}` finds
//   `firstName`; imports may keep names such as "First Name"), the first such field in the lead's order.
// - Reserved names win over lead fields of the same name (a lead cannot change where unsubscribe points
//   or who the sender is), matched case-insensitively too:
//     `{{unsubscribe}}`             the lead's unsubscribe URL;
//     `{{sendingAccountFirstName}}` the first word of the sending inbox's from name;
//     `{{sendingAccountName}}`      the inbox's whole from name.
// - A field that renders empty without a fallback is reported in `blanks` (merge-check counts them per
//   lead or per inbox by `source`); `{{name|}}` asks for an empty value on purpose and is not reported.
// - One pass: inserted values are never scanned again, so a value holding `{{x}}` stays that text.
//   Values are inserted as plain text; the HTML part escapes the whole rendered text (html.ts).
// - Anything that is not a well-formed field (`{{}}`, an unclosed `{{name`) is left as written.
// - Parsed in linear time by template-scan.ts (decisions.md §10), not by a regular expression.
import { templateParts, type FieldPart } from './template-parse';

export interface SenderFields {
  fromName: string;
}

export interface RenderOptions {
  /** What `{{unsubscribe}}` becomes: the lead's URL, or `{unsubscribe_url}` in a preview. */
  unsubscribeUrl: string;
  /** The sending inbox; null when none is known (its fields then render blank). */
  sender?: SenderFields | null;
}

export type FieldSource = 'lead' | 'sender';

export interface BlankField {
  /** The name as written in the template (trimmed). */
  field: string;
  source: FieldSource;
}

export interface MergeField {
  field: string;
  /** null when no pipe was written; '' for `{{name|}}`. */
  fallback: string | null;
  source: FieldSource | 'unsubscribe';
}

const firstWord = (s: string) => s.trim().split(/\s+/)[0] ?? '';

// A Map, not an object: a field named "constructor" must not find Object's.
const SENDER_FIELDS = new Map<string, (s: SenderFields) => string>([
  ['sendingaccountfirstname', (s) => firstWord(s.fromName)],
  ['sendingaccountname', (s) => s.fromName.trim()],
]);

function sourceOf(name: string): MergeField['source'] {
  const key = name.toLowerCase();
  if (key === 'unsubscribe') return 'unsubscribe';
  return SENDER_FIELDS.has(key) ? 'sender' : 'lead';
}

type Vars = Readonly<Record<string, string>>;
/** The first field name of each lower-cased name, in the lead's order. */
type LowerKeys = ReadonlyMap<string, string>;

const lowerKeys = (vars: Vars): LowerKeys => {
  const out = new Map<string, string>();
  for (const k of Object.keys(vars)) if (!out.has(k.toLowerCase())) out.set(k.toLowerCase(), k);
  return out;
};

function valueOf(vars: Vars, name: string, lower: () => LowerKeys): string | undefined {
  const key = Object.prototype.hasOwnProperty.call(vars, name) ? name : lower().get(name.toLowerCase());
  const value: unknown = key === undefined ? undefined : vars[key];
  // vars come from a JSON column: tolerate a stray number rather than fail a send.
  return typeof value === 'string' ? value : value === null || value === undefined ? undefined : String(value);
}

/** The lead field for a name: exact match first, then the first case-insensitive match. */
export function leadValue(vars: Vars, name: string): string | undefined {
  return valueOf(vars, name, () => lowerKeys(vars));
}

/** Every well-formed merge field of a template, in order (for merge-check and launch checks). */
export function mergeFieldsOf(template: string): MergeField[] {
  const out: MergeField[] = [];
  for (const part of templateParts(template)) {
    if (part.kind !== 'field' || part.name === '') continue;
    out.push({ field: part.name, fallback: part.fallback === null ? null : part.fallback.trim(), source: sourceOf(part.name) });
  }
  return out;
}

/** What one field renders as; a blank without a fallback is noted in `blanks`. */
function fieldValue(part: FieldPart, vars: Vars, lower: () => LowerKeys, options: RenderOptions, blanks: Map<string, BlankField>): string {
  const { name } = part;
  if (name === '') return part.raw;
  const source = sourceOf(name);
  let value: string | undefined;
  if (source === 'unsubscribe') value = options.unsubscribeUrl;
  else if (source === 'sender') value = options.sender ? SENDER_FIELDS.get(name.toLowerCase())!(options.sender) : undefined;
  else value = valueOf(vars, name, lower);
  if (value !== undefined && value.trim() !== '') return value;
  if (part.fallback !== null) return part.fallback.trim();
  if (source !== 'unsubscribe') blanks.set(`${source}:${name}`, { field: name, source });
  return '';
}

export function renderTemplate(template: string, vars: Vars, options: RenderOptions): { text: string; blanks: BlankField[] } {
  const blanks = new Map<string, BlankField>();
  // Built once per render, when a name first needs it: a template of many fields stays linear.
  let lowered: LowerKeys | undefined;
  const lower = () => (lowered ??= lowerKeys(vars));
  let text = '';
  for (const part of templateParts(template)) {
    if (part.kind === 'text') text += part.text;
    else text += fieldValue(part, vars, lower, options, blanks);
  }
  return { text, blanks: [...blanks.values()] };
}
