import { Entity, Filter, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';

/** A reply template shared by everyone in the workspace (api.md Saved reply): merge fields stay as
 *  written and are filled only when it is rendered for a reply or a lead. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'name'] })
export class SavedReply extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  name!: string;

  /** null: an answer in the thread keeps the thread's subject (`Re: …`). */
  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  @Property({ type: 'text' })
  body!: string;
}
