// Inserts an inbox row directly (no API call), for tests that need inboxes in states the API cannot
// reach (bounce_stopped, backed off, a ramp started weeks ago) or simply need one fast.
import { randomUUID } from 'node:crypto';
import type { RequiredEntityData } from '@mikro-orm/core';
import { authedContext } from '../../../src/runtime/context';
import type { RunningService } from '../../../src/service';
import { Workspace } from '../../../src/modules/accounts/workspace.entity';
import { Inbox } from '../../../src/modules/inboxes/inbox.entity';
import { dayIn } from '../../../src/modules/inboxes/ramp';

export type InboxOverrides = Partial<Omit<RequiredEntityData<Inbox>, 'workspace' | 'passwordEnc'>> & {
  /** Plain password; stored encrypted with the service's SECRET_KEY like the API does. */
  password?: string;
};

export const DEFAULT_INBOX_PASSWORD = 'inbox password';

/** Creates an active inbox in `workspaceId` with sensible connection details (a unique address on
 *  example.com unless `email` is given; the ramp starts today in the workspace timezone). */
export async function createInbox(service: Pick<RunningService, 'deps'>, workspaceId: string, overrides: InboxOverrides = {}): Promise<Inbox> {
  const { password = DEFAULT_INBOX_PASSWORD, ...fields } = overrides;
  const { em, deps } = authedContext(service.deps, { workspaceId, userId: null, role: 'owner', via: 'api_key' });
  const workspace = await em.findOneOrFail(Workspace, workspaceId);
  const email = (fields.email ?? `sender-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const inbox = em.create(Inbox, {
    fromName: 'Sam Sender',
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpSecure: false,
    imapHost: 'imap.example.com',
    imapPort: 993,
    username: email,
    dailyCap: 30,
    rampStartedAt: dayIn(workspace.timezone, deps.clock.now()),
    ...fields,
    email,
    workspace,
    passwordEnc: deps.secrets.encrypt(password),
  });
  await em.persistAndFlush(inbox);
  return inbox;
}
