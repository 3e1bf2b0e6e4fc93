import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('TaskCampaign')
export class TaskCampaignView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@ObjectType('TaskLead')
export class TaskLeadView {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true, description: 'From a lead field such as linkedin or linkedin_url.' }) linkedin!: string | null;
  @Field(() => String, { nullable: true, description: 'From a lead field such as phone or mobile.' }) phone!: string | null;
  @Field(() => GraphQLJSONObject) vars!: Record<string, string>;
}

@ObjectType('Task')
export class TaskView {
  @Field(() => ID) id!: string;
  @Field({ description: 'linkedin_connect, linkedin_message, call or manual' }) kind!: string;
  @Field({ description: 'The step text with the lead fields filled in.' }) text!: string;
  @Field(() => Int) stepPosition!: number;
  @Field() dueAt!: Date;
  @Field(() => TaskCampaignView) campaign!: TaskCampaignView;
  @Field(() => TaskLeadView) lead!: TaskLeadView;
}

@ObjectType('TaskClosed')
export class TaskClosedView {
  @Field({ description: 'done or skipped' }) status!: string;
}
