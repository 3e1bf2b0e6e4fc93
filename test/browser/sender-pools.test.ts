// Sender pools in the console (decisions.md §11 "Sender pools", §14): an inbox's tags are shown and edited
// in Settings > Inboxes (checked through the API), a campaign chooses a tag in its settings, and its
// settings say which inboxes it sends from now, the same as the API's sending_mailbox_ids; an inbox
// untagged later leaves that list.
import type { Page } from 'playwright-core';
import { browserSuite, expectAccessible, screenshot, signedInPage } from '../support/browser';
import { signUp, type Account } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';

jest.setTimeout(60_000);

const suite = browserSuite();

const inboxRow = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(email) }) });

/** Tags an inbox through its row's form in Settings > Inboxes. */
async function tagThroughForm(page: Page, email: string, text: string) {
  const row = inboxRow(page, email);
  await row.getByRole('button', { name: `Edit tags of ${email}` }).click();
  const form = row.getByRole('form', { name: `Tags of ${email}` });
  await form.getByRole('textbox', { name: `Tags of ${email} (separate them with commas)` }).fill(text);
  await form.getByRole('button', { name: 'Save tags' }).click();
  await form.waitFor({ state: 'detached' });
}

async function tagsOf(account: Account, inboxId: string): Promise<string[]> {
  const inboxes = (await account.client.get('/mailboxes')).body as { id: string; tags: string[] }[];
  return inboxes.find((m) => m.id === inboxId)!.tags;
}

/** The emails of the inboxes the API says the campaign sends from now. */
async function sendingEmails(account: Account, campaignId: string): Promise<string[]> {
  const campaign = (await account.client.get(`/campaigns/${campaignId}`)).body as { sending_mailbox_ids: string[] };
  const inboxes = (await account.client.get('/mailboxes')).body as { id: string; email: string }[];
  return campaign.sending_mailbox_ids.map((id) => inboxes.find((m) => m.id === id)!.email).sort();
}

async function shownSendingEmails(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Inboxes the campaign sends from' });
  await list.waitFor();
  const items = await list.getByRole('listitem').allTextContents();
  return items.map((text) => text.split(' ')[0]!).sort();
}

it('tags an inbox in the settings, and a campaign that chooses the tag lists it among the inboxes it sends from', async () => {
  const account = await signUp(suite.service.url);
  const own = await createInbox(suite.service, account.workspaceId, { email: 'own@pool.test' });
  const pooled = await createInbox(suite.service, account.workspaceId, { email: 'pooled@pool.test' });
  await createInbox(suite.service, account.workspaceId, { email: 'other@pool.test', tags: ['cold'] });
  const created = await account.client.post('/campaigns', { name: 'Pool campaign' });
  const campaignId = created.body.id as string;
  expect((await account.client.patch(`/campaigns/${campaignId}`, { mailbox_ids: [own.id] })).status).toBe(200);

  // Settings > Inboxes: each inbox's tags, and the form that edits them.
  const page = await signedInPage(suite.browser, suite.service.url, account, '/settings');
  await expect(inboxRow(page, 'other@pool.test').getByRole('list', { name: 'Tags of other@pool.test' }).textContent()).resolves.toBe('cold');
  await expect(inboxRow(page, 'pooled@pool.test').getByText('No tags').isVisible()).resolves.toBe(true);
  await inboxRow(page, 'pooled@pool.test').getByRole('button', { name: 'Edit tags of pooled@pool.test' }).click();
  await expectAccessible(page);
  await screenshot(page, 'sender-pools-inbox-tags-editing');
  await inboxRow(page, 'pooled@pool.test').getByRole('button', { name: 'Cancel' }).click();

  // Commas separate; blanks and repeats go.
  await tagThroughForm(page, 'pooled@pool.test', 'warm, eu, , warm');
  const tags = inboxRow(page, 'pooled@pool.test').getByRole('list', { name: 'Tags of pooled@pool.test' });
  await expect(tags.getByRole('listitem').allTextContents()).resolves.toEqual(['warm', 'eu']);
  await expect(tagsOf(account, pooled.id)).resolves.toEqual(['warm', 'eu']);
  await expectAccessible(page);
  await screenshot(page, 'sender-pools-inbox-tagged');

  // The campaign's settings: only its own inbox so far, then the tag chosen and saved.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await page.getByRole('link', { name: 'Pool campaign' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(shownSendingEmails(page)).resolves.toEqual(['own@pool.test']);
  await expect(sendingEmails(account, campaignId)).resolves.toEqual(['own@pool.test']);

  const form = page.getByRole('form', { name: 'Campaign settings' });
  await form.getByRole('group', { name: 'Also send from every inbox tagged' }).getByLabel('warm').check();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await form.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
  expect((await account.client.get(`/campaigns/${campaignId}`)).body.mailboxTags).toEqual(['warm']);
  await page.getByText('2 inboxes, with every inbox tagged “warm”:').waitFor();
  const api = await sendingEmails(account, campaignId);
  expect(api).toEqual(['own@pool.test', 'pooled@pool.test']);
  await expect(shownSendingEmails(page)).resolves.toEqual(api);
  const list = page.getByRole('list', { name: 'Inboxes the campaign sends from' });
  await expect(list.getByRole('listitem').allTextContents()).resolves.toEqual(expect.arrayContaining(['own@pool.test (chosen)', 'pooled@pool.test (tagged “warm”)']));
  await expectAccessible(page);
  await screenshot(page, 'sender-pools-campaign-sending-from');

  // Untagged in the settings, the inbox leaves the campaign's list (and the API's).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await tagThroughForm(page, 'pooled@pool.test', 'eu');
  await expect(tagsOf(account, pooled.id)).resolves.toEqual(['eu']);
  await page.goBack();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByText('1 inbox, with every inbox tagged “warm”:').waitFor();
  await expect(shownSendingEmails(page)).resolves.toEqual(['own@pool.test']);
  await expect(sendingEmails(account, campaignId)).resolves.toEqual(['own@pool.test']);
  await page.context().close();
});

it('says when the campaign sends from no inbox', async () => {
  const account = await signUp(suite.service.url);
  await createInbox(suite.service, account.workspaceId, { email: 'idle@pool.test', tags: ['spare'] });
  const campaignId = (await account.client.post('/campaigns', { name: 'No sender yet' })).body.id as string;
  const page = await signedInPage(suite.browser, suite.service.url, account, `/campaigns/${campaignId}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByText('No inbox: choose one above, or a tag some inbox carries, and save.').waitFor();
  expect((await account.client.get(`/campaigns/${campaignId}`)).body.sending_mailbox_ids).toEqual([]);
  await expectAccessible(page);
  await screenshot(page, 'sender-pools-campaign-no-inbox');
  await page.context().close();
});
