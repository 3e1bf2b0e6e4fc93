import { Entity, Filter, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { BaseEntity, timestamp, workspaceFilter } from '../../storage/base.entity';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

/** A login session (Bearer, 30 days). Only the SHA-256 of the token is stored. */
@Entity()
@Filter(workspaceFilter)
export class SessionToken extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'string', unique: true })
  tokenHash!: string;

  @Property(timestamp())
  expiresAt!: Date;
}
