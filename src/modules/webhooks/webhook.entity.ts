import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Event } from '../events/event.entity';

/** A receiver of signed webhooks (decisions.md §8). `events` empty means every kind. */
@Entity({ tableName: 'webhook_endpoint' })
@Filter(workspaceFilter)
export class WebhookEndpoint extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @Property({ type: 'text' })
  url!: string;

  /** The kinds it receives; empty: every kind. */
  @Property({ type: 'text[]' })
  events: string[] & Opt = [];

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  enabled: boolean & Opt = true;

  /** The signing secret (whsec_…), AES-256-GCM with SECRET_KEY (crypto.ts) like inbox passwords. Lazy,
   *  so only the code that signs loads it; never an output field. */
  @Property({ type: 'text', lazy: true })
  secretEnc!: string;

  /** Since when every attempt has failed (null after a success): 5 days of that disables it. */
  @Property(nullableTimestamp())
  failingSince: Date | null = null;

  /** When it was disabled by that rule (null when enabled, or disabled by hand). */
  @Property(nullableTimestamp())
  disabledAt: Date | null = null;

  /** The delivery job holding this endpoint (one worker per endpoint at a time; README.md): until then,
   *  while its holder lives. */
  @Property(nullableTimestamp())
  leaseUntil: Date | null = null;

  /** The process holding the lease (its owner name, src/storage/process-owner.ts); its death frees the lease. */
  @Property({ type: 'text', nullable: true })
  leaseHolder: string | null = null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint: created by the fan-out, attempted by the delivery job (README.md). */
@Entity({ tableName: 'webhook_delivery' })
@Filter(workspaceFilter)
@Unique({ properties: ['event', 'endpoint'] })
@Index({ name: 'webhook_delivery_log', properties: ['endpoint', 'createdAt'] })
@Index({
  name: 'webhook_delivery_due',
  expression: `create index "webhook_delivery_due" on "webhook_delivery" ("endpoint_id", "next_attempt_at") where "status" = 'pending'`,
})
export class WebhookDelivery extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Event, { ref: true, deleteRule: 'cascade' })
  event!: Ref<Event>;

  @ManyToOne(() => WebhookEndpoint, { ref: true, deleteRule: 'cascade' })
  endpoint!: Ref<WebhookEndpoint>;

  @Property({ type: 'text' })
  status: DeliveryStatus & Opt = 'pending';

  /** Attempts made (counted when one starts, so an attempt a crash cut short counts too). */
  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  /** When the next attempt may start; null once delivered or failed. */
  @Property(nullableTimestamp())
  nextAttemptAt: Date | null = null;

  /** An attempt is under way until then, while its holder lives (the claim; README.md "Crash"). */
  @Property(nullableTimestamp())
  leaseUntil: Date | null = null;

  /** The process that claimed it (a worker's or a request's, src/storage/process-owner.ts). */
  @Property({ type: 'text', nullable: true })
  leaseHolder: string | null = null;

  @Property({ type: 'integer', nullable: true })
  responseStatus: number | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property(nullableTimestamp())
  deliveredAt: Date | null = null;
}
