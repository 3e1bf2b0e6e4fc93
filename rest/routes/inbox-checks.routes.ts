import { testMailbox } from '../../src/modules/inboxes/connection.service';
import { domainHealth } from '../../src/modules/inboxes/domain-health.service';
import { DomainHealthArgs } from '../../src/modules/inboxes/inbox-checks.types';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';
import { snake } from '../shape';

// The inbox checks: the connection test (decisions.md §5) and domain health (api.md Inboxes rule 4).
// Listed before the other /mailboxes routes so `domain-health` is never read as an inbox id.
export const inboxCheckRoutes = [
  route({ method: 'post', path: '/mailboxes/:id/test', handle: (ctx, req) => testMailbox(ctx, param(req, 'id')) }),
  route({
    method: 'get',
    path: '/mailboxes/domain-health',
    // Only `selector` is read from the query string; other parameters (cache busters) are ignored.
    handle: async (ctx, req) => snake(await domainHealth(ctx, await parseInput(DomainHealthArgs, req.query.selector === undefined ? {} : { selector: req.query.selector }))),
  }),
];
