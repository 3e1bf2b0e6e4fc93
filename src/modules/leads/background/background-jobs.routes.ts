// decisions.md §12 background jobs: a job, the workspace's jobs (cursor pages, newest first) and an
// export's file. Reading jobs needs leads:read (every job imports or exports leads); starting one needs
// the scope of the synchronous operation (the routes in leads.routes.ts).
import { csvDownloadRoute, jsonRoute, query } from '../../../contracts/api-route';
import { JobListInput } from './background-jobs.inputs';
import * as jobs from './background-jobs.service';
import { BackgroundJobView } from './background-jobs.types';

const keep = ['result', 'error'] as const;

export const backgroundJobRoutes = [
  jsonRoute({
    method: 'get',
    path: '/jobs',
    scope: 'leads:read',
    summary: "The workspace's background jobs (async imports and exports), newest first, in cursor pages",
    query: query(JobListInput),
    cursorPage: true,
    response: { type: BackgroundJobView, list: true, shape: 'snake', keep },
    handle: (ctx, { query }) => jobs.listJobs(ctx, query),
  }),
  jsonRoute({
    method: 'get',
    path: '/jobs/:id',
    scope: 'leads:read',
    summary: 'A background job: its status, progress, and result or error',
    response: { type: BackgroundJobView, shape: 'snake', keep },
    handle: (ctx, { params }) => jobs.getJob(ctx, params.id),
  }),
  csvDownloadRoute({
    method: 'get',
    path: '/jobs/:id/result',
    scope: 'leads:read',
    summary: "An async export's CSV, as GET /campaigns/{id}/leads.csv answers it; kept 7 days after the job ended (then 404 job_result_expired)",
    response: { schema: { type: 'string' }, description: 'text/csv' },
    handle: (ctx, { params }, open) => jobs.downloadResult(ctx, params.id, open),
  }),
];
