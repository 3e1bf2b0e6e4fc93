// The placement area's tables (decisions.md §16, README.md here): a test, and one copy per sender and
// seed. A copy is the one email of that pair: its Message-ID is fixed when the test starts (the copy's id
// on the sender's domain) and stored before any SMTP call, and its status is the lock that keeps it from
// ever going twice (README.md "Sending").
import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox } from '../inboxes/inbox.entity';

export type PlacementTestStatus = 'running' | 'done';
/** queued → sending (claimed) → sent | failed. */
export type CopyStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** Where a copy landed (decisions.md §16); null while it is still looked for. */
export type Placement = 'inbox' | 'category' | 'spam' | 'other' | 'missing' | 'failed';
export const PLACEMENTS: readonly Placement[] = ['inbox', 'category', 'spam', 'other', 'missing', 'failed'];

/** SPF, DKIM and DMARC of a copy's topmost Authentication-Results; a method it does not name is null. */
export interface AuthResults {
  spf: string | null;
  dkim: string | null;
  dmarc: string | null;
}

@Entity()
@Filter(workspaceFilter)
// One running test per workspace (409 placement_test_running), even under concurrent requests.
@Index({ name: 'placement_test_one_running', expression: `create unique index "placement_test_one_running" on "placement_test" ("workspace_id") where "status" = 'running'` })
// The list (newest first, keyset pages) and the 10-a-day count.
@Index({ name: 'placement_test_workspace_order', expression: 'create index "placement_test_workspace_order" on "placement_test" ("workspace_id", "created_at" desc, "id" desc)' })
// A scheduled slot runs once, whichever process gets there.
@Unique({ name: 'placement_test_slot', properties: ['workspace', 'scheduledFor'] })
export class PlacementTest extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'string' })
  status: PlacementTestStatus & Opt = 'running';

  @Property({ type: 'integer' })
  waitMinutes!: number;

  /** created_at + wait_minutes: copies not found by then are `missing`. */
  @Property(timestamp())
  deadlineAt!: Date;

  @Property(nullableTimestamp())
  finishedAt: Date | null = null;

  /** The campaign step variant the content came from (kept as given: the campaign may go later). */
  @Property({ type: 'uuid', nullable: true })
  campaignId: string | null = null;

  @Property({ type: 'integer', nullable: true })
  step: number | null = null;

  @Property({ type: 'integer', nullable: true })
  variant: number | null = null;

  /** The templates each copy is rendered from (as for a lead with no fields), frozen at the start. */
  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  /** text/plain only (the content campaign's setting); otherwise HTML beside it, as campaigns send. */
  @Property({ type: 'boolean' })
  textOnly: boolean & Opt = false;

  /** The 06:00 slot a scheduled test ran for; null for a test started by a request. */
  @Property(nullableTimestamp())
  scheduledFor: Date | null = null;

  /** The process running the test (its owner name) and until when, while it lives (README.md "After a crash"). */
  @Property({ type: 'text', nullable: true })
  leaseHolder: string | null = null;

  @Property(nullableTimestamp())
  leaseUntil: Date | null = null;
}

@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['test', 'sender', 'seed'] })
// The score's input (an inbox's copies of the last 30 days).
@Index({ properties: ['sender', 'createdAt'] })
export class PlacementCopy extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => PlacementTest, { ref: true, deleteRule: 'cascade' })
  test!: Ref<PlacementTest>;

  @ManyToOne(() => Inbox, { ref: true, deleteRule: 'cascade' })
  sender!: Ref<Inbox>;

  @ManyToOne(() => Inbox, { ref: true, deleteRule: 'cascade' })
  seed!: Ref<Inbox>;

  /** The addresses and the seed's provider as they were at the start. */
  @Property({ type: 'text' })
  senderEmail!: string;

  @Property({ type: 'text' })
  seedEmail!: string;

  @Property({ type: 'text' })
  seedProvider!: string;

  /** `<copy id@sender's domain>`: the only marker, searched for in the seed. */
  @Property({ type: 'text' })
  messageId!: string;

  @Property({ type: 'string' })
  status: CopyStatus & Opt = 'queued';

  /** The process that claimed it (status `sending`), and when it handed it to SMTP: a copy handed to
   *  the wire is never sent again, whatever happens next. */
  @Property({ type: 'text', nullable: true })
  claimedBy: string | null = null;

  @Property(nullableTimestamp())
  handedAt: Date | null = null;

  @Property(nullableTimestamp())
  sentAt: Date | null = null;

  @Property({ type: 'string', nullable: true })
  placement: Placement | null = null;

  /** Where it was found: INBOX, a Gmail tab (Promotions, …), the spam folder or another folder. */
  @Property({ type: 'text', nullable: true })
  folder: string | null = null;

  @Property({ type: 'json', nullable: true })
  auth: AuthResults | null = null;

  @Property(nullableTimestamp())
  seenAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  delaySeconds: number | null = null;

  /** The SMTP answer of a failed copy; why a seed could not be read; what a crash left unknown. */
  @Property({ type: 'text', nullable: true })
  detail: string | null = null;
}

/** What a test sends: a campaign step's variant (which one) or a given subject and body, as stored with the test. */
export interface TestContent {
  campaignId: string | null;
  step: number | null;
  variant: number | null;
  /** Templates, rendered for each copy. */
  subject: string;
  body: string;
  textOnly: boolean;
}
