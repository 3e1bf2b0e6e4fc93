// Inputs of the lead reading and editing use cases, for both doors. REST query strings and bodies are
// the snake_case of these field names; the value sets are decisions.md §5.
import { IsIn, IsInt, IsObject, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, registerDecorator, ValidateNested, type ValidationOptions } from 'class-validator';
import { Type } from 'class-transformer';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';
import { AppError } from '../../contracts/errors';
import { CursorField } from '../../contracts/pagination/keyset';
import { Nullable, Optional, parseInput, withoutEmpty } from '../../contracts/validation/validate-input';
import { IsTimeZone } from '../../contracts/validation/rules';
import { charLength } from './lead-vars';

export const LEAD_STATUSES = ['pending', 'active', 'paused', 'completed', 'replied', 'unsubscribed', 'bounced', 'stopped'] as const;
export const INTEREST_LABELS = ['interested', 'meeting_booked', 'meeting_completed', 'won', 'lost', 'not_interested', 'out_of_office', 'wrong_person'] as const;
/** `unchecked` is also a stored value; as a filter it means "null or unchecked". */
export const VERIFICATIONS = ['valid', 'invalid', 'risky', 'unknown', 'pending', 'expired', 'unchecked'] as const;
export const PROVIDERS = ['provider_a', 'provider_b', 'other', 'none', 'unknown'] as const;
/** As a filter, `unchecked` means "not looked up yet" (null). */
export const PROVIDER_FILTERS = [...PROVIDERS, 'unchecked'] as const;

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 1000;
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
export const MAX_Q_LENGTH = 200;
export const NOTE_MAX = 2000;
const MAX_INT = 2_147_483_647;

const oneOf = (values: readonly string[]) => IsIn([...values], { message: `$property must be one of: ${values.join(', ')}` });

/** Text no longer than `max` characters as a person counts them (an emoji is one). */
function MaxChars(max: number, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'maxChars',
      target: object.constructor,
      propertyName,
      options: { message: `$property must be at most ${max} characters`, ...options },
      validator: { validate: (v: unknown) => typeof v === 'string' && charLength(v) <= max },
    });
}

/** The filter fields of the campaign lead list; a saved filter holds exactly these. Null (or, in a
 *  query string, an empty value) is no filter. */
@InputType()
export class LeadFilterInput {
  @Field(() => String, { nullable: true }) @Nullable() @oneOf(LEAD_STATUSES) status?: string | null;
  @Field(() => String, { nullable: true }) @Nullable() @oneOf(INTEREST_LABELS) interest?: string | null;
  @Field(() => String, { nullable: true, description: 'A verification value, or unchecked for leads not verified (null or unchecked).' })
  @Nullable()
  @oneOf(VERIFICATIONS)
  verification?: string | null;
  @Field(() => String, { nullable: true, description: 'A provider value, or unchecked for leads not looked up yet (null).' })
  @Nullable()
  @oneOf(PROVIDER_FILTERS)
  provider?: string | null;
  @Field(() => ID, { nullable: true, description: 'Leads added from this lead list.' }) @Nullable() @IsUUID('all') listId?: string | null;
  @Field(() => String, { nullable: true, description: 'Part of the address, case-insensitive; % _ \\ and quotes match themselves.' })
  @Nullable()
  @IsString()
  @MaxLength(MAX_Q_LENGTH)
  q?: string | null;
}

/** A lead list query: the filter plus the page. */
@InputType()
export class LeadQueryInput extends LeadFilterInput {
  @Field(() => Int, { nullable: true, description: `Page size, ${DEFAULT_PAGE} by default, at most ${MAX_PAGE}; 0 gives only the total.` })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE)
  limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Rows skipped; not together with cursor.' }) @Nullable() @IsInt() @Min(0) @Max(MAX_INT) offset?: number | null;
  @CursorField() cursor?: string | null;
}

/** GET /leads (workspace-wide) also filters by campaign. REST only: GraphQL takes campaignId beside the query. */
export class WorkspaceLeadQueryInput extends LeadQueryInput {
  @Nullable() @IsUUID('all') campaignId?: string | null;
}

export class LeadSearchInput {
  @IsString() @MaxLength(MAX_Q_LENGTH) q!: string;
  @Optional() @IsInt() @Min(1) @Max(MAX_SEARCH_LIMIT) limit?: number;
}

@InputType()
export class UpdateLeadInput {
  @Field(() => String, { nullable: true, description: `An interest label (${INTEREST_LABELS.join(', ')}) or null.` })
  @Nullable()
  @oneOf(INTEREST_LABELS)
  interest?: string | null;
  @Field({ nullable: true, description: 'paused (a lead still in sequence) or active (a paused lead).' })
  @Optional()
  @oneOf(['paused', 'active'])
  status?: 'paused' | 'active';
  @Field(() => String, { nullable: true }) @Nullable() @IsTimeZone() timezone?: string | null;
  @Field(() => Int, { nullable: true, description: "null falls back to the campaign's deal value." })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(MAX_INT)
  dealValue?: number | null;
  @Field(() => String, { nullable: true, description: `Up to ${NOTE_MAX} characters; blank or null clears it.` })
  @Nullable()
  @IsString()
  @MaxChars(NOTE_MAX)
  note?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Fields to set by name; a blank or null value removes the field.' })
  @Optional()
  @IsObject()
  vars?: Record<string, unknown>;
}

@InputType()
export class CreateLeadFilterInput {
  @Field() @IsString() @Length(1, 100) @Matches(/\S/, { message: '$property must not be blank' }) name!: string;
  @Field(() => LeadFilterInput) @ValidateNested() @Type(() => LeadFilterInput) filter!: LeadFilterInput;
}

// ---- REST: query strings and the saved-filter body ----

type Query = Record<string, unknown>;

/** POST /lead-filters body: `{name, filter}` with the filter in the lead list's query names (list_id). */
export async function parseCreateLeadFilter(body: unknown): Promise<CreateLeadFilterInput> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid_body', 'Send a JSON object as the request body.');
  }
  const { filter, ...rest } = body as Query;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw new AppError('validation_failed', 'Invalid filter: send an object with any of status, interest, verification, provider, list_id, q.', {
      fields: { filter: ['must be an object'] },
    });
  }
  const named = await parseInput(FilterNameInput, rest);
  let parsed: LeadFilterInput;
  try {
    parsed = await parseInput(LeadFilterInput, withoutEmpty(filter as Query));
  } catch (err) {
    throw err instanceof AppError ? prefixFields(err, 'filter') : err;
  }
  return Object.assign(new CreateLeadFilterInput(), { name: named.name, filter: parsed });
}

class FilterNameInput {
  @IsString() @Length(1, 100) @Matches(/\S/, { message: '$property must not be blank' }) name!: string;
}

/** Names the nested fields of a validation error as `filter.status`. */
function prefixFields(err: AppError, prefix: string): AppError {
  const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
  const renamed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v]));
  const first = Object.entries(renamed)[0];
  const message = first ? `Invalid ${first[0]}: ${first[1][0]}.` : err.message;
  return new AppError(err.code, message, { ...err.details, fields: renamed });
}
