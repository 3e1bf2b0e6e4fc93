// GraphQL for the console: operations are written with graphql(`…`) from ../gql (GraphQL Codegen's client
// preset over schema.graphql, codegen.yml), so their results and variables are typed and a schema change
// that breaks one fails `npm test`. documentMode "string": a document is its text, sent as is.
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { session, signOut } from '../auth/session';
import type { TypedDocumentString } from '../gql/graphql';
import { ApiError, unreachable } from './errors';

interface GraphQLAnswer<R> {
  data?: R | null;
  errors?: { message: string; extensions?: { code?: string; status?: number; details?: Record<string, unknown> } }[];
}

/** The operation's name (`query Campaigns …` → "Campaigns"): the cache key's first part, so a mutation can
 *  refresh what it changed by name. */
export function operationName(doc: { toString(): string }): string {
  return /\b(?:query|mutation)\s+(\w+)/.exec(doc.toString())?.[1] ?? doc.toString();
}

export async function request<R, V>(doc: TypedDocumentString<R, V>, variables?: V, signal?: AbortSignal): Promise<R> {
  const token = session()?.token;
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: doc.toString(), variables: variables ?? {} }),
      signal,
    });
  } catch (err) {
    throw unreachable(err);
  }
  let answer: GraphQLAnswer<R>;
  try {
    answer = (await res.json()) as GraphQLAnswer<R>;
  } catch {
    throw new ApiError('bad_response', `The service answered ${res.status} with something other than JSON.`, res.status);
  }
  const first = answer.errors?.[0];
  if (first) {
    const code = first.extensions?.code ?? 'graphql_error';
    if (code === 'unauthorized' && token) signOut();
    // A GraphQL error comes in a 200 answer; extensions.status is the status REST would have answered
    // (decisions.md §3), which tells a refusal (no retry) from a failure.
    throw new ApiError(code, first.message, first.extensions?.status ?? res.status, first.extensions?.details);
  }
  if (!answer.data) throw new ApiError('bad_response', 'The service answered without data.', res.status);
  return answer.data;
}

type QueryOptions<R> = Omit<UseQueryOptions<R, ApiError>, 'queryKey' | 'queryFn'>;

/** A typed query, cached under [operation name, variables]. */
export function useGraphQL<R, V>(doc: TypedDocumentString<R, V>, variables?: V, options?: QueryOptions<R>) {
  return useQuery<R, ApiError>({
    queryKey: [operationName(doc), variables ?? {}],
    queryFn: ({ signal }) => request(doc, variables, signal),
    ...options,
  });
}

/** A typed mutation; on success it refreshes the queries named in `refresh` (operation names). */
export function useGraphQLMutation<R, V>(doc: TypedDocumentString<R, V>, refresh: readonly string[] = []) {
  const client = useQueryClient();
  return useMutation<R, ApiError, V>({
    mutationFn: (variables) => request(doc, variables),
    onSuccess: async () => {
      await Promise.all(refresh.map((name) => client.invalidateQueries({ queryKey: [name] })));
    },
  });
}
