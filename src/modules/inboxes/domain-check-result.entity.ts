import { Entity, Filter, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import type { DomainCheck } from './domain-health';

/** The latest domain health run for one sending domain of a workspace, kept so that read-only checks
 *  (GET /campaigns/:id/diagnose) can report it without running DNS look-ups of their own. Written by
 *  every GET /mailboxes/domain-health run, one row per domain, replaced each time. */
@Entity()
@Filter(workspaceFilter)
@Unique({ properties: ['workspace', 'domain'] })
export class DomainCheckResult extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** Lower-cased sending domain. */
  @Property({ type: 'text' })
  domain!: string;

  @Property({ type: 'json' })
  checks!: DomainCheck[];

  @Property(timestamp())
  checkedAt!: Date;
}
