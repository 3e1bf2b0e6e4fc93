// The campaign view's CSV import (decisions.md §12, §14): a file chosen in the page goes up with
// ?async=true, the bar follows GET /api/jobs/:id to 100%, the job's counts are shown as it gives them,
// the leads table refreshes, and the leads are there through the API. The import runs on the service's
// job runner, so this file has a database of its own (test/support/own-database.ts: a runner on the
// shared one would take other files' jobs).
import type { Browser } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, signedInPage } from '../support/browser';
import { signUp } from '../support/client';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';

jest.setTimeout(90_000);

let db: OwnDatabase;
let service: Awaited<ReturnType<typeof startTestService>>;
let browser: Browser;
beforeAll(async () => {
  db = await createOwnDatabase();
  service = await startTestService({ jobs: true, env: { DATABASE_URL: db.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await db?.drop();
});

/** 300 new addresses, 4 repeats of earlier rows and 2 that are not addresses. */
function leadsCsv(): string {
  const lines = ['Email,First Name,Company'];
  for (let i = 0; i < 300; i++) lines.push(`person-${i}@import.test,Person ${i},Company ${i % 7}`);
  for (let i = 0; i < 4; i++) lines.push(`PERSON-${i}@import.test,Again,`);
  lines.push('not-an-address,Nobody,', '@broken,Nobody,');
  return `${lines.join('\n')}\n`;
}

it('imports a CSV with a progress bar that reaches 100%, shows the job counts and refreshes the leads', async () => {
  const account = await signUp(service.url);
  const { id } = (await account.client.post('/campaigns', { name: 'Import campaign' })).body as { id: string };
  const page = await signedInPage(browser, service.url, account, `/campaigns/${id}`);
  await page.getByRole('heading', { level: 1, name: 'Import campaign' }).waitFor();
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByText(/No leads yet\. Import a CSV/).waitFor();
  await expectAccessible(page);

  await page.getByLabel('CSV file').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(leadsCsv()) });
  await page.getByRole('button', { name: 'Import' }).click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await bar.waitFor();
  await page.getByText(/rows \(100%\): done\./).waitFor({ timeout: 60_000 });
  expect(await bar.evaluate((el: HTMLProgressElement) => [el.value, el.max])).toEqual([306, 306]);

  // The counts on screen are the job's result, every one of them, as GET /api/jobs/:id gives it.
  const jobs = (await account.client.get('/jobs')).body as { id: string; status: string; result: Record<string, number> }[];
  expect(jobs).toHaveLength(1);
  const job = jobs[0]!;
  expect(job.status).toBe('done');
  expect(job.result).toMatchObject({ inserted: 300, duplicates: 4, invalid: 2 });
  const result = page.getByRole('definition');
  const terms = page.getByRole('term');
  expect(await terms.count()).toBe(Object.keys(job.result).length);
  for (const [i, [key, value]] of Object.entries(job.result).entries()) {
    expect(await terms.nth(i).textContent()).toBe(key.replace(/_/g, ' '));
    expect(await result.nth(i).textContent()).toBe(String(value));
  }

  // The table refreshed by itself, and the leads are there through the API.
  await page.getByText('Leads 1–25 of 300').waitFor();
  const listed = await account.client.get(`/campaigns/${id}/leads?limit=1`);
  expect(listed.headers.get('x-total-count')).toBe('300');
  await expectAccessible(page);
  await screenshot(page, 'campaign-import');

  // A file without an email column is refused before any job starts: the service's message in an alert.
  await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Company\nAda,Acme\n') });
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByRole('alert').getByText('The import did not go through.').waitFor();
  expect(await page.getByRole('alert').textContent()).toMatch(/email/i);
  expect((await account.client.get('/jobs')).body).toHaveLength(1);
  await page.context().close();
});
