// One validation path for both doors: REST bodies and GraphQL args become the same @InputType
// classes and are checked by class-validator with the same options, so both refuse the same input
// with the same `validation_failed` error.
import { ValidateIf, ValidationTypes, getMetadataStorage, validate, type ValidationError, type ValidationOptions } from 'class-validator';
import { AppError } from '../errors';

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

export function assertCleanText(value: unknown, path: string): void {
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

// Keys that name JavaScript internals. Set on an input instance, `constructor` hides the class from
// class-validator (it reads the metadata through it: a 500), `__proto__` swaps the prototype, and the
// others shadow methods. No input has such a field: refused as unknown fields, by the name sent.
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const isReserved = (key: string) => RESERVED_KEYS.has(key) || RESERVED_KEYS.has(camelCase(key));

function unknownFields(keys: string[]): AppError {
  return new AppError('validation_failed', `Unknown field ${keys[0]}; request fields are snake_case.`, {
    fields: Object.fromEntries(keys.map((k) => [k, ['is not a known field']])),
  });
}

/** Properties class-validator descends into (@ValidateNested) on instances of `target`. */
const nestedProperties = (target: object): Set<string> =>
  new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(target as new () => object, '', true, false)
      .filter((m) => m.type === ValidationTypes.NESTED_VALIDATION)
      .map((m) => m.propertyName),
  );

const childPath = (path: string, key: string) => (path ? `${path}.${snakeCase(key)}` : snakeCase(key));

/** Nested input instances (built by a parser or by type-graphql) must not carry reserved keys either;
 *  plain objects below them are free-form maps (lead vars), whose keys are data, except where
 *  class-validator descends (@ValidateNested): there an object without a constructor (`constructor`
 *  sent as null, a null prototype) made it throw, so it is refused as the wrong shape. */
function assertNoReservedKeys(value: unknown, path: string): void {
  if (Array.isArray(value)) return value.forEach((v, i) => assertNoReservedKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null || value instanceof Date) return;
  const reserved = Object.keys(value).filter(isReserved);
  if (reserved.length) throw unknownFields(reserved.map((k) => childPath(path, k)));
  const nested = nestedProperties(proto.constructor);
  for (const [k, v] of Object.entries(value)) {
    assertNoReservedKeys(v, childPath(path, k));
    if (nested.has(k)) assertConstructed(v, childPath(path, k));
  }
}

function assertConstructed(value: unknown, path: string): void {
  if (Array.isArray(value)) return value.forEach((v, i) => assertConstructed(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object' || typeof (value as { constructor?: unknown }).constructor === 'function') return;
  throw new AppError('validation_failed', `Invalid ${path}: it is not an object of the expected shape.`, { fields: { [path]: ['must be an object of the expected shape'] } });
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
    // Defined, not assigned: even a key that slipped past isReserved can never reach the prototype.
    const set = (name: string) => Object.defineProperty(instance, name, { value, enumerable: true, writable: true, configurable: true });
    if (isReserved(key)) unknown.push(key);
    else if (opts.keys === 'camel') set(key);
    // A key that is not the snake_case of a field name (say `fromName` sent to REST) is unknown.
    else if (snakeCase(camelCase(key)) === key) set(camelCase(key));
    else unknown.push(key);
  }
  if (unknown.length) throw unknownFields(unknown);
  assertNoReservedKeys(instance, '');
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  if (errors.length) throw validationError(errors);
  return instance as T;
}

/** Validates an instance type-graphql already built from GraphQL args. */
export async function checkInput<T extends object>(instance: T): Promise<T> {
  assertCleanText(instance, '');
  assertNoReservedKeys(instance, '');
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
  // Built from entries, not by assignment: `?__proto__=x` stays a key (refused as unknown), not dropped.
  return Object.fromEntries(
    Object.entries(withoutEmpty(query)).map(([key, value]) => [
      key,
      (key === 'limit' || key === 'offset') && typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value,
    ]),
  );
}

/** A query string validated into an input class (snake_case parameter names, as bodies). */
export const parseQuery = <T extends object>(cls: new () => T, query: Query): Promise<T> => parseInput(cls, fromQueryString(query));
