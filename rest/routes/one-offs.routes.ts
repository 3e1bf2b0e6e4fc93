import { OneOffSendInput } from '../../src/modules/one-offs/one-offs.inputs';
import { cancelOneOff, queueOneOff } from '../../src/modules/one-offs/one-offs.service';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';

export const oneOffRoutes = [
  route({
    method: 'post',
    path: '/leads/:id/send',
    handle: async (ctx, req) => {
      // api.md: this body is camelCase (mailboxId, replyTo).
      const q = await queueOneOff(ctx, param(req, 'id'), await parseInput(OneOffSendInput, req.body, { keys: 'camel' }));
      return { id: q.id, status: q.status, scheduled_for: q.scheduledFor };
    },
  }),
  route({ method: 'post', path: '/one-offs/:id/cancel', handle: (ctx, req) => cancelOneOff(ctx, param(req, 'id')) }),
];
