import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('CampaignActivityRow')
export class ActivityRowView {
  @Field({ description: 'sent or bounce (reply and auto_reply once replies are read)' }) type!: string;
  @Field() at!: Date;
  @Field() email!: string;
  @Field(() => Int, { nullable: true }) step!: number | null;
  @Field(() => Int, { nullable: true }) variant!: number | null;
  @Field(() => String, { nullable: true, description: 'The sending inbox address.' }) mailbox!: string | null;
  @Field(() => String, { nullable: true, description: 'A short line: the subject, or the bounce reason.' }) detail!: string | null;
}

@ObjectType('CampaignActivity')
export class ActivityPageView {
  @Field(() => [ActivityRowView]) rows!: ActivityRowView[];
  @Field() more!: boolean;
}

@ObjectType('CampaignBounce')
export class BounceRowView {
  @Field() at!: Date;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) mailbox!: string | null;
  @Field(() => Int, { nullable: true }) code!: number | null;
  @Field({ description: 'hard, soft or block' }) category!: string;
  @Field() reason!: string;
}

@ObjectType('CampaignBounces')
export class BouncePageView {
  @Field(() => [BounceRowView]) rows!: BounceRowView[];
  @Field() more!: boolean;
}
