import { Entity, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity';
// Type only: Campaign imports this entity for its `steps`; naming the target by string keeps the two
// files from importing each other at run time (MikroORM resolves 'Campaign' from the entities list).
import type { Campaign } from '../campaigns/campaign.entity';

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
  @ManyToOne('Campaign', { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

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
