// api.md Saved replies: the workspace's reply templates, the built-in examples and rendering one.
import { body, jsonRoute } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import * as savedReplies from './saved-replies.service';
import { CreateSavedReplyInput, RenderSavedReplyInput, UpdateSavedReplyInput } from './saved-replies.inputs';
import { RenderedSavedReply, SavedReplyExample, SavedReplyView } from './saved-replies.types';

export const savedReplyRoutes = [
  jsonRoute({
    method: 'get',
    path: '/saved-replies',
    scope: 'replies:read',
    summary: "The workspace's saved replies by name",
    response: { type: SavedReplyView, list: true, shape: 'snake' },
    handle: (ctx) => savedReplies.listSavedReplies(ctx),
  }),
  jsonRoute({
    method: 'get',
    path: '/saved-replies/examples',
    scope: 'replies:read',
    summary: 'Three built-in example replies; nothing is saved',
    response: { type: SavedReplyExample, list: true, shape: 'snake' },
    handle: async () => savedReplies.savedReplyExamples(),
  }),
  jsonRoute({
    method: 'post',
    path: '/saved-replies',
    scope: 'replies:write',
    summary: 'Save a reply (name unique in the workspace)',
    status: 201,
    body: body(CreateSavedReplyInput),
    response: { type: SavedReplyView, shape: 'snake' },
    handle: (ctx, { body }) => savedReplies.createSavedReply(ctx, body),
  }),
  jsonRoute({
    method: 'patch',
    path: '/saved-replies/:id',
    scope: 'replies:write',
    summary: 'Change the name, subject or body of a saved reply',
    body: body(UpdateSavedReplyInput),
    response: { type: SavedReplyView, shape: 'snake' },
    handle: (ctx, { params, body }) => savedReplies.updateSavedReply(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/saved-replies/:id',
    scope: 'replies:write',
    summary: 'Delete a saved reply for everyone in the workspace',
    response: { type: Deleted },
    handle: (ctx, { params }) => savedReplies.deleteSavedReply(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/saved-replies/:id/render',
    scope: 'replies:read',
    summary: 'Fill the merge fields for {reply_id} or {lead_id, mailbox_id}; nothing is sent',
    body: body(RenderSavedReplyInput),
    response: { type: RenderedSavedReply, shape: 'snake' },
    handle: (ctx, { params, body }) => savedReplies.renderSavedReply(ctx, params.id, body),
  }),
];
