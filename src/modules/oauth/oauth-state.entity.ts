import { Entity, Filter, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import type { OAuthProviderName } from '../../runtime/config';
import { BaseEntity, nullableTimestamp, timestamp, workspaceFilter } from '../../storage/base.entity';
import { ApiKey } from '../accounts/api-key.entity';
import { User } from '../accounts/user.entity';
import { Workspace } from '../accounts/workspace.entity';

/** One connection under way (decisions.md §15): made by the start call, redeemed once by the callback
 *  within 10 minutes. Only the state's hash is kept. Bound to the caller: removing the member, or the
 *  API key that started it, removes it (cascade), and its callback then finds no state. */
@Entity({ tableName: 'oauth_state' })
@Filter(workspaceFilter)
@Index({ properties: ['workspace', 'expiresAt'] })
export class OAuthState extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** SHA-256 of the `state` parameter. */
  @Property({ type: 'string', unique: true })
  stateHash!: string;

  @Property({ type: 'string' })
  provider!: OAuthProviderName;

  /** The caller: the session's user, or the user who made the API key. */
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @ManyToOne(() => ApiKey, { ref: true, deleteRule: 'cascade', nullable: true })
  apiKey: Ref<ApiKey> | null = null;

  /** The inbox to reconnect; null to connect a new one. */
  @Property({ type: 'uuid', nullable: true })
  mailboxId: string | null = null;

  @Property({ type: 'text' })
  returnTo!: string;

  /** The PKCE code verifier (RFC 7636), encrypted. */
  @Property({ type: 'text' })
  codeVerifierEnc!: string;

  @Property({ type: 'string' })
  nonce!: string;

  @Property(timestamp())
  expiresAt!: Date;

  @Property(nullableTimestamp())
  usedAt: Date | null = null;
}
