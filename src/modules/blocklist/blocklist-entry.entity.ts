import { Entity, Filter, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../db/base.entity';
import { Workspace } from '../accounts/workspace.entity';

export type BlockReason = 'manual' | 'import' | 'unsubscribe' | 'hard_bounce';

/** An address (has an @) or a whole domain that is never contacted. Lower-cased. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'email'] })
export class BlocklistEntry extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  reason!: BlockReason;
}
