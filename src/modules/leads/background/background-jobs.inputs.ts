// Inputs of background jobs, for both doors.
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { MAX_CURSOR_LENGTH } from '../../../contracts/pagination/cursor';
import { Nullable } from '../../../contracts/validation/validate-input';
import { DEFAULT_JOB_LIMIT, MAX_JOB_LIMIT } from './background-jobs.service';

@InputType()
export class JobListInput {
  @Field(() => Int, { nullable: true, description: `Page size, ${DEFAULT_JOB_LIMIT} by default, at most ${MAX_JOB_LIMIT}.` })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_JOB_LIMIT)
  limit?: number | null;
  @Field(() => String, { nullable: true, description: 'The nextCursor of the page before (REST: the Link rel="next").' })
  @Nullable()
  @IsString()
  @MaxLength(MAX_CURSOR_LENGTH)
  cursor?: string | null;
}
