// Inputs of the blocklist use cases, for both doors (REST bodies and query strings are the snake_case).
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { Nullable } from '../../contracts/validation/validate-input';
import { CursorField } from '../../contracts/pagination/keyset';

export const BLOCK_REASONS = ['manual', 'import', 'unsubscribe', 'hard_bounce'] as const;
/** Entries per POST /blocklist call (a bigger list goes through the CSV import). */
export const MAX_ADD = 10_000;
/** Longest entry taken (an address is at most 254 characters; room for spaces around it). */
export const MAX_ENTRY_LENGTH = 320;
export const MAX_BLOCKLIST_PAGE = 10_000;
const MAX_INT = 2_147_483_647;

@InputType()
export class AddToBlocklistInput {
  @Field(() => [String], { description: `Addresses or domains (a leading @ is allowed), up to ${MAX_ADD}; all must be valid.` })
  @IsArray()
  @ArrayMaxSize(MAX_ADD)
  @IsString({ each: true })
  @MaxLength(MAX_ENTRY_LENGTH, { each: true })
  emails!: string[];
}

@InputType()
export class BlocklistQueryInput {
  @Field(() => String, { nullable: true, description: 'Part of the address or domain, case-insensitive; % _ \\ match themselves.' })
  @Nullable()
  @IsString()
  @MaxLength(MAX_ENTRY_LENGTH)
  q?: string | null;
  @Field(() => String, { nullable: true, description: `One of ${BLOCK_REASONS.join(', ')}.` })
  @Nullable()
  @IsIn([...BLOCK_REASONS], { message: `$property must be one of: ${BLOCK_REASONS.join(', ')}` })
  reason?: string | null;
  @Field(() => Int, { nullable: true, description: `Page size (every entry when left out), at most ${MAX_BLOCKLIST_PAGE}.` })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(MAX_BLOCKLIST_PAGE)
  limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Rows skipped; not together with cursor.' }) @Nullable() @IsInt() @Min(0) @Max(MAX_INT) offset?: number | null;
  @CursorField() cursor?: string | null;
}
