// The settings view (decisions.md §14): inboxes with their health and ramp (connected through the form
// against a loopback SMTP peer and a private Dovecot, as test/api/inbox-connection.test.ts does), API
// keys (the key shown once works against the API until revoked), and webhooks with their delivery log
// (a real event delivered to a loopback receiver by the delivery job, test/api/webhooks.test.ts).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { expectAccessible, launchBrowser, screenshot, signedInPage } from '../support/browser';
import { Client, signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startTestService } from '../support/service';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';

const PASSWORD = 'Inbox-pa55word-for-the-console';
const USER = `sam-${randomUUID().slice(0, 6)}@console.test`;

let service: Awaited<ReturnType<typeof startTestService>>;
let smtp: SmtpPeer;
let imap: ImapPeer;
let receiver: WebhookReceiver;
let browser: Browser;

beforeAll(async () => {
  // The mail peers and the receiver are on loopback: the address guard lets them through only with this.
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  smtp = await startSmtpPeer({ users: { [USER]: PASSWORD } });
  imap = await startImapPeer({ users: { [USER]: PASSWORD } });
  receiver = await startWebhookReceiver();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([service?.stop(), smtp?.stop(), imap?.stop(), receiver?.stop()]);
});

async function fillInbox(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Connect an inbox' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Sender name').fill('Sam Sender');
  await form.getByLabel('Username').fill(USER);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('SMTP host').fill('127.0.0.1');
  await form.getByLabel('SMTP port').fill(String(smtp.port));
  await form.getByLabel('IMAP host').fill('127.0.0.1');
  await form.getByLabel('IMAP port').fill(String(imap.port));
  await form.getByLabel(/Daily cap/).fill('40');
  await form.getByRole('button', { name: 'Connect' }).click();
}

describe('inboxes', () => {
  let acct: Account;
  beforeAll(async () => {
    acct = await signUp(service.url);
  });

  it('connects an inbox through the form, tests it against the real servers, shows its ramp, and removes one', async () => {
    const page = await signedInPage(browser, service.url, acct, '/settings');
    await page.getByText('No inbox connected yet').waitFor();
    await expect(page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Inboxes' }).getAttribute('aria-current')).resolves.toBe('page');
    await expectAccessible(page);
    await screenshot(page, 'settings-inboxes-empty');

    await page.getByRole('button', { name: 'Connect an inbox' }).click();
    const email = `sam-${randomUUID().slice(0, 6)}@console.test`;
    await fillInbox(page, email, PASSWORD);
    const outcome = page.getByRole('status').filter({ hasText: 'SMTP works' });
    await outcome.waitFor();
    await expect(outcome.textContent()).resolves.toMatch(/IMAP works/);
    expect(smtp.logins).toContainEqual({ username: USER, ok: true });

    // Listed on the page and through the API (which answers inboxes in camelCase, api.md Inboxes), with the
    // ramp the service computes.
    const listed = (await acct.client.get('/mailboxes')).body as Record<string, unknown>[];
    const inbox = listed.find((m) => m.email === email)!;
    expect(inbox).toMatchObject({ smtpHost: '127.0.0.1', smtpPort: smtp.port, imapPort: imap.port, dailyCap: 40, status: 'active' });
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row.getByText('active', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByRole('progressbar', { name: `Ramp of ${email}` }).getAttribute('value')).resolves.toBe(String(inbox.rampShare));
    await expect(row.textContent()).resolves.toContain(`${inbox.capToday} of 40 a day today`);
    await expectAccessible(page);
    await screenshot(page, 'settings-inboxes');

    // A wrong password: saved, but the test says in words what the server answered.
    const wrong = `wrong-${randomUUID().slice(0, 6)}@console.test`;
    await fillInbox(page, wrong, 'not-the-password');
    await page.getByRole('status').filter({ hasText: 'SMTP failed' }).waitFor();
    const wrongRow = page.getByRole('row', { name: new RegExp(wrong) });
    await wrongRow.waitFor();

    // A refusal from the service is shown in words on the form: the same address twice.
    await fillInbox(page, email, PASSWORD);
    await expect(page.getByRole('form', { name: 'Connect an inbox' }).getByRole('alert').textContent()).resolves.toMatch(/already|exists|connected/i);

    // Remove asks first, then the row and the API's inbox are gone.
    await wrongRow.getByRole('button', { name: `Remove ${wrong}` }).click();
    await wrongRow.getByRole('button', { name: 'Yes, remove' }).click();
    await wrongRow.waitFor({ state: 'detached' });
    const after = (await acct.client.get('/mailboxes')).body as { email: string }[];
    expect(after.map((m) => m.email)).toEqual([email]);
    await page.context().close();
  });
  const statusOf = async (owner: Account, id: string) => ((await owner.client.get('/mailboxes')).body as { id: string; status: string }[]).find((m) => m.id === id)?.status;

  it('pauses and resumes an inbox, and says why one stopped for its bounces cannot be resumed', async () => {
    const owner = await signUp(service.url);
    const live = await createInbox(service, owner.workspaceId, { email: `live-${randomUUID().slice(0, 6)}@console.test` });
    const stopped = await createInbox(service, owner.workspaceId, { email: `stopped-${randomUUID().slice(0, 6)}@console.test`, status: 'bounce_stopped' });
    const page = await signedInPage(browser, service.url, owner, '/settings');
    const row = page.getByRole('row', { name: new RegExp(live.email) });
    await row.getByRole('button', { name: `Pause ${live.email}` }).click();
    await row.getByText('paused', { exact: true }).waitFor();
    expect(await statusOf(owner, live.id)).toBe('paused');
    await row.getByRole('button', { name: `Resume ${live.email}` }).click();
    await row.getByText('active', { exact: true }).waitFor();
    expect(await statusOf(owner, live.id)).toBe('active');

    const stoppedRow = page.getByRole('row', { name: new RegExp(stopped.email) });
    await stoppedRow.getByRole('button', { name: `Resume ${stopped.email}` }).click();
    await stoppedRow.getByRole('alert').waitFor();
    expect(await statusOf(owner, stopped.id)).toBe('bounce_stopped');
    await expectAccessible(page);
    await page.context().close();
  });
});

describe('API keys', () => {
  it('creates a key shown once that works against the API, and revokes it', async () => {
    const acct = await signUp(service.url);
    const page = await signedInPage(browser, service.url, acct, '/settings');
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'Settings: API keys' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/settings/api-keys');
    await page.getByText('No API keys yet.').waitFor();

    await page.getByLabel('Key name').fill('CI');
    await page.getByRole('button', { name: 'Create key' }).click();
    const field = page.getByLabel('New API key “CI”');
    await field.waitFor();
    await page.getByText('it will not be shown again').waitFor();
    const key = await field.inputValue();
    await expectAccessible(page);
    await screenshot(page, 'settings-api-key-created');

    const withKey = new Client(service.url, key);
    expect((await withKey.get('/campaigns')).status).toBe(200);

    await page.getByRole('button', { name: 'I have stored it' }).click();
    const row = page.getByRole('row', { name: /CI/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('all');
    expect(await page.content()).not.toContain(key);

    // A scoped key: what it may do is listed, and the API holds it to that.
    await page.getByLabel('Key name').fill('Reports only');
    await page.getByRole('group', { name: 'Reports' }).getByLabel('reports:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const scopedKey = await page.getByLabel('New API key “Reports only”').inputValue();
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByRole('row', { name: /Reports only/ }).textContent()).resolves.toContain('reports:read');
    const scoped = new Client(service.url, scopedKey);
    expect((await scoped.get('/reports/summary')).status).toBe(200);
    expect((await scoped.get('/campaigns')).status).toBe(403);
    await expectAccessible(page);
    await screenshot(page, 'settings-api-keys');

    await row.getByRole('button', { name: 'Revoke CI' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await withKey.get('/campaigns')).status).toBe(401);
    const keys = (await acct.client.get('/settings/api-keys')).body as { name: string }[];
    expect(keys.map((k) => k.name)).toEqual(['Reports only']);
    await page.context().close();
  });
});

it('shows a tab that fails to load as an error with a retry', async () => {
  const acct = await signUp(service.url);
  const page = await signedInPage(browser, service.url, acct, '/campaigns');
  let failing = true;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { query: string };
    if (failing && body.query.includes('query SettingsApiKeys')) {
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'The database is busy.', extensions: { code: 'unavailable' } }] }),
      });
    } else await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'API keys' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.textContent()).resolves.toContain('The database is busy.');
  await expectAccessible(page);
  await screenshot(page, 'settings-error');
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByText('No API keys yet.').waitFor();
  await page.context().close();
});

describe('webhooks', () => {
  it('creates a webhook (secret shown once), shows its delivery log after an event, and deletes it', async () => {
    const acct = await signUp(service.url);
    const page = await signedInPage(browser, service.url, acct, '/settings/webhooks');
    await page.getByText('No webhooks yet').waitFor();
    await expectAccessible(page);

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('CRM sync');
    await page.getByLabel('interest_changed').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await page.getByLabel(`Signing secret of ${receiver.url}`).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const card = page.getByRole('article', { name: `Webhook ${receiver.url}` });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('interest_changed');
    expect(await page.content()).not.toContain(secret);
    const [hook] = (await acct.client.get('/webhooks')).body as { id: string; url: string; events: string[] }[];
    expect(hook).toMatchObject({ url: receiver.url, events: ['interest_changed'], description: 'CRM sync' });

    await card.getByRole('button', { name: 'Delivery log' }).click();
    await card.getByText('No deliveries yet').waitFor();

    // An event: a lead's interest changes through the API; the delivery job sends it to the receiver.
    const campaign = await createCampaign(service, acct.workspaceId);
    const [lead] = await createLeads(service, acct.workspaceId, campaign.id, [{ email: `lead-${randomUUID()}@example.org` }]);
    expect((await acct.client.patch(`/leads/${lead!.id}`, { interest: 'interested' })).status).toBe(200);
    const before = receiver.received.length;
    await runWebhooksOnce(service.deps, { workspaceIds: [acct.workspaceId] });
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    expect(verifyWebhook(secret, got!).type).toBe('interest_changed');

    await card.getByRole('button', { name: 'Refresh' }).click();
    const deliveryRow = card.getByRole('row', { name: /interest_changed/ });
    await deliveryRow.waitFor();
    const [delivery] = (await acct.client.get(`/webhooks/${hook!.id}/deliveries`)).body;
    expect(delivery).toMatchObject({ event: 'interest_changed', status: 'delivered', attempts: 1, response_status: 200 });
    const cells = await deliveryRow.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['delivered', '1', '200']);

    // The test event goes at once and joins the log.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await card.getByRole('row', { name: /webhook_test/ }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'settings-webhooks');

    // Cursor pages of 20: 20 more test events make 22 deliveries, two of them on the second page.
    for (let i = 0; i < 20; i++) expect((await acct.client.post(`/webhooks/${hook!.id}/test`)).status).toBe(200);
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.getByText('22 deliveries in all').waitFor();
    const logRows = card.getByRole('table', { name: `Deliveries to ${receiver.url}` }).locator('tbody tr');
    await expect(logRows.count()).resolves.toBe(20);
    await card.getByRole('button', { name: 'Older' }).click();
    await card.getByText(/page 2/).waitFor();
    const oldest = (await acct.client.get(`/webhooks/${hook!.id}/deliveries?offset=20`)).body as { event: string }[];
    await expect(logRows.locator('th').allTextContents()).resolves.toEqual(oldest.map((d) => d.event));
    await expect(card.getByRole('button', { name: 'Older' }).isDisabled()).resolves.toBe(true);
    await card.getByRole('button', { name: 'Newer' }).click();
    await expect(card.getByText(/page 2/).count()).resolves.toBe(0);
    await expect(logRows.count()).resolves.toBe(20);

    await card.getByRole('button', { name: `Delete webhook ${receiver.url}` }).click();
    await card.getByRole('button', { name: 'Yes, delete' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await acct.client.get('/webhooks')).body).toEqual([]);
    await page.context().close();
  });
});
