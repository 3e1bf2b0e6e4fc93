// POST /replies/:id/link (decisions.md §11 untracked replies): ties an untracked reply (it matched no send
// or lead, but answers this inbox's mail: ingest/untracked.ts) to a lead of the workspace, and applies
// what a reply from that lead does when the poller matches it, exactly once:
//
// - the item gets the lead and its campaign, `untracked` false, `matched_by` `link`;
// - the effects of ingest (ingest/effects.ts, the same code): the lead's replied_at (its first reply),
//   the inbox's `replied` count for the day the reply arrived, the stop with stopOnReply and its queued
//   emails dropped, the company stop with companyReplyStop (or, without stopOnReply, its `no_reply`
//   conditions no longer holding); a lead of the One-off campaign is a reply to a one-off (kept, not
//   counted);
// - the `reply_received` event with the lead, which the poller did not record for an item without one;
// - the REPLIES_INGESTED hooks (a subsequence whose trigger is words of the lead's reply);
// - a label the item was given meanwhile is copied to the lead, as PATCH /replies/:id does (the
//   `interest_changed` event, source `reply`).
//
// One transaction, the item locked first and the lead second (the order every reply inbox change takes).
// Refusals: an item that is not untracked (matched at ingest, or linked already): 409 reply_linked, and
// nothing changes; a lead that is unknown or another workspace's: 404; an unknown item: 404.
import { LockMode, ref } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { eventsInsert } from '../events/events.queries';
import { replyReceivedEvent } from '../events/payloads';
import { changeInterest } from '../leads/lifecycle/interest-change';
import { Lead } from '../leads/lead.entity';
import { runIngestedHooks } from './ingest/after-ingest';
import { applyEffects, type NewItem } from './ingest/effects';
import type { LinkReplyInput } from './replies.inputs';
import { replyRowById, type ReplyRow } from './replies.queries';
import { ReplyItem } from './reply-item.entity';

export async function linkReply(ctx: AuthedCtx, id: string, input: LinkReplyInput): Promise<ReplyRow> {
  const workspaceId = ctx.actor.workspaceId;
  await ctx.em.transactional(async (em) => {
    // bodyText is lazy: populated for the hooks, which read the reply's words.
    const item = await findOr404(em, ReplyItem, id, 'Reply', { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['bodyText'] });
    if (!item.untracked || item.lead) {
      throw new AppError(
        'reply_linked',
        item.lead
          ? `This reply is already tied to the lead ${item.lead.id}; nothing changed.`
          : 'This reply is not an untracked reply (it was matched to our mail when it arrived); nothing changed.',
        { lead_id: item.lead?.id ?? null },
      );
    }
    // The workspace filter makes another workspace's lead as unknown as a made-up id.
    const lead = await findOr404(em, Lead, input.leadId, 'Lead', { lockMode: LockMode.PESSIMISTIC_WRITE });
    const [campaign, workspace] = await Promise.all([em.findOneOrFail(Campaign, lead.campaign.id), em.findOneOrFail(Workspace, workspaceId)]);
    const now = ctx.deps.clock.now();

    item.lead = ref(lead);
    item.campaign = ref(campaign);
    item.oneOff = campaign.oneOff;
    item.untracked = false;
    item.matchedBy = 'link';
    await em.flush();

    // An untracked item is always a person's reply (ingest/untracked.ts: never a bounce or an auto-reply).
    const linked: NewItem = {
      match: { leadId: lead.id, campaignId: campaign.id, sendId: null, oneOff: campaign.oneOff, answer: false, matchedBy: 'link', zone: campaign.timezone },
      cls: { kind: 'reply', rule: item.rule, evidence: item.evidence },
      receivedAt: item.receivedAt,
      awayUntil: null,
    };
    const event = replyReceivedEvent(
      {
        workspaceId,
        replyId: item.id,
        leadId: lead.id,
        campaignId: campaign.id,
        inboxId: item.inbox.id,
        fromEmail: item.fromEmail,
        subject: item.subject,
        kind: 'reply',
        oneOff: campaign.oneOff,
        awayUntil: null,
      },
      item.receivedAt,
      now,
    );
    await applyEffects(em, [linked], { workspaceId, inboxId: item.inbox.id, workspaceZone: workspace.timezone, now }, [eventsInsert([event])]);
    // What other areas do with a lead's reply (after-ingest.ts: a subsequence's reply trigger), as if the
    // poller had matched it.
    await runIngestedHooks(em, ctx.deps, {
      workspaceId,
      inboxId: item.inbox.id,
      now,
      items: [{ replyId: item.id, leadId: lead.id, campaignId: campaign.id, kind: 'reply', oneOff: campaign.oneOff, bodyText: item.bodyText, receivedAt: item.receivedAt }],
    });
    // The effects wrote the lead in SQL: read it again before its interest is written through the ORM.
    await em.refresh(lead);
    if (item.status !== 'lead') await changeInterest(em, ctx.deps, lead, item.status, { workspaceId, source: 'reply', replyId: item.id, now });
  });
  return (await replyRowById(ctx.em, workspaceId, id))!;
}
