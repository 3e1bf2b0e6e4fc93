// Rows left in `sending` by a process that died (or lost its database connection) mid-send. Whether
// such an email went out is unknown, so it is never sent again: after SENDING_STALE_MINUTES the row is
// marked failed with error `interrupted` and the lead moves on as if it had been sent, so the sequence
// neither repeats the email nor stalls. The inbox counts it as sent today (it may well have gone).
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { dayKey } from '../schedule';
import { loadCampaigns } from './load-state';
import type { Extensions } from '../../../extensions';
import { runCompletedHooks } from '../../leads/lifecycle/lead-completed';
import { stepBehind } from '../../leads/lifecycle/lead-progress';
import { countInterruptedSent, failInterruptedSends, inboxWorkspaceZone } from './sweep.queries';

/** Far longer than one SMTP exchange may take (SMTP_SEND_TIMEOUT_MS), so a live send is never swept. */
export const SENDING_STALE_MINUTES = 10;

export async function sweepInterrupted(em: EntityManager, now: Date, extensions: Extensions, workspaceIds?: readonly string[]): Promise<number> {
  const stale = new Date(now.getTime() - SENDING_STALE_MINUTES * 60_000);
  return em.transactional(async (tx) => {
    const rows = await failInterruptedSends(tx, stale, workspaceIds);
    for (const r of rows) {
      const zone = await inboxWorkspaceZone(tx, r.inboxId);
      if (zone !== null) await countInterruptedSent(tx, { id: randomUUID(), workspaceId: r.workspaceId, inboxId: r.inboxId, day: dayKey(zone, r.claimedAt) }, now);
      if (r.kind !== 'step') continue;
      const [campaign] = await loadCampaigns(tx, now, [r.campaignId]);
      // A last step swept completes the lead: what follows a completion follows now (lead-completed.ts).
      if (campaign && (await stepBehind(tx, campaign, r.leadId, Number(r.stepPosition), r.claimedAt, r.variant))) {
        await runCompletedHooks(tx, extensions, [{ leadId: r.leadId, at: now }]);
      }
    }
    return rows.length;
  });
}
