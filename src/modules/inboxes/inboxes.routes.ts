// api.md Inboxes (REST calls them mailboxes), the connection test (decisions.md §5) and domain health
// (api.md Inboxes rule 4). Inbox objects are camelCase; scores and checks are snake_case.
import { body, jsonRoute } from '../../contracts/api-route';
import { ChangedCount, Deleted, StatusResult } from '../../contracts/graphql/common.types';
import { parseInput } from '../../contracts/validation/validate-input';
import { testMailbox } from './connection.service';
import { domainHealth } from './domain-health.service';
import { DomainHealthArgs, DomainHealthReportView, MailboxTestResultView } from './inbox-checks.types';
import * as inboxes from './inboxes.service';
import { BulkUpdateInboxesInput, CreateInboxInput, UpdateInboxInput } from './inboxes.inputs';
import { MailboxScoreView, MailboxView } from './inboxes.types';

/** Today's figures and what reply polling skipped come with the inbox list only; creating or changing an
 *  inbox answers without them. */
const TODAY = ['sentToday', 'capToday', 'rampShare', 'skippedMessages', 'lastSkippedMessage'];

export const inboxRoutes = [
  jsonRoute({
    method: 'get',
    path: '/mailboxes',
    scope: 'mailboxes:read',
    summary: 'Connected inboxes',
    response: { type: MailboxView, list: true },
    handle: (ctx) => inboxes.listInboxes(ctx),
  }),
  jsonRoute({
    method: 'post',
    path: '/mailboxes',
    scope: 'mailboxes:write',
    summary: 'Connect an inbox (saved, not logged in)',
    body: body(CreateInboxInput),
    response: { type: MailboxView, omit: TODAY },
    handle: (ctx, { body }) => inboxes.createInbox(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/mailboxes/scores',
    scope: 'mailboxes:read',
    summary: "Each inbox's health score and its parts",
    response: { type: MailboxScoreView, list: true, shape: 'snake' },
    handle: (ctx) => inboxes.inboxScores(ctx),
  }),
  jsonRoute({
    method: 'post',
    path: '/mailboxes/bulk',
    scope: 'mailboxes:write',
    summary: 'Change settings of several inboxes at once',
    body: body(BulkUpdateInboxesInput),
    response: { type: ChangedCount },
    handle: (ctx, { body }) => inboxes.bulkUpdateInboxes(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/mailboxes/domain-health',
    scope: 'mailboxes:read',
    summary: "SPF, DKIM, DMARC, MX and blocklist checks of the inboxes' domains",
    // Only `selector` is read from the query string; other parameters (cache busters) are ignored.
    query: { schema: DomainHealthArgs, parse: (q) => parseInput(DomainHealthArgs, q.selector === undefined ? {} : { selector: q.selector }) },
    response: { type: DomainHealthReportView, shape: 'snake' },
    handle: (ctx, { query }) => domainHealth(ctx, query),
  }),
  jsonRoute({
    method: 'post',
    path: '/mailboxes/:id/test',
    scope: ['mailboxes:write', 'send'],
    summary: 'Log in to SMTP and IMAP; a pass moves bounce_stopped back to active',
    response: { type: MailboxTestResultView },
    handle: (ctx, { params }) => testMailbox(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/mailboxes/:id/pause',
    scope: 'mailboxes:write',
    summary: 'Pause an inbox',
    response: { type: StatusResult },
    handle: (ctx, { params }) => inboxes.pauseInbox(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/mailboxes/:id/resume',
    scope: ['mailboxes:write', 'send'],
    summary: 'Resume a paused inbox',
    response: { type: StatusResult },
    handle: (ctx, { params }) => inboxes.resumeInbox(ctx, params.id),
  }),
  jsonRoute({
    method: 'patch',
    path: '/mailboxes/:id',
    scope: 'mailboxes:write',
    summary: "Change an inbox's settings",
    body: body(UpdateInboxInput),
    response: { type: MailboxView, omit: TODAY },
    handle: (ctx, { params, body }) => inboxes.updateInbox(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/mailboxes/:id',
    scope: 'mailboxes:write',
    summary: 'Delete an inbox (what it sent stays)',
    description: 'An inbox connected with Google or Microsoft also loses its tokens, and its grant is revoked at the provider.',
    response: { type: Deleted },
    handle: (ctx, { params }) => inboxes.deleteInbox(ctx, params.id),
  }),
];
