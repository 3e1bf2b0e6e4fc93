import { Entity, Filter, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import type { ApiScope } from '../../contracts/api-scopes';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

/** An API key (Bearer). Only the SHA-256 of the key is stored; the key is shown once at creation. */
@Entity()
@Filter(workspaceFilter)
export class ApiKey extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** Who made it; requests with the key act for the workspace, with member rights. Removing the member
   *  removes their keys (decisions.md §10), here too: a key never outlives its maker. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  createdBy!: Ref<User>;

  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string', unique: true })
  keyHash!: string;

  /** What the key may do (decisions.md §12, src/contracts/api-scopes.ts); keys made before scopes existed have `all`. */
  @Property({ type: 'string[]', columnType: 'text[]', default: '{all}' })
  scopes: ApiScope[] = ['all'];

  @Property(nullableTimestamp())
  lastUsedAt: Date | null = null;
}
