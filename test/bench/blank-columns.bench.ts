// The blank_columns launch check and the column list's counts over 100,000 leads (decisions.md §7: fast
// on 100k leads). Builds one campaign of LEADS leads (generate_series), two columns its email uses
// without a fallback (values on 90% and 99.9% of the leads) and one it does not, a cell per lead and
// column, VACUUM ANALYZEs, then times POST /campaigns/:id/activate (refused with blank_columns: the
// built-in checks plus the launch check) and GET /campaigns/:id/blocks (counts in one grouped read)
// against the baseline GET /campaigns/:id, and prints the plan of the check's statement.
//
// Run: node -r @swc-node/register test/bench/blank-columns.bench.ts   (LEADS=20000 for a quicker run)
import 'reflect-metadata';
import { Client, signUp } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { runWhenMain, startBenchService } from './bench-service';

const LEADS = Number(process.env.LEADS ?? 100_000);
const RUNS = 9;

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(client: Client, method: 'GET' | 'POST', url: string, expected: number) {
  await client.request(method, `/api${url}`, method === 'POST' ? {} : undefined);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const res = await client.request(method, `/api${url}`, method === 'POST' ? {} : undefined);
    times.push(ms(t));
    if (res.status !== expected) throw new Error(`${url}: ${res.status} ${res.text}`);
  }
  return median(times);
}

export async function main() {
  const bench = await startBenchService('blank-columns');
  try {
    const me = await signUp(bench.service.url);
    const { id } = (await me.client.post('/campaigns', { name: 'Big' })).body;
    const add = async (name: string) => (await me.client.post(`/campaigns/${id}/blocks`, { name, kind: 'prompt', template: 'x {{company}}' })).body.id as string;
    const [opener, closing, unused] = [await add('opener'), await add('closing'), await add('unused')];
    await bench.run(
      `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status)
       select gen_random_uuid(), timestamptz '2026-01-01' + i * interval '1 second', ?, ?, 'p' || i || '@c' || (i % 5000) || '.test',
              jsonb_build_object('company', 'Company ' || i)
                || case when i % 10 <> 0 then jsonb_build_object('opener', 'Hello ' || i) else '{}'::jsonb end
                || case when i % 1000 <> 0 then jsonb_build_object('closing', 'Bye') else '{}'::jsonb end,
              (array['pending','active','active','paused','completed','replied','stopped','bounced'])[1 + i % 8]
         from generate_series(1, ?) i`,
      [me.workspaceId, id, LEADS],
    );
    for (const [column, name] of [
      [opener, 'opener'],
      [closing, 'closing'],
      [unused, 'unused'],
    ]) {
      await bench.run(
        `insert into column_cell (id, created_at, updated_at, workspace_id, column_id, lead_id, status)
         select gen_random_uuid(), now(), now(), ?, ?, l.id, case when l.vars ->> '${name}' is null then 'failed' else 'done' end from lead l where l.campaign_id = ?`,
        [me.workspaceId, column, id],
      );
    }
    const inbox = await createInbox(bench.service, me.workspaceId);
    await me.client.put(`/campaigns/${id}/steps`, [{ position: 1, wait_minutes: 0, variants: [{ subject: 'Hi', body: '{{opener}} … {{closing}} {{unused|x}}' }] }]);
    await me.client.patch(`/campaigns/${id}`, { mailbox_ids: [inbox.id] });
    await bench.run('vacuum analyze');

    const refusal = await me.client.post(`/campaigns/${id}/activate`);
    console.log(`${LEADS} leads; activation answers ${refusal.status}`, JSON.stringify(refusal.body.error?.details));
    const baseline = await time(me.client, 'GET', `/campaigns/${id}`, 200);
    const activate = await time(me.client, 'POST', `/campaigns/${id}/activate`, 400);
    const list = await time(me.client, 'GET', `/campaigns/${id}/blocks`, 200);
    console.log(`GET /campaigns/:id (baseline)      ${baseline.toFixed(1)} ms`);
    console.log(`POST activate (blank_columns)     ${activate.toFixed(1)} ms  (${(activate / baseline).toFixed(1)}x)`);
    console.log(`GET /campaigns/:id/blocks         ${list.toFixed(1)} ms  (${(list / baseline).toFixed(1)}x)`);
    const plan = await bench.run(
      `explain analyze select f.name, count(*)::int as leads
         from lead l cross join unnest('{opener,closing}'::text[]) with ordinality as f(name, i)
        where l.campaign_id = ? and l.status not in ('stopped', 'completed', 'bounced', 'unsubscribed', 'replied')
          and coalesce(btrim(l.vars ->> f.name), '') = ''
        group by f.name, f.i order by f.i`,
      [id],
    );
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await bench.stop();
  }
}

runWhenMain(module, main);
