// The reports view (decisions.md §14): analytics over time as a uPlot chart, best time as a weekday × hour
// heat map, deliverability and domains, each read against the API's own answer for the same range. Rows
// come from the factories as the sending engine and the reply poller leave them
// (test/api/reports-delivery.test.ts), relative to the wall clock the browser also reads.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, signedInPage } from '../support/browser';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { countSent, recordAttempt, recordBounce } from '../support/factories/delivery.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { startTestService } from '../support/service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let service: Awaited<ReturnType<typeof startTestService>>;
let dns: RunningDnsServer;
let browser: Browser;
let acct: Account;
const domain = `alpha-${randomUUID().slice(0, 6)}.test`;

beforeAll(async () => {
  // The sending domain's DNS: SPF, DMARC and MX published, no DKIM key (the health check's look-ups go here).
  dns = await startDnsServer({
    [domain]: { TXT: ['v=spf1 include:_spf.example.net -all'], MX: [{ exchange: `mx.${domain}`, priority: 10 }] },
    [`mx.${domain}`]: { A: ['192.0.2.10'] },
    [`_dmarc.${domain}`]: { TXT: ['v=DMARC1; p=reject'] },
  });
  service = await startTestService({ env: { DNS_SERVERS: dns.server } });
  browser = await launchBrowser();
  acct = await signUp(service.url);
  const ws = acct.workspaceId;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const inbox = await createInbox(service, ws, { email: `sam@${domain}` });
  const campaign = await createCampaign(service, ws, { name: 'Alpha outreach', status: 'active', timezone: 'UTC' });
  const leads = await createLeads(
    service,
    ws,
    campaign.id,
    [1, 2, 3].map((n) => ({ email: `lead${n}-${randomUUID().slice(0, 6)}@example.org` })),
  );
  // Two emails in the last week, one 20 days ago: inside 30 days, outside 7.
  const sentAt = [ago(HOUR), ago(2 * DAY), ago(20 * DAY)];
  const sends = [];
  for (const [i, lead] of leads.entries()) {
    sends.push(await createSentEmail(service, { workspaceId: ws, campaignId: campaign.id, leadId: lead.id, inboxId: inbox.id, inboxEmail: inbox.email, sentAt: sentAt[i]! }));
    await recordAttempt(service, { workspaceId: ws, sendId: sends[i]!.id, inboxId: inbox.id, outcome: 'accepted', code: 250, detail: '250 2.0.0 Ok', at: sentAt[i]! });
  }
  await recordAttempt(service, { workspaceId: ws, sendId: sends[0]!.id, inboxId: inbox.id, outcome: 'deferred', code: 451, detail: '451 4.7.1 Greylisted', at: ago(2 * HOUR) });
  await recordAttempt(service, { workspaceId: ws, sendId: sends[1]!.id, inboxId: inbox.id, outcome: 'rejected', code: 550, detail: '550 5.1.1 User unknown', at: ago(DAY) });
  await recordBounce(service, { workspaceId: ws, inboxId: inbox.id, category: 'hard', code: 550, reason: '550 5.1.1 User unknown', at: ago(DAY) });
  await countSent(service, { workspaceId: ws, inboxId: inbox.id, day: new Date(now).toISOString().slice(0, 10), sent: 1 });
  // Replies at different weekdays and hours: three in the last week, two 20 days back (30-day range only).
  for (const at of [ago(3 * HOUR), ago(3 * HOUR + 60_000), ago(3 * DAY), ago(20 * DAY), ago(20 * DAY + 5 * HOUR)]) {
    await createReplyItem(service, ws, { inbox: inbox.id, receivedAt: at });
  }
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await dns?.stop();
});

/** The heat map's 7 × 24 numbers as the page shows them. */
async function heatMapGrid(page: Page): Promise<number[][]> {
  const table = page.getByRole('table', { name: /Replies by weekday and hour/ });
  await table.waitFor();
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map(async (r) => (await r.locator('td').allTextContents()).map(Number)));
}

const statValue = (page: Page, list: string, label: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: label }).locator('.stat').textContent();

it('draws analytics as a chart, the heat map as the API counts it, and deliverability and domains as the API reports them', async () => {
  const page = await signedInPage(browser, service.url, acct, '/reports');
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();

  // Analytics: the totals of the default 30 days, and a uPlot canvas inside the figure named for it.
  const analytics = (await acct.client.get('/reports/analytics')).body;
  expect(analytics.totals.sent).toBe(3);
  await expect(page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).resolves.toBe('true');
  await page.getByRole('list', { name: 'Totals' }).waitFor();
  await expect(statValue(page, 'Totals', 'Sent')).resolves.toBe('3');
  await expect(statValue(page, 'Totals', 'Bounced')).resolves.toBe(String(analytics.totals.bounces));
  const chart = page.getByRole('img', { name: 'Sent, opened, replied and bounced per day' });
  await chart.locator('canvas').first().waitFor();
  await expect(
    page
      .getByRole('table', { name: 'Analytics by campaign' })
      .getByRole('row', { name: /Alpha outreach/ })
      .textContent(),
  ).resolves.toContain('3');
  await expect(
    page
      .getByRole('table', { name: 'Analytics by inbox' })
      .getByRole('row', { name: new RegExp(`sam@${domain}`) })
      .isVisible(),
  ).resolves.toBe(true);

  // Best time: every cell is the API's count for the same 30 days.
  const best30 = (await acct.client.get('/analytics/best-time?days=30')).body;
  expect(best30.replies).toBe(5);
  expect(await heatMapGrid(page)).toEqual(best30.grid);
  await expect(
    page
      .getByRole('table', { name: /Replies by weekday and hour/ })
      .getByRole('columnheader', { name: '13:00' })
      .count(),
  ).resolves.toBe(1);

  // Deliverability (the service's fixed 7 days).
  const deliverability = (await acct.client.get('/reports/deliverability')).body;
  expect(deliverability.smtp).toMatchObject({ accepted: 2, deferred: 1, rejected: 1 });
  for (const [label, key] of [
    ['Accepted', 'accepted'],
    ['Deferred', 'deferred'],
    ['Rejected', 'rejected'],
  ] as const) {
    await expect(statValue(page, 'SMTP attempts', label)).resolves.toBe(String(deliverability.smtp[key]));
  }
  const inboxRow = page.getByRole('table', { name: 'Deliverability by inbox' }).getByRole('row', { name: new RegExp(`sam@${domain}`) });
  const { sent, deferred, rejected, answered } = deliverability.per_inbox[0];
  await expect(inboxRow.locator('td').allTextContents()).resolves.toEqual([sent, deferred, rejected, answered].map(String));
  await expect(page.getByRole('table', { name: 'Bounces by category and code' }).textContent()).resolves.toContain('550 5.1.1 User unknown');

  // Domains: the sending domain with what it sent in the range.
  const domains = (await acct.client.get('/reports/domains?days=30')).body;
  const sentOnDomain = domains.domains[0].points.reduce((s: number, p: { sent: number }) => s + p.sent, 0);
  const domainRow = page.getByRole('table', { name: /Sending domains/ }).getByRole('row', { name: new RegExp(domain) });
  await expect(domainRow.locator('td').nth(2).textContent()).resolves.toBe(String(sentOnDomain));

  // DNS health runs when asked: each check's status as the API reports it for the same records.
  await page.getByRole('button', { name: 'Check DNS records' }).click();
  const health = page.getByRole('table', { name: domain, exact: true });
  await health.waitFor();
  const api = (await acct.client.get('/mailboxes/domain-health')).body;
  const checks = api.domains.find((d: { domain: string }) => d.domain === domain).checks as { label: string; status: string }[];
  expect(checks.find((c) => c.label.includes('SPF'))?.status).toBe('ok');
  expect(checks.find((c) => c.label.includes('DKIM'))?.status).not.toBe('ok');
  for (const c of checks) {
    await expect(health.getByRole('row', { name: c.label }).locator('td').first().textContent()).resolves.toBe(c.status);
  }

  await expectAccessible(page);
  await screenshot(page, 'reports');
  await page.context().close();
});

it('keeps the range in the URL and asks the API for that range', async () => {
  const page = await signedInPage(browser, service.url, acct, '/reports');
  await page.getByRole('img', { name: 'Sent, opened, replied and bounced per day' }).waitFor();
  const asked: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && r.method() === 'POST') asked.push(r.postDataJSON() as Record<string, unknown>);
  });
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).resolves.toBe('true');
  expect(new URL(page.url()).searchParams.get('days')).toBe('7');

  // The 20-day-old email and replies fall out: the page shows what the API gives for the same 7 days.
  const seven = (await acct.client.get('/analytics/best-time?days=7')).body;
  expect(seven.replies).toBe(3);
  await page.getByRole('table', { name: /last 7 days \(3 in all\)/ }).waitFor();
  expect(await heatMapGrid(page)).toEqual(seven.grid);
  await page.getByRole('list', { name: 'Totals' }).waitFor();
  await expect(statValue(page, 'Totals', 'Sent')).resolves.toBe('2');
  const analyticsAsk = asked.find((a) => String(a.query).includes('query ReportsAnalytics'));
  const input = (analyticsAsk?.variables as { input: { from: string; to: string } }).input;
  expect(Date.parse(input.to) - Date.parse(input.from)).toBe(6 * DAY);
  const api = (await acct.client.get(`/reports/analytics?from=${input.from}&to=${input.to}`)).body;
  expect(api.totals.sent).toBe(2);

  // A reload keeps the range; the back button returns to the default.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).resolves.toBe('true');
  await page.goBack();
  await page.getByRole('table', { name: /Replies by weekday and hour over the last 30 days/ }).waitFor();
  await page.context().close();
});

it('says so when there is nothing to report, and shows an error with a retry when a report fails', async () => {
  const empty = await signUp(service.url);
  const page = await signedInPage(browser, service.url, empty, '/reports');
  await page.getByText('Nothing was sent in this range yet.').waitFor();
  await page.getByText(/No replies in this range yet/).waitFor();
  await page.getByText(/No inboxes and no sending yet/).waitFor();
  await page.getByText(/No sending domains yet/).waitFor();
  await expect(page.locator('canvas').count()).resolves.toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'reports-empty');

  // The best-time report fails (the client's own retries too): its section says so in an alert; once the
  // service is back, "Try again" asks again and succeeds.
  let failing = true;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { query: string };
    if (failing && body.query.includes('query ReportsBestTime')) {
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'The database is busy.', extensions: { code: 'unavailable' } }] }),
      });
    } else await route.continue();
  });
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.textContent()).resolves.toContain('The database is busy.');
  await expectAccessible(page);
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByText(/No replies in this range yet/).waitFor();
  await expect(page.getByRole('alert').count()).resolves.toBe(0);
  await page.context().close();
});
