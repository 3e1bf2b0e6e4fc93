import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { ChangedCount, Deleted, StatusResult } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as inboxes from './inboxes.service';
import { BulkUpdateInboxesInput, CreateInboxInput, UpdateInboxInput } from './inboxes.inputs';
import { MailboxScoreView, MailboxView } from './inboxes.types';

@Resolver()
export class InboxesResolver {
  @Scope('mailboxes:read')
  @Query(() => [MailboxView], { description: 'Connected inboxes, oldest first.' })
  mailboxes(@Ctx() ctx: Context) {
    return inboxes.listInboxes(authed(ctx));
  }

  @Scope('mailboxes:read')
  @Query(() => MailboxView)
  mailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.getInbox(authed(ctx), id);
  }

  @Scope('mailboxes:read')
  @Query(() => [MailboxScoreView])
  mailboxScores(@Ctx() ctx: Context) {
    return inboxes.inboxScores(authed(ctx));
  }

  @Scope('mailboxes:write')
  @Mutation(() => MailboxView, { description: 'Saves the details without logging in.' })
  async createMailbox(@Arg('input') input: CreateInboxInput, @Ctx() ctx: Context) {
    const c = authed(ctx);
    return inboxes.withToday(c, await inboxes.createInbox(c, input));
  }

  @Scope('mailboxes:write')
  @Mutation(() => MailboxView)
  async updateMailbox(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateInboxInput, @Ctx() ctx: Context) {
    const c = authed(ctx);
    return inboxes.withToday(c, await inboxes.updateInbox(c, id, input));
  }

  @Scope('mailboxes:write')
  @Mutation(() => ChangedCount)
  bulkUpdateMailboxes(@Arg('input') input: BulkUpdateInboxesInput, @Ctx() ctx: Context) {
    return inboxes.bulkUpdateInboxes(authed(ctx), input);
  }

  @Scope('mailboxes:write')
  @Mutation(() => StatusResult)
  pauseMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.pauseInbox(authed(ctx), id);
  }

  @Scope(['mailboxes:write', 'send'])
  @Mutation(() => StatusResult)
  resumeMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.resumeInbox(authed(ctx), id);
  }

  @Scope('mailboxes:write')
  @Mutation(() => Deleted, {
    description: 'DELETE /mailboxes/:id: what it sent stays; an inbox connected with Google or Microsoft also loses its tokens, and its grant is revoked at the provider.',
  })
  deleteMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return inboxes.deleteInbox(authed(ctx), id);
  }
}
