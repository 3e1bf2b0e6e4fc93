// GraphQL output types of the columns area; REST sends the same objects in snake_case.
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('Block', { description: 'A column: a lead field filled for the campaign\'s leads (api.md "Column (block)").' })
export class BlockView {
  @Field(() => ID) id!: string;
  @Field({ description: 'The lead field it fills.' }) name!: string;
  @Field({ description: 'website or prompt' }) kind!: string;
  @Field(() => String, { nullable: true }) template!: string | null;
  @Field(() => Int) maxChars!: number;
  @Field({ description: 'A run is in progress.' }) running!: boolean;
  @Field(() => Int) runTotal!: number;
  @Field(() => Int) runLeft!: number;
  @Field(() => String, { nullable: true, description: 'Why the last run stopped early.' }) runNote!: string | null;
  @Field(() => Int) done!: number;
  @Field(() => Int) failed!: number;
  @Field(() => Int) flagged!: number;
  @Field(() => Int) edited!: number;
  @Field() createdAt!: Date;
}

@ObjectType('BlockCell', { description: "One lead's outcome in a column; the value itself is the lead's field." })
export class BlockCellView {
  @Field(() => ID) blockId!: string;
  @Field(() => ID) leadId!: string;
  @Field(() => String, { nullable: true, description: 'done, failed, flagged or edited; null while waiting in a first run' }) status!: string | null;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => String, { nullable: true, description: 'A flagged answer, kept for review and never used.' }) review!: string | null;
  @Field({ description: 'The lead waits in a run.' }) queued!: boolean;
}

@ObjectType('BlockPreviewRow')
export class BlockPreviewRowView {
  @Field(() => ID) leadId!: string;
  @Field() email!: string;
  @Field({ description: 'done, failed or flagged' }) status!: string;
  @Field(() => String, { nullable: true }) value!: string | null;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => String, { nullable: true }) review!: string | null;
  @Field(() => String, { nullable: true, description: 'What the column read: the page address, or the prompt as sent.' }) input!: string | null;
}

@ObjectType('BlockPreview')
export class BlockPreviewView {
  @Field(() => [BlockPreviewRowView]) rows!: BlockPreviewRowView[];
}

@ObjectType('BlockRun')
export class BlockRunView {
  @Field() running!: boolean;
  @Field(() => Int) runTotal!: number;
}
