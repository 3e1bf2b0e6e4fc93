// Column inputs for both doors (api.md Columns, decisions.md §7). REST names are the snake_case of these
// fields. Rules that need the kind or the campaign (a prompt's `{{variable}}`, max_chars per kind, a
// name the leads already have) are checked in columns.service.ts.
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { Nullable, Optional } from '../../contracts/validation/validate-input';
import { WEBSITE_TEXT_MAX } from './cell-fill';

export const COLUMN_KINDS = ['website', 'prompt'] as const;
export const COLUMN_NAME = /^[a-z0-9_]+$/;
export const COLUMN_NAME_MAX = 64;
export const TEMPLATE_MAX = 10_000;
/** Leads one run may name (lead_ids). */
export const RUN_LEAD_IDS_MAX = 10_000;
/** api.md Limits: cell lookup. */
export const CELL_LOOKUP_MAX = 200;

@InputType({ description: 'A new column; the same fields try it out in a preview.' })
export class CreateBlockInput {
  @Field({ description: 'The lead field it fills: lower-case letters, numbers and underscores.' })
  @IsString()
  @MaxLength(COLUMN_NAME_MAX)
  @Matches(COLUMN_NAME, { message: '$property must be lower-case letters, numbers and underscores' })
  name!: string;

  @Field({ description: 'website or prompt' }) @IsIn(COLUMN_KINDS, { message: '$property must be website or prompt' }) kind!: string;

  @Field(() => String, { nullable: true, description: 'prompt only: the prompt, with at least one {{variable}} (a lead field)' })
  @Nullable()
  @IsString()
  @MaxLength(TEMPLATE_MAX)
  template?: string | null;

  @Field(() => Int, { nullable: true, description: 'The longest value kept: 300 by default and at most 500 for a prompt, 8000 (the default) for a website.' })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(WEBSITE_TEXT_MAX)
  maxChars?: number;
}

@InputType()
export class UpdateBlockInput {
  @Field(() => String, { nullable: true }) @Optional() @IsString() @MaxLength(TEMPLATE_MAX) template?: string;
  @Field(() => Int, { nullable: true }) @Optional() @IsInt() @Min(1) @Max(WEBSITE_TEXT_MAX) maxChars?: number;
}

@InputType({ description: 'Without lead_ids and all: every lead of the campaign without a value yet.' })
export class RunBlockInput {
  @Field(() => [ID], { nullable: true, description: 'Only these leads of the campaign.' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(RUN_LEAD_IDS_MAX)
  @IsUUID('all', { each: true, message: '$property must be a list of lead ids' })
  leadIds?: string[];

  @Field(() => Boolean, { nullable: true, description: 'Redo leads that have a value too (never an edited one).' })
  @Optional()
  @IsBoolean()
  all?: boolean;
}

@InputType()
export class UpdateBlockCellInput {
  @Field({ description: 'Cleaned as lead fields are (one line, no braces, pipes or angle brackets).' })
  @IsString()
  @Matches(/\S/, { message: '$property must not be blank' })
  @MaxLength(WEBSITE_TEXT_MAX * 2)
  value!: string;
}

/** GET /campaigns/:id/blocks/cells?lead_ids=a,b,… Required, but checked by the service: the adapter
 *  reads the query before the path, and a bad campaign id must still answer 404. */
export class BlockCellsQuery {
  @Optional()
  @IsString()
  @Matches(/^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$/, { message: '$property must be comma-separated lead ids' })
  @MaxLength(CELL_LOOKUP_MAX * 37)
  leadIds?: string;
}
