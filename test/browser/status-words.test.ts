// The console speaks to a person, not an API client (issue 31): why a campaign is not sending, an
// activation's refusal and a preview's notes are shown in the console's own words (from their codes,
// web/src/views/campaigns/status-words.ts), never as the API's messages with their field names, and each
// links to the control that fixes it: following the link opens the control's tab and puts the focus on
// it, from the campaign page and from the campaigns list.
import type { Locator, Page } from 'playwright-core';
import { browserSuite, expectAccessible, screenshot, signedInPage } from '../support/browser';
import { signUp, type Account } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';

const suite = browserSuite();

/** What the API's messages say to API clients and a person must never read in the console. */
const API_SPEAK = /mailbox_ids|mailbox_tags|PATCH|PUT \/|unsub_header|\/campaigns\/:id/;

async function newCampaign(account: Account, name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await account.client.post('/campaigns', { name });
  expect(res.status).toBe(200);
  if (Object.keys(fields).length) expect((await account.client.patch(`/campaigns/${res.body.id}`, fields)).status).toBe(200);
  return res.body.id as string;
}

async function openCampaign(account: Account, id: string, name: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.service.url, account, `/campaigns/${id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return page;
}

/** Waits until the focus is on the element with this tag and name (a fieldset's legend, else its
 *  aria-label, else its text); says where the focus is when it never gets there. */
async function expectFocusOn(page: Page, tag: string, name: string) {
  const where = ([tag, name]: string[]) => {
    const el = document.activeElement as HTMLElement | null;
    const named = el?.querySelector(':scope > legend')?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    return tag === undefined ? `${el?.tagName.toLowerCase()} “${named}”` : el?.tagName.toLowerCase() === tag && named === name;
  };
  try {
    await page.waitForFunction(where, [tag, name], { timeout: 5_000 });
  } catch {
    throw new Error(`the focus is on ${await page.evaluate(where, [])}, not on ${tag} “${name}”`);
  }
}

const tabSelected = (page: Page, name: string) => page.getByRole('tab', { name, selected: true });

/** Follows the fix link `link` inside `scope`: its tab opens and the focus lands on the control. */
async function followFix(page: Page, scope: Locator, link: string, tab: string, control: { tag: string; name: string }) {
  await scope.getByRole('link', { name: link }).click();
  await tabSelected(page, tab).waitFor();
  await expectFocusOn(page, control.tag, control.name);
}

it('reads each reason in its own words, with no API field names, and each link opens the control that fixes it', async () => {
  const account = await signUp(suite.service.url);
  const inbox = await createInbox(suite.service, account.workspaceId);
  const id = await newCampaign(account, 'Words campaign');
  const api = (await account.client.get(`/campaigns/${id}/sending-status`)).body as { reasons: { code: string; text: string }[] };
  // (outside_hours too when the default window is closed as the test runs)
  expect(api.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['not_active', 'no_steps', 'no_inbox']));
  expect(api.reasons.find((r) => r.code === 'no_inbox')!.text).toMatch(API_SPEAK); // the API keeps its message

  const page = await openCampaign(account, id, 'Words campaign');
  const status = page.getByRole('region', { name: 'Not sending' });
  await status.getByText('The campaign is a draft. Activate it to start sending.').waitFor();
  await status.getByText('The sequence is empty: write at least one email step.').waitFor();
  await status.getByText('No inbox sends for this campaign yet: choose at least one in its settings, or a tag that your inboxes carry.').waitFor();
  for (const r of api.reasons) expect(await status.getByText(r.text).count()).toBe(0);
  expect(await page.locator('main').innerText()).not.toMatch(API_SPEAK);
  await expectAccessible(page);
  await screenshot(page, 'campaign-reasons-in-words');

  // "Choose inboxes": the Settings tab, the focus on the inbox picker.
  await followFix(page, status, 'Choose inboxes', 'Settings', { tag: 'fieldset', name: 'Send from these inboxes' });
  expect(new URL(page.url()).search).toBe(''); // served: the same link works again
  await page.getByRole('checkbox', { name: inbox.email }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  await status.getByText(/No inbox sends for this campaign/).waitFor({ state: 'detached' });

  // "Add an email step": the Steps tab, the focus on its button.
  await followFix(page, status, 'Add an email step', 'Steps', { tag: 'button', name: 'Add email step' });

  // A refused activation in words, with its fix.
  await page.getByRole('button', { name: 'Activate' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('Write at least one email step before activating.').waitFor();
  expect(await alert.innerText()).not.toMatch(API_SPEAK);
  await page.context().close();
});

it("outside the sending hours: the words, and the link to the campaign's schedule", async () => {
  const account = await signUp(suite.service.url, { timezone: 'UTC' });
  const inbox = await createInbox(suite.service, account.workspaceId);
  // A one-hour window twelve hours from now (UTC): closed whenever the test runs.
  const hour = (new Date().getUTCHours() + 12) % 24;
  const hh = (h: number) => String(h).padStart(2, '0');
  const id = await newCampaign(account, 'Night campaign', { mailbox_ids: [inbox.id], timezone: 'UTC', window_start: `${hh(hour)}:00`, window_end: `${hh(hour)}:59` });
  const api = (await account.client.get(`/campaigns/${id}/sending-status`)).body as { reasons: { code: string }[] };
  expect(api.reasons.map((r) => r.code)).toContain('outside_hours');

  const page = await openCampaign(account, id, 'Night campaign');
  const status = page.getByRole('region', { name: 'Not sending' });
  await status.getByText('It is outside the campaign’s sending days and hours right now.').waitFor();
  await followFix(page, status, 'Change the sending days and hours', 'Settings', { tag: 'fieldset', name: 'Sending days' });
  await page.context().close();
});

it("the preview's notes in words, each with its fix", async () => {
  const account = await signUp(suite.service.url);
  const id = await newCampaign(account, 'Notes campaign');
  const put = await account.client.put(`/campaigns/${id}/steps`, [{ position: 1, wait_minutes: 0, variants: [{ subject: 'Hi {{firstName|there}}', body: 'A short question.' }] }]);
  expect(put.status).toBe(200);

  const page = await openCampaign(account, id, 'Notes campaign');
  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await preview.getByText('The campaign has no inbox yet, so sender fields are blank, no signature is added and there is no From.').waitFor();
  await preview.getByText('The campaign has no leads yet, so lead fields are blank (or show their fallback).').waitFor();
  expect(await preview.innerText()).not.toMatch(API_SPEAK);
  await screenshot(page, 'preview-notes-in-words');

  await preview.getByRole('link', { name: 'Import leads' }).click();
  await tabSelected(page, 'Leads').waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'file');
  await expect(page.getByLabel('CSV file').evaluate((el) => el === document.activeElement)).resolves.toBe(true);

  await page.getByRole('tab', { name: 'Steps' }).click();
  await followFix(page, preview, 'Choose inboxes', 'Settings', { tag: 'fieldset', name: 'Send from these inboxes' });
  await page.context().close();
});

it('the campaigns list gives the first reason in words, and its link opens the campaign at the control', async () => {
  const account = await signUp(suite.service.url);
  await newCampaign(account, 'Listed draft');
  const page = await signedInPage(suite.browser, suite.service.url, account);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Listed draft', exact: true }) });
  await row.getByText('The campaign is a draft. Activate it to start sending.').waitFor();
  expect(await row.innerText()).not.toMatch(API_SPEAK);
  await row.getByRole('link', { name: 'Activate: Listed draft' }).click();
  await page.getByRole('heading', { level: 1, name: 'Listed draft' }).waitFor();
  await expectFocusOn(page, 'button', 'Activate');
  await expectAccessible(page);
  await page.context().close();
});
