// GraphQL output types of the lead area. REST returns the lead object camelCase (api.md Lead table plus
// sendZone); the other REST answers are the snake_case of these.
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { NEXT_CURSOR_DESCRIPTION } from '../../contracts/pagination/keyset';

@ObjectType('Lead')
export class LeadView {
  @Field(() => ID) id!: string;
  @Field(() => ID) workspaceId!: string;
  @Field(() => ID) campaignId!: string;
  @Field() email!: string;
  @Field(() => GraphQLJSONObject, { description: 'Lead fields (merge fields), name to text.' }) vars!: Record<string, string>;
  @Field(() => String, { nullable: true }) timezone!: string | null;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) stopReason!: string | null;
  @Field(() => String, { nullable: true }) interest!: string | null;
  @Field(() => Date, { nullable: true }) wonAt!: Date | null;
  @Field(() => Int, { nullable: true, description: "null: the campaign's deal value applies" }) dealValue!: number | null;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field(() => String, { nullable: true }) provider!: string | null;
  @Field(() => String, { nullable: true }) verification!: string | null;
  @Field(() => Date, { nullable: true }) verifiedAt!: Date | null;
  @Field(() => Int, { description: '0 before the first email' }) currentStep!: number;
  @Field(() => Date, { nullable: true }) nextDueAt!: Date | null;
  @Field(() => Date, { nullable: true }) awayUntil!: Date | null;
  @Field(() => ID, { nullable: true, description: 'The inbox that sends its sequence (decisions.md §11); null before its first email.' })
  mailboxId!: string | null;
  @Field() createdAt!: Date;
  @Field({ description: "The zone its sends follow: its own with the campaign's lead_timezone on, else the campaign's." })
  sendZone!: string;
}

/** A lead list answer: one page and the number of leads matching regardless of paging. */
@ObjectType()
export class LeadPage {
  @Field(() => Int) total!: number;
  @Field(() => [LeadView]) items!: LeadView[];
  @Field(() => String, { nullable: true, description: NEXT_CURSOR_DESCRIPTION }) nextCursor!: string | null;
}

@ObjectType()
export class LeadFields {
  @Field(() => [String], { description: 'In order of first appearance, up to 200.' }) fields!: string[];
}

@ObjectType()
export class LeadSearchHit {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field() status!: string;
  @Field(() => String, { nullable: true }) stopReason!: string | null;
  @Field(() => Int) currentStep!: number;
  @Field() createdAt!: Date;
  @Field(() => ID) campaignId!: string;
  @Field({ description: 'Campaign name' }) campaign!: string;
}

@ObjectType()
export class LeadTimelineEntry {
  @Field({ description: 'What happened: added, and the sending kinds as sending records them.' }) type!: string;
  @Field() at!: Date;
  @Field(() => Int, { nullable: true }) step!: number | null;
  @Field(() => String, { nullable: true }) stepLabel!: string | null;
  @Field(() => String, { nullable: true }) detail!: string | null;
  @Field(() => Int, { nullable: true }) variant!: number | null;
}

@ObjectType()
export class LeadActivity {
  @Field(() => LeadView) lead!: LeadView;
  @Field(() => [LeadTimelineEntry], { description: 'Oldest first.' }) timeline!: LeadTimelineEntry[];
}

@ObjectType('SavedLeadFilterFields')
export class SavedLeadFilterView {
  @Field(() => String, { nullable: true }) status?: string;
  @Field(() => String, { nullable: true }) interest?: string;
  @Field(() => String, { nullable: true }) verification?: string;
  @Field(() => String, { nullable: true }) provider?: string;
  @Field(() => ID, { nullable: true }) listId?: string;
  @Field(() => String, { nullable: true }) q?: string;
}

@ObjectType('LeadFilter')
export class LeadFilterView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => SavedLeadFilterView) filter!: SavedLeadFilterView;
  @Field() createdAt!: Date;
}
