// An async export's run (README.md here): the campaign's leads written as the synchronous export writes
// them (leads-csv.ts), into the job's result pieces instead of a response. A run that starts again (after
// a crash or a stop) writes the whole file again: the pieces of a run before are cleared first.
import { findOr404 } from '../../../storage/find';
import type { AppDeps } from '../../../runtime/context';
import { Campaign } from '../../campaigns/campaign.entity';
import { campaignLeadFields } from '../lead-fields';
import { writeCampaignLeadsCsv } from '../leads-csv';
import { CSV_PAGE } from '../leads-csv.queries';
import { addResultPiece, clearResult, finishJob, markRunning, setProgress, type JobRow } from './background-jobs.queries';
import { PIECE_CHARS } from './csv-input';
import { jobContext, RunStopped } from './import-job';
import { countCampaignLeads } from './export-job.queries';

/** Where a job's file result is served. */
export const resultUrl = (id: string) => `/api/jobs/${id}/result`;

export async function runExportJob(deps: AppDeps, job: JobRow, signal: AbortSignal): Promise<void> {
  await markRunning(deps.orm.em.fork(), job.id, deps.clock.now());
  const ctx = jobContext(deps, job.workspaceId);
  const campaign = await findOr404(ctx.em, Campaign, job.campaignId, 'Campaign');
  const fields = await campaignLeadFields(ctx.em, campaign);
  const write = deps.orm.em.fork();
  await clearResult(write, job.id);
  const total = await countCampaignLeads(ctx.em, job.workspaceId, campaign.id);
  await setProgress(write, job.id, 0, total);
  let piece = '';
  let seq = 0;
  let pages = -1; // the header is the first write
  const written = await writeCampaignLeadsCsv(ctx.em, campaign, fields, {
    write: async (chunk) => {
      if (signal.aborted) throw new RunStopped();
      piece += chunk;
      pages++;
      if (piece.length >= PIECE_CHARS) {
        await addResultPiece(write, job.id, seq++, piece);
        piece = '';
        await setProgress(write, job.id, Math.min(total, pages * CSV_PAGE));
      }
    },
  });
  if (piece || seq === 0) await addResultPiece(write, job.id, seq++, piece);
  await finishJob(write, job.id, { status: 'done', result: { url: resultUrl(job.id) }, done: written }, deps.clock.now());
}
