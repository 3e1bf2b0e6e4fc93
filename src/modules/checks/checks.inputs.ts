// POST /campaigns/:id/preview (api.md Checks 1st row): the steps to render, an optional lead and fields
// laid over the lead's. The same class checks the REST body and the GraphQL input.
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Matches, MaxLength, ValidateNested, registerDecorator } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import { AppError } from '../../contracts/errors';
import { charLength, VAR_VALUE_MAX } from '../leads/lead-vars';
import { MAX_BODY_CHARS, MAX_STEPS, MAX_SUBJECT_CHARS } from '../steps/step-rules';
import { Nullable, parseInput } from '../../contracts/validation/validate-input';

export const PREVIEW_VARS_MAX = 200;
const VAR_KEY_MAX = 200;

/** `vars`: a JSON object of text values (names as lead fields have them), as many as a lead may carry. */
function IsPreviewVars() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isPreviewVars',
      target: object.constructor,
      propertyName,
      options: { message: `$property must be an object of at most ${PREVIEW_VARS_MAX} fields, each a text of at most ${VAR_VALUE_MAX} characters` },
      validator: {
        validate: (v: unknown) =>
          v !== null &&
          typeof v === 'object' &&
          !Array.isArray(v) &&
          Object.keys(v).length <= PREVIEW_VARS_MAX &&
          Object.entries(v).every(([k, value]) => k.trim() !== '' && charLength(k) <= VAR_KEY_MAX && typeof value === 'string' && charLength(value) <= VAR_VALUE_MAX),
      },
    });
}

@InputType()
export class PreviewStepInput {
  @Field({ description: 'Empty on a follow-up: it answers in the thread of the first step rendered.' })
  @IsString()
  @MaxLength(MAX_SUBJECT_CHARS)
  @Matches(/^[^\r\n]*$/, { message: '$property must be a single line' })
  subject!: string;

  @Field() @IsString() @MaxLength(MAX_BODY_CHARS) body!: string;
}

@InputType()
export class PreviewInput {
  @Field(() => [PreviewStepInput], {
    nullable: true,
    description: "The emails to render, in sequence order; left out (or null): the campaign's own email steps, each with the variant the lead gets.",
  })
  @Nullable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_STEPS)
  @ValidateNested({ each: true })
  @Type(() => PreviewStepInput)
  steps?: PreviewStepInput[] | null;

  @Field(() => ID, { nullable: true, description: 'A lead of this campaign; left out: its first lead (oldest).' })
  @Nullable()
  @IsUUID('all', { message: '$property must be a lead id' })
  leadId?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: "Fields laid over the lead's (name to text); they win over the lead's own." })
  @Nullable()
  @IsPreviewVars()
  vars?: Record<string, string> | null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** REST body: the nested step objects become PreviewStepInput instances so class-validator checks them
 *  (and refuses unknown keys) as the GraphQL door does. Own properties are defined, never assigned. */
export async function parsePreviewInput(raw: unknown): Promise<PreviewInput> {
  if (!isPlainObject(raw)) throw new AppError('invalid_body', 'Send a JSON object as the request body.');
  const body: Record<string, unknown> = { ...raw };
  if (Array.isArray(body.steps)) {
    body.steps = body.steps.map((s) => {
      if (!isPlainObject(s)) return s;
      const instance = new PreviewStepInput();
      for (const [k, v] of Object.entries(s)) Object.defineProperty(instance, k, { value: v, enumerable: true, writable: true, configurable: true });
      return instance;
    });
  }
  return parseInput(PreviewInput, body);
}
