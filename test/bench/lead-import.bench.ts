// Lead import at scale (issue #3 "Scale"): a 100,000-row CSV with 10 lead fields per row, imported over
// HTTP (POST /campaigns/:id/leads, streamed from a file) into a campaign that already holds 100,000 leads,
// with a 10,000-entry blocklist. Target: under 5 s and under 300 MB RSS for the whole process (service and
// this client together). The service is first built (tsc, into dist/) and loaded from there, as
// `npm start` runs it: loading TypeScript through @swc-node/register alone adds ~70 MB of RSS that
// production never has. Baseline, measured in the same run on the same database: a plain PostgreSQL
// COPY of the same file into a bare (logged) table of text columns.
//
// The rows mix what real files carry: 90% new, 5% already in the campaign, 2% blocklisted (address or
// domain), 1% in another campaign, 1% repeated in the file, 1% not an address.
//
// Run: npm run bench -- lead-import   (ROWS=20000 for a quicker run)
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client as PgClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { execFileSync } from 'node:child_process';
import { signUp } from '../support/client';

const ROOT = path.resolve(__dirname, '../..');

/** Builds the service (tsc → dist/) and loads it from there. */
function builtService(): { loadConfig: typeof import('../../src/config').loadConfig; startService: typeof import('../../src/service').startService; silentLogger: typeof import('../../src/logger').silentLogger } {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  const dist = path.join(ROOT, 'dist');
  return { ...require(path.join(dist, 'src/config')), ...require(path.join(dist, 'src/service')), ...require(path.join(dist, 'src/logger')) };
}

const ROWS = Number(process.env.ROWS ?? 100_000);
const EXISTING = Number(process.env.EXISTING ?? 100_000);
const BLOCKLIST = 10_000;
const TARGET_SECONDS = 5;
const TARGET_RSS_MB = 300;
const FIELDS = ['first_name', 'last_name', 'company', 'title', 'city', 'country', 'phone', 'website', 'industry', 'notes'];

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The row's address by its place in the mix (see the header). */
function address(i: number): string {
  switch (i % 100) {
    case 0:
      return `not-an-address-${i}`;
    case 1:
      return `new-${i + 9}@firm${(i + 9) % 5000}.example`; // row i + 9 repeats it
    case 2: case 3: case 4: case 5: case 6:
      return `existing-${i % EXISTING}@seed${i % 1000}.example`;
    case 7:
      return `blocked-${Math.floor(i / 100) % (BLOCKLIST / 2)}@blocked.example`;
    case 8:
      return `someone-${i}@blocked-${i % (BLOCKLIST / 2)}.example`;
    case 9:
      return `elsewhere-${Math.floor(i / 100) % 10_000}@other.example`;
    default:
      return `new-${i}@firm${i % 5000}.example`;
  }
}

function writeCsv(file: string): number {
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, `email,${FIELDS.join(',')}\n`);
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    chunk +=
      `${address(i)},First${i},Last${i},"Company ${i % 5000}, Inc.",Head of Growth,Berlin,${['DE', 'US', 'France', 'GBR'][i % 4]},` +
      `+49 30 ${1000000 + i},https://firm${i % 5000}.example,Software,"Met at ""Expo"" ${i % 365} days ago"\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(out, chunk);
      chunk = '';
    }
  }
  fs.writeSync(out, chunk);
  fs.closeSync(out);
  return fs.statSync(file).size;
}

async function main() {
  let t = process.hrtime.bigint();
  const { loadConfig, startService, silentLogger } = builtService();
  console.log(`built the service into dist/ in ${seconds(t).toFixed(0)} s`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lead-import-bench-'));
  // The embedded PostgreSQL of DATA_DIR (DATABASE_URL unset), as `npm start` runs it.
  const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'bench-secret' });
  const service = await startService(config, { port: 0, log: silentLogger, jobs: false });
  const knex = service.deps.orm.em.getConnection().getKnex();
  const db = (await knex.client.acquireConnection()) as PgClient;
  try {
    const me = await signUp(service.url);
    const target = (await me.client.post('/campaigns', { name: 'Target' })).body.id as string;
    const other = (await me.client.post('/campaigns', { name: 'Other' })).body.id as string;
    const warm = (await me.client.post('/campaigns', { name: 'Warm-up' })).body.id as string;

    t = process.hrtime.bigint();
    await db.query(
      `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
       select gen_random_uuid(), now(), $1, $2, 'existing-' || i || '@seed' || (i % 1000) || '.example',
              jsonb_build_object('first_name', 'Seed' || i, 'company', 'Seed Co ' || (i % 1000)), 'pending', 0
       from generate_series(0, $3::int - 1) i`,
      [me.workspaceId, target, EXISTING],
    );
    await db.query(
      `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
       select gen_random_uuid(), now(), $1, $2, 'elsewhere-' || i || '@other.example', '{}', 'pending', 0 from generate_series(0, 9999) i`,
      [me.workspaceId, other],
    );
    await db.query(
      `insert into blocklist_entry (id, created_at, workspace_id, email, reason)
       select gen_random_uuid(), now(), $1, case when i % 2 = 0 then 'blocked-' || (i / 2) || '@blocked.example' else 'blocked-' || (i / 2) || '.example' end, 'manual'
       from generate_series(0, $2::int - 1) i`,
      [me.workspaceId, BLOCKLIST],
    );
    await db.query('vacuum analyze lead');
    await db.query('vacuum analyze blocklist_entry');
    console.log(`seeded ${EXISTING.toLocaleString('en')} leads in the campaign, 10,000 in another, ${BLOCKLIST.toLocaleString('en')} blocklist entries in ${seconds(t).toFixed(1)} s`);

    const file = path.join(dataDir, 'leads.csv');
    const bytes = writeCsv(file);
    console.log(`CSV: ${ROWS.toLocaleString('en')} rows, email + ${FIELDS.length} fields, ${(bytes / 1e6).toFixed(1)} MB`);

    const post = (campaignId: string, body: BodyInit) =>
      fetch(`${service.url}/api/campaigns/${campaignId}/leads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'text/csv' },
        body,
        duplex: 'half',
      } as RequestInit);

    // Warm-up (JIT, pool connections) on a small file into another campaign.
    await (await post(warm, 'email,first_name\nwarm-1@warm.example,W\nwarm-2@warm.example,W\n')).text();

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    t = process.hrtime.bigint();
    const res = await post(target, Readable.toWeb(fs.createReadStream(file)) as unknown as BodyInit);
    const body = await res.json();
    const importSeconds = seconds(t);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${JSON.stringify(body)}`);
    const counted = Object.values(body as Record<string, number>).reduce((a, b) => a + b, 0);

    // Baseline: the same file, COPY'd as CSV into a bare table, on the same database.
    await db.query(`create table bench_copy (email text, ${FIELDS.map((f) => `${f} text`).join(', ')})`);
    t = process.hrtime.bigint();
    await pipeline(fs.createReadStream(file), db.query(copyFrom(`copy bench_copy from stdin with (format csv, header true)`)));
    const copySeconds = seconds(t);
    await db.query('drop table bench_copy');

    const rate = (s: number) => Math.round(ROWS / s).toLocaleString('en');
    console.log(`import counts: ${JSON.stringify(body)} (sum ${counted.toLocaleString('en')} of ${ROWS.toLocaleString('en')} rows)`);
    console.log(`import over HTTP: ${importSeconds.toFixed(2)} s, ${rate(importSeconds)} rows/s`);
    console.log(`plain COPY into a bare table: ${copySeconds.toFixed(2)} s, ${rate(copySeconds)} rows/s`);
    console.log(`ratio import / COPY: ${(importSeconds / copySeconds).toFixed(1)}x`);
    console.log(`process RSS: ${mb(rssBefore)} MB before, peak ${mb(peak)} MB sampled during the import (${mb(process.resourceUsage().maxRSS * 1024)} MB peak over the whole run)`);
    const ok = importSeconds < TARGET_SECONDS && peak < TARGET_RSS_MB * 1024 * 1024 && counted === ROWS;
    console.log(ok ? `Within target (< ${TARGET_SECONDS} s, < ${TARGET_RSS_MB} MB).` : `MISSED target (< ${TARGET_SECONDS} s, < ${TARGET_RSS_MB} MB, counts adding up).`);
  } finally {
    await knex.client.releaseConnection(db);
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
