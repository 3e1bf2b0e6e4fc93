import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../context';
import { authed } from '../../graphql/auth';
import { ChangedCount, Deleted, StatusResult } from '../../graphql/common.types';
import * as inboxes from './inboxes.service';
import { BulkUpdateInboxesInput, CreateInboxInput, UpdateInboxInput } from './inboxes.inputs';
import { MailboxScoreView, MailboxView } from './inboxes.types';

@Resolver()
export class InboxesResolver {
  @Query(() => [MailboxView], { description: 'Connected inboxes, oldest first.' })
  mailboxes(@Ctx() ctx: Context) {
    return inboxes.listInboxes(authed(ctx));
  }

  @Query(() => MailboxView)
  mailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.getInbox(authed(ctx), id);
  }

  @Query(() => [MailboxScoreView])
  mailboxScores(@Ctx() ctx: Context) {
    return inboxes.inboxScores(authed(ctx));
  }

  @Mutation(() => MailboxView, { description: 'Saves the details without logging in.' })
  async createMailbox(@Arg('input') input: CreateInboxInput, @Ctx() ctx: Context) {
    const c = authed(ctx);
    return inboxes.withToday(c, await inboxes.createInbox(c, input));
  }

  @Mutation(() => MailboxView)
  async updateMailbox(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateInboxInput, @Ctx() ctx: Context) {
    const c = authed(ctx);
    return inboxes.withToday(c, await inboxes.updateInbox(c, id, input));
  }

  @Mutation(() => ChangedCount)
  bulkUpdateMailboxes(@Arg('input') input: BulkUpdateInboxesInput, @Ctx() ctx: Context) {
    return inboxes.bulkUpdateInboxes(authed(ctx), input);
  }

  @Mutation(() => StatusResult)
  pauseMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.pauseInbox(authed(ctx), id);
  }

  @Mutation(() => StatusResult)
  resumeMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.resumeInbox(authed(ctx), id);
  }

  @Mutation(() => Deleted)
  deleteMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.deleteInbox(authed(ctx), id);
  }
}
