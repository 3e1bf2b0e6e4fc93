// Subsequences (decisions.md §11): creating one under a campaign and listing them. A subsequence is a
// campaign in every other way (steps, schedule, limits, settings, launch and pause through the campaign
// endpoints); what moves leads into it is triggers.ts, the move itself enter.ts (README.md).
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { Campaign, type SubsequenceTrigger } from '../campaigns/campaign.entity';
import { campaignView } from '../campaigns/campaign.view';
import { copiedSettings, pendingLeadCounts, startingInboxes } from '../campaigns/campaigns.service';
import type { CreateSubsequenceInput, SubsequenceTriggerInput } from './subsequences.inputs';

/** The validated input as stored: the request's shape, labels and words each once (words trimmed, told
 *  apart ignoring case, as they are matched). */
export function storedTrigger(t: SubsequenceTriggerInput): SubsequenceTrigger {
  if (t.interest) return { interest: [...new Set(t.interest)] };
  if (t.replyContains) {
    const seen = new Set<string>();
    const words = t.replyContains.map((w) => w.trim()).filter((w) => !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()));
    return { reply_contains: words };
  }
  return { completed: true };
}

/** The campaign that takes subsequences: a top-level campaign that is not the One-off campaign. */
async function parentOf(ctx: AuthedCtx, campaignId: string): Promise<Campaign> {
  const parent = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  if (parent.parentCampaign) {
    throw new AppError('nested_subsequence', `This campaign is a subsequence of ${parent.parentCampaign.id}; a subsequence has no subsequences of its own, so add it there.`, {
      parent_campaign_id: parent.parentCampaign.id,
    });
  }
  if (parent.oneOff) throw new AppError('one_off_subsequence', 'The One-off campaign holds addresses for one-off emails and runs no sequence, so it has no subsequences.');
  return parent;
}

/** POST /campaigns/:id/subsequences: a draft campaign under `campaignId`, with the parent's schedule,
 *  limits, settings (campaigns.service.ts copiedSettings) and inboxes, its own name and trigger, no steps. */
export async function createSubsequence(ctx: AuthedCtx, campaignId: string, input: CreateSubsequenceInput) {
  const parent = await parentOf(ctx, campaignId);
  const inboxes = await startingInboxes(parent);
  const subsequence = ctx.em.create(Campaign, {
    ...copiedSettings(parent),
    workspace: parent.workspace,
    name: input.name.trim(),
    parentCampaign: parent,
    trigger: storedTrigger(input.trigger),
    // Its leads all come from the parent: their fields rank as they do there (leads/field-order.ts).
    fieldOrder: [...parent.fieldOrder],
  });
  subsequence.inboxes.set(inboxes);
  await ctx.em.flush();
  return campaignView(subsequence);
}

/** GET /campaigns/:id/subsequences: oldest first, each with its pending leads like the campaign list. */
export async function listSubsequences(ctx: AuthedCtx, campaignId: string) {
  const parent = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const subsequences = await ctx.em.find(Campaign, { parentCampaign: parent }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const pending = await pendingLeadCounts(
    ctx.em,
    subsequences.map((s) => s.id),
  );
  return subsequences.map((s) => ({ ...campaignView(s), leadsPending: pending.get(s.id) ?? 0 }));
}
