// api.md Sending: whether a campaign is sending now and why not; one-off emails to a lead.
import { body, jsonRoute } from '../../api-route';
import { OneOffSendInput } from './one-offs.inputs';
import { cancelOneOff, queueOneOff } from './one-offs.service';
import { CancelledOneOffView, QueuedOneOffView } from './one-offs.types';
import { sendingStatus } from './sending-status.service';
import { SendingStatusView } from './sending.types';

export const sendingRoutes = [
  jsonRoute({
    method: 'get', path: '/campaigns/:id/sending-status', summary: 'Whether the campaign is sending now, and why not', response: { type: SendingStatusView, shape: 'snake' },
    handle: (ctx, { params }) => sendingStatus(ctx, params.id),
  }),
  jsonRoute({
    // api.md: this body is camelCase (mailboxId, replyTo).
    method: 'post', path: '/leads/:id/send', summary: 'Queue a one-off email to a lead; nothing goes out from the call', body: body(OneOffSendInput, { keys: 'camel' }), response: { type: QueuedOneOffView, shape: 'snake' },
    handle: async (ctx, { params, body }) => {
      const { id, status, scheduledFor } = await queueOneOff(ctx, params.id, body);
      return { id, status, scheduledFor };
    },
  }),
  jsonRoute({ method: 'post', path: '/one-offs/:id/cancel', summary: 'Cancel a queued one-off email until it starts going', response: { type: CancelledOneOffView }, handle: (ctx, { params }) => cancelOneOff(ctx, params.id) }),
];
