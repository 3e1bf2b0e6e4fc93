import { Entity, Filter, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../db/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Lead } from '../leads/lead.entity';
import { Send } from './send.entity';

export type TrackingKind = 'open' | 'click';

/** Every hit on an open pixel or click redirect, scanners included; `human` says whether it counts
 *  (schedule/clicks.ts decides for clicks; the first open of an email counts). */
@Entity()
@Filter(workspaceFilter)
@Index({ properties: ['lead', 'kind'] })
@Index({ properties: ['campaign', 'kind', 'createdAt'] })
@Index({ properties: ['send'] })
export class TrackingEvent extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Send, { ref: true, deleteRule: 'cascade' })
  send!: Ref<Send>;

  @ManyToOne(() => Lead, { ref: true, deleteRule: 'cascade' })
  lead!: Ref<Lead>;

  @ManyToOne(() => Campaign, { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @Property({ type: 'text' })
  kind!: TrackingKind;

  /** The HTTP method (a HEAD is a scanner's). */
  @Property({ type: 'text' })
  method!: string;

  /** Click target (the signed URL), null for an open. */
  @Property({ type: 'text', nullable: true })
  url: string | null = null;

  @Property({ type: 'boolean' })
  human!: boolean;
}
