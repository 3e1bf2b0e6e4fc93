// api.md Campaigns. Campaign objects are camelCase; the extras api.md names in snake_case
// (leads_pending, mailbox_ids, sending_mailbox_ids) are added beside them.
import { body, jsonRoute } from '../../contracts/api-route';
import { Deleted, StatusResult } from '../../contracts/graphql/common.types';
import * as campaigns from './campaigns.service';
import { CreateCampaignInput, UpdateCampaignInput } from './campaigns.inputs';
import { ActivationResult, CAMPAIGN_RESOLVED_FIELDS, CampaignView } from './campaigns.types';

const ids = { type: 'array', items: { type: 'string', format: 'uuid' } };

export const campaignRoutes = [
  jsonRoute({
    method: 'post',
    path: '/campaigns',
    scope: 'campaigns:write',
    summary: 'Create a draft campaign',
    body: body(CreateCampaignInput),
    response: { type: CampaignView, omit: CAMPAIGN_RESOLVED_FIELDS },
    handle: (ctx, { body }) => campaigns.createCampaign(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns',
    scope: 'campaigns:read',
    summary: 'Campaigns, oldest first, with the number of leads still pending',
    response: { type: CampaignView, list: true, omit: CAMPAIGN_RESOLVED_FIELDS, extra: { leads_pending: { type: 'integer' } } },
    handle: async (ctx) => (await campaigns.listCampaigns(ctx)).map(({ leadsPending, ...c }) => ({ ...c, leads_pending: leadsPending })),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id',
    scope: 'campaigns:read',
    summary: 'A campaign with its steps, its inbox ids and the inboxes it sends from (its own and the tagged ones)',
    response: { type: CampaignView, omit: CAMPAIGN_RESOLVED_FIELDS.filter((f) => f !== 'steps'), extra: { mailbox_ids: ids, sending_mailbox_ids: ids } },
    handle: async (ctx, { params }) => {
      const { mailboxIds, sendingMailboxIds, ...c } = await campaigns.getCampaign(ctx, params.id);
      return { ...c, mailbox_ids: mailboxIds, sending_mailbox_ids: sendingMailboxIds };
    },
  }),
  jsonRoute({
    method: 'patch',
    path: '/campaigns/:id',
    scope: 'campaigns:write',
    summary: "Change a campaign's settings (snake_case names)",
    body: body(UpdateCampaignInput),
    response: { type: CampaignView, omit: CAMPAIGN_RESOLVED_FIELDS },
    handle: (ctx, { params, body }) => campaigns.updateCampaign(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/activate',
    scope: ['campaigns:write', 'send'],
    summary: 'Launch (draft or paused → active), with warnings',
    response: { type: ActivationResult },
    handle: (ctx, { params }) => campaigns.activateCampaign(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/pause',
    scope: 'campaigns:write',
    summary: 'Pause an active campaign',
    response: { type: StatusResult },
    handle: (ctx, { params }) => campaigns.pauseCampaign(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/duplicate',
    scope: 'campaigns:write',
    summary: 'A new draft with the same settings, steps and inboxes',
    response: { type: CampaignView, omit: CAMPAIGN_RESOLVED_FIELDS },
    handle: (ctx, { params }) => campaigns.duplicateCampaign(ctx, params.id),
  }),
  jsonRoute({
    method: 'delete',
    path: '/campaigns/:id',
    scope: 'campaigns:write',
    summary: 'Delete a campaign and its leads',
    response: { type: Deleted },
    handle: (ctx, { params }) => campaigns.deleteCampaign(ctx, params.id),
  }),
];
