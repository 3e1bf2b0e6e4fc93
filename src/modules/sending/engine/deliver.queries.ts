// The SQL of the delivery (deliver.ts): claiming due sends, settling a claimed one before any SMTP, and
// giving back a batch never sent. The dispatch tick delivers every workspace's due sends (or only those of
// the workspaces a tool or test names), so the claim spans workspaces and the other statements are keyed
// by the ids of sends it claimed. A claim names its claimant (the process's owner name), and a lane marks
// its next few rows as handed to the wire before the first of them goes (handSends): the sweep tells a
// dead claimant's rows that never left from those that may have (sweep.queries.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../../storage/sql';
import type { ClaimedSend } from './outcomes';
import { latestSenderSql } from '../schedule';
import { inSequenceSql, runningSql } from '../../leads/lifecycle/lead-status';

/**
 * Claims up to `limit` queued rows due at `now` for the process `owner` (FOR UPDATE SKIP LOCKED, then
 * status `sending` is the lock, `claimed_by` names the claimant, `handed_at` is cleared: none of them is
 * on the wire yet), each with a try counted; of the given workspaces only when `workspaceIds` is set. In
 * the order they came due.
 * @allWorkspaces the dispatch tick claims every workspace's due sends (or only those of `workspaceIds`)
 */
export async function claimSends(em: EntityManager, now: Date, limit: number, owner: string, workspaceIds?: readonly string[]): Promise<ClaimedSend[]> {
  const scope = workspaceIds ? 'and workspace_id = any(?::uuid[])' : '';
  const rows = await sql(
    em,
    `update send set status = 'sending', claimed_at = ?, claimed_by = ?, handed_at = null, attempts = attempts + 1
      where id in (select id from send where status = 'queued' and scheduled_for <= ? ${scope} order by scheduled_for, id limit ? for update skip locked)
      returning id, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, attempts, message_id, subject, body, reply_to_id, claimed_at, scheduled_for`,
    [now, owner, now, ...(workspaceIds ? [pgArray(workspaceIds)] : []), limit],
  );
  // RETURNING keeps no order: each inbox's emails go out in the order they came due.
  const due = new Map(rows.map((r) => [r, new Date(r.scheduled_for as string).getTime()]));
  rows.sort((a, b) => due.get(a)! - due.get(b)! || (String(a.id) < String(b.id) ? -1 : 1));
  return rows.map((r) => ({
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    campaignId: String(r.campaign_id),
    leadId: String(r.lead_id),
    inboxId: String(r.inbox_id),
    kind: r.kind as 'step' | 'one_off',
    stepPosition: r.step_position === null ? null : Number(r.step_position),
    variant: r.variant === null ? null : Number(r.variant),
    isFirst: Boolean(r.is_first),
    attempts: Number(r.attempts),
    messageId: String(r.message_id),
    subject: (r.subject as string | null) ?? null,
    body: (r.body as string | null) ?? null,
    replyToId: (r.reply_to_id as string | null) ?? null,
    claimedAt: new Date(r.claimed_at as string),
  }));
}

/**
 * Marks claimed sends as handed to the wire, before the first of them goes to SMTP: from the commit on
 * they may go out, so a crash leaves them `interrupted`, never sent again. Only rows still `sending`
 * under this claimant and not marked yet: a row the sweep gave back (its claimant seemed dead: a cut
 * owner connection) or that another process claimed since is not this process's to send. Returns the ids
 * marked, which alone may go.
 * @allWorkspaces keyed by sends the delivery claimed
 */
export async function handSends(em: EntityManager, sendIds: readonly string[], owner: string, at: Date): Promise<Set<string>> {
  const rows = await sql(em, `update send set handed_at = ? where id = any(?::uuid[]) and status = 'sending' and claimed_by = ? and handed_at is null returning id`, [
    at,
    pgArray(sendIds),
    owner,
  ]);
  return new Set(rows.map((r) => String(r.id)));
}

// The statements below settle a claimed send before any SMTP. Each holds only while the row is still
// `sending` under this claimant: a row the sweep gave back (its claimant seemed dead) and another process
// claimed since is that process's, and must not be dropped, withdrawn or queued again under it.
const OURS = `status = 'sending' and claimed_by = ?`;

/**
 * A claimed send dropped for good, with why.
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function dropClaimedSend(em: EntityManager, sendId: string, owner: string, error: string): Promise<void> {
  await sql(em, `update send set status = 'dropped', error = ? where id = ? and ${OURS}`, [error, sendId, owner]);
}

/**
 * A claimed sequence email that can never be written for its lead (its step leaves the subject blank and
 * no first email has one, or the step is gone), dropped. Its lead, still in its sequence and not past the
 * step, moves past it as past a step whose condition failed (due.queries.ts skipLeadSteps): due at once (a
 * paused one once resumed), so the next dispatch tick plans its next step after that step's wait, or
 * completes it. Without this the lead waited forever: the dropped row holds the step's place
 * (send_lead_step_unique) and nothing made it due again.
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function dropClaimedStepAndPass(em: EntityManager, sendId: string, owner: string, error: string, now: Date): Promise<void> {
  await sql(
    em,
    `with dropped as (update send set status = 'dropped', error = ? where id = ? and kind = 'step' and ${OURS} returning lead_id, step_position)
     update lead l set current_step = d.step_position, last_step_at = ?, next_due_at = case when ${runningSql('l')} then ? else l.next_due_at end
       from dropped d where l.id = d.lead_id and ${inSequenceSql('l')} and l.current_step < d.step_position`,
    [error, sendId, owner, now, now],
  );
}

/**
 * A claimed sequence email withdrawn (deleted while still `sending`), so the planner picks its lead again.
 * The lead's own inbox goes back to the one of its latest email that went (schedule/sender.ts
 * latestSenderSql: sent, bounced or failed; for a joined lead with none yet, its parent lead's), or to
 * none: a first email withdrawn leaves the lead without an inbox, free to go from any (decisions.md §11:
 * the inbox is the one that sent its first email; a joined lead's is its parent lead's, in its thread).
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function withdrawClaimedSend(em: EntityManager, sendId: string, owner: string): Promise<void> {
  await sql(
    em,
    `with gone as (delete from send where id = ? and ${OURS} returning lead_id)
     update lead l set mailbox_id = ${latestSenderSql('l')}
       from gone where l.id = gone.lead_id and l.mailbox_id is distinct from ${latestSenderSql('l')}`,
    [sendId, owner],
  );
}

/**
 * A claimed send given back to the queue, due at `at`, without using up a try.
 * @allWorkspaces keyed by a send the delivery claimed
 */
export async function releaseClaimedSend(em: EntityManager, sendId: string, owner: string, at: Date): Promise<void> {
  await sql(em, `update send set status = 'queued', scheduled_for = ?, attempts = greatest(attempts - 1, 0), claimed_by = null, handed_at = null where id = ? and ${OURS}`, [
    at,
    sendId,
    owner,
  ]);
}

/**
 * Claimed sends never sent, back to the queue untouched (their try given back).
 * @allWorkspaces keyed by sends the delivery claimed
 */
export async function releaseClaimedBatch(em: EntityManager, sendIds: readonly string[], owner: string): Promise<void> {
  await sql(
    em,
    `update send set status = 'queued', claimed_at = null, claimed_by = null, handed_at = null, attempts = greatest(attempts - 1, 0)
      where id = any(?::uuid[]) and ${OURS}`,
    [pgArray(sendIds), owner],
  );
}
