// The lead object of api.md, built from the entity (internal columns such as lastSentAt stay out), with
// the zone its sends follow.
import type { Lead } from './lead.entity';
import type { LeadView } from './leads.types';
import { sendZone, type ZoneSettings } from './send-zone';

type Columns =
  | 'id'
  | 'email'
  | 'vars'
  | 'timezone'
  | 'status'
  | 'stopReason'
  | 'interest'
  | 'wonAt'
  | 'dealValue'
  | 'note'
  | 'provider'
  | 'effectiveProvider'
  | 'verification'
  | 'verifiedAt'
  | 'currentStep'
  | 'nextDueAt'
  | 'awayUntil'
  | 'mailboxId'
  | 'createdAt';

/** A lead as read: the entity, or a row the query builder mapped without hydrating an entity (relations
 *  as ids) — list pages read that way, as hydrating a thousand entities costs more than the query. */
export type LeadRecord = Pick<Lead, Columns> & { workspace: string | { id: string }; campaign: string | { id: string } };

export const idOf = (ref: string | { id: string }): string => (typeof ref === 'string' ? ref : ref.id);

export function leadView(l: LeadRecord, campaign: ZoneSettings): LeadView {
  return {
    id: l.id,
    workspaceId: idOf(l.workspace),
    campaignId: idOf(l.campaign),
    email: l.email,
    vars: { ...l.vars },
    timezone: l.timezone,
    status: l.status,
    stopReason: l.stopReason,
    interest: l.interest,
    wonAt: l.wonAt,
    dealValue: l.dealValue,
    note: l.note,
    // Its domain's provider (lead-provider.ts); an entity created in this request has not read it yet.
    provider: l.effectiveProvider === undefined ? l.provider : l.effectiveProvider,
    verification: l.verification,
    verifiedAt: l.verifiedAt,
    currentStep: l.currentStep,
    nextDueAt: l.nextDueAt,
    awayUntil: l.awayUntil,
    mailboxId: l.mailboxId,
    createdAt: l.createdAt,
    sendZone: sendZone(campaign, l),
  };
}
