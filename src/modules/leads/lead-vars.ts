// Lead fields (vars) as api.md Leads rule 2 has them: a value is one line with no braces, pipes or angle
// brackets (they would break or inject merge syntax and markup when the value is merged into an email),
// at most 500 characters; a blank value removes the field; a new field name is letters, numbers and
// underscores. Pure functions, shared by PATCH /leads/:id and the import paths.

export const VAR_VALUE_MAX = 500;
export const VAR_NAME_MAX = 100;
/** The most fields a lead carries (as many as lead-fields lists for a campaign, api.md Limits): a PATCH
 *  that would leave more, a CSV with more columns, a JSON lead with more vars are refused. */
export const MAX_FIELDS_PER_LEAD = 200;

/** What a new field name may be: ASCII letters, digits and underscores (merge fields are `{{name}}`). */
export const VAR_NAME = /^[A-Za-z0-9_]+$/;

export const isValidVarName = (name: string): boolean => name.length <= VAR_NAME_MAX && VAR_NAME.test(name);

// Line and paragraph breaks of every kind, tabs and other control characters all become a space.
// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const MERGE_AND_MARKUP = /[{}|<>]/g;

/** The value as it is stored: one line, forbidden characters dropped, whitespace runs made one space,
 *  trimmed. An empty result means "remove the field". */
export function cleanVarValue(raw: string): string {
  return raw.replace(BREAKS_AND_CONTROLS, ' ').replace(MERGE_AND_MARKUP, '').replace(/\s+/g, ' ').trim();
}

/** Length as a person counts it (code points, so an emoji is one character). */
export const charLength = (s: string): number => Array.from(s).length;

/** Cuts a cleaned value to the limit without splitting a character (for bulk imports that keep rows). */
export const clipVarValue = (clean: string): string => (charLength(clean) > VAR_VALUE_MAX ? Array.from(clean).slice(0, VAR_VALUE_MAX).join('').trimEnd() : clean);

export type VarsPatchProblem = { field: string; code: 'invalid_field_name' } | { field: string; code: 'value_too_long' } | { field: string; code: 'invalid_value' };

/**
 * Applies a PATCH `vars` object to a lead's fields: a string sets the field (cleaned), a blank string or
 * null removes it. Existing field names are kept as they are (imports may have brought names such as
 * "First Name"); a field the lead does not have yet must be named by VAR_NAME. A value still longer than
 * VAR_VALUE_MAX after cleaning is refused rather than cut: an edit is deliberate, and a cut value would
 * be merged into emails half-finished without anyone noticing. Returns the new fields (order kept, new
 * ones at the end) or every problem found.
 */
export function applyVarsPatch(
  current: Readonly<Record<string, string>>,
  patch: Readonly<Record<string, unknown>>,
): { vars: Record<string, string>; problems: [] } | { vars: null; problems: VarsPatchProblem[] } {
  // A Map, not object writes: a field named "__proto__" must stay a plain field.
  const vars = new Map(Object.entries(current));
  const problems: VarsPatchProblem[] = [];
  for (const [field, raw] of Object.entries(patch)) {
    if (!Object.prototype.hasOwnProperty.call(current, field) && !isValidVarName(field)) {
      problems.push({ field, code: 'invalid_field_name' });
      continue;
    }
    if (raw === null) {
      vars.delete(field);
      continue;
    }
    if (typeof raw !== 'string') {
      problems.push({ field, code: 'invalid_value' });
      continue;
    }
    const value = cleanVarValue(raw);
    if (value === '') vars.delete(field);
    else if (charLength(value) > VAR_VALUE_MAX) problems.push({ field, code: 'value_too_long' });
    else vars.set(field, value);
  }
  return problems.length ? { vars: null, problems } : { vars: Object.fromEntries(vars), problems: [] };
}
