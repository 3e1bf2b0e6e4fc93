// GraphQL cost limits (decisions.md §10): at most depth 12, 100 aliases and 1 MB of query text per
// request; more is a `query_too_complex` error before anything runs. The text is measured before it is
// parsed (queryTextError, called by the HTTP adapter); depth and aliases by a validation rule, so a
// refused operation never reaches a resolver. One request once ran 2,000 aliased fields in 4.7 s.
//
// Both are counted on the operation as it would run: a fragment counts at every place it is spread, so
// fragments spread inside fragments cannot multiply aliases past the limit unseen.
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { AppError } from '../errors';

export const MAX_QUERY_DEPTH = 12;
export const MAX_QUERY_ALIASES = 100;
export const MAX_QUERY_BYTES = 1024 * 1024;

/** The error for a request over a limit: a GraphQL error whose code is the registry's. */
export function queryTooComplex(message: string): AppError {
  return new AppError('query_too_complex', `${message} Split the request into smaller ones.`);
}

/** The refusal for query text over 1 MB (UTF-8), or null; checked before the text is parsed. */
export function queryTextError(query: unknown): AppError | null {
  if (typeof query !== 'string') return null;
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: only texts near the limit are measured.
  if (query.length * 3 <= MAX_QUERY_BYTES) return null;
  const bytes = Buffer.byteLength(query, 'utf8');
  return bytes > MAX_QUERY_BYTES ? queryTooComplex(`The query text is ${bytes} bytes; at most ${MAX_QUERY_BYTES} (1 MB) are read.`) : null;
}

interface Cost {
  depth: number;
  aliases: number;
}

/**
 * Depth and aliases of a selection set, fragments expanded (memoized by name; a fragment cycle, which
 * the standard rules refuse, counts as nothing here). Depth: a field is one level, its sub-selection the
 * next. Introspection's `ofType` chains (a type's wrapping: list of non-null of …) are one object each,
 * not a level of data: GraphiQL's introspection query nests nine of them, and stays at depth 6.
 */
function costCounter(fragment: (name: string) => FragmentDefinitionNode | null | undefined) {
  const memo = new Map<string, Cost>();
  const visiting = new Set<string>();

  const fragmentCost = (name: string, introspection: boolean): Cost => {
    const key = `${introspection}:${name}`;
    const known = memo.get(key);
    if (known) return known;
    const def = fragment(name);
    if (!def || visiting.has(key)) return { depth: 0, aliases: 0 };
    visiting.add(key);
    const cost = selectionCost(def.selectionSet, introspection);
    visiting.delete(key);
    memo.set(key, cost);
    return cost;
  };

  const selectionCost = (set: SelectionSetNode | undefined, introspection: boolean): Cost => {
    const total: Cost = { depth: 0, aliases: 0 };
    for (const s of set?.selections ?? []) {
      let cost: Cost;
      if (s.kind === Kind.FIELD) {
        const name = s.name.value;
        const inIntrospection = introspection || name === '__schema' || name === '__type';
        const below = selectionCost(s.selectionSet, inIntrospection);
        const level = inIntrospection && name === 'ofType' ? 0 : 1;
        cost = { depth: below.depth + level, aliases: below.aliases + (s.alias ? 1 : 0) };
      } else if (s.kind === Kind.FRAGMENT_SPREAD) {
        cost = fragmentCost(s.name.value, introspection);
      } else {
        cost = selectionCost(s.selectionSet, introspection);
      }
      total.depth = Math.max(total.depth, cost.depth);
      total.aliases += cost.aliases;
    }
    return total;
  };

  return (operation: OperationDefinitionNode) => selectionCost(operation.selectionSet, false);
}

/** The validation rule: each operation of the document within depth 12 and 100 aliases. */
export const costLimitRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const cost = costCounter((name) => context.getFragment(name));
  return {
    OperationDefinition(node) {
      let depth: number;
      let aliases: number;
      try {
        ({ depth, aliases } = cost(node));
      } catch (err) {
        // Nesting the parser could still read but this walk cannot follow: far past the limit anyway.
        if (!(err instanceof RangeError)) throw err;
        [depth, aliases] = [Infinity, 0];
      }
      const problems: string[] = [];
      if (depth > MAX_QUERY_DEPTH) problems.push(`it is ${Number.isFinite(depth) ? depth : 'thousands of'} levels deep; at most ${MAX_QUERY_DEPTH} are allowed`);
      if (aliases > MAX_QUERY_ALIASES) problems.push(`it has ${aliases} aliases (fragments counted where spread); at most ${MAX_QUERY_ALIASES} are allowed`);
      if (!problems.length) return;
      const error = queryTooComplex(`The operation is too costly to run: ${problems.join(', and ')}.`);
      context.reportError(new GraphQLError(error.message, { nodes: [node], originalError: error }));
    },
  };
};
