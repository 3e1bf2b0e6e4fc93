// The step object of api.md (camelCase in REST and GraphQL alike).
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { Step } from './step.entity';

@ObjectType('Variant')
export class VariantView {
  @Field() subject!: string;
  @Field() body!: string;
  @Field() enabled!: boolean;
}

@ObjectType('StepTask')
export class StepTaskView {
  @Field({ description: 'linkedin_connect, linkedin_message, call or manual' }) kind!: string;
  @Field() text!: string;
}

@ObjectType('Step')
export class StepView {
  @Field(() => ID) id!: string;
  @Field(() => ID) campaignId!: string;
  @Field(() => Int) position!: number;
  @Field(() => Int) waitMinutes!: number;
  @Field(() => [VariantView]) variants!: VariantView[];
  @Field(() => StepTaskView, { nullable: true }) task!: StepTaskView | null;
  @Field(() => String, { nullable: true, description: 'null behaves as no_reply' }) condition!: string | null;
}

export function stepView(step: Step): StepView {
  return {
    id: step.id,
    campaignId: step.campaign.id,
    position: step.position,
    waitMinutes: step.waitMinutes,
    variants: step.variants.map((v) => ({ subject: v.subject, body: v.body, enabled: v.enabled })),
    task: step.task ? { kind: step.task.kind, text: step.task.text } : null,
    condition: step.condition,
  };
}

/** Answer of a sequence write (PUT steps, apply template): how many steps the campaign now has. */
@ObjectType()
export class StepCount {
  @Field(() => Int) steps!: number;
}

/** Answer of a variant on/off switch: step position and variant number (both from 1). */
@ObjectType()
export class StepVariantState {
  @Field(() => Int) step!: number;
  @Field(() => Int) variant!: number;
  @Field() enabled!: boolean;
}
