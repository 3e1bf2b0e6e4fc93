import { Entity, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, timestamp } from '../../storage/base.entity';
import { Inbox } from '../inboxes/inbox.entity';

/**
 * How far polling has read one folder of one inbox (decisions.md §6): every UID up to `lastUid` under
 * `uidValidity` is done. Moved in the same transaction as the items of the messages it passes, so a
 * crash resumes exactly where the last commit left off. Read by the poll job only (no workspace filter:
 * the job works across workspaces and reaches rows by inbox id).
 */
@Entity()
@Unique({ properties: ['inbox', 'folder'] })
export class InboxFolderCursor extends BaseEntity {
  @ManyToOne(() => Inbox, { ref: true, deleteRule: 'cascade' })
  inbox!: Ref<Inbox>;

  @Property({ type: 'text' })
  folder!: string;

  @Property({ type: 'text' })
  uidValidity!: string;

  @Property({ type: 'bigint' })
  lastUid: number & Opt = 0;

  /** Messages passed over because they could not be read as mail (malformed MIME, too large). */
  @Property({ type: 'integer' })
  unreadable: number & Opt = 0;

  /** Why the last of them was, with its UID, for whoever wonders where a message went. */
  @Property({ type: 'text', nullable: true })
  lastUnreadable: string | null = null;

  @Property(timestamp())
  updatedAt: Date & Opt = new Date();
}
