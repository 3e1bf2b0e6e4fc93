import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { sendingStatus, sendingStatuses } from './sending-status.service';
import { SendingStatusesArgs } from './sending.inputs';
import { SendingStatusView } from './sending.types';

@Resolver()
export class SendingResolver {
  @Scope('campaigns:read')
  @Query(() => SendingStatusView, { description: 'Whether the campaign is sending now, and why not (GET /campaigns/:id/sending-status).' })
  campaignSendingStatus(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return sendingStatus(authed(ctx), id);
  }

  @Scope('campaigns:read')
  @Query(() => [SendingStatusView], { description: 'The sending status of several campaigns at once, in the order given (GET /sending-status).' })
  campaignSendingStatuses(@Args() args: SendingStatusesArgs, @Ctx() ctx: Context) {
    return sendingStatuses(authed(ctx), args.campaignIds);
  }
}
