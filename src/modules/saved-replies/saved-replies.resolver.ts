import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import * as savedReplies from './saved-replies.service';
import { CreateSavedReplyInput, RenderSavedReplyInput, UpdateSavedReplyInput } from './saved-replies.inputs';
import { RenderedSavedReply, SavedReplyExample, SavedReplyView } from './saved-replies.types';

@Resolver()
export class SavedRepliesResolver {
  @Scope('replies:read')
  @Query(() => [SavedReplyView], { description: "The workspace's saved replies by name." })
  savedReplies(@Ctx() ctx: Context) {
    return savedReplies.listSavedReplies(authed(ctx));
  }

  @Scope('replies:read')
  @Query(() => [SavedReplyExample], { description: 'Three built-in example replies; nothing is saved.' })
  savedReplyExamples(@Ctx() ctx: Context) {
    authed(ctx);
    return savedReplies.savedReplyExamples();
  }

  @Scope('replies:write')
  @Mutation(() => SavedReplyView)
  createSavedReply(@Arg('input') input: CreateSavedReplyInput, @Ctx() ctx: Context) {
    return savedReplies.createSavedReply(authed(ctx), input);
  }

  @Scope('replies:write')
  @Mutation(() => SavedReplyView)
  updateSavedReply(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateSavedReplyInput, @Ctx() ctx: Context) {
    return savedReplies.updateSavedReply(authed(ctx), id, input);
  }

  @Scope('replies:write')
  @Mutation(() => Deleted, { description: 'Deletes it for everyone in the workspace.' })
  deleteSavedReply(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return savedReplies.deleteSavedReply(authed(ctx), id);
  }

  @Scope('replies:read')
  @Mutation(() => RenderedSavedReply, {
    description: 'POST /saved-replies/:id/render: fills the merge fields for a reply (replyId) or a lead and an inbox (leadId and mailboxId); nothing is sent.',
  })
  renderSavedReply(@Arg('id', () => ID) id: string, @Arg('input') input: RenderSavedReplyInput, @Ctx() ctx: Context) {
    return savedReplies.renderSavedReply(authed(ctx), id, input);
  }
}
