// What follows a lead import is a manifest hook (leads/import/after-import.ts): the verification area
// contributes the provider look-up, and the import knows no area. An import through REST and through
// GraphQL still queues the look-up; a service without the verification area imports the same and queues
// nothing; a failing hook never fails the import; an import that added no lead runs no hook. Jobs are
// off here, so a queued run is only held (src/runtime/job-queue.ts) and the test reads it.
import { randomUUID } from 'node:crypto';
import type { AppModule } from '../../src/runtime/app-module';
import { contribute } from '../../src/runtime/extensions';
import type { DeferredJobQueue } from '../../src/runtime/job-queue';
import { createLogger } from '../../src/observability/logger';
import { appModules } from '../../src/modules';
import { AFTER_LEAD_IMPORT, type ImportedLeads } from '../../src/modules/leads/import/after-import';
import { PROVIDER_LOOKUP_JOB } from '../../src/modules/verification/provider-lookup.job';
import * as ops from '../graphql/generated';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { startTestService } from '../support/service';

type Service = Awaited<ReturnType<typeof startTestService>>;

const held = (service: Service) => (service.deps.jobs as DeferredJobQueue).held;
const lookUpsOf = (service: Service, campaignId: string) => held(service).filter((r) => r.name === PROVIDER_LOOKUP_JOB && r.data.campaignId === campaignId);
const address = () => `lead-${randomUUID()}@example.com`;

/** One import through REST (manual leads) and one through GraphQL (CSV), each into a campaign of its own. */
async function importBothWays(service: Service, me: Account) {
  const viaRest = (await createCampaign(service, me.workspaceId)).id;
  const rest = await me.client.post(`/campaigns/${viaRest}/leads/manual`, { leads: [{ email: address() }, { email: address() }] });
  expect(rest.status).toBe(200);
  expect(rest.body.inserted).toBe(2);
  const viaGraphql = (await createCampaign(service, me.workspaceId)).id;
  const gql = await me.client.gql(ops.AddLeadsDocument, { campaignId: viaGraphql, input: { csv: `email\n${address()}\n` } });
  expect(gql.errors).toBeUndefined();
  expect(gql.data?.addLeads.inserted).toBe(1);
  return { viaRest, viaGraphql };
}

describe('with every area', () => {
  let service: Service;
  let me: Account;
  const seen: ImportedLeads[] = [];
  let hookDown = false;
  // The service's error lines (the test logger would print them): read here instead.
  const logged: string[] = [];
  // A test area whose hook throws while `hookDown`, listed before one that records: the second still runs.
  const failing: AppModule = {
    name: 'failing-hook',
    description: 'A test area.',
    contributes: [
      contribute(AFTER_LEAD_IMPORT, async () => {
        if (hookDown) throw new Error('hook down');
      }),
    ],
  };
  const recording: AppModule = {
    name: 'recording-hook',
    description: 'A test area.',
    contributes: [contribute(AFTER_LEAD_IMPORT, async (_ctx, imported) => void seen.push(imported))],
  };

  beforeAll(async () => {
    service = await startTestService({
      modules: [...appModules, failing, recording],
      log: createLogger({ level: 'error', destination: { write: (l: string) => void logged.push(l) } }),
    });
    me = await signUp(service.url);
  });
  afterAll(() => service?.stop());

  it('queues the provider look-up after an import through REST and through GraphQL', async () => {
    const { viaRest, viaGraphql } = await importBothWays(service, me);
    expect(lookUpsOf(service, viaRest)).toEqual([{ name: PROVIDER_LOOKUP_JOB, data: { workspaceId: me.workspaceId, campaignId: viaRest } }]);
    expect(lookUpsOf(service, viaGraphql)).toEqual([{ name: PROVIDER_LOOKUP_JOB, data: { workspaceId: me.workspaceId, campaignId: viaGraphql } }]);
  });

  it('runs every hook in module order with what the import added; a hook that throws fails neither the import nor the next hook', async () => {
    seen.length = 0;
    hookDown = true;
    const from = logged.length;
    let campaigns: { viaRest: string; viaGraphql: string };
    try {
      campaigns = await importBothWays(service, me);
    } finally {
      hookDown = false;
    }
    const lines = logged.slice(from);
    expect(lines.filter((l) => l.includes('a hook after a lead import failed') && l.includes('hook down'))).toHaveLength(2);
    const { viaRest, viaGraphql } = campaigns;
    expect(seen).toEqual([
      { workspaceId: me.workspaceId, campaignId: viaRest, inserted: 2 },
      { workspaceId: me.workspaceId, campaignId: viaGraphql, inserted: 1 },
    ]);
  });

  it('runs no hook for an import that added no lead', async () => {
    const campaignId = (await createCampaign(service, me.workspaceId)).id;
    const email = address();
    await me.client.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email }] });
    seen.length = 0;
    const again = await me.client.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email }] });
    expect(again.body).toMatchObject({ inserted: 0, duplicates: 1 });
    expect(seen).toEqual([]);
    expect(lookUpsOf(service, campaignId)).toHaveLength(1);
  });
});

describe('without the verification area', () => {
  let service: Service;
  let me: Account;

  beforeAll(async () => {
    service = await startTestService({ modules: appModules.filter((m) => m.name !== 'verification') });
    me = await signUp(service.url);
  });
  afterAll(() => service?.stop());

  it('imports through REST and GraphQL, and queues no provider look-up', async () => {
    const { viaRest, viaGraphql } = await importBothWays(service, me);
    expect((await me.client.get(`/campaigns/${viaRest}/leads`)).body).toHaveLength(2);
    expect((await me.client.get(`/campaigns/${viaGraphql}/leads`)).body).toHaveLength(1);
    expect(held(service).filter((r) => r.name === PROVIDER_LOOKUP_JOB)).toEqual([]);
  });
});
