// One dispatch tick's planning (issue #4): 100,000 active leads in 500 campaigns with 1,000 inboxes must
// be planned in under 500 ms, and the cost must follow the due work, not all the leads. Measures
// planTick (load campaigns and inboxes, read and judge due leads, planSends, queue the send rows; no
// SMTP) on an embedded PostgreSQL:
//   A  100,000 leads, all due (the tick can queue at most one email per inbox: 1,000)
//   B  the same 100,000 leads plus 900,000 more that are not due (waiting for a later step)
//   C  100,000 leads, none due
//   D  as B, every inbox resting in its gap (issue 31: a task, or a step a lead skips, goes on while its
//      inbox waits; the read of that work must not read the backlog waiting for the inbox): about C
// Baseline in the same run: a single-row primary-key SELECT round trip, and planSends alone (pure).
//
// One sender per lead and sender pools (decisions.md §11, issue 22): every lead has an inbox of its own
// (one of its campaign's two), and each campaign sends from one inbox of its own (campaign_inbox) and one
// it finds by a tag (mailbox_tags). With SENDERS_BASELINE set to a copy of the code before that rule (its
// src/, e.g. `git archive 5f706a9 src | tar -x -C DIR` with node_modules linked beside), the planTick of
// that code runs in this process too, on the same leads and inboxes, in turns with today's (the earlier
// code knows no tags: before each of its runs the tagged inboxes are linked as its own, and unlinked
// again before today's); it prints today's time over the earlier one's. Target: at most 1.1x.
// Run: npm run bench -- dispatch-tick    (LEADS_PER_CAMPAIGN=50 for a quicker run)
import 'reflect-metadata';
import path from 'node:path';
import { planTick } from '../../src/modules/sending/engine/tick';
import { signUp } from '../support/client';
import { machine, runWhenMain, startBenchService } from './bench-service';

const CAMPAIGNS = 500;
const INBOXES = 1000;
const PER_CAMPAIGN = Number(process.env.LEADS_PER_CAMPAIGN ?? 200);
const RUNS = Number(process.env.RUNS ?? 5);
const NOW = new Date('2026-11-30T10:00:00.000Z'); // a Monday, inside the default window

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main() {
  const bench = await startBenchService('dispatch', { clock: { now: () => NOW } });
  const { service, run } = bench;
  try {
    const me = await signUp(service.url, { timezone: 'UTC' });
    const ws = me.workspaceId;
    const leads = CAMPAIGNS * PER_CAMPAIGN;
    console.log(`Dispatch tick benchmark: ${CAMPAIGNS} campaigns, ${INBOXES} inboxes, ${leads.toLocaleString('en')} active leads (${machine()})`);
    let t = process.hrtime.bigint();
    await run(
      `insert into campaign (id, created_at, workspace_id, name, status, timezone, days, window_start, window_end, lead_timezone, daily_limit, prioritize_new, skip_risky,
         stop_on_reply, stop_on_auto_reply, open_tracking, click_tracking, unsub_header, text_only, company_reply_stop, provider_matching, ab_optimize_after, tags, one_off)
       select gen_random_uuid(), now() + i * interval '1 ms', ?, 'Campaign ' || i, 'active', 'UTC', '{1,2,3,4,5}', '09:00', '17:00', false, 1000, false, true,
         true, false, false, false, true, false, false, false, 0, '{}', false from generate_series(1, ${CAMPAIGNS}) i`,
      [ws],
    );
    await run(
      `insert into step (id, created_at, campaign_id, position, wait_minutes, variants)
       select gen_random_uuid(), now(), c.id, p, case when p = 1 then 0 else 2880 end, '[{"subject":"Hi {{first_name}}","body":"Hello","enabled":true}]'::jsonb
         from campaign c, generate_series(1, 3) p where c.workspace_id = ?`,
      [ws],
    );
    await run(
      `insert into inbox (id, created_at, workspace_id, email, from_name, smtp_host, smtp_port, smtp_secure, imap_host, imap_port, username, password_enc,
         daily_cap, ramp_start, ramp_increment, ramp_started_at, min_gap_minutes, gap_jitter_minutes, tags, status, provider)
       select gen_random_uuid(), now(), ?, 'sender' || i || '@d' || (i % 200) || '.example', 'Sender', '127.0.0.1', 2525, false, '127.0.0.1', 993, 'u', 'x',
         50, 50, 5, '2026-11-01', 9, 5, '{}', 'active', case when i % 2 = 0 then 'provider_a' else 'other' end from generate_series(1, ${INBOXES}) i`,
      [ws],
    );
    await run(
      `insert into campaign_inbox (campaign_id, inbox_id)
       select c.id, i.id from (select id, row_number() over (order by created_at, id) as n from campaign where workspace_id = ?) c
         join (select id, row_number() over (order by email) as n from inbox where workspace_id = ?) i on (i.n - 1) % ${CAMPAIGNS} = c.n - 1`,
      [ws, ws],
    );
    // Every lead had step 1 three days ago; step 2 (wait two days) is due now.
    const addLeads = (due: boolean, count: number, tag: string) =>
      run(
        `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step, last_step_at, last_sent_at, next_due_at, provider)
         select gen_random_uuid(), timestamptz '2026-11-20' + g.k * interval '1 ms', ?, c.id, '${tag}' || g.k || '-' || c.cn || '@lead.example', '{"first_name":"Ann"}'::jsonb,
                'active', 1, timestamptz '2026-11-27', timestamptz '2026-11-27', ${due ? `timestamptz '2026-11-29'` : `timestamptz '2026-12-20'`}, case when g.k % 3 = 0 then 'provider_a' else 'other' end
           from (select id, row_number() over (order by created_at, id) as cn from campaign where workspace_id = ?) c, generate_series(1, ?) as g(k)`,
        [ws, ws, count],
      );
    await addLeads(true, PER_CAMPAIGN, 'due');
    // Sender pools: each campaign's second inbox is in its pool by a tag (pool-N on the inbox and in the
    // campaign's mailbox_tags), not by a link; every inbox also carries a tag no campaign asks for.
    await run(
      `update campaign c set mailbox_tags = array['pool-' || x.cn] from (select id, row_number() over (order by created_at, id) as cn from campaign where workspace_id = ?) x where x.id = c.id`,
      [ws],
    );
    await run(
      `update inbox i set tags = array['pool-' || ((x.n - 1) % ${CAMPAIGNS} + 1), 'warm'] from (select id, row_number() over (order by email) as n from inbox where workspace_id = ?) x
        where x.id = i.id and x.n > ${CAMPAIGNS}`,
      [ws],
    );
    // One sender per lead: each lead's own inbox is one of its campaign's two.
    const stickLeads = () =>
      run(
        `update lead l set mailbox_id = p.ids[1 + abs(hashtext(l.id::text)) % 2]
           from (select campaign_id, array_agg(inbox_id order by inbox_id) as ids from campaign_inbox group by campaign_id) p
          where p.campaign_id = l.campaign_id and l.workspace_id = ? and l.mailbox_id is null`,
        [ws],
      );
    await stickLeads();
    // The tagged inboxes' links: the earlier code's only way to send from them.
    const taggedLinks = `select c.id, i.id from campaign c join inbox i on i.workspace_id = c.workspace_id and i.tags && c.mailbox_tags where c.workspace_id = ?`;
    const linkTagged = () => run(`insert into campaign_inbox (campaign_id, inbox_id) ${taggedLinks} on conflict do nothing`, [ws]);
    const unlinkTagged = () => run(`delete from campaign_inbox where (campaign_id, inbox_id) in (${taggedLinks})`, [ws]);
    await unlinkTagged();
    await run('vacuum analyze');
    console.log(`  built in ${(ms(t) / 1000).toFixed(1)} s\n`);

    t = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) await run('select id from campaign where id = (select id from campaign limit 1)');
    const roundTrip = ms(t) / 200;
    console.log(`Baseline: one primary-key SELECT round trip ${roundTrip.toFixed(2)} ms`);

    const baselineDir = process.env.SENDERS_BASELINE;
    const before = baselineDir ? ((await import(path.resolve(baselineDir, 'src/modules/sending/engine/tick'))) as { planTick: typeof planTick }).planTick : null;
    const ratios: string[] = [];
    const measure = async (label: string) => {
      const times: number[] = [];
      const earlier: number[] = [];
      let queued = 0;
      let queuedBefore = 0;
      const runEarlier = async () => {
        await linkTagged();
        await run(`delete from send`);
        const start = process.hrtime.bigint();
        queuedBefore = (await before!(service.deps, NOW))?.queued ?? 0;
        earlier.push(ms(start));
        await unlinkTagged();
      };
      const runToday = async () => {
        await run(`delete from send`);
        const start = process.hrtime.bigint();
        const r = await planTick(service.deps, NOW);
        times.push(ms(start));
        queued = r?.queued ?? 0;
      };
      for (let i = 0; i < RUNS; i++) {
        // In turns, each first every other time, so neither always follows the other's writes.
        if (before && i % 2 === 0) await runEarlier();
        await runToday();
        if (before && i % 2 === 1) await runEarlier();
      }
      await run(`delete from send`);
      const m = median(times);
      console.log(`  ${label.padEnd(62)} ${m.toFixed(0).padStart(5)} ms  (${queued} queued, ${(m / roundTrip).toFixed(0)}x a round trip)${m > 500 ? '  OVER 500 ms' : ''}`);
      if (before) {
        const b = median(earlier);
        const ratio = m / b;
        console.log(
          `  ${'  the code before one sender per lead'.padEnd(62)} ${b.toFixed(0).padStart(5)} ms  (${queuedBefore} queued): today ${ratio.toFixed(2)}x${ratio > 1.1 ? '  OVER 1.1x' : ''}`,
        );
        ratios.push(`${label.slice(0, 1)} ${ratio.toFixed(2)}x`);
      }
      return m;
    };

    console.log(`\nplanTick, median of ${RUNS}:`);
    const a = await measure(`A: ${leads.toLocaleString('en')} leads, all due`);
    t = process.hrtime.bigint();
    await addLeads(false, PER_CAMPAIGN * 9, 'later');
    await linkTagged();
    await stickLeads();
    await unlinkTagged();
    await run('vacuum analyze lead');
    console.log(`  (added ${(leads * 9).toLocaleString('en')} leads not due yet in ${(ms(t) / 1000).toFixed(1)} s)`);
    const b = await measure(`B: ${(leads * 10).toLocaleString('en')} leads, the same ${leads.toLocaleString('en')} due`);
    // Every inbox just sent and rests for five minutes: the due leads all wait for their own inbox.
    await run(`update inbox set next_free_at = ? where workspace_id = ?`, [new Date(NOW.getTime() + 5 * 60_000), ws]);
    const d = await measure(`D: ${(leads * 10).toLocaleString('en')} leads, ${leads.toLocaleString('en')} due, every inbox resting`);
    await run(`update inbox set next_free_at = null where workspace_id = ?`, [ws]);
    await run(`update lead set next_due_at = timestamptz '2026-12-20' where email like 'due%'`);
    await run('vacuum analyze lead');
    const c = await measure(`C: ${(leads * 10).toLocaleString('en')} leads, none due`);
    console.log(`\nB / A = ${(b / a).toFixed(2)} (10x the leads, same due work); C / A = ${(c / a).toFixed(2)} (no due work)`);
    console.log(`D / C = ${(d / c).toFixed(2)} (the due leads all wait for their resting inboxes: nothing to read but the work that needs no inbox; target about 1)`);
    console.log(a < 500 && b < 500 ? 'MET target (< 500 ms).' : 'MISSED target (< 500 ms).');
    if (ratios.length) console.log(`Today over the code before one sender per lead (target <= 1.1x): ${ratios.join(', ')}`);
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
