import { Entity, Filter, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from './workspace.entity';

export type UserRole = 'owner' | 'member';

@Entity()
@Filter(workspaceFilter)
export class User extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** Lower-cased; one account per address across the service (login is by address). */
  @Property({ type: 'string', unique: true })
  email!: string;

  @Property({ type: 'string' })
  name: string & Opt = '';

  @Property({ type: 'string' })
  role: UserRole & Opt = 'member';

  /** scrypt: `scrypt$<salt b64>$<hash b64>` */
  @Property({ type: 'string', lazy: true })
  passwordHash!: string;
}
