// Inputs of the pipeline use cases, for both doors (api.md Pipeline; REST names are the snake_case).
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { CursorField } from '../../contracts/pagination/keyset';
import { Nullable } from '../../contracts/validation/validate-input';

/** api.md Pipeline stages, in the order they are shown. */
export const PIPELINE_STAGES = ['interested', 'meeting_booked', 'meeting_completed', 'won', 'lost'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
/** Where PATCH /analytics/pipeline/:leadId may move a lead: nothing moves into `interested` there. */
export const PIPELINE_TARGETS: readonly PipelineStage[] = ['meeting_booked', 'meeting_completed', 'won', 'lost'];

export const DEFAULT_PIPELINE_PAGE = 50;
export const MAX_PIPELINE_PAGE = 500;
const MAX_INT = 2_147_483_647;

/** GET /analytics/pipeline: counts and values always cover every lead; `leads` is a page per stage. */
@InputType()
export class PipelineQueryInput {
  @Field(() => String, { nullable: true, description: `Only this stage's leads are listed (the other stages keep their counts and values): ${PIPELINE_STAGES.join(', ')}.` })
  @Nullable()
  @IsIn([...PIPELINE_STAGES], { message: `$property must be one of: ${PIPELINE_STAGES.join(', ')}` })
  stage?: string | null;
  @Field(() => Int, { nullable: true, description: `Leads listed per stage, ${DEFAULT_PIPELINE_PAGE} by default, 0 to ${MAX_PIPELINE_PAGE}.` })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(MAX_PIPELINE_PAGE)
  limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Leads skipped in each stage listed (most recent reply first); not together with cursor.' })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(MAX_INT)
  offset?: number | null;
  @CursorField() cursor?: string | null;
}

/** PATCH /analytics/pipeline/:leadId. Any text is taken here; the service refuses every stage but the
 *  four targets with pipeline_stage_not_allowed, so `interested` and a made-up value get the same code. */
@InputType()
export class MovePipelineLeadInput {
  @Field({ description: `One of ${PIPELINE_TARGETS.join(', ')}.` }) @IsString() @MaxLength(100) stage!: string;
}
