// The deliverability, domains and best-time reports over a workspace with 1,000,000 sends (issue #15):
// each within 20× a one-row read through the same stack (GET /campaigns/:id), measured in the same run.
// Ratios only, never asserted.
//
// The workspace (Europe/Berlin): 20 inboxes on 5 domains (one with a domain cap), 3 campaigns, 333,334
// leads with 3 steps each; 1,000,000 sends spread evenly over the last 90 days, each with its SMTP attempt
// (2% rejected with a bounce row), 5% of them deferred once before (451 4.7.1), 1% more with a
// connection error; replies to 3% and auto-replies to 1%; the per inbox per day counters the engine keeps.
// What makes each report fast (README of src/modules/reports):
// - deliverability: send_attempt_workspace_window (index-only, the 7-day slice) and _refused (partial);
//   bounce (workspace_id, created_at); reply_item_workspace_replies;
// - domains: inbox_day_stat, the engine's per inbox per day rollup (inboxes × days rows);
// - best-time: reply_item_workspace_replies (index-only, partial on kind = 'reply').
//
// Run: npm run bench -- reports   (SENDS=200000 for a quicker run; EXPLAIN=1 prints the plans)
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Client, signUp } from '../support/client';
import { machine, ms, runWhenMain, startBenchService, timeCalls, type BenchService } from './bench-service';

const SENDS = Number(process.env.SENDS ?? 1_000_000);
const INBOXES = 20;
const DOMAINS = 5;
const RUNS = 15;
const TARGET_RATIO = 20;
const CHUNK = 250_000;

const time = (client: Client, url: string) => timeCalls(url, RUNS, () => client.get(url));

/** Builds the workspace's history with generate_series; send k belongs to lead k / 3 (step k % 3 + 1),
 *  goes out from inbox k % 20 and is spread evenly over the last 90 days. */
async function build(bench: BenchService, ws: string, campaigns: string[], inboxes: string[]) {
  const leads = Math.ceil(SENDS / 3);
  const wsId = `'${ws}'::uuid`;
  const camps = `'{${campaigns.join(',')}}'::uuid[]`;
  const boxes = `'{${inboxes.join(',')}}'::uuid[]`;
  const leadId = (i: string) => `md5('bench-lead-' || ${i})::uuid`;
  const sendId = (k: string) => `md5('bench-send-' || ${k})::uuid`;
  const sentAt = (k: string) => `(now() - interval '90 days' * ((${k})::float8 / ${SENDS}) - interval '1 minute')`;
  for (let from = 0; from < leads; from += CHUNK) {
    await bench.run(`
      insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step, last_sent_at)
      select ${leadId('i')}, now() - interval '91 days', ${wsId}, (${camps})[1 + i % 3], 'person' || i || '@company' || (i % 5000) || '.com', '{}'::jsonb,
             'active', 3, now()
        from generate_series(${from}, ${Math.min(leads, from + CHUNK) - 1}) i`);
  }
  for (let from = 0; from < SENDS; from += CHUNK) {
    const to = Math.min(SENDS, from + CHUNK) - 1;
    await bench.run(`
      insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, subject,
                        scheduled_for, sent_at, attempts, smtp_code)
      select ${sendId('k')}, ${sentAt('k')}, ${wsId}, (${camps})[1 + (k / 3) % 3], ${leadId('(k / 3)')}, (${boxes})[1 + k % ${INBOXES}], 'step', 1 + k % 3, 1, k % 3 = 0,
             case when k % 50 = 0 then 'bounced' else 'sent' end, '<' || k || '@bench.test>', 'Quick question',
             ${sentAt('k')}, ${sentAt('k')}, 1, case when k % 50 = 0 then 550 else 250 end
        from generate_series(${from}, ${to}) k`);
    // The final attempt of each send; a 451 deferral 15 minutes before it for 5%, a connection error for 1%.
    await bench.run(`
      insert into send_attempt (id, created_at, workspace_id, send_id, inbox_id, outcome, code, detail)
      select gen_random_uuid(), ${sentAt('k')}, ${wsId}, ${sendId('k')}, (${boxes})[1 + k % ${INBOXES}],
             case when k % 50 = 0 then 'rejected' else 'accepted' end, case when k % 50 = 0 then 550 else 250 end,
             case when k % 50 = 0 then '550 5.1.1 <person' || (k / 3) || '@company.com>: Recipient address rejected: User unknown' else '250 2.0.0 Ok: queued as ' || k end
        from generate_series(${from}, ${to}) k
      union all
      select gen_random_uuid(), ${sentAt('k')} - interval '15 minutes', ${wsId}, ${sendId('k')}, (${boxes})[1 + k % ${INBOXES}], 'deferred',
             case when k % 100 = 13 then null else 451 end, case when k % 100 = 13 then 'connect ETIMEDOUT 192.0.2.1:25' else '451 4.7.1 Try again later' end
        from generate_series(${from}, ${to}) k where k % 20 = 7 or k % 100 = 13`);
    await bench.run(`
      insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
      select gen_random_uuid(), ${sentAt('k')}, ${wsId}, (${camps})[1 + (k / 3) % 3], ${leadId('(k / 3)')}, (${boxes})[1 + k % ${INBOXES}], ${sendId('k')},
             'person' || (k / 3) || '@company.com', 'smtp', 550, 'hard', '550 5.1.1 <person' || (k / 3) || '@company.com>: Recipient address rejected: User unknown'
        from generate_series(${from}, ${to}) k where k % 50 = 0`);
    // Replies come back within two days of the email (never after now).
    await bench.run(`
      insert into reply_item (id, created_at, workspace_id, inbox_id, lead_id, campaign_id, send_id, kind, rule, evidence, matched_by, message_id, thread_references,
                              folder, uid_validity, uid, from_email, subject, snippet, body_text, received_at)
      select gen_random_uuid(), now(), ${wsId}, (${boxes})[1 + k % ${INBOXES}], ${leadId('(k / 3)')}, (${camps})[1 + (k / 3) % 3], ${sendId('k')},
             case when k % 100 = 17 then 'auto_reply' else 'reply' end, 'bench', 'bench', 'message_id', 'r' || k || '@company.com', '[]'::jsonb,
             'INBOX', '1', k, 'person' || (k / 3) || '@company.com', 'Re: Quick question', 'Sounds good', 'Sounds good',
             least(now(), ${sentAt('k')} + interval '1 minute' * (k % 2880))
        from generate_series(${from}, ${to}) k where k % 33 = 5 or k % 100 = 17`);
  }
  // The engine's per inbox per day counters (workspace zone), as it keeps them send by send.
  await bench.run(`
    insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
    select gen_random_uuid(), now(), ${wsId}, inbox_id, (sent_at at time zone 'Europe/Berlin')::date, count(*), 0, count(*) filter (where status = 'bounced'), 0
      from send where workspace_id = ${wsId} group by 4, 5`);
  for (const table of ['lead', 'send', 'send_attempt', 'bounce', 'reply_item', 'inbox_day_stat']) await bench.run(`vacuum analyze ${table}`);
}

async function explain(bench: BenchService, ws: string) {
  const plans: [string, string][] = [
    [
      'deliverability: attempts',
      `select inbox_id, outcome, code, count(*) from send_attempt where workspace_id = '${ws}' and created_at > now() - interval '7 days' and created_at <= now() group by 1, 2, 3`,
    ],
    [
      'best-time',
      `select extract(isodow from l)::int, extract(hour from l)::int, count(*) from (select received_at at time zone 'Europe/Berlin' as l from reply_item where workspace_id = '${ws}' and kind = 'reply' and not one_off and received_at > now() - interval '90 days' and received_at <= now()) r group by 1, 2`,
    ],
  ];
  for (const [name, query] of plans) {
    const rows = await bench.run(`explain (analyze, buffers, costs off) ${query}`);
    console.log(`\n  ${name}:\n${rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

export async function main() {
  const bench = await startBenchService('reports');
  const { service } = bench;
  try {
    const me = await signUp(service.url, { timezone: 'Europe/Berlin' });
    const campaigns: string[] = [];
    for (const name of ['Q1 outreach', 'Founders', 'Agencies']) campaigns.push((await me.client.post('/campaigns', { name })).body.id as string);
    const inboxes: string[] = [];
    for (let i = 0; i < INBOXES; i++) {
      const id = randomUUID();
      await bench.run(
        `insert into inbox (id, created_at, workspace_id, email, from_name, smtp_host, smtp_port, smtp_secure, imap_host, imap_port, username, password_enc, daily_cap,
                            ramp_started_at, domain_daily_cap, status, tags)
         values (?, now() - interval '120 days', ?, ?, 'Sam', 'smtp.test', 587, false, 'imap.test', 993, 'u', 'x', 600, current_date - 100, ?, 'active', '{}')`,
        [id, me.workspaceId, `sender${i}@domain${i % DOMAINS}.test`, i % DOMAINS === 0 ? 2000 : null],
      );
      inboxes.push(id);
    }
    const conn = service.deps.orm.em.getConnection();
    console.log(
      `Reports benchmark: ${SENDS.toLocaleString('en')} sends, ${INBOXES} inboxes on ${DOMAINS} domains (PostgreSQL ${(await conn.execute('show server_version'))[0].server_version}, ${machine()})`,
    );
    const t = process.hrtime.bigint();
    await build(bench, me.workspaceId, campaigns, inboxes);
    const [counts] = await bench.run(
      `select (select count(*) from send where workspace_id = ?)::int as sends, (select count(*) from send_attempt where workspace_id = ?)::int as attempts,
              (select count(*) from bounce where workspace_id = ?)::int as bounces, (select count(*) from reply_item where workspace_id = ? and kind = 'reply')::int as replies`,
      [me.workspaceId, me.workspaceId, me.workspaceId, me.workspaceId],
    );
    console.log(`  built in ${(ms(t) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}\n`);

    const baseline = await time(me.client, `/campaigns/${campaigns[0]}`);
    console.log(`Baseline GET /campaigns/:id (one row, same stack): median ${baseline.median.toFixed(1)} ms\n`);
    console.log('                                        median   x baseline');
    const over: string[] = [];
    for (const [name, url] of [
      ['GET /reports/deliverability', '/reports/deliverability'],
      ['GET /reports/domains (14 days)', '/reports/domains'],
      ['GET /reports/domains?days=90', '/reports/domains?days=90'],
      ['GET /analytics/best-time (90 days)', '/analytics/best-time'],
    ] as const) {
      const r = await time(me.client, url);
      const ratio = r.median / baseline.median;
      if (ratio > TARGET_RATIO) over.push(name);
      console.log(`  ${name.padEnd(36)} ${r.median.toFixed(1).padStart(7)} ms ${ratio.toFixed(1).padStart(8)}${ratio > TARGET_RATIO ? `   OVER ${TARGET_RATIO}x` : ''}`);
      if (url === '/reports/deliverability') {
        const b = r.body as { smtp: { accepted: number; deferred: number; rejected: number }; per_inbox: unknown[]; bounce_reasons: unknown[] };
        console.log(`    smtp ${JSON.stringify({ ...b.smtp, by_code: undefined })}, ${b.per_inbox.length} inboxes, ${b.bounce_reasons.length} bounce reasons`);
      }
      if (url === '/analytics/best-time') console.log(`    ${(r.body as { replies: number }).replies} replies`);
    }
    const again = await time(me.client, `/campaigns/${campaigns[0]}`);
    console.log(`\nBaseline again after the reports: median ${again.median.toFixed(1)} ms`);
    if (process.env.EXPLAIN) await explain(bench, me.workspaceId);
    console.log(over.length ? `\nOver ${TARGET_RATIO}× the baseline: ${over.join('; ')}` : `\nEvery report within ${TARGET_RATIO}× the baseline (median).`);
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
