// Unsubscribing a lead (decisions.md §5): its sequence stops, its queued emails are dropped, the address
// goes on the blocklist and the unsubscribe event fires once. Called by the public unsubscribe link
// (sending/public-links.service.ts) and by POST /replies/:id/unsubscribe.
import type { EntityManager } from '@mikro-orm/postgresql';
import { blockAddress } from '../../blocklist/blocklist.service';
import { recordEvent } from '../../events/record-event';
import { stopLead } from './lead-progress';
import { lockLead } from './lead-progress.queries';

/** Everything an unsubscribe does, in the caller's transaction; idempotent. Returns whether this call
 *  unsubscribed the lead (false when it already was: nothing is recorded twice). Reused by POST
 *  /replies/:id/unsubscribe. */
export async function unsubscribeLead(em: EntityManager, leadId: string, now: Date, source: 'link' | 'reply'): Promise<{ email: string; changed: boolean } | null> {
  const lead = await lockLead(em, leadId);
  if (!lead) return null;
  const { workspaceId, email } = lead;
  await stopLead(em, leadId, { status: 'unsubscribed', reason: 'unsubscribed' }, 'Unsubscribed');
  await blockAddress(em, workspaceId, email, 'unsubscribe', now);
  // The event fires once per lead, however often the link is used (onceKey is unique per workspace).
  const fired = await recordEvent(em, {
    workspaceId,
    kind: 'unsubscribe',
    payload: { lead_id: leadId, email, campaign_id: lead.campaignId, at: now.toISOString(), source },
    onceKey: `unsubscribe:${leadId}`,
    now,
  });
  return { email, changed: fired };
}
