// api.md "Adding leads": four ways in, one answer (import counts, snake_case).
import { AddListLeadsInput, AddManualLeadsInput, AddSheetLeadsInput } from '../../src/modules/leads/import/import.inputs';
import * as imports from '../../src/modules/leads/import/import.service';
import { parseInput } from '../../src/validation';
import { withCsvStream } from '../csv-body';
import { param, route } from '../route';
import { snake } from '../shape';

export const leadImportRoutes = [
  route({ method: 'post', path: '/campaigns/:id/leads/manual', handle: async (ctx, req) => snake(await imports.addManualLeads(ctx, param(req, 'id'), await parseInput(AddManualLeadsInput, req.body))) }),
  route({ method: 'post', path: '/campaigns/:id/leads', handle: async (ctx, req) => snake(await withCsvStream(req, (csv) => imports.addCsvLeads(ctx, param(req, 'id'), csv))) }),
  route({ method: 'post', path: '/campaigns/:id/leads/sheet', handle: async (ctx, req) => snake(await imports.addSheetLeads(ctx, param(req, 'id'), await parseInput(AddSheetLeadsInput, req.body))) }),
  route({ method: 'post', path: '/campaigns/:id/leads/from-list', handle: async (ctx, req) => snake(await imports.addListLeads(ctx, param(req, 'id'), await parseInput(AddListLeadsInput, req.body))) }),
];
