// Label values are our own value sets, never input (README.md "Labels"): each series lists every value
// it may carry, and its series are made at zero when the registry is built, so a rate() over a value
// that has not happened yet is 0 rather than missing.

/** The values of `T`, all of them: a value left out of the list does not compile (`missing` names it). */
export const allOf =
  <T extends string>() =>
  <const A extends readonly T[]>(...values: A & ([Exclude<T, A[number]>] extends [never] ? unknown : { missing: Exclude<T, A[number]> })): readonly T[] =>
    values;

/** What became of one email the engine handled (README.md "Emails"). */
export type EmailOutcome = 'sent' | 'bounced' | 'deferred' | 'failed' | 'auth_refused' | 'dropped' | 'interrupted' | 'answer_refused';
export const EMAIL_OUTCOMES = allOf<EmailOutcome>()('sent', 'bounced', 'deferred', 'failed', 'auth_refused', 'dropped', 'interrupted', 'answer_refused');

/** How one inbox's IMAP poll ended. */
export type PollOutcome = 'ok' | 'failed' | 'timed_out' | 'stopped';
export const POLL_OUTCOMES = allOf<PollOutcome>()('ok', 'failed', 'timed_out', 'stopped');

/** How one OAuth token refresh ended (decisions.md §15): a new token, the grant over (the inbox needs
 *  reconnecting), or a failure that passes (the provider unreachable, refused for now). */
export type OAuthRefreshOutcome = 'ok' | 'invalid_grant' | 'failed';
export const OAUTH_REFRESH_OUTCOMES = allOf<OAuthRefreshOutcome>()('ok', 'invalid_grant', 'failed');

/** The kinds of reply item (replies/reply-item.entity.ts ReplyKind; checked against it where counted). */
export type ReplyItemKind = 'reply' | 'bounce' | 'auto_reply';
export const REPLY_ITEM_KINDS = allOf<ReplyItemKind>()('reply', 'bounce', 'auto_reply');

/** What one webhook attempt came to: delivered (2xx), failed with a retry scheduled, or failed for good. */
export type WebhookOutcome = 'delivered' | 'retry' | 'failed';
export const WEBHOOK_OUTCOMES = allOf<WebhookOutcome>()('delivered', 'retry', 'failed');

/** How one job run ended (jobs/leased-runs.ts). */
export type JobRunOutcome = 'completed' | 'failed' | 'stopped' | 'skipped';
export const JOB_RUN_OUTCOMES = allOf<JobRunOutcome>()('completed', 'failed', 'stopped', 'skipped');

/** The HTTP methods a request is counted under; any other is `other`. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number] | 'other';
