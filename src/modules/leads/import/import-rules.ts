// The import rules (api.md "Adding leads", decisions.md §5), identical for every way of adding leads and
// applied set-wise in SQL to the staged rows (staging.ts). Each row given is counted exactly once, by
// the first rule in this order that keeps it out:
//
//   1. invalid              not an email address (marked while staging)
//   2. duplicate            an earlier row has the same address (case-insensitive; the first one
//                           wins), or the address is already a lead of this campaign (a repeat
//                           within one chunk is marked while staging, staging.ts)
//   3. blocklisted          the address, or its domain, is on the workspace's blocklist
//   4. in_another_campaign  the address is a lead in any other campaign of the workspace; the One-off
//                           campaign does not count (it only holds addresses for one-off emails, it
//                           runs no sequence), so a one-off contact can still be added to a campaign;
//                           nor do a campaign's subsequences or its parent and their other subsequences
//                           (decisions.md §11: one family, whose leads move between them)
//   5. contacted_recently   the workspace emailed the address within its recent_contact_days
//                           (Lead.lastSentAt, which the sending engine sets on every email, sequence
//                           or one-off) as a lead outside this campaign's family: like rule 4, it does
//                           not apply between a campaign and its subsequences (decisions.md §11; one
//                           spelling of "elsewhere" for both, import-rules.queries.ts). Every emailed
//                           address is a lead somewhere, so after rule 4 this catches the addresses
//                           emailed from the One-off campaign
//   6. inserted             a new lead: status pending, step 0
//
// Rows are staged and judged a chunk at a time (staging.ts), in file order, so the database inserts one
// chunk while the next is parsed. Chunks change no count: rule 2 looks back across chunks through the
// campaign's leads (earlier chunks' new leads among them) and the addresses kept out so far
// (import.queries.ts SEEN_TABLE), and rules 3–5 depend on nothing but the row itself.
//
// Concurrent imports into one workspace take turns (a transaction-scoped advisory lock) so rules 2–5
// see each other's leads; the unique (campaign_id, email) index still guards against any other writer:
// a chunk whose insert meets one of its rows already there is inserted again with ON CONFLICT DO NOTHING
// (import-rules.queries.ts judgeAndInsertChunk), and a row that loses that race counts as a duplicate.
//
// The rules' SQL, with its plan note, is in import-rules.queries.ts; here, what the counts come to.
//
// What an import costs the database (lead-import benchmark, 100,000 rows beside 100,000 leads): about
// 3.8 s of CPU, the insert three quarters of it (every index of lead, the campaign's foreign key and the
// statement triggers per row: perf), the rules most of the rest; the service parses the next chunk
// meanwhile on the other core, in about 2.6 s of CPU, so the database sets the pace.
import type { Db } from '../../../storage/import-transaction';
import { judgeAndInsertChunk, type ImportScope } from './import-rules.queries';

export interface ImportCounts {
  inserted: number;
  duplicates: number;
  blocklisted: number;
  invalid: number;
  inAnotherCampaign: number;
  contactedRecently: number;
}

export const noRows = (): ImportCounts => ({ inserted: 0, duplicates: 0, blocklisted: 0, invalid: 0, inAnotherCampaign: 0, contactedRecently: 0 });

/**
 * Applies every rule to the staged chunk and inserts the rows left as new leads (judgeAndInsertChunk, one
 * round trip), then adds each staged row once to `counts`: a candidate the insert skipped (another
 * writer's lead) counts as a duplicate.
 */
export async function importChunk(db: Db, scope: ImportScope, counts: ImportCounts, first: boolean): Promise<void> {
  const { outcomes: by, inserted } = await judgeAndInsertChunk(db, scope, first);
  const candidates = by.get(null) ?? 0;
  counts.inserted += inserted;
  counts.duplicates += (by.get('duplicate') ?? 0) + (candidates - inserted);
  counts.blocklisted += by.get('blocklisted') ?? 0;
  counts.invalid += by.get('invalid') ?? 0;
  counts.inAnotherCampaign += by.get('in_another_campaign') ?? 0;
  counts.contactedRecently += by.get('contacted_recently') ?? 0;
}
