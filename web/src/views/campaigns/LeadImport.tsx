// CSV import with a progress bar (decisions.md §12, §14): the file goes up as the multipart field "file"
// of POST /api/campaigns/:id/leads?async=true, which answers 202 {job_id}; GET /api/jobs/:id is then
// polled every 500 ms until the job is done or failed. The counts shown are the job's result as it gives
// them; the leads table refreshes when it ends.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { ApiError } from '../../api/errors';
import { rest } from '../../api/rest';
import { count } from '../../ui/format';
import { useFixTarget } from './fix-links';
import { words } from './words';

/** GET /api/jobs/:id (src/modules/leads/background/README.md). */
interface JobView {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number | null };
  result: Record<string, number> | null;
  error: { code: string; message: string } | null;
}

const POLL_MS = 500;

export function LeadImport({ campaignId }: { campaignId: string }) {
  const fileId = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const fileRef = useFixTarget('import');
  const start = useMutation<{ job_id: string }, ApiError, File>({
    mutationFn: (f) => {
      const form = new FormData();
      form.append('file', f);
      return rest('POST', `/campaigns/${campaignId}/leads?async=true`, form);
    },
  });
  const jobId = start.data?.job_id;
  const job = useQuery<JobView, ApiError>({
    queryKey: ['CampaignImportJob', jobId],
    queryFn: ({ signal }) => rest<JobView>('GET', `/jobs/${jobId}`, undefined, { signal }),
    enabled: Boolean(jobId),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : POLL_MS),
  });
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';

  // New leads: the table, the preview's lead list and the numbers follow.
  useEffect(() => {
    if (job.data?.status !== 'done') return;
    for (const name of ['CampaignLeadsPage', 'CampaignPreviewLeads', 'CampaignView', 'CampaignSendingStatus', 'CampaignStats', 'Campaigns']) {
      void client.invalidateQueries({ queryKey: [name] });
    }
  }, [job.data?.status, client]);

  const running = start.isPending || (Boolean(jobId) && !finished && !job.isError);
  return (
    <section aria-labelledby="import-heading" className="card import">
      <h2 id="import-heading">Import leads from a CSV</h2>
      <p className="muted">One row per lead with an email column; every other column becomes a lead field for merge fields.</p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) start.mutate(file);
        }}
      >
        <label htmlFor={fileId}>CSV file</label>
        <input ref={fileRef} id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <button type="submit" className="primary" disabled={!file || running}>
          {running ? 'Importing…' : 'Import'}
        </button>
      </form>
      {start.error ? <ImportError message={start.error.message} /> : null}
      {job.error ? <ImportError message={job.error.message} /> : null}
      {job.data?.error ? <ImportError message={job.data.error.message} /> : null}
      {jobId ? <ImportProgress job={job.data} /> : null}
    </section>
  );
}

function ImportError({ message }: { message: string }) {
  return (
    <div className="error-state" role="alert">
      <p>
        <strong>The import did not go through.</strong> {message}
      </p>
    </div>
  );
}

function ImportProgress({ job }: { job: JobView | undefined }) {
  const done = job?.progress.done ?? 0;
  // The total is known once the upload is counted; until then the bar is indeterminate.
  const total = job?.status === 'done' ? Math.max(done, job.progress.total ?? done) : (job?.progress.total ?? null);
  const shown = job?.status === 'done' ? total : done;
  const pct = total ? Math.round((100 * (shown ?? 0)) / total) : null;
  return (
    <div className="import-progress">
      <progress aria-label="Import progress" value={total ? (shown ?? 0) : undefined} max={total ?? undefined} />
      <p role="status">
        {!job || job.status === 'queued'
          ? 'Waiting to start…'
          : job.status === 'failed'
            ? 'The import failed.'
            : `${count(shown)}${total ? ` of ${count(total)}` : ''} rows${pct !== null ? ` (${pct}%)` : ''}${job.status === 'done' ? ': done.' : ''}`}
      </p>
      {job?.status === 'done' && job.result ? (
        <dl className="import-result" aria-label="Import result">
          {Object.entries(job.result).map(([k, v]) => (
            <div key={k}>
              <dt>{words(k)}</dt>
              <dd>{count(v)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
