// What counts as what in every report (campaign stats, summary, analytics, A/B winner), in one place so
// the numbers agree wherever they are shown. SQL fragments take the table alias they apply to.
//
// Until replies are read over IMAP (a later piece of work), a reply is what the lead row says: a
// `replied_at` set by whoever recorded it, and an auto-reply the lead's stop reason or label. When reply
// rows exist, these fragments are the one place to switch over.

/** Interest labels that count as a positive reply (and an opportunity). */
export const POSITIVE_INTERESTS = `('interested', 'meeting_booked', 'meeting_completed', 'won')`;

/** An email that left for its recipient: accepted, or refused by the recipient's server (a bounce is
 *  still a sent email for rates: bounce rate = bounces / sent). */
export const sentEmail = (s: string) => `${s}.status in ('sent', 'bounced')`;

/** A lead that replied (a person, not an auto-reply). */
export const repliedLead = (l: string) => `(${l}.replied_at is not null and ${l}.stop_reason is distinct from 'auto_replied')`;

/** A lead whose reply was an auto-reply (stopped for it, or labelled out of office). */
export const autoRepliedLead = (l: string) => `(${l}.stop_reason = 'auto_replied' or ${l}.interest = 'out_of_office')`;

export const positiveLead = (l: string) => `(${l}.interest in ${POSITIVE_INTERESTS})`;

/** A rate in percent with one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0;
}
