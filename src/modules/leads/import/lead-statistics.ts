// After a bulk import, the lead table's statistics are brought up to date before the import answers.
// PostgreSQL's planner reads them for every list and search: on a table it never analysed (a fresh
// install's first import) it took q=@company, which every one of a million leads matched, for a rare
// search and read all its matches sorted (2.5x the time of counting them; issue 34), and a campaign the
// statistics know nothing of for an empty one. Autovacuum would analyse the table too, but only once its
// next pass comes (every minute by default), and the console opens the imported leads at once.
// PostgreSQL's own advice for bulk loads is the same ("Populating a Database: Run ANALYZE Afterwards").
// The same step merges the new leads' entries waiting in the trigram indexes' pending lists, as VACUUM
// would (refreshLeadStatistics).
import type { AuthedCtx } from '../../../runtime/context';
import { analysedLeadRows, analyzeLeads, mergeLeadSearchIndexes } from './lead-statistics.queries';

/** An import adding fewer leads leaves the statistics to autovacuum: a small table plans well without. */
export const ANALYZE_FROM_ROWS = 1_000;
/** Nor when it adds less than this share of the rows the statistics know (autovacuum's own default
 *  threshold, autovacuum_analyze_scale_factor). */
export const ANALYZE_FROM_SHARE = 0.1;

/** Whether an import of `inserted` new leads leaves statistics of `known` rows (null: never analysed)
 *  too far behind the table. */
export const statisticsBehind = (inserted: number, known: number | null): boolean => inserted >= ANALYZE_FROM_ROWS && (known === null || inserted >= known * ANALYZE_FROM_SHARE);

/**
 * Brings what the lead searches read up to date after an import that committed `inserted` new leads:
 * - the statistics, analysed when the import left them too far behind (statisticsBehind). ANALYZE reads
 *   a fixed-size sample (30,000 rows at the default statistics target), so it costs about the same
 *   (0.1–0.4 s) whatever the table's size; it blocks no read or write, and is skipped when one is
 *   already running;
 * - from ANALYZE_FROM_ROWS new leads, the trigram indexes' pending entries, merged into the indexes
 *   (mergeLeadSearchIndexes). Left pending, they made every workspace search read the whole pending
 *   list (q=son12 over a million leads: a count of 10.2 ms against 6.5 ms once merged; the merge took
 *   62 ms after a million-lead insert) until a VACUUM, which autovacuum may not run on a large table
 *   for a long while after a smaller import.
 * A failure only logs: the leads are in.
 */
export async function refreshLeadStatistics(ctx: AuthedCtx, inserted: number): Promise<void> {
  const em = ctx.em.fork();
  try {
    if (statisticsBehind(inserted, await analysedLeadRows(em))) await analyzeLeads(em);
  } catch (err) {
    ctx.deps.log.warn('could not analyse the lead table after an import', { err: String(err) });
  }
  if (inserted < ANALYZE_FROM_ROWS) return;
  try {
    await mergeLeadSearchIndexes(em);
  } catch (err) {
    ctx.deps.log.warn("could not merge the lead search indexes' pending entries after an import", { err: String(err) });
  }
}
