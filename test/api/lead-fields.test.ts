// api.md GET /campaigns/:id/lead-fields: every field carried by any lead of the campaign, in order of
// first appearance, now read from campaign_field (kept by triggers) rather than from every lead: a field
// no lead carries any more is not listed, whatever took it away, and the REST and GraphQL answers agree.
import { randomUUID } from 'node:crypto';
import { signUp, type Account, type Client } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
  api = me.client;
});
afterAll(() => service.stop());

const at = (i: number) => new Date(Date.UTC(2026, 2, 1) + i * 60_000);

/** The fields through REST, checked against GraphQL's answer. */
async function fieldsOf(campaignId: string): Promise<string[]> {
  const rest = await api.get(`/campaigns/${campaignId}/lead-fields`);
  expect(rest.status).toBe(200);
  const gql = await api.gql(ops.LeadFieldNamesDocument, { campaignId });
  expect(gql.data!.leadFields).toEqual(rest.body.fields);
  return rest.body.fields;
}

it('stops listing a field once no lead carries it: removed by PATCH, or its leads deleted', async () => {
  const campaign = await createCampaign(service, me.workspaceId, { name: `Fields ${randomUUID().slice(0, 6)}` });
  const [a, b, c] = await createLeads(service, me.workspaceId, campaign.id, [
    { email: 'a@fields.test', vars: { first_name: 'A', only_a: '1' }, createdAt: at(0) },
    { email: 'b@fields.test', vars: { first_name: 'B', shared: '1' }, createdAt: at(1) },
    { email: 'c@fields.test', vars: { shared: '2', only_c: '1' }, createdAt: at(2) },
  ]);
  expect(await fieldsOf(campaign.id)).toEqual(['only_a', 'first_name', 'shared', 'only_c']);

  await api.patch(`/leads/${a!.id}`, { vars: { only_a: null } });
  expect(await fieldsOf(campaign.id)).toEqual(['first_name', 'shared', 'only_c']);
  // One of two carriers going leaves the field.
  await api.patch(`/leads/${b!.id}`, { vars: { shared: null } });
  expect(await fieldsOf(campaign.id)).toEqual(['first_name', 'shared', 'only_c']);
  expect((await api.delete(`/leads/${c!.id}`)).status).toBe(200);
  expect(await fieldsOf(campaign.id)).toEqual(['first_name']);
});

it('ranks a field given to an older lead from that lead, and a field given again from its return', async () => {
  const campaign = await createCampaign(service, me.workspaceId, { name: `Fields ${randomUUID().slice(0, 6)}` });
  const [older, newer] = await createLeads(service, me.workspaceId, campaign.id, [
    { email: 'older@fields.test', vars: { a: '1' }, createdAt: at(0) },
    { email: 'newer@fields.test', vars: { b: '1', late: '1' }, createdAt: at(1) },
  ]);
  expect(await fieldsOf(campaign.id)).toEqual(['a', 'b', 'late']);
  // `late` now on the older lead too: it showed up with `a`, and ranks first among the names of that
  // instant, being the only one in the campaign's field order (PATCH records it; these leads came in
  // through the ORM, which records none).
  await api.patch(`/leads/${older!.id}`, { vars: { late: '2' } });
  expect(await fieldsOf(campaign.id)).toEqual(['late', 'a', 'b']);
  // Gone from both, then given back to the newer lead: it ranks from that lead's instant, after `a`
  // (and before `b`, which has no place in the field order).
  await api.patch(`/leads/${older!.id}`, { vars: { late: null } });
  await api.patch(`/leads/${newer!.id}`, { vars: { late: null } });
  expect(await fieldsOf(campaign.id)).toEqual(['a', 'b']);
  await api.patch(`/leads/${newer!.id}`, { vars: { late: '3' } });
  expect(await fieldsOf(campaign.id)).toEqual(['a', 'late', 'b']);
});

it("lists only the campaign's own leads' fields, not other campaigns' of the workspace", async () => {
  const [mine, other] = [
    await createCampaign(service, me.workspaceId, { name: `Fields ${randomUUID().slice(0, 6)}` }),
    await createCampaign(service, me.workspaceId, { name: `Fields ${randomUUID().slice(0, 6)}` }),
  ];
  await createLeads(service, me.workspaceId, mine.id, [{ email: 'm@fields.test', vars: { mine: '1' } }]);
  await createLeads(service, me.workspaceId, other.id, [{ email: 'o@fields.test', vars: { theirs: '1' } }]);
  expect(await fieldsOf(mine.id)).toEqual(['mine']);
  expect(await fieldsOf(other.id)).toEqual(['theirs']);
});
