// Background jobs (decisions.md §12, README.md here): the async forms of the lead imports and the CSV
// export start a job after the checks the synchronous form makes before it starts (an unknown campaign
// or list is 404, a bad body 400, a CSV without an email column 400), with its input stored in
// PostgreSQL, and answer its id; GET /jobs/:id tells how it goes, GET /jobs lists them, newest first.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AuthedCtx } from '../../../runtime/context';
import { enqueueRecorded } from '../../../runtime/job-queue';
import { findOr404, isUuid } from '../../../storage/find';
import { inImportTransaction } from '../../../storage/import-transaction';
import { AppError, notFound } from '../../../contracts/errors';
import { isHostAllowed } from '../../../net/safe-fetch';
import { CursorCodec } from '../../../contracts/pagination/cursor';
import type { CursorPage } from '../../../contracts/pagination/page';
import { Campaign } from '../../campaigns/campaign.entity';
import type { AddListLeadsInput, AddManualLeadsInput, AddSheetLeadsInput } from '../import/import.inputs';
import { sheetCsvUrl } from '../import/sheet-url';
import { LeadList } from '../lead-list.entity';
import { csvFileName, type CsvSink } from '../leads-csv';
import {
  addInputPiece,
  insertJob,
  lockAndCountUnfinished,
  markRunQueued,
  setTotal,
  resultPieces,
  snapshotListEntries,
  workspaceJob,
  workspaceJobs,
  type JobInput,
  type JobKind,
  type JobRow,
} from './background-jobs.queries';
import { BACKGROUND_JOB, BACKGROUND_REQUEUE_JOB, RESULT_TTL_MS } from './background.job';
import type { BackgroundJobView } from './background-jobs.types';
import { countCampaignLeads } from './export-job.queries';
import { checkCsvHeader, CsvRecordCounter, PIECE_CHARS } from './csv-input';

/** JSON leads or list entries per stored piece. */
const ROWS_PER_PIECE = 1_000;
export const DEFAULT_JOB_LIMIT = 50;
export const MAX_JOB_LIMIT = 200;
const LIST_NAME = 'jobs';

/** Jobs of one workspace queued or running at once. Each holds up to 50 MB of input in the database,
 *  and the runs take turns with every workspace's (two at a time per process, first come first
 *  served): without a cap, one workspace could queue hundreds and keep every other workspace's imports
 *  and exports waiting for hours, and fill the disk. */
export const MAX_UNFINISHED_JOBS = 10;
/** What a refused caller is told to wait: a job of the largest size runs in about a minute. */
const JOBS_RETRY_AFTER_SECONDS = 30;

const tooManyJobs = () =>
  new AppError(
    'too_many_jobs',
    `This workspace already has ${MAX_UNFINISHED_JOBS} background jobs queued or running; start another when one has finished (GET /api/jobs).`,
    { limit: MAX_UNFINISHED_JOBS, retry_after_seconds: JOBS_RETRY_AFTER_SECONDS },
    JOBS_RETRY_AFTER_SECONDS,
  );

async function campaignOr404(ctx: AuthedCtx, campaignId: string): Promise<Campaign> {
  if (!isUuid(campaignId)) throw notFound('Campaign');
  return findOr404(ctx.em, Campaign, campaignId, 'Campaign');
}

/** Makes the job (its input already written by `write`, in the same transaction) and queues its run. */
async function startJob(
  ctx: AuthedCtx,
  kind: JobKind,
  campaignId: string,
  input: JobInput,
  write: (tx: Parameters<Parameters<typeof inImportTransaction>[1]>[0], id: string) => Promise<number | null>,
): Promise<string> {
  const id = randomUUID();
  await inImportTransaction(ctx.em, async (tx) => {
    if ((await lockAndCountUnfinished(tx, ctx.actor.workspaceId)) >= MAX_UNFINISHED_JOBS) throw tooManyJobs();
    await insertJob(tx, { id, workspaceId: ctx.actor.workspaceId, kind, campaignId, input, total: null, createdAt: ctx.deps.clock.now() });
    const total = await write(tx, id);
    if (total !== null) await setTotal(tx, id, total);
  });
  // Only a `jobs` process runs it (SERVICE_ROLES); an `api` process writes the run's row and goes on.
  // Not queued (the service is stopping), the run stays marked not queued, as after a crash between the two.
  if (await enqueueRecorded(ctx.deps, BACKGROUND_JOB, { jobId: id }, BACKGROUND_REQUEUE_JOB)) await markRunQueued(ctx.em.fork(), id);
  return id;
}

/** POST /campaigns/:id/leads?async=true: the CSV is read off the request into the job's input (the same
 *  50 MB limit as the synchronous import, enforced by the stream), its header checked, then the job runs. */
export async function startCsvImport(ctx: AuthedCtx, campaignId: string, csv: Readable | string): Promise<string> {
  await campaignOr404(ctx, campaignId);
  return startJob(ctx, 'import', campaignId, { source: 'csv' }, async (tx, id) => {
    const counter = new CsvRecordCounter();
    let piece = '';
    let seq = 0;
    const put = async () => {
      if (seq === 0) await checkCsvHeader(piece); // 400 before anything is queued, as the synchronous import
      await addInputPiece(tx, id, seq++, piece);
      piece = '';
    };
    for await (const text of typeof csv === 'string' ? [csv] : csv) {
      counter.push(text as string);
      piece += text as string;
      while (piece.length >= PIECE_CHARS) {
        const rest = piece.slice(PIECE_CHARS);
        piece = piece.slice(0, PIECE_CHARS);
        await put();
        piece = rest;
      }
    }
    if (piece || seq === 0) await put();
    return counter.dataRows;
  });
}

/** POST /campaigns/:id/leads/manual?async=true. */
export async function startManualImport(ctx: AuthedCtx, campaignId: string, input: AddManualLeadsInput): Promise<string> {
  await campaignOr404(ctx, campaignId);
  return startJob(ctx, 'import', campaignId, { source: 'rows' }, async (tx, id) => {
    for (let i = 0; i * ROWS_PER_PIECE < input.leads.length; i++) {
      const leads = input.leads.slice(i * ROWS_PER_PIECE, (i + 1) * ROWS_PER_PIECE).map((l) => ({ email: l.email, vars: l.vars ?? null }));
      await addInputPiece(tx, id, i, JSON.stringify(leads));
    }
    return input.leads.length;
  });
}

/** POST /campaigns/:id/leads/sheet?async=true: the link is checked now, read by the job. */
export async function startSheetImport(ctx: AuthedCtx, campaignId: string, input: AddSheetLeadsInput): Promise<string> {
  await campaignOr404(ctx, campaignId);
  // 400 invalid_url and host_not_allowed now, as the synchronous import answers before it fetches; the
  // address the host resolves to is checked when the job reads the sheet (a failure fails the job).
  const host = new URL(sheetCsvUrl(input.url)).hostname;
  if (!isHostAllowed(host, ctx.deps.config.sheetAllowedHosts)) {
    throw new AppError('host_not_allowed', `Links from ${host} are not accepted; allowed hosts: ${ctx.deps.config.sheetAllowedHosts.join(', ')}.`, { host });
  }
  return startJob(ctx, 'import', campaignId, { source: 'sheet', url: input.url }, async () => null);
}

/** POST /campaigns/:id/leads/from-list?async=true: the list's entries as they are now become the input. */
export async function startListImport(ctx: AuthedCtx, campaignId: string, input: AddListLeadsInput): Promise<string> {
  await campaignOr404(ctx, campaignId);
  if (!isUuid(input.listId)) throw notFound('Lead list');
  const list = await findOr404(ctx.em, LeadList, input.listId, 'Lead list');
  return startJob(ctx, 'import', campaignId, { source: 'rows', listId: list.id, fieldOrder: list.fieldOrder }, (tx, id) => snapshotListEntries(tx, id, list.id, ROWS_PER_PIECE));
}

/** GET /campaigns/:id/leads.csv?async=true. */
export async function startExport(ctx: AuthedCtx, campaignId: string): Promise<string> {
  const campaign = await campaignOr404(ctx, campaignId);
  // progress.total from the start: the leads the campaign holds now (the run counts them again).
  return startJob(ctx, 'export', campaign.id, { source: 'export', fileName: csvFileName(campaign.name) }, () => countCampaignLeads(ctx.em, ctx.actor.workspaceId, campaign.id));
}

/** The job as both doors answer it. */
export function jobView(job: JobRow): BackgroundJobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: { done: job.progressDone, total: job.progressTotal },
    result: job.result,
    error: job.error,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** GET /jobs/:id: another workspace's job is not found (decisions.md §3). */
export async function getJob(ctx: AuthedCtx, id: string): Promise<BackgroundJobView> {
  const job = isUuid(id) ? await workspaceJob(ctx.em, ctx.actor.workspaceId, id) : null;
  if (!job) throw notFound('Job');
  return jobView(job);
}

/** GET /jobs?limit&cursor: the workspace's jobs, newest first, in cursor pages. */
export async function listJobs(ctx: AuthedCtx, query: { limit?: number | null; cursor?: string | null }): Promise<CursorPage<BackgroundJobView>> {
  const limit = query.limit ?? DEFAULT_JOB_LIMIT;
  const codec = new CursorCodec(ctx.deps.secrets);
  let after: { createdAt: string; id: string } | null = null;
  if (query.cursor) {
    const [createdAt, id] = codec.decode(LIST_NAME, {}, query.cursor);
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !isUuid(id) || Number.isNaN(Date.parse(createdAt))) {
      throw new AppError('invalid_cursor', 'The cursor is unknown, altered, or from another list or other filters; start again without cursor.');
    }
    after = { createdAt, id };
  }
  const rows = await workspaceJobs(ctx.em, ctx.actor.workspaceId, limit + 1, after);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? codec.encode(LIST_NAME, {}, [last.createdAt.toISOString(), last.id]) : null;
  return { items: items.map(jobView), nextCursor };
}

/**
 * GET /jobs/:id/result: an export's CSV, with the synchronous export's headers, for 7 days after the job
 * ended; then 404 `job_result_expired` (and the clean-up job deletes it).
 */
export async function downloadResult(ctx: AuthedCtx, id: string, open: (fileName: string) => CsvSink): Promise<void> {
  const job = isUuid(id) ? await workspaceJob(ctx.em, ctx.actor.workspaceId, id) : null;
  if (!job) throw notFound('Job');
  if (job.kind !== 'export') throw new AppError('not_found', 'This job is an import: its result is its counts, in GET /api/jobs/:id; only exports have a file.');
  if (job.status === 'queued' || job.status === 'running') throw new AppError('job_not_done', 'The export is still running; poll GET /api/jobs/:id until its status is done.');
  if (job.status === 'failed') throw new AppError('not_found', 'The export failed, so it has no file; its error is in GET /api/jobs/:id.');
  if (job.resultDeleted || job.finishedAt!.getTime() + RESULT_TTL_MS <= ctx.deps.clock.now().getTime()) {
    throw new AppError('job_result_expired', 'The export file was kept 7 days after the job finished and is gone; start the export again.');
  }
  const sink = open(job.input.fileName ?? 'campaign-leads.csv');
  let seq = 0;
  for (;;) {
    const page = await resultPieces(ctx.em, job.id, seq, 4);
    for (const p of page) await sink.write(p.data);
    if (page.length < 4) return;
    seq = page[page.length - 1]!.seq + 1;
  }
}
