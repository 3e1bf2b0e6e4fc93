import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { checkInput } from '../../contracts/validation/validate-input';
import * as replies from './replies.service';
import { AssignReplyInput, LinkReplyInput, ReplyAnswerInput, ReplyQueryInput, SnoozeReplyInput, UpdateReplyInput } from './replies.inputs';
import { ReplyAnswerSent, ReplyAssignment, ReplyCounts, ReplyPage, ReplySnooze, ReplyUnsubscribed, ReplyUpdated, ReplyView } from './replies.types';
import { answerReply } from './reply-answer.service';
import { linkReply } from './reply-link.service';

@Resolver()
export class RepliesResolver {
  @Scope('replies:read')
  @Query(() => ReplyPage, {
    description: 'The reply inbox, newest first; snoozed items are hidden until they come back (GET /replies). Cursor pages: query.cursor = nextCursor of the page before.',
  })
  replies(@Arg('query', () => ReplyQueryInput, { nullable: true }) query: ReplyQueryInput | null, @Ctx() ctx: Context): Promise<ReplyPage> {
    return replies.listReplies(authed(ctx), query ?? new ReplyQueryInput());
  }

  @Scope('replies:read')
  @Query(() => ReplyView, { description: 'One item of the reply inbox, snoozed or not (GET /replies/:id).' })
  reply(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return replies.getReply(authed(ctx), id);
  }

  @Scope('replies:read')
  @Query(() => ReplyCounts, { description: 'Unread items, unread replies and answered items (GET /replies/counts).' })
  replyCounts(@Ctx() ctx: Context) {
    return replies.replyCounts(authed(ctx));
  }

  @Scope('replies:write')
  @Mutation(() => ReplyUpdated, { description: "Labels an item (copied to its lead's interest) and/or marks it read or unread." })
  updateReply(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateReplyInput, @Ctx() ctx: Context) {
    return replies.updateReply(authed(ctx), id, input);
  }

  @Scope(['replies:write', 'send'])
  @Mutation(() => ReplyAnswerSent, { description: 'Sends an answer at once from the inbox that received the item, in its thread (POST /replies/:id/reply).' })
  sendReplyAnswer(@Arg('id', () => ID) id: string, @Arg('input') input: ReplyAnswerInput, @Ctx() ctx: Context) {
    return answerReply(authed(ctx), id, input);
  }

  @Scope('replies:write')
  @Mutation(() => ReplyView, {
    description: 'Ties an untracked reply to a lead of the workspace, with the effects of a reply from that lead, once (POST /replies/:id/link).',
  })
  async linkReply(@Arg('id', () => ID) id: string, @Arg('leadId', () => ID) leadId: string, @Ctx() ctx: Context) {
    const input = await checkInput(Object.assign(new LinkReplyInput(), { leadId }));
    return linkReply(authed(ctx), id, input);
  }

  @Scope('replies:write')
  @Mutation(() => ReplyAssignment, { description: 'Assigns an item to a member of the workspace, or unassigns it with null.' })
  assignReply(@Arg('id', () => ID) id: string, @Arg('input') input: AssignReplyInput, @Ctx() ctx: Context) {
    return replies.assignReply(authed(ctx), id, input);
  }

  @Scope('replies:write')
  @Mutation(() => ReplyUnsubscribed, { description: "Unsubscribes the item's lead (blocklisted, stopped, one event) and marks the item not_interested." })
  unsubscribeReply(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return replies.unsubscribeReply(authed(ctx), id);
  }

  @Scope('replies:write')
  @Mutation(() => ReplySnooze, { description: 'Hides an item until a moment; null brings it back now.' })
  snoozeReply(@Arg('id', () => ID) id: string, @Arg('input') input: SnoozeReplyInput, @Ctx() ctx: Context) {
    return replies.snoozeReply(authed(ctx), id, input);
  }
}
