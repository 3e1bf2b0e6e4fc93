import { Entity, Filter, Index, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { Lead } from '../leads/lead.entity';

/** `step`: an email of the lead's sequence. `one_off`: POST /leads/:id/send. */
export type SendKind = 'step' | 'one_off';

/**
 * queued → sending → sent | failed | bounced, or queued → dropped (cancelled, lead stopped, blocklisted
 * at send time). A deferral (SMTP 4xx, connection error) puts the row back to queued with a later
 * `scheduledFor`. A row found in `sending` after a crash is never sent again automatically: the sweeper
 * marks it `failed` with error `interrupted` (a duplicate email is worse than a missed one).
 */
export type SendStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'dropped';

/**
 * One email to one lead: exactly one row per (lead, step) and per one-off message, enforced by unique
 * indexes, so running the dispatcher twice, or two dispatchers at once, cannot make a second email.
 * The Message-ID is fixed when the row is created, before any SMTP call, so replies and bounces can be
 * matched even to an email whose outcome we never heard.
 */
@Entity()
@Filter(workspaceFilter)
@Index({
  name: 'send_lead_step_unique',
  expression: `create unique index "send_lead_step_unique" on "send" ("lead_id", "step_position") where "kind" = 'step'`,
})
@Index({
  name: 'send_lead_one_off_unique',
  expression: `create unique index "send_lead_one_off_unique" on "send" ("lead_id", "dedupe_key") where "kind" = 'one_off'`,
})
// The send queue: only open rows, so it stays small however much was sent.
@Index({
  name: 'send_queue',
  expression: `create index "send_queue" on "send" ("scheduled_for", "id") where "status" in ('queued', 'sending')`,
})
@Index({ name: 'send_message_id', expression: 'create index "send_message_id" on "send" ("message_id")' })
@Index({ properties: ['lead', 'createdAt'] })
@Index({ properties: ['campaign', 'sentAt'] })
@Index({ properties: ['inbox', 'sentAt'] })
// Untracked replies (decisions.md §11): "a subject this inbox sent in the last 90 days" is an index probe
// per subject (replies/ingest/untracked.queries.ts). Hashed, so no subject is too long for the index.
@Index({
  name: 'send_inbox_subject',
  expression: `create index "send_inbox_subject" on "send" ("inbox_id", md5(lower("subject")), "sent_at") where "status" in ('sent', 'bounced')`,
})
export class Send extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @ManyToOne(() => Lead, { ref: true, deleteRule: 'cascade' })
  lead!: Ref<Lead>;

  @ManyToOne(() => Inbox, { ref: true })
  inbox!: Ref<Inbox>;

  @Property({ type: 'text' })
  kind!: SendKind;

  /** The sequence step (from 1); null for a one-off. */
  @Property({ type: 'integer', nullable: true })
  stepPosition: number | null = null;

  /** Variant of the step (from 1); null for a one-off. */
  @Property({ type: 'integer', nullable: true })
  variant: number | null = null;

  /** The lead's first email of its sequence (counts under maxNewLeadsPerDay). */
  @Property({ type: 'boolean' })
  isFirst: boolean & Opt = false;

  /** One-off only: hash of (inbox, subject or replyTo, body), so the same message queued twice is one row. */
  @Property({ type: 'text', nullable: true })
  dedupeKey: string | null = null;

  @Property({ type: 'text' })
  status: SendStatus & Opt = 'queued';

  /** `<id@inbox-domain>`, fixed at creation. */
  @Property({ type: 'text' })
  messageId!: string;

  /** Subject as sent (rendered); for a one-off the subject given (null when answering a reply). */
  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  /** One-off only: the body given (a step's body comes from its variant). */
  @Property({ type: 'text', nullable: true })
  body: string | null = null;

  /** One-off answering a reply: that reply's id. */
  @Property({ type: 'uuid', nullable: true })
  replyToId: string | null = null;

  /** Threading: the Message-ID this email answers and the References chain. */
  @Property({ type: 'text', nullable: true })
  inReplyTo: string | null = null;

  @Property({ type: 'text', nullable: true })
  references: string | null = null;

  /** Earliest time it may go (a one-off's `scheduled_for`; after a deferral, the retry time). */
  @Property(timestamp())
  scheduledFor!: Date;

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  @Property(nullableTimestamp())
  claimedAt: Date | null = null;

  /** The process that claimed it (its owner name, storage/process-owner.ts): while that process lives its
   *  claim is its own; once it is dead a claim never handed to the wire goes back to the queue. */
  @Property({ type: 'text', nullable: true })
  claimedBy: string | null = null;

  /** When its claimant marked it as handed to the wire (with the next few of its lane, before the first
   *  of them went): from then on it may have gone out, so it is never sent again (sweep.ts). */
  @Property(nullableTimestamp())
  handedAt: Date | null = null;

  @Property(nullableTimestamp())
  sentAt: Date | null = null;

  /** Last SMTP reply code seen (null for a connection error). */
  @Property({ type: 'integer', nullable: true })
  smtpCode: number | null = null;

  /** Why it failed, bounced or was dropped (`Cancelled`, `interrupted`, the server's answer…). */
  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  /** First open (tracking pixel) and first human click. */
  @Property(nullableTimestamp())
  openedAt: Date | null = null;

  @Property(nullableTimestamp())
  clickedAt: Date | null = null;
}
