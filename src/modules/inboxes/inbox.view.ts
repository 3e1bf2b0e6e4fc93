// The inbox object of api.md (camelCase in REST and GraphQL). Built field by field so nothing of the
// entity leaks by accident — above all not the encrypted password.
import type { Inbox } from './inbox.entity';
import type { MailboxView } from './inboxes.types';
import { capOn, rampShare } from './ramp';

export type TodayFigures = Pick<MailboxView, 'sentToday' | 'capToday' | 'rampShare'>;
/** What reply polling skipped (decisions.md §10), from the folders' cursors. */
export type SkippedFigures = Pick<MailboxView, 'skippedMessages' | 'lastSkippedMessage'>;
/** The inbox object without the list-only figures (POST and PATCH answer this in REST). */
export type InboxObject = Omit<MailboxView, keyof TodayFigures | keyof SkippedFigures>;

export function inboxView(inbox: Inbox): InboxObject {
  return {
    id: inbox.id,
    workspaceId: inbox.workspace.id,
    email: inbox.email,
    fromName: inbox.fromName,
    smtpHost: inbox.smtpHost,
    smtpPort: inbox.smtpPort,
    smtpSecure: inbox.smtpSecure,
    imapHost: inbox.imapHost,
    imapPort: inbox.imapPort,
    username: inbox.username,
    authType: inbox.authType,
    oauthProvider: inbox.oauthProvider,
    dailyCap: inbox.dailyCap,
    rampStart: inbox.rampStart,
    rampIncrement: inbox.rampIncrement,
    rampStartedAt: inbox.rampStartedAt,
    minGapMinutes: inbox.minGapMinutes,
    gapJitterMinutes: inbox.gapJitterMinutes,
    signature: inbox.signature,
    tags: [...inbox.tags],
    domainDailyCap: inbox.domainDailyCap,
    status: inbox.status,
    lastError: inbox.lastError,
    backoffUntil: inbox.backoffUntil,
    createdAt: inbox.createdAt,
    purpose: inbox.purpose,
    seedProvider: inbox.seedProvider,
    pausedReason: inbox.pausedReason,
  };
}

/** Adds what the inbox sent and may send on `today` (YYYY-MM-DD, workspace timezone), and what reply
 *  polling skipped. */
export function withTodayFigures(inbox: InboxObject, today: string, sentToday: number, skipped: SkippedFigures): MailboxView {
  const capToday = capOn(inbox, today);
  return { ...inbox, sentToday, capToday, rampShare: rampShare(capToday, inbox.dailyCap), ...skipped };
}
