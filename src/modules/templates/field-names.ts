// Which value a name in a template stands for (decisions.md §11 "Merge field names"): the one owner of the
// rule, asked by rendering, conditions, merge-check (its SQL mirror in checks.queries.ts), blank_columns
// and the column names.
//
// - A name finds the lead field of exactly that name; else the first field, in the lead's order, whose
//   name is the same ignoring case, spaces, underscores and hyphens: `{{firstName}}`, `{{first_name}}`,
//   `{{First Name}}` and `{{firstname}}` all find `first_name` (or `First Name`, or `firstName`).
// - Reserved names win over lead fields, matched the same loose way (a lead cannot change where
//   unsubscribe points or who the sender is): `unsubscribe`, `sendingAccountFirstName`,
//   `sendingAccountName`.

type Vars = Readonly<Record<string, unknown>>;

// Whitespace of any kind, underscores and hyphens: what a name may differ by and still match.
const IGNORED = /[\s_-]+/g;

/** The name as matching sees it: lower case (JavaScript's toLowerCase), without whitespace, `_` or `-`. */
export const fieldKey = (name: string): string => name.toLowerCase().replace(IGNORED, '');

/** Whether two names find the same field when neither is an exact match. */
export const sameField = (a: string, b: string): boolean => a === b || fieldKey(a) === fieldKey(b);

export interface SenderFields {
  fromName: string;
}

export type FieldSource = 'lead' | 'sender' | 'unsubscribe';

const firstWord = (s: string) => s.trim().split(/\s+/)[0] ?? '';

// A Map, not an object: a field named "constructor" must not find Object's.
const SENDER_FIELDS = new Map<string, (s: SenderFields) => string>([
  ['sendingaccountfirstname', (s) => firstWord(s.fromName)],
  ['sendingaccountname', (s) => s.fromName.trim()],
]);
const UNSUBSCRIBE = 'unsubscribe';

/** Where a name's value comes from: a reserved name's, else the lead's fields. */
export function sourceOf(name: string): FieldSource {
  const key = fieldKey(name);
  if (key === UNSUBSCRIBE) return 'unsubscribe';
  return SENDER_FIELDS.has(key) ? 'sender' : 'lead';
}

/** Whether a lead field so named would never show (a reserved name wins over it). */
export const isReservedName = (name: string): boolean => sourceOf(name) !== 'lead';

/** The sender field a reserved name stands for (by its name, or its key when the caller has it). */
export const senderValue = (name: string, sender: SenderFields, key = fieldKey(name)): string => SENDER_FIELDS.get(key)!(sender);

/** Per matching key, the first field name of the lead with it, in the lead's order. */
export type FieldIndex = ReadonlyMap<string, string>;

export function fieldIndex(vars: Vars): FieldIndex {
  const out = new Map<string, string>();
  for (const k of Object.keys(vars)) {
    const key = fieldKey(k);
    if (!out.has(key)) out.set(key, k);
  }
  return out;
}

/**
 * The lead field for a name: the exact name first, else the first field with the same key. `index` is
 * asked only when the exact name is missing, so a caller rendering many names builds it once, lazily.
 */
export function leadValue(vars: Vars, name: string, index: () => FieldIndex = () => fieldIndex(vars), nameKey?: string): string | undefined {
  const key = Object.prototype.hasOwnProperty.call(vars, name) ? name : index().get(nameKey ?? fieldKey(name));
  const value = key === undefined ? undefined : vars[key];
  // vars come from a JSON column: tolerate a stray number rather than fail a send.
  return typeof value === 'string' ? value : value === null || value === undefined ? undefined : String(value);
}
