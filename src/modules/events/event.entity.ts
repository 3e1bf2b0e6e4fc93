import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import type { EventKind } from './record-event';

/**
 * Outbox of events to deliver as signed webhooks (decisions.md: a later piece of work). Written in the
 * transaction of the change it reports; `onceKey` makes an event that must fire once (a lead's
 * unsubscribe) impossible to record twice.
 */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'onceKey'] })
@Index({ name: 'event_undelivered', expression: `create index "event_undelivered" on "event" ("created_at") where "delivered_at" is null` })
export class Event extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  kind!: EventKind;

  @Property({ type: 'json' })
  payload: Record<string, unknown> & Opt = {};

  @Property({ type: 'text', nullable: true })
  onceKey: string | null = null;

  @Property(nullableTimestamp())
  deliveredAt: Date | null = null;
}
