import { Entity, Filter, Index, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { User } from '../accounts/user.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { Lead } from '../leads/lead.entity';
import { Send } from '../sending/send.entity';

export type ReplyKind = 'reply' | 'bounce' | 'auto_reply';

/** What a bounce item said about the failed recipient (DSN fields, or the best a non-standard bounce gave). */
export interface BounceDetail {
  permanent: boolean;
  status: string | null;
  recipient: string | null;
  diagnostic: string | null;
}

/**
 * One message read from an inbox that belongs to our mail (decisions.md §6): what the reply inbox lists.
 * One message is one item however often it is read: unique per inbox by Message-ID, or, for a message
 * without one, by folder + UIDVALIDITY + UID. The item and every effect of its message commit in one
 * transaction (README.md), so the unique key is also what makes a re-read after a crash harmless.
 */
@Entity()
@Filter(workspaceFilter)
@Index({
  name: 'reply_item_inbox_message',
  expression: 'create unique index "reply_item_inbox_message" on "reply_item" ("inbox_id", "message_id") where "message_id" is not null',
})
@Index({
  name: 'reply_item_inbox_uid',
  expression: 'create unique index "reply_item_inbox_uid" on "reply_item" ("inbox_id", "folder", "uid_validity", "uid") where "message_id" is null',
})
// The reply inbox pages newest first within a workspace.
@Index({ name: 'reply_item_workspace_received', expression: 'create index "reply_item_workspace_received" on "reply_item" ("workspace_id", "received_at" desc, "id" desc)' })
// A person's replies in a window, counted from the index alone: best time (reports/best-time.queries.ts)
// and the deliverability report's `answered` per inbox.
@Index({
  name: 'reply_item_workspace_replies',
  expression: `create index "reply_item_workspace_replies" on "reply_item" ("workspace_id", "received_at") include ("inbox_id", "one_off") where "kind" = 'reply'`,
})
@Index({ properties: ['lead', 'receivedAt'] })
@Index({ properties: ['campaign', 'receivedAt'] })
// GET /replies?untracked=true and the `untracked` count: the untracked items only, newest first.
@Index({
  name: 'reply_item_workspace_untracked',
  expression: 'create index "reply_item_workspace_untracked" on "reply_item" ("workspace_id", "received_at" desc, "id" desc) where "untracked"',
})
export class ReplyItem extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** The inbox that received it (and that an answer goes out from). */
  @ManyToOne(() => Inbox, { ref: true, deleteRule: 'cascade' })
  inbox!: Ref<Inbox>;

  @ManyToOne(() => Lead, { ref: true, nullable: true, deleteRule: 'set null' })
  lead: Ref<Lead> | null = null;

  @ManyToOne(() => Campaign, { ref: true, nullable: true, deleteRule: 'set null' })
  campaign: Ref<Campaign> | null = null;

  /** The send it answers (matched by Message-ID), when it named one. */
  @ManyToOne(() => Send, { ref: true, nullable: true, deleteRule: 'set null' })
  send: Ref<Send> | null = null;

  /** It answers a one-off email (or came from a lead of a one-off campaign): kept, never counted. */
  @Property({ type: 'boolean' })
  oneOff: boolean & Opt = false;

  @Property({ type: 'text' })
  kind!: ReplyKind;

  /** Which classifier rule decided the kind (replies/classify), shown in the lead's activity detail. */
  @Property({ type: 'text' })
  rule!: string;

  @Property({ type: 'text' })
  evidence!: string;

  /** How it was matched: message_id, bounce_headers or sender (decisions.md §6, in that order); an
   *  untracked reply: subject or domain (decisions.md §11), then link once POST /replies/:id/link tied it. */
  @Property({ type: 'text' })
  matchedBy!: string;

  /** decisions.md §11: a reply that matched no send or lead but answers this inbox's mail, with no lead
   *  until POST /replies/:id/link ties it to one (then false). */
  @Property({ type: 'boolean', default: false })
  untracked: boolean & Opt = false;

  /** Its Reply-To address (valid, at most 254 characters), where an answer goes; null: none, so its From. */
  @Property({ type: 'text', nullable: true })
  replyTo: string | null = null;

  @Property({ type: 'json', nullable: true })
  bounce: BounceDetail | null = null;

  /** Its own Message-ID (angle brackets off), null when it had none. */
  @Property({ type: 'text', nullable: true })
  messageId: string | null = null;

  /** Its References chain plus its own id: what an answer in its thread carries. */
  @Property({ type: 'json' })
  threadReferences: string[] & Opt = [];

  @Property({ type: 'text' })
  folder!: string;

  @Property({ type: 'text' })
  uidValidity!: string;

  @Property({ type: 'bigint' })
  uid!: number;

  @Property({ type: 'text' })
  fromEmail!: string;

  @Property({ type: 'text', nullable: true })
  fromName: string | null = null;

  @Property({ type: 'text' })
  subject: string & Opt = '';

  @Property({ type: 'text' })
  snippet: string & Opt = '';

  @Property({ type: 'text', lazy: true })
  bodyText: string & Opt = '';

  @Property(timestamp())
  receivedAt!: Date;

  /** Interest label, `lead` until labelled (decisions.md §6). */
  @Property({ type: 'text' })
  status: string & Opt = 'lead';

  @Property({ type: 'boolean' })
  isRead: boolean & Opt = false;

  /** When it was answered with POST /replies/:id/reply (api.md `replied_at`). */
  @Property(nullableTimestamp())
  repliedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  assistedInterest: string | null = null;

  @Property({ type: 'double', nullable: true })
  assistedConfidence: number | null = null;

  @Property(nullableTimestamp())
  leadAwayUntil: Date | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  assignedUser: Ref<User> | null = null;

  @Property(nullableTimestamp())
  snoozedUntil: Date | null = null;
}
