// api.md Sending: whether a campaign is sending now, and why not.
import { jsonRoute } from '../../api-route';
import { sendingStatus } from './sending-status.service';
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
];
