// campaign_field (the names lead-fields lists) and lead_field_name are kept by triggers on `lead`, and by
// the lead import itself for its own leads (import-rules.queries.ts IMPORT_KEEPS_FIELD_NAMES): after any kind of
// write — imports (JSON, CSV, a list, several chunks, an import that meets another writer's lead), ORM
// flushes, set-wise SQL, updates that add, remove or keep names, moves, deletes, a campaign's delete —
// campaign_field must equal a fresh count of the leads' names with when each first showed up, and
// lead_field_name must hold every name a lead of the workspace has.
import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { CHUNK_ROWS } from '../../src/modules/leads/import/staging';
import { jsonbKeyOrder } from '../../src/modules/leads/lead-fields';
import { signUp, type Account, type Client } from '../support/client';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
let acct: Account;
let api: Client;

beforeAll(async () => {
  service = await startTestService();
  acct = await signUp(service.url);
  api = acct.client;
});
afterAll(() => service.stop());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => service.deps.orm.em.getConnection().execute<T[]>(query, params);

const newCampaign = async () => (await api.post('/campaigns', { name: `Fields ${randomUUID().slice(0, 8)}` })).body.id as string;
const csvInto = (campaignId: string, text: string) => api.request('POST', `/api/campaigns/${campaignId}/leads`, text, { 'content-type': 'text/csv' });

/** campaign_field's live rows and a recount of the leads' names, both sorted. */
async function expectConsistent(campaignIds: string[]) {
  const ids = `{${campaignIds.join(',')}}`;
  const kept = await sql(`select campaign_id::text, name, leads, first_at from campaign_field where campaign_id = any(?::uuid[]) and leads <> 0 order by 1, 2`, [ids]);
  const recount = await sql(
    `select campaign_id::text, k as name, count(*)::int as leads, min(created_at) as first_at
       from lead cross join lateral jsonb_object_keys(vars) k where campaign_id = any(?::uuid[]) group by 1, 2 order by 1, 2`,
    [ids],
  );
  expect(kept).toEqual(recount);
  // Nothing below zero, and no first instant kept for a name no lead has.
  const broken = await sql(`select * from campaign_field where campaign_id = any(?::uuid[]) and (leads < 0 or (leads = 0) <> (first_at is null))`, [ids]);
  expect(broken).toEqual([]);
  const missing = await sql(
    `select distinct l.workspace_id, k from lead l cross join lateral jsonb_object_keys(l.vars) k
      where l.campaign_id = any(?::uuid[]) and not exists (select 1 from lead_field_name f where f.workspace_id = l.workspace_id and f.name = k)`,
    [ids],
  );
  expect(missing).toEqual([]);
}

it('counts the names of imported leads as the triggers would, every way in and over several chunks', async () => {
  const [a, b] = [await newCampaign(), await newCampaign()];
  await api.post(`/campaigns/${a}/leads/manual`, {
    leads: [
      { email: 'j1@fields.test', vars: { first_name: 'A', company: 'X' } },
      { email: 'j2@fields.test', vars: { company: 'Y' } },
      { email: 'j3@fields.test' },
      { email: 'j1@fields.test', vars: { only_on_a_duplicate: 'x' } },
    ],
  });
  await expectConsistent([a]);
  // A later import into the same campaign: names it shares add to the counts, first instants stay.
  expect((await csvInto(a, 'email,company,city\nc1@fields.test,Z,Rome\nc2@fields.test,,Oslo\nj2@fields.test,Dup,Dup\n')).body.inserted).toBe(2);
  await expectConsistent([a]);
  // Over two chunks, with rows kept out by every rule and blank fields left out.
  const rows = Array.from({ length: CHUNK_ROWS + 300 }, (_, i) =>
    i % 500 === 0 ? `not an address ${i},x,,` : `r${i % (CHUNK_ROWS + 100)}@fields.test,${i % 3 ? 'Acme' : ''},${i % 7 ? '' : 'note'},${i}`,
  );
  const res = await csvInto(b, `email,company,notes,n\n${rows.join('\n')}\n`);
  expect(res.status).toBe(200);
  await expectConsistent([a, b]);
  // From a lead list.
  const listId = (await api.post('/lead-lists', { name: `List ${randomUUID().slice(0, 6)}` })).body.id;
  await api.request('POST', `/api/lead-lists/${listId}/leads`, 'email,phone\nl1@fields.test,555\nl2@fields.test,\n', { 'content-type': 'text/csv' });
  await api.post(`/campaigns/${b}/leads/from-list`, { list_id: listId });
  await expectConsistent([a, b]);
}, 120_000);

it('follows ORM inserts, set-wise SQL, updates that add, remove or keep names, moves and deletes', async () => {
  const [a, b] = [await newCampaign(), await newCampaign()];
  const leads = await createLeads(service, acct.workspaceId, a, [
    { email: 'o1@fields.test', vars: { x: '1', y: '2' }, createdAt: new Date('2026-01-02T00:00:00Z') },
    { email: 'o2@fields.test', vars: { y: '3' }, createdAt: new Date('2026-01-01T00:00:00Z') },
    { email: 'o3@fields.test', createdAt: new Date('2026-01-03T00:00:00Z') },
  ]);
  await sql(
    `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
     select gen_random_uuid(), now(), ?, ?, 'bulk' || i || '@fields.test', jsonb_build_object('n', i::text) || case when i % 2 = 0 then '{"even": "1"}'::jsonb else '{}'::jsonb end, 'pending', 0
       from generate_series(1, 300) i`,
    [acct.workspaceId, b],
  );
  await expectConsistent([a, b]);

  // PATCH: a name added to an older lead moves its first instant earlier; a value changed keeps it.
  await api.patch(`/leads/${leads[1]!.id}`, { vars: { x: 'now on the oldest lead' } });
  await api.patch(`/leads/${leads[0]!.id}`, { vars: { y: 'changed value' } });
  await expectConsistent([a]);
  // A name removed from every lead that had it leaves no count and no first instant.
  await api.patch(`/leads/${leads[0]!.id}`, { vars: { x: null } });
  await api.patch(`/leads/${leads[1]!.id}`, { vars: { x: null } });
  expect((await sql(`select leads, first_at from campaign_field where campaign_id = ? and name = 'x'`, [a]))[0]).toEqual({ leads: 0, first_at: null });
  await expectConsistent([a]);
  // Given again later, it ranks from then.
  await api.patch(`/leads/${leads[2]!.id}`, { vars: { x: 'back' } });
  await expectConsistent([a]);

  // Set-wise updates of many leads' vars, and of other columns only.
  await sql(`update lead set vars = vars - 'even' || '{"odd_now": "1"}' where campaign_id = ? and email like 'bulk1%'`, [b]);
  await sql(`update lead set status = 'paused', vars = vars || '{"n": "same name"}' where campaign_id = ? and email like 'bulk2%'`, [b]);
  await expectConsistent([a, b]);
  // A lead moved to another campaign takes its names along.
  await sql(`update lead set campaign_id = ? where campaign_id = ? and email = 'o1@fields.test'`, [b, a]);
  await expectConsistent([a, b]);

  // Deletes: one lead (API), many (SQL), then a whole campaign (its leads cascade).
  expect((await api.delete(`/leads/${leads[2]!.id}`)).status).toBe(200);
  await sql(`delete from lead where campaign_id = ? and email like 'bulk3%'`, [b]);
  await expectConsistent([a, b]);
  await sql(`delete from campaign where id = ?`, [b]);
  expect(await sql(`select * from campaign_field where campaign_id = ?`, [b])).toEqual([]);
  await expectConsistent([a]);
});

it('counts an import whose address another writer adds meanwhile as a duplicate, the names kept by the triggers', async () => {
  const campaignId = await newCampaign();
  // Another writer holds a new lead of the campaign, not yet committed: the import's rules cannot see it,
  // so its insert waits on the address and then meets it.
  const other = new PgClient({ connectionString: process.env.TEST_DATABASE_URL });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(
      `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
       values (gen_random_uuid(), now(), $1, $2, 'raced@fields.test', '{"from_the_other": "1"}', 'pending', 0)`,
      [acct.workspaceId, campaignId],
    );
    const importing = csvInto(campaignId, 'email,company\nfirst@fields.test,A\nraced@fields.test,B\nlast@fields.test,C\n');
    // Until the import's insert waits for the other writer's transaction (its statements start with the
    // staging table's; pg_stat_activity shows only the first kilobyte).
    for (let waited = 0; ; waited += 50) {
      const [row] = await sql(`select count(*)::int as n from pg_stat_activity where wait_event = 'transactionid' and query like '%lead_import%'`);
      if (Number(row!.n) > 0) break;
      if (waited > 60_000) throw new Error('the import never reached its insert');
      await new Promise((r) => setTimeout(r, 50));
    }
    await other.query('commit');
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 2, duplicates: 1 });
  } finally {
    await other.end();
  }
  const emails = (await sql<{ email: string }>(`select email from lead where campaign_id = ? order by email`, [campaignId])).map((r) => r.email);
  expect(emails).toEqual(['first@fields.test', 'last@fields.test', 'raced@fields.test']);
  await expectConsistent([campaignId]);
}, 90_000);

it("orders names without a place in the field order as jsonb orders an object's keys", async () => {
  const names = ['zz', 'a', 'B', 'b', 'Ä', 'ab', 'é', 'aaa', '_', 'Z9', 'ü1', 'job title', '10'];
  const [row] = await sql<{ keys: string[] }>(`select array(select jsonb_object_keys(?::jsonb)) as keys`, [JSON.stringify(Object.fromEntries(names.map((n) => [n, '1'])))]);
  expect([...names].sort(jsonbKeyOrder)).toEqual(row!.keys);
});
