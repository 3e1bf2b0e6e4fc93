// api.md Replies: the reply inbox. Answers are snake_case (api.md Reply fields); the list sends
// X-Total-Count like the other lists.
import { body, jsonRoute, type QuerySpec } from '../../contracts/api-route';
import * as replies from './replies.service';
import { AssignReplyInput, LinkReplyInput, parseReplyQuery, ReplyAnswerInput, ReplyQueryInput, SnoozeReplyInput, UpdateReplyInput } from './replies.inputs';
import { ReplyAnswerSent, ReplyAssignment, ReplyCounts, ReplySnooze, ReplyUnsubscribed, ReplyUpdated, ReplyView } from './replies.types';
import { answerReply } from './reply-answer.service';
import { linkReply } from './reply-link.service';

const replyQuery: QuerySpec<ReplyQueryInput> = { schema: ReplyQueryInput, parse: parseReplyQuery };

export const replyRoutes = [
  jsonRoute({
    method: 'get',
    path: '/replies',
    scope: 'replies:read',
    summary: 'The reply inbox, newest first, filtered; snoozed items hidden until they come back; X-Total-Count is the number matching',
    query: replyQuery,
    totalCount: true,
    cursorPage: true,
    response: { type: ReplyView, list: true, shape: 'snake' },
    handle: (ctx, { query }) => replies.listReplies(ctx, query),
  }),
  jsonRoute({
    method: 'get',
    path: '/replies/counts',
    scope: 'replies:read',
    summary: 'Unread items, unread replies and answered items',
    response: { type: ReplyCounts, shape: 'snake' },
    handle: (ctx) => replies.replyCounts(ctx),
  }),
  jsonRoute({
    method: 'get',
    path: '/replies/:id',
    scope: 'replies:read',
    summary: 'One item, snoozed or not',
    response: { type: ReplyView, shape: 'snake' },
    handle: (ctx, { params }) => replies.getReply(ctx, params.id),
  }),
  jsonRoute({
    method: 'patch',
    path: '/replies/:id',
    scope: 'replies:write',
    summary: "Label an item (copied to its lead's interest) and/or mark it read or unread",
    body: body(UpdateReplyInput),
    response: { type: ReplyUpdated },
    handle: (ctx, { params, body }) => replies.updateReply(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/replies/:id/reply',
    scope: ['replies:write', 'send'],
    summary: 'Answer an item now, from the inbox that received it, in its thread',
    body: body(ReplyAnswerInput),
    response: { type: ReplyAnswerSent },
    handle: (ctx, { params, body }) => answerReply(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/replies/:id/link',
    scope: 'replies:write',
    summary: 'Tie an untracked reply to a lead of the workspace, with the effects of a reply from that lead; once (409 reply_linked after)',
    body: body(LinkReplyInput),
    response: { type: ReplyView, shape: 'snake' },
    handle: (ctx, { params, body }) => linkReply(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'patch',
    path: '/replies/:id/assign',
    scope: 'replies:write',
    summary: 'Assign an item to a member of the workspace, or unassign it with null',
    body: body(AssignReplyInput),
    response: { type: ReplyAssignment, shape: 'snake' },
    handle: (ctx, { params, body }) => replies.assignReply(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/replies/:id/unsubscribe',
    scope: 'replies:write',
    summary: "Unsubscribe the item's lead and mark the item not_interested",
    response: { type: ReplyUnsubscribed },
    handle: (ctx, { params }) => replies.unsubscribeReply(ctx, params.id),
  }),
  jsonRoute({
    method: 'patch',
    path: '/replies/:id/snooze',
    scope: 'replies:write',
    summary: 'Hide an item until a moment; null brings it back now',
    body: body(SnoozeReplyInput),
    response: { type: ReplySnooze, shape: 'snake' },
    handle: (ctx, { params, body }) => replies.snoozeReply(ctx, params.id, body),
  }),
];
