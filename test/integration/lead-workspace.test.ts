// lead.workspace_id has no foreign key of its own (lead.entity.ts): it must always be the workspace of
// the lead's campaign, whichever way the lead came in, and a workspace's leads must go with it through
// their campaigns.
import { signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => service.deps.orm.em.getConnection().execute<T[]>(query, params);

/** A campaign with leads added every way there is: JSON, CSV, from a lead list, and a one-off lead. */
async function workspaceWithLeads(): Promise<Account> {
  const acct = await signUp(service.url);
  const api = acct.client;
  const campaignId = (await api.post('/campaigns', { name: 'Every way' })).body.id;
  expect((await api.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email: 'json@example.com' }] })).body.inserted).toBe(1);
  const csv = await api.request('POST', `/api/campaigns/${campaignId}/leads`, 'email,company\ncsv@example.com,Acme\n', { 'content-type': 'text/csv' });
  expect(csv.body.inserted).toBe(1);
  const listId = (await api.post('/lead-lists', { name: 'List' })).body.id;
  await api.request('POST', `/api/lead-lists/${listId}/leads`, 'email\nlisted@example.com\n', { 'content-type': 'text/csv' });
  expect((await api.post(`/campaigns/${campaignId}/leads/from-list`, { list_id: listId })).body.inserted).toBe(1);
  expect((await api.post('/leads/one-off', { email: 'one-off@example.com' })).body.created).toBe(true);
  return acct;
}

it("gives every lead its campaign's workspace, whichever way it was added", async () => {
  const [a, b] = [await workspaceWithLeads(), await workspaceWithLeads()];
  const rows = await sql<{ workspace_id: string; n: number; mismatched: number }>(
    `select l.workspace_id, count(*)::int as n, count(*) filter (where l.workspace_id <> c.workspace_id)::int as mismatched
       from lead l join campaign c on c.id = l.campaign_id
      where c.workspace_id = any(?::uuid[]) group by 1 order by 1`,
    [`{${a.workspaceId},${b.workspaceId}}`],
  );
  expect(rows).toEqual([a.workspaceId, b.workspaceId].sort().map((workspace_id) => ({ workspace_id, n: 4, mismatched: 0 })));
});

it("removes a workspace's leads with the workspace (through its campaigns)", async () => {
  const doomed = await workspaceWithLeads();
  const kept = await workspaceWithLeads();
  const leadsOf = async (workspaceId: string) => (await sql<{ n: number }>(`select count(*)::int as n from lead where workspace_id = ?`, [workspaceId]))[0].n;
  expect(await leadsOf(doomed.workspaceId)).toBe(4);
  await sql(`delete from workspace where id = ?`, [doomed.workspaceId]);
  expect(await leadsOf(doomed.workspaceId)).toBe(0);
  expect(await leadsOf(kept.workspaceId)).toBe(4);
});
