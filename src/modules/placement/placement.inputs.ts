// Inputs of the placement use cases, shared by REST (snake_case bodies) and GraphQL (decisions.md §16).
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, IsString, IsUUID, Length, Matches, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { CursorField } from '../../contracts/pagination/keyset';
import { Nullable } from '../../contracts/validation/validate-input';
import { MAX_SEEDS, MAX_SENDERS } from './start-test';

export const DEFAULT_TEST_LIMIT = 20;
export const MAX_TEST_LIMIT = 100;

const NotBlank = () => Matches(/\S/, { message: '$property must not be blank' });
// PostgreSQL text cannot hold NUL characters.
const NoNul = () => Matches(/^[^\0]*$/, { message: '$property must not contain NUL characters' });

@InputType({
  description:
    'Content: campaignId (with step and variant: step 1 and its first enabled variant unless given), or subject and body; exactly one of the two. Senders: every active sending inbox unless mailboxIds; seeds: every seed unless seedIds.',
})
export class StartPlacementTestInput {
  @Field(() => [ID], { nullable: true, description: `The inboxes that send, at most ${MAX_SENDERS}; every active sending inbox unless given.` })
  @Nullable()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_SENDERS)
  @IsUUID('all', { each: true, message: 'each of $property must be a mailbox id' })
  mailboxIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: `The seeds, at most ${MAX_SEEDS}; every seed unless given.` })
  @Nullable()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_SEEDS)
  @IsUUID('all', { each: true, message: 'each of $property must be a mailbox id' })
  seedIds?: string[] | null;

  @Field(() => ID, { nullable: true }) @Nullable() @IsUUID('all', { message: '$property must be a campaign id' }) campaignId?: string | null;
  @Field(() => Int, { nullable: true }) @Nullable() @IsInt() @Min(1) @Max(1000) step?: number | null;
  @Field(() => Int, { nullable: true }) @Nullable() @IsInt() @Min(1) @Max(1000) variant?: number | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsString() @Length(1, 998) @NotBlank() @NoNul() subject?: string | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsString() @Length(1, 100_000) @NotBlank() @NoNul() body?: string | null;

  @Field(() => Int, { nullable: true, description: 'How long the seeds are read, 5 to 240 minutes; 30 unless given.' })
  @Nullable()
  @IsInt()
  @Min(5)
  @Max(240)
  waitMinutes?: number | null;
}

@InputType()
export class PlacementTestListInput {
  @Field(() => Int, { nullable: true, description: `Page size, ${DEFAULT_TEST_LIMIT} by default, at most ${MAX_TEST_LIMIT}.` })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_TEST_LIMIT)
  limit?: number | null;
  @CursorField() cursor?: string | null;
}
