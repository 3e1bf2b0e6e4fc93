// POST /mailboxes/:id/test (decisions.md §5): log in to the inbox's SMTP and IMAP servers with its saved
// details. A pass brings a bounce-stopped inbox back to `active` (api.md: it cannot be resumed any other
// way) and clears lastError; a failure records a short lastError. A paused inbox stays paused.
// decisions.md §10: both logins go through the address guard (a refused host is 400 host_not_allowed,
// before anything is connected, so the test never tells an open port from a closed one), in one of the
// workspace's slots for work waiting on a mail server (429 too_many_in_flight beyond them), and each is
// bounded in time by the mail ports. decisions.md §15: an OAuth inbox logs in with XOAUTH2.
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import type { CheckResult, MailServerLogin, SmtpLogin } from '../../mail/connection-test';
import { loginWith, ReconnectNeeded, TokenUnavailable, withMailLogin } from '../oauth/mail-login';
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

/** Whether a password inbox's saved password can be read (SECRET_KEY unchanged). */
function readable(ctx: AuthedCtx, inbox: Inbox): boolean {
  if (inbox.authType === 'oauth2') return true;
  try {
    return inbox.passwordEnc !== null && ctx.deps.secrets.decrypt(inbox.passwordEnc) !== undefined;
  } catch {
    return false;
  }
}

/** Both logins with the inbox's password or (decisions.md §15) its access token, refreshed once when a
 *  server refuses it; an OAuth inbox without a token now fails both with the reason. */
async function logIn(ctx: AuthedCtx, inbox: Inbox): Promise<[CheckResult, CheckResult] | { noToken: CheckResult; disconnected: boolean }> {
  const smtp = { host: inbox.smtpHost, port: inbox.smtpPort, secure: inbox.smtpSecure, username: inbox.username };
  const imap = { host: inbox.imapHost, port: inbox.imapPort, username: inbox.username };
  try {
    return await withMailLogin(
      ctx.deps,
      { id: inbox.id, authType: inbox.authType, passwordEnc: inbox.passwordEnc },
      (secret) => bothLogins(ctx, loginWith(smtp, secret), loginWith(imap, secret)),
      (results) => Array.isArray(results) && results.some((r: CheckResult) => r.loginRefused),
    );
  } catch (err) {
    if (!(err instanceof ReconnectNeeded || err instanceof TokenUnavailable)) throw err;
    return { noToken: { ok: false, detail: err.message }, disconnected: err instanceof ReconnectNeeded };
  }
}

export async function testMailbox(ctx: AuthedCtx, id: string): Promise<MailboxTestResult> {
  const inbox = await findOr404(ctx.em, Inbox, id, 'Mailbox', { populate: ['passwordEnc'] });
  const outcome = readable(ctx, inbox) ? await ctx.deps.peerWork.run(ctx.actor.workspaceId, () => logIn(ctx, inbox)) : ([UNREADABLE_PASSWORD, UNREADABLE_PASSWORD] as const);
  // What the server said, without the note for the token's refresh.
  const [smtp, imap] = ('noToken' in outcome ? [outcome.noToken, outcome.noToken] : outcome).map(({ ok, detail }) => ({ ok, detail }));

  // Conditional updates: the inbox may have been paused, edited or deleted during the (up to 10 s) test,
  // and a pass must only ever lift a bounce stop, never undo a pause.
  const failed = [!smtp.ok && `SMTP: ${smtp.detail}`, !imap.ok && `IMAP: ${imap.detail}`].filter(Boolean).join('; ');
  if ('noToken' in outcome && outcome.disconnected) {
    // Its lastError already holds the provider's own answer (decisions.md §15).
  } else if (failed) {
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
