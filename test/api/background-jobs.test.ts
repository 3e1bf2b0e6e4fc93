// decisions.md §12 background jobs: `?async=true` on every way of adding leads (CSV, JSON, sheet, list) and
// on the CSV export answers 202 {job_id} after the checks the synchronous form makes first; the job's
// counts equal the synchronous import's of the same rows (into another workspace set up alike), an
// export's file equals the synchronous CSV; progress, a run stopped after a batch and resumed from its
// checkpoint, GET /jobs newest first in cursor pages, another workspace's job 404, an expired result,
// scopes, and bad input, through REST and GraphQL.
//
// The service runs without its job runner (the runner would take other files' jobs on the shared
// database): the test runs each queued run itself, as the runner would (test/README.md), and the restart
// across processes is in test/integration/background-jobs-restart.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeferredJobQueue, JobData } from '../../src/runtime/job-queue';
import { BlocklistEntry } from '../../src/modules/blocklist/blocklist-entry.entity';
import { BACKGROUND_JOB, expireResults, requeueUnqueued, runBackgroundJob } from '../../src/modules/leads/background/background.job';
import { LeadListEntry } from '../../src/modules/leads/lead-list-entry.entity';
import { LeadList } from '../../src/modules/leads/lead-list.entity';
import { Lead } from '../../src/modules/leads/lead.entity';
import { sql } from '../../src/storage/sql';
import * as ops from '../graphql/generated';
import { Client, expectError, signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';

jest.setTimeout(60_000);

let service: Awaited<ReturnType<typeof startTestService>>;
let sheetHost: http.Server;
let sheetBase: string;
/** The synchronous side and the async side: two workspaces set up alike (rule 4 looks across a
 *  workspace's campaigns, so the two imports must not see each other). */
let syncSide: Account;
let asyncSide: Account;
let stranger: Account;

const SHEET_CSV = 'Email,First Name,Country\nsheet-1@sheet.test,One,Germany\nSHEET-1@sheet.test,Again,\nsheet-2@sheet.test,Two,\nnope,,\nblocked@bl.test,,\n';

beforeAll(async () => {
  sheetHost = http.createServer((req, res) => {
    if (req.url === '/leads.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(SHEET_CSV);
    else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Sign in</body></html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => sheetHost.listen(0, '127.0.0.1', resolve));
  sheetBase = `http://127.0.0.1:${(sheetHost.address() as AddressInfo).port}`;
  service = await startTestService({ env: { SHEET_ALLOWED_HOSTS: '127.0.0.1', ALLOW_PRIVATE_FETCH: 'true' } });
  [syncSide, asyncSide, stranger] = await Promise.all([signUp(service.url), signUp(service.url), signUp(service.url)]);
  for (const side of [syncSide, asyncSide]) await furnish(side);
});
afterAll(async () => {
  await service.stop();
  await new Promise((resolve) => sheetHost.close(resolve));
});

const em = () => service.deps.orm.em.fork({ disableContextResolution: true });

/** A blocklist and another campaign with leads, the same in each workspace. */
async function furnish(account: Account) {
  const e = em();
  e.create(BlocklistEntry, { workspace: account.workspaceId, email: 'blocked@bl.test', reason: 'manual' });
  e.create(BlocklistEntry, { workspace: account.workspaceId, email: 'blockeddomain.test', reason: 'manual' });
  await e.flush();
  const other = await createCampaign(service, account.workspaceId, { name: 'Other' });
  await createLeads(
    service,
    account.workspaceId,
    other.id,
    Array.from({ length: 7 }, (_, i) => ({ email: `other-${i}@x.test` })),
  );
}

const newCampaign = async (account: Account, name = 'Campaign') => (await createCampaign(service, account.workspaceId, { name })).id;

/** 5,000 rows with every outcome, repeats crossing batch boundaries (the first batch is 2,000 rows): a
 *  blocklisted address in the first batch comes back in later ones, which only the addresses a run kept
 *  (background_job_seen) make duplicates after a resumption. */
function mixedCsv(rows = 5_000, prefix = 'lead', notes = ''): string {
  const lines = [`Email,First Name,Company${notes ? ',Notes' : ''}`];
  for (let i = 0; i < rows; i++) {
    let email: string;
    if (i % 10 === 0) email = `not-an-address-${i}`;
    else if (i % 10 === 1 && i > 1003) email = `${prefix.toUpperCase()}-${i - 1003}@Ex.test`;
    else if (i % 50 === 2) email = i % 100 === 2 ? 'blocked@bl.test' : `x${i}@blockeddomain.test`;
    else if (i % 50 === 3) email = `other-${i % 7}@x.test`;
    else email = `${prefix}-${i}@ex.test`;
    lines.push(`${email},Name ${i},"Co, ${i % 13}"${notes ? `,${notes}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

const queue = () => service.deps.jobs as DeferredJobQueue;
const live = () => new AbortController().signal;

/** Runs the job's queued run as the runner would, polling GET /jobs/:id until it ends; the last answer. */
async function runToEnd(client: Client, jobId: string) {
  expect(queue().held.some((h) => h.name === BACKGROUND_JOB && h.data.jobId === jobId)).toBe(true);
  const run = runBackgroundJob(service.deps, jobId, live());
  let seen = await client.get(`/jobs/${jobId}`);
  const progress: number[] = [];
  while (seen.body.status === 'queued' || seen.body.status === 'running') {
    progress.push(seen.body.progress.done);
    await new Promise((r) => setTimeout(r, 20));
    seen = await client.get(`/jobs/${jobId}`);
  }
  await run;
  // Progress only moves forward.
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  return seen;
}

const leadEmails = async (campaignId: string) =>
  (await em().find(Lead, { campaign: campaignId }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' } })).map((l) => [l.email, l.vars]);

const csvPost = (client: Client, campaignId: string, text: string, query = '') =>
  client.request('POST', `/api/campaigns/${campaignId}/leads${query}`, text, { 'content-type': 'text/csv' });

describe('async imports: 202, polled to done, counts equal to the synchronous import of the same rows', () => {
  it('CSV upload: stored before the answer, progress from the first batch, a stopped run resumes from its checkpoint', async () => {
    const text = mixedCsv(5_000, 'lead', 'n'.repeat(250)); // over 1 MB: more than one stored piece
    expect(text.length).toBeGreaterThan(1 << 20);
    const [syncCampaign, asyncCampaign] = [await newCampaign(syncSide), await newCampaign(asyncSide)];
    const sync = await csvPost(syncSide.client, syncCampaign, text);
    expect(sync.status).toBe(200);

    const started = await csvPost(asyncSide.client, asyncCampaign, text, '?async=true');
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ job_id: expect.any(String) });
    const id = started.body.job_id as string;
    const queued = await asyncSide.client.get(`/jobs/${id}`);
    expect(queued.body).toEqual({
      id,
      kind: 'import',
      status: 'queued',
      progress: { done: 0, total: 5_000 },
      result: null,
      error: null,
      created_at: expect.any(String),
      finished_at: null,
    });
    // The upload is in PostgreSQL: what a `jobs` process elsewhere reads.
    const [stored] = await sql(em(), `select sum(length(data))::int as n from background_job_input where job_id = ?`, [id]);
    expect(stored!.n).toBe(text.length);

    // A run told to stop ends after the batch it committed: its rows, counted, and the checkpoint.
    const stop = new AbortController();
    stop.abort();
    await runBackgroundJob(service.deps, id, stop.signal);
    const halfway = await asyncSide.client.get(`/jobs/${id}`);
    expect(halfway.body).toMatchObject({ status: 'running', progress: { done: 2_000, total: 5_000 }, result: null });
    expect(await em().count(Lead, { campaign: asyncCampaign }, { filters: false })).toBeGreaterThan(0);

    const done = await runToEnd(asyncSide.client, id);
    expect(done.body).toMatchObject({ status: 'done', progress: { done: 5_000, total: 5_000 }, error: null, finished_at: expect.any(String) });
    expect(done.body.result).toEqual(sync.body);
    // In the synchronous answer's order, too (the console lists them as they come).
    expect(Object.keys(done.body.result)).toEqual(Object.keys(sync.body));
    expect(sync.body.duplicates).toBeGreaterThan(0);
    expect(sync.body.blocklisted).toBeGreaterThan(0);
    expect(sync.body.in_another_campaign).toBeGreaterThan(0);
    expect(await leadEmails(asyncCampaign)).toEqual(await leadEmails(syncCampaign));
    // What only the run needed is gone.
    const [left] = await sql(
      em(),
      `select (select count(*) from background_job_input where job_id = ?)::int + (select count(*) from background_job_seen where job_id = ?)::int as n`,
      [id, id],
    );
    expect(left!.n).toBe(0);
  });

  it('CSV as a multipart file', async () => {
    const text = 'email,name\na@mp.test,A\nA@mp.test,again\nblocked@bl.test,\n';
    const [syncCampaign, asyncCampaign] = [await newCampaign(syncSide), await newCampaign(asyncSide)];
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([text], { type: 'text/csv' }), 'leads.csv');
      return f;
    };
    const sync = await syncSide.client.request('POST', `/api/campaigns/${syncCampaign}/leads`, form());
    const started = await asyncSide.client.request('POST', `/api/campaigns/${asyncCampaign}/leads?async=true`, form());
    expect(started.status).toBe(202);
    expect((await runToEnd(asyncSide.client, started.body.job_id)).body.result).toEqual(sync.body);
  });

  it('JSON leads', async () => {
    const leads = [
      { email: 'j1@json.test', vars: { first: 'One', score: 3 } },
      { email: 'J1@json.test' },
      { email: 'nope' },
      { email: 'other-2@x.test' },
      { email: 'someone@blockeddomain.test' },
      { email: 'j2@json.test', vars: { city: 'Oslo' } },
    ];
    const [syncCampaign, asyncCampaign] = [await newCampaign(syncSide), await newCampaign(asyncSide)];
    const sync = await syncSide.client.post(`/campaigns/${syncCampaign}/leads/manual`, { leads });
    const started = await asyncSide.client.post(`/campaigns/${asyncCampaign}/leads/manual?async=true`, { leads });
    expect(started.status).toBe(202);
    const done = await runToEnd(asyncSide.client, started.body.job_id);
    expect(done.body.result).toEqual(sync.body);
    expect(done.body.progress).toEqual({ done: 6, total: 6 });
    expect(await leadEmails(asyncCampaign)).toEqual(await leadEmails(syncCampaign));
  });

  it('a published sheet, read by the job; a sheet that cannot be read fails the job with the synchronous error body', async () => {
    const [syncCampaign, asyncCampaign] = [await newCampaign(syncSide), await newCampaign(asyncSide)];
    const sync = await syncSide.client.post(`/campaigns/${syncCampaign}/leads/sheet`, { url: `${sheetBase}/leads.csv` });
    const started = await asyncSide.client.post(`/campaigns/${asyncCampaign}/leads/sheet?async=true`, { url: `${sheetBase}/leads.csv` });
    expect(started.status).toBe(202);
    expect((await asyncSide.client.get(`/jobs/${started.body.job_id}`)).body.progress).toEqual({ done: 0, total: null });
    const done = await runToEnd(asyncSide.client, started.body.job_id);
    expect(done.body.result).toEqual(sync.body);
    expect(done.body.progress).toEqual({ done: 5, total: 5 });

    const syncRefusal = await syncSide.client.post(`/campaigns/${syncCampaign}/leads/sheet`, { url: `${sheetBase}/page` });
    expectError(syncRefusal, 400, 'sheet_not_csv');
    const failing = await asyncSide.client.post(`/campaigns/${asyncCampaign}/leads/sheet?async=true`, { url: `${sheetBase}/page` });
    const failed = await runToEnd(asyncSide.client, failing.body.job_id);
    expect(failed.body).toMatchObject({ status: 'failed', result: null, error: syncRefusal.body.error, finished_at: expect.any(String) });
  });

  it('a lead list, with its field order and as the leads source', async () => {
    const entries: { email: string; vars: Record<string, string> }[] = [
      { email: 'l1@list.test', vars: { zeta: 'z', alpha: 'a' } },
      { email: 'L1@list.test', vars: {} },
      { email: 'other-4@x.test', vars: {} },
      { email: 'l2@list.test', vars: { alpha: 'b' } },
    ];
    const listOf = async (account: Account) => {
      const e = em();
      const list = e.create(LeadList, { workspace: account.workspaceId, name: 'L', fieldOrder: ['zeta', 'alpha'] });
      entries.forEach((entry, i) => e.create(LeadListEntry, { list, email: entry.email, vars: entry.vars, createdAt: new Date(Date.now() + i) }));
      await e.flush();
      return list.id;
    };
    const [syncCampaign, asyncCampaign] = [await newCampaign(syncSide), await newCampaign(asyncSide)];
    const sync = await syncSide.client.post(`/campaigns/${syncCampaign}/leads/from-list`, { list_id: await listOf(syncSide) });
    const asyncList = await listOf(asyncSide);
    const started = await asyncSide.client.post(`/campaigns/${asyncCampaign}/leads/from-list?async=true`, { list_id: asyncList });
    expect(started.status).toBe(202);
    const done = await runToEnd(asyncSide.client, started.body.job_id);
    expect(done.body.result).toEqual(sync.body);
    expect(await leadEmails(asyncCampaign)).toEqual(await leadEmails(syncCampaign));
    expect((await asyncSide.client.get(`/campaigns/${asyncCampaign}/lead-fields`)).body).toEqual((await syncSide.client.get(`/campaigns/${syncCampaign}/lead-fields`)).body);
    const sources = await em().find(Lead, { campaign: asyncCampaign }, { filters: false });
    expect(sources.every((l) => l.sourceList?.id === asyncList)).toBe(true);
  });
});

describe('async export', () => {
  it('answers 202; the result URL serves the same CSV with the same headers as the synchronous export', async () => {
    const campaignId = await newCampaign(asyncSide, 'Export Me');
    await csvPost(asyncSide.client, campaignId, mixedCsv(3_000, 'exported', 'n'.repeat(450)));
    const sync = await asyncSide.client.get(`/campaigns/${campaignId}/leads.csv`);
    const started = await asyncSide.client.get(`/campaigns/${campaignId}/leads.csv?async=true`);
    expect(started.status).toBe(202);
    const id = started.body.job_id as string;
    const inserted = (await em().count(Lead, { campaign: campaignId }, { filters: false })) as number;
    expect((await asyncSide.client.get(`/jobs/${id}`)).body).toMatchObject({ status: 'queued', progress: { done: 0, total: inserted } });
    expectError(await asyncSide.client.get(`/jobs/${id}/result`), 409, 'job_not_done');
    const done = await runToEnd(asyncSide.client, id);
    expect(done.body).toMatchObject({ kind: 'export', status: 'done', progress: { done: inserted, total: inserted }, result: { url: `/api/jobs/${id}/result` } });
    const file = await asyncSide.client.request('GET', done.body.result.url);
    expect(file.status).toBe(200);
    expect(file.text).toBe(sync.text);
    expect(file.text.length).toBeGreaterThan(1 << 20); // more than one stored piece
    for (const h of ['content-type', 'content-disposition']) expect(file.headers.get(h)).toBe(sync.headers.get(h));
  });

  it('keeps the file 7 days, then answers 404 job_result_expired; the clean-up deletes it', async () => {
    const campaignId = await newCampaign(asyncSide);
    await asyncSide.client.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email: 'kept@exp.test' }] });
    const id = (await asyncSide.client.get(`/campaigns/${campaignId}/leads.csv?async=true`)).body.job_id as string;
    await runToEnd(asyncSide.client, id);
    const piecesOf = async () => Number((await sql(em(), `select count(*)::int as n from background_job_result where job_id = ?`, [id]))[0]!.n);
    await sql(em(), `update background_job set finished_at = now() - interval '6 days 23 hours' where id = ?`, [id]);
    await expireResults(service.deps);
    expect((await asyncSide.client.get(`/jobs/${id}/result`)).status).toBe(200);
    await sql(em(), `update background_job set finished_at = now() - interval '7 days 1 minute' where id = ?`, [id]);
    expectError(await asyncSide.client.get(`/jobs/${id}/result`), 404, 'job_result_expired');
    expect(await piecesOf()).toBe(1);
    await expireResults(service.deps);
    expect(await piecesOf()).toBe(0);
    expectError(await asyncSide.client.get(`/jobs/${id}/result`), 404, 'job_result_expired');
    // The job itself stays, with its result URL.
    expect((await asyncSide.client.get(`/jobs/${id}`)).body).toMatchObject({ status: 'done', result: { url: `/api/jobs/${id}/result` } });
  });
});

describe('GET /jobs and /jobs/:id', () => {
  it("another workspace's job is 404, through REST and GraphQL", async () => {
    const campaignId = await newCampaign(asyncSide);
    const id = (await asyncSide.client.get(`/campaigns/${campaignId}/leads.csv?async=true`)).body.job_id as string;
    expectError(await stranger.client.get(`/jobs/${id}`), 404, 'not_found');
    expectError(await stranger.client.get(`/jobs/${id}/result`), 404, 'not_found');
    expectError(await stranger.client.get(`/jobs/not-a-uuid`), 404, 'not_found');
    const gql = await stranger.client.gql(ops.JobDocument, { id });
    expect(gql.errors?.[0]?.extensions?.code).toBe('not_found');
    expect((await asyncSide.client.gql(ops.JobDocument, { id })).data?.job).toMatchObject({ id, kind: 'export', status: 'queued', progress: { done: 0 } });
  });

  it("an import's result is its counts: it has no file", async () => {
    const campaignId = await newCampaign(asyncSide);
    const id = (await asyncSide.client.post(`/campaigns/${campaignId}/leads/manual?async=true`, { leads: [{ email: 'x@nofile.test' }] })).body.job_id;
    await runToEnd(asyncSide.client, id);
    expectError(await asyncSide.client.get(`/jobs/${id}/result`), 404, 'not_found');
    const gql = await asyncSide.client.gql(ops.JobDocument, { id });
    expect(gql.data?.job?.result).toEqual({ ...{ inserted: 1, duplicates: 0, blocklisted: 0, invalid: 0, in_another_campaign: 0, contacted_recently: 0 } });
  });

  it('lists the workspace jobs newest first; a cursor walk sees each once, REST (Link) and GraphQL (nextCursor)', async () => {
    const me = await signUp(service.url);
    const campaignId = await newCampaign(me);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await me.client.get(`/campaigns/${campaignId}/leads.csv?async=true`)).body.job_id);
    const newestFirst = [...ids].reverse();

    const walked: string[] = [];
    let path: string | null = '/api/jobs?limit=2';
    while (path) {
      const page = await me.client.request('GET', path);
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(2);
      walked.push(...page.body.map((j: { id: string }) => j.id));
      path = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(walked).toEqual(newestFirst);
    expect((await me.client.get('/jobs')).body.map((j: { id: string }) => j.id)).toEqual(newestFirst);

    const viaGql: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof me.client.gql<ops.JobsQuery, ops.JobsQueryVariables>>> = await me.client.gql(ops.JobsDocument, { limit: 2, cursor });
      viaGql.push(...res.data!.jobs.items.map((j) => j.id));
      cursor = res.data!.jobs.nextCursor ?? null;
    } while (cursor);
    expect(viaGql).toEqual(newestFirst);

    expectError(await me.client.get('/jobs?cursor=forged.cursor'), 400, 'invalid_cursor');
    expectError(await me.client.get('/jobs?limit=0'), 400, 'validation_failed');
    expectError(await me.client.get('/jobs?limit=201'), 400, 'validation_failed');
    expect((await me.client.gql(ops.JobsDocument, { cursor: 'forged.cursor' })).errors?.[0]?.extensions?.code).toBe('invalid_cursor');
  });
});

describe('refusals: the synchronous form checks first, and nothing is queued', () => {
  const jobCount = async (account: Account) => Number((await sql(em(), `select count(*)::int as n from background_job where workspace_id = ?`, [account.workspaceId]))[0]!.n);

  it('answers as the synchronous form would before starting', async () => {
    const me = await signUp(service.url);
    const campaignId = await newCampaign(me);
    const otherCampaign = await newCampaign(stranger);
    const missing = '00000000-0000-4000-8000-000000000000';
    const c = me.client;
    expectError(await csvPost(c, missing, 'email\na@b.test\n', '?async=true'), 404, 'not_found');
    expectError(await csvPost(c, otherCampaign, 'email\na@b.test\n', '?async=true'), 404, 'not_found');
    expectError(await csvPost(c, campaignId, 'name\nAnn\n', '?async=true'), 400, 'no_email_column');
    expectError(await csvPost(c, campaignId, '', '?async=true'), 400, 'no_email_column');
    expectError(await c.request('POST', `/api/campaigns/${campaignId}/leads?async=true`, 'x', { 'content-type': 'text/plain' }), 400, 'not_csv');
    expectError(await csvPost(c, campaignId, 'email\na@b.test\n', '?async=maybe'), 400, 'validation_failed');
    expectError(await c.post(`/campaigns/${missing}/leads/manual?async=true`, { leads: [] }), 404, 'not_found');
    expectError(await c.post(`/campaigns/${campaignId}/leads/manual?async=true`, { leads: 'nope' }), 400, 'validation_failed');
    expectError(await c.request('POST', `/api/campaigns/${campaignId}/leads/manual?async=true`, '{"leads": [', { 'content-type': 'application/json' }), 400, 'invalid_json');
    expectError(await c.post(`/campaigns/${campaignId}/leads/sheet?async=true`, { url: 'not a link' }), 400, 'invalid_url');
    expectError(await c.post(`/campaigns/${campaignId}/leads/sheet?async=true`, { url: 'https://sheets.example.com/leads.csv' }), 400, 'host_not_allowed');
    expectError(await c.post(`/campaigns/${campaignId}/leads/sheet?async=true`, { url: 42 }), 400, 'validation_failed');
    expectError(await c.post(`/campaigns/${campaignId}/leads/from-list?async=true`, { list_id: missing }), 404, 'not_found');
    expectError(await c.get(`/campaigns/${missing}/leads.csv?async=true`), 404, 'not_found');
    expect(await jobCount(me)).toBe(0);
  });

  it('refuses an eleventh job while ten are queued or running (429 too_many_jobs with Retry-After); one more once one has finished (jobs start only through REST)', async () => {
    // Each job holds its input in the database and runs in turn with every workspace's: a workspace
    // could queue hundreds and keep the others' imports and exports waiting for hours.
    const me = await signUp(service.url);
    const campaignId = await newCampaign(me);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await (i % 2 ? csvPost(me.client, campaignId, `email\ncap-${i}@cap.test\n`, '?async=true') : me.client.get(`/campaigns/${campaignId}/leads.csv?async=true`));
      expect(res.status).toBe(202);
      ids.push(res.body.job_id);
    }
    const refused = await csvPost(me.client, campaignId, 'email\ncap-x@cap.test\n', '?async=true');
    expect(expectError(refused, 429, 'too_many_jobs').details).toEqual({ limit: 10, retry_after_seconds: 30 });
    expect(refused.headers.get('retry-after')).toBe('30');
    expectError(await me.client.get(`/campaigns/${campaignId}/leads.csv?async=true`), 429, 'too_many_jobs');
    expect(await jobCount(me)).toBe(10);
    // Another workspace is not held back by this one's jobs.
    const them = await signUp(service.url);
    expect((await them.client.get(`/campaigns/${await newCampaign(them)}/leads.csv?async=true`)).status).toBe(202);
    // Once one has finished, there is room for one more.
    expect((await runToEnd(me.client, ids[0]!)).body.status).toBe('done');
    expect((await csvPost(me.client, campaignId, 'email\ncap-y@cap.test\n', '?async=true')).status).toBe(202);
  });

  it('refuses an upload over 50 MB with 413 and keeps nothing of it', async () => {
    const me = await signUp(service.url);
    const campaignId = await newCampaign(me);
    const big = `email\n${'a@b.test\n'.repeat(Math.ceil((50 * 1024 * 1024) / 9) + 10)}`;
    const res = await me.client.request('POST', `/api/campaigns/${campaignId}/leads?async=true`, big, { 'content-type': 'text/csv' });
    expectError(res, 413, 'payload_too_large');
    expect(await jobCount(me)).toBe(0);
  });

  it('a job asked for while the service stops (its runner stopped) is kept queued, and the requeue job of the next process runs it', async () => {
    const stopped = await startTestService();
    try {
      const me = await signUp(stopped.url);
      const campaignId = (await createCampaign(stopped, me.workspaceId, {})).id;
      stopped.deps.jobs.detach();
      const res = await me.client.post(`/campaigns/${campaignId}/leads/manual?async=true`, { leads: [{ email: 'a@stopped.test' }] });
      expect(res.status).toBe(202);
      const jobId = res.body.job_id as string;
      expect((await me.client.get(`/jobs/${jobId}`)).body).toMatchObject({ status: 'queued', error: null });
      // The next process: a runner attached, and the requeue job once the run is overdue.
      const runs: JobData[] = [];
      await stopped.deps.jobs.attach(async (name, data) => void (name === BACKGROUND_JOB && runs.push(data)));
      const db = stopped.deps.orm.em.fork({ disableContextResolution: true });
      await sql(db, `update background_job set created_at = created_at - interval '3 minutes' where id = ?`, [jobId]);
      expect(await requeueUnqueued(stopped.deps)).toBe(1);
      expect(runs).toEqual([{ jobId }]);
    } finally {
      await stopped.stop();
    }
  });

  it('a job whose run was never queued (its process died between the two) is queued by the requeue job, once', async () => {
    const me = await signUp(service.url);
    const campaignId = await newCampaign(me);
    const started = await me.client.post(`/campaigns/${campaignId}/leads/manual?async=true`, { leads: [{ email: 'a@requeue.test' }, { email: 'b@requeue.test' }] });
    expect(started.status).toBe(202);
    const jobId = started.body.job_id as string;
    const runsOf = () => queue().held.filter((h) => h.name === BACKGROUND_JOB && h.data.jobId === jobId).length;
    expect(runsOf()).toBe(1);
    // As the crash would have left it: committed, its run never queued.
    await sql(em(), `update background_job set run_queued = false where id = ?`, [jobId]);
    expect(await requeueUnqueued(service.deps)).toBe(0); // too fresh: its request may be queueing it now
    await sql(em(), `update background_job set created_at = created_at - interval '3 minutes' where id = ?`, [jobId]);
    expect(await requeueUnqueued(service.deps)).toBe(1);
    expect(runsOf()).toBe(2);
    expect(await requeueUnqueued(service.deps)).toBe(0);
    expect(runsOf()).toBe(2);
    const done = await runToEnd(me.client, jobId);
    expect(done.body).toMatchObject({ status: 'done', result: { inserted: 2 } });
  });

  it('reading jobs needs leads:read; starting one needs the scope of the synchronous operation', async () => {
    const me = await signUp(service.url);
    const campaignId = await newCampaign(me);
    const key = async (scopes: string[]) => me.client.withToken((await me.client.post('/settings/api-keys', { name: 'k', scopes })).body.key);
    const reader = await key(['leads:read']);
    const campaignsOnly = await key(['campaigns:read']);
    expectError(await reader.post(`/campaigns/${campaignId}/leads/manual?async=true`, { leads: [{ email: 'a@scope.test' }] }), 403, 'insufficient_scope');
    expectError(await csvPost(reader, campaignId, 'email\na@b.test\n', '?async=true'), 403, 'insufficient_scope');
    const id = (await reader.get(`/campaigns/${campaignId}/leads.csv?async=true`)).body.job_id;
    expect((await reader.get(`/jobs/${id}`)).status).toBe(200);
    expect((await reader.get('/jobs')).status).toBe(200);
    expectError(await campaignsOnly.get(`/jobs/${id}`), 403, 'insufficient_scope');
    expectError(await campaignsOnly.get('/jobs'), 403, 'insufficient_scope');
    expect((await campaignsOnly.gql(ops.JobDocument, { id })).errors?.[0]?.extensions?.code).toBe('insufficient_scope');
  });
});
