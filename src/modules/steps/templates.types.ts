import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('SequenceTemplate')
export class SequenceTemplateView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => Int, { description: 'How many steps the template holds.' }) steps!: number;
  @Field() createdAt!: Date;
}
