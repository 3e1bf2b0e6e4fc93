// The SQL of the sweep of interrupted sends (sweep.ts): rows left in `sending` by a process that died,
// in every workspace (or a scoped tick's workspaces). A claimant is dead when its owner lock is gone
// (storage/owner-sql.ts, read once per statement); a live claimant's rows are its own until the backstop.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ownerAliveSql } from '../../../storage/owner-sql';
import { pgArray, sql } from '../../../storage/sql';

/** SQL: the row's claimant is named and dead (no owner lock). */
const claimantDead = `(claimed_by is not null and not ${ownerAliveSql('claimed_by')})`;

/**
 * Gives back to the queue the rows in `sending` whose claimant is dead and that it never handed to the
 * wire: they cannot have gone out. Due as they were (the next delivery sends them), their try given back,
 * the claim cleared. Rows another statement holds are skipped (the next sweep sees them). Returns how many.
 * @allWorkspaces the dispatch tick's sweep over every workspace (workspaceIds narrows a scoped tick)
 */
export async function requeueUnhandedSends(em: EntityManager, workspaceIds?: readonly string[]): Promise<number> {
  const rows = await sql(
    em,
    `update send set status = 'queued', claimed_at = null, claimed_by = null, attempts = greatest(attempts - 1, 0) where id in (
         select id from send where status = 'sending' and handed_at is null and ${claimantDead} ${workspaceIds ? 'and workspace_id = any(?::uuid[])' : ''}
            for update skip locked)
       returning id`,
    workspaceIds ? [pgArray(workspaceIds)] : [],
  );
  return rows.length;
}

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
 * Marks as failed (`interrupted`) the sends still `sending` that were handed to the wire by a claimant
 * now dead, at once, and (the backstop: a claimant alive but frozen, or rows claimed before claims named
 * their claimant) any claimed before `staleBefore`; skipping rows another sweep holds; returns them.
 * requeueUnhandedSends runs first, so a dead claimant's rows left here were handed (or claimed unnamed).
 * @allWorkspaces the dispatch tick's sweep over every workspace (workspaceIds narrows a scoped tick)
 */
export async function failInterruptedSends(em: EntityManager, staleBefore: Date, workspaceIds?: readonly string[]): Promise<InterruptedSendRow[]> {
  const rows = await sql(
    em,
    `update send set status = 'failed', error = 'interrupted' where id in (
         select id from send where status = 'sending' and (claimed_at < ? or (handed_at is not null and ${claimantDead}))
            ${workspaceIds ? 'and workspace_id = any(?::uuid[])' : ''} for update skip locked)
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
