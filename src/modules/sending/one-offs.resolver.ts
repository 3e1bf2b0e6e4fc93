import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../context';
import { authed } from '../../graphql/auth';
import { OneOffSendInput } from './one-offs.inputs';
import { cancelOneOff, queueOneOff } from './one-offs.service';
import { CancelledOneOffView, QueuedOneOffView } from './one-offs.types';

@Resolver()
export class OneOffsResolver {
  @Mutation(() => QueuedOneOffView, { description: 'POST /leads/:id/send: queues a one-off email; nothing goes out from the call.' })
  sendLeadEmail(@Arg('id', () => ID) id: string, @Arg('input', () => OneOffSendInput) input: OneOffSendInput, @Ctx() ctx: Context) {
    return queueOneOff(authed(ctx), id, input);
  }

  @Mutation(() => CancelledOneOffView, { description: 'POST /one-offs/:id/cancel.' })
  cancelOneOff(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return cancelOneOff(authed(ctx), id);
  }
}
