// One-off emails (api.md Leads rules 4 and 5): queued by POST /leads/:id/send, sent by the dispatcher
// through the same claim as sequence emails when the lead's campaign window is open and the inbox has
// room (sending/engine/deliver.ts judges that again at send time), dropped if the lead replies, unsubscribes or
// bounces first (leads/lifecycle/lead-progress.ts stopLead), cancelled until it starts going. The
// statements: one-offs.queries.ts.
import { createHash, randomUUID } from 'node:crypto';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404, isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { blockKeys } from '../blocklist/blocklist-match';
import { Campaign } from '../campaigns/campaign.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { capOn } from '../inboxes/ramp';
import { Lead } from '../leads/lead.entity';
import { Workspace } from '../accounts/workspace.entity';
import { ReplyItem } from '../replies/reply-item.entity';
import { answerThread, messageIdFor, threadHeaders } from '../sending/render/headers';
import { dayKey, nextOpening, sendZone, startOfDate } from '../sending/schedule';
import { checkMessageTemplates } from '../templates/template-check';
import type { OneOffSendInput } from './one-offs.inputs';
import { blockedKey, cancelQueuedOneOff, inboxSentOn, insertQueuedOneOff, oneOffByDedupeKey, oneOffStatus } from './one-offs.queries';

export interface QueuedOneOff {
  id: string;
  status: string;
  scheduledFor: Date;
}

/** The thread of the reply item a one-off answers (api.md Leads 4: replyTo is the lead's reply id): its
 *  In-Reply-To and References, kept on the send row; the engine composes the answer in the same thread
 *  (subject `Re: …`) from the item itself (sending/engine/batch-context.ts). */
async function replyThread(ctx: AuthedCtx, leadId: string, replyId: string): Promise<{ inReplyTo: string | null; references: string | null }> {
  const item = await ctx.em.findOne(ReplyItem, { id: replyId, lead: leadId }, { fields: ['subject', 'messageId', 'threadReferences'] });
  if (!item) throw new AppError('reply_not_found', 'No reply with this id was received from this lead.');
  const headers = threadHeaders(answerThread(item).messageIds);
  return { inReplyTo: headers?.inReplyTo ?? null, references: headers ? headers.references.join(' ') : null };
}

/** The earliest moment the email may go: the inbox past its gap, back-off and today's cap, then the
 *  first open window of the lead's campaign (in the lead's send zone). */
export function earliestOneOff(
  now: Date,
  inbox: { nextFreeAt: Date | null; backoffUntil: Date | null; capToday: number; sentToday: number; workspaceZone: string },
  campaign: Campaign,
  zone: string,
): Date | null {
  let from = now.getTime();
  if (inbox.nextFreeAt) from = Math.max(from, inbox.nextFreeAt.getTime());
  if (inbox.backoffUntil) from = Math.max(from, inbox.backoffUntil.getTime());
  if (inbox.sentToday >= inbox.capToday) {
    const tomorrow = startOfDate(inbox.workspaceZone, dayKey(inbox.workspaceZone, new Date(now.getTime() + 86_400_000)));
    from = Math.max(from, tomorrow.getTime());
  }
  return nextOpening(campaign, zone, new Date(from));
}

export async function queueOneOff(ctx: AuthedCtx, leadId: string, input: OneOffSendInput): Promise<QueuedOneOff> {
  if (input.subject != null && input.replyTo != null) {
    throw new AppError('validation_failed', "Give either subject (a new email) or replyTo (an answer in that reply's thread), not both.", {
      fields: { replyTo: ['cannot be given with subject'] },
    });
  }
  // decisions.md §11: the email is a template (merge fields, conditions, RANDOM), checked as a saved reply is.
  checkMessageTemplates(input);
  const lead = await findOr404(ctx.em, Lead, leadId, 'Lead');
  if (!isUuid(input.mailboxId)) throw notFound('Mailbox');
  const inbox = await ctx.em.findOne(Inbox, { id: input.mailboxId });
  if (!inbox) throw notFound('Mailbox');
  if (inbox.purpose === 'seed') throw new AppError('mailbox_is_seed', `The mailbox ${inbox.email} is a seed: it never sends.`, { mailbox_ids: [inbox.id] }); // decisions.md §16
  if (inbox.status !== 'active') throw new AppError('mailbox_not_active', `The mailbox ${inbox.email} is ${inbox.status}; resume it or pick another.`);
  if (lead.status === 'unsubscribed' || lead.stopReason === 'unsubscribed') throw new AppError('unsubscribed', 'This lead unsubscribed, so it is never emailed again.');
  if (lead.status === 'bounced' || lead.stopReason === 'bounced') throw new AppError('bounced', 'Mail to this lead bounced, so it is not emailed again.');
  const blocked = await blockedKey(ctx.em, ctx.actor.workspaceId, blockKeys(lead.email));
  if (blocked !== null) throw new AppError('blocklisted', `${blocked} is on the blocklist, so it is never contacted.`);
  const thread = input.replyTo ? await replyThread(ctx, lead.id, input.replyTo) : { inReplyTo: null, references: null };

  const now = ctx.deps.clock.now();
  const campaign = await ctx.em.findOneOrFail(Campaign, lead.campaign.id);
  const workspace = await ctx.em.findOneOrFail(Workspace, ctx.actor.workspaceId);
  const sentToday = await inboxSentOn(ctx.em, inbox.id, dayKey(workspace.timezone, now));
  const capToday = capOn(inbox, dayKey(workspace.timezone, now));
  const scheduledFor = earliestOneOff(now, { ...inbox, capToday, sentToday, workspaceZone: workspace.timezone }, campaign, sendZone(campaign, lead));
  if (!scheduledFor) throw new AppError('no_sending_window', `The campaign ${campaign.name} has no sending day or hours, so the email could never go; set its schedule first.`);

  const subject = input.subject ?? null;
  const dedupeKey = createHash('sha256')
    .update(JSON.stringify([inbox.id, subject, input.replyTo ?? null, input.body]))
    .digest('hex');
  const id = randomUUID();
  await insertQueuedOneOff(
    ctx.em,
    ctx.actor.workspaceId,
    {
      id,
      campaignId: campaign.id,
      leadId: lead.id,
      inboxId: inbox.id,
      dedupeKey,
      messageId: messageIdFor(id, inbox.email),
      subject,
      body: input.body,
      replyToId: input.replyTo ?? null,
      inReplyTo: thread.inReplyTo,
      references: thread.references,
      scheduledFor,
    },
    now,
  );
  // The same message queued twice is one email: the first row answers both calls.
  const row = await oneOffByDedupeKey(ctx.em, lead.id, dedupeKey);
  return { id: row!.id, status: row!.status, scheduledFor: row!.scheduledFor };
}

/** Drops a queued one-off with the error `Cancelled`; 409 once it is going or gone. */
export async function cancelOneOff(ctx: AuthedCtx, id: string): Promise<{ id: string; status: 'dropped' }> {
  if (!isUuid(id)) throw notFound('One-off email');
  if (await cancelQueuedOneOff(ctx.em, ctx.actor.workspaceId, id)) return { id, status: 'dropped' };
  const status = await oneOffStatus(ctx.em, ctx.actor.workspaceId, id);
  if (status === null) throw notFound('One-off email');
  if (status === 'dropped') return { id, status: 'dropped' };
  throw new AppError(
    'one_off_gone',
    status === 'sending' ? 'The email is going out now; it can no longer be cancelled.' : 'The email has already gone out; it can no longer be cancelled.',
    { status },
  );
}
