// The lead object of api.md, built from the entity (internal columns such as lastSentAt stay out), with
// the zone its sends follow.
import type { Lead } from './lead.entity';
import type { LeadView } from './leads.types';
import { sendZone, type ZoneSettings } from './send-zone';

export function leadView(l: Lead, campaign: ZoneSettings): LeadView {
  return {
    id: l.id,
    workspaceId: l.workspace.id,
    campaignId: l.campaign.id,
    email: l.email,
    vars: { ...l.vars },
    timezone: l.timezone,
    status: l.status,
    stopReason: l.stopReason,
    interest: l.interest,
    wonAt: l.wonAt,
    dealValue: l.dealValue,
    note: l.note,
    provider: l.provider,
    verification: l.verification,
    verifiedAt: l.verifiedAt,
    currentStep: l.currentStep,
    nextDueAt: l.nextDueAt,
    awayUntil: l.awayUntil,
    createdAt: l.createdAt,
    sendZone: sendZone(campaign, l),
  };
}
