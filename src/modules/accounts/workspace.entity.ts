import { Entity, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity';

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
}
