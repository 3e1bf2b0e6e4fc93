import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { createOneOffLead } from './one-off-lead.service';
import { OneOffLeadInput, OneOffSendInput } from './one-offs.inputs';
import { cancelOneOff, queueOneOff } from './one-offs.service';
import { CancelledOneOffView, OneOffLead, QueuedOneOffView } from './one-offs.types';

@Resolver()
export class OneOffsResolver {
  @Scope('leads:write')
  @Mutation(() => OneOffLead, { description: 'The lead to send a one-off email to: the existing lead of the address, or a new lead in the One-off campaign.' })
  createOneOffLead(@Arg('input') input: OneOffLeadInput, @Ctx() ctx: Context) {
    return createOneOffLead(authed(ctx), input);
  }

  @Scope(['leads:write', 'send'])
  @Mutation(() => QueuedOneOffView, { description: 'POST /leads/:id/send: queues a one-off email; nothing goes out from the call.' })
  sendLeadEmail(@Arg('id', () => ID) id: string, @Arg('input', () => OneOffSendInput) input: OneOffSendInput, @Ctx() ctx: Context) {
    return queueOneOff(authed(ctx), id, input);
  }

  @Scope('leads:write')
  @Mutation(() => CancelledOneOffView, { description: 'POST /one-offs/:id/cancel.' })
  cancelOneOff(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return cancelOneOff(authed(ctx), id);
  }
}
