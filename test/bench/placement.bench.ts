// Placement tests at size (issue 33, "How it is checked"): 50 senders × 25 seeds, 1,250 copies, each seed's
// Dovecot mailbox already holding 2,000 other messages. The SMTP peer (a thread of its own,
// sink-thread.ts) APPENDs every copy into its seed before it answers 250, so a copy accepted is a copy
// in place.
// 1. Baseline, the bare work: send 1,250 emails with nodemailer (a pooled session per sender, 16 senders at
//    once, as the service sends) and find them all with imapflow (HEADER Message-ID searches in batches of 50,
//    the headers of what they find, 8 seeds at once, as the service reads).
// 2. The service: POST /api/placement-tests, then the test's run (as the placement-test job runs it, in the
//    service's process) until `done`, every copy found: time from the POST to done, against (1): target ≤ 1.5×.
// 3. Meanwhile GET /api/campaigns (20 campaigns) is timed without pause: its p95 against the same call idle
//    before the test, target within 1.5×.
// The mailboxes are filled and their indexes warmed before either is timed, so neither pays Dovecot's first
// indexing. Everything runs on this machine's CPUs, Dovecot and PostgreSQL included; the run prints them.
// Run: npm run bench -- placement   (SENDERS=10 SEEDS=5 FILL=200 for a quick run)
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { mapLimited } from '../../src/runtime/concurrency';
import { runPlacementTest, SEED_SLOTS } from '../../src/modules/placement/run-test';
import { SEND_LANES } from '../../src/modules/placement/send-copies';
import { signUp } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { machine, ms, runWhenMain, startBenchService } from './bench-service';
import { startSinkThread } from './sink-thread';

const SENDERS = Number(process.env.SENDERS ?? 50);
const SEEDS = Number(process.env.SEEDS ?? 25);
const FILL = Number(process.env.FILL ?? 2000);
const IDLE_CALLS = Number(process.env.IDLE_CALLS ?? 300);
const TARGET = 1.5;
const PASSWORD = 'seed-secret';
const SMTP_USER = { user: 'sender@example.com', pass: 'smtp-secret' };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

/** Writes `count` ordinary messages straight into the seed's Maildir (Dovecot finds them at its next look). */
function fillMaildir(imap: ImapPeer, user: string, count: number) {
  const root = path.join(imap.dir, 'mail', user);
  for (const sub of ['cur', 'new', 'tmp']) fs.mkdirSync(path.join(root, sub), { recursive: true });
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < count; i++) {
    const raw = [
      `From: Newsletter ${i % 37} <news${i % 37}@lists.example>`,
      `To: <${user}>`,
      `Subject: Weekly digest number ${i}`,
      `Date: ${new Date((now - (count - i) * 600) * 1000).toUTCString()}`,
      `Message-ID: <${randomUUID()}@lists.example>`,
      'Authentication-Results: mx.seeds.test; spf=pass; dkim=pass; dmarc=pass',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Hello, this is filler message ${i}. `.repeat(20),
      '',
    ].join('\r\n');
    fs.writeFileSync(path.join(root, 'cur', `${now - count + i}.M${i}P1.bench:2,S`), raw);
  }
  const { uid, gid } = fs.statSync(imap.dir);
  for (const entry of fs.readdirSync(root, { recursive: true }) as string[]) fs.chownSync(path.join(root, entry), uid, gid);
  fs.chownSync(root, uid, gid);
}

/** Opens every seed's INBOX and searches it once, so Dovecot has indexed it and cached Message-ID. */
async function warm(imap: ImapPeer, users: string[]) {
  await mapLimited(users, 8, async (user) => {
    const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user, pass: PASSWORD }, logger: false });
    await client.connect();
    await client.mailboxOpen('INBOX', { readOnly: true });
    await client.search({ header: { 'message-id': 'warm-up-no-such-id' } }, { uid: true });
    await client.logout();
  });
}

/** The bare work: nodemailer sends, imapflow finds. */
async function baseline(imap: ImapPeer, smtp: { host: string; port: number }, senders: string[], seeds: string[]): Promise<number> {
  const t = process.hrtime.bigint();
  const ids = new Map<string, string[]>(seeds.map((s) => [s, []]));
  await mapLimited(senders, SEND_LANES, async (from) => {
    const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, auth: SMTP_USER, pool: true, maxConnections: 1, maxMessages: Infinity });
    try {
      for (const to of seeds) {
        const messageId = `<${randomUUID()}@${from.split('@')[1]}>`;
        await transport.sendMail({ from, to, subject: 'Quick question', text: 'Hi,\n\nWould you have fifteen minutes this week?\n\nThanks', messageId });
        ids.get(to)!.push(messageId);
      }
    } finally {
      transport.close();
    }
  });
  let found = 0;
  await mapLimited(seeds, SEED_SLOTS, async (user) => {
    const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user, pass: PASSWORD }, logger: false });
    await client.connect();
    try {
      await client.mailboxOpen('INBOX', { readOnly: true });
      const wanted = ids.get(user)!;
      for (let i = 0; i < wanted.length; i += 50) {
        const batch = wanted.slice(i, i + 50).map((id) => id.slice(1, -1));
        const uids = (await client.search({ or: batch.map((id) => ({ header: { 'message-id': id } })) }, { uid: true })) || [];
        if (!uids.length) continue;
        for await (const m of client.fetch(uids.join(','), { uid: true, headers: ['message-id', 'authentication-results'] }, { uid: true })) if (m.headers) found++;
      }
    } finally {
      await client.logout();
    }
  });
  if (found !== senders.length * seeds.length) throw new Error(`baseline found ${found} of ${senders.length * seeds.length}`);
  return ms(t);
}

export async function main() {
  const seedUsers = Array.from({ length: SEEDS }, (_, i) => `seed${i}@seeds.example`);
  const imap = await startImapPeer({ users: Object.fromEntries(seedUsers.map((u) => [u, PASSWORD])) });
  const peer = await startSinkThread({ seeds: imap });
  const bench = await startBenchService('placement', { env: { ALLOW_PRIVATE_FETCH: 'true' } });
  try {
    let t = process.hrtime.bigint();
    for (const user of seedUsers) fillMaildir(imap, user, FILL);
    await warm(imap, seedUsers);
    console.log(`Seeds: ${SEEDS} Dovecot mailboxes with ${FILL} messages each, filled and indexed in ${seconds(ms(t))}`);

    const { service } = bench;
    const me = await signUp(service.url, { timezone: 'UTC' });
    for (let i = 0; i < 20; i++) await me.client.post('/campaigns', { name: `Campaign ${i}` });
    const senders: string[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const inbox = await createInbox(service, me.workspaceId, {
        email: `sender${i}@acme${i % 5}.example`,
        smtpHost: peer.host,
        smtpPort: peer.port,
        username: SMTP_USER.user,
        password: SMTP_USER.pass,
        signature: 'Sam Sender\nAcme',
      });
      senders.push(inbox.email);
    }
    for (const user of seedUsers) {
      await createInbox(service, me.workspaceId, {
        email: user,
        purpose: 'seed',
        seedProvider: 'other',
        imapHost: imap.host,
        imapPort: imap.port,
        username: user,
        password: PASSWORD,
      });
    }
    await bench.run('vacuum analyze');
    // The service's SMTP thread starts at its first send: started now, not inside the timed test.
    const warmUp = service.deps.smtp.sessions();
    await warmUp.send(
      'warm-up',
      { host: peer.host, port: peer.port, secure: false, username: SMTP_USER.user, password: SMTP_USER.pass },
      { from: senders[0], to: 'nobody@seeds.example', subject: 'warm-up', text: 'warm-up' },
    );
    warmUp.close();

    const baselineMs = await baseline(imap, peer, senders, seedUsers);
    console.log(
      `Baseline: nodemailer sent ${SENDERS * SEEDS} emails (${SEND_LANES} senders at once) and imapflow found them all (${SEED_SLOTS} seeds at once) in ${seconds(baselineMs)}`,
    );

    const campaigns = async () => {
      const started = performance.now();
      const res = await me.client.get('/campaigns');
      if (res.status !== 200) throw new Error(`GET /campaigns: ${res.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 30; i++) await campaigns(); // warm-up
    const idle: number[] = [];
    for (let i = 0; i < IDLE_CALLS; i++) idle.push(await campaigns());
    // What the same probe sees while the bare tools do the same work: the share of the API's slowdown that
    // comes from the machine (Dovecot, PostgreSQL and the SMTP peer on the same cores), not from the test.
    let bareRunning = true;
    const bare = baseline(imap, peer, senders, seedUsers).finally(() => (bareRunning = false));
    const duringBare: number[] = [];
    while (bareRunning) duringBare.push(await campaigns());
    await bare;

    t = process.hrtime.bigint();
    const res = await me.client.post('/placement-tests', { subject: 'Quick question', body: 'Hi,\n\nWould you have fifteen minutes this week?\n\nThanks' });
    if (res.status !== 202) throw new Error(`POST /placement-tests: ${res.status} ${res.text}`);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let running = true;
    const run = runPlacementTest(service.deps, res.body.id).finally(() => (running = false));
    const loaded: number[] = [];
    while (running) loaded.push(await campaigns());
    const outcome = await run;
    const testMs = ms(t);
    loop.disable();
    const summary = (await me.client.get(`/placement-tests/${res.body.id}`)).body.summary;
    if (!('ended' in outcome) || summary.inbox !== SENDERS * SEEDS) throw new Error(`the test did not find every copy: ${JSON.stringify(summary)}`);

    const ratio = testMs / baselineMs;
    const apiRatio = pct(loaded, 95) / pct(idle, 95);
    console.log(`Service: POST /api/placement-tests to done, ${summary.sent} copies all found in the inbox, in ${seconds(testMs)}`);
    console.log(`  GET /api/campaigns idle × ${idle.length}: p50 ${pct(idle, 50).toFixed(2)} ms, p95 ${pct(idle, 95).toFixed(2)} ms`);
    console.log(
      `  GET /api/campaigns during the bare work × ${duringBare.length}: p50 ${pct(duringBare, 50).toFixed(2)} ms, p95 ${pct(duringBare, 95).toFixed(2)} ms (${(pct(duringBare, 95) / pct(idle, 95)).toFixed(2)}× idle)`,
    );
    console.log(`  GET /api/campaigns during the test × ${loaded.length}: p50 ${pct(loaded, 50).toFixed(2)} ms, p95 ${pct(loaded, 95).toFixed(2)} ms`);
    console.log(
      `  event loop delay during the test: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p95 ${(loop.percentile(95) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
    );
    console.log(`Machine: ${machine()} at the end`);
    console.log(`\ntest / baseline = ${ratio.toFixed(2)}× — ${ratio <= TARGET ? 'MET' : 'MISSED'} target (<= ${TARGET}×)`);
    console.log(`API p95 during / idle = ${apiRatio.toFixed(2)}× — ${apiRatio <= TARGET ? 'MET' : 'MISSED'} target (<= ${TARGET}×)`);
    console.log(
      `API p95 during the test / during the bare work = ${(pct(loaded, 95) / pct(duringBare, 95)).toFixed(2)}× (what the service adds to what the same work costs the machine)`,
    );
  } finally {
    await bench.stop();
    await peer.stop();
    await imap.stop();
  }
}

runWhenMain(module, main);
