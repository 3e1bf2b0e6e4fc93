// The web console's first load (issue #25): how much JavaScript a first visit downloads, compressed, and
// the time from navigation to an interactive campaigns list of a workspace with 500 campaigns, in
// headless Chromium (Debian's, through playwright-core) against the service on loopback. Targets: under
// 250 KB compressed, under 1 s. The baseline, measured in the same run, is the same list with one
// campaign: the ratio says what the 500 cost beyond loading the console at all.
//
// "Interactive" is the moment the first page of 50 rows is on screen and every row's "Sending" cell has
// its answer (the sending-status query of the rows on screen came back): nothing is left to wait for. The
// moment the rows themselves are on screen (links and filters usable) is printed too.
// Each visit is a fresh browser context: nothing cached.
//
// Run: npm run bench -- console-first-load   (build the console first: npm start or npm install does)
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { CONSOLE_DIR } from '../../rest/console';
import { launchBrowser, newContext } from '../support/browser';
import { Client, signUp, type Account } from '../support/client';
import { machine, median, runWhenMain, startBenchService, type BenchService } from './bench-service';

const CAMPAIGNS = Number(process.env.CAMPAIGNS ?? 500);
const VISITS = 7;
const BUNDLE_TARGET_KB = 250;
const LOAD_TARGET_MS = 1000;

/** The JavaScript and CSS a first visit to /app/campaigns loads (index.html's entry and what it imports
 *  up front; the other views are separate chunks loaded when opened), and all of it. */
function bundleSizes(): { first: { raw: number; gzip: number; brotli: number }; all: { raw: number; gzip: number } } {
  const assets = path.join(CONSOLE_DIR, 'assets');
  const html = fs.readFileSync(path.join(CONSOLE_DIR, 'index.html'), 'utf8');
  const firstFiles = [...html.matchAll(/(?:src|href)="\/app\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  const sum = (files: string[]) =>
    files.reduce(
      (acc, f) => {
        const bytes = fs.readFileSync(path.join(assets, f));
        return { raw: acc.raw + bytes.length, gzip: acc.gzip + zlib.gzipSync(bytes, { level: 9 }).length, brotli: acc.brotli + zlib.brotliCompressSync(bytes).length };
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const all = sum(fs.readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css')));
  return { first: sum(firstFiles), all: { raw: all.raw, gzip: all.gzip } };
}

async function workspaceWith(bench: BenchService, count: number): Promise<Account> {
  const me = await signUp(bench.service.url, { timezone: 'UTC' });
  // Made through the API (the entity's defaults), then a realistic mix: a third active with a step, a
  // third paused, a third drafts.
  for (let i = 1; i <= count; i++) {
    const res = await me.client.post('/campaigns', { name: `Campaign ${String(i).padStart(4, '0')}` });
    if (res.status >= 300) throw new Error(`create campaign: ${res.status} ${res.text}`);
  }
  await bench.run(
    `update campaign set status = (array['active','paused','draft'])[1 + n % 3]
       from (select id, row_number() over (order by created_at) n from campaign where workspace_id = ?) c
      where campaign.id = c.id`,
    [me.workspaceId],
  );
  const active = await bench.run(`select id from campaign where workspace_id = ? and status = 'active'`, [me.workspaceId]);
  for (const { id } of active) {
    await bench.run(
      `insert into step (id, created_at, campaign_id, position, wait_minutes, variants)
       values (?, now(), ?, 1, 0, ?::jsonb)`,
      [randomUUID(), id, JSON.stringify([{ id: 1, subject: 'Hi', body: 'Hello', enabled: true }])],
    );
  }
  return me;
}

/** Milliseconds from navigation start, as the page's own clock says, to the list's rows on screen and
 *  clickable, and to every row's "Sending" cell answered (interactive). */
interface Visit {
  rows: number;
  interactive: number;
}

async function firstLoad(browser: Browser, baseUrl: string, account: Account, rows: number): Promise<Visit> {
  const login = await new Client(baseUrl).post('/auth/login', { email: account.email, password: account.password });
  const context = await newContext(browser);
  await context.addInitScript((session) => sessionStorage.setItem('outreach.session', session), JSON.stringify(login.body));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/app/campaigns`);
  // Resolves to performance.now() at the first frame where `want` rows are on screen (and, if `answered`,
  // every one's sending status).
  const at = async (want: number, answered: boolean) => {
    const handle = await page.waitForFunction(
      ({ want, answered }) => {
        const why = [...document.querySelectorAll('.campaigns-table tbody td.why')];
        return why.length === want && (!answered || why.every((c) => !c.textContent?.startsWith('Checking'))) && performance.now();
      },
      { want, answered },
      { timeout: 30_000, polling: 'raf' },
    );
    return (await handle.jsonValue()) as number;
  };
  const shown = await at(rows, false);
  const interactive = await at(rows, true);
  await context.close();
  return { rows: shown, interactive };
}

export async function main() {
  const sizes = bundleSizes();
  console.log(`Console bundle (${CONSOLE_DIR})`);
  console.log(
    `  first load (entry JS + CSS): ${(sizes.first.raw / 1024).toFixed(1)} KB raw, ${(sizes.first.gzip / 1024).toFixed(1)} KB gzip, ${(sizes.first.brotli / 1024).toFixed(1)} KB brotli` +
      `  (target < ${BUNDLE_TARGET_KB} KB compressed: ${sizes.first.gzip / 1024 < BUNDLE_TARGET_KB ? 'met' : 'NOT MET'})`,
  );
  console.log(`  every chunk (all views): ${(sizes.all.raw / 1024).toFixed(1)} KB raw, ${(sizes.all.gzip / 1024).toFixed(1)} KB gzip\n`);

  const bench = await startBenchService('console-first-load');
  const browser = await launchBrowser();
  try {
    const one = await workspaceWith(bench, 1);
    const many = await workspaceWith(bench, CAMPAIGNS);
    await bench.run('vacuum analyze');
    await firstLoad(browser, bench.service.url, one, 1); // warm-up: the service's first queries, Chromium's start
    const baseline: Visit[] = [];
    const loaded: Visit[] = [];
    for (let i = 0; i < VISITS; i++) {
      baseline.push(await firstLoad(browser, bench.service.url, one, 1));
      loaded.push(await firstLoad(browser, bench.service.url, many, 50));
    }
    const base = median(baseline.map((v) => v.interactive));
    console.log(`Navigation to the campaigns list, median of ${VISITS} cold visits (${machine()})`);
    console.log('                                    rows on screen   interactive (every status in)');
    for (const [name, runs] of [
      ['1 campaign (baseline)', baseline],
      [`${CAMPAIGNS} campaigns (a page of 50)`, loaded],
    ] as const) {
      const rows = median(runs.map((v) => v.rows));
      const interactive = median(runs.map((v) => v.interactive));
      const verdict =
        runs === loaded ? `   ${(interactive / base).toFixed(2)}× baseline   (target < ${LOAD_TARGET_MS} ms: ${interactive < LOAD_TARGET_MS ? 'met' : 'NOT MET'})` : '';
      console.log(`  ${name.padEnd(32)} ${rows.toFixed(0).padStart(8)} ms ${interactive.toFixed(0).padStart(12)} ms${verdict}`);
    }
  } finally {
    await browser.close();
    await bench.stop();
  }
}

runWhenMain(module, main);
