// API key scopes at the GraphQL door (decisions.md §12). Every Query and Mutation field declares, once, on
// its resolver method, what a key needs: @Scope('campaigns:read'), @Scope(['campaigns:write', 'send']),
// or @Public() for the fields that take no credentials (signup, login). The declaration rides on the
// field's extensions in the built schema; buildAppSchema (schema.ts) refuses to build a schema with a
// root field that declares nothing, adds the scopes to each field's description, and wraps each declared
// field's resolver with the same check REST uses (src/contracts/api-scopes.ts), before its arguments are validated. The rules of which scope fits which
// operation are written next to the scope list, in src/contracts/api-scopes.ts.
import { defaultFieldResolver, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { Extensions } from 'type-graphql';
import { assertScopes, requiredScopes, type ScopeNeed } from '../api-scopes';
import type { Ctx } from '../../runtime/context';

const ACCESS = 'access';

/** What a root field declares: the scopes a key needs, or that it takes no credentials. */
export type FieldAccess = { scope: ScopeNeed } | { public: true };

/** The scopes an API key needs for this Query or Mutation field. */
export const Scope = (need: ScopeNeed) => Extensions({ [ACCESS]: { scope: need } satisfies FieldAccess });

/** A root field that takes no credentials (signup, login): no scope applies. */
export const Public = () => Extensions({ [ACCESS]: { public: true } satisfies FieldAccess });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = GraphQLField<unknown, Ctx, any>;

export interface RootField {
  /** `Query` or `Mutation`. */
  type: string;
  name: string;
  field: AnyField;
}

/** Every Query and Mutation field of a schema. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((t): t is GraphQLObjectType => !!t);
  return roots.flatMap((t) => Object.values(t.getFields()).map((field) => ({ type: t.name, name: field.name, field: field as AnyField })));
}

/** What a root field declared (null when nothing). */
export const fieldAccess = (field: AnyField): FieldAccess | null => (field.extensions?.[ACCESS] as FieldAccess | undefined) ?? null;

/** Checks every root field's declaration and puts the scope check in front of its resolver; a root field
 *  that declares nothing stops the build (and so the start and `npm run schema`). */
export function guardRootFields(schema: GraphQLSchema): GraphQLSchema {
  const undeclared = rootFields(schema).filter((f) => !fieldAccess(f.field));
  if (undeclared.length) {
    throw new Error(
      `GraphQL root fields without a declared scope: ${undeclared.map((f) => `${f.type}.${f.name}`).join(', ')}. Add @Scope(...) or @Public() (src/contracts/graphql/scopes.ts).`,
    );
  }
  for (const { type, name, field } of rootFields(schema)) {
    const access = fieldAccess(field)!;
    if ('public' in access) continue;
    // Shown in the schema (introspection, GraphiQL, schema.graphql) as OpenAPI shows x-scopes.
    const needs = `API key scopes: ${requiredScopes(access.scope).join(', ')}.`;
    field.description = field.description ? `${field.description}\n${needs}` : needs;
    const resolve = field.resolve ?? defaultFieldResolver;
    const operation = `GraphQL ${type.toLowerCase()} ${name}`;
    // Without a caller the resolver itself answers unauthorized (graphql/auth.ts).
    field.resolve = (source, args, ctx, info) => {
      if (ctx.actor) assertScopes(ctx.actor, access.scope, operation);
      return resolve(source, args, ctx, info);
    };
  }
  return schema;
}
