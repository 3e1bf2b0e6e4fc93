import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Lead } from '../leads/lead.entity';
import type { TaskKind } from '../steps/step.entity';

export type TaskStatus = 'open' | 'done' | 'skipped';

/** A manual step for one lead (api.md Tasks). Created by the dispatcher when a task step comes due; the
 *  lead's sequence waits until it is closed. One per (lead, step), like a send. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['lead', 'stepPosition'] })
@Index({ name: 'task_open_due', expression: `create index "task_open_due" on "task" ("workspace_id", "due_at") where "status" = 'open'` })
export class Task extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @ManyToOne(() => Lead, { ref: true, deleteRule: 'cascade' })
  lead!: Ref<Lead>;

  @Property({ type: 'integer' })
  stepPosition!: number;

  @Property({ type: 'text' })
  kind!: TaskKind;

  /** The step's text with the lead's merge fields filled. */
  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'text' })
  status: TaskStatus & Opt = 'open';

  /** When the step came due. */
  @Property(timestamp())
  dueAt!: Date;

  @Property(nullableTimestamp())
  closedAt: Date | null = null;
}
