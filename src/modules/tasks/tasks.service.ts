// Manual tasks (api.md Tasks): the dispatcher opens one when a task step comes due (sending/engine/
// pick-due.ts) and the lead's sequence waits; closing it (done or skipped) moves the lead on exactly as
// an email would, the next step's wait counting from the close.
import type { AuthedCtx } from '../../context';
import { isUuid } from '../../db/find';
import { AppError, notFound } from '../../errors';
import { loadCampaigns } from '../sending/engine/load-state';
import { stepBehind } from '../leads/lifecycle/lead-progress';
import { runningSql } from '../leads/lifecycle/lead-status';
import { sql } from '../../db/sql';

export interface TaskView {
  id: string;
  kind: string;
  text: string;
  stepPosition: number;
  dueAt: Date;
  campaign: { id: string; name: string };
  lead: { id: string; email: string; linkedin: string | null; phone: string | null; vars: Record<string, string> };
}

// Lead fields read as the LinkedIn profile and the phone number, first match wins (names as people
// write them in CSV headers, cleaned to merge-field names by the import).
const LINKEDIN_FIELDS = ['linkedin', 'linkedin_url', 'linkedinurl', 'linkedin_profile', 'linkedin_profile_url'];
const PHONE_FIELDS = ['phone', 'phone_number', 'phonenumber', 'mobile', 'mobile_phone', 'telephone', 'tel'];

export function fieldOf(vars: Record<string, string>, names: readonly string[]): string | null {
  const byName = new Map(Object.entries(vars).map(([k, v]) => [k.toLowerCase(), v]));
  for (const name of names) {
    const value = byName.get(name);
    if (value) return value;
  }
  return null;
}

/**
 * Open tasks whose lead still fits its step: the lead is still in its sequence (pending or active — not
 * paused, stopped or completed), not already past that step, and the campaign's step at that position is
 * still a task. Due first at the top.
 */
export async function listTasks(ctx: AuthedCtx): Promise<TaskView[]> {
  const rows = await sql(
    ctx.em,
    `select t.id, t.kind, t.text, t.step_position, t.due_at, c.id as campaign_id, c.name as campaign_name, l.id as lead_id, l.email, l.vars
       from task t join lead l on l.id = t.lead_id join campaign c on c.id = t.campaign_id
       join step s on s.campaign_id = t.campaign_id and s.position = t.step_position and s.task is not null
      where t.workspace_id = ? and t.status = 'open' and ${runningSql('l')} and l.current_step < t.step_position
      order by t.due_at, t.id`,
    [ctx.actor.workspaceId],
  );
  return rows.map((r) => {
    const vars = (r.vars as Record<string, string>) ?? {};
    return {
      id: String(r.id),
      kind: String(r.kind),
      text: String(r.text),
      stepPosition: Number(r.step_position),
      dueAt: new Date(r.due_at as string),
      campaign: { id: String(r.campaign_id), name: String(r.campaign_name) },
      lead: { id: String(r.lead_id), email: String(r.email), linkedin: fieldOf(vars, LINKEDIN_FIELDS), phone: fieldOf(vars, PHONE_FIELDS), vars },
    };
  });
}

/** Closes an open task as done or skipped and moves its lead to the next step (409 once closed). */
export async function closeTask(ctx: AuthedCtx, id: string, as: 'done' | 'skipped'): Promise<{ status: 'done' | 'skipped' }> {
  if (!isUuid(id)) throw notFound('Task');
  const now = ctx.deps.clock.now();
  return ctx.em.transactional(async (tx) => {
    const [task] = await sql(tx, `select id, status, lead_id, campaign_id, step_position from task where id = ? and workspace_id = ? for update`, [id, ctx.actor.workspaceId]);
    if (!task) throw notFound('Task');
    if (task.status !== 'open') throw new AppError('task_closed', `This task is already ${task.status}.`, { status: task.status });
    await sql(tx, `update task set status = ?, closed_at = ? where id = ?`, [as, now, id]);
    // A task-first campaign counts as started once a task is closed (steps/sequence-lock.ts); an
    // UPDATE on the campaign row, which step changes lock.
    await sql(tx, `update campaign set first_task_closed_at = ? where id = ? and first_task_closed_at is null`, [now, task.campaign_id]);
    const [campaign] = await loadCampaigns(tx, now, [String(task.campaign_id)]);
    if (campaign) await stepBehind(tx, campaign, String(task.lead_id), Number(task.step_position), now, null);
    return { status: as };
  });
}
