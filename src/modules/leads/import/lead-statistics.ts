// After a bulk import, the lead table's statistics are brought up to date before the import answers.
// PostgreSQL's planner reads them for every list and search: on a table it never analysed (a fresh
// install's first import) it took q=@company, which every one of a million leads matched, for a rare
// search and read all its matches sorted (2.5x the time of counting them; issue 34), and a campaign the
// statistics know nothing of for an empty one. Autovacuum would analyse the table too, but only once its
// next pass comes (every minute by default), and the console opens the imported leads at once.
// PostgreSQL's own advice for bulk loads is the same ("Populating a Database: Run ANALYZE Afterwards").
import type { AuthedCtx } from '../../../runtime/context';
import { analysedLeadRows, analyzeLeads } from './lead-statistics.queries';

/** An import adding fewer leads leaves the statistics to autovacuum: a small table plans well without. */
export const ANALYZE_FROM_ROWS = 1_000;
/** Nor when it adds less than this share of the rows the statistics know (autovacuum's own default
 *  threshold, autovacuum_analyze_scale_factor). */
export const ANALYZE_FROM_SHARE = 0.1;

/** Whether an import of `inserted` new leads leaves statistics of `known` rows (null: never analysed)
 *  too far behind the table. */
export const statisticsBehind = (inserted: number, known: number | null): boolean => inserted >= ANALYZE_FROM_ROWS && (known === null || inserted >= known * ANALYZE_FROM_SHARE);

/**
 * Analyses the lead table when the import that just committed left its statistics too far behind. ANALYZE
 * reads a fixed-size sample (30,000 rows at the default statistics target), so it costs about the same
 * (0.1–0.4 s) whatever the table's size; it blocks no read or write, and is skipped when one is already
 * running. A failure only logs: the leads are in.
 */
export async function refreshLeadStatistics(ctx: AuthedCtx, inserted: number): Promise<void> {
  try {
    const em = ctx.em.fork();
    if (statisticsBehind(inserted, await analysedLeadRows(em))) await analyzeLeads(em);
  } catch (err) {
    ctx.deps.log.warn('could not analyse the lead table after an import', { err: String(err) });
  }
}
