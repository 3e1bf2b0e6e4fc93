// POST /replies/:id/reply (decisions.md §6): the answer goes at once, not through the queue, from the
// lead's own inbox (the one that sends its sequence, decisions.md §11), else the inbox that received the
// item, in its thread, exactly once, recorded as a one-off send.
//
// No transaction is open while the mail server is waited on (decisions.md §10): a server that accepts
// and never answers must not hold pooled database connections that every workspace's requests need.
// The claim is the send row itself, committed before the SMTP call:
//
// 1. The item is read (no lock) and the answer composed by the sending engine (sending/engine/send-now.ts:
//    the same composer as every email, so signature, merge fields, tracking and List-Unsubscribe follow
//    the lead's campaign as a queued one-off's do) to whoever wrote the item (its Reply-To, else its
//    From: decisions.md §11), In-Reply-To the item's Message-ID, References its chain, subject
//    `Re: <its subject>`. The refusals of a queued one-off are judged on that (and the blocklist on the
//    recipient too, when it is not the lead).
// 2. A `send` row (kind one_off, status sending, its Message-ID and claimed_at) is inserted and committed
//    on its own: the claim. Its dedupe key is the item and the text, unique per lead, so of two calls with
//    the same text (two clicks, two processes) only one claims; the other waits, without a lock or a
//    transaction, for that row's outcome (below) and sends nothing while the row stands: a retry after a
//    success, or after a crash whose outcome is unknown, never sends twice (a duplicate email is worse
//    than a missed one). Another text for the same item is another answer and goes at once.
// 3. The SMTP call, with no transaction open, bounded in time (SEND_NOW_LIMITS: a server that never
//    answers ends in 400 send_failed saying it timed out), in one of the workspace's slots for work that
//    waits on a mail server (429 too_many_in_flight beyond them).
// 4. The outcome, written after: accepted, the row becomes sent (the engine's recording) and the item gets
//    replied_at and is read. Refused (any SMTP failure: 4xx, 5xx, login refused, refused host, no answer,
//    the service stopping): the row is deleted, so nothing was recorded as sent and the same text may be
//    tried again (a call waiting on the row then claims it and sends); the caller gets 400 send_failed
//    with the server's answer. Deleting rather than marking it failed keeps `failed` meaning what the
//    engine means by it (gave up, or interrupted with its fate unknown), which the dedupe key must never
//    retry.
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AuthedCtx } from '../../runtime/context';
import { isUuid } from '../../storage/find';
import { isValidEmail, normalizeEmail } from '../../contracts/email-address';
import { AppError, notFound } from '../../contracts/errors';
import type { SmtpResult } from '../../mail/smtp-sender';
import { blockKeys } from '../blocklist/blocklist-match';
import { blockedKey } from '../one-offs/one-offs.queries';
import { prepareOneOffNow, SEND_NOW_LIMITS, sendOneOffNow, type OneOffNow } from '../sending/engine/send-now';
import { messageIdFor } from '../sending/render/headers';
import { checkMessageTemplates } from '../templates/template-check';
import type { ReplyAnswerInput } from './replies.inputs';
import { answerSendStatus, deleteAnswerClaim, insertAnswerClaim, leadOwnInbox, markItemAnswered, replyItemToAnswer, type ReplyItemToAnswer } from './replies.queries';

/** How long a call waits for another call's claim on the same text to settle: the send's deadline and
 *  room to record it. Past that the other call's fate is unknown (it crashed): nothing is sent. */
const CLAIM_WAIT_MS = SEND_NOW_LIMITS.deadlineMs + 15_000;
/** How often a waiting call looks at the claim (a short read, no lock). */
const CLAIM_POLL_MS = 100;

const noLead = () =>
  new AppError(
    'not_found',
    'This reply has no lead (its sender is not a lead of this workspace), so there is nobody to answer; an untracked reply can be tied to its lead first (POST /replies/:id/link).',
  );

type Item = ReplyItemToAnswer & { leadId: string; leadCampaignId: string };

export async function answerReply(ctx: AuthedCtx, id: string, input: ReplyAnswerInput): Promise<{ sent: true }> {
  // decisions.md §11: the answer is a template, checked as a saved reply is.
  checkMessageTemplates({ body: input.body });
  if (!isUuid(id)) throw notFound('Reply');
  const item = await replyItemToAnswer(ctx.em, ctx.actor.workspaceId, id);
  if (!item) throw notFound('Reply');
  if (!item.leadId || !item.leadCampaignId) throw noLead();
  // decisions.md §11: the lead hears from one inbox, its own, whichever inbox the item came to.
  const own = await leadOwnInbox(ctx.em, ctx.actor.workspaceId, item.leadId);
  const from = own ? { ...item, inboxId: own.id, inboxEmail: own.email } : item;
  // decisions.md §10: the whole call waits on the inbox's mail server, so it takes one of its slots.
  const refused = await ctx.deps.peerWork.run(ctx.actor.workspaceId, () => answerOnce(ctx, from as Item, input.body));
  if (refused) {
    throw new AppError('send_failed', `The inbox's mail server did not take the answer, so nothing was sent: ${refused.detail || 'no answer'}`, {
      smtp_code: refused.code,
      smtp_answer: refused.detail,
    });
  }
  return { sent: true };
}

/** Claims the answer and sends it, or waits for the call holding the claim. Null when the answer went
 *  (by this call or another) or its fate is unknown; the server's refusal otherwise. */
async function answerOnce(ctx: AuthedCtx, item: Item, body: string): Promise<SmtpResult | null> {
  const dedupeKey = createHash('sha256')
    .update(JSON.stringify(['answer', item.id, body]))
    .digest('hex');
  const waitUntil = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const claimed = await claim(ctx, item, body, dedupeKey);
    if (claimed) return send(ctx, item, claimed);
    // Another call holds the claim. Its row gone means it was refused: claim again and send.
    if ((await settled(ctx, item.leadId, dedupeKey, waitUntil)) !== 'gone') return null;
  }
}

/** Composes the answer, judges the refusals, and commits its send row; null when a row with the same
 *  dedupe key stands (another call's claim, or an answer already sent). */
async function claim(ctx: AuthedCtx, item: Item, body: string, dedupeKey: string): Promise<OneOffNow | null> {
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
    body,
    replyToId: item.id,
    claimedAt: now,
  };
  const prepared = await prepareOneOffNow(ctx.deps, ctx.deps.orm.em.fork(), send, now);
  if (!prepared) throw noLead();
  // The refusals of a queued one-off (api.md Leads 4), judged on what the engine judges at send time.
  const { lead, inbox } = prepared;
  // decisions.md §16: a seed never sends (one deleted and added back as a seed keeps its leads and items).
  if (inbox.seed) throw new AppError('mailbox_is_seed', `The inbox ${inbox.email} that answers this lead is a seed: it never sends.`, { mailbox_ids: [inbox.id] });
  if (inbox.deleted || inbox.status !== 'active') {
    throw new AppError('mailbox_not_active', `The inbox ${inbox.email} that answers this lead is ${inbox.deleted ? 'deleted' : inbox.status}; resume it to answer from it.`);
  }
  if (lead.status === 'unsubscribed') throw new AppError('unsubscribed', 'This lead unsubscribed, so it is never emailed again.');
  if (lead.status === 'bounced') throw new AppError('bounced', 'Mail to this lead bounced, so it is not emailed again.');
  if (prepared.blocked) throw new AppError('blocklisted', `${lead.email} (or its domain) is on the blocklist, so it is never contacted.`);
  // decisions.md §11: the answer goes to whoever wrote: the item's Reply-To, else its sender (a colleague
  // who answered for the lead gets the answer), refused like the lead when blocklisted.
  const to = answerRecipient(item, lead.email);
  if (to !== lead.email && (await blockedKey(ctx.em, ctx.actor.workspaceId, blockKeys(to)))) {
    throw new AppError('blocklisted', `${to} (or its domain) is on the blocklist, so it is never contacted.`);
  }
  prepared.composed.mail.to = { name: '', address: to };

  const headers = prepared.composed.headers;
  // Committed at once (no transaction): the Message-ID is on record before the server sees it.
  const written = await insertAnswerClaim(
    ctx.deps.orm.em.fork(),
    send.workspaceId,
    {
      id: sendId,
      campaignId: send.campaignId,
      leadId: send.leadId,
      inboxId: send.inboxId,
      dedupeKey,
      messageId: prepared.composed.messageId,
      subject: prepared.composed.subject,
      body,
      replyToId: item.id,
      inReplyTo: headers['In-Reply-To'] ?? null,
      references: headers['References'] ?? null,
    },
    now,
    ctx.deps.owner.name,
  );
  return written ? prepared : null;
}

/** Where an answer to the item goes: its Reply-To (stored only when a valid address), else its sender
 *  when that is a valid address, else the lead. */
export function answerRecipient(item: Pick<ReplyItemToAnswer, 'replyTo' | 'fromEmail'>, leadEmail: string): string {
  return item.replyTo ?? (isValidEmail(item.fromEmail) ? normalizeEmail(item.fromEmail) : leadEmail);
}

/** Waits (polling, nothing held) until the claim on `dedupeKey` is settled: `gone` (refused, deleted),
 *  `settled` (sent, or swept as interrupted), or `unknown` past `waitUntil`. */
async function settled(ctx: AuthedCtx, leadId: string, dedupeKey: string, waitUntil: number): Promise<'gone' | 'settled' | 'unknown'> {
  for (;;) {
    const status = await answerSendStatus(ctx.deps.orm.em.fork(), leadId, dedupeKey);
    if (status === null) return 'gone';
    if (status !== 'sending') return 'settled';
    if (Date.now() >= waitUntil) return 'unknown';
    await sleep(CLAIM_POLL_MS);
  }
}

/** The SMTP call for a committed claim, then its outcome. An exception from the call leaves the row in
 *  `sending`: whether the email went is unknown, so it is never sent again. */
async function send(ctx: AuthedCtx, item: Item, prepared: OneOffNow): Promise<SmtpResult | null> {
  const result = await sendOneOffNow(ctx.deps, prepared);
  if (result.outcome !== 'accepted') {
    await deleteAnswerClaim(ctx.deps.orm.em.fork(), prepared.send.id);
    return result;
  }
  await markItemAnswered(ctx.deps.orm.em.fork(), ctx.actor.workspaceId, item.id, ctx.deps.clock.now());
  return null;
}
