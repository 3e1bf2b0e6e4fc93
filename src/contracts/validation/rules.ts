// Custom class-validator rules shared by input classes.
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { IANAZone } from 'luxon';
import { isValidEmail } from '../email-address';

/** A class-validator decorator from a test and its message (modules define their own with it). */
export function rule(name: string, test: (v: unknown) => boolean, message: string) {
  return (options?: ValidationOptions) => (object: object, propertyName: string) =>
    registerDecorator({ name, target: object.constructor, propertyName, options: { message, ...options }, validator: { validate: test } });
}

/** A real IANA zone name (Europe/Berlin), checked against the zone database luxon uses. */
export const IsTimeZone = rule('isTimeZone', (v) => typeof v === 'string' && IANAZone.isValidZone(v), '$property must be an IANA time zone name such as Europe/Berlin');
export const IsEmailAddress = rule('isEmailAddress', (v) => typeof v === 'string' && isValidEmail(v), '$property must be an email address');
export const IsHourMinute = rule('isHourMinute', (v) => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v), '$property must be a time as HH:MM (00:00 to 23:59)');
export const IsPlainDate = rule(
  'isPlainDate',
  (v) =>
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(v) &&
    v >= '1900-01-01' &&
    !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  '$property must be a date as YYYY-MM-DD (from 1900)',
);

/** An ISO 8601 instant with its offset (2026-12-01T09:00:00Z, …T10:00:00.000+01:00): a moment, never a
 *  local time read in some zone the caller cannot see. Impossible dates (02-30) are refused. */
export const IsTimestamp = rule(
  'isTimestamp',
  (v) => {
    if (typeof v !== 'string') return false;
    const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(v);
    return m !== null && m[1] >= '1900-01-01' && !Number.isNaN(Date.parse(v)) && new Date(`${m[1]}T00:00:00Z`).toISOString().startsWith(m[1]);
  },
  '$property must be an ISO 8601 timestamp with its offset, such as 2026-12-01T09:00:00Z',
);

// ICU (CLDR) still resolves some renamed zones to their old IANA names (Asia/Kolkata → Asia/Calcutta);
// people expect the name IANA uses today. Every zone of the IANA zone tables that ICU spells differently
// (found by resolving each name of zone.tab and zone1970.tab with Node's ICU).
const CURRENT_IANA_NAME: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Godthab': 'America/Nuuk',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Rangoon': 'Asia/Yangon',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

/** The zone's canonical spelling as IANA writes it today ("europe/berlin" → "Europe/Berlin",
 *  "asia/calcutta" → "Asia/Kolkata", "US/Eastern" → "America/New_York"). Call only on valid zones. */
export function canonicalZone(zone: string): string {
  const icu = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return CURRENT_IANA_NAME[icu] ?? icu;
}
