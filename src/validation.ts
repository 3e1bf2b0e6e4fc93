// One validation path for both doors: REST bodies and GraphQL args become the same @InputType
// classes and are checked by class-validator with the same options, so both refuse the same input
// with the same `validation_failed` error.
import { ValidateIf, validate, type ValidationError, type ValidationOptions } from 'class-validator';
import { AppError } from './errors';

export const VALIDATOR_OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true, validationError: { target: false, value: false } };

/** The field may be left out, but not sent as null. */
export const Optional = (options?: ValidationOptions) => ValidateIf((_o, v) => v !== undefined, options);
/** The field may be left out or sent as null (null clears it). */
export const Nullable = (options?: ValidationOptions) => ValidateIf((_o, v) => v !== undefined && v !== null, options);

export const snakeCase = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelCase = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function flatten(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const key = prefix + snakeCase(e.property ?? '');
    if (e.constraints) out[key] = Object.values(e.constraints).map((m) => m.replace(e.property, key));
    Object.assign(out, flatten(e.children ?? [], `${key}.`));
  }
  return out;
}

export function validationError(errors: ValidationError[]): AppError {
  const fields = flatten(errors);
  const first = Object.entries(fields)[0];
  const message = first ? `Invalid ${first[0]}: ${first[1][0]}.` : 'Invalid input.';
  return new AppError('validation_failed', message, { fields });
}

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate would be stored as U+FFFD: refuse both
// up front (400) instead of failing on insert or silently changing the text.
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function assertCleanText(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (BAD_TEXT.test(value)) {
      throw new AppError('validation_failed', `Invalid ${path || 'input'}: it contains a NUL character or broken Unicode.`, {
        fields: { [path || 'input']: ['contains a NUL character or an unpaired surrogate'] },
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertCleanText(v, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) {
      assertCleanText(k, path);
      assertCleanText(v, path ? `${path}.${snakeCase(k)}` : snakeCase(k));
    }
  }
}

/** Builds an input instance from a JSON object (snake_case keys unless `keys: 'camel'`) and validates it. */
export async function parseInput<T extends object>(cls: new () => T, body: unknown, opts: { keys?: 'snake' | 'camel' } = {}): Promise<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid_body', 'Send a JSON object as the request body.');
  }
  assertCleanText(body, '');
  const instance = new cls() as Record<string, unknown>;
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (opts.keys === 'camel') instance[key] = value;
    // A key that is not the snake_case of a field name (say `fromName` sent to REST) is unknown.
    else if (snakeCase(camelCase(key)) === key) instance[camelCase(key)] = value;
    else unknown.push(key);
  }
  if (unknown.length) {
    throw new AppError('validation_failed', `Unknown field ${unknown[0]}; request fields are snake_case.`, {
      fields: Object.fromEntries(unknown.map((k) => [k, ['is not a known field']])),
    });
  }
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length) throw validationError(errors);
  return instance as T;
}

/** Validates an instance type-graphql already built from GraphQL args. */
export async function checkInput<T extends object>(instance: T): Promise<T> {
  assertCleanText(instance, '');
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length) throw validationError(errors);
  return instance;
}

type Query = Record<string, unknown>;

/** Drops fields sent empty: "an empty query value is no filter" (api.md). */
export const withoutEmpty = (query: Query): Query => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined));

/** A query string as input fields: an empty value is no filter (api.md), whole numbers become numbers
 *  (anything else stays text and fails validation with a 400). Repeated keys stay arrays: refused. */
export function fromQueryString(query: Query): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(withoutEmpty(query))) {
    out[key] = (key === 'limit' || key === 'offset') && typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** A query string validated into an input class (snake_case parameter names, as bodies). */
export const parseQuery = <T extends object>(cls: new () => T, query: Query): Promise<T> => parseInput(cls, fromQueryString(query));
