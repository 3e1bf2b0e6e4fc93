// Issue 24's target for the rate limit and idempotency keys (decisions.md §12): together they add at
// most 10% to a one-row GET's median. Two services on one throw-away embedded PostgreSQL, in this
// process: one with the limit on (RATE_LIMIT_PER_MINUTE high enough that the run is never refused; a
// process takes 10 points per upsert at any limit until the last 200 of a window), one with it off
// (RATE_LIMIT_PER_MINUTE=0: the middleware passes every request through). The idempotency middleware is
// mounted in both and has nothing to do for a GET (one header look-up). Rounds alternate on and off, so
// drift of a busy machine weighs on both alike; the medians over every round are compared.
//
// Also printed, not a target: a PATCH with a fresh Idempotency-Key against the same PATCH without one
// (the claim before and the stored answer after: two statements).
//
// Run: npm run bench -- api-middleware   (ROUNDS=10 REQUESTS=200 by default)
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/runtime/config';
import { startEmbeddedPostgres } from '../../src/storage/embedded-postgres';
import { silentLogger } from '../../src/observability/logger';
import { startService, type RunningService } from '../../src/service';
import { Client, signUp } from '../support/client';
import { machine, median, ms, runWhenMain } from './bench-service';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const TARGET = 1.1;

async function times(n: number, call: () => Promise<{ status: number; text: string }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const res = await call();
    out.push(ms(t));
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  }
  return out;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-middleware-bench-'));
  const pg = await startEmbeddedPostgres(dataDir);
  const services: RunningService[] = [];
  try {
    const start = async (limit: string) => {
      const config = loadConfig({ DATABASE_URL: pg.url, DATA_DIR: dataDir, SECRET_KEY: 'bench-secret', RATE_LIMIT_PER_MINUTE: limit });
      const s = await startService(config, { port: 0, log: silentLogger, jobs: false });
      services.push(s);
      return s;
    };
    const on = await start('100000000');
    const off = await start('0');
    const account = await signUp(on.url);
    const campaign = await account.client.post('/campaigns', { name: 'Bench' });
    const path1 = `/campaigns/${campaign.body.id}`;
    const clients = { on: account.client, off: new Client(off.url, account.token) };
    if ((await clients.on.get(path1)).headers.get('ratelimit') === null) throw new Error('the limit is not on');
    if ((await clients.off.get(path1)).headers.get('ratelimit') !== null) throw new Error('the limit is not off');

    const samples = { on: [] as number[], off: [] as number[], keyed: [] as number[], plain: [] as number[] };
    await times(50, () => clients.on.get(path1)); // warm-up
    await times(50, () => clients.off.get(path1));
    for (let round = 0; round < ROUNDS; round++) {
      const [first, second] = round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      samples[first].push(...(await times(REQUESTS, () => clients[first].get(path1))));
      samples[second].push(...(await times(REQUESTS, () => clients[second].get(path1))));
    }
    const patch = (key?: string) => account.client.request('PATCH', `/api${path1}`, { daily_limit: 50 }, key ? { 'idempotency-key': key } : {});
    for (let round = 0; round < 4; round++) {
      samples.plain.push(...(await times(REQUESTS / 4, () => patch())));
      samples.keyed.push(...(await times(REQUESTS / 4, () => patch(randomUUID()))));
    }

    console.log(`machine: ${machine()}`);
    const m = { on: median(samples.on), off: median(samples.off), keyed: median(samples.keyed), plain: median(samples.plain) };
    const ratio = m.on / m.off;
    console.log(`one-row GET ${path1.replace(/[0-9a-f-]{36}/, ':id')}, ${samples.on.length} requests each, rounds alternating:`);
    console.log(`  middleware off  median ${m.off.toFixed(3)} ms`);
    console.log(`  middleware on   median ${m.on.toFixed(3)} ms`);
    console.log(`  ratio on/off    ${ratio.toFixed(3)}  (target <= ${TARGET}: ${ratio <= TARGET ? 'met' : 'MISSED'})`);
    console.log(
      `PATCH without a key median ${m.plain.toFixed(3)} ms, with a fresh Idempotency-Key ${m.keyed.toFixed(3)} ms (ratio ${(m.keyed / m.plain).toFixed(3)}, not a target)`,
    );
  } finally {
    for (const s of services) await s.stop();
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(module, main);
