// One row of an import (a CSV line, a JSON lead, a lead-list entry) made ready for staging. Every way of
// adding leads goes through prepareRow, so names, values, addresses and zones come out the same.
//
// Field names: a CSV header (or a JSON `vars` key) becomes a merge-field name of lower-case ASCII letters,
// digits and underscores: accents dropped, every run of other characters one underscore, no underscore
// at either end, at most 100 characters ("First Name" → first_name, "Société" → societe,
// "E-mail 2" → e_mail_2). A name left empty ("", "???") is not a field. When two columns give the same
// name, the later ones get _2, _3… so no value is lost.
// Field values: cleaned like PATCH /leads/:id vars (one line, no braces/pipes/angle brackets) and cut to
// 500 characters (a bulk import keeps the row rather than refuse it); a blank value leaves the field out.
// Timezone: a valid IANA zone in the `timezone` field, else the main zone of the `country` field, else
// null; stored in the same canonical spelling as campaign and workspace zones.
import { IANAZone } from 'luxon';
import { domainOf, isValidEmail, normalizeEmail } from '../../../contracts/email-address';
import { canonicalZone } from '../../../contracts/validation/rules';
import { VAR_NAME_MAX, VAR_VALUE_MAX, cleanVarValue, clipVarValue } from '../lead-vars';
import { countryZone } from './country-zones';

/** A row as given: the address and the named raw values (names already made field names). */
export interface RawRow {
  email: string;
  fields: ReadonlyArray<readonly [name: string, value: unknown]>;
}

/** A row as staged: normalized address, its domain (null when the address is invalid), clean fields. */
export interface PreparedRow {
  email: string;
  domain: string | null;
  vars: Record<string, string>;
  /** The same fields in the order given (an object puts integer-like names first). */
  fields: ReadonlyMap<string, string>;
  timezone: string | null;
}

/** The merge-field name a column header or vars key becomes ('' when nothing usable is left). */
export function fieldName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, VAR_NAME_MAX)
    .replace(/_+$/, '');
}

/** Field names for a header row, made unique (a repeat gets _2, _3…); '' for a column that has none. */
export function uniqueFieldNames(headers: readonly string[]): string[] {
  const used = new Set<string>();
  // The suffix each name's next repeat tries first: without it, the nth repeat of a name tried _2 to _n
  // again, and a header of 20,000 copies of one name took minutes of the one thread every request uses.
  const nextSuffix = new Map<string, number>();
  return headers.map((header) => {
    const base = fieldName(header);
    if (!base) return '';
    let name = base;
    let i = nextSuffix.get(base) ?? 2;
    for (; used.has(name); i++) name = `${base.slice(0, VAR_NAME_MAX - String(i).length - 1)}_${i}`;
    nextSuffix.set(base, i);
    used.add(name);
    return name;
  });
}

/** A lead given as an object of field name to value (JSON, a lead-list entry) as named fields: the names
 *  made field names and unique as a CSV header's are, so `Company` and `company` both keep their value
 *  (`company`, `company_2`), as the same columns of a CSV would. */
export function namedFields(vars: Readonly<Record<string, unknown>>): [string, unknown][] {
  const entries = Object.entries(vars);
  const names = uniqueFieldNames(entries.map(([name]) => name));
  return entries.map(([, value], i) => [names[i], value]);
}

/** A raw value as text ('' for null/undefined/objects: only strings, numbers and booleans are values). */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

// Checking a zone name builds an Intl.DateTimeFormat (tens of microseconds): remember the answers, since
// a file repeats a handful of zone and country values. Bounded, in case every row carries a new one.
const ZONE_MEMO_MAX = 10_000;
const zoneMemo = new Map<string, string | null>();
function memo(key: string, compute: () => string | null): string | null {
  const known = zoneMemo.get(key);
  if (known !== undefined) return known;
  if (zoneMemo.size >= ZONE_MEMO_MAX) zoneMemo.clear();
  const value = compute();
  zoneMemo.set(key, value);
  return value;
}

const zoneByName = (zone: string) => memo(`z:${zone}`, () => (IANAZone.isValidZone(zone) ? canonicalZone(zone) : null));
const zoneByCountry = (country: string) =>
  memo(`c:${country}`, () => {
    const zone = countryZone(country);
    return zone && canonicalZone(zone);
  });

/** The lead's zone from its fields: `timezone` when it names a real zone, else `country`'s main zone. */
export function zoneFromFields(vars: Readonly<Record<string, string>>): string | null {
  const zone = vars.timezone ?? vars.time_zone;
  return (zone ? zoneByName(zone) : null) ?? (vars.country ? zoneByCountry(vars.country) : null);
}

// A value cleanVarValue would leave as it is: no control or merge characters, no whitespace but single
// inner spaces. Most values of a real file are like that; skipping the replacements halves the work.
// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029{}|<>]|[^\S ]| {2}|^ | $/;

/** cleanVarValue then clipVarValue, skipping what cannot change the value. */
function cleanValue(raw: string): string {
  const clean = NEEDS_CLEANING.test(raw) ? cleanVarValue(raw) : raw;
  return clean.length > VAR_VALUE_MAX ? clipVarValue(clean) : clean; // code points <= UTF-16 units
}

export function prepareRow(row: RawRow): PreparedRow {
  const email = normalizeEmail(row.email);
  // A Map, not object writes, while building: a field named "__proto__" must stay a plain field.
  const vars = new Map<string, string>();
  for (const [name, raw] of row.fields) {
    if (!name || vars.has(name)) continue;
    const value = cleanValue(text(raw));
    if (value) vars.set(name, value);
  }
  const clean = Object.fromEntries(vars);
  return { email, domain: isValidEmail(email) ? domainOf(email) : null, vars: clean, fields: vars, timezone: zoneFromFields(clean) };
}
