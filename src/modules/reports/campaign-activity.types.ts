import { Field, Int, ObjectType } from 'type-graphql';
import { NEXT_CURSOR_DESCRIPTION } from '../../contracts/pagination/keyset';

@ObjectType('CampaignActivityRow')
export class ActivityRowView {
  @Field({ description: 'sent, bounce, reply or auto_reply' }) type!: string;
  @Field() at!: Date;
  @Field() email!: string;
  @Field(() => Int, { nullable: true }) step!: number | null;
  @Field(() => Int, { nullable: true }) variant!: number | null;
  @Field(() => String, { nullable: true, description: 'The inbox that sent the email (for a reply: the inbox that received it).' }) mailbox!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'A short line: the subject, the bounce reason, or what the reply said (an auto-reply adds the rule that decided its kind and the day the lead is back).',
  })
  detail!: string | null;
}

@ObjectType('CampaignActivity')
export class ActivityPageView {
  @Field(() => [ActivityRowView]) rows!: ActivityRowView[];
  @Field() more!: boolean;
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
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
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
}
