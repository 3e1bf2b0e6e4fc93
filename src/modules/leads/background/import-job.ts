// An async import's run (README.md here): the same staging and rules as the synchronous import
// (import/staging.ts, import/import-rules.ts), but committed batch by batch, each batch with the job's
// checkpoint (rows committed so far and their counts) and the addresses the rules kept out (so a later
// repeat is still a duplicate). A run that starts again after a crash or a stop skips the rows committed
// and goes on from the checkpoint: no row is counted twice, and the counts come out as the synchronous
// import's of the same rows.
import { Readable } from 'node:stream';
import type { AppDeps } from '../../../runtime/context';
import { authedContext, type AuthedCtx } from '../../../runtime/context';
import { notFound } from '../../../contracts/errors';
import { recordFieldOrder } from '../field-order';
import { lockListStatement } from '../lead-lists.queries';
import { runAfterImport } from '../import/after-import';
import { csvLeadRows } from '../import/csv';
import { importChunk, noRows, type ImportCounts } from '../import/import-rules';
import { importKeepsFieldNamesStatement, lockWorkspaceImportsStatement, type ImportScope } from '../import/import-rules.queries';
import { createStagingTable, dropTempTables, lockCampaignStatement, recentContactDays, SEEN_TABLE } from '../import/import.queries';
import { manualRow } from '../import/import.service';
import type { ManualLeadInput } from '../import/import.inputs';
import type { RawRow } from '../import/lead-rows';
import { fetchSheetCsv } from '../import/sheet';
import { Stager } from '../import/staging';
import { addInputPiece, beginBatch, commit, commitBatch, finishJob, inputPieces, loadSeen, markRunning, setInput, type JobRow } from './background-jobs.queries';
import { countCsvRecords, splitText } from './csv-input';
import { onImportConnection } from '../../../storage/import-transaction';
import type { StatementResult } from '../../../storage/sql';

const DAY_MS = 86_400_000;
/** Input pieces read per query. */
const PIECES_PER_READ = 4;
const TEXT_SLICE = 1 << 16;

/** The run was told to stop (its signal): it ends after the batch it committed; the runner runs it again. */
export class RunStopped extends Error {
  constructor() {
    super('the run was told to stop');
  }
}

/** The job's workspace as the context of its run (the hooks after an import, the field order). */
export function jobContext(deps: AppDeps, workspaceId: string): AuthedCtx {
  return authedContext(deps, { workspaceId, userId: null, role: 'member', via: 'api_key' });
}

/** The input pieces in order, as they are read (a page at a time). */
async function* pieces(deps: AppDeps, jobId: string): AsyncGenerator<string> {
  let seq = 0;
  for (;;) {
    const page = await inputPieces(deps.orm.em.fork(), jobId, seq, PIECES_PER_READ);
    for (const p of page) yield p.data;
    if (page.length < PIECES_PER_READ) return;
    seq = page[page.length - 1]!.seq + 1;
  }
}

/** Text in slices of the size the CSV parser is fed from a string (csv.ts textStream): its row-length
 *  guard counts what it is fed since the last row, so a stored piece of a megabyte at once would trip it. */
async function* textSlices(texts: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const text of texts) for (let i = 0; i < text.length; i += TEXT_SLICE) yield text.slice(i, i + TEXT_SLICE);
}

/** JSON pieces (arrays of {email, vars}) as rows. */
async function* jsonRows(deps: AppDeps, jobId: string): AsyncGenerator<RawRow[]> {
  for await (const piece of pieces(deps, jobId)) yield (JSON.parse(piece) as ManualLeadInput[]).map(manualRow);
}

/** The rows after the first `skip` (those a run before committed). */
async function* skipRows(batches: AsyncIterable<RawRow[]>, skip: number): AsyncGenerator<RawRow[]> {
  let left = skip;
  for await (const batch of batches) {
    if (left >= batch.length) {
      left -= batch.length;
      continue;
    }
    yield left ? batch.slice(left) : batch;
    left = 0;
  }
}

/** A sheet is read once, by the first run, and kept as the job's CSV: a run after a crash reads the same rows. */
async function readSheet(deps: AppDeps, job: JobRow): Promise<JobRow> {
  const csv = await fetchSheetCsv(deps.http, deps.config, job.input.url!);
  const em = deps.orm.em.fork();
  const input = { source: 'csv' as const };
  await em.transactional(async (tx) => {
    let seq = 0;
    for (const piece of splitText(csv)) await addInputPiece(tx, job.id, seq++, piece);
    await setInput(tx, job.id, input, countCsvRecords(csv));
  });
  return { ...job, input };
}

/**
 * Runs (or resumes) the import job. Throws an AppError the job fails with (an unknown campaign, a CSV
 * without an email column, a sheet that cannot be read), RunStopped when told to stop.
 */
export async function runImportJob(deps: AppDeps, initial: JobRow, signal: AbortSignal): Promise<void> {
  let job = initial;
  const startedAt = await markRunning(deps.orm.em.fork(), job.id, deps.clock.now());
  if (job.input.source === 'sheet') job = await readSheet(deps, job);
  const ctx = jobContext(deps, job.workspaceId);
  const { workspaceId, campaignId } = job;
  const listId = job.input.listId ?? null;
  const skip = job.checkpoint?.rows ?? 0;
  const counts: ImportCounts = { ...noRows(), ...job.checkpoint?.counts };

  await onImportConnection(
    deps.orm.em,
    async (db) => {
      // Each batch's transaction holds the campaign (and list) and the workspace's import turn, as the
      // synchronous import's one transaction does (import.service.ts); taken with its begin, and with the
      // commit of the batch before, in one round trip.
      const locks = [
        lockCampaignStatement(workspaceId, campaignId),
        ...(listId !== null ? [lockListStatement(workspaceId, listId)] : []),
        importKeepsFieldNamesStatement(),
        lockWorkspaceImportsStatement(workspaceId),
      ];
      let days = 0;
      const locked = ([campaign, list]: StatementResult[]) => {
        const found = recentContactDays(campaign!.rows);
        if (found === null) throw notFound('Campaign');
        if (listId !== null && !list!.rows.length) throw notFound('Lead list');
        days = found;
      };
      await createStagingTable(db, 'session');
      await loadSeen(db, job.id, SEEN_TABLE);
      locked(await beginBatch(db, locks));
      const scope: ImportScope = {
        workspaceId,
        campaignId,
        sourceListId: listId,
        recentSince: days > 0 ? new Date(startedAt.getTime() - days * DAY_MS) : null,
        now: startedAt,
        jobId: job.id,
      };
      let chunks = 0;
      const stager: Stager = new Stager(db, deps.clock.now().getTime(), async () => {
        const upTo = skip + stager.rows; // read before the first await: parsing goes on meanwhile
        await Promise.all([importChunk(db, scope, counts, chunks++ === 0), recordFieldOrder(ctx.em, 'campaign', campaignId, stager.names.take())]);
        // Told to stop: this batch is the run's last (the runner runs it again, from here).
        const stop = signal.aborted;
        const next = await commitBatch(db, job.id, { rows: upTo, counts }, stop ? null : locks);
        if (stop) throw new RunStopped();
        locked(next);
      });
      if (job.input.fieldOrder) stager.names.add(job.input.fieldOrder);
      const rows = job.input.source === 'csv' ? csvLeadRows(Readable.from(textSlices(pieces(deps, job.id)), { objectMode: true, highWaterMark: 1 })) : jsonRows(deps, job.id);
      await stager.copy(skipRows(rows, skip));
      await stager.finish();
      await finishJob(db, job.id, { status: 'done', result: importAnswer(counts), done: skip + stager.rows }, deps.clock.now());
      await commit(db);
    },
    dropTempTables,
  );
  // Once committed, other areas follow up on the new leads, as after a synchronous import.
  await runAfterImport(ctx, { workspaceId, campaignId, inserted: counts.inserted });
}

/** The counts as the synchronous import answers them over REST (snake_case). */
export function importAnswer(c: ImportCounts): Record<string, number> {
  return {
    inserted: c.inserted,
    duplicates: c.duplicates,
    blocklisted: c.blocklisted,
    invalid: c.invalid,
    in_another_campaign: c.inAnotherCampaign,
    contacted_recently: c.contactedRecently,
  };
}
