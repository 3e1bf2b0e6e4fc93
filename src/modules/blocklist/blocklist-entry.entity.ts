import { Entity, Filter, Index, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';

export type BlockReason = 'manual' | 'import' | 'unsubscribe' | 'hard_bounce';

/** An address (has an @) or a whole domain that is never contacted. Lower-cased. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'email'] })
// GET /blocklist's order, newest first (offset and cursor pages: blocklist.service.ts listBlocklist).
@Index({ name: 'blocklist_entry_page', expression: 'create index "blocklist_entry_page" on "blocklist_entry" ("workspace_id", "created_at" desc, "email")' })
export class BlocklistEntry extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  reason!: BlockReason;
}
