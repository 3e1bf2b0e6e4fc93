import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../db/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { LeadList } from './lead-list.entity';

export type LeadStatus = 'pending' | 'active' | 'paused' | 'completed' | 'replied' | 'unsubscribed' | 'bounced' | 'stopped';
export type StopReason = 'replied' | 'auto_replied' | 'company_replied' | 'unsubscribed' | 'bounced' | 'pipeline' | 'invalid';
export type Verification = 'valid' | 'invalid' | 'risky' | 'unknown' | 'pending' | 'expired' | 'unchecked';
export type Provider = 'provider_a' | 'provider_b' | 'other' | 'none' | 'unknown';

/** One person in one campaign. Imports write leads set-wise in SQL (leads/import), so column names here
 *  are also used by raw SQL there: keep them in step. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['campaign', 'email'] })
@Index({ properties: ['campaign', 'createdAt', 'id'] })
@Index({ properties: ['campaign', 'status'] })
@Index({ properties: ['workspace', 'email'] })
export class Lead extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  /** Lower-cased address. */
  @Property({ type: 'text' })
  email!: string;

  /** Lead fields (merge fields), string to string, in the order they were first given. */
  @Property({ type: 'json' })
  vars: Record<string, string> & Opt = {};

  @Property({ type: 'text', nullable: true })
  timezone: string | null = null;

  @Property({ type: 'text' })
  status: LeadStatus & Opt = 'pending';

  @Property({ type: 'text', nullable: true })
  stopReason: StopReason | null = null;

  @Property({ type: 'text', nullable: true })
  interest: string | null = null;

  @Property(nullableTimestamp())
  wonAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  dealValue: number | null = null;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'text', nullable: true })
  provider: Provider | null = null;

  @Property({ type: 'text', nullable: true })
  verification: Verification | null = null;

  @Property(nullableTimestamp())
  verifiedAt: Date | null = null;

  @Property({ type: 'integer' })
  currentStep: number & Opt = 0;

  @Property(nullableTimestamp())
  nextDueAt: Date | null = null;

  @Property(nullableTimestamp())
  awayUntil: Date | null = null;

  @Property(nullableTimestamp())
  lastSentAt: Date | null = null;

  @Property(nullableTimestamp())
  repliedAt: Date | null = null;

  /** The lead list it came from (filter `list_id`); null when added otherwise. */
  @ManyToOne(() => LeadList, { ref: true, nullable: true, deleteRule: 'set null' })
  sourceList: Ref<LeadList> | null = null;
}
