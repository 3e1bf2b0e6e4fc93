// GraphQL output of the ways of adding leads (REST answers the same object in snake_case).
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'What became of the rows given; the counts always add up to the number of rows.' })
export class ImportCounts {
  @Field(() => Int, { description: 'New leads (status pending, before step 1).' }) inserted!: number;
  @Field(() => Int, { description: 'Repeated in the rows given, or already a lead of the campaign.' }) duplicates!: number;
  @Field(() => Int, { description: 'The address or its domain is on the blocklist.' }) blocklisted!: number;
  @Field(() => Int, { description: 'Not an email address.' }) invalid!: number;
  @Field(() => Int, { description: 'A lead in another campaign of the workspace.' }) inAnotherCampaign!: number;
  @Field(() => Int, { description: 'Emailed by the workspace within its recent-contact days.' }) contactedRecently!: number;
}
