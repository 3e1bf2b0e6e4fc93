// Bounce protection (decisions.md §11): a campaign with `bounceProtect` (the default) pauses itself when
// hard bounces reach 5% of its last 100 emails, once it has sent 40: status `paused`, `pausedReason`
// `bounce_protect`, the `campaign_paused` event. Activating it again starts a fresh count (campaigns
// service: bounce_count_from = the activation). The statements: bounce-protect.queries.ts.
//
// Where it is checked, always inside the transaction that records what changed the figures (no network
// I/O in any of them):
// - every hard bounce, at SMTP time or read from a bounce message (outcomes.ts recordHardBounces), for the
//   bounces' campaigns;
// - every batch of accepted emails (record-sent.ts), for its campaigns with a bounce since their count
//   started: an accepted email only lowers the rate, except the 40th, which makes earlier bounces count;
// - turning bounce_protect on for an active campaign (campaigns.service.ts).
// The delivery judges each claimed email against its campaign's status (deliver.ts): read again for every
// batch it claims, and set at once in its memory when one of its own emails bounced the campaign into a
// pause, so no email of a paused campaign is handed to SMTP after the pause is committed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { campaignPausedEvent } from '../../events/payloads';
import { recordEvent } from '../../events/record-event';
import { campaignRecentSends, pauseForBounces, PROTECT_WINDOW, type CampaignBounceRow } from './bounce-protect.queries';

export { PROTECT_WINDOW };
/** Fewer emails than this never pause a campaign (decisions.md §11). */
export const PROTECT_MIN_SENDS = 40;
/** The share of hard bounces that pauses it: reached, not passed (5 of 100 pauses). */
export const PROTECT_RATE_PERCENT = 5;

/** Whether a campaign's figures (its last PROTECT_WINDOW emails since its count started) pause it:
 *  at least PROTECT_MIN_SENDS emails, and bounced / sent at least 5%, in whole numbers (no rounding). */
export function reachesBounceLimit(sent: number, bounced: number): boolean {
  return sent >= PROTECT_MIN_SENDS && bounced * 100 >= PROTECT_RATE_PERCENT * sent;
}

/** The figures bounce protection judges a campaign by (the sending-status `bounce_protect` reason shows them). */
export async function campaignBounceFigures(em: EntityManager, campaignId: string): Promise<{ sent: number; bounced: number } | null> {
  const [row] = await campaignRecentSends(em, [campaignId]);
  return row ? { sent: row.sent, bounced: row.bounced } : null;
}

/** Checks these campaigns and pauses, in the caller's transaction, each active protected one whose
 *  figures reach the limit, recording `campaign_paused` once for each. Returns the ids it paused. */
export async function checkBounceProtect(em: EntityManager, campaignIds: readonly string[], now: Date): Promise<string[]> {
  const ids = [...new Set(campaignIds)];
  if (!ids.length) return [];
  const over = (await campaignRecentSends(em, ids)).filter((c) => c.status === 'active' && c.bounceProtect && reachesBounceLimit(c.sent, c.bounced));
  if (!over.length) return [];
  const paused = new Set(
    await pauseForBounces(
      em,
      over.map((c) => c.id),
    ),
  );
  for (const c of over.filter((c) => paused.has(c.id))) await recordEvent(em, pausedEvent(c, now));
  return [...paused];
}

const pausedEvent = (c: CampaignBounceRow, now: Date) =>
  campaignPausedEvent({ workspaceId: c.workspaceId, campaignId: c.id, name: c.name, reason: 'bounce_protect', bounced: c.bounced, sent: c.sent }, now);
