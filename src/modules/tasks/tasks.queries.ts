// The tasks area's SQL (api.md Tasks), one named function per statement (conventions.md "SQL in named
// places").
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import { runningSql } from '../leads/lifecycle/lead-status';

export interface OpenTaskRow {
  id: string;
  kind: string;
  text: string;
  stepPosition: number;
  dueAt: Date;
  campaignId: string;
  campaignName: string;
  leadId: string;
  email: string;
  vars: Record<string, string>;
}

/**
 * The workspace's open tasks whose lead still fits its step: the lead is still in its sequence (pending
 * or active), not already past that step, and the campaign's step at that position is still a task.
 * Due first.
 */
export async function openTaskRows(em: EntityManager, workspaceId: string): Promise<OpenTaskRow[]> {
  const rows = await sql(
    em,
    `select t.id, t.kind, t.text, t.step_position, t.due_at, c.id as campaign_id, c.name as campaign_name, l.id as lead_id, l.email, l.vars
       from task t join lead l on l.id = t.lead_id join campaign c on c.id = t.campaign_id
       join step s on s.campaign_id = t.campaign_id and s.position = t.step_position and s.task is not null
      where t.workspace_id = ? and t.status = 'open' and ${runningSql('l')} and l.current_step < t.step_position
      order by t.due_at, t.id`,
    [workspaceId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    text: String(r.text),
    stepPosition: Number(r.step_position),
    dueAt: new Date(r.due_at as string),
    campaignId: String(r.campaign_id),
    campaignName: String(r.campaign_name),
    leadId: String(r.lead_id),
    email: String(r.email),
    vars: (r.vars as Record<string, string>) ?? {},
  }));
}

export interface LockedTask {
  id: string;
  status: string;
  leadId: string;
  campaignId: string;
  stepPosition: number;
}

/** The workspace's task, locked (FOR UPDATE) until the transaction ends; null when there is none. */
export async function lockWorkspaceTask(em: EntityManager, workspaceId: string, taskId: string): Promise<LockedTask | null> {
  const [t] = await sql(em, `select id, status, lead_id, campaign_id, step_position from task where id = ? and workspace_id = ? for update`, [taskId, workspaceId]);
  return t ? { id: String(t.id), status: String(t.status), leadId: String(t.lead_id), campaignId: String(t.campaign_id), stepPosition: Number(t.step_position) } : null;
}

/**
 * Closes the task as done or skipped at `at`.
 * @allWorkspaces keyed by a task the caller locked in its workspace (lockWorkspaceTask)
 */
export async function closeTaskRow(em: EntityManager, taskId: string, status: 'done' | 'skipped', at: Date): Promise<void> {
  await sql(em, `update task set status = ?, closed_at = ? where id = ?`, [status, at, taskId]);
}

/**
 * Marks the campaign as started by a closed task, once (a task-first campaign counts as started then:
 * steps/sequence-lock.ts). An UPDATE on the campaign row, which step changes lock.
 * @allWorkspaces keyed by the campaign of a task the caller locked in its workspace
 */
export async function markFirstTaskClosed(em: EntityManager, campaignId: string, at: Date): Promise<void> {
  await sql(em, `update campaign set first_task_closed_at = ? where id = ? and first_task_closed_at is null`, [at, campaignId]);
}
