// What counts as what in every report (campaign stats, summary, analytics, A/B winner), in one place so
// the numbers agree wherever they are shown. SQL fragments take the table alias they apply to.
//
// Replies are read over IMAP (decisions.md §6): every message that belongs to our mail is a reply_item
// row (kind reply, auto_reply or bounce), and the poller applies its effects in the same transaction. A
// person's reply stamps the lead's `replied_at` (the first one; replies to one-off emails never do), so
// "replied" stays a lead column that the engine's `no_reply` condition reads too; auto-replies are only
// known from their items. Replies to one-off emails (`one_off` items) are kept for the reply inbox and
// counted nowhere (api.md Campaign numbers).

/** Interest labels that count as a positive reply (and an opportunity). */
export const POSITIVE_INTERESTS = `('interested', 'meeting_booked', 'meeting_completed', 'won')`;

/** An email that left for its recipient: accepted, or refused by the recipient's server (a bounce is
 *  still a sent email for rates: bounce rate = bounces / sent). */
export const sentEmail = (s: string) => `${s}.status in ('sent', 'bounced')`;

/** A lead that replied: a person's reply (not an auto-reply, not a reply to a one-off) set replied_at.
 *  Nothing else writes replied_at, so the stop reason is not looked at: a lead that replied and was
 *  later stopped by an auto-reply (`auto_replied`, stopOnAutoReply) still replied. */
export const repliedLead = (l: string) => `(${l}.replied_at is not null)`;

/** A lead that sent an auto-reply to campaign mail: it has an `auto_reply` item that is not one-off
 *  (index reply_item(lead_id, received_at)). The lead-row signs used before items existed are gone on
 *  purpose: stop reason `auto_replied` is only written by the poller together with such an item (so it
 *  adds nothing, and misses the auto-replies that stopped nobody: stopOnAutoReply off, or the sequence
 *  already over), and the `out_of_office` label is a person's judgement of a reply, which stays counted
 *  as the reply it was read as. */
export const autoRepliedLead = (l: string) => `exists (select 1 from reply_item ar where ar.lead_id = ${l}.id and ar.kind = 'auto_reply' and not ar.one_off)`;

export const positiveLead = (l: string) => `(${l}.interest in ${POSITIVE_INTERESTS})`;

/** A rate in percent with one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0;
}
