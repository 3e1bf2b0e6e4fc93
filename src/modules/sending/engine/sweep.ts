// Rows left in `sending` by a process that died (or lost its database connection) mid-send. A claim
// names its claimant, and a lane marks its rows as handed to the wire before they go (deliver.ts). Once
// the claimant is dead (its owner lock gone: storage/owner-sql.ts):
// - a row it never handed cannot have gone out: it goes back to the queue at once (requeueUnhanded), and
//   the next delivery sends it;
// - a row it handed may have gone out, so it is never sent again: it is marked failed with error
//   `interrupted` at once and the lead moves on as if it had been sent, so the sequence neither repeats
//   the email nor stalls. The inbox counts it as sent today (it may well have gone).
// A live claimant's rows are its own. SENDING_STALE_MINUTES after its claim a row still `sending` is
// `interrupted` whoever claimed it: the backstop for a claimant alive but frozen, and for rows that name
// no claimant (claimed before claims named one). A reply's answer (send-now.ts) is inserted `sending`,
// claimed and handed at once, so its process's death marks it interrupted at the next tick.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { dayKey } from '../schedule';
import { loadCampaigns } from './load-state';
import type { Extensions } from '../../../runtime/extensions';
import { runCompletedHooks } from '../../leads/lifecycle/lead-completed';
import { stepBehind } from '../../leads/lifecycle/lead-progress';
import { countInterruptedSent, failInterruptedSends, inboxWorkspaceZone, requeueUnhandedSends } from './sweep.queries';

/** Far longer than one SMTP exchange may take (SMTP_SEND_TIMEOUT_MS), so a live send is never swept. */
export const SENDING_STALE_MINUTES = 10;

/** A dead claimant's rows never handed to the wire, back to the queue, due as they were; how many. */
export async function requeueUnhanded(em: EntityManager, workspaceIds?: readonly string[]): Promise<number> {
  return requeueUnhandedSends(em, workspaceIds);
}

/** Marks `interrupted` the rows a dead claimant handed to the wire, and any row past the backstop; how many. */
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
