// How a lead moves through its sequence, shared by every code path that moves it: the engine after an
// accepted email, task done/skip, and the stops (reply, unsubscribe, bounce, pipeline). One place, so the
// fields the dispatcher reads (status, currentStep, lastStepAt, nextDueAt) always mean the same thing.
// The statements: lead-progress.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LeadStatus, StopReason } from '../lead.entity';
import { leadCompletedEvent } from '../../events/payloads';
import { recordEvent } from '../../events/record-event';
import { isInSequence, stopChangesSqlFor, type StopStatus } from './lead-status';
import { advanceLead, lockLeadBeforeStep, recordStepBehind, stopLeadRows } from './lead-progress.queries';

export type { StopStatus } from './lead-status';
// The set-wise stop statements live with the others in lead-progress.queries.ts; named here too, where the
// lifecycle's README and its tests look for them.
export { dropQueuedSendsStatement, stopLeadsStatements, stopSelectedStatement } from './lead-progress.queries';

export interface StepTiming {
  position: number;
  waitMinutes: number;
}

export interface LeadAfterStep {
  currentStep: number;
  lastStepAt: Date;
  status: LeadStatus;
  /** When the next step's wait is over (its condition and the window are judged then); null when done. */
  nextDueAt: Date | null;
}

/**
 * The lead's sequence fields once step `position` is behind it (sent, task closed or skipped) at `at`.
 * `status` stays `paused` for a paused lead (a task closed while paused); otherwise `active`, or
 * `completed` when no step follows.
 */
export function afterStep(steps: readonly StepTiming[], position: number, at: Date, currentStatus: LeadStatus): LeadAfterStep {
  const next = steps.filter((s) => s.position > position).sort((a, b) => a.position - b.position)[0];
  if (!next) return { currentStep: position, lastStepAt: at, status: 'completed', nextDueAt: null };
  return {
    currentStep: position,
    lastStepAt: at,
    status: currentStatus === 'paused' ? 'paused' : 'active',
    nextDueAt: new Date(at.getTime() + next.waitMinutes * 60_000),
  };
}

/** Moves a lead past `position` (sent, or interrupted and counted as sent) unless it is already past it
 *  or its sequence ended meanwhile (a reply during the send). Returns whether this completed the lead:
 *  the caller then runs the LEAD_COMPLETED hooks (lead-completed.ts) in the same transaction. */
export async function stepBehind(
  em: EntityManager,
  campaign: { steps: readonly StepTiming[] },
  leadId: string,
  position: number,
  at: Date,
  variant: number | null,
): Promise<boolean> {
  const lead = await lockLeadBeforeStep(em, leadId, position);
  if (!lead) return false;
  if (!isInSequence(lead.status)) {
    await recordStepBehind(em, leadId, position, at);
    return false;
  }
  const next = afterStep(campaign.steps, position, at, lead.status as 'pending' | 'active' | 'paused');
  await advanceLead(em, leadId, next, variant);
  if (next.status === 'completed') {
    await recordEvent(em, leadCompletedEvent({ workspaceId: lead.workspaceId, leadId, email: lead.email, campaignId: lead.campaignId }, at));
  }
  return next.status === 'completed';
}

/**
 * Ends a lead's sequence: status and stop reason set, nothing due any more, and every email still queued
 * for it (steps and one-offs) dropped with `reason` as its error. Rows already `sending` are left alone
 * (they are on the wire). Returns how many queued emails were dropped. Runs in the caller's transaction;
 * raw SQL so it works from any em (request, job) without loading the lead.
 *
 * Which leads a stop changes is lead-status.ts's stopChanges: a lead already stopped keeps its first
 * status and reason (the first stop is the true one), a completed one records a reply, an unsubscribe or
 * a bounce but is never made `stopped`; the queued emails are dropped either way.
 */
export async function stopLead(em: EntityManager, leadId: string, stop: { status: StopStatus; reason: StopReason }, dropReason: string): Promise<number> {
  return stopLeadRows(em, leadId, stop, dropReason);
}

/**
 * SET assignments that stop the lead row `l` as stopLead does, where the SQL condition `when` holds for
 * the row, and leave it as it is elsewhere: for a set-wise update that also writes other columns of the
 * same leads (a reply's replied_at), so each lead is updated once: an update of a lead writes a new
 * entry in every one of its indexes (status and next_due_at are indexed, so it is never a HOT update),
 * and two updates of one lead cost twice that. The caller drops their queued emails
 * (dropQueuedSendsStatement). `status` (a StopStatus) and `reason` are SQL expressions.
 */
export function stopAssignments(l: string, when: string, status: string, reason: string): string {
  const stops = `(${when}) and ${stopChangesSqlFor(l, status)}`;
  return `"status" = case when ${stops} then ${status} else ${l}."status" end,
          "stop_reason" = case when ${stops} then ${reason} else ${l}."stop_reason" end,
          "next_due_at" = case when ${stops} then null else ${l}."next_due_at" end`;
}
