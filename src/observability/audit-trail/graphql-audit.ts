// decisions.md §12 Audit log at the GraphQL door (README.md here): every Mutation field of a document
// that resolves without error is recorded once (two fields, or one field under two aliases, are two
// changes), named by the field, with the object it changed. Queries cost nothing: the field hook is
// installed for mutations only. The entries are waited for (each at most RECORD_WAIT_MS) before the
// answer is sent, as REST does.
import type { ApolloServerPlugin } from '@apollo/server';
import { getNamedType, GraphQLID, type GraphQLResolveInfo } from 'graphql';
import { fieldAccess, type FieldAccess } from '../../contracts/graphql/scopes';
import type { Ctx } from '../../runtime/context';
import { recordChange } from './audit-log';

/** The object a mutation is about: its `id` argument, else its first ID argument (`campaignId`,
 *  `leadId`), else the `id` of the object it answered (a create). */
export function mutationTarget(info: GraphQLResolveInfo, args: Record<string, unknown>, result: unknown): string | null {
  const field = info.parentType.getFields()[info.fieldName];
  const firstId = field?.args.find((a) => getNamedType(a.type) === GraphQLID)?.name;
  const arg = args.id ?? (firstId ? args[firstId] : undefined);
  if (typeof arg === 'string' && arg) return arg;
  const id = result && typeof result === 'object' ? (result as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id ? id : null;
}

const isPublic = (access: FieldAccess | null) => access !== null && 'public' in access;

export const auditPlugin: ApolloServerPlugin<Ctx> = {
  async requestDidStart() {
    const writes: Promise<void>[] = [];
    return {
      async executionDidStart({ operation }) {
        // No operation when operationName names none of the document's: graphql-js answers that (400);
        // Apollo's type says otherwise, and reading it here answered 500.
        if ((operation as typeof operation | undefined)?.operation !== 'mutation') return;
        return {
          willResolveField({ info, args, contextValue }) {
            if (info.path.prev !== undefined || !contextValue.actor) return; // root fields, with a caller
            // Sign-up and login are never recorded (README.md here), as at the REST door, even when a
            // caller sends them with its credentials.
            const field = info.parentType.getFields()[info.fieldName];
            if (field && isPublic(fieldAccess(field))) return;
            return (error, result) => {
              if (error) return;
              writes.push(recordChange(contextValue, { operation: info.fieldName, targetId: mutationTarget(info, args as Record<string, unknown>, result) }));
            };
          },
        };
      },
      async willSendResponse() {
        await Promise.all(writes);
      },
    };
  },
};
