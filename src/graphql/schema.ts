// Builds the GraphQL schema from the resolver classes. Input objects are validated with the same
// class-validator rules and options as REST bodies (validation.ts), so both doors agree.
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { checkInput } from '../validation';
import { resolvers } from './resolvers';

async function validateArg(value: unknown): Promise<void> {
  if (Array.isArray(value)) {
    for (const item of value) await validateArg(item);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date) && value.constructor !== Object) {
    await checkInput(value);
  }
}

export function buildAppSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validateFn: (value) => validateArg(value) });
}

/** The checked-in schema.graphql text: sorted, so it only changes when the schema does. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `# Generated from the code by \`npm run schema\`; CI fails when it differs. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
