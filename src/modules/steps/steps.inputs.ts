import { IsArray, IsBoolean, IsIn, IsInt, IsString, IsUUID, Length, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Field, ID, InputType, Int } from 'type-graphql';
import { AppError } from '../../contracts/errors';
import { Nullable, Optional, parseInput } from '../../contracts/validation/validate-input';
import type { StepCondition, TaskKind } from './step.entity';
import { MAX_BODY_CHARS, MAX_STEPS, MAX_SUBJECT_CHARS, MAX_TASK_TEXT_CHARS, MAX_WAIT_MINUTES, STEP_CONDITIONS, TASK_KINDS } from './step-rules';

@InputType()
export class VariantInput {
  @Field({ description: 'Empty on a follow-up: the email replies in the same thread.' })
  @IsString()
  @MaxLength(MAX_SUBJECT_CHARS)
  // A subject is one header line; a line break would let text escape into other headers.
  @Matches(/^[^\r\n]*$/, { message: '$property must be a single line' })
  subject!: string;

  @Field() @IsString() @MaxLength(MAX_BODY_CHARS) body!: string;

  @Field({ nullable: true, description: 'Left out: keeps the current setting of this variant, else true.' })
  @Optional()
  @IsBoolean()
  enabled?: boolean;
}

@InputType()
export class TaskInput {
  @Field(() => String, { description: 'linkedin_connect, linkedin_message, call or manual' }) @IsIn(TASK_KINDS) kind!: TaskKind;
  @Field({ description: 'What to do; takes merge fields.' }) @IsString() @MaxLength(MAX_TASK_TEXT_CHARS) text!: string;
}

@InputType()
export class StepInput {
  @Field(() => ID, { nullable: true, description: 'The existing step this is; required for existing steps once the campaign has started.' })
  @Nullable()
  @IsUUID()
  id?: string | null;

  @Field(() => Int) @IsInt() @Min(1) @Max(MAX_STEPS) position!: number;

  @Field(() => Int, { nullable: true, description: 'Minutes after the step before; 0 when left out.' })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(MAX_WAIT_MINUTES)
  waitMinutes?: number;

  @Field(() => [VariantInput], { nullable: true, description: 'Email variants; [] (or left out) for a task step.' })
  @Nullable()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => VariantInput)
  variants?: VariantInput[] | null;

  @Field(() => String, { nullable: true, description: 'no_reply (null behaves the same), interested, not_interested or clicked' })
  @Nullable()
  @IsIn(STEP_CONDITIONS)
  condition?: StepCondition | null;

  @Field(() => TaskInput, { nullable: true, description: 'Set for a manual task step.' })
  @Nullable()
  @ValidateNested()
  @Type(() => TaskInput)
  task?: TaskInput | null;
}

@InputType()
export class StepVariantInput {
  @Field() @IsBoolean() enabled!: boolean;
}

@InputType()
export class ApplySequenceTemplateInput {
  @Field(() => ID) @IsString() templateId!: string;
}

@InputType()
export class CreateSequenceTemplateInput {
  @Field() @IsString() @Length(1, 200) @Matches(/\S/, { message: '$property must not be blank' }) name!: string;
  @Field(() => ID) @IsString() campaignId!: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A nested JSON object as an instance of its input class, so class-validator checks it (and refuses
 *  unknown keys) like the GraphQL door does. Own properties are defined, never assigned: a JSON key
 *  `__proto__` must stay a plain (unknown) field rather than swap the prototype. */
function asInstance<T extends object>(cls: new () => T, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const instance = new cls();
  for (const [key, v] of Object.entries(value)) Object.defineProperty(instance, key, { value: v, enumerable: true, writable: true, configurable: true });
  return instance;
}

function withNestedInputs(raw: unknown): unknown {
  if (!isPlainObject(raw)) return raw;
  const step: Record<string, unknown> = { ...raw };
  if (Array.isArray(step.variants)) step.variants = step.variants.map((v) => asInstance(VariantInput, v));
  // A lone variant object instead of an array: still an instance, so the refusal names the field.
  else if ('variants' in step) step.variants = asInstance(VariantInput, step.variants);
  if ('task' in step) step.task = asInstance(TaskInput, step.task);
  return step;
}

/** Says which array element an input error is about: fields become `[i].wait_minutes`. */
function atIndex(err: unknown, index: number): unknown {
  if (!(err instanceof AppError) || err.status !== 400) return err;
  if (err.code === 'invalid_body') return new AppError('invalid_body', `Step at index ${index} is not a JSON object; send an array of step objects.`);
  const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
  return new AppError(err.code, `Step at index ${index}: ${err.message}`, {
    index,
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`[${index}].${k}`, v])),
  });
}

/** REST body of PUT /campaigns/:id/steps: a JSON array, each element checked as a StepInput. */
export async function parseStepInputs(body: unknown): Promise<StepInput[]> {
  if (!Array.isArray(body)) throw new AppError('invalid_body', 'Send a JSON array of steps as the request body ([] clears the sequence).');
  if (body.length > MAX_STEPS) throw new AppError('too_many_steps', `A sequence has at most ${MAX_STEPS} steps; ${body.length} were sent.`);
  const steps: StepInput[] = [];
  for (const [index, raw] of body.entries()) {
    try {
      steps.push(await parseInput(StepInput, withNestedInputs(raw)));
    } catch (err) {
      throw atIndex(err, index);
    }
  }
  return steps;
}
