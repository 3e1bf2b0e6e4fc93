// When a lead's next step comes due, in SQL over `lead l`, for the numbers that count leads set-wise
// (sending-status, campaign stats' pending estimate) the way the engine judges them one by one (due.ts).

/** The instant the lead's wait is over: a follow-up's next_due_at; a new lead's add time plus step 1's
 *  wait (or its next_due_at once the engine has pushed it later). One `?`: step 1's wait in minutes. */
export const LEAD_DUE_AT = `case when l.status = 'active' then l.next_due_at
  else greatest(l.created_at + (? * interval '1 minute'), coalesce(l.next_due_at, '-infinity'::timestamptz)) end`;

/** The verification results the campaign never sends to, as an SQL list. */
export const skippedVerifications = (skipRisky: boolean): string => (skipRisky ? `('invalid', 'risky')` : `('invalid')`);
