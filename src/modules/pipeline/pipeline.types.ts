import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { NEXT_CURSOR_DESCRIPTION } from '../../contracts/pagination/keyset';

@ObjectType()
export class PipelineLeadView {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => ID) campaignId!: string;
  @Field({ description: "The campaign's name." }) campaign!: string;
  @Field(() => Int, { description: "The lead's deal value, else its campaign's, else 0." }) value!: number;
}

@ObjectType()
export class PipelineStageView {
  @Field() stage!: string;
  @Field(() => Int, { description: 'Leads at this stage.' }) count!: number;
  @Field(() => Float, { description: 'The sum of their values.' }) value!: number;
  @Field(() => [PipelineLeadView], { description: 'A page of them, most recent reply first (limit, offset).' }) leads!: PipelineLeadView[];
}

@ObjectType()
export class PipelineView {
  @Field(() => [PipelineStageView], { description: 'interested, meeting_booked, meeting_completed, won, lost, in that order.' }) stages!: PipelineStageView[];
  @Field(() => Float, { description: 'The value of the won stage.' }) wonValue!: number;
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
}

@ObjectType()
export class PipelineMoveView {
  @Field(() => ID) id!: string;
  @Field() stage!: string;
}
