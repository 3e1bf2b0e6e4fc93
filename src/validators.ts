// Custom class-validator rules shared by input classes.
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { IANAZone } from 'luxon';
import { isValidEmail } from './email-address';

function rule(name: string, test: (v: unknown) => boolean, message: string) {
  return (options?: ValidationOptions) => (object: object, propertyName: string) =>
    registerDecorator({ name, target: object.constructor, propertyName, options: { message, ...options }, validator: { validate: test } });
}

/** A real IANA zone name (Europe/Berlin), checked against the zone database luxon uses. */
export const IsTimeZone = rule('isTimeZone', (v) => typeof v === 'string' && IANAZone.isValidZone(v), '$property must be an IANA time zone name such as Europe/Berlin');
export const IsEmailAddress = rule('isEmailAddress', (v) => typeof v === 'string' && isValidEmail(v), '$property must be an email address');
export const IsHourMinute = rule('isHourMinute', (v) => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v), '$property must be a time as HH:MM (00:00 to 23:59)');
export const IsPlainDate = rule(
  'isPlainDate',
  (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '1900-01-01' && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  '$property must be a date as YYYY-MM-DD (from 1900)',
);

/** The zone's canonical spelling ("europe/berlin" → "Europe/Berlin"). Call only on valid zones. */
export function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}
