import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../context';
import { authed } from '../../graphql/auth';
import { Scope } from '../../graphql/scopes';
import { sendingStatus } from './sending-status.service';
import { SendingStatusView } from './sending.types';

@Resolver()
export class SendingResolver {
  @Scope('campaigns:read')
  @Query(() => SendingStatusView, { description: 'Whether the campaign is sending now, and why not (GET /campaigns/:id/sending-status).' })
  campaignSendingStatus(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return sendingStatus(authed(ctx), id);
  }
}
