import { parseActivityPage } from '../../src/modules/reports/campaign-activity.inputs';
import { campaignActivity, campaignBounces } from '../../src/modules/reports/campaign-activity.service';
import { param, route } from '../route';

const query = (q: unknown) => q as Record<string, unknown>;

export const campaignActivityRoutes = [
  route({ method: 'get', path: '/campaigns/:id/activity', handle: async (ctx, req) => campaignActivity(ctx, param(req, 'id'), await parseActivityPage(query(req.query))) }),
  route({ method: 'get', path: '/campaigns/:id/bounces', handle: async (ctx, req) => campaignBounces(ctx, param(req, 'id'), await parseActivityPage(query(req.query))) }),
];
