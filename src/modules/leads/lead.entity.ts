import { Entity, Filter, Formula, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { LeadList } from './lead-list.entity';
import { leadProviderSql } from './lead-provider';
import { companyTextSql, hasCompanySql } from './company-sql';

export type LeadStatus = 'pending' | 'active' | 'paused' | 'completed' | 'replied' | 'unsubscribed' | 'bounced' | 'stopped';
export type StopReason = 'replied' | 'auto_replied' | 'company_replied' | 'unsubscribed' | 'bounced' | 'pipeline' | 'invalid' | 'subsequence' | 'blocklisted';
export type Verification = 'valid' | 'invalid' | 'risky' | 'unknown' | 'pending' | 'expired' | 'unchecked';
export type Provider = 'provider_a' | 'provider_b' | 'other' | 'none' | 'unknown';

/** One person in one campaign. Imports write leads set-wise in SQL (leads/import), so column names here
 *  are also used by raw SQL there: keep them in step. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['campaign', 'email'] })
@Index({ properties: ['campaign', 'createdAt', 'id'] })
@Index({ properties: ['workspace', 'email'] })
// The campaign lead list (GET /campaigns/:id/leads) pages in (created_at, id) order under every filter:
// an ordered range of one of these indexes cut by LIMIT. The partial indexes hold only leads with a
// value (null at import, so adding leads does not pay for them); the trigram index serves `q`
// (substring of the address). Totals come from lead_count (lead-count.entity.ts). See lead-query.ts.
@Index({
  name: 'lead_campaign_status_created',
  expression: 'create index "lead_campaign_status_created" on "lead" ("campaign_id", "status", "created_at", "id")',
})
@Index({
  name: 'lead_campaign_interest_page',
  expression: 'create index "lead_campaign_interest_page" on "lead" ("campaign_id", "interest", "created_at", "id") where "interest" is not null',
})
@Index({
  name: 'lead_campaign_verification_page',
  expression: 'create index "lead_campaign_verification_page" on "lead" ("campaign_id", "verification", "created_at", "id") where "verification" is not null',
})
@Index({
  name: 'lead_campaign_provider_page',
  expression: 'create index "lead_campaign_provider_page" on "lead" ("campaign_id", "provider", "created_at", "id") where "provider" is not null',
})
@Index({
  name: 'lead_campaign_list_page',
  expression: 'create index "lead_campaign_list_page" on "lead" ("campaign_id", "source_list_id", "created_at", "id") where "source_list_id" is not null',
})
// The dispatcher's follow-up queue: leads in sequence by when their next step is due, in the order it
// reads them (next_due_at, id), so a tick reads the few it can send and not every lead that is due.
@Index({
  name: 'lead_campaign_due',
  expression: `create index "lead_campaign_due" on "lead" ("campaign_id", "next_due_at", "id") where "status" = 'active'`,
})
// The dispatcher's leads whose next step needs no inbox while their own inbox waits (decisions.md §11:
// only an email waits for it): by the place they stand in the sequence, so a tick reads those standing
// before a task or a conditional step and never the backlog waiting for the inbox
// (sending/engine/due.queries.ts dueLeadRows); and the few in sequence that replied (a no_reply step is
// skipped for them). Both partial: leads in sequence only.
@Index({
  name: 'lead_campaign_step_due',
  expression: `create index "lead_campaign_step_due" on "lead" ("campaign_id", "current_step", "next_due_at", "id") where "status" = 'active'`,
})
@Index({
  name: 'lead_campaign_replied_due',
  expression: `create index "lead_campaign_replied_due" on "lead" ("campaign_id", "next_due_at", "id") where "status" = 'active' and "replied_at" is not null`,
})
// Address verification's work list (verification/address-check.job.ts): the few leads waiting on the
// verifier, by campaign and hold start, without reading every lead that has a verification.
@Index({
  name: 'lead_verification_pending',
  expression: `create index "lead_verification_pending" on "lead" ("campaign_id", "verification_started_at", "id") where "verification" = 'pending'`,
})
// The pipeline (modules/pipeline): the workspace's leads whose interest is a pipeline stage, by stage and
// most recent reply, carrying campaign and deal value so the stage totals are an index-only scan and a
// stage's page an ordered range cut by LIMIT. Partial: most leads never get such a label.
@Index({
  name: 'lead_workspace_pipeline',
  expression: `create index "lead_workspace_pipeline" on "lead" ("workspace_id", "interest", "replied_at" desc nulls last, "id") include ("campaign_id", "deal_value") where "interest" in ('interested', 'meeting_booked', 'meeting_completed', 'won', 'lost')`,
})
// A lead joins each subsequence at most once (decisions.md §11): the row a trigger inserts for the lead it
// came from is unique per subsequence, so two triggers firing at once make one join, not two.
@Index({
  name: 'lead_subsequence_once',
  expression: 'create unique index "lead_subsequence_once" on "lead" ("origin_lead_id", "campaign_id") where "origin_lead_id" is not null',
})
@Index({ name: 'lead_email_trgm', expression: 'create index "lead_email_trgm" on "lead" using gin ("email" gin_trgm_ops)' })
// The workspace search's company part (company-sql.ts companyMatchSql): leads with a company field only.
@Index({
  name: 'lead_company_trgm',
  expression: `create index "lead_company_trgm" on "lead" using gin (${companyTextSql('')} gin_trgm_ops) where ${hasCompanySql('')}`,
})
export class Lead extends BaseEntity {
  /** Always the campaign's workspace (every way in copies it from the campaign), kept here so workspace
   *  filters and look-ups need no join. No foreign key of its own: the campaign's holds it (a lead goes
   *  when its campaign goes, a campaign when its workspace goes), and checking a second key on every
   *  inserted row cost imports about 12% (lead-import benchmark: 5.1-5.5 s with it, 4.6-4.7 s without). */
  @ManyToOne(() => Workspace, { ref: true, createForeignKeyConstraint: false })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  /** Lower-cased address (normalizeEmail on every way in; q searches rely on it, lead-query.ts
   *  emailContains). A check constraint would hold it in the database, but cost the import about 10%. */
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

  /** A provider pinned on this lead; null (always, for leads the service adds) means its domain's. Read
   *  `effectiveProvider`, not this (lead-provider.ts). */
  @Property({ type: 'text', nullable: true })
  provider: Provider | null = null;

  /** api.md Lead `provider`: the pinned one, else its domain's from the workspace's look-ups
   *  (domain_provider), else null. Computed in every select of leads; filters may use it. Not loaded on
   *  an entity just created (undefined until read back). */
  @Formula((t) => leadProviderSql(t.alias), { type: 'text', nullable: true, lazy: false })
  effectiveProvider?: Provider | null;

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

  /** When step `currentStep` was sent, its task closed or it was skipped: the next wait counts from here. */
  @Property(nullableTimestamp())
  lastStepAt: Date | null = null;

  /** The inbox that sends its sequence (decisions.md §11 "One sender per lead"): set when its first email
   *  is queued, in the same statement, and changed only when that inbox leaves the campaign; null before
   *  its first email. A plain id, no foreign key (see the lead_sender migration). */
  @Property({ type: 'uuid', nullable: true })
  mailboxId: string | null = null;

  /** The variant (from 1) the lead got on its first email; later steps use the same number when it is
   *  enabled there, else an enabled one. */
  @Property({ type: 'integer', nullable: true })
  variant: number | null = null;

  /** When the verifier was asked: a `pending` hold lasts a day at most from here. */
  @Property(nullableTimestamp())
  verificationStartedAt: Date | null = null;

  /** The verifier's own word for the address (valid, invalid, disposable, catchall, unknown), kept beside
   *  `verification` so a catch-all domain's `risky` is told from a disposable address's (skipped_catch_all). */
  @Property({ type: 'text', nullable: true })
  verificationResult: string | null = null;

  /** The lead of the parent campaign this one came from, for a lead that joined a subsequence
   *  (subsequences/README.md): its thread continues that lead's. No foreign key, as for `workspace`: the
   *  import pays for every key checked on insert. */
  @Property({ type: 'uuid', nullable: true })
  originLeadId: string | null = null;

  /** The lead list it came from (filter `list_id`); null when added otherwise. */
  @ManyToOne(() => LeadList, { ref: true, nullable: true, deleteRule: 'set null' })
  sourceList: Ref<LeadList> | null = null;
}
