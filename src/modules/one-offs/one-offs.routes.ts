// api.md one-off emails: the lead to write to, queueing an email to it, and cancelling one.
import { body, jsonRoute } from '../../contracts/api-route';
import { createOneOffLead } from './one-off-lead.service';
import { OneOffLeadInput, OneOffSendInput } from './one-offs.inputs';
import { cancelOneOff, queueOneOff } from './one-offs.service';
import { CancelledOneOffView, OneOffLead, QueuedOneOffView } from './one-offs.types';

export const oneOffRoutes = [
  jsonRoute({
    method: 'post',
    path: '/leads/one-off',
    scope: 'leads:write',
    summary: 'The lead to send a one-off email to: the existing lead of the address, or a new lead in the One-off campaign',
    body: body(OneOffLeadInput),
    response: { type: OneOffLead, shape: 'snake' },
    handle: (ctx, { body }) => createOneOffLead(ctx, body),
  }),
  jsonRoute({
    // api.md: this body is camelCase (mailboxId, replyTo).
    method: 'post',
    path: '/leads/:id/send',
    scope: ['leads:write', 'send'],
    summary: 'Queue a one-off email to a lead; nothing goes out from the call',
    body: body(OneOffSendInput, { keys: 'camel' }),
    response: { type: QueuedOneOffView, shape: 'snake' },
    handle: async (ctx, { params, body }) => {
      const { id, status, scheduledFor } = await queueOneOff(ctx, params.id, body);
      return { id, status, scheduledFor };
    },
  }),
  jsonRoute({
    method: 'post',
    path: '/one-offs/:id/cancel',
    scope: 'leads:write',
    summary: 'Cancel a queued one-off email until it starts going',
    response: { type: CancelledOneOffView },
    handle: (ctx, { params }) => cancelOneOff(ctx, params.id),
  }),
];
