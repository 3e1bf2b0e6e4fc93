// decisions.md §11 Subsequences: a subsequence is answered as the campaign object it is (camelCase, with
// parentCampaignId and trigger), the list with leads_pending like GET /campaigns.
import { customBody, jsonRoute } from '../../contracts/api-route';
import { CAMPAIGN_RESOLVED_FIELDS, CampaignView } from '../campaigns/campaigns.types';
import { CreateSubsequenceInput, parseCreateSubsequence } from './subsequences.inputs';
import * as subsequences from './subsequences.service';

export const subsequenceRoutes = [
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/subsequences',
    scope: 'campaigns:write',
    summary: "Create a subsequence: a draft campaign with the parent's schedule, limits, settings and inboxes, and a trigger that moves the parent's leads into it",
    status: 201,
    body: customBody(CreateSubsequenceInput, parseCreateSubsequence),
    response: { type: CampaignView, omit: CAMPAIGN_RESOLVED_FIELDS },
    handle: (ctx, { params, body }) => subsequences.createSubsequence(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/subsequences',
    scope: 'campaigns:read',
    summary: "A campaign's subsequences, oldest first, with the number of leads still pending",
    response: { type: CampaignView, list: true, omit: CAMPAIGN_RESOLVED_FIELDS, extra: { leads_pending: { type: 'integer' } } },
    handle: async (ctx, { params }) => (await subsequences.listSubsequences(ctx, params.id)).map(({ leadsPending, ...c }) => ({ ...c, leads_pending: leadsPending })),
  }),
];
