// The reply inbox (api.md Replies, decisions.md §6): listing and counting the items the poller stored,
// labelling, reading, assigning, snoozing and unsubscribing them. Answering one is reply-answer.service.ts.
//
// Choices api.md leaves open:
// - An id that is not a uuid, unknown, or another workspace's answers 404 not_found everywhere.
// - PATCH with neither status nor is_read is refused (validation_failed), as a call that changes nothing
//   is a client's mistake.
// - A snooze may name a past moment: the item is simply not hidden (null is the way to say "now").
import { LockMode, ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404, isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import { User } from '../accounts/user.entity';
import { Lead } from '../leads/lead.entity';
import { changeInterest } from '../leads/lifecycle/interest-change';
import { unsubscribeLead } from '../leads/lifecycle/unsubscribe';
import { ReplyItem } from './reply-item.entity';
import { DEFAULT_REPLY_PAGE, type AssignReplyInput, type ReplyQueryInput, type SnoozeReplyInput, type UpdateReplyInput } from './replies.inputs';
import { countReplyRows, listReplyRows, replyCountRow, replyRowById, type ReplyListFilter, type ReplyRow } from './replies.queries';

const lockedItem = (em: EntityManager, id: string) => findOr404(em, ReplyItem, id, 'Reply', { lockMode: LockMode.PESSIMISTIC_WRITE });

/** GET /replies: newest first, snoozed items hidden until they come back; total counts the matches. */
export async function listReplies(ctx: AuthedCtx, query: ReplyQueryInput): Promise<{ total: number; items: ReplyRow[]; nextCursor: string | null }> {
  const filter: ReplyListFilter = {
    workspaceId: ctx.actor.workspaceId,
    now: ctx.deps.clock.now(),
    kind: query.kind,
    status: query.status,
    unread: query.unread,
    untracked: query.untracked,
    campaignId: query.campaignId,
    inboxId: query.mailboxId,
    q: query.q?.trim() || null,
  };
  // The cursor names the list's filters (decisions.md §12), not the workspace or the moment.
  const { kind, status, unread, untracked, campaignId, inboxId, q } = filter;
  const paging = Paging.of(ctx, 'replies', { kind, status, unread, untracked, campaignId, inboxId, q }, query, DEFAULT_REPLY_PAGE);
  const [receivedAt, id] = paging.after ?? [];
  const page = { limit: paging.fetch!, offset: paging.offset, ...(paging.after ? { after: { receivedAt: String(receivedAt), id: String(id) } } : {}) };
  const [rows, total] = await Promise.all([listReplyRows(ctx.em, filter, page), countReplyRows(ctx.em, filter)]);
  return { total, ...paging.close(rows, (r) => [isoKey(r.receivedAt), r.id]) };
}

/** GET /replies/:id: one item as the list shows it, snoozed or not (a link to an item keeps working
 *  while it is hidden from the list). */
export async function getReply(ctx: AuthedCtx, id: string): Promise<ReplyRow> {
  const row = isUuid(id) ? await replyRowById(ctx.em, ctx.actor.workspaceId, id) : null;
  if (!row) throw notFound('Reply');
  return row;
}

/** GET /replies/counts (decisions.md §6; which items count: replies.queries.ts replyCountRow). */
export function replyCounts(ctx: AuthedCtx): Promise<{ unread: number; unreadReplies: number; answered: number; untracked: number }> {
  return replyCountRow(ctx.em, ctx.actor.workspaceId, ctx.deps.clock.now());
}

/** The item's status, copied to its lead's interest in the same transaction (api.md States: "Setting a
 *  reply's status copies the label to its lead"); `lead` is no label, so the lead's interest is cleared.
 *  The lead's interest changes through leads/lifecycle/interest-change.ts (the interest_changed event,
 *  source `reply`, when it really changes; decisions.md §11). The item is locked by the caller. */
async function label(ctx: AuthedCtx, em: EntityManager, item: ReplyItem, status: string, now: Date): Promise<void> {
  item.status = status;
  if (!item.lead) return;
  const lead = await em.findOne(Lead, item.lead.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (lead) await changeInterest(em, ctx.deps, lead, status === 'lead' ? null : status, { workspaceId: ctx.actor.workspaceId, source: 'reply', replyId: item.id, now });
}

/** PATCH /replies/:id: status and/or is_read. The item is locked first, then its lead (the order every
 *  reply inbox change takes). */
export async function updateReply(ctx: AuthedCtx, id: string, input: UpdateReplyInput): Promise<{ updated: true }> {
  if (input.status === undefined && input.isRead === undefined) {
    throw new AppError('validation_failed', 'Send status, is_read or both.', { fields: { status: ['send status, is_read or both'], is_read: ['send status, is_read or both'] } });
  }
  return ctx.em.transactional(async (em) => {
    const item = await lockedItem(em, id);
    if (input.isRead !== undefined) item.isRead = input.isRead;
    if (input.status !== undefined) await label(ctx, em, item, input.status, ctx.deps.clock.now());
    await em.flush();
    return { updated: true as const };
  });
}

/** PATCH /replies/:id/assign (decisions.md §6): a member of the workspace or null; anyone else 400. */
export async function assignReply(ctx: AuthedCtx, id: string, input: AssignReplyInput): Promise<{ assignedUserId: string | null }> {
  const item = await findOr404(ctx.em, ReplyItem, id, 'Reply');
  if (input.userId !== null) {
    // The workspace filter makes another workspace's user as unknown as a made-up id.
    const user = isUuid(input.userId) ? await ctx.em.findOne(User, { id: input.userId }) : null;
    if (!user) throw new AppError('unknown_user', `No member of this workspace has the id ${input.userId}; GET /settings/members lists them.`);
    item.assignedUser = ref(user);
  } else {
    item.assignedUser = null;
  }
  await ctx.em.flush();
  return { assignedUserId: item.assignedUser?.id ?? null };
}

/**
 * POST /replies/:id/unsubscribe (api.md Replies, Events 1): the lead stops, its address goes on the
 * blocklist, the unsubscribe event fires once per lead (leads/lifecycle/unsubscribe.ts), and the item
 * is marked not_interested, copied to the lead like PATCH. Repeating it changes nothing and fires no
 * second event. 404 when the item has no lead.
 */
export async function unsubscribeReply(ctx: AuthedCtx, id: string): Promise<{ unsubscribed: true }> {
  return ctx.em.transactional(async (em) => {
    const item = await lockedItem(em, id);
    if (!item.lead) throw new AppError('not_found', 'This reply has no lead (its sender is not a lead of this workspace), so there is nobody to unsubscribe.');
    const now = ctx.deps.clock.now();
    await unsubscribeLead(em, item.lead.id, now, 'reply');
    await label(ctx, em, item, 'not_interested', now);
    await em.flush();
    return { unsubscribed: true as const };
  });
}

/** PATCH /replies/:id/snooze: hidden from the list (and the unread counts) until `until`; null brings it back now. */
export async function snoozeReply(ctx: AuthedCtx, id: string, input: SnoozeReplyInput): Promise<{ snoozedUntil: Date | null }> {
  const item = await findOr404(ctx.em, ReplyItem, id, 'Reply');
  item.snoozedUntil = input.until === null ? null : new Date(input.until);
  await ctx.em.flush();
  return { snoozedUntil: item.snoozedUntil };
}
