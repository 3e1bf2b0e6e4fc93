import * as inboxes from '../../src/modules/inboxes/inboxes.service';
import { BulkUpdateInboxesInput, CreateInboxInput, UpdateInboxInput } from '../../src/modules/inboxes/inboxes.inputs';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';
import { snake } from '../shape';

// api.md Inboxes (the connection test and domain health are in inbox-checks.routes.ts). Inbox objects
// are camelCase; scores are snake_case.
export const inboxRoutes = [
  route({ method: 'get', path: '/mailboxes', handle: (ctx) => inboxes.listInboxes(ctx) }),
  route({ method: 'post', path: '/mailboxes', handle: async (ctx, req) => inboxes.createInbox(ctx, await parseInput(CreateInboxInput, req.body)) }),
  route({ method: 'get', path: '/mailboxes/scores', handle: async (ctx) => snake(await inboxes.inboxScores(ctx)) }),
  route({ method: 'post', path: '/mailboxes/bulk', handle: async (ctx, req) => inboxes.bulkUpdateInboxes(ctx, await parseInput(BulkUpdateInboxesInput, req.body)) }),
  route({ method: 'post', path: '/mailboxes/:id/pause', handle: (ctx, req) => inboxes.pauseInbox(ctx, param(req, 'id')) }),
  route({ method: 'post', path: '/mailboxes/:id/resume', handle: (ctx, req) => inboxes.resumeInbox(ctx, param(req, 'id')) }),
  route({ method: 'patch', path: '/mailboxes/:id', handle: async (ctx, req) => inboxes.updateInbox(ctx, param(req, 'id'), await parseInput(UpdateInboxInput, req.body)) }),
  route({ method: 'delete', path: '/mailboxes/:id', handle: (ctx, req) => inboxes.deleteInbox(ctx, param(req, 'id')) }),
];
