// POST /mailboxes/:id/test (decisions.md §5): log in to the inbox's SMTP and IMAP servers with its saved
// details. A pass brings a bounce-stopped inbox back to `active` (api.md: it cannot be resumed any other
// way) and clears lastError; a failure records a short lastError. A paused inbox stays paused.
// decisions.md §10: both logins go through the address guard (a refused host is 400 host_not_allowed,
// before anything is connected, so the test never tells an open port from a closed one), in one of the
// workspace's slots for work waiting on a mail server (429 too_many_in_flight beyond them), and each is
// bounded in time by the mail ports.
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import type { CheckResult, MailServerLogin, SmtpLogin } from '../../mail/connection-test';
import { Inbox, NOT_DELETED_FILTER, type InboxStatus } from './inbox.entity';

export interface MailboxTestResult {
  smtp: CheckResult;
  imap: CheckResult;
  status: InboxStatus;
}

const UNREADABLE_PASSWORD: CheckResult = {
  ok: false,
  detail: 'The saved password cannot be decrypted (was SECRET_KEY changed?); save the password again with PATCH /mailboxes/:id',
};

/** Both logins at once; a refusal of either host (an AppError) is the answer, after both have ended. */
async function bothLogins(ctx: AuthedCtx, smtp: SmtpLogin, imap: MailServerLogin): Promise<[CheckResult, CheckResult]> {
  const [s, i] = await Promise.allSettled([ctx.deps.smtp.testLogin(smtp), ctx.deps.imap.testLogin(imap)]);
  if (s.status === 'rejected') throw s.reason;
  if (i.status === 'rejected') throw i.reason;
  return [s.value, i.value];
}

export async function testMailbox(ctx: AuthedCtx, id: string): Promise<MailboxTestResult> {
  const inbox = await findOr404(ctx.em, Inbox, id, 'Mailbox', { populate: ['passwordEnc'] });
  let password: string | null = null;
  try {
    password = inbox.passwordEnc === null ? null : ctx.deps.secrets.decrypt(inbox.passwordEnc);
  } catch {
    password = null;
  }

  const [smtp, imap] =
    password === null
      ? [UNREADABLE_PASSWORD, UNREADABLE_PASSWORD]
      : await ctx.deps.peerWork.run(ctx.actor.workspaceId, () =>
          bothLogins(
            ctx,
            { host: inbox.smtpHost, port: inbox.smtpPort, secure: inbox.smtpSecure, username: inbox.username, password },
            { host: inbox.imapHost, port: inbox.imapPort, username: inbox.username, password },
          ),
        );

  // Conditional updates: the inbox may have been paused, edited or deleted during the (up to 10 s) test,
  // and a pass must only ever lift a bounce stop, never undo a pause.
  const failed = [!smtp.ok && `SMTP: ${smtp.detail}`, !imap.ok && `IMAP: ${imap.detail}`].filter(Boolean).join('; ');
  if (failed) {
    await ctx.em.nativeUpdate(Inbox, { id: inbox.id }, { lastError: failed });
  } else {
    // Bounces before this pass no longer count toward the next bounce stop (sending/engine/outcomes.ts).
    await ctx.em.nativeUpdate(Inbox, { id: inbox.id, status: 'bounce_stopped' }, { status: 'active', bounceCountFrom: ctx.deps.clock.now() });
    await ctx.em.nativeUpdate(Inbox, { id: inbox.id }, { lastError: null, backoffUntil: null });
  }
  const current = await ctx.em.findOne(Inbox, { id: inbox.id }, { refresh: true, filters: { [NOT_DELETED_FILTER]: false } });
  const status = current?.status ?? inbox.status;

  ctx.deps.log.info('mailbox connection test', { mailbox_id: inbox.id, smtp_ok: smtp.ok, imap_ok: imap.ok, status });
  return { smtp, imap, status };
}
