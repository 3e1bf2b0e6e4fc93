// Rows left in `sending` by a process that died (or lost its database connection) mid-send. Whether
// such an email went out is unknown, so it is never sent again: after SENDING_STALE_MINUTES the row is
// marked failed with error `interrupted` and the lead moves on as if it had been sent, so the sequence
// neither repeats the email nor stalls. The inbox counts it as sent today (it may well have gone).
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { dayKey } from '../schedule';
import { loadCampaigns } from './load-state';
import { stepBehind } from '../../leads/lifecycle/lead-progress';
import { pgArray, sql } from '../../../db/sql';

/** Far longer than one SMTP exchange may take (SMTP_SEND_TIMEOUT_MS), so a live send is never swept. */
export const SENDING_STALE_MINUTES = 10;

export async function sweepInterrupted(em: EntityManager, now: Date, workspaceIds?: readonly string[]): Promise<number> {
  const stale = new Date(now.getTime() - SENDING_STALE_MINUTES * 60_000);
  return em.transactional(async (tx) => {
    const rows = await sql(
      tx,
      `update send set status = 'failed', error = 'interrupted' where id in (
         select id from send where status = 'sending' and claimed_at < ? ${workspaceIds ? 'and workspace_id = any(?::uuid[])' : ''} for update skip locked)
       returning id, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, claimed_at`,
      [stale, ...(workspaceIds ? [pgArray(workspaceIds)] : [])],
    );
    for (const r of rows) {
      const claimedAt = new Date(r.claimed_at as string);
      const [inbox] = await sql(tx, `select w.timezone from inbox i join workspace w on w.id = i.workspace_id where i.id = ?`, [r.inbox_id]);
      if (inbox) {
        await sql(
          tx,
          `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied) values (?, ?, ?, ?, ?, 1, 0, 0, 0)
           on conflict (inbox_id, day) do update set sent = inbox_day_stat.sent + 1`,
          [randomUUID(), now, r.workspace_id, r.inbox_id, dayKey(String(inbox.timezone), claimedAt)],
        );
      }
      if (r.kind !== 'step') continue;
      const [campaign] = await loadCampaigns(tx, now, [String(r.campaign_id)]);
      if (campaign) await stepBehind(tx, campaign, String(r.lead_id), Number(r.step_position), claimedAt, r.variant === null ? null : Number(r.variant));
    }
    return rows.length;
  });
}
