// Reports → Placement and the seeds under Settings → Inboxes (decisions.md §16) in a real browser: start a
// test from the console, watch it fill in as the run (in-process, on real peers: the SMTP peer delivering
// into Dovecot seeds) finds the copies, read the sender × provider grid and each copy with its
// authentication results in words, set the schedule and protection, and find the seeds listed apart (and
// not offered as a campaign's inboxes).
import type { Browser } from 'playwright-core';
import { runPlacementTest } from '../../src/modules/placement/run-test';
import { expectAccessible, launchBrowser, screenshot, signedInPage } from '../support/browser';
import { placementWorld, PLACEMENT_NOW } from '../support/placement-world';
import { sendingWorld } from '../support/sending-world';
import { waitUntil } from '../support/service-process';

const world = sendingWorld({ startAt: PLACEMENT_NOW });
const pw = placementWorld(world, { mailboxes: 4 });
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('starts a test, shows it filling in, the grid and each copy in words; sets the schedule; lists seeds apart', async () => {
  const sender = await pw.sender({ fromName: 'Sam Sender' });
  const inboxSeed = await pw.seed(
    { folder: 'INBOX', authResults: 'mx.seeds.test; spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test' },
    // A tag only a seed carries: a campaign's settings do not offer it as a pool.
    { seedProvider: 'google', tags: ['seeds-only'] },
  );
  await pw.seed({ folder: 'Junk', authResults: 'mx.seeds.test; spf=softfail smtp.mailfrom=acme.test; dkim=fail header.d=acme.test' }, { seedProvider: 'microsoft' });

  const page = await signedInPage(browser, world.service.url, world.me, '/reports/placement');
  await page.getByText('No placement test yet').waitFor();
  await expect(page.getByRole('navigation', { name: 'Report views' }).getByRole('link', { name: 'Placement' }).getAttribute('aria-current')).resolves.toBe('page');
  await expectAccessible(page);

  const start = page.getByRole('form', { name: 'Start a placement test' });
  await start.getByLabel('Subject').fill('Checking in');
  await start.getByRole('button', { name: 'Start the test' }).click();
  const detail = page.getByRole('region', { name: 'Where the copies landed' });
  await detail.getByText(/Running since .*: 2 of 2 copies still looked for/).waitFor();
  await expect(detail.getByText('Looking…').count()).resolves.toBe(2);
  await screenshot(page, 'placement-running');
  // A second start while it runs is refused, in the console's words.
  await start.getByRole('button', { name: 'Start the test' }).click();
  await start.getByRole('alert').filter({ hasText: 'A placement test is still running, and one runs at a time' }).waitFor();

  const [test] = await world.db(`select id from placement_test where workspace_id = ?`, [world.me.workspaceId]);
  await runPlacementTest(world.service.deps, test.id, { wakeMs: 20 });
  await waitUntil(
    async () => (await world.db(`select status from placement_test where id = ?`, [test.id]))[0].status,
    (s) => s === 'done',
    10_000,
  );

  // The page reads the running test again by itself.
  await detail.getByText(/^Finished /).waitFor({ timeout: 15_000 });
  const grid = detail.getByRole('table', { name: 'Inbox rate per sender and seed provider' });
  await expect(grid.getByRole('row', { name: new RegExp(sender.email) }).textContent()).resolves.toMatch(/100\.0%.*0\.0%/);
  const copies = detail.getByRole('table', { name: 'Every copy' });
  await expect(copies.getByRole('row', { name: /google/ }).textContent()).resolves.toMatch(/Inbox.*INBOX.*SPF passed, DKIM passed, DMARC passed/);
  await expect(copies.getByRole('row', { name: /microsoft/ }).textContent()).resolves.toMatch(/Spam.*Junk.*SPF failed softly, DKIM failed, DMARC not reported/);
  await expect(detail.getByRole('list', { name: 'Placement summary' }).textContent()).resolves.toContain('Inbox rate50.0%');
  await expectAccessible(page);
  await screenshot(page, 'placement-done');

  // Schedule and protection, saved for the workspace.
  const settings = page.getByRole('form', { name: 'Schedule and protection' });
  await settings.getByLabel(/Test by itself/).selectOption('daily');
  await settings.getByLabel(/Pause an inbox/).fill('40');
  await settings.getByRole('button', { name: 'Save' }).click();
  await settings.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  expect((await world.me.client.get('/settings')).body.workspace).toMatchObject({ placement_schedule: 'daily', placement_protect_below: 40 });

  // Settings → Inboxes: the seeds apart from the sending inboxes.
  await page.goto(`${world.service.url}/app/settings/inboxes`);
  const seeds = page.getByRole('region', { name: 'Seed inboxes for placement tests' });
  await seeds.getByRole('row', { name: new RegExp(inboxSeed.email) }).waitFor();
  await expect(seeds.getByRole('row').count()).resolves.toBe(3);
  const connected = (email: string) =>
    page
      .getByRole('table', { name: 'Connected inboxes' })
      .getByRole('row', { name: new RegExp(email) })
      .count();
  await expect(connected(inboxSeed.email)).resolves.toBe(0);
  await expect(connected(sender.email)).resolves.toBe(1);
  await expectAccessible(page);
  await screenshot(page, 'settings-seeds');

  // A campaign's settings offer the sending inboxes only: no seed, nor a tag only seeds carry.
  const campaignId = (await world.me.client.post('/campaigns', { name: 'Seedless campaign' })).body.id as string;
  await page.goto(`${world.service.url}/app/campaigns/${campaignId}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const offered = page.getByRole('form', { name: 'Campaign settings' }).getByRole('group', { name: 'Send from these inboxes' });
  await offered.getByRole('checkbox', { name: new RegExp(sender.email) }).waitFor();
  await expect(offered.getByRole('checkbox').count()).resolves.toBe(1);
  await expect(page.getByRole('group', { name: 'Also send from every inbox tagged' }).count()).resolves.toBe(0);
  await expectAccessible(page);
});
