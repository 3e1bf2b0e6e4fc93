import { Entity, Filter, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';

export interface SavedLeadFilter {
  status?: string;
  interest?: string;
  verification?: string;
  provider?: string;
  list_id?: string;
  q?: string;
}

/** A saved set of campaign lead-list query fields. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'name'] })
export class LeadFilter extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'json' })
  filter!: SavedLeadFilter;
}
