// GraphQL output types of lead lists (REST shapes the same objects as api.md shows; lead-lists.routes.ts).
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('LeadList')
export class LeadListView {
  @Field(() => ID) id!: string;
  @Field(() => ID) workspaceId!: string;
  @Field() name!: string;
  @Field() createdAt!: Date;
  @Field(() => Int, { description: 'Addresses in the list.' }) leads!: number;
}

@ObjectType()
export class LeadListImportCounts {
  @Field(() => Int, { description: 'Rows added to the list.' }) added!: number;
  @Field(() => Int, { description: 'Rows whose address is in the list already, or earlier in the file (case-insensitive).' }) duplicates!: number;
  @Field(() => Int, { description: 'Rows without a valid address.' }) invalid!: number;
}
