import * as lists from '../../src/modules/leads/lead-lists.service';
import { CreateLeadListInput } from '../../src/modules/leads/lead-lists.inputs';
import { parseInput } from '../../src/validation';
import { withCsvStream } from '../csv-body';
import { param, route } from '../route';

// api.md shows a new list in camelCase ({id, workspaceId, name, createdAt}) and the list endpoint in
// snake_case ({id, name, created_at, leads}).
export const leadListRoutes = [
  route({
    method: 'post',
    path: '/lead-lists',
    handle: async (ctx, req) => {
      const { id, workspaceId, name, createdAt } = await lists.createLeadList(ctx, await parseInput(CreateLeadListInput, req.body));
      return { id, workspaceId, name, createdAt };
    },
  }),
  route({
    method: 'post',
    path: '/lead-lists/:id/leads',
    handle: (ctx, req) => {
      const id = param(req, 'id');
      // The CSV body parser leaves the text in req.body, unless this route is one it lets stream
      // (csv-body.ts STREAMED_ROUTES); a body that is not CSV is refused there (400 not_csv).
      if (typeof req.body === 'string') return lists.importLeadListCsv(ctx, id, req.body);
      return withCsvStream(req, (csv) => lists.importLeadListCsv(ctx, id, csv));
    },
  }),
  route({
    method: 'get',
    path: '/lead-lists',
    handle: async (ctx) => (await lists.listLeadLists(ctx)).map((l) => ({ id: l.id, name: l.name, created_at: l.createdAt, leads: l.leads })),
  }),
  route({ method: 'delete', path: '/lead-lists/:id', handle: (ctx, req) => lists.deleteLeadList(ctx, param(req, 'id')) }),
];
