// api.md Sending: whether a campaign is sending now, and why not.
import { jsonRoute, query } from '../../contracts/api-route';
import { sendingStatus, sendingStatuses, STATUS_LOOKUP_MAX } from './sending-status.service';
import { SendingStatusesQuery } from './sending.inputs';
import { SendingStatusView } from './sending.types';

export const sendingRoutes = [
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/sending-status',
    scope: 'campaigns:read',
    summary: 'Whether the campaign is sending now, and why not',
    response: { type: SendingStatusView, shape: 'snake' },
    handle: (ctx, { params }) => sendingStatus(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/sending-status',
    scope: 'campaigns:read',
    summary: `The sending status of up to ${STATUS_LOOKUP_MAX} campaigns at once (campaign_ids, comma-separated), in the order given`,
    query: query(SendingStatusesQuery),
    response: { type: SendingStatusView, list: true, shape: 'snake' },
    handle: (ctx, { query }) => sendingStatuses(ctx, query.campaignIds.split(',')),
  }),
];
