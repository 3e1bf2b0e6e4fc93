// How a lead moves through its sequence, shared by every code path that moves it: the engine after an
// accepted email, task done/skip, and the stops (reply, unsubscribe, bounce, pipeline). One place, so the
// fields the dispatcher reads (status, currentStep, lastStepAt, nextDueAt) always mean the same thing.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LeadStatus, StopReason } from '../lead.entity';
import { pgArray, sql, sqlRun } from '../../../db/sql';
import { leadCompletedEvent } from '../../events/payloads';
import { recordEvent } from '../../events/record-event';
import { isInSequence, stopChangesSql, stopChangesSqlFor, type StopStatus } from './lead-status';

export type { StopStatus } from './lead-status';

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
 *  or its sequence ended meanwhile (a reply during the send). */
export async function stepBehind(em: EntityManager, campaign: { steps: readonly StepTiming[] }, leadId: string, position: number, at: Date, variant: number | null) {
  const [row] = await sql(em, `select status, workspace_id, email, campaign_id from lead where id = ? and current_step < ? for update`, [leadId, position]);
  if (!row) return;
  const status = row.status as LeadStatus;
  if (!isInSequence(status)) {
    await sql(em, `update lead set current_step = ?, last_step_at = ? where id = ?`, [position, at, leadId]);
    return;
  }
  const next = afterStep(campaign.steps, position, at, status as 'pending' | 'active' | 'paused');
  await sql(em, `update lead set current_step = ?, last_step_at = ?, status = ?, next_due_at = ?, variant = coalesce(variant, ?) where id = ?`, [
    next.currentStep,
    next.lastStepAt,
    next.status,
    next.nextDueAt,
    variant,
    leadId,
  ]);
  if (next.status === 'completed') {
    await recordEvent(em, leadCompletedEvent({ workspaceId: String(row.workspace_id), leadId, email: String(row.email), campaignId: String(row.campaign_id) }, at));
  }
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
  const [stopIt, dropSends] = stopLeadsStatements([leadId], stop, dropReason);
  await sqlRun(em, stopIt!.query, stopIt!.params);
  return sqlRun(em, dropSends!.query, dropSends!.params);
}

/** stopLead's two statements for many leads at once, for set-wise callers (reply ingest, hard bounces)
 *  that send them with others in one round trip: the leads still going stop, then every email still
 *  queued for them is dropped. */
export function stopLeadsStatements(leadIds: readonly string[], stop: { status: StopStatus; reason: StopReason }, dropReason: string): { query: string; params: unknown[] }[] {
  return [
    {
      query: `update "lead" l set "status" = ?, "stop_reason" = ?, "next_due_at" = null where l."id" = any(?::uuid[]) and ${stopChangesSql('l', stop.status)}`,
      params: [stop.status, stop.reason, pgArray(leadIds)],
    },
    dropQueuedSendsStatement(leadIds, dropReason),
  ];
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

/**
 * stopLead for the leads a query selects (`selection`: one `id` column, with its `?` parameters), as one
 * statement, for a set-wise caller that finds the leads in SQL (the company stop of a reply): the
 * selection is read once, before either change, so the leads it finds both stop (those the stop changes)
 * and lose their queued emails.
 */
export function stopSelectedStatement(
  selection: { query: string; params: readonly unknown[] },
  stop: { status: StopStatus; reason: StopReason },
  dropReason: string,
): { query: string; params: unknown[] } {
  return {
    query: `with chosen as (${selection.query}),
      stopped as (update "lead" l set "status" = ?, "stop_reason" = ?, "next_due_at" = null from chosen where l."id" = chosen."id" and ${stopChangesSql('l', stop.status)})
      update "send" set "status" = 'dropped', "error" = ? where "status" = 'queued' and "lead_id" in (select "id" from chosen)`,
    params: [...selection.params, stop.status, stop.reason, dropReason],
  };
}

/** Every email still queued for these leads dropped (not those already `sending`: they are on the wire),
 *  or only their one-off emails (a reply that does not stop the sequence, api.md Other value sets). */
export function dropQueuedSendsStatement(leadIds: readonly string[], reason: string, kind?: 'one_off'): { query: string; params: unknown[] } {
  const ofKind = kind ? ` and "kind" = '${kind}'` : '';
  return { query: `update "send" set "status" = 'dropped', "error" = ? where "lead_id" = any(?::uuid[]) and "status" = 'queued'${ofKind}`, params: [reason, pgArray(leadIds)] };
}
