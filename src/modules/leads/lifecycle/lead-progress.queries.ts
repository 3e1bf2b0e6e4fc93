// The SQL of moving a lead through its sequence and of stopping it (lead-progress.ts, unsubscribe.ts), one
// named function per statement. Every caller works on leads it already has: the lead of a send the
// delivery claimed or the sweep found, of a task locked in the caller's workspace, of a reply matched in
// the inbox's workspace, of a verified unsubscribe link, or of a lead found through the workspace filter;
// so these statements are keyed by lead ids and each says so with @allWorkspaces. Which leads a stop
// changes is lead-status.ts's rule, in SQL.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlRun, type Statement } from '../../../storage/sql';
import type { LeadStatus, StopReason } from '../lead.entity';
import { stopChangesSql, type StopStatus } from './lead-status';

export interface LockedLead {
  status: LeadStatus;
  workspaceId: string;
  email: string;
  campaignId: string;
}

const lockedLead = (r: Record<string, unknown>): LockedLead => ({
  status: r.status as LeadStatus,
  workspaceId: String(r.workspace_id),
  email: String(r.email),
  campaignId: String(r.campaign_id),
});

/**
 * The lead locked (FOR UPDATE) until the transaction ends, when it is not yet past step `position`; null
 * when it is (or is gone).
 * @allWorkspaces keyed by the lead of a claimed or swept send, or of a task locked in the caller's workspace
 */
export async function lockLeadBeforeStep(em: EntityManager, leadId: string, position: number): Promise<LockedLead | null> {
  const [row] = await sql(em, `select status, workspace_id, email, campaign_id from lead where id = ? and current_step < ? for update`, [leadId, position]);
  return row ? lockedLead(row) : null;
}

/**
 * The lead locked (FOR UPDATE) until the transaction ends: its workspace, campaign and address; null when
 * there is none.
 * @allWorkspaces keyed by the lead a verified unsubscribe link names, or a reply item's lead in the caller's workspace
 */
export async function lockLead(em: EntityManager, leadId: string): Promise<Omit<LockedLead, 'status'> | null> {
  const [row] = await sql(em, `select id, workspace_id, campaign_id, email from lead where id = ? for update`, [leadId]);
  return row ? { workspaceId: String(row.workspace_id), campaignId: String(row.campaign_id), email: String(row.email) } : null;
}

/**
 * Records step `position` as behind a lead whose sequence ended (its status stays).
 * @allWorkspaces keyed by a lead locked by lockLeadBeforeStep
 */
export async function recordStepBehind(em: EntityManager, leadId: string, position: number, at: Date): Promise<void> {
  await sql(em, `update lead set current_step = ?, last_step_at = ? where id = ?`, [position, at, leadId]);
}

/**
 * Moves a lead still in its sequence past a step: the fields afterStep gives, and the variant of its first
 * email kept.
 * @allWorkspaces keyed by a lead locked by lockLeadBeforeStep
 */
export async function advanceLead(
  em: EntityManager,
  leadId: string,
  next: { currentStep: number; lastStepAt: Date; status: LeadStatus; nextDueAt: Date | null },
  variant: number | null,
): Promise<void> {
  await sql(em, `update lead set current_step = ?, last_step_at = ?, status = ?, next_due_at = ?, variant = coalesce(variant, ?) where id = ?`, [
    next.currentStep,
    next.lastStepAt,
    next.status,
    next.nextDueAt,
    variant,
    leadId,
  ]);
}

/**
 * stopLead's two statements for one lead, one after the other: it stops (when the stop changes it), then
 * every email still queued for it is dropped. Returns how many were dropped.
 * @allWorkspaces keyed by a lead the caller found or locked in its workspace (or of a claimed send)
 */
export async function stopLeadRows(em: EntityManager, leadId: string, stop: { status: StopStatus; reason: StopReason }, dropReason: string): Promise<number> {
  const [stopIt, dropSends] = stopLeadsStatements([leadId], stop, dropReason);
  await sqlRun(em, stopIt!.query, stopIt!.params);
  return sqlRun(em, dropSends!.query, dropSends!.params);
}

/**
 * stopLead's two statements for many leads at once, for set-wise callers (reply ingest, hard bounces)
 * that send them with others in one round trip: the leads still going stop, then every email still
 * queued for them is dropped.
 * @allWorkspaces keyed by leads the caller locked or matched in their workspaces (a batch of bounces spans workspaces)
 */
export function stopLeadsStatements(leadIds: readonly string[], stop: { status: StopStatus; reason: StopReason }, dropReason: string): Statement[] {
  return [
    {
      query: `update "lead" l set "status" = ?, "stop_reason" = ?, "next_due_at" = null where l."id" = any(?::uuid[]) and ${stopChangesSql('l', stop.status)}`,
      params: [stop.status, stop.reason, pgArray(leadIds)],
    },
    dropQueuedSendsStatement(leadIds, dropReason),
  ];
}

/**
 * stopLead for the leads a query selects (`selection`: one `id` column, with its `?` parameters), as one
 * statement, for a set-wise caller that finds the leads in SQL (the company stop of a reply): the
 * selection is read once, before either change, so the leads it finds both stop (those the stop changes)
 * and lose their queued emails.
 * @allWorkspaces the leads `selection` finds, which the caller keys to its workspace's campaigns
 */
export function stopSelectedStatement(selection: Statement, stop: { status: StopStatus; reason: StopReason }, dropReason: string): Statement {
  return {
    query: `with chosen as (${selection.query}),
      stopped as (update "lead" l set "status" = ?, "stop_reason" = ?, "next_due_at" = null from chosen where l."id" = chosen."id" and ${stopChangesSql('l', stop.status)})
      update "send" set "status" = 'dropped', "error" = ? where "status" = 'queued' and "lead_id" in (select "id" from chosen)`,
    params: [...selection.params, stop.status, stop.reason, dropReason],
  };
}

/**
 * Every email still queued for these leads dropped (not those already `sending`: they are on the wire),
 * or only their one-off emails (a reply that does not stop the sequence, api.md Other value sets).
 * @allWorkspaces keyed by leads the caller locked or matched in its workspace
 */
export function dropQueuedSendsStatement(leadIds: readonly string[], reason: string, kind?: 'one_off'): Statement {
  const ofKind = kind ? ` and "kind" = '${kind}'` : '';
  return { query: `update "send" set "status" = 'dropped', "error" = ? where "lead_id" = any(?::uuid[]) and "status" = 'queued'${ofKind}`, params: [reason, pgArray(leadIds)] };
}
