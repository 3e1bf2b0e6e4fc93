import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('SavedReply')
export class SavedReplyView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) subject!: string | null;
  @Field() body!: string;
}

@ObjectType()
export class SavedReplyExample {
  @Field() name!: string;
  @Field() body!: string;
}

@ObjectType()
export class RenderedSavedReply {
  @Field(() => String, {
    nullable: true,
    description: "The subject with merge fields filled; for a reply with no saved subject, Re: and the reply's subject; null when there is neither.",
  })
  subject!: string | null;
  @Field({ description: 'The body with merge fields filled, without the inbox signature (added when it is sent).' }) body!: string;
}
