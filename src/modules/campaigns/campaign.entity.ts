import { Check, Collection, Entity, Filter, Index, ManyToMany, ManyToOne, OneToMany, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { Step } from '../steps/step.entity';

export type CampaignStatus = 'draft' | 'active' | 'paused';

/** What moves a lead of the parent into a subsequence (decisions.md §11), stored as the API takes it:
 *  exactly one of the three keys. */
export type SubsequenceTrigger = { interest: string[] } | { reply_contains: string[] } | { completed: true };

/** Why a campaign is paused when it paused itself (decisions.md §11); null when paused by hand. */
export type PausedReason = 'bounce_protect';

export interface SendWindow {
  /** 0 is Sunday. */
  days: number[];
  /** HH:MM in the campaign timezone; end is after start on the same day. */
  start: string;
  end: string;
}

@Entity()
@Filter(workspaceFilter)
// At most one One-off campaign per workspace (api.md Leads rule 3), even under concurrent requests.
@Index({ name: 'campaign_one_off_unique', expression: 'create unique index "campaign_one_off_unique" on "campaign" ("workspace_id") where "one_off"' })
// A subsequence (decisions.md §11) has a parent and a trigger; a top-level campaign has neither.
@Check({ name: 'campaign_subsequence_trigger', expression: '("parent_campaign_id" is null) = ("trigger" is null)' })
export class Campaign extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string' })
  status: CampaignStatus & Opt = 'draft';

  @Property({ type: 'string' })
  timezone!: string;

  @Property({ type: 'integer[]', columnType: 'int[]' })
  days: number[] & Opt = [1, 2, 3, 4, 5];

  @Property({ type: 'string' })
  windowStart: string & Opt = '09:00';

  @Property({ type: 'string' })
  windowEnd: string & Opt = '17:00';

  @Property({ type: 'json', nullable: true })
  windows: SendWindow[] | null = null;

  @Property({ type: 'boolean' })
  leadTimezone: boolean & Opt = false;

  @Property({ type: 'integer' })
  dailyLimit: number & Opt = 30;

  @Property({ type: 'integer', nullable: true })
  maxNewLeadsPerDay: number | null = null;

  @Property({ type: 'boolean' })
  prioritizeNew: boolean & Opt = false;

  @Property({ type: 'boolean' })
  skipRisky: boolean & Opt = true;

  @Property({ type: 'integer', nullable: true })
  dealValue: number | null = null;

  @Property({ type: 'boolean' })
  stopOnReply: boolean & Opt = true;

  @Property({ type: 'boolean' })
  stopOnAutoReply: boolean & Opt = false;

  @Property({ type: 'boolean' })
  openTracking: boolean & Opt = false;

  @Property({ type: 'boolean' })
  clickTracking: boolean & Opt = false;

  @Property({ type: 'boolean' })
  unsubHeader: boolean & Opt = true;

  @Property({ type: 'boolean' })
  textOnly: boolean & Opt = false;

  @Property({ type: 'boolean' })
  companyReplyStop: boolean & Opt = false;

  @Property({ type: 'boolean' })
  providerMatching: boolean & Opt = false;

  @Property({ type: 'string', nullable: true })
  abWinnerMetric: 'reply' | 'positive' | 'open' | 'click' | null = null;

  @Property({ type: 'integer' })
  abOptimizeAfter: number & Opt = 0;

  @Property({ type: 'string', nullable: true })
  cc: string | null = null;

  @Property({ type: 'string', nullable: true })
  bcc: string | null = null;

  @Property({ type: 'string[]', columnType: 'text[]' })
  tags: string[] & Opt = [];

  /** Sender pool (decisions.md §11): besides its own inboxes (campaign_inbox), the campaign sends from every
   *  inbox of the workspace carrying one of these tags, resolved at every tick (sender-pool.queries.ts). */
  @Property({ type: 'string[]', columnType: 'text[]', default: '{}' })
  mailboxTags: string[] & Opt = [];

  /** Its leads' field names in the order they first appeared (leads/field-order.ts); written by SQL. */
  @Property({ type: 'string[]', columnType: 'text[]', default: '{}' })
  fieldOrder: string[] & Opt = [];

  @Property({ type: 'string', columnType: 'date', nullable: true })
  startDate: string | null = null;

  @Property({ type: 'string', columnType: 'date', nullable: true })
  endDate: string | null = null;

  /** First email accepted by SMTP: from then on the campaign cannot be deleted and its steps are
   *  locked (api.md Steps rule 7). Set by the sending engine. */
  @Property(nullableTimestamp())
  firstSentAt: Date | null = null;

  /** First task closed on a sequence whose step 1 is a task: locks the steps like a first send. */
  @Property(nullableTimestamp())
  firstTaskClosedAt: Date | null = null;

  /** decisions.md §11 bounce protection: the campaign pauses itself when hard bounces reach 5% of its last
   *  100 emails, once it has sent 40 (sending/engine/bounce-protect.ts). */
  @Property({ type: 'boolean', default: true })
  bounceProtect: boolean & Opt = true;

  /** `bounce_protect` while it is paused because it paused itself; null when paused by hand, or running. */
  @Property({ type: 'text', nullable: true })
  pausedReason: PausedReason | null = null;

  /** Bounce protection counts only emails sent from this moment: set at each activation (a fresh count). */
  @Property(nullableTimestamp())
  bounceCountFrom: Date | null = null;

  /** The workspace's One-off campaign: holds leads created by POST /leads/one-off (api.md Leads rule 3). */
  @Property({ type: 'boolean' })
  oneOff: boolean & Opt = false;

  /** Set on a subsequence (decisions.md §11): the campaign whose leads it takes. Deleting the parent
   *  deletes its subsequences (campaigns.service.ts deleteCampaign refuses while one of them has sent). */
  @ManyToOne(() => Campaign, { ref: true, nullable: true, deleteRule: 'cascade', index: 'campaign_parent_campaign_id_index' })
  parentCampaign: Ref<Campaign> | null = null;

  /** A subsequence's trigger (null on a top-level campaign). */
  @Property({ type: 'json', nullable: true })
  trigger: SubsequenceTrigger | null = null;

  @ManyToMany(() => Inbox, undefined, { pivotTable: 'campaign_inbox', owner: true })
  inboxes = new Collection<Inbox>(this);

  @OneToMany(() => Step, (step) => step.campaign, { orderBy: { position: 'asc' } })
  steps = new Collection<Step>(this);

  /** Whether the sequence is locked: it has sent, or a task-first sequence has closed a task. */
  get hasStarted(): boolean & Opt {
    return this.firstSentAt !== null || this.firstTaskClosedAt !== null;
  }
}
