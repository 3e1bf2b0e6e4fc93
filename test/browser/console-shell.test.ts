// The console's frame (decisions.md §14): served at /app (and `/` redirects there) with no request leaving
// the service, sign-up and sign-in through the REST auth endpoints, the session in sessionStorage, the
// main navigation, and a session that ends sends the user back to sign-in.
import { browserSuite, expectAccessible, failOnPageErrors, newContext, screenshot, signedInPage } from '../support/browser';
import { signUp } from '../support/client';

const suite = browserSuite();

it('serves the console at /app, redirects / there, and loads nothing from another origin', async () => {
  const root = await fetch(`${suite.service.url}/`, { redirect: 'manual' });
  expect(root.status).toBe(302);
  expect(root.headers.get('location')).toBe('/app/');
  const deep = await fetch(`${suite.service.url}/app/campaigns/123`);
  expect(deep.status).toBe(200);
  expect(deep.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(deep.headers.get('cache-control')).toBe('no-cache');
  expect(await deep.text()).toContain('<div id="root">');

  const context = await newContext(suite.browser);
  const page = await context.newPage();
  failOnPageErrors(page);
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(suite.service.url) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.goto(`${suite.service.url}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/app/sign-in');
  expect(foreign).toEqual([]);
  await context.close();
});

it('signs up, keeps the session in sessionStorage, navigates, and signs out', async () => {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  failOnPageErrors(page);
  await page.goto(`${suite.service.url}/app/sign-up`);
  await expectAccessible(page);
  await screenshot(page, 'sign-up');
  const email = `console-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByLabel('Workspace name').fill('Console Co');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('outreach.session') ?? 'null')?.workspace?.name)).toBe('Console Co');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).getAttribute('aria-current')).resolves.toBe('page');

  // Following a link of the main navigation puts the focus at the top of the new view.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'main');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem('outreach.session'))).toBeNull();

  // Wrong password: the service's message, in an alert.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toMatch(/invalid|wrong|incorrect/i);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  await context.close();
});

it('sends a user whose session the suite.service no longer knows back to sign-in', async () => {
  const account = await signUp(suite.service.url);
  const page = await signedInPage(suite.browser, suite.service.url, account);
  await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  // As after the session's 30 days: the token the tab holds is no longer one the service knows.
  await page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('outreach.session')!);
    sessionStorage.setItem('outreach.session', JSON.stringify({ ...session, token: 'expired-token' }));
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem('outreach.session'))).toBeNull();
  await page.context().close();
});
