// Adding leads to a campaign (api.md "Adding leads"): as JSON, as CSV (text or a stream), from a
// published spreadsheet, or from a lead list. Every way turns its input into rows (email + named values),
// stages them with COPY and runs the same import rules (import-rules.ts) in one transaction, so each
// answers the same counts, which always add up to the rows given. An import works whatever the
// campaign's status; another workspace's campaign or list is not found (404).
import type { Readable } from 'node:stream';
import type { AuthedCtx } from '../../../runtime/context';
import { findOr404, isUuid } from '../../../storage/find';
import { inImportTransaction, type Db } from '../../../storage/import-transaction';
import { AppError, notFound } from '../../../contracts/errors';
import { Campaign } from '../../campaigns/campaign.entity';
import { recordFieldOrder } from '../field-order';
import { lockListForImport } from '../lead-lists.queries';
import { runAfterImport } from './after-import';
import { csvLeadRows } from './csv';
import { importChunk, noRows, type ImportCounts } from './import-rules';
import { importKeepsFieldNames, lockWorkspaceImports } from './import-rules.queries';
import { createStagingTable, LIST_PAGE, listEntriesAfter, listFieldOrder, lockCampaignForImport } from './import.queries';
import { namedFields, type RawRow } from './lead-rows';
import type { AddLeadsInput, AddListLeadsInput, AddManualLeadsInput, AddSheetLeadsInput, ManualLeadInput } from './import.inputs';
import { fetchSheetCsv } from './sheet';
import { Stager } from './staging';

export type { ImportCounts } from './import-rules';

const DAY_MS = 86_400_000;

/** Rows are staged by `stage` (one or more COPY passes) once the campaign (and list) are locked. */
type StageFn = (stager: Stager, db: Db) => Promise<void>;

async function runImport(ctx: AuthedCtx, campaignId: string, stage: StageFn, listId: string | null = null): Promise<ImportCounts> {
  if (!isUuid(campaignId)) throw notFound('Campaign');
  if (listId !== null && !isUuid(listId)) throw notFound('Lead list');
  const { workspaceId } = ctx.actor;
  const now = ctx.deps.clock.now();
  const counts = await inImportTransaction(ctx.em, async (db) => {
    // KEY SHARE: the campaign (and list) cannot be deleted under the import; edits to them go on.
    const days = await lockCampaignForImport(db, workspaceId, campaignId);
    if (days === null) throw notFound('Campaign');
    if (listId !== null && !(await lockListForImport(db, workspaceId, listId))) throw notFound('Lead list');
    await createStagingTable(db);
    await importKeepsFieldNames(db);
    // The rules run chunk by chunk while the rows are still being read, so imports into one workspace
    // take turns from the start.
    await lockWorkspaceImports(db, workspaceId);
    const scope = { workspaceId, campaignId, sourceListId: listId, recentSince: days > 0 ? new Date(now.getTime() - days * DAY_MS) : null, now };
    const counts = noRows();
    let chunks = 0;
    // Each chunk's new field names are ranked for the campaign alongside (field-order.ts).
    const stager: Stager = new Stager(db, now.getTime(), async () => {
      await Promise.all([importChunk(db, scope, counts, chunks++ === 0), recordFieldOrder(ctx.em, 'campaign', campaignId, stager.names.take())]);
    });
    await stage(stager, db);
    await stager.finish();
    return counts;
  });
  // Once committed, other areas follow up on the new leads (the verification area looks up providers).
  await runAfterImport(ctx, { workspaceId, campaignId, inserted: counts.inserted });
  return counts;
}

/** A JSON lead (or a lead-list entry) as a row. */
export const manualRow = (lead: ManualLeadInput): RawRow => ({
  email: lead.email,
  fields: namedFields(lead.vars ?? {}),
});

/** POST /campaigns/:id/leads/manual: `{leads: [{email, vars}]}`. */
export function addManualLeads(ctx: AuthedCtx, campaignId: string, input: AddManualLeadsInput): Promise<ImportCounts> {
  return runImport(ctx, campaignId, (stager) => stager.copy([input.leads.map(manualRow)]));
}

/** POST /campaigns/:id/leads: CSV as a string or as a stream of UTF-8 text (parsed as it is read). */
export function addCsvLeads(ctx: AuthedCtx, campaignId: string, csv: string | Readable): Promise<ImportCounts> {
  return runImport(ctx, campaignId, (stager) => stager.copy(csvLeadRows(csv)));
}

/** POST /campaigns/:id/leads/sheet: the sheet is read once, through the SSRF guard, then imported as CSV. */
export async function addSheetLeads(ctx: AuthedCtx, campaignId: string, input: AddSheetLeadsInput): Promise<ImportCounts> {
  await findOr404(ctx.em, Campaign, campaignId, 'Campaign'); // no fetch for a campaign the caller cannot see
  const csv = await fetchSheetCsv(ctx.deps.http, ctx.deps.config, input.url);
  return addCsvLeads(ctx, campaignId, csv);
}

/** The entries of a lead list in the order they were added, a page at a time (keyset on created_at, id). */
async function stageListEntries(stager: Stager, db: Db, listId: string): Promise<void> {
  // The list's fields rank first, in its own order: its entries' vars are jsonb and lost that order.
  stager.names.add(await listFieldOrder(db, listId));
  let after: { created_at: Date; id: string } | null = null;
  for (;;) {
    const page = await listEntriesAfter(db, listId, after);
    if (!page.length) return;
    await stager.copy([page.map((e) => ({ email: e.email, fields: namedFields(e.vars ?? {}) }))]);
    if (page.length < LIST_PAGE) return;
    after = page[page.length - 1]!;
  }
}

/** POST /campaigns/:id/leads/from-list: every entry of the list, through the same rules; leads get the list as source. */
export function addListLeads(ctx: AuthedCtx, campaignId: string, input: AddListLeadsInput): Promise<ImportCounts> {
  return runImport(ctx, campaignId, (stager, db) => stageListEntries(stager, db, input.listId), input.listId);
}

/** GraphQL addLeads: exactly one of leads, csv, sheetUrl, listId. */
export function addLeads(ctx: AuthedCtx, campaignId: string, input: AddLeadsInput): Promise<ImportCounts> {
  const given = (['leads', 'csv', 'sheetUrl', 'listId'] as const).filter((k) => input[k] !== undefined && input[k] !== null);
  if (given.length !== 1) {
    const message = 'Give exactly one of leads, csv, sheetUrl or listId.';
    throw new AppError('validation_failed', message, { fields: Object.fromEntries((given.length ? given : ['input']).map((k) => [k, [message]])) });
  }
  if (input.leads) return addManualLeads(ctx, campaignId, { leads: input.leads });
  if (typeof input.csv === 'string') return addCsvLeads(ctx, campaignId, input.csv);
  if (typeof input.sheetUrl === 'string') return addSheetLeads(ctx, campaignId, { url: input.sheetUrl });
  return addListLeads(ctx, campaignId, { listId: input.listId as string });
}
