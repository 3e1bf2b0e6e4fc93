import { Entity, Filter, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import type { OAuthProviderName } from '../../runtime/config';
import { BaseEntity, nullableTimestamp, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';

/** decisions.md §15: reconnect_needed, the provider ended its access (it neither sends nor is polled). */
export type InboxStatus = 'active' | 'paused' | 'bounce_stopped' | 'reconnect_needed';

/** decisions.md §15: how the inbox logs in to its servers: its password, or XOAUTH2 with its provider's tokens. */
export type InboxAuthType = 'password' | 'oauth2';
/** decisions.md §16: a `seed` is a mailbox the workspace owns for placement tests; it never sends. */
export type InboxPurpose = 'sending' | 'seed';
export const INBOX_PURPOSES: readonly InboxPurpose[] = ['sending', 'seed'];
/** Why an inbox paused itself (decisions.md §16 placement protection); null when paused by hand. */
export type InboxPausedReason = 'placement';

export const NOT_DELETED_FILTER = 'notDeleted';

/** A connected SMTP/IMAP mailbox. Deleting it only hides it (deletedAt): what it sent and the replies it
 *  received stay, and connecting the same address again brings it back (api.md Inboxes rule 5). */
@Entity()
@Filter(workspaceFilter)
@Filter({ name: NOT_DELETED_FILTER, cond: { deletedAt: null }, default: true })
@Unique({ properties: ['workspace', 'email'] })
@Index({ name: 'inbox_dmarc_reports', expression: 'create unique index "inbox_dmarc_reports" on "inbox" ("workspace_id") where "dmarc_reports"' })
export class Inbox extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  /** Lower-cased sending address. */
  @Property({ type: 'string' })
  email!: string;

  @Property({ type: 'string' })
  fromName!: string;

  @Property({ type: 'string' })
  smtpHost!: string;

  @Property({ type: 'integer' })
  smtpPort!: number;

  @Property({ type: 'boolean' })
  smtpSecure!: boolean;

  @Property({ type: 'string' })
  imapHost!: string;

  @Property({ type: 'integer' })
  imapPort!: number;

  @Property({ type: 'string' })
  username!: string;

  /** AES-256-GCM with SECRET_KEY (crypto.ts). Lazy, so it is only loaded by code that asks for it. An
   *  OAuth inbox has none (decisions.md §15). */
  @Property({ type: 'text', lazy: true, nullable: true })
  passwordEnc!: string | null;

  @Property({ type: 'string' })
  authType: InboxAuthType & Opt = 'password';

  /** The provider of an oauth2 inbox (its tokens: modules/oauth), else null. */
  @Property({ type: 'string', nullable: true })
  oauthProvider: OAuthProviderName | null = null;

  @Property({ type: 'integer' })
  dailyCap!: number;

  @Property({ type: 'integer' })
  rampStart: number & Opt = 10;

  @Property({ type: 'integer' })
  rampIncrement: number & Opt = 5;

  /** Plain date (YYYY-MM-DD, workspace timezone) the ramp counts whole days from. */
  @Property({ type: 'string', columnType: 'date' })
  rampStartedAt!: string;

  @Property({ type: 'integer' })
  minGapMinutes: number & Opt = 9;

  @Property({ type: 'integer' })
  gapJitterMinutes: number & Opt = 5;

  @Property({ type: 'text', nullable: true })
  signature: string | null = null;

  @Property({ type: 'string[]', columnType: 'text[]' })
  tags: string[] & Opt = [];

  @Property({ type: 'integer', nullable: true })
  domainDailyCap: number | null = null;

  @Property({ type: 'string' })
  status: InboxStatus & Opt = 'active';

  /** While reconnect_needed (decisions.md §15): the status it had when its provider ended the access, so
   *  the reconnect goes back to it. A pause (api.md: lifted only by resume) or a bounce stop (only by a
   *  passed connection test) stays through a disconnection; null otherwise. */
  @Property({ type: 'string', nullable: true })
  statusBeforeDisconnect: Exclude<InboxStatus, 'reconnect_needed'> | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property(nullableTimestamp())
  backoffUntil: Date | null = null;

  @Property(nullableTimestamp())
  deletedAt: Date | null = null;

  /** Who hosts the inbox's own mail (from its domain's MX; lead provider values); null until looked up. */
  @Property({ type: 'text', nullable: true })
  provider: string | null = null;

  @Property(nullableTimestamp())
  lastSentAt: Date | null = null;

  /** End of the gap after the last send (minGapMinutes + random jitter, drawn at that send). */
  @Property(nullableTimestamp())
  nextFreeAt: Date | null = null;

  /** Only sends after this count toward the bounce-rate stop: set when a passed connection test brings
   *  a bounce_stopped inbox back, so old bounces do not stop it again at once. */
  @Property(nullableTimestamp())
  bounceCountFrom: Date | null = null;

  /** The workspace's DMARC report address (PATCH /reports/dmarc): its mail is read as aggregate
   *  reports, never as replies. At most one per workspace (partial unique index). */
  @Property({ type: 'boolean' })
  dmarcReports: boolean & Opt = false;

  /** When a reply poll last read the inbox to its end without failing (replies/poll): what the oldest
   *  unpolled inbox's lag (metrics, decisions.md §13) is counted from; null before the first. */
  @Property(nullableTimestamp())
  polledAt: Date | null = null;

  /** decisions.md §16: `seed` (placement tests send to it; never sends, never polled for replies) or
   *  `sending`; fixed at creation. */
  @Property({ type: 'string' })
  purpose: InboxPurpose & Opt = 'sending';

  /** A seed's provider (google, microsoft, yahoo, other: placement/seed-provider.ts); null otherwise. */
  @Property({ type: 'string', nullable: true })
  seedProvider: string | null = null;

  /** Why it paused itself (`placement`); null when paused by hand or not paused. */
  @Property({ type: 'string', nullable: true })
  pausedReason: InboxPausedReason | null = null;
}
