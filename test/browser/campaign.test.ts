// The campaign view (decisions.md §14): steps with a live preview for a chosen lead, the leads table with
// its filters and cursor pages, activate and pause (and a refused activation's reason), the settings an
// activation needs, stats with a chart, and an id that is no campaign. Data is set up through the API;
// what the test is about is done through the page, and checked both on screen and through the API. The
// CSV import, which needs the job runner, is in campaign-import.test.ts.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, signedInPage } from '../support/browser';
import { signUp, type Account } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { startTestService } from '../support/service';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

jest.setTimeout(60_000);

let service: Awaited<ReturnType<typeof startTestService>>;
let smtp: SmtpPeer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  // The inbox points at the loopback SMTP peer, which the address guard allows only with this.
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await smtp?.stop();
});

async function newCampaign(account: Account, name = 'Spring outreach'): Promise<string> {
  const res = await account.client.post('/campaigns', { name });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

async function putSteps(account: Account, campaignId: string, steps: { subject: string; body: string; wait_minutes?: number }[]) {
  const res = await account.client.put(
    `/campaigns/${campaignId}/steps`,
    steps.map((s, i) => ({ position: i + 1, wait_minutes: s.wait_minutes ?? 0, variants: [{ subject: s.subject, body: s.body }] })),
  );
  expect(res.status).toBe(200);
}

async function addLeads(account: Account, campaignId: string, leads: { email: string; vars?: Record<string, string> }[]) {
  const res = await account.client.post(`/campaigns/${campaignId}/leads/manual`, { leads: leads.map((l) => ({ vars: {}, ...l })) });
  expect(res.status).toBe(200);
}

async function openCampaign(account: Account, campaignId: string, name: string): Promise<Page> {
  const page = await signedInPage(browser, service.url, account, `/campaigns/${campaignId}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

it('edits a step and the preview follows the words and the chosen lead; adds and deletes a step', async () => {
  const account = await signUp(service.url);
  const id = await newCampaign(account, 'Preview campaign');
  await putSteps(account, id, [{ subject: 'Hi {{firstName}}', body: 'A question about {{company|your team}}.' }]);
  await addLeads(account, id, [
    { email: 'ada@acme.test', vars: { firstName: 'Ada', company: 'Acme' } },
    { email: 'bob@beta.test', vars: { firstName: 'Bob', company: 'Beta' } },
  ]);
  const page = await openCampaign(account, id, 'Preview campaign');
  const preview = page.getByRole('region', { name: 'Preview' });
  const step1 = preview.getByRole('article', { name: 'Preview of step 1' });

  // The first lead until another is chosen.
  await step1.getByText('Hi Ada', { exact: true }).waitFor();
  await page.getByLabel('Preview for lead').selectOption({ label: 'bob@beta.test' });
  await step1.getByText('Hi Bob', { exact: true }).waitFor();
  await step1.getByText('A question about Beta.').waitFor();

  // Typing changes the preview before anything is saved; markup is shown as text, never as HTML.
  await page.getByRole('button', { name: 'Edit step 1' }).click();
  const editor = page.getByRole('form', { name: 'Edit step 1' });
  await editor.getByLabel('Subject').fill('Hello {{firstName}}, from the console');
  await editor.getByLabel('Body').fill('Dear {{firstName}}, <b>{{company}}</b> looks busy.');
  await step1.getByText('Hello Bob, from the console', { exact: true }).waitFor();
  await step1.getByText('Dear Bob, <b>Beta</b> looks busy.').waitFor();
  expect(await step1.locator('b').count()).toBe(0);
  expect((await account.client.get(`/campaigns/${id}`)).body.steps[0].variants[0].subject).toBe('Hi {{firstName}}');
  await expectAccessible(page);
  await screenshot(page, 'campaign-steps-editing');

  await editor.getByRole('button', { name: 'Save step' }).click();
  await page.getByRole('article', { name: 'Step 1', exact: true }).getByText('Hello {{firstName}}, from the console').waitFor();
  const saved = (await account.client.get(`/campaigns/${id}`)).body;
  expect(saved.steps).toHaveLength(1);
  expect(saved.steps[0].variants[0]).toMatchObject({ subject: 'Hello {{firstName}}, from the console', body: 'Dear {{firstName}}, <b>{{company}}</b> looks busy.' });

  // A follow-up: empty subject (same thread), four days later.
  await page.getByRole('button', { name: 'Add email step' }).click();
  const added = page.getByRole('form', { name: 'Edit step 2' });
  await added.getByLabel('Body').fill('Following up, {{firstName}}.');
  await added.getByLabel('Wait before it (days)').fill('4');
  await preview.getByRole('article', { name: 'Preview of step 2' }).getByText('Following up, Bob.').waitFor();
  await added.getByRole('button', { name: 'Save step' }).click();
  await page.getByRole('article', { name: 'Step 2', exact: true }).getByText('Wait 4 days').waitFor();
  const two = (await account.client.get(`/campaigns/${id}`)).body.steps;
  expect(two.map((s: { position: number; waitMinutes: number }) => [s.position, s.waitMinutes])).toEqual([
    [1, 0],
    [2, 4 * 1440],
  ]);
  await screenshot(page, 'campaign-steps');

  await page.getByRole('button', { name: 'Delete step 2' }).click();
  await page.getByRole('button', { name: 'Confirm: delete step 2' }).click();
  await page.getByRole('article', { name: 'Step 2', exact: true }).waitFor({ state: 'detached' });
  expect((await account.client.get(`/campaigns/${id}`)).body.steps).toHaveLength(1);
  await page.context().close();
});

it('filters the leads table and pages it with the cursor', async () => {
  const account = await signUp(service.url);
  const id = await newCampaign(account, 'Leads campaign');
  await addLeads(
    account,
    id,
    Array.from({ length: 30 }, (_, i) => ({ email: `lead-${String(i).padStart(2, '0')}@leads.test` })),
  );
  // Three paused leads for the status filter (PATCH /leads/:id, api.md Lead status).
  const all = (await account.client.get(`/campaigns/${id}/leads?limit=100`)).body as { id: string; email: string }[];
  const paused = all.filter((l) => ['lead-03@leads.test', 'lead-17@leads.test', 'lead-28@leads.test'].includes(l.email));
  for (const l of paused) expect((await account.client.patch(`/leads/${l.id}`, { status: 'paused' })).status).toBe(200);

  const page = await openCampaign(account, id, 'Leads campaign');
  // The tabs work from the keyboard: the arrow keys move the selection and the focus.
  await tab(page, 'Steps').focus();
  await page.keyboard.press('ArrowRight');
  expect(await tab(page, 'Leads').getAttribute('aria-selected')).toBe('true');
  expect(await tab(page, 'Leads').evaluate((el) => el === document.activeElement)).toBe(true);
  const leads = page.getByRole('region', { name: 'Leads', exact: true });
  const rows = leads.getByRole('table').getByRole('row');
  await leads.getByText('Leads 1–25 of 30').waitFor();
  expect(await rows.count()).toBe(26);
  const firstPage = await leads.getByRole('table').locator('tbody td:first-child').allTextContents();
  await expectAccessible(page);
  await screenshot(page, 'campaign-leads');

  await leads.getByRole('button', { name: 'Next page' }).click();
  await leads.getByText('Leads 26–30 of 30').waitFor();
  const secondPage = await leads.getByRole('table').locator('tbody td:first-child').allTextContents();
  expect(secondPage).toHaveLength(5);
  // Every lead once across the two pages.
  expect(new Set([...firstPage, ...secondPage]).size).toBe(30);
  expect(await leads.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  await leads.getByRole('button', { name: 'Previous page' }).click();
  await leads.getByText('Leads 1–25 of 30').waitFor();

  await leads.getByLabel('Status').selectOption('paused');
  await leads.getByText('Leads 1–3 of 3').waitFor();
  const shown = await leads.getByRole('table').locator('tbody td:first-child').allTextContents();
  const viaApi = (await account.client.get(`/campaigns/${id}/leads?status=paused`)).body as { email: string }[];
  expect(shown.sort()).toEqual(viaApi.map((l) => l.email).sort());

  await leads.getByLabel('Search addresses').fill('lead-1');
  await leads.getByText('Leads 1–1 of 1').waitFor();
  expect(await leads.getByRole('table').locator('tbody td:first-child').allTextContents()).toEqual(['lead-17@leads.test']);
  await leads.getByLabel('Search addresses').fill('nobody-here');
  await leads.getByText('No leads match these filters.').waitFor();
  await page.context().close();

  // A campaign without leads says how to add them.
  const empty = await newCampaign(account, 'Empty campaign');
  const page2 = await openCampaign(account, empty, 'Empty campaign');
  await tab(page2, 'Leads').click();
  await page2.getByText(/No leads yet\. Import a CSV/).waitFor();
  await expectAccessible(page2);
  await page2.context().close();
});

it('refuses an activation with the reason, then activates after an inbox is chosen, and pauses', async () => {
  const account = await signUp(service.url);
  const id = await newCampaign(account, 'Launch campaign');
  await putSteps(account, id, [{ subject: 'Hi {{firstName|there}}', body: 'Short question.' }]);
  await addLeads(account, id, [{ email: 'first@launch.test', vars: { firstName: 'Fay' } }]);
  const inboxEmail = `sender-${randomUUID().slice(0, 8)}@example.com`;
  const inbox = await account.client.post('/mailboxes', {
    email: inboxEmail,
    from_name: 'Sam Sender',
    smtp_host: smtp.host,
    smtp_port: smtp.port,
    smtp_secure: false,
    imap_host: '127.0.0.1',
    imap_port: 1,
    username: 'sender@example.com',
    password: 'smtp-secret',
    daily_cap: 30,
  });
  expect(inbox.status).toBe(200);

  const page = await openCampaign(account, id, 'Launch campaign');
  await page.getByRole('heading', { name: 'Not sending' }).waitFor();
  await page.getByRole('button', { name: 'Activate' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('The campaign was not activated.').waitFor();
  expect(await alert.textContent()).toMatch(/inbox/i);
  expect((await account.client.get(`/campaigns/${id}`)).body.status).toBe('draft');
  await expectAccessible(page);
  await screenshot(page, 'campaign-activation-refused');

  // Settings: choose the inbox, save; the campaign sends from it (checked through the API).
  await tab(page, 'Settings').click();
  await page.getByRole('checkbox', { name: inboxEmail }).check();
  await page.getByLabel('Daily limit (emails a day)').fill('45');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  const afterSave = (await account.client.get(`/campaigns/${id}`)).body;
  expect(afterSave.mailbox_ids).toEqual([inbox.body.id]);
  expect(afterSave.dailyLimit).toBe(45);
  await expectAccessible(page);
  await screenshot(page, 'campaign-settings');

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  await page.getByLabel('Status: active').waitFor();
  expect((await account.client.get(`/campaigns/${id}`)).body.status).toBe('active');
  expect(await page.getByRole('alert').count()).toBe(0);
  await screenshot(page, 'campaign-active');

  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Resume' }).waitFor();
  await page.getByLabel('Status: paused').waitFor();
  expect((await account.client.get(`/campaigns/${id}`)).body.status).toBe('paused');
  // The sending status says why it does not send, in the console's words for the reason's code
  // (status-words.ts; test/browser/status-words.test.ts follows the links).
  const sending = (await account.client.get(`/campaigns/${id}/sending-status`)).body;
  expect(sending.sending).toBe(false);
  expect(sending.reasons[0].code).toBe('not_active');
  await page.getByRole('heading', { name: 'Not sending' }).waitFor();
  await page.getByRole('region', { name: 'Not sending' }).getByText('The campaign is paused. Resume it to carry on where it stopped.').waitFor();
  await page.context().close();
});

it('shows a blank_columns refusal with its details in words', async () => {
  const account = await signUp(service.url);
  const id = await newCampaign(account, 'Columns campaign');
  await addLeads(account, id, [
    { email: 'a@columns.test', vars: { company: 'Acme' } },
    { email: 'b@columns.test', vars: { company: 'Bolt' } },
  ]);
  // A column (decisions.md §7) the email uses and no lead has a value for yet: launch is refused.
  expect((await account.client.post(`/campaigns/${id}/blocks`, { name: 'opener', kind: 'prompt', template: 'x {{company}}' })).status).toBe(200);
  await putSteps(account, id, [{ subject: 'Hi', body: '{{opener}} and more.' }]);
  const inbox = await createInbox(service, account.workspaceId);
  expect((await account.client.patch(`/campaigns/${id}`, { mailbox_ids: [inbox.id] })).status).toBe(200);

  const page = await openCampaign(account, id, 'Columns campaign');
  await page.getByRole('button', { name: 'Activate' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('The campaign was not activated.').waitFor();
  await alert.getByText('columns: opener (2 leads)').waitFor();
  expect((await account.client.get(`/campaigns/${id}`)).body.status).toBe('draft');
  await expectAccessible(page);
  await screenshot(page, 'campaign-activation-blank-columns');
  await page.context().close();
});

it('shows the stats as cards and a per-day chart', async () => {
  const account = await signUp(service.url);
  const id = await newCampaign(account, 'Stats campaign');
  await putSteps(account, id, [{ subject: 'Hi', body: 'Hello.' }]);
  const inbox = await createInbox(service, account.workspaceId);
  const leads = await createLeads(service, account.workspaceId, id, [{ email: 'one@stats.test' }, { email: 'two@stats.test' }, { email: 'three@stats.test' }]);
  const day = 86_400_000;
  for (const [i, lead] of leads.entries()) {
    await createSentEmail(service, {
      workspaceId: account.workspaceId,
      campaignId: id,
      leadId: lead.id,
      inboxId: inbox.id,
      inboxEmail: inbox.email,
      sentAt: new Date(Date.now() - (i + 1) * day),
    });
  }
  const stats = (await account.client.get(`/campaigns/${id}/stats`)).body;
  expect(stats.sent).toBe(3);

  const page = await openCampaign(account, id, 'Stats campaign');
  await tab(page, 'Stats').click();
  const numbers = page.getByRole('list', { name: 'Campaign numbers' });
  await numbers.getByRole('listitem').filter({ hasText: 'Sent' }).getByText('3', { exact: true }).waitFor();
  const chart = page.getByRole('img', { name: 'Sent, replies and bounces per day' });
  await chart.locator('canvas').waitFor();
  // The same days in the table a screen reader reads.
  await page.getByText('The numbers per day').click();
  expect(await page.locator('details tbody tr').count()).toBe(stats.by_day.length);
  await expectAccessible(page);
  await screenshot(page, 'campaign-stats');
  await page.context().close();
});

it('says a campaign id that does not exist is not found, with a way back', async () => {
  const account = await signUp(service.url);
  const page = await signedInPage(browser, service.url, account, `/campaigns/${randomUUID()}`);
  await page.getByRole('heading', { name: 'Campaign not found' }).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'campaign-not-found');
  await page.getByRole('link', { name: 'Back to the campaigns' }).click();
  await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
  await page.context().close();
});
