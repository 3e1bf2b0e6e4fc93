// JSON Schemas of the route contracts' types, from the two descriptions the code already has, so the
// document cannot drift from what is served:
// - answers: the GraphQL output types (type-graphql classes), turned into JSON Schema by
//   graphql-2-json-schema from the schema's introspection;
// - request bodies and query strings: the class-validator input classes, turned into JSON Schema by
//   class-validator-jsonschema (lengths, ranges, value sets), with each field's type filled in from the
//   same class's GraphQL input type where a rule of our own says nothing about the type.
import type { MetadataStorage as TypeMetadata } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage as validatorMetadata, ValidationTypes } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { getIntrospectionQuery, graphqlSync, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { fromIntrospectionQuery } from 'graphql-2-json-schema';
import { getMetadataStorage as graphqlMetadata } from 'type-graphql';
import type { InputClass, JsonSchema, OutputType } from '../../src/contracts/api-route';
import { snakeCase } from '../../src/contracts/validation/validate-input';

// Where class-transformer keeps @Type (the item class of nested inputs); the package exports no type for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: TypeMetadata };

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; items?: Schema; $ref?: string };

export const COMPONENTS = '#/components/schemas/';

/** GraphQL scalars as JSON Schema. */
const SCALARS: Record<string, Schema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  JSONObject: { type: 'object', additionalProperties: { type: 'string' } },
};

/** Our own class-validator rules (src/contracts/validation/rules.ts and the inputs' registerDecorator rules) as schema. */
const CUSTOM_RULES: Record<string, Schema> = {
  isTimeZone: { type: 'string', description: 'An IANA time zone such as Europe/Berlin.' },
  isEmailAddress: { type: 'string', format: 'email' },
  isHourMinute: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
  isPlainDate: { type: 'string', format: 'date' },
};

const nullable = (s: Schema): Schema => (s.$ref ? { anyOf: [s, { type: 'null' }] } : { ...s, type: [s.type ?? 'object', 'null'].flat() });

function rewriteRefs(s: unknown, ref: (name: string) => Schema): unknown {
  if (Array.isArray(s)) return s.map((x) => rewriteRefs(x, ref));
  if (s === null || typeof s !== 'object') return s;
  const o = s as Schema;
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/definitions/')) return ref(o.$ref.slice('#/definitions/'.length));
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rewriteRefs(v, ref)]));
}

/** The GraphQL types as JSON Schema objects: {properties, required}, a field that may be null typed so. */
function graphqlDefinitions(schema: GraphQLSchema): Record<string, Schema> {
  const introspection = graphqlSync({ schema, source: getIntrospectionQuery() }).data as unknown as IntrospectionQuery;
  const { definitions } = fromIntrospectionQuery(introspection, { nullableArrayItems: true, ignoreInternals: true }) as { definitions: Record<string, Schema> };
  const ref = (name: string): Schema => SCALARS[name] ?? { $ref: COMPONENTS + name };
  const out: Record<string, Schema> = {};
  for (const [name, def] of Object.entries(definitions)) {
    if (SCALARS[name] || !def.properties || name === 'Query' || name === 'Mutation') continue;
    const required = def.required ?? [];
    const properties: Record<string, Schema> = {};
    for (const [field, prop] of Object.entries(def.properties)) {
      // Output fields come as {return, arguments}; input fields as the type itself.
      const type = (prop.properties?.return ?? prop) as Schema;
      let s = rewriteRefs(type, ref) as Schema;
      if (!required.includes(field)) s = nullable(s);
      properties[field] = prop.description ? { ...s, description: prop.description } : s;
    }
    out[name] = { type: 'object', properties, required, ...(def.description ? { description: def.description } : {}) };
  }
  return out;
}

/** The GraphQL name type-graphql gave a class (CampaignView → Campaign). */
export function graphqlTypeName(cls: OutputType): string {
  const storage = graphqlMetadata();
  const found = [...storage.objectTypes, ...storage.inputTypes, ...storage.argumentTypes].find((t) => t.target === cls);
  if (!found) throw new Error(`${cls.name} is not a type-graphql type: name one in the route's response`);
  return found.name;
}

export class SchemaCatalog {
  readonly components: Record<string, Schema> = {};
  private readonly graphql: Record<string, Schema>;
  private readonly inputs: Record<string, Schema>;

  constructor(schema: GraphQLSchema) {
    this.graphql = graphqlDefinitions(schema);
    this.inputs = validationMetadatasToSchemas({
      refPointerPrefix: COMPONENTS,
      classTransformerMetadataStorage: defaultMetadataStorage,
      additionalConverters: {
        [ValidationTypes.CUSTOM_VALIDATION]: (meta) => {
          const name = meta.constraintCls ? validatorMetadata().getTargetValidatorConstraints(meta.constraintCls)[0]?.name : undefined;
          return (name && CUSTOM_RULES[name]) || {};
        },
      },
    }) as Record<string, Schema>;
  }

  /** An answer: the GraphQL type of `cls` (camelCase as served, or renamed to snake_case). */
  output(cls: OutputType, shape: 'camel' | 'snake', keep: readonly string[]): Schema {
    return this.component(graphqlTypeName(cls), shape, keep, this.graphql);
  }

  /** A request body or query: the input class, its fields named as the route reads them. */
  input(cls: InputClass, keys: 'camel' | 'snake'): Schema {
    const name = cls.name;
    if (!this.inputs[name]) this.inputs[name] = { type: 'object', properties: {} };
    // class-validator-jsonschema gives a subclass only its own fields (GET /leads documented campaign_id
    // alone): the fields it inherits come first, as in the class.
    this.inherit(cls);
    return this.component(name, keys, [], this.inputs, graphqlMetadata().inputTypes.find((t) => t.target === cls)?.name);
  }

  private readonly merged = new Set<string>();

  /** Adds to an input class's schema the fields it inherits (input). */
  private inherit(cls: InputClass): Schema | undefined {
    const own = this.inputs[cls.name];
    const parent = Object.getPrototypeOf(cls) as InputClass | null;
    if (!own || this.merged.has(cls.name) || !parent?.name || parent === Function.prototype) return own;
    this.merged.add(cls.name);
    const base = this.inherit(parent);
    if (base) this.inputs[cls.name] = { ...own, properties: { ...base.properties, ...own.properties }, required: [...(base.required ?? []), ...(own.required ?? [])] };
    return this.inputs[cls.name];
  }

  /** The full schema of a component (for query parameters, which are listed one by one). */
  resolve(s: Schema): Schema {
    return s.$ref ? this.components[s.$ref.slice(COMPONENTS.length)] : s;
  }

  private component(name: string, shape: 'camel' | 'snake', keep: readonly string[], source: Record<string, Schema>, graphqlName?: string): Schema {
    const id = shape === 'snake' ? `${name}_snake` : name;
    if (this.components[id]) return { $ref: COMPONENTS + id };
    const def = source[name];
    if (!def) throw new Error(`no schema for ${name}`);
    this.components[id] = {}; // reserved: a type may refer to itself
    const typed = source === this.inputs && graphqlName ? withGraphqlTypes(def, this.graphql[graphqlName]) : def;
    const rename = (k: string) => (shape === 'snake' ? snakeCase(k) : k);
    const properties: Record<string, Schema> = {};
    for (const [k, v] of Object.entries(typed.properties ?? {})) {
      properties[rename(k)] = keep.includes(k) ? v : this.nested(v, shape, keep, source);
    }
    this.components[id] = { ...typed, type: 'object', properties, required: (typed.required ?? []).map(rename) };
    return { $ref: COMPONENTS + id };
  }

  /** Follows references inside a schema so each named type gets its component in the same shape. */
  private nested(s: Schema, shape: 'camel' | 'snake', keep: readonly string[], source: Record<string, Schema>): Schema {
    if (Array.isArray(s)) return s.map((x) => this.nested(x, shape, keep, source)) as unknown as Schema;
    if (s === null || typeof s !== 'object') return s;
    if (typeof s.$ref === 'string') {
      const name = s.$ref.slice(COMPONENTS.length);
      const from = source[name] ? source : this.graphql[name] ? this.graphql : this.inputs;
      return this.component(name, shape, keep, from);
    }
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, typeof v === 'object' && v !== null ? this.nested(v as Schema, shape, keep, source) : v])) as Schema;
  }
}

/** Where a class-validator rule of our own says nothing about a field's type, the GraphQL input type
 *  does (an array of windows, a list of ids, a nested input). */
function withGraphqlTypes(def: Schema, graphql: Schema | undefined): Schema {
  if (!graphql?.properties) return def;
  const properties: Record<string, Schema> = {};
  const names = new Set([...Object.keys(def.properties ?? {}), ...Object.keys(graphql.properties)]);
  for (const k of names) {
    const own = def.properties?.[k] ?? {};
    const typed = own.type !== undefined || own.$ref !== undefined || own.allOf !== undefined || own.anyOf !== undefined || own.oneOf !== undefined;
    const fromGraphql = graphql.properties[k] ?? {};
    if (!typed) properties[k] = { ...fromGraphql, ...own };
    // An array whose items a rule of our own checks: the item type from GraphQL.
    else if (own.items && !Object.keys(own.items).length && fromGraphql.items) properties[k] = { ...own, items: fromGraphql.items };
    else properties[k] = own;
  }
  return { ...def, properties };
}

/** Applies `change` to the object schema inside `s`, following a reference, a nullable `anyOf` or an
 *  array's items, and returns the changed copy (the shared component is never modified). */
function reshapeObject(catalog: SchemaCatalog, s: Schema, change: (o: Schema) => Schema): Schema {
  if (s.$ref) return reshapeObject(catalog, catalog.resolve(s), change);
  if (Array.isArray(s.anyOf)) return { ...s, anyOf: (s.anyOf as Schema[]).map((x) => (x.type === 'null' ? x : reshapeObject(catalog, x, change))) };
  if (s.items) return { ...s, items: reshapeObject(catalog, s.items, change) };
  return change(s);
}

/** The schema with one field changed at a dotted path (`workspace.recentContactDays`, `byDay.future`:
 *  arrays are stepped through): `drop` removes it, `optional` keeps it but no longer requires it. */
function atPath(catalog: SchemaCatalog, s: Schema, path: string[], how: 'drop' | 'optional'): Schema {
  return reshapeObject(catalog, s, (o) => {
    const [head, ...rest] = path;
    if (rest.length) return { ...o, properties: { ...o.properties, [head]: atPath(catalog, o.properties?.[head] ?? {}, rest, how) } };
    const properties = { ...o.properties };
    if (how === 'drop') delete properties[head];
    return { ...o, properties, required: (o.required ?? []).filter((k) => k !== head) };
  });
}

/** A route's answer schema with its REST differences: fields left out, fields sent only sometimes,
 *  fields added. Paths are named as the answer names them (after snake_case). */
export function adjustAnswer(catalog: SchemaCatalog, base: Schema, diff: { omit?: readonly string[]; optional?: readonly string[]; extra?: Record<string, JsonSchema> }): Schema {
  let s = base;
  for (const path of diff.omit ?? []) s = atPath(catalog, s, path.split('.'), 'drop');
  for (const path of diff.optional ?? []) s = atPath(catalog, s, path.split('.'), 'optional');
  const extra = (diff.extra ?? {}) as Record<string, Schema>;
  if (Object.keys(extra).length)
    s = reshapeObject(catalog, s, (o) => ({ ...o, properties: { ...o.properties, ...extra }, required: [...(o.required ?? []), ...Object.keys(extra)] }));
  return s;
}
