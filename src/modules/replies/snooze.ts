// decisions.md §6: a snoozed reply item is hidden until snoozed_until, and back from that moment on. The
// rule in TypeScript (isHidden) and in SQL (VISIBLE_SQL, which replies.queries.ts reads), side by side.

/** Whether the item is hidden at `now`. */
export const isHidden = (item: { snoozedUntil: Date | null }, now: Date): boolean => item.snoozedUntil !== null && item.snoozedUntil > now;

/** SQL: the reply item row `r` is visible at the moment given as its one `?` parameter. */
export const VISIBLE_SQL = `(r.snoozed_until is null or r.snoozed_until <= ?)`;
