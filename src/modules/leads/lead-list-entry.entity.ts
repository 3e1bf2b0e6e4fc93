import { Entity, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity } from '../../storage/base.entity';
import { LeadList } from './lead-list.entity';

/** One address of a lead list (reached only through its list, which carries the workspace filter). */
@Entity()
@Unique({ properties: ['list', 'email'] })
// A list feeds a campaign page by page in (created_at, id) order, which is file order.
@Index({ properties: ['list', 'createdAt', 'id'] })
export class LeadListEntry extends BaseEntity {
  @ManyToOne(() => LeadList, { ref: true, deleteRule: 'cascade' })
  list!: Ref<LeadList>;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'json' })
  vars: Record<string, string> & Opt = {};
}
