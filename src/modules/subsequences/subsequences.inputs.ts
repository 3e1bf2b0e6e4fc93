// Subsequence inputs for both doors (decisions.md §11). REST takes `{name, trigger}` with the trigger as
// the decisions write it (`{"interest": [...]}`, `{"reply_contains": [...]}`, `{"completed": true}`);
// GraphQL takes the same fields camelCase (`replyContains`). Both are validated by the same classes, so
// both refuse the same input with the same code.
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, Equals, IsArray, IsIn, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { AppError } from '../../contracts/errors';
import { Nullable, parseInput } from '../../contracts/validation/validate-input';
import { rule } from '../../contracts/validation/rules';
import { MAX_NAME_LENGTH } from '../campaigns/campaigns.inputs';
import { INTEREST_LABELS } from '../leads/leads.inputs';

export const MAX_TRIGGER_WORDS = 20;
export const MAX_TRIGGER_WORD_LENGTH = 100;
/** The keys of a trigger as REST takes them; exactly one is sent. */
export const TRIGGER_KEYS = ['interest', 'reply_contains', 'completed'] as const;

const IsNotBlank = rule('isNotBlank', (v) => typeof v === 'string' && v.trim().length > 0, '$property must not be blank');
const IsWordList = rule(
  'isWordList',
  (v) => Array.isArray(v) && v.every((w) => typeof w === 'string' && w.trim().length > 0 && Array.from(w.trim()).length <= MAX_TRIGGER_WORD_LENGTH),
  `$property must be a list of non-blank words or phrases of at most ${MAX_TRIGGER_WORD_LENGTH} characters`,
);
const setKeys = (t: SubsequenceTriggerInput) => (['interest', 'replyContains', 'completed'] as const).filter((k) => t[k] !== undefined && t[k] !== null);
const IsOneTrigger = rule(
  'isOneTrigger',
  (v) => v instanceof SubsequenceTriggerInput && setKeys(v).length === 1,
  '$property must have exactly one of interest, reply_contains or completed',
);

@InputType({ description: 'Exactly one of the three.' })
export class SubsequenceTriggerInput {
  @Field(() => [String], { nullable: true, description: `The lead's interest becomes one of these labels (${INTEREST_LABELS.join(', ')}).` })
  @Nullable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INTEREST_LABELS.length)
  @IsIn([...INTEREST_LABELS], { each: true, message: `each value of $property must be one of: ${INTEREST_LABELS.join(', ')}` })
  interest?: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: `A reply from the lead whose new text (quoted history left out) contains one of these, any case; up to ${MAX_TRIGGER_WORDS}, each at most ${MAX_TRIGGER_WORD_LENGTH} characters.`,
  })
  @Nullable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TRIGGER_WORDS)
  @IsWordList()
  replyContains?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: "true: the lead finished the parent's sequence without replying." })
  @Nullable()
  @Equals(true, { message: '$property must be true' })
  completed?: boolean | null;
}

@InputType()
export class CreateSubsequenceInput {
  @Field() @IsString() @IsNotBlank() @MaxLength(MAX_NAME_LENGTH) name!: string;
  @Field(() => SubsequenceTriggerInput) @ValidateNested() @Type(() => SubsequenceTriggerInput) @IsOneTrigger() trigger!: SubsequenceTriggerInput;
}

/** REST: `{name, trigger}`, the trigger's keys snake_case (reply_contains) like every request field. */
export async function parseCreateSubsequence(body: unknown): Promise<CreateSubsequenceInput> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('invalid_body', 'Send a JSON object as the request body.');
  const { trigger, ...rest } = body as Record<string, unknown>;
  if (trigger === null || typeof trigger !== 'object' || Array.isArray(trigger)) {
    throw new AppError('validation_failed', 'Invalid trigger: send an object with exactly one of interest, reply_contains or completed.', {
      fields: { trigger: ['must be an object with exactly one of interest, reply_contains or completed'] },
    });
  }
  let parsed: SubsequenceTriggerInput;
  try {
    parsed = await parseInput(SubsequenceTriggerInput, trigger);
  } catch (err) {
    throw err instanceof AppError ? prefixFields(err, 'trigger') : err;
  }
  // The name (and the one-of rule) by the same class GraphQL validates.
  return parseInput(CreateSubsequenceInput, { ...rest, trigger: parsed });
}

/** Names the nested fields of a validation error as `trigger.reply_contains`. */
function prefixFields(err: AppError, prefix: string): AppError {
  const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
  const renamed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v]));
  const first = Object.entries(renamed)[0];
  const message = first ? `Invalid ${first[0]}: ${first[1][0]}.` : err.message;
  return new AppError(err.code, message, { ...err.details, fields: renamed });
}
