// decisions.md §12: GET /settings/audit-log, the workspace's changes newest first, in cursor pages.
import { jsonRoute, query } from '../../contracts/api-route';
import { AuditLogQuery } from './audit.inputs';
import { listAuditLog } from './audit.service';
import { AuditEntryView } from './audit.types';

export const auditRoutes = [
  jsonRoute({
    method: 'get',
    path: '/settings/audit-log',
    scope: 'all',
    summary: 'Every successful change in the workspace, newest first, kept 90 days (owner session only)',
    description:
      'Each REST change (POST, PUT, PATCH, DELETE answered 2xx), GraphQL mutation and MCP tool call that changes something, made with credentials: `operation` is the operationId (GraphQL: the mutation; MCP: the tool), `target_id` the path id or the id of the object created, `ip` the client address. An idempotent replay is not a second change; sign-up and login are not recorded. Owner only: a member or an API key (which acts with member rights) gets 403 owner_required. When more entries follow, `Link: <…?cursor=…>; rel="next"`.',
    query: query(AuditLogQuery),
    cursorPage: true,
    response: { type: AuditEntryView, list: true, shape: 'snake' },
    handle: (ctx, { query }) => listAuditLog(ctx, query),
  }),
];
