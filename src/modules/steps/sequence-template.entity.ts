import { Entity, Filter, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import type { StepCondition, StepTask, Variant } from './step.entity';

export interface TemplateStep {
  position: number;
  waitMinutes: number;
  variants: Variant[];
  task: StepTask | null;
  condition: StepCondition | null;
}

/** A saved copy of a campaign's steps, reusable across the workspace. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'name'] })
export class SequenceTemplate extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'json' })
  steps!: TemplateStep[];
}
