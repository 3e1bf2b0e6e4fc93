// Builds the GraphQL schema from the resolver classes. Input objects are validated with the same
// class-validator rules and options as REST bodies (contracts/validation/validate-input.ts), so both doors agree.
import { assertValidSchema, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { assertJsonDepth } from '../validation/json-depth';
import { checkInput } from '../validation/validate-input';
import { guardRootFields } from './scopes';

/** An argument as type-graphql built it: not nested too deep (checked once, at the top), then validated. */
async function validateTopArg(value: unknown): Promise<void> {
  // decisions.md §10: variables or literals nested past 64 levels never reach the recursive validators.
  assertJsonDepth(value, 'input');
  await validateArg(value);
}

async function validateArg(value: unknown): Promise<void> {
  if (Array.isArray(value)) {
    for (const item of value) await validateArg(item);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date) && value.constructor !== Object) {
    await checkInput(value);
  }
}

/** The schema of the resolvers the module manifests name (src/modules/index.ts), in module order. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function buildAppSchema(resolvers: readonly Function[]): Promise<GraphQLSchema> {
  // type-graphql's own check runs the whole introspection query on the new schema: about 70 ms of CPU at
  // every start, and the tests start a service some two hundred times. graphql's validation of the
  // schema (below) is kept; what introspection adds to it (every default value serialised) is exercised
  // by `npm run schema:check` (printSchema) and by the codegen, both before every test run.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const schema = buildSchema({ resolvers: resolvers as NonEmptyArray<Function>, validateFn: (value) => validateTopArg(value), skipCheck: true });
  // decisions.md §12: every root field declares its scopes (scopes.ts), checked before it runs.
  return schema.then((built) => {
    assertValidSchema(built);
    return guardRootFields(built);
  });
}

/** The checked-in schema.graphql text: sorted, so it only changes when the schema does. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `# Generated from the code by \`npm run schema\`; CI fails when it differs. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
