// GraphQL output types of the audit log (REST shapes the same objects in snake_case).
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('AuditActor', { description: 'Who made a change: a user (a session) or an API key, named as they were then.' })
export class AuditActorView {
  @Field({ description: '`user` or `key`.' }) kind!: string;
  @Field(() => ID, { description: "The user's or the API key's id." }) id!: string;
  @Field({ description: "The user's name (their email when they have none) or the key's name, at the time of the change." }) name!: string;
}

@ObjectType('AuditEntry', { description: 'One successful change in the workspace (decisions.md §12).' })
export class AuditEntryView {
  @Field(() => ID) id!: string;
  @Field() at!: Date;
  @Field(() => AuditActorView) actor!: AuditActorView;
  @Field({ description: 'REST: the operationId; GraphQL: the mutation; MCP: the tool.' }) operation!: string;
  @Field(() => String, { nullable: true, description: 'The object changed: the path id (or the id argument), else the id of the object created.' })
  targetId!: string | null;
  @Field(() => String, { nullable: true, description: 'The client address the change came from.' }) ip!: string | null;
}

@ObjectType({ description: 'A page of the audit log, newest first; nextCursor (null on the last page) continues it.' })
export class AuditLogPage {
  @Field(() => [AuditEntryView]) items!: AuditEntryView[];
  @Field(() => String, { nullable: true }) nextCursor!: string | null;
}
