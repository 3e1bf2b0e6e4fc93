import { Entity, Filter, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox } from './inbox.entity';

/** Per inbox per day (workspace timezone) counters. Sending and reply polling add to them; they feed
 *  `sentToday`, caps and the inbox score. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['inbox', 'day'] })
export class InboxDayStat extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Inbox, { ref: true, deleteRule: 'cascade' })
  inbox!: Ref<Inbox>;

  @Property({ type: 'string', columnType: 'date' })
  day!: string;

  @Property({ type: 'integer' })
  sent: number & Opt = 0;

  /** Sends that did not go out (SMTP deferrals, connection and auth errors). */
  @Property({ type: 'integer' })
  failed: number & Opt = 0;

  @Property({ type: 'integer' })
  bounced: number & Opt = 0;

  @Property({ type: 'integer' })
  replied: number & Opt = 0;
}
