import { Entity, Filter, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { BaseEntity, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';

/** One use of a rate-limited operation (for example a domain health run), for sliding-window limits. */
@Entity()
@Filter(workspaceFilter)
@Index({ properties: ['workspace', 'bucket', 'at'] })
export class RateLimitHit extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'string' })
  bucket!: string;

  @Property(timestamp())
  at!: Date;
}
