// The campaign object of api.md, built from the entity (internal columns such as firstSentAt stay out).
import type { Campaign, SubsequenceTrigger } from './campaign.entity';
import type { CampaignView, SubsequenceTriggerView } from './campaigns.types';

/** The stored trigger (the API's request shape) as the campaign object shows it: camelCase, like every
 *  field of the object (api.md Conventions), only the one key that is set. */
export function triggerView(t: SubsequenceTrigger | null): SubsequenceTriggerView | null {
  if (!t) return null;
  if ('interest' in t) return { interest: [...t.interest] };
  if ('reply_contains' in t) return { replyContains: [...t.reply_contains] };
  return { completed: true };
}

export function campaignView(c: Campaign): CampaignView {
  return {
    id: c.id,
    workspaceId: c.workspace.id,
    name: c.name,
    status: c.status,
    timezone: c.timezone,
    days: [...c.days],
    windowStart: c.windowStart,
    windowEnd: c.windowEnd,
    windows: c.windows ? c.windows.map((w) => ({ days: [...w.days], start: w.start, end: w.end })) : null,
    leadTimezone: c.leadTimezone,
    dailyLimit: c.dailyLimit,
    maxNewLeadsPerDay: c.maxNewLeadsPerDay,
    prioritizeNew: c.prioritizeNew,
    skipRisky: c.skipRisky,
    dealValue: c.dealValue,
    stopOnReply: c.stopOnReply,
    stopOnAutoReply: c.stopOnAutoReply,
    openTracking: c.openTracking,
    clickTracking: c.clickTracking,
    unsubHeader: c.unsubHeader,
    textOnly: c.textOnly,
    companyReplyStop: c.companyReplyStop,
    providerMatching: c.providerMatching,
    bounceProtect: c.bounceProtect,
    pausedReason: c.pausedReason,
    abWinnerMetric: c.abWinnerMetric,
    abOptimizeAfter: c.abOptimizeAfter,
    cc: c.cc,
    bcc: c.bcc,
    tags: [...c.tags],
    mailboxTags: [...c.mailboxTags],
    startDate: c.startDate,
    endDate: c.endDate,
    createdAt: c.createdAt,
    parentCampaignId: c.parentCampaign?.id ?? null,
    trigger: triggerView(c.trigger),
  };
}
