// lead_count (the lead lists' totals) is kept by triggers on `lead`: after any kind of write — ORM
// flushes, multi-row SQL, upserts, deletes, a lead list's delete (set null) and a campaign's delete
// (cascade) — it must equal a fresh count of the leads.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { authedContext } from '../../src/runtime/context';
import { LeadList } from '../../src/modules/leads/lead-list.entity';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
let acct: Account;
let em: EntityManager;

beforeAll(async () => {
  service = await startTestService();
  acct = await signUp(service.url);
  em = authedContext(service.deps, { workspaceId: acct.workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
});
afterAll(() => service.stop());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => service.deps.orm.em.getConnection().execute<T[]>(query, params);

const KEY = `campaign_id::text, status, coalesce(interest, '') as interest, coalesce(verification, '') as verification, coalesce(provider, '') as provider, coalesce(source_list_id::text, '') as source_list`;

/** The counters of some campaigns (zero rows left out) and a recount of their leads, both sorted. */
async function countersAndRecount(campaignIds: string[]) {
  const ids = `{${campaignIds.join(',')}}`;
  const counters = await sql(
    `select campaign_id::text, status, interest, verification, provider, source_list, n::int from lead_count where campaign_id = any(?::uuid[]) and n <> 0 order by 1, 2, 3, 4, 5, 6`,
    [ids],
  );
  const recount = await sql(`select ${KEY}, count(*)::int as n from lead where campaign_id = any(?::uuid[]) group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`, [ids]);
  return { counters, recount };
}

async function expectConsistent(campaignIds: string[]) {
  const { counters, recount } = await countersAndRecount(campaignIds);
  expect(counters).toEqual(recount);
}

it('follows inserts, updates of every counted column, upserts and deletes', async () => {
  const a = await createCampaign(service, acct.workspaceId, { name: 'A' });
  const b = await createCampaign(service, acct.workspaceId, { name: 'B' });
  const list = em.create(LeadList, { workspace: acct.workspaceId, name: 'L' });
  await em.persistAndFlush(list);

  // One ORM flush with many rows (a multi-row insert).
  await createLeads(
    service,
    acct.workspaceId,
    a.id,
    Array.from({ length: 30 }, (_, i) => ({ email: `l${i}@example.com`, status: i % 3 ? 'pending' : 'active' })),
  );
  await expectConsistent([a.id, b.id]);

  // Set-wise SQL the way imports write: one statement, thousands of rows.
  await sql(
    `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step, source_list_id)
     select gen_random_uuid(), now(), ?, ?, 'bulk' || i || '@example.com', '{}'::jsonb, 'pending', 0, case when i % 2 = 0 then ?::uuid end
       from generate_series(1, 2000) i`,
    [acct.workspaceId, b.id, list.id],
  );
  await expectConsistent([a.id, b.id]);

  // Updates of each counted column, of several rows at once, and of columns that are not counted.
  await sql(`update lead set status = 'paused' where campaign_id = ? and email like 'l1%'`, [a.id]);
  await sql(`update lead set interest = 'won', verification = 'valid' where campaign_id = ? and email like 'bulk1%'`, [b.id]);
  await sql(`update lead set provider = 'provider_a' where campaign_id = ? and email like 'bulk2%'`, [b.id]);
  await sql(`update lead set verification = 'unchecked', provider = null where campaign_id = ? and email like 'bulk2%'`, [b.id]);
  await sql(`update lead set source_list_id = ? where campaign_id = ? and email like 'l2%'`, [list.id, a.id]);
  await sql(`update lead set next_due_at = now(), note = 'x' where campaign_id = ?`, [b.id]);
  // A lead moved to another campaign counts there.
  await sql(`update lead set campaign_id = ? where campaign_id = ? and email = 'l5@example.com'`, [b.id, a.id]);
  await expectConsistent([a.id, b.id]);

  // Upsert: inserted rows and updated rows both counted.
  await sql(
    `insert into lead (id, created_at, workspace_id, campaign_id, email, vars, status, current_step)
     values (gen_random_uuid(), now(), ?, ?, 'l0@example.com', '{}'::jsonb, 'pending', 0),
            (gen_random_uuid(), now(), ?, ?, 'brand-new@example.com', '{}'::jsonb, 'pending', 0)
     on conflict (campaign_id, email) do update set status = 'replied'`,
    [acct.workspaceId, a.id, acct.workspaceId, a.id],
  );
  await expectConsistent([a.id, b.id]);

  // Deletes, through the API (one lead) and set-wise.
  const [one] = await sql<{ id: string }>(`select id from lead where campaign_id = ? and status = 'pending' limit 1`, [a.id]);
  expect((await acct.client.delete(`/leads/${one.id}`)).status).toBe(200);
  await sql(`delete from lead where campaign_id = ? and email like 'bulk3%'`, [b.id]);
  await expectConsistent([a.id, b.id]);

  // A lead list's delete clears source_list_id (set null): its leads move to "no list".
  await sql(`delete from lead_list where id = ?`, [list.id]);
  await expectConsistent([a.id, b.id]);
  expect(await sql(`select 1 from lead_count where source_list = ? and n <> 0`, [list.id])).toEqual([]);
});

it('follows PATCH status moves, so X-Total-Count under a status filter stays exact', async () => {
  const c = await createCampaign(service, acct.workspaceId, { name: 'C' });
  const leads = await createLeads(
    service,
    acct.workspaceId,
    c.id,
    Array.from({ length: 5 }, (_, i) => ({ email: `p${i}@example.com` })),
  );
  const total = async (query: string) => Number((await acct.client.get(`/campaigns/${c.id}/leads?${query}`)).headers.get('x-total-count'));
  expect(await total('status=pending')).toBe(5);
  await acct.client.patch(`/leads/${leads[0].id}`, { status: 'paused', interest: 'interested' });
  await acct.client.patch(`/leads/${leads[1].id}`, { status: 'paused' });
  expect([await total('status=pending'), await total('status=paused'), await total('interest=interested'), await total('')]).toEqual([3, 2, 1, 5]);
  await acct.client.patch(`/leads/${leads[1].id}`, { status: 'active' });
  expect([await total('status=pending'), await total('status=paused')]).toEqual([4, 1]);
  await expectConsistent([c.id]);
});

it('goes with its campaign: deleting a campaign removes its leads and its counters', async () => {
  const d = await createCampaign(service, acct.workspaceId, { name: 'D' });
  await createLeads(service, acct.workspaceId, d.id, [{ email: 'x@example.com' }, { email: 'y@example.com', status: 'paused' }]);
  expect((await sql(`select count(*)::int as n from lead_count where campaign_id = ?`, [d.id]))[0].n).toBeGreaterThan(0);
  expect((await acct.client.delete(`/campaigns/${d.id}`)).status).toBe(200);
  expect(await sql(`select * from lead_count where campaign_id = ?`, [d.id])).toEqual([]);
});

it('keeps concurrent writers of one campaign consistent (no lost updates)', async () => {
  const e = await createCampaign(service, acct.workspaceId, { name: 'E' });
  const leads = await createLeads(
    service,
    acct.workspaceId,
    e.id,
    Array.from({ length: 40 }, (_, i) => ({ email: `c${i}-${randomUUID().slice(0, 4)}@example.com` })),
  );
  await Promise.all(leads.map((l, i) => acct.client.patch(`/leads/${l.id}`, i % 2 ? { status: 'paused' } : { interest: 'won' })));
  await expectConsistent([e.id]);
});
