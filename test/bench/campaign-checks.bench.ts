// Campaign checks on a 100,000-lead campaign (issue #14): merge-check counts blank fields in one SQL
// pass over the leads' jsonb (other spellings from lead_field_name, checks.queries.ts), the verification
// counts are one pass over the leads' columns, diagnose reads inbox state and stored domain checks. Target: within 10× a one-row read through the
// same stack (GET /campaigns/:id), measured in the same run. Ratios only.
//
// Run: npm run bench -- campaign-checks   (LEADS=20000 for a quicker run)
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Client, signUp } from '../support/client';
import { machine, ms, runWhenMain, startBenchService, timeCalls } from './bench-service';

const LEADS = Number(process.env.LEADS ?? 100_000);
const RUNS = 9;
const TARGET_RATIO = 10;

/** Leads with a realistic mix of fields: first names on 90% (some under "FirstName", some blank),
 *  companies on 80%, a title on 30%, statuses mostly pending and active; half verified (valid, invalid,
 *  risky of which some catch-all, unknown, a few pending). */
const insertLeads = (workspaceId: string, campaignId: string, from: number, to: number) => `
  insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step, verification, verification_result, verification_started_at)
  select gen_random_uuid(), timestamptz '2026-01-01' + i * interval '1 second', '${workspaceId}', '${campaignId}',
         'person' || i || '@company' || (i % 20000) || '.com',
         jsonb_strip_nulls(jsonb_build_object(
           case when i % 10 = 3 then 'FirstName' else 'firstName' end, case when i % 10 = 0 then null when i % 10 = 1 then ' ' else 'Name' || i end,
           'company', case when i % 5 = 0 then null else 'Company ' || (i % 20000) end,
           'title', case when i % 10 < 3 then 'Head of Sales' end,
           'city', (array['Berlin','Paris','Rome','Oslo'])[1 + i % 4])),
         case when i % 100 < 60 then 'pending' when i % 100 < 90 then 'active' else 'completed' end,
         case when i % 100 < 60 then 0 else 1 end,
         (array['valid','invalid','risky','unknown','pending',null,null,null,null,null])[1 + i % 10],
         case when i % 10 = 2 then (array['catchall','unknown'])[1 + i % 2] end,
         case when i % 10 = 4 then timestamptz '2026-01-01' end
    from generate_series(${from}, ${to}) i`;

const time = (client: Client, url: string) => timeCalls(url, RUNS, () => client.get(url));

export async function main() {
  const bench = await startBenchService('campaign-checks');
  const { service } = bench;
  try {
    const me = await signUp(service.url, { timezone: 'UTC' });
    const id = (await me.client.post('/campaigns', { name: 'Big' })).body.id as string;
    const inboxIds: string[] = [];
    for (const [i, name] of ['Sam Lee', 'Ana Ruiz', ''].entries()) {
      const inboxId = randomUUID();
      await bench.run(
        `insert into inbox (id, created_at, workspace_id, email, from_name, smtp_host, smtp_port, smtp_secure, imap_host, imap_port, username, password_enc, daily_cap, ramp_started_at, status, tags)
         values (?, now(), ?, ?, ?, 'smtp.test', 587, false, 'imap.test', 993, 'u', 'x', 50, current_date, ?, '{}')`,
        [inboxId, me.workspaceId, `sender${i}@domain${i % 2}.test`, name, i === 2 ? 'paused' : 'active'],
      );
      inboxIds.push(inboxId);
    }
    await me.client.patch(`/campaigns/${id}`, { mailbox_ids: inboxIds });
    const put = await me.client.put(`/campaigns/${id}/steps`, [
      {
        position: 1,
        variants: [
          {
            subject: 'Hi {{firstName}}',
            body: 'Hello {{firstName}}, a question about {{company}} for the {{title}} in {{city}}. https://a.test https://b.test https://c.test\n{{sendingAccountFirstName}}',
          },
          { subject: 'Quick question, {{firstname|there}}', body: '{{role}} at {{company}}: FREE consultation, act now! {{unsubscribe}}' },
        ],
      },
      { position: 2, wait_minutes: 2880, variants: [{ subject: '', body: 'Following up, {{firstName}} ({{department}}).' }] },
    ]);
    if (put.status !== 200) throw new Error(`steps: ${put.text}`);

    const conn = service.deps.orm.em.getConnection();
    console.log(`Campaign checks benchmark: ${LEADS.toLocaleString('en')} leads (PostgreSQL ${(await conn.execute('show server_version'))[0].server_version}, ${machine()})`);
    let t = process.hrtime.bigint();
    for (let from = 1; from <= LEADS; from += 250_000) await bench.run(insertLeads(me.workspaceId, id, from, Math.min(LEADS, from + 249_999)));
    await bench.run('vacuum analyze lead');
    console.log(`  built in ${(ms(t) / 1000).toFixed(1)} s (generate_series insert, VACUUM ANALYZE)\n`);

    const baseline = await time(me.client, `/campaigns/${id}`);
    console.log(`Baseline GET /campaigns/:id (one row, same stack): median ${baseline.median.toFixed(1)} ms\n`);
    console.log('                                        median   x baseline');
    const over: string[] = [];
    for (const [name, url] of [
      ['GET /campaigns/:id/merge-check', `/campaigns/${id}/merge-check`],
      ['GET /campaigns/:id/verification', `/campaigns/${id}/verification`],
      ['GET /campaigns/:id/diagnose', `/campaigns/${id}/diagnose`],
      ['GET /campaigns/:id/copy-check', `/campaigns/${id}/copy-check`],
    ] as const) {
      const r = await time(me.client, url);
      const ratio = r.median / baseline.median;
      if (ratio > TARGET_RATIO) over.push(name);
      console.log(`  ${name.padEnd(36)} ${r.median.toFixed(1).padStart(7)} ms ${ratio.toFixed(1).padStart(8)}${ratio > TARGET_RATIO ? `   OVER ${TARGET_RATIO}x` : ''}`);
      if (url.endsWith('merge-check'))
        console.log(`    ${JSON.stringify((r.body as { field: string; blank: number; total: number }[]).map((f) => `${f.field}: ${f.blank}/${f.total}`))}`);
    }
    t = process.hrtime.bigint();
    const preview = await me.client.post(`/campaigns/${id}/preview`, {});
    console.log(`  POST /campaigns/:id/preview (once)   ${ms(t).toFixed(1).padStart(7)} ms   (${preview.status})`);
    console.log(over.length ? `\nOver ${TARGET_RATIO}× the baseline: ${over.join('; ')}` : `\nEvery check within ${TARGET_RATIO}× the baseline (median).`);
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
