import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class Deleted {
  @Field() deleted!: boolean;
}

@ObjectType()
export class StatusResult {
  @Field() status!: string;
}

@ObjectType()
export class ChangedCount {
  @Field(() => Int) changed!: number;
}
