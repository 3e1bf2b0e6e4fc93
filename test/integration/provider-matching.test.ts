// providerMatching on looked-up data (issue #14 item 5, api.md Campaign providerMatching): the provider
// look-up job asks a DNS server on loopback for the MX of the leads' and inboxes' domains, and a dispatch
// tick then sends each lead from an inbox on its own provider. The leads' providers exist only as their
// domains' rows (leads/lead-provider.ts): nothing is written on the lead rows.
import { randomUUID } from 'node:crypto';
import { lookUpLeadProviders } from '../../src/modules/verification/provider-lookup.job';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';

const DAY = 86_400_000;
let dns: RunningDnsServer;
// Filled before the world's service starts (hooks run in the order they are registered).
const env: Record<string, string> = {};
beforeAll(async () => {
  dns = await startDnsServer({
    'a-host.test': { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] },
    'b-host.test': { MX: [{ exchange: 'b-host-test.mail.protection.outlook.com', priority: 0 }] },
    'google-lead.test': { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] },
    'ms-lead.test': { MX: [{ exchange: 'ms-lead-test.mail.protection.outlook.com', priority: 0 }] },
  });
  env.DNS_SERVERS = dns.server;
});
afterAll(async () => {
  await dns?.stop();
});
const world = sendingWorld({ env });
const { db, tick } = world;

async function inboxOn(domain: string) {
  return world.senderInbox(null, { email: `sender-${randomUUID().slice(0, 6)}@${domain}`, dailyCap: 100, rampStart: 100 });
}

it('sends provider_a leads from the provider_a inbox and provider_b leads from the provider_b one, after the look-up', async () => {
  const workspaceId = world.me.workspaceId;
  const campaign = await createCampaign(world.service, workspaceId, { status: 'active', timezone: 'UTC', providerMatching: true });
  await addStep(world.service, workspaceId, campaign.id, {});
  const a = await inboxOn('a-host.test');
  const b = await inboxOn('b-host.test');
  for (const inbox of [a, b]) await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, inbox.id]);
  // Google-hosted leads first, then Microsoft-hosted: taking the inboxes in turn would mix them up.
  const emails = ['g1@google-lead.test', 'g2@google-lead.test', 'g3@google-lead.test', 'm1@ms-lead.test', 'm2@ms-lead.test', 'm3@ms-lead.test'];
  await createLeads(
    world.service,
    workspaceId,
    campaign.id,
    emails.map((email, i) => ({ email, createdAt: new Date(MONDAY_10.getTime() - DAY + i * 1000) })),
  );

  expect(await lookUpLeadProviders(world.service.deps, { workspaceId, campaignId: campaign.id })).toMatchObject({ asked: 4, leads: 6 });
  const inboxProvider = async (id: string) => (await db(`select provider from inbox where id = ?`, [id]))[0].provider;
  expect([await inboxProvider(a.id), await inboxProvider(b.id)]).toEqual(['provider_a', 'provider_b']);
  expect(await db(`select count(*)::int as n from lead where campaign_id = ? and provider is not null`, [campaign.id])).toEqual([{ n: 0 }]);

  // One email per inbox per tick: tick on, a few minutes apart, until every lead has had its first.
  let sent = 0;
  for (let i = 0; i < 10 && sent < 6; i++) {
    sent += (await tick()).sent;
    world.clock.advance(5 * MINUTE);
  }
  expect(sent).toBe(6);
  const sends = await db(`select l.email, s.inbox_id from send s join lead l on l.id = s.lead_id where l.campaign_id = ? order by l.email`, [campaign.id]);
  expect(sends.map((s: { email: string; inbox_id: string }) => [s.email, s.inbox_id === a.id ? 'a' : s.inbox_id === b.id ? 'b' : '?'])).toEqual([
    ['g1@google-lead.test', 'a'],
    ['g2@google-lead.test', 'a'],
    ['g3@google-lead.test', 'a'],
    ['m1@ms-lead.test', 'b'],
    ['m2@ms-lead.test', 'b'],
    ['m3@ms-lead.test', 'b'],
  ]);
});
