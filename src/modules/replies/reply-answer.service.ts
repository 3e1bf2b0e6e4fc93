// POST /replies/:id/reply (decisions.md §6): the answer goes at once, not through the queue, from the
// inbox that received the item, in its thread, exactly once, recorded as a one-off send.
//
// 1. The item row is locked (FOR UPDATE) for the whole call, SMTP included: a second POST for the same
//    item waits until the first is settled.
// 2. The answer is composed by the sending engine (sending/engine/send-now.ts: the same composer as every
//    email, so signature, merge fields, tracking and List-Unsubscribe follow the lead's campaign as a
//    queued one-off's do) to the lead's address, In-Reply-To the item's Message-ID, References its
//    chain, subject `Re: <its subject>`.
// 3. A `send` row (kind one_off, status sending, its Message-ID and claimed_at) commits BEFORE the SMTP
//    call, on a connection of its own. Its dedupe key is the item and the text: the same text for the
//    same item finds that row and sends nothing (a retry after a success, or after a crash whose outcome
//    is unknown: a duplicate email is worse than a missed one).
// 4. Accepted: the row becomes sent (the engine's recording), the item gets replied_at and is read.
//    Refused (any SMTP failure: 4xx, 5xx, login refused, no answer): the row is deleted, so nothing was
//    recorded as sent and the same text may be tried again; the caller gets 400 send_failed with the
//    server's answer. Deleting rather than marking it failed keeps `failed` meaning what the engine
//    means by it (gave up, or interrupted with its fate unknown), which the dedupe key must never retry.
import { createHash, randomUUID } from 'node:crypto';
import type { AuthedCtx } from '../../context';
import { isUuid } from '../../db/find';
import { sql } from '../../db/sql';
import { AppError, notFound } from '../../errors';
import type { SmtpResult } from '../../mail/smtp-sender';
import { prepareOneOffNow, sendOneOffNow } from '../sending/engine/send-now';
import { messageIdFor } from '../sending/render/headers';
import type { ReplyAnswerInput } from './replies.inputs';
import { lockReplyItem } from './replies.queries';

const noLead = () => new AppError('not_found', 'This reply has no lead (its sender is not a lead of this workspace), so there is nobody to answer.');

export async function answerReply(ctx: AuthedCtx, id: string, input: ReplyAnswerInput): Promise<{ sent: true }> {
  if (!isUuid(id)) throw notFound('Reply');
  const refused = await ctx.em.transactional(async (tx): Promise<SmtpResult | null> => {
    const item = await lockReplyItem(tx, ctx.actor.workspaceId, id);
    if (!item) throw notFound('Reply');
    if (!item.leadId || !item.leadCampaignId) throw noLead();

    const now = ctx.deps.clock.now();
    const sendId = randomUUID();
    const send = {
      id: sendId,
      workspaceId: ctx.actor.workspaceId,
      campaignId: item.leadCampaignId,
      leadId: item.leadId,
      inboxId: item.inboxId,
      kind: 'one_off' as const,
      stepPosition: null,
      variant: null,
      isFirst: false,
      attempts: 1,
      messageId: messageIdFor(sendId, item.inboxEmail),
      subject: null,
      body: input.body,
      replyToId: item.id,
      claimedAt: now,
    };
    // Read outside the transaction (it reads several tables at once; a transaction's connection runs one
    // statement at a time), which holds only the item's lock.
    const prepared = await prepareOneOffNow(ctx.deps, ctx.deps.orm.em.fork(), send, now);
    if (!prepared) throw noLead();
    // The refusals of a queued one-off (api.md Leads 4), judged on what the engine judges at send time.
    const { lead, inbox } = prepared;
    if (inbox.deleted || inbox.status !== 'active') {
      throw new AppError('mailbox_not_active', `The inbox ${inbox.email} that received this reply is ${inbox.deleted ? 'deleted' : inbox.status}; resume it to answer from it.`);
    }
    if (lead.status === 'unsubscribed') throw new AppError('unsubscribed', 'This lead unsubscribed, so it is never emailed again.');
    if (lead.status === 'bounced') throw new AppError('bounced', 'Mail to this lead bounced, so it is not emailed again.');
    if (prepared.blocked) throw new AppError('blocklisted', `${lead.email} (or its domain) is on the blocklist, so it is never contacted.`);

    const dedupeKey = createHash('sha256')
      .update(JSON.stringify(['answer', item.id, input.body]))
      .digest('hex');
    const headers = prepared.composed.headers;
    // Committed at once, on its own connection: the Message-ID is on record before the server sees it.
    const written = await sql(
      ctx.deps.orm.em.fork(),
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, dedupe_key, status, message_id, subject, body, reply_to_id,
                         in_reply_to, "references", scheduled_for, claimed_at, attempts)
       values (?, ?, ?, ?, ?, ?, 'one_off', ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, 1)
       on conflict do nothing returning id`,
      [
        sendId,
        now,
        send.workspaceId,
        send.campaignId,
        send.leadId,
        send.inboxId,
        dedupeKey,
        prepared.composed.messageId,
        prepared.composed.subject,
        input.body,
        item.id,
        headers['In-Reply-To'] ?? null,
        headers['References'] ?? null,
        now,
        now,
      ],
    );
    // This text already answered this item (or went out with its fate unknown): never a second email.
    if (!written.length) return null;

    // An exception from here on leaves the row in `sending`: whether the email went is unknown.
    const result = await sendOneOffNow(ctx.deps, prepared);
    if (result.outcome !== 'accepted') {
      await sql(ctx.deps.orm.em.fork(), `delete from send where id = ? and status = 'sending'`, [sendId]);
      return result;
    }
    await sql(tx, `update reply_item set replied_at = ?, is_read = true where id = ?`, [ctx.deps.clock.now(), item.id]);
    return null;
  });
  if (refused) {
    throw new AppError('send_failed', `The inbox's mail server did not take the answer, so nothing was sent: ${refused.detail || 'no answer'}`, {
      smtp_code: refused.code,
      smtp_answer: refused.detail,
    });
  }
  return { sent: true };
}
