import { Entity, Filter, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { Lead } from '../leads/lead.entity';
import { Send } from './send.entity';

/** hard: the address does not exist or is refused for good (5xx); soft: a temporary refusal reported
 *  back by a bounce message; block: the server refused the sender (policy, reputation). */
export type BounceCategory = 'hard' | 'soft' | 'block';

/** A bounce, from an SMTP 5xx at send time (`smtp`) or from a bounce message read over IMAP (`dsn`).
 *  Feeds GET /campaigns/:id/bounces, stats and the inbox's bounce rate. */
@Entity()
@Filter(workspaceFilter)
@Index({ properties: ['campaign', 'createdAt'] })
@Index({ properties: ['inbox', 'createdAt'] })
// The deliverability report's bounce reasons: a workspace's last 7 days.
@Index({ properties: ['workspace', 'createdAt'] })
export class Bounce extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Campaign, { ref: true, nullable: true, deleteRule: 'cascade' })
  campaign: Ref<Campaign> | null = null;

  @ManyToOne(() => Lead, { ref: true, nullable: true, deleteRule: 'set null' })
  lead: Ref<Lead> | null = null;

  @ManyToOne(() => Inbox, { ref: true, nullable: true })
  inbox: Ref<Inbox> | null = null;

  @ManyToOne(() => Send, { ref: true, nullable: true, deleteRule: 'set null' })
  send: Ref<Send> | null = null;

  /** Bounced address (lower-cased). */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  source!: 'smtp' | 'dsn';

  @Property({ type: 'integer', nullable: true })
  code: number | null = null;

  @Property({ type: 'text' })
  category!: BounceCategory;

  @Property({ type: 'text' })
  reason!: string;
}
