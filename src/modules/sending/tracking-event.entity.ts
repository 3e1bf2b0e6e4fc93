import { Entity, Filter, Index, ManyToOne, Property, Unique, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Lead } from '../leads/lead.entity';
import { Send } from './send.entity';

export type TrackingKind = 'open' | 'click';

/** The hits on one link of one email: its open pixel, or one of its click links (decisions.md §10: a hit
 *  costs the same whether it is the first or the millionth, so hits update this one row instead of adding
 *  rows). `createdAt` and `method` are the first hit's; `human` says whether a hit counted (a GET open;
 *  a click schedule/clicks.ts judged a person's when it came), `humanAt` when the first did. */
@Entity()
@Filter(workspaceFilter)
@Index({ properties: ['lead', 'kind'] })
@Index({ properties: ['campaign', 'kind', 'createdAt'] })
@Unique({ properties: ['send', 'kind', 'url'] })
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

  /** The HTTP method of the first hit (a HEAD is a scanner's). */
  @Property({ type: 'text' })
  method!: string;

  /** Click target (the signed URL); '' for an open (part of the unique key, so not null). */
  @Property({ type: 'text', default: '' })
  url: string = '';

  @Property({ type: 'boolean' })
  human!: boolean;

  /** The first hit that counted (the clicked time the timeline shows goes with it); null while none has. */
  @Property(nullableTimestamp())
  humanAt: Date | null = null;

  /** Clicks: the first hit that is still a person's after the hits that came later (a click on another
   *  link within LINK_BURST_MS makes both a scanner's, schedule/clicks.ts); what the `clicked` condition reads. */
  @Property(nullableTimestamp())
  personAt: Date | null = null;

  /** The latest hit, for the burst rule of schedule/clicks.ts. */
  @Property(timestamp())
  lastHitAt!: Date;

  @Property({ type: 'int', default: 1 })
  hits: number = 1;
}
