// GET /campaigns/:id/activity and /bounces over what the engine really recorded: newest first, one-off
// emails left out, pages of up to 100 with `more`.
import { randomUUID } from 'node:crypto';
import { expectError, signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'file' });
const { clock, tick } = world;
let campaignId: string;
let inboxEmail: string;
let emails: string[];

beforeAll(async () => {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC' });
  campaignId = campaign.id;
  await addStep(world.service, world.me.workspaceId, campaignId, { variants: [{ subject: 'Hello {{firstName}}', body: 'Hi', enabled: true }] });
  const inbox = await world.senderInbox(campaignId, {
    minGapMinutes: 1,
  });
  inboxEmail = inbox.email;
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaignId,
    ['Ann', 'Bob', 'Cy'].map((name, i) => ({
      email: `${name.toLowerCase()}-${randomUUID().slice(0, 4)}@client.test`,
      vars: { firstName: name },
      createdAt: new Date(MONDAY_10.getTime() - (10 - i) * MINUTE),
    })),
  );
  emails = leads.map((l) => l.email);
  world.peer.behaviour = { rcpt: (address: string) => (address === emails[1] ? { code: 550, message: '5.1.1 No such user here' } : undefined) };
  for (let i = 0; i < 3; i++) {
    await tick();
    clock.at = new Date(clock.at.getTime() + 2 * MINUTE);
  }
  // A one-off to Ann: not campaign activity.
  await world.me.client.post(`/leads/${leads[0]!.id}/send`, { mailboxId: inbox.id, subject: 'Personal note', body: 'Hi Ann' });
  await tick();
});

it('lists sequence emails and bounces newest first, without one-offs', async () => {
  const res = await world.me.client.get(`/campaigns/${campaignId}/activity`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    more: false,
    rows: [
      { type: 'sent', at: new Date(MONDAY_10.getTime() + 4 * MINUTE).toISOString(), email: emails[2], step: 1, variant: 1, mailbox: inboxEmail, detail: 'Hello Cy' },
      {
        type: 'bounce',
        at: new Date(MONDAY_10.getTime() + 2 * MINUTE).toISOString(),
        email: emails[1],
        step: 1,
        variant: 1,
        mailbox: inboxEmail,
        detail: expect.stringContaining('No such user'),
      },
      { type: 'sent', at: MONDAY_10.toISOString(), email: emails[0], step: 1, variant: 1, mailbox: inboxEmail, detail: 'Hello Ann' },
    ],
  });
});

it('pages with limit and offset, says when there is more, and refuses a limit over 100', async () => {
  const first = await world.me.client.get(`/campaigns/${campaignId}/activity?limit=2`);
  expect(first.body.rows).toHaveLength(2);
  expect(first.body.more).toBe(true);
  const rest = await world.me.client.get(`/campaigns/${campaignId}/activity?limit=2&offset=2`);
  expect(rest.body.rows.map((r: { email: string }) => r.email)).toEqual([emails[0]]);
  expect(rest.body.more).toBe(false);
  expectError(await world.me.client.get(`/campaigns/${campaignId}/activity?limit=101`), 400, 'validation_failed');
  expectError(await world.me.client.get(`/campaigns/${campaignId}/bounces?limit=0`), 400, 'validation_failed');
  expectError(await world.me.client.get(`/campaigns/${campaignId}/bounces?offset=-1`), 400, 'validation_failed');
});

it('lists bounces with code, category and reason', async () => {
  const res = await world.me.client.get(`/campaigns/${campaignId}/bounces`);
  expect(res.body).toEqual({
    more: false,
    rows: [
      {
        at: new Date(MONDAY_10.getTime() + 2 * MINUTE).toISOString(),
        email: emails[1],
        mailbox: inboxEmail,
        code: 550,
        category: 'hard',
        reason: expect.stringContaining('5.1.1 No such user here'),
      },
    ],
  });
});

it("answers 404 for another workspace's campaign, and the same through GraphQL", async () => {
  const other = await signUp(world.service.url);
  expectError(await other.client.get(`/campaigns/${campaignId}/activity`), 404, 'not_found');
  expectError(await other.client.get(`/campaigns/${campaignId}/bounces`), 404, 'not_found');
  const a = await world.me.client.gql(ops.CampaignActivityDocument, { id: campaignId, page: { limit: 1 } });
  expect(a.data?.campaignActivity).toMatchObject({ more: true, rows: [{ type: 'sent', email: emails[2] }] });
  const b = await world.me.client.gql(ops.CampaignBouncesDocument, { id: campaignId });
  expect(b.data?.campaignBounces.rows).toEqual([expect.objectContaining({ code: 550, category: 'hard' })]);
});
