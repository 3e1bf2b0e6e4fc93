import { IsInt, Max, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { CursorField } from '../../contracts/pagination/keyset';
import { Nullable } from '../../contracts/validation/validate-input';

/** api.md Limits: activity and bounces pages hold up to 100 rows. */
export const MAX_ACTIVITY_PAGE = 100;
export const DEFAULT_ACTIVITY_PAGE = 50;

@InputType()
export class ActivityPageInput {
  @Field(() => Int, { nullable: true, description: `Up to ${MAX_ACTIVITY_PAGE}; ${DEFAULT_ACTIVITY_PAGE} when left out.` })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_ACTIVITY_PAGE)
  limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Rows skipped; not together with cursor.' }) @Nullable() @IsInt() @Min(0) @Max(2_147_483_647) offset?: number | null;
  @CursorField() cursor?: string | null;
}
