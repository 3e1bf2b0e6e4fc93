import { Entity, Filter, ManyToOne, Property, type Opt, type Ref } from '@mikro-orm/core';
import type { OAuthProviderName } from '../../runtime/config';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox } from '../inboxes/inbox.entity';

/** The OAuth 2.0 grant of an oauth2 inbox (decisions.md §15, README.md "Tokens"): its refresh token and
 *  the access token cached from it, both encrypted like inbox passwords, and the lease that lets one
 *  process at a time refresh it. */
@Entity({ tableName: 'inbox_oauth' })
@Filter(workspaceFilter)
export class InboxOAuth extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Inbox, { ref: true, deleteRule: 'cascade', unique: true })
  inbox!: Ref<Inbox>;

  @Property({ type: 'string' })
  provider!: OAuthProviderName;

  /** The account's `sub` (the provider's stable id for it). */
  @Property({ type: 'string' })
  subject!: string;

  /** Microsoft's tenant (`tid`): the issuer its ID tokens must name (decisions.md §15). Null for Google. */
  @Property({ type: 'string', nullable: true })
  tenant: string | null = null;

  /** AES-256-GCM with SECRET_KEY (crypto.ts), like inbox passwords. */
  @Property({ type: 'text', lazy: true })
  refreshTokenEnc!: string;

  /** The access token last obtained, encrypted; used until a minute before accessExpiresAt. */
  @Property({ type: 'text', lazy: true, nullable: true })
  accessTokenEnc: string | null = null;

  @Property(nullableTimestamp())
  accessExpiresAt: Date | null = null;

  /** Counts the tokens obtained: a caller whose token was refused asks for one newer than it had. */
  @Property({ type: 'integer' })
  tokenVersion: number & Opt = 0;

  /** Who holds the refresh lease (one claim's own id) and until when: one refresh at a time per inbox,
   *  across every process. */
  @Property({ type: 'string', nullable: true })
  refreshClaim: string | null = null;

  @Property(nullableTimestamp())
  refreshClaimUntil: Date | null = null;
}
