// The console's campaigns list (decisions.md §14): status, today's numbers and the sending-status reasons
// in the console's words for the API's codes (status-words.ts); filters, pages, a new campaign; its
// loading, empty and error states.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { browserSuite, expectAccessible, screenshot, signedInPage } from '../support/browser';
import { signUp, type Account } from '../support/client';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { inWords, REASON_WORDS } from '../../web/src/views/campaigns/status-words';

const suite = browserSuite();

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function workspaceWithThree(): Promise<{ me: Account; ids: Record<'draft' | 'live' | 'paused', string> }> {
  const me = await signUp(suite.service.url, { timezone: 'UTC' });
  const draft = await createCampaign(suite.service, me.workspaceId, { name: 'Alpha draft' });
  const live = await createCampaign(suite.service, me.workspaceId, { name: 'Bravo live', ...SENDS_ANY_HOUR });
  await addStep(suite.service, me.workspaceId, live.id);
  const inbox = await createInbox(suite.service, me.workspaceId, { username: 'sender@example.com', minGapMinutes: 0, gapJitterMinutes: 0, dailyCap: 50, rampStart: 50 });
  await suite.service.deps.orm.em.fork().getConnection().execute('insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)', [live.id, inbox.id]);
  const [lead] = await createLeads(suite.service, me.workspaceId, live.id, [
    { email: `l-${randomUUID().slice(0, 8)}@client.test` },
    { email: `m-${randomUUID().slice(0, 8)}@client.test` },
  ]);
  await createSentEmail(suite.service, { workspaceId: me.workspaceId, campaignId: live.id, leadId: lead!.id, inboxId: inbox.id, inboxEmail: inbox.email, sentAt: new Date() });
  const paused = await createCampaign(suite.service, me.workspaceId, { name: 'Charlie paused', status: 'paused', pausedReason: 'bounce_protect' });
  return { me, ids: { draft: draft.id, live: live.id, paused: paused.id } };
}

it('shows each campaign with its status, today’s numbers and why it is not sending, in the console’s words for the API’s codes', async () => {
  const { me, ids } = await workspaceWithThree();
  const page = await signedInPage(suite.browser, suite.service.url, me);
  await rowOf(page, 'Bravo live').waitFor();

  const api = await me.client.get(`/sending-status?campaign_ids=${[ids.draft, ids.live, ids.paused].join(',')}`);
  expect(api.status).toBe(200);
  type Reason = { code: string; text: string; details?: Record<string, number> };
  const [draft, live, paused] = api.body as { sending: boolean; sent_today: number; daily_limit: number; reasons: Reason[] }[];
  expect(live!.sending).toBe(true);
  const inConsoleWords = (r: Reason, status: string) => inWords(REASON_WORDS, r.code, { campaign: { status }, details: r.details }).text;
  // Each row's "Sending" cell starts with the first reason's words: the console's, never the API's message.
  await rowOf(page, 'Bravo live').getByRole('cell').last().getByText('Sending', { exact: true }).waitFor();
  await rowOf(page, 'Alpha draft').getByRole('cell').last().getByText(inConsoleWords(draft!.reasons[0]!, 'draft'), { exact: true }).waitFor();
  await rowOf(page, 'Charlie paused').getByRole('cell').last().getByText(inConsoleWords(paused!.reasons[0]!, 'paused'), { exact: true }).waitFor();
  // The other reasons, folded under the first.
  await rowOf(page, 'Alpha draft')
    .getByText(`${draft!.reasons.length - 1} more reasons`)
    .click();
  for (const reason of draft!.reasons.slice(1)) await rowOf(page, 'Alpha draft').getByRole('listitem').getByText(inConsoleWords(reason, 'draft'), { exact: true }).waitFor();
  for (const reason of [...draft!.reasons, ...paused!.reasons]) expect(await page.getByText(reason.text).count()).toBe(0);
  await expect(rowOf(page, 'Charlie paused').getByText('paused by bounce protection').count()).resolves.toBe(1);
  // Today's numbers: the one email sent today, against the daily limit.
  await expect(rowOf(page, 'Bravo live').getByRole('cell').nth(2).textContent()).resolves.toBe(`${live!.sent_today} / ${live!.daily_limit}`);
  expect(live!.sent_today).toBe(1);
  const listed = (await me.client.get('/campaigns')).body as { id: string; leads_pending: number }[];
  const pending = listed.find((c) => c.id === ids.live)!.leads_pending;
  await expect(rowOf(page, 'Bravo live').getByRole('cell').nth(5).textContent()).resolves.toBe(String(pending));
  await expectAccessible(page);
  await screenshot(page, 'campaigns-list');

  // Filters: by name, then by status.
  await page.getByLabel('Search by name').fill('bravo');
  await expect(page.getByRole('row').count()).resolves.toBe(2); // the header and Bravo
  await page.getByLabel('Search by name').fill('');
  await page.getByLabel('Status').selectOption('paused');
  await rowOf(page, 'Charlie paused').waitFor();
  await expect(page.getByRole('row').count()).resolves.toBe(2);
  await page.getByLabel('Search by name').fill('bravo');
  await page.getByText('No campaign matches these filters.').waitFor();
  await page.context().close();
});

it('pages a long list, asking the sending status of the rows on screen only', async () => {
  const me = await signUp(suite.service.url, { timezone: 'UTC' });
  for (let i = 1; i <= 55; i++) await createCampaign(suite.service, me.workspaceId, { name: `Campaign ${String(i).padStart(2, '0')}` });
  const page = await signedInPage(suite.browser, suite.service.url, me);
  const asked: number[] = [];
  page.on('request', (r) => {
    const body = r.postData();
    if (r.url().endsWith('/graphql') && body?.includes('CampaignsStatuses')) asked.push((JSON.parse(body).variables.campaignIds as string[]).length);
  });
  await rowOf(page, 'Campaign 50').waitFor();
  await expect(rowOf(page, 'Campaign 51').count()).resolves.toBe(0);
  await page.getByText('Page 1 of 2').waitFor();
  await page.getByRole('button', { name: 'Next page' }).click();
  // The row's sending status, in its last cell: the badge beside it says "draft" from the first render,
  // so a text match on the whole row was met before (or, twice over, after) the status came.
  const draftWords = inWords(REASON_WORDS, 'not_active', { campaign: { status: 'draft' } }).text;
  await rowOf(page, 'Campaign 55').getByRole('cell').last().getByText(draftWords, { exact: true }).waitFor();
  await expect(page.getByRole('row').count()).resolves.toBe(6);
  expect(asked).toContain(5);
  expect(Math.max(...asked)).toBeLessThanOrEqual(50);
  await page.context().close();
});

it('creates a campaign from its name and opens it; a new workspace sees the empty state', async () => {
  const me = await signUp(suite.service.url);
  const page = await signedInPage(suite.browser, suite.service.url, me);
  await page.getByText('No campaigns yet.').waitFor();
  await expectAccessible(page);
  await screenshot(page, 'campaigns-empty');
  await page.getByLabel('New campaign name').fill('Q1 founders');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.waitForURL(/\/app\/campaigns\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  const res = await me.client.get(`/campaigns/${id}`);
  expect(res.body).toMatchObject({ name: 'Q1 founders', status: 'draft' });
  await page.context().close();
});

it('says when the list cannot load, and loads it on “Try again”', async () => {
  const { me } = await workspaceWithThree();
  const page = await signedInPage(suite.browser, suite.service.url, me, '/reports');
  // The service is unreachable for the campaigns query (a dropped connection).
  await page.route('**/graphql', (route) => (route.request().postData()?.includes('CampaignsList') ? route.abort('connectionreset') : route.continue()));
  await page.getByRole('link', { name: 'Campaigns' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor({ timeout: 20_000 });
  await expect(alert.textContent()).resolves.toContain('could not be reached');
  await expectAccessible(page);
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Try again' }).click();
  await rowOf(page, 'Bravo live').waitFor();
  await page.context().close();
});
