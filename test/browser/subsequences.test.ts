// Subsequences in the console (decisions.md §11 "Subsequences", §14): the Subsequences tab of a top-level
// campaign lists each subsequence with its trigger in words and the leads in it, and creates one through
// its form (checked through the API, and the service's refusal shown in words); a subsequence's own page
// names its parent with a link back and says its trigger, and has no Subsequences tab.
import type { Page } from 'playwright-core';
import { browserSuite, expectAccessible, screenshot, signedInPage } from '../support/browser';
import { signUp, type Account } from '../support/client';

jest.setTimeout(60_000);

const suite = browserSuite();

async function newCampaign(account: Account, name: string): Promise<string> {
  const res = await account.client.post('/campaigns', { name });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

async function newSubsequence(account: Account, parentId: string, name: string, trigger: Record<string, unknown>): Promise<string> {
  const res = await account.client.post(`/campaigns/${parentId}/subsequences`, { name, trigger });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function openCampaign(account: Account, campaignId: string, name: string): Promise<Page> {
  const page = await signedInPage(suite.browser, suite.service.url, account, `/campaigns/${campaignId}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return page;
}

const subsequenceRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

it('creates a subsequence through the form, lists it with its trigger in words, and refuses a bad trigger in words', async () => {
  const account = await signUp(suite.service.url);
  const parentId = await newCampaign(account, 'Spring outreach');
  const page = await openCampaign(account, parentId, 'Spring outreach');
  await page.getByRole('tab', { name: 'Subsequences' }).click();
  await page.getByText('No subsequences yet').waitFor();
  await expectAccessible(page);
  await screenshot(page, 'subsequences-empty');

  await page.getByRole('button', { name: 'New subsequence' }).click();
  const form = page.getByRole('form', { name: 'New subsequence' });
  await form.getByLabel('Subsequence name').fill('Asked about pricing');
  await form.getByLabel('A reply from the lead contains…').check();

  // Nothing to look for: said by the form before it asks the service.
  await form.getByRole('button', { name: 'Create subsequence' }).click();
  await expect(form.getByRole('alert').textContent()).resolves.toBe('Write at least one word or phrase.');
  // A word over 100 characters: the service refuses it, and its reason is shown in words.
  await form.getByLabel(/Words or phrases/).fill(`pricing, ${'x'.repeat(101)}`);
  await form.getByRole('button', { name: 'Create subsequence' }).click();
  const refusal = form.getByRole('alert').filter({ hasText: 'The subsequence was not created.' });
  await refusal.waitFor();
  await expect(refusal.textContent()).resolves.toMatch(/The words must be a list of non-blank words or phrases of at most 100 characters/);
  await expectAccessible(page);
  await screenshot(page, 'subsequences-refused');
  expect((await account.client.get(`/campaigns/${parentId}/subsequences`)).body).toEqual([]);

  await form.getByLabel(/Words or phrases/).fill('pricing, price list');
  await form.getByRole('button', { name: 'Create subsequence' }).click();
  await form.getByRole('status').filter({ hasText: 'created as a draft' }).waitFor();

  // Through the API: a draft subsequence of this campaign with the trigger as typed.
  const listed = (await account.client.get(`/campaigns/${parentId}/subsequences`)).body as Record<string, unknown>[];
  expect(listed).toEqual([
    expect.objectContaining({ name: 'Asked about pricing', status: 'draft', parentCampaignId: parentId, trigger: { replyContains: ['pricing', 'price list'] } }),
  ]);

  const row = subsequenceRow(page, 'Asked about pricing');
  await row.waitFor();
  await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['draft', "when a reply contains 'pricing' or 'price list'", '0']);
  await expect(row.getByRole('link', { name: 'Asked about pricing' }).getAttribute('href')).resolves.toBe(`/app/campaigns/${listed[0]!.id as string}`);
  await expectAccessible(page);
  await screenshot(page, 'subsequences-created');
  await page.context().close();
});

it('lists each trigger kind in words with the leads in each', async () => {
  const account = await signUp(suite.service.url);
  const parentId = await newCampaign(account, 'Autumn outreach');
  await newSubsequence(account, parentId, 'Warm leads', { interest: ['interested', 'meeting_booked'] });
  const wordsId = await newSubsequence(account, parentId, 'Pricing questions', { reply_contains: ['pricing'] });
  await newSubsequence(account, parentId, 'Last try', { completed: true });
  // Leads in a subsequence are counted: two added to one of them (through the API; a trigger would do it too).
  const added = await account.client.post(`/campaigns/${wordsId}/leads/manual`, {
    leads: [
      { email: 'ana@example.org', vars: {} },
      { email: 'bo@example.org', vars: {} },
    ],
  });
  expect(added.status).toBe(200);

  const page = await openCampaign(account, parentId, 'Autumn outreach');
  await page.getByRole('tab', { name: 'Subsequences' }).click();
  const cells = async (name: string) => {
    const row = subsequenceRow(page, name);
    await row.waitFor();
    // The lead count loads after the row.
    await row.getByRole('cell').last().filter({ hasNotText: '…' }).waitFor();
    return row.getByRole('cell').allTextContents();
  };
  await expect(cells('Warm leads')).resolves.toEqual(['draft', "when the lead's interest becomes Interested or Meeting booked", '0']);
  await expect(cells('Pricing questions')).resolves.toEqual(['draft', "when a reply contains 'pricing'", '2']);
  await expect(cells('Last try')).resolves.toEqual(['draft', 'when the lead finished the sequence without replying', '0']);
  // Oldest first, as the service lists them.
  await expect(page.getByRole('rowheader').allTextContents()).resolves.toEqual(['Warm leads', 'Pricing questions', 'Last try']);
  await expectAccessible(page);
  await screenshot(page, 'subsequences-list');
  await page.context().close();
});

it("shows a subsequence's parent with a link back and its trigger, without a Subsequences tab", async () => {
  const account = await signUp(suite.service.url);
  const parentId = await newCampaign(account, 'Winter outreach');
  await newSubsequence(account, parentId, 'Interested follow-up', { interest: ['interested'] });

  const page = await openCampaign(account, parentId, 'Winter outreach');
  await page.getByRole('tab', { name: 'Subsequences' }).click();
  // Through the list's link: the same route, another campaign.
  await page.getByRole('link', { name: 'Interested follow-up' }).click();
  await page.getByRole('heading', { level: 1, name: 'Interested follow-up' }).waitFor();
  const line = page.getByText('Subsequence of');
  await line.getByRole('link', { name: 'Winter outreach' }).waitFor();
  await expect(line.textContent()).resolves.toBe("Subsequence of Winter outreach: a lead joins it when the lead's interest becomes Interested.");
  await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(['Steps', 'Leads', 'Settings', 'Stats']);
  // Its steps tab is shown, not the parent's Subsequences tab that was chosen before the link.
  await expect(page.getByRole('tab', { name: 'Steps' }).getAttribute('aria-selected')).resolves.toBe('true');
  await expectAccessible(page);
  await screenshot(page, 'subsequence-page');

  await line.getByRole('link', { name: 'Winter outreach' }).click();
  await page.getByRole('heading', { level: 1, name: 'Winter outreach' }).waitFor();
  await page.getByRole('tab', { name: 'Subsequences' }).waitFor();
  await expect(page.getByText('Subsequence of').count()).resolves.toBe(0);
  await page.context().close();
});
