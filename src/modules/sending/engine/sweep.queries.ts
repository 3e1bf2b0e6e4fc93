// The SQL of the sweep of interrupted sends (sweep.ts): rows left in `sending` by a process that died,
// in every workspace (or a scoped tick's workspaces).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../../db/sql';

export interface InterruptedSendRow {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  kind: string;
  stepPosition: number | null;
  variant: number | null;
  claimedAt: Date;
}

/**
 * Marks sends claimed before `staleBefore` and still `sending` as failed (`interrupted`), skipping rows
 * another sweep holds; returns them.
 * @allWorkspaces the dispatch tick's sweep over every workspace (workspaceIds narrows a scoped tick)
 */
export async function failInterruptedSends(em: EntityManager, staleBefore: Date, workspaceIds?: readonly string[]): Promise<InterruptedSendRow[]> {
  const rows = await sql(
    em,
    `update send set status = 'failed', error = 'interrupted' where id in (
         select id from send where status = 'sending' and claimed_at < ? ${workspaceIds ? 'and workspace_id = any(?::uuid[])' : ''} for update skip locked)
       returning id, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, claimed_at`,
    [staleBefore, ...(workspaceIds ? [pgArray(workspaceIds)] : [])],
  );
  return rows.map((r) => ({
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    campaignId: String(r.campaign_id),
    leadId: String(r.lead_id),
    inboxId: String(r.inbox_id),
    kind: String(r.kind),
    stepPosition: r.step_position === null ? null : Number(r.step_position),
    variant: r.variant === null ? null : Number(r.variant),
    claimedAt: new Date(r.claimed_at as string),
  }));
}

/**
 * The zone of the inbox's workspace; null when the inbox is gone.
 * @allWorkspaces keyed by the inbox of a send the sweep failed
 */
export async function inboxWorkspaceZone(em: EntityManager, inboxId: string): Promise<string | null> {
  const [inbox] = await sql(em, `select w.timezone from inbox i join workspace w on w.id = i.workspace_id where i.id = ?`, [inboxId]);
  return inbox ? String(inbox.timezone) : null;
}

/**
 * Counts an interrupted send as sent on the inbox's day (it may well have gone).
 * @allWorkspaces an upsert for the inbox of a send the sweep failed, carrying the send's workspace
 */
export async function countInterruptedSent(em: EntityManager, d: { id: string; workspaceId: string; inboxId: string; day: string }, now: Date): Promise<void> {
  await sql(
    em,
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, ?, ?, ?, ?, 1, 0, 0, 0)
           on conflict (inbox_id, day) do update set sent = inbox_day_stat.sent + 1`,
    [d.id, now, d.workspaceId, d.inboxId, d.day],
  );
}
