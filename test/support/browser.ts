// The browser tests' Chromium (decisions.md §14): Debian's chromium (installed by .ci/install-test-deps.sh)
// driven by playwright-core, which downloads no browser of its own. One browser per test file, a fresh
// context (cookies, sessionStorage) per test.
import fs from 'node:fs';
import path from 'node:path';
import type axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Client, testClientAddress, type Account } from './client';
import { startTestService, type TestServiceOptions } from './service';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A browser test walks several screens, each waiting on the service: more than jest's 30 s default may pass
// on a loaded two-core machine without anything being wrong (each single wait still has its own 10 s).
// (Benchmarks import this file too, outside jest.)
if (typeof jest !== 'undefined') jest.setTimeout(90_000);
const SCREENSHOTS = path.join(__dirname, '..', 'browser', 'screenshots');
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The machine's network is closed: without these Chromium keeps trying Google's hosts.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface BrowserSuite {
  readonly service: Awaited<ReturnType<typeof startTestService>>;
  readonly browser: Browser;
}

/** Registers the file's hooks for what most browser tests need: the service (started with `opts`) and one
 *  browser, closed after the file. */
export function browserSuite(opts: TestServiceOptions = {}): BrowserSuite {
  const suite: { service?: BrowserSuite['service']; browser?: Browser } = {};
  beforeAll(async () => {
    suite.service = await startTestService(opts);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.service?.stop();
  });
  return {
    get service() {
      return suite.service!;
    },
    get browser() {
      return suite.browser!;
    },
  };
}

/** A context whose requests come from a client address of their own (per-client sign-up limits,
 *  decisions.md §10, would otherwise count the whole suite as 127.0.0.1). */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, extraHTTPHeaders: { 'X-Forwarded-For': testClientAddress() } });
  context.setDefaultTimeout(10_000);
  return context;
}

/** A page already signed in as `account` (the session the sign-in form would store), at `path` under /app. */
export async function signedInPage(browser: Browser, baseUrl: string, account: Account, at = '/campaigns'): Promise<Page> {
  const login = await new Client(baseUrl, null, testClientAddress()).post('/auth/login', { email: account.email, password: account.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const context = await newContext(browser);
  await context.addInitScript((session) => {
    if (!sessionStorage.getItem('outreach.session')) sessionStorage.setItem('outreach.session', session);
  }, JSON.stringify(login.body));
  const page = await context.newPage();
  failOnPageErrors(page);
  await page.goto(`${baseUrl}/app${at}`);
  return page;
}

/** An uncaught exception in the page fails the test that caused it. */
export function failOnPageErrors(page: Page): void {
  page.on('pageerror', (err) => {
    throw new Error(`the console threw: ${err.message}`);
  });
}

/** decisions.md §14: no serious or critical axe-core violation on any view. Returns what it found, so a
 *  failure names the rule and the element. */
export async function expectAccessible(page: Page): Promise<void> {
  // axe-core's browser build, evaluated in the page (through the DevTools protocol, which the console's
  // Content-Security-Policy does not stop) and run there: what @axe-core/playwright does, without a package
  // that wants Node 22.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() =>
    // Only violations are read, so axe gathers no details of the passes and the rest (a quarter less time a run).
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect(serious).toEqual([]);
}

/** A screenshot for a reviewer, under test/browser/screenshots/ (not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
