import { Entity, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity, nullableTimestamp } from '../../storage/base.entity';

/** decisions.md §16: how often a placement test runs by itself (06:00 in the workspace's zone). */
export type PlacementSchedule = 'off' | 'daily' | 'weekly';
export const PLACEMENT_SCHEDULES: readonly PlacementSchedule[] = ['off', 'daily', 'weekly'];

@Entity()
export class Workspace extends BaseEntity {
  @Property({ type: 'string' })
  name!: string;

  @Property({ type: 'string' })
  timezone: string & Opt = 'UTC';

  @Property({ type: 'integer' })
  recentContactDays: number & Opt = 30;

  /** NeverBounce key, AES-256-GCM encrypted with SECRET_KEY; never returned. */
  @Property({ type: 'text', nullable: true, lazy: true })
  verificationKeyEnc: string | null = null;

  /** decisions.md §16 (placement/README.md "Schedule"). */
  @Property({ type: 'string' })
  placementSchedule: PlacementSchedule & Opt = 'off';

  /** When the schedule (or the zone it runs in) last changed: no run is due for a slot before it. */
  @Property(nullableTimestamp())
  placementScheduleSetAt: Date | null = null;

  /** 1..100: an inbox whose placement test gives it a lower inbox rate pauses itself; null: never. */
  @Property({ type: 'integer', nullable: true })
  placementProtectBelow: number | null = null;
}
