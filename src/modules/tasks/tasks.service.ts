// Manual tasks (api.md Tasks): the dispatcher opens one when a task step comes due (sending/engine/
// pick-due.ts) and the lead's sequence waits; closing it (done or skipped) moves the lead on exactly as
// an email would, the next step's wait counting from the close.
import type { AuthedCtx } from '../../runtime/context';
import { isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { loadCampaigns } from '../sending/engine/load-state';
import { runCompletedHooks } from '../leads/lifecycle/lead-completed';
import { stepBehind } from '../leads/lifecycle/lead-progress';
import { closeTaskRow, lockWorkspaceTask, markFirstTaskClosed, openTaskRows } from './tasks.queries';

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
  const rows = await openTaskRows(ctx.em, ctx.actor.workspaceId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    text: r.text,
    stepPosition: r.stepPosition,
    dueAt: r.dueAt,
    campaign: { id: r.campaignId, name: r.campaignName },
    lead: { id: r.leadId, email: r.email, linkedin: fieldOf(r.vars, LINKEDIN_FIELDS), phone: fieldOf(r.vars, PHONE_FIELDS), vars: r.vars },
  }));
}

/** Closes an open task as done or skipped and moves its lead to the next step (409 once closed). */
export async function closeTask(ctx: AuthedCtx, id: string, as: 'done' | 'skipped'): Promise<{ status: 'done' | 'skipped' }> {
  if (!isUuid(id)) throw notFound('Task');
  const now = ctx.deps.clock.now();
  return ctx.em.transactional(async (tx) => {
    const task = await lockWorkspaceTask(tx, ctx.actor.workspaceId, id);
    if (!task) throw notFound('Task');
    if (task.status !== 'open') throw new AppError('task_closed', `This task is already ${task.status}.`, { status: task.status });
    await closeTaskRow(tx, id, as, now);
    // A task-first campaign counts as started once a task is closed (steps/sequence-lock.ts).
    await markFirstTaskClosed(tx, task.campaignId, now);
    const [campaign] = await loadCampaigns(tx, now, [task.campaignId]);
    // A last task closed completes the lead (decisions.md §11: a subsequence may take it from there).
    if (campaign && (await stepBehind(tx, campaign, task.leadId, task.stepPosition, now, null))) {
      await runCompletedHooks(tx, ctx.deps.extensions, [{ leadId: task.leadId, at: now }]);
    }
    return { status: as };
  });
}
