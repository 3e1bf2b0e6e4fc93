// Inputs of the ways of adding leads (api.md "Adding leads"), for both doors. A lead's address is only
// required to be text here: an address that is not one is counted as `invalid` by the import rules, not
// refused, so one bad row never loses the others.
import { IsString, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import { Nullable } from '../../../contracts/validation/validate-input';
import { MAX_FIELDS_PER_LEAD } from '../lead-vars';

/** Leads per JSON call; more go through CSV. */
export const MAX_MANUAL_LEADS = 10_000;
export const MAX_URL_LENGTH = 2_000;
/** Characters of an address kept for checking; anything longer is no address (and counts as invalid). */
const MAX_EMAIL_INPUT = 1_000;

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isVarValue = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** Why one manual lead is malformed, or null. Undefined keys are ignored (GraphQL input objects carry them). */
function manualLeadProblem(lead: unknown): string | null {
  if (!isPlainObject(lead)) return 'is not an object';
  const extra = Object.keys(lead).find((k) => k !== 'email' && k !== 'vars' && lead[k] !== undefined);
  if (extra) return `has an unknown field ${extra}`;
  if (typeof lead.email !== 'string') return 'needs email as text';
  if (lead.email.length > MAX_EMAIL_INPUT) return `has an email longer than ${MAX_EMAIL_INPUT} characters`;
  if (lead.vars === undefined || lead.vars === null) return null;
  if (!isPlainObject(lead.vars)) return 'needs vars as an object of field name to text';
  if (Object.keys(lead.vars).length > MAX_FIELDS_PER_LEAD) return `has more than ${MAX_FIELDS_PER_LEAD} vars (a lead carries at most ${MAX_FIELDS_PER_LEAD} fields)`;
  const bad = Object.keys(lead.vars).find((k) => !isVarValue((lead.vars as Record<string, unknown>)[k]));
  return bad === undefined ? null : `has vars.${bad} that is not text, a number, true/false or null`;
}

function IsManualLeadList(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isManualLeadList',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (v: unknown) => Array.isArray(v) && v.length <= MAX_MANUAL_LEADS && v.every((lead) => manualLeadProblem(lead) === null),
        defaultMessage: (args) => {
          const v = args?.value as unknown;
          if (!Array.isArray(v)) return '$property must be a list of {email, vars}';
          if (v.length > MAX_MANUAL_LEADS) return `$property takes at most ${MAX_MANUAL_LEADS} leads per call; send more as CSV`;
          const i = v.findIndex((lead) => manualLeadProblem(lead) !== null);
          return `$property[${i}] ${manualLeadProblem(v[i])}`;
        },
      },
    });
}

@InputType({
  description: 'One lead given as JSON. Every vars entry becomes a lead field (names made lower-case letters, digits and underscores); `timezone`, else `country`, sets its zone.',
})
export class ManualLeadInput {
  @Field() email!: string;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Field name to text (numbers and true/false are taken as text; blank or null leaves the field out).' })
  vars?: Record<string, unknown> | null;
}

@InputType()
export class AddManualLeadsInput {
  @Field(() => [ManualLeadInput], { description: `At most ${MAX_MANUAL_LEADS}.` }) @IsManualLeadList() leads!: ManualLeadInput[];
}

@InputType()
export class AddSheetLeadsInput {
  @Field({ description: 'Link of a spreadsheet published as CSV (a Google Sheets "publish to web" link of any format is read as CSV).' })
  @IsString()
  @MaxLength(MAX_URL_LENGTH)
  url!: string;
}

@InputType()
export class AddListLeadsInput {
  @Field(() => ID) @IsString() listId!: string;
}

@InputType({ description: 'Exactly one source: `leads` (JSON), `csv` (CSV text with an email column), `sheetUrl` or `listId`.' })
export class AddLeadsInput {
  @Field(() => [ManualLeadInput], { nullable: true }) @Nullable() @IsManualLeadList() leads?: ManualLeadInput[] | null;
  @Field(() => String, { nullable: true, description: 'CSV text; the first row names the columns, one of them email.' }) @Nullable() @IsString() csv?: string | null;
  @Field(() => String, { nullable: true }) @Nullable() @IsString() @MaxLength(MAX_URL_LENGTH) sheetUrl?: string | null;
  @Field(() => ID, { nullable: true }) @Nullable() @IsString() listId?: string | null;
}
