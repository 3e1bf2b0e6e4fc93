import * as filters from '../../src/modules/leads/lead-filters.service';
import { parseCreateLeadFilter } from '../../src/modules/leads/leads.inputs';
import { param, route } from '../route';
import { snake } from '../shape';

// Saved filters are snake_case, their filter in the lead list's query names (list_id).
export const leadFilterRoutes = [
  route({
    method: 'post',
    path: '/lead-filters',
    handle: async (ctx, req) => {
      const { id, name, filter } = await filters.createLeadFilter(ctx, await parseCreateLeadFilter(req.body));
      return { id, name, filter: snake(filter) };
    },
  }),
  route({ method: 'get', path: '/lead-filters', handle: async (ctx) => snake(await filters.listLeadFilters(ctx)) }),
  route({ method: 'delete', path: '/lead-filters/:id', handle: (ctx, req) => filters.deleteLeadFilter(ctx, param(req, 'id')) }),
];
