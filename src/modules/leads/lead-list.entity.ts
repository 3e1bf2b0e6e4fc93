import { Entity, Filter, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';

/** A reusable list of addresses with their fields; campaign rules run when it feeds a campaign. */
@Entity()
@Filter(workspaceFilter)
export class LeadList extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  name!: string;

  /** Its entries' field names in the order they first appeared (field-order.ts); written by SQL. */
  @Property({ type: 'string[]', columnType: 'text[]', default: '{}' })
  fieldOrder: string[] & Opt = [];
}
