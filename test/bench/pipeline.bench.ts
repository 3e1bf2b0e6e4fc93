// The pipeline on a workspace with 100,000 replied leads (issue #15): GET /analytics/pipeline (stage
// totals in one grouped index-only scan, a page of leads per stage) against a one-row read through the
// same stack (GET /campaigns/:id), measured in the same run. Target: within 20×. Ratios only.
// As the issue asks, the workspace also holds 1,000,000 sends (ten per replied lead, from one inbox),
// though the pipeline reads none of them; 200,000 leads that never replied sit beside the replied ones
// (outside the partial index, as in a real workspace).
//
// Run: npm run bench -- pipeline   (LEADS=20000 SENDS_PER_LEAD=0 for a quicker run)
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Client, signUp } from '../support/client';
import { machine, median, ms, runWhenMain, startBenchService, timeCalls } from './bench-service';

const LEADS = Number(process.env.LEADS ?? 100_000);
const SENDS_PER_LEAD = Number(process.env.SENDS_PER_LEAD ?? 10);
const CAMPAIGNS = 20;
const RUNS = 15;
const TARGET_RATIO = 20;

/** Replied leads spread over the campaigns: interest 40% interested, 15% meeting_booked, 10%
 *  meeting_completed, 10% won, 10% lost, 15% not_interested; a deal value on one lead in five. */
const insertReplied = (workspaceId: string, campaignIds: string[], from: number, to: number) => `
  insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, stop_reason, current_step, replied_at, interest, deal_value)
  select gen_random_uuid(), timestamptz '2026-01-01' + i * interval '1 second', '${workspaceId}',
         (array[${campaignIds.map((id) => `'${id}'::uuid`).join(',')}])[1 + i % ${campaignIds.length}],
         'replied' || i || '@company' || (i % 20000) || '.com', '{}'::jsonb, 'replied', 'replied', 1,
         timestamptz '2026-06-01' + (i * 7919 % ${LEADS}) * interval '1 minute',
         case when i % 100 < 40 then 'interested' when i % 100 < 55 then 'meeting_booked' when i % 100 < 65 then 'meeting_completed'
              when i % 100 < 75 then 'won' when i % 100 < 85 then 'lost' else 'not_interested' end,
         case when i % 5 = 0 then 500 + i % 10000 end
    from generate_series(${from}, ${to}) i`;

const insertPending = (workspaceId: string, campaignIds: string[], count: number) => `
  insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
  select gen_random_uuid(), timestamptz '2026-01-01' + i * interval '1 second', '${workspaceId}',
         (array[${campaignIds.map((id) => `'${id}'::uuid`).join(',')}])[1 + i % ${campaignIds.length}],
         'pending' || i || '@company' || (i % 20000) || '.com', '{}'::jsonb, 'pending', 0
    from generate_series(1, ${count}) i`;

/** SENDS_PER_LEAD sends to each replied lead, from one inbox, a day apart. */
const insertSends = (workspaceId: string, inboxId: string, step: number) => `
  insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, subject,
                    scheduled_for, sent_at, attempts, smtp_code)
  select gen_random_uuid(), l.replied_at - ${step + 1} * interval '1 day', l.workspace_id, l.campaign_id, l.id, '${inboxId}', 'step', ${step + 1}, 1, ${step === 0},
         'sent', '<' || l.id || '.${step}@bench.test>', 'Quick question', l.replied_at - ${step + 1} * interval '1 day', l.replied_at - ${step + 1} * interval '1 day', 1, 250
    from lead l where l.workspace_id = '${workspaceId}' and l.status = 'replied'`;

async function time(client: Client, method: 'get' | 'patch', url: string, body?: unknown) {
  return (await timeCalls(url, RUNS, () => (method === 'get' ? client.get(url) : client.patch(url, body)))).median;
}

export async function main() {
  const bench = await startBenchService('pipeline');
  const { service } = bench;
  try {
    const me = await signUp(service.url, { timezone: 'UTC' });
    const campaignIds: string[] = [];
    for (let i = 0; i < CAMPAIGNS; i++) {
      const res = await me.client.post('/campaigns', { name: `Campaign ${i}` });
      campaignIds.push(res.body.id);
      if (i % 2 === 0) await me.client.patch(`/campaigns/${res.body.id}`, { deal_value: 1000 + i * 100 });
    }
    const conn = service.deps.orm.em.getConnection();
    console.log(
      `Pipeline benchmark: ${LEADS.toLocaleString('en')} replied leads and ${(2 * LEADS).toLocaleString('en')} others in one workspace, ${CAMPAIGNS} campaigns (PostgreSQL ${(await conn.execute('show server_version'))[0].server_version}, ${machine()})`,
    );
    const t = process.hrtime.bigint();
    for (let from = 1; from <= LEADS; from += 250_000) await bench.run(insertReplied(me.workspaceId, campaignIds, from, Math.min(LEADS, from + 249_999)));
    await bench.run(insertPending(me.workspaceId, campaignIds, 2 * LEADS));
    const inboxId = randomUUID();
    await bench.run(
      `insert into inbox (id, created_at, workspace_id, email, from_name, smtp_host, smtp_port, smtp_secure, imap_host, imap_port, username, password_enc, daily_cap, ramp_started_at, status, tags)
       values (?, now(), ?, 'sender@bench.test', 'Sam', 'smtp.test', 587, false, 'imap.test', 993, 'u', 'x', 600, current_date, 'active', '{}')`,
      [inboxId, me.workspaceId],
    );
    for (let step = 0; step < SENDS_PER_LEAD; step++) await bench.run(insertSends(me.workspaceId, inboxId, step));
    await bench.run('vacuum analyze lead');
    await bench.run('vacuum analyze send');
    const [{ n: sends }] = await bench.run(`select count(*)::int as n from send where workspace_id = ?`, [me.workspaceId]);
    console.log(`  built in ${(ms(t) / 1000).toFixed(1)} s (generate_series insert, VACUUM ANALYZE), ${Number(sends).toLocaleString('en')} sends\n`);

    const baseline = await time(me.client, 'get', `/campaigns/${campaignIds[0]}`);
    console.log(`Baseline GET /campaigns/:id (one row, same stack): median ${baseline.toFixed(1)} ms\n`);
    console.log('                                                          median   x baseline');
    const over: string[] = [];
    const report = (name: string, median: number) => {
      const ratio = median / baseline;
      if (ratio > TARGET_RATIO) over.push(name);
      console.log(`  ${name.padEnd(54)} ${median.toFixed(1).padStart(7)} ms ${ratio.toFixed(1).padStart(8)}${ratio > TARGET_RATIO ? `   OVER ${TARGET_RATIO}x` : ''}`);
    };
    for (const [name, url] of [
      ['GET /analytics/pipeline (50 leads per stage)', '/analytics/pipeline'],
      ['GET /analytics/pipeline?limit=500', '/analytics/pipeline?limit=500'],
      ['GET /analytics/pipeline?stage=interested&offset=20000', '/analytics/pipeline?stage=interested&offset=20000'],
    ] as const) {
      report(name, await time(me.client, 'get', url));
    }
    const p = (await me.client.get('/analytics/pipeline')).body as { stages: { stage: string; count: number; value: number }[]; won_value: number };
    console.log(`    ${p.stages.map((s) => `${s.stage} ${s.count} (${s.value})`).join(', ')}; won_value ${p.won_value}`);
    // A move: lock, label, stop, event; alternating between two stages so every call changes the label.
    const [lead] = await bench.run(`select id from lead where workspace_id = ? and interest = 'meeting_booked' limit 1`, [me.workspaceId]);
    let flip = false;
    const moves: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      flip = !flip;
      const t0 = process.hrtime.bigint();
      const res = await me.client.patch(`/analytics/pipeline/${lead.id}`, { stage: flip ? 'meeting_completed' : 'meeting_booked' });
      moves.push(ms(t0));
      if (res.status !== 200) throw new Error(`move: ${res.status} ${res.text}`);
    }
    report('PATCH /analytics/pipeline/:leadId', median(moves));
    console.log(over.length ? `\nOver ${TARGET_RATIO}× the baseline: ${over.join('; ')}` : `\nEverything within ${TARGET_RATIO}× the baseline (median).`);
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
