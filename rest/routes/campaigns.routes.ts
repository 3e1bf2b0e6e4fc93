import * as campaigns from '../../src/modules/campaigns/campaigns.service';
import { CreateCampaignInput, UpdateCampaignInput } from '../../src/modules/campaigns/campaigns.inputs';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';

// Campaign objects are camelCase; the extras api.md names in snake_case (leads_pending, mailbox_ids)
// are added beside them.
export const campaignRoutes = [
  route({ method: 'post', path: '/campaigns', handle: async (ctx, req) => campaigns.createCampaign(ctx, await parseInput(CreateCampaignInput, req.body)) }),
  route({
    method: 'get',
    path: '/campaigns',
    handle: async (ctx) => (await campaigns.listCampaigns(ctx)).map(({ leadsPending, ...c }) => ({ ...c, leads_pending: leadsPending })),
  }),
  route({
    method: 'get',
    path: '/campaigns/:id',
    handle: async (ctx, req) => {
      const { mailboxIds, ...c } = await campaigns.getCampaign(ctx, param(req, 'id'));
      return { ...c, mailbox_ids: mailboxIds };
    },
  }),
  route({ method: 'patch', path: '/campaigns/:id', handle: async (ctx, req) => campaigns.updateCampaign(ctx, param(req, 'id'), await parseInput(UpdateCampaignInput, req.body)) }),
  route({ method: 'post', path: '/campaigns/:id/activate', handle: (ctx, req) => campaigns.activateCampaign(ctx, param(req, 'id')) }),
  route({ method: 'post', path: '/campaigns/:id/pause', handle: (ctx, req) => campaigns.pauseCampaign(ctx, param(req, 'id')) }),
  route({ method: 'post', path: '/campaigns/:id/duplicate', handle: (ctx, req) => campaigns.duplicateCampaign(ctx, param(req, 'id')) }),
  route({ method: 'delete', path: '/campaigns/:id', handle: (ctx, req) => campaigns.deleteCampaign(ctx, param(req, 'id')) }),
];
