// Settings → Inboxes with Google and Microsoft (decisions.md §15) in a real browser: the connect button of
// each configured provider (only Google here), the whole sign-in through the local OpenID provider (its
// throw-away CA is the browser's to accept; the service trusts it through its HTTP port) and back, the
// outcome in words, the reconnect button of an inbox whose access ended, a reconnect as the wrong address
// and a refused consent in words, then a reconnect that brings it back.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, failOnPageErrors, launchBrowser, screenshot } from '../support/browser';
import { Client, signUp, testClientAddress, type Account } from '../support/client';
import { oauthPorts } from '../support/oauth';
import { startOidcProvider, type OidcProvider } from '../support/oidc-provider';
import { freePort } from '../support/service-process';
import { startTestService } from '../support/service';

let provider: OidcProvider;
let service: Awaited<ReturnType<typeof startTestService>>;
let browser: Browser;
let me: Account;

beforeAll(async () => {
  provider = await startOidcProvider();
  // The provider sends the browser back to PUBLIC_URL: the service's own address, known before it starts.
  const port = await freePort();
  service = await startTestService({ port, env: { ...provider.env('google'), ALLOW_PRIVATE_FETCH: 'true', PUBLIC_URL: `http://127.0.0.1:${port}` }, ports: oauthPorts(provider) });
  browser = await launchBrowser();
  me = await signUp(service.url);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await provider?.stop();
});

/** Signed in at Settings → Inboxes; the browser accepts the provider's throw-away certificate. */
async function settings(): Promise<Page> {
  const login = await new Client(service.url, null, testClientAddress()).post('/auth/login', { email: me.email, password: me.password });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true, extraHTTPHeaders: { 'X-Forwarded-For': testClientAddress() } });
  context.setDefaultTimeout(15_000);
  await context.addInitScript((session) => {
    if (!sessionStorage.getItem('outreach.session')) sessionStorage.setItem('outreach.session', session);
  }, JSON.stringify(login.body));
  const page = await context.newPage();
  failOnPageErrors(page);
  await page.goto(`${service.url}/app/settings/inboxes`);
  return page;
}

it('connects with Google, says so, and reconnects an inbox whose access ended', async () => {
  const email = `sam-${randomUUID().slice(0, 6)}@acme.test`;
  const page = await settings();
  await page.getByRole('button', { name: 'Connect with Google' }).waitFor();
  // Microsoft is not configured on this server: no button for it.
  expect(await page.getByRole('button', { name: 'Connect with Microsoft' }).count()).toBe(0);

  provider.signInAs({ email });
  await page.getByRole('button', { name: 'Connect with Google' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `${email} is connected with Google` })
    .waitFor();
  expect(new URL(page.url()).search).toBe('');
  const row = page.getByRole('row', { name: new RegExp(email) });
  await row.getByText('signs in with Google').waitFor();
  await expectAccessible(page);
  await screenshot(page, 'settings-inboxes-oauth-connected');

  // Google ended the access.
  const [{ id }] = await service.deps.orm.em.fork().getConnection().execute(`select id from inbox where email = ? and workspace_id = ?`, [email, me.workspaceId]);
  await service.deps.orm.em
    .fork()
    .getConnection()
    .execute(`update inbox set status = 'reconnect_needed', last_error = 'Google ended the access: invalid_grant' where id = ?`, [id]);
  await page.reload();
  await row.getByText('needs reconnecting').waitFor();
  await row.getByText('Last error: Google ended the access: invalid_grant').waitFor();
  expect(await row.getByRole('button', { name: `Resume ${email}` }).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'settings-inboxes-oauth-reconnect');

  // Signed in as someone else: refused, in words.
  provider.signInAs({ email: `someone-${randomUUID().slice(0, 6)}@acme.test` });
  await row.getByRole('button', { name: `Reconnect with Google: ${email}` }).click();
  await page.getByRole('alert').filter({ hasText: 'You signed in as another address than the inbox you were reconnecting' }).waitFor();

  // Consent refused: in words too.
  provider.signInAs({ deny: true });
  await page.getByRole('button', { name: `Reconnect with Google: ${email}` }).click();
  await page.getByRole('alert').filter({ hasText: 'The sign-in was cancelled at Google or Microsoft' }).waitFor();

  provider.signInAs({ email });
  await page.getByRole('button', { name: `Reconnect with Google: ${email}` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `${email} is connected with Google` })
    .waitFor();
  await page
    .getByRole('row', { name: new RegExp(email) })
    .getByText('active', { exact: true })
    .waitFor();
  const inbox = (await me.client.get(`/mailboxes`)).body.find((m: { id: string }) => m.id === id);
  expect(inbox).toMatchObject({ status: 'active', lastError: null, authType: 'oauth2', oauthProvider: 'google' });
});
