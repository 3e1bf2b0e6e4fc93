import { Entity, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../storage/base.entity';

export interface Variant {
  subject: string;
  body: string;
  enabled: boolean;
}

export type TaskKind = 'linkedin_connect' | 'linkedin_message' | 'call' | 'manual';

export interface StepTask {
  kind: TaskKind;
  text: string;
}

export type StepCondition = 'no_reply' | 'interested' | 'not_interested' | 'clicked';

/** One step of a campaign's sequence. Scoped through its campaign (steps are only reached via a
 *  campaign loaded under the workspace filter). Ids stay stable across PUTs so that, once sending has
 *  started, existing steps are matched by id (api.md Steps rule 7). */
@Entity()
export class Step extends BaseEntity {
  // Campaign imports this entity for its `steps` collection. This side names its target by string
  // (MikroORM resolves 'Campaign' from the entities list) and types it by its key alone, so the two entity
  // files do not import each other; nothing reads a campaign through a step.
  @ManyToOne('Campaign', { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<{ id: string }>;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'integer' })
  waitMinutes: number & Opt = 0;

  /** Email variants, numbered from 1 in paths and reports; `[]` for a task step. */
  @Property({ type: 'json' })
  variants: Variant[] & Opt = [];

  @Property({ type: 'json', nullable: true })
  task: StepTask | null = null;

  @Property({ type: 'string', nullable: true })
  condition: StepCondition | null = null;

  /** Last change of the step (a scheduled placement test takes the most recently edited one as content,
   *  decisions.md §16). */
  @Property({ type: 'datetime', columnType: 'timestamptz(3)', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
