// The page asked of the audit log (decisions.md §12), shared by REST (query string) and GraphQL
// (arguments): `limit` and `cursor`.
import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { CursorField } from '../../contracts/pagination/keyset';
import { Nullable } from '../../contracts/validation/validate-input';

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 100;

@ArgsType()
export class AuditLogQuery {
  @Field(() => Int, { nullable: true, description: `Page size, ${DEFAULT_AUDIT_PAGE} by default, at most ${MAX_AUDIT_PAGE}.` })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_AUDIT_PAGE)
  limit?: number | null;

  @CursorField() cursor?: string | null;
}
