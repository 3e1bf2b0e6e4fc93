// decisions.md §12 background jobs survive a restart: an async import of 100,000 rows in a service process
// (src/main.ts, as `npm start` runs it) that is killed with SIGKILL after its first batches committed;
// the next process gives the dead one's run back (jobs/README.md) and resumes it from its checkpoint, and
// the counts come out exactly as the synchronous import's of the same rows (in another workspace set up
// alike): no row counted twice, none lost, every lead inserted once. One import serves both checks (the
// 100,000 rows and the restart), to keep the file short.
import { Client as Pg } from 'pg';
import { Client, signUp, type Account } from '../support/client';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { killServiceProcess, startServiceProcess, waitUntil, type ServiceProcess } from '../support/service-process';

jest.setTimeout(180_000);

const ROWS = 100_000;

let db: OwnDatabase;
let sql: Pg;
const started: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createOwnDatabase();
});
afterAll(async () => {
  for (const p of started) await killServiceProcess(p);
  await sql?.end().catch(() => undefined);
  await db.drop();
});

const start = async () => {
  const proc = await startServiceProcess({ DATABASE_URL: db.url, DATA_DIR: process.env.TEST_DATA_DIR!, SCHEDULER_TICK_SECONDS: '60', IMAP_POLL_SECONDS: '600' });
  started.push(proc);
  return proc;
};

/** Every outcome, repeats across the whole file (blocklisted addresses of the first rows come back late,
 *  after the kill, where only the addresses the run kept make them duplicates). */
function bigCsv(): string {
  const lines = ['email,first_name,company'];
  for (let i = 0; i < ROWS; i++) {
    let email: string;
    if (i % 20 === 0) email = `bad-${i}`;
    else if (i % 20 === 1)
      email = `Row-${(i * 7919) % Math.max(i, 1)}@big.test`; // often an earlier row
    else if (i % 100 === 2) email = i % 200 === 2 ? 'blocked@bl.test' : `b${i % 3000}@blockeddomain.test`;
    else if (i % 100 === 3) email = `other-${i % 11}@x.test`;
    else email = `row-${i}@big.test`;
    lines.push(`${email},Name ${i},Company ${i % 97}`);
  }
  return `${lines.join('\n')}\n`;
}

async function furnish(client: Client) {
  await client.post('/blocklist', { emails: ['blocked@bl.test', 'blockeddomain.test'] }).then((r) => expect(r.status).toBeLessThan(300));
  const other = await client.post('/campaigns', { name: 'Other' });
  const leads = Array.from({ length: 11 }, (_, i) => ({ email: `other-${i}@x.test` }));
  expect((await client.post(`/campaigns/${other.body.id}/leads/manual`, { leads })).status).toBe(200);
  return (await client.post('/campaigns', { name: 'Import' })).body.id as string;
}

const jobRow = async (id: string) =>
  (await sql.query('select status, progress_done, progress_total, checkpoint, error from background_job where id = $1', [id])).rows[0] as {
    status: string;
    progress_done: number;
    progress_total: number;
  };

it('an async import of 100,000 rows killed (SIGKILL) mid-way is finished by the next process with the synchronous counts', async () => {
  const first = await start();
  sql = new Pg({ connectionString: db.url });
  await sql.connect();
  const asyncSide: Account = await signUp(first.url);
  const campaignId = await furnish(asyncSide.client);
  const csv = bigCsv();

  const res = await asyncSide.client.request('POST', `/api/campaigns/${campaignId}/leads?async=true`, csv, { 'content-type': 'text/csv' });
  expect(res.status).toBe(202);
  const jobId = res.body.job_id as string;
  expect((await jobRow(jobId)).progress_total).toBe(ROWS);

  // Killed once a batch or two committed, well before the end.
  const before = await waitUntil(
    () => jobRow(jobId),
    (j) => j.progress_done > 0,
    60_000,
  );
  await killServiceProcess(first);
  const atKill = await jobRow(jobId);
  expect(before.progress_done).toBeGreaterThan(0);
  expect(atKill.status).toBe('running');
  expect(atKill.progress_done).toBeLessThan(ROWS);

  const second = await start();
  const client = new Client(second.url, asyncSide.token);
  const final = await waitUntil(
    () => client.get(`/jobs/${jobId}`),
    (r) => r.body.status === 'done' || r.body.status === 'failed',
    120_000,
  );
  expect(final.body).toMatchObject({ status: 'done', progress: { done: ROWS, total: ROWS }, error: null });

  const syncSide = await signUp(second.url);
  const syncCampaign = await furnish(syncSide.client);
  const sync = await syncSide.client.request('POST', `/api/campaigns/${syncCampaign}/leads`, csv, { 'content-type': 'text/csv' });
  expect(sync.status).toBe(200);
  expect(final.body.result).toEqual(sync.body);
  expect(Object.values(sync.body as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(ROWS);
  expect(sync.body.duplicates).toBeGreaterThan(0);
  expect(sync.body.blocklisted).toBeGreaterThan(0);
  // Every lead once: as many as the counts say, the same addresses as the synchronous import's.
  const emails = async (id: string) => (await sql.query('select email from lead where campaign_id = $1 order by email', [id])).rows.map((r) => r.email as string);
  const [asyncEmails, syncEmails] = [await emails(campaignId), await emails(syncCampaign)];
  expect(asyncEmails.length).toBe(sync.body.inserted);
  expect(asyncEmails).toEqual(syncEmails);
});
