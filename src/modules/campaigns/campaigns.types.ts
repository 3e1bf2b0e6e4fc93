// GraphQL output types of the campaign area. The same objects are returned camelCase by REST
// (api.md: campaign objects are camelCase); the list and single reads add their extras there.
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('SendWindow')
export class SendWindowView {
  @Field(() => [Int], { description: '0 is Sunday' }) days!: number[];
  @Field() start!: string;
  @Field() end!: string;
}

/** A subsequence's trigger (decisions.md §11): exactly one field is set. */
@ObjectType('SubsequenceTrigger')
export class SubsequenceTriggerView {
  @Field(() => [String], { nullable: true, description: "Interest labels: the lead's interest becomes one of them." }) interest?: string[];
  @Field(() => [String], { nullable: true, description: 'Words: a reply from the lead whose new text contains one (any case).' }) replyContains?: string[];
  @Field(() => Boolean, { nullable: true, description: "true: the lead finished the parent's sequence without replying." }) completed?: boolean;
}

/** The campaign object of api.md. `steps`, `mailboxIds`, `sendingMailboxIds` and `leadsPending` are GraphQL field
 *  resolvers (campaigns.resolver.ts), so any query or mutation returning a campaign can ask for them. */
@ObjectType('Campaign')
export class CampaignView {
  @Field(() => ID) id!: string;
  @Field(() => ID) workspaceId!: string;
  @Field() name!: string;
  @Field({ description: 'draft, active or paused' }) status!: string;
  @Field() timezone!: string;
  @Field(() => [Int], { description: '0 is Sunday' }) days!: number[];
  @Field() windowStart!: string;
  @Field() windowEnd!: string;
  @Field(() => [SendWindowView], { nullable: true }) windows!: SendWindowView[] | null;
  @Field() leadTimezone!: boolean;
  @Field(() => Int) dailyLimit!: number;
  @Field(() => Int, { nullable: true }) maxNewLeadsPerDay!: number | null;
  @Field() prioritizeNew!: boolean;
  @Field() skipRisky!: boolean;
  @Field(() => Int, { nullable: true }) dealValue!: number | null;
  @Field() stopOnReply!: boolean;
  @Field() stopOnAutoReply!: boolean;
  @Field() openTracking!: boolean;
  @Field() clickTracking!: boolean;
  @Field() unsubHeader!: boolean;
  @Field() textOnly!: boolean;
  @Field() companyReplyStop!: boolean;
  @Field() providerMatching!: boolean;
  @Field({ description: 'Pauses the campaign by itself when hard bounces reach 5% of its last 100 emails, once it has sent 40 (decisions.md §11).' })
  bounceProtect!: boolean;
  @Field(() => String, { nullable: true, description: 'bounce_protect while it is paused because it paused itself; null when paused by hand, or not paused.' })
  pausedReason!: string | null;
  @Field(() => String, { nullable: true }) abWinnerMetric!: string | null;
  @Field(() => Int) abOptimizeAfter!: number;
  @Field(() => String, { nullable: true }) cc!: string | null;
  @Field(() => String, { nullable: true }) bcc!: string | null;
  @Field(() => [String]) tags!: string[];
  @Field(() => [String], { description: 'Sender pool: the campaign also sends from every inbox carrying one of these tags.' }) mailboxTags!: string[];
  @Field(() => String, { nullable: true }) startDate!: string | null;
  @Field(() => String, { nullable: true }) endDate!: string | null;
  @Field() createdAt!: Date;
  @Field(() => ID, { nullable: true, description: 'Set on a subsequence: the campaign whose leads it takes (decisions.md §11).' }) parentCampaignId!: string | null;
  @Field(() => SubsequenceTriggerView, { nullable: true, description: "A subsequence's trigger; null on a top-level campaign." })
  trigger!: SubsequenceTriggerView | null;
}

@ObjectType('CampaignWarning')
export class CampaignWarningView {
  @Field() code!: string;
  @Field() text!: string;
}

@ObjectType()
export class ActivationResult {
  @Field() status!: string;
  @Field(() => [CampaignWarningView]) warnings!: CampaignWarningView[];
}

/** The campaign object's GraphQL-only fields (field resolvers): REST answers leave them out, and the
 *  routes that read them add their snake_case extras (api.md Campaigns). */
export const CAMPAIGN_RESOLVED_FIELDS = ['steps', 'mailboxIds', 'sendingMailboxIds', 'leadsPending'] as const;
