// `npm run soak`: the service run as operators run it, under faults (decisions.md §13, README.md here).
// Two processes on one PostgreSQL, peers that fail on a schedule, one process killed (SIGKILL) and
// restarted every minute; then the invariants as a table, and the run's numbers. Exits 1 when one fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileTree } from '../support/compiled-tree';
import { killServiceProcess } from '../support/service-process';
import { checkInvariants, printTable } from './checks';
import { startPeers, FAULTS } from './peers';
import { killAndRestart, startSlot, WATCHED_JOBS, type KillRecord, type Slot } from './processes';
import { createWorkspace } from './setup';
import { apiStream, clockDriver, inboundMail, type ApiStats, type Appended, type Loop } from './traffic';

function bounded(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

const MINUTES = bounded('SOAK_MINUTES', 5, 1, 60);
/** Each "minute" is a round of this many seconds with one kill in its middle: 60 unless the short CI run
 *  asks for less. */
const ROUND_SECONDS = bounded('SOAK_ROUND_SECONDS', 60, 20, 60);
const LEADS = bounded('SOAK_LEADS', Math.min(400, 100 * MINUTES), 10, 5000);
const INBOXES = bounded('SOAK_INBOXES', 10, 2, 50);
const CAMPAIGNS = bounded('SOAK_CAMPAIGNS', 3, 1, 10);
const SETTLE_SECONDS = bounded('SOAK_SETTLE_SECONDS', 180, 10, 600);
/** `both` (default): two `api,jobs` processes; `split`: one `api,jobs` and one `jobs`. */
const ROLES = process.env.SOAK_ROLES === 'split' ? ['api,jobs', 'jobs'] : ['api,jobs', 'api,jobs'];
if (process.env.SOAK_ROLES && !['both', 'split'].includes(process.env.SOAK_ROLES)) throw new Error(`SOAK_ROLES is both or split, got "${process.env.SOAK_ROLES}"`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);
const log = (msg: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main(): Promise<number> {
  const started = Date.now();
  log(`${MINUTES} rounds of ${ROUND_SECONDS} s, ${LEADS} leads, ${INBOXES} inboxes, ${CAMPAIGNS} campaigns, processes ${ROLES.join(' + ')}`);
  // The service processes run the service compiled once (test/support/compiled-tree.ts), not compiled
  // again by each process as it starts.
  const [peers, compiled] = await Promise.all([startPeers(INBOXES), process.env.TEST_COMPILED_DIR ? null : compileTree()]);
  if (compiled) process.env.TEST_COMPILED_DIR = compiled;
  const env = {
    DATABASE_URL: peers.pg.url,
    DATA_DIR: path.join(peers.dir, 'service'),
    SECRET_KEY: 'soak-secret-key',
    SCHEDULER_TICK_SECONDS: '1',
    IMAP_POLL_SECONDS: '2',
    ALLOW_PRIVATE_FETCH: 'true',
    DNS_SERVERS: peers.dns.server,
    LOG_LEVEL: 'warn',
  };
  const slots: Slot[] = [];
  const loops: Loop[] = [];
  // Interrupted (Ctrl-C, a CI timeout's SIGTERM): no service process or database is left behind.
  const interrupted = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the processes and the peers`);
    for (const s of slots) s.proc.child.kill('SIGKILL');
    void peers.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    // One after the other, as a supervisor would start them: the first applies the migrations.
    for (const roles of ROLES) slots.push(await startSlot(env, roles));
    log(`processes up (pids ${slots.map((s) => s.proc.pid).join(', ')}) after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const ws = await createWorkspace(slots[0]!.proc.url, peers, { campaigns: CAMPAIGNS, leads: LEADS });
    log('workspace ready: campaigns active, webhook subscribed to every event');

    const appended: Appended[] = [];
    const api: ApiStats = { requests: 0, cut: 0, fiveHundreds: [], ms: [], leadsCreated: 0 };
    const clock = clockDriver(peers.sql, { followUps: true });
    loops.push(inboundMail(peers, appended), ...apiStream(slots, ws.client.token!, ws.campaignIds, ws.webhookId, api));

    const kills: KillRecord[] = [];
    const runStart = Date.now();
    for (let i = 0; i < MINUTES; i++) {
      await sleep(Math.max(0, runStart + (i * ROUND_SECONDS + ROUND_SECONDS / 2) * 1000 - Date.now()));
      const k = await killAndRestart(peers.sql, slots, i % 2, env);
      kills.push(k);
      log(
        `kill ${i + 1}: process ${k.victim + 1} (${slots[k.victim]!.roles}); next runs ${WATCHED_JOBS.map((j) => `${j}${k.held.includes(j) ? ' (held by the victim)' : ''} after ${k.recovery[j] ?? '-'} ms${k.recoveredBy[j] ? ` (${k.recoveredBy[j]})` : ''}`).join(', ')}; back in ${k.restartMs} ms`,
      );
    }
    await sleep(Math.max(0, runStart + MINUTES * ROUND_SECONDS * 1000 - Date.now()));

    log(`settling (at most ${SETTLE_SECONDS} s): no more mail appended, API stream stopped, follow-ups left to their own time`);
    for (const l of loops.splice(0)) await l.stop();
    await clock.stop();
    loops.push(clockDriver(peers.sql, { followUps: false }));
    const settleMs = await settle(peers, appended);
    log(settleMs === null ? 'did not settle within the bound; checking as it is' : `settled in ${(settleMs / 1000).toFixed(1)} s`);

    const rows = await checkInvariants(peers.sql, peers, appended, api, kills);
    printTable(rows);
    await printNumbers(peers, appended, api, kills, Date.now() - started);
    return rows.every((r) => r.ok) ? 0 : 1;
  } finally {
    for (const l of loops) await l.stop();
    for (const s of slots) await killServiceProcess(s.proc, 'SIGTERM');
    await peers.stop();
    if (compiled) fs.rmSync(compiled, { recursive: true, force: true });
  }
}

/** Waits until every appended message is an item, every event reached the receiver with a 2xx and no
 *  email waits to go; the time it took, or null when the bound passed first. */
async function settle(peers: Awaited<ReturnType<typeof startPeers>>, appended: Appended[]): Promise<number | null> {
  const t = Date.now();
  let round = 0;
  while (Date.now() - t < SETTLE_SECONDS * 1000) {
    const { rows } = await peers.sql.query(
      `select (select count(*)::int from reply_item where message_id = any($1)) as items,
              (select count(*)::int from send where status = 'queued') as queued,
              (select array_agg(id) from event where kind <> 'webhook_test') as events`,
      [appended.map((a) => a.messageId)],
    );
    const delivered = new Set(peers.hooks.received.filter((_, n) => peers.answers[n] === 200).map((r) => r.headers['webhook-id']));
    const { items, queued, events } = rows[0];
    const undelivered = (events ?? []).filter((id: string) => !delivered.has(id)).length;
    if (items >= appended.length && queued === 0 && undelivered === 0) return Date.now() - t;
    if (++round % 15 === 0) log(`  still waiting: ${appended.length - items} messages unread, ${queued} emails queued, ${undelivered} events undelivered`);
    await sleep(1000);
  }
  return null;
}

async function printNumbers(peers: Awaited<ReturnType<typeof startPeers>>, appended: Appended[], api: ApiStats, kills: KillRecord[], tookMs: number) {
  const { rows: sends } = await peers.sql.query(`select status, count(*)::int as n from send group by 1 order by 1`);
  const { rows: items } = await peers.sql.query(`select kind, count(*)::int as n from reply_item group by 1 order by 1`);
  const { rows: events } = await peers.sql.query(`select count(*)::int as n from event where kind <> 'webhook_test'`);
  const byKind = (k: string) => appended.filter((a) => a.kind === k).length;
  const answered = (a: unknown) => peers.answers.filter((x) => x === a).length;
  const recovery = (job: string) => kills.map((k) => k.recovery[job]).filter((v): v is number => v !== null);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`
Run: ${MINUTES} rounds of ${ROUND_SECONDS} s of load (${(tookMs / 1000).toFixed(0)} s in all), ${os.cpus().length} CPUs (${cpu}, load average ${os.loadavg()[0]!.toFixed(1)}), processes ${ROLES.join(' + ')}
Emails: ${peers.smtp.messages.length} accepted by the SMTP peer; ${peers.counts.deferred} RCPTs answered 451 (${FAULTS.deferShare * 100}% of recipients, each step once), ${peers.counts.dropped} connections dropped after DATA
  sends in the database: ${sends.map((r) => `${r.status} ${r.n}`).join(', ')}
Inbound: ${appended.length} appended (${byKind('reply')} replies, ${byKind('auto_reply')} auto-replies, ${byKind('bounce')} bounces); reply items ${items.map((r) => `${r.kind} ${r.n}`).join(', ')}
Webhooks: ${events[0].n} events, ${peers.hooks.received.length} requests (${answered(200)} answered 200, ${answered(503)} first attempts 503, ${answered('hang')} never answered)
Kills: ${kills.length} (SIGKILL, alternating); next run by another process after a kill, ms (median / max):
${WATCHED_JOBS.map((j) => `  ${j}: ${pct(recovery(j), 50)} / ${Math.max(...recovery(j))} (${recovery(j).length} of ${kills.length} measured)`).join('\n')}
  restart to healthy, ms: ${kills.map((k) => k.restartMs).join(', ')}
API: ${api.requests} requests (${api.leadsCreated} leads added), ${api.cut} cut by a kill, ${api.fiveHundreds.length} 5xx; p50 ${pct(api.ms, 50).toFixed(1)} ms, p95 ${pct(api.ms, 95).toFixed(1)} ms`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
