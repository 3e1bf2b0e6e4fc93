// GraphQL output types of the blocklist (REST returns the same objects; see blocklist.routes.ts).
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NEXT_CURSOR_DESCRIPTION } from '../../contracts/pagination/keyset';

@ObjectType('BlocklistEntry')
export class BlocklistEntryView {
  @Field(() => ID) workspaceId!: string;
  @Field({ description: 'An address, or a whole domain (no @).' }) email!: string;
  @Field({ description: 'manual, import, unsubscribe or hard_bounce' }) reason!: string;
  @Field() createdAt!: Date;
}

@ObjectType()
export class BlocklistPage {
  @Field(() => Int, { description: 'Entries matching the query, regardless of limit and offset.' }) total!: number;
  @Field(() => [BlocklistEntryView]) items!: BlocklistEntryView[];
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
}

@ObjectType()
export class BlocklistAdded {
  @Field(() => Int, { description: 'Entries new to the blocklist.' }) added!: number;
}

@ObjectType()
export class BlocklistImportCounts {
  @Field(() => Int, { description: 'Entries new to the blocklist.' }) added!: number;
  @Field(() => Int, { description: 'Rows whose entry was on the blocklist already (or earlier in the file).' }) already!: number;
  @Field(() => Int, { description: 'Rows without an address or domain.' }) invalid!: number;
}
