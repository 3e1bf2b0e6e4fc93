// decisions.md §14, the console's journey end to end, in a real browser against the service with its job
// runner and real peers (an SMTP server and Dovecot on loopback), on the wall clock: sign up, connect an
// inbox, create a campaign, write its step, choose its inbox and hours, import a CSV and watch the bar
// reach 100%, activate, see the email arrive at the SMTP peer, a reply appended in Dovecot appear in the
// unibox, and answer it with a saved reply that arrives at the SMTP peer in the same thread.
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, failOnPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { Client, testClientAddress } from '../support/client';
import { personReply } from '../support/inbound-mail';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

const INBOX = 'sam@journey.test';
const INBOX_PASSWORD = 'inbox-secret';
const LEADS = 120;

let db: OwnDatabase;
let service: Awaited<ReturnType<typeof startTestService>>;
let smtp: SmtpPeer;
let imap: ImapPeer;
let browser: Browser;
beforeAll(async () => {
  db = await createOwnDatabase();
  // The runner's recurring jobs every second or two: the journey waits for a dispatch and a poll.
  service = await startTestService({ jobs: true, env: { DATABASE_URL: db.url, ALLOW_PRIVATE_FETCH: 'true', SCHEDULER_TICK_SECONDS: '1', IMAP_POLL_SECONDS: '2' } });
  smtp = await startSmtpPeer({ users: { [INBOX]: INBOX_PASSWORD } });
  imap = await startImapPeer({ users: { [INBOX]: INBOX_PASSWORD } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await smtp?.stop();
  await imap?.stop();
  await db?.drop();
});

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw)?.[1]?.trim();

/** The first message at the SMTP peer that `match`es, waiting up to 30 s for it. */
async function arrived(match: (m: SmtpPeer['messages'][number]) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = smtp.messages.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching message at the SMTP peer in 30 s (${smtp.messages.length} received)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function leadsCsv(): string {
  const lines = ['Email,First Name,Company'];
  for (let i = 0; i < LEADS; i++) lines.push(`lead-${i}@prospect${i}.test,Person${i},Company ${i}`);
  return `${lines.join('\n')}\n`;
}

async function signUpInBrowser(page: Page, email: string): Promise<Client> {
  await page.goto(`${service.url}/`);
  await page.getByRole('link', { name: 'Create a workspace' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByLabel('Workspace name').fill('Journey Inc');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('outreach.session')!).token as string);
  return new Client(service.url, token, testClientAddress());
}

it('signs up, connects an inbox, builds and imports a campaign, sends, reads the reply in the unibox and answers it with a saved reply', async () => {
  const context = await newContext(browser);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  failOnPageErrors(page);
  // The page's timers, under Playwright's clock (time flows as usual), so the test can skip ahead to the
  // unibox's next check for new replies.
  await page.clock.install();
  // decisions.md §14: nothing is fetched from anywhere but the service (no CDN, fonts or icons).
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(service.url) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  const api = await signUpInBrowser(page, `journey-${Date.now()}@example.com`);

  // Connect an inbox: SMTP at the peer, IMAP at Dovecot; the console tests both logins.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Connect an inbox' }).click();
  const form = page.getByRole('form', { name: 'Connect an inbox' });
  await form.getByLabel('Email address').fill(INBOX);
  await form.getByLabel('Sender name').fill('Sam Sender');
  await form.getByLabel('Username').fill(INBOX);
  await form.getByLabel('Password').fill(INBOX_PASSWORD);
  await form.getByLabel('SMTP host').fill('127.0.0.1');
  await form.getByLabel('SMTP port').fill(String(smtp.port));
  await form.getByLabel('IMAP host').fill('127.0.0.1');
  await form.getByLabel('IMAP port').fill(String(imap.port));
  await form.getByRole('button', { name: 'Connect' }).click();
  await page.getByRole('status').filter({ hasText: 'SMTP works' }).waitFor();
  await page.getByRole('row', { name: new RegExp(INBOX) }).waitFor();
  await screenshot(page, 'journey-1-inbox');

  // Create the campaign from its name.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.getByLabel('New campaign name').fill('Journey outreach');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByRole('heading', { level: 1, name: 'Journey outreach' }).waitFor();
  const campaignId = new URL(page.url()).pathname.split('/').pop()!;

  // Its step.
  await page.getByRole('button', { name: 'Add email step' }).click();
  const step = page.getByRole('form', { name: 'Edit step 1' });
  await step.getByLabel('Subject').fill('A question for {{company}}');
  await step.getByLabel('Body').fill('Hi {{firstName}}, may I ask you something about {{company}}?');
  await step.getByRole('button', { name: 'Save step' }).click();
  await page.getByRole('article', { name: 'Step 1', exact: true }).getByText('A question for {{company}}').waitFor();

  // Its inbox and hours: every day, all day, so it sends now whatever the time of the run.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: INBOX }).check();
  const days = page.getByRole('group', { name: 'Sending days' });
  for (const box of await days.getByRole('checkbox').all()) await box.check();
  await page.getByLabel('From (HH:MM)').fill('00:00');
  await page.getByLabel(/^Until/).fill('24:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();

  // Import the CSV: the bar reaches 100% and the leads are there.
  await page.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(leadsCsv()) });
  await page.getByRole('button', { name: 'Import' }).click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await page.getByText(/rows \(100%\): done\./).waitFor({ timeout: 60_000 });
  expect(await bar.evaluate((el: HTMLProgressElement) => [el.value, el.max])).toEqual([LEADS, LEADS]);
  await page.getByText(`Leads 1–25 of ${LEADS}`).waitFor();
  await screenshot(page, 'journey-2-imported');

  // Activate; the first email arrives at the SMTP peer, sent by the job runner.
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  expect((await api.get(`/campaigns/${campaignId}`)).body.status).toBe('active');
  const [first] = await smtp.waitForMessages(1, 60_000);
  expect(first!.user).toBe(INBOX);
  const to = first!.envelope.rcptTo[0]!;
  expect(to).toMatch(/^lead-\d+@prospect\d+\.test$/);
  const n = /lead-(\d+)@/.exec(to)![1];
  expect(header(first!.raw, 'Subject')).toBe(`A question for Company ${n}`);
  await screenshot(page, 'journey-3-active');

  // The unibox is open, empty, when the lead answers: the reply lands in the inbox's Dovecot mailbox and
  // the poller reads it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Unibox' }).click();
  await page.getByText('No replies yet.').waitFor();
  await imap.appendMessage(
    INBOX,
    personReply({ from: to, to: INBOX, inReplyTo: header(first!.raw, 'Message-ID')!, subject: `Re: A question for Company ${n}`, text: 'Sure, ask away. What is it about?' }),
  );
  const deadline = Date.now() + 60_000;
  while (!((await api.get('/replies')).body as unknown[]).length) {
    if (Date.now() > deadline) throw new Error('the reply was not read from Dovecot within 60 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  // The unibox's next check (every 30 s) offers it; showing it puts it in the list, and it opens.
  await page.clock.fastForward(31_000);
  await page.getByRole('button', { name: 'New replies arrived: show them' }).click();
  await page.getByText(`Re: A question for Company ${n}`).first().click();
  await page.getByRole('heading', { level: 2, name: `Re: A question for Company ${n}` }).waitFor();
  await page.getByText('Sure, ask away. What is it about?').first().waitFor();
  await expectAccessible(page);
  await screenshot(page, 'journey-4-unibox');

  // Answer it with a saved reply (saved replies are made over the API; the console picks them).
  const saved = await api.post('/saved-replies', { name: 'Happy to explain', body: 'Hi {{firstName|there}}, happy to explain: we help teams like {{company}} book meetings.' });
  expect(saved.status).toBe(201);
  await page.reload();
  await page.getByRole('heading', { level: 2, name: `Re: A question for Company ${n}` }).waitFor();
  await page.getByLabel('Saved reply').selectOption({ label: 'Happy to explain' });
  await page.waitForFunction((want) => document.querySelector('textarea')?.value.startsWith(want), `Hi Person${n}, happy to explain`);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await page.getByText('Answer sent.').waitFor();
  const answer = await arrived(
    (m) => header(m.raw, 'In-Reply-To') === header(first!.raw, 'Message-ID') || (header(m.raw, 'References') ?? '').includes(header(first!.raw, 'Message-ID')!),
  );
  expect(answer?.envelope.rcptTo).toEqual([to]);
  expect(answer!.raw).toContain(`we help teams like Company ${n} book meetings`);
  expect(header(answer!.raw, 'Subject')).toBe(`Re: A question for Company ${n}`);
  await screenshot(page, 'journey-5-answered');
  expect(foreign).toEqual([]);
  await context.close();
}, 240_000);
