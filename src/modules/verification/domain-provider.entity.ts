import { Entity, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { timestamp } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import type { Provider } from '../leads/lead.entity';

/**
 * What a domain's MX said, shared by the workspace's campaigns (decisions.md §5 Provider from MX): the
 * provider look-up after imports and POST /campaigns/:id/verify read it before asking DNS, so a second
 * import on the same domains asks nothing. A row is fresh for PROVIDER_TTL_MS (provider-lookup.ts);
 * failed look-ups (`unknown`) are never stored, so the next look-up asks again. Read and written by
 * raw SQL only (verification.queries.ts), always with the workspace id; no workspace filter needed.
 */
@Entity()
export class DomainProvider {
  @ManyToOne(() => Workspace, { ref: true, primary: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** Lower-cased domain of an address, as split_part(lead.email, '@', 2) gives it. */
  @PrimaryKey({ type: 'text' })
  domain!: string;

  @Property({ type: 'text' })
  provider!: Provider;

  @Property(timestamp())
  checkedAt!: Date;
}
