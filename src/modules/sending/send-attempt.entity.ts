import { Entity, Filter, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { BaseEntity, workspaceFilter } from '../../storage/base.entity';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { Send } from './send.entity';

/** accepted: 2xx at DATA; deferred: 4xx or a connection/auth error (tried again later); rejected: 5xx. */
export type AttemptOutcome = 'accepted' | 'deferred' | 'rejected';

/** Every SMTP attempt, for the deliverability report (accepted, deferred, rejected, by code). */
@Entity()
@Filter(workspaceFilter)
// The deliverability report (reports/deliverability.queries.ts) reads a workspace's last 7 days: the
// included columns let it count them from the index alone, and the refused ones (a few) have their own.
@Index({
  name: 'send_attempt_workspace_window',
  expression: 'create index "send_attempt_workspace_window" on "send_attempt" ("workspace_id", "created_at") include ("inbox_id", "outcome", "code")',
})
@Index({
  name: 'send_attempt_workspace_refused',
  expression: `create index "send_attempt_workspace_refused" on "send_attempt" ("workspace_id", "created_at") where "outcome" <> 'accepted'`,
})
@Index({ properties: ['inbox', 'createdAt'] })
export class SendAttempt extends BaseEntity {
  @ManyToOne(() => Workspace, { ref: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @ManyToOne(() => Send, { ref: true, deleteRule: 'cascade' })
  send!: Ref<Send>;

  @ManyToOne(() => Inbox, { ref: true })
  inbox!: Ref<Inbox>;

  @Property({ type: 'text' })
  outcome!: AttemptOutcome;

  /** SMTP reply code; null when no server answer came (connection refused, timeout). */
  @Property({ type: 'integer', nullable: true })
  code: number | null = null;

  @Property({ type: 'text', nullable: true })
  detail: string | null = null;
}
