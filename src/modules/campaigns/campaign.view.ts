// The campaign object of api.md, built from the entity (internal columns such as firstSentAt stay out).
import type { Campaign } from './campaign.entity';
import type { CampaignView } from './campaigns.types';

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
    abWinnerMetric: c.abWinnerMetric,
    abOptimizeAfter: c.abOptimizeAfter,
    cc: c.cc,
    bcc: c.bcc,
    tags: [...c.tags],
    mailboxTags: [...c.mailboxTags],
    startDate: c.startDate,
    endDate: c.endDate,
    createdAt: c.createdAt,
  };
}
