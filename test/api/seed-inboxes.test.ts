// decisions.md §16 seed inboxes, through REST and GraphQL: created with purpose seed (fixed later), their
// provider from the IMAP host or the address's MX, never a sender (campaign inboxes, tag pools, one-offs),
// never read for replies, counted in the plan; and an inbox's pausedReason, cleared by resuming by hand.
import { randomUUID } from 'node:crypto';
import { readSharedState } from '../../src/observability/metrics/state.queries';
import { pollAllInboxes } from '../../src/modules/replies/poll.job';
import { expectError, type Account } from '../support/client';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { SEED_DROP } from '../../src/modules/sending/engine/deliver';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { personReply } from '../support/inbound-mail';
import { dovecotPeer, sendingWorld, HOUR } from '../support/sending-world';
import * as ops from '../graphql/generated';

// The DNS server starts before the service (this hook is registered first), which looks MX up through it.
const env: Record<string, string> = { PLAN_INBOX_LIMIT: '4' };
let dns: RunningDnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    'gsuite-seed.test': { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }] },
    'm365-seed.test': { MX: [{ exchange: 'm365-seed-test.mail.protection.outlook.com', priority: 0 }] },
    'own-seed.test': { MX: [{ exchange: 'mx.own-seed.test', priority: 10 }] },
  });
  env.DNS_SERVERS = dns.server;
});
afterAll(() => dns?.stop());

const world = sendingWorld({ accountPer: 'test', env });
const dovecot = dovecotPeer(world, { mailboxes: 2, prefix: 'seedbox' });
const me = (): Account => world.me;

/** A seed's fields as GraphQL takes them (createMailbox's input), a new address each time. */
function seedGraphqlInput() {
  return {
    email: `seed-${randomUUID().slice(0, 8)}@own-seed.test`,
    fromName: 'Seed',
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpSecure: false,
    imapHost: 'imap.example.com',
    imapPort: 993,
    username: 'seed',
    password: 'seed password',
    dailyCap: 1,
  };
}
const snake = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]));
/** The same as POST /mailboxes takes it, purpose seed unless overridden. */
const seedBody = (overrides: Record<string, unknown> = {}) => ({ ...snake(seedGraphqlInput()), purpose: 'seed', ...overrides });

async function restSeed(overrides: Record<string, unknown> = {}) {
  const res = await me().client.post('/mailboxes', seedBody(overrides));
  expect(res.status).toBe(200);
  return res.body as { id: string; purpose: string; seedProvider: string | null; pausedReason: string | null };
}

describe('creating a seed', () => {
  it('POST /mailboxes takes purpose seed; its provider comes from the IMAP host, else from the MX of its domain', async () => {
    expect(await restSeed({ imap_host: 'imap.gmail.com' })).toMatchObject({ purpose: 'seed', seedProvider: 'google', pausedReason: null });
    expect(await restSeed({ imap_host: 'outlook.office365.com' })).toMatchObject({ seedProvider: 'microsoft' });
    expect(await restSeed({ imap_host: 'imap.mail.yahoo.com' })).toMatchObject({ seedProvider: 'yahoo' });
    // A sending inbox has no seed provider.
    const sending = await me().client.post('/mailboxes', seedBody({ purpose: undefined, email: `s-${randomUUID().slice(0, 8)}@example.com` }));
    expect(sending.body).toMatchObject({ purpose: 'sending', seedProvider: null });
  });

  it('createMailbox takes purpose seed too; the MX names the provider of a domain on Google or Microsoft, and any other is other', async () => {
    const create = (email: string) => me().client.gql(ops.CreateSeedMailboxDocument, { input: { ...seedGraphqlInput(), email, purpose: 'seed' } });
    const google = await create(`a-${randomUUID().slice(0, 6)}@gsuite-seed.test`);
    expect(google.errors).toBeUndefined();
    expect(google.data!.createMailbox).toMatchObject({ purpose: 'seed', seedProvider: 'google' });
    expect((await create(`b-${randomUUID().slice(0, 6)}@m365-seed.test`)).data!.createMailbox.seedProvider).toBe('microsoft');
    expect((await create(`c-${randomUUID().slice(0, 6)}@own-seed.test`)).data!.createMailbox.seedProvider).toBe('other');
    const list = await me().client.gql(ops.SeedMailboxesDocument);
    expect(list.data!.mailboxes.map((m) => m.purpose)).toEqual(['seed', 'seed', 'seed']);
  });

  it('purpose is fixed: PATCH and updateMailbox refuse it, and an unknown purpose is refused', async () => {
    const seed = await restSeed();
    expectError(await me().client.patch(`/mailboxes/${seed.id}`, { purpose: 'sending' }), 400, 'validation_failed');
    const gql = await me().client.request('POST', '/graphql', {
      query: 'mutation ($id: ID!) { updateMailbox(id: $id, input: { purpose: "sending" }) { id } }',
      variables: { id: seed.id },
    });
    expect(gql.body.errors[0].extensions.code).toBe('bad_request');
    expect((await me().client.get(`/mailboxes`)).body[0]).toMatchObject({ id: seed.id, purpose: 'seed' });
    expectError(await me().client.post('/mailboxes', seedBody({ purpose: 'warmup' })), 400, 'validation_failed');
    const bad = await me().client.gql(ops.CreateSeedMailboxDocument, {
      input: { ...seedGraphqlInput(), purpose: 'warmup' },
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('validation_failed');
  });

  it("counts toward the plan's inbox count", async () => {
    for (let i = 0; i < 4; i++) await restSeed();
    expectError(await me().client.post('/mailboxes', seedBody({ purpose: undefined })), 400, 'plan_limit');
  });
});

describe('a seed never sends', () => {
  it('a campaign refuses it in mailbox_ids: 400 mailbox_is_seed, REST and GraphQL, and keeps its inboxes', async () => {
    const campaign = await createCampaign(world.service, me().workspaceId);
    const sender = await createInbox(world.service, me().workspaceId);
    const seed = await restSeed();
    const rest = expectError(await me().client.patch(`/campaigns/${campaign.id}`, { mailbox_ids: [sender.id, seed.id] }), 400, 'mailbox_is_seed');
    expect(rest.details).toEqual({ mailbox_ids: [seed.id] });
    const gql = await me().client.gql(ops.SeedCampaignMailboxesDocument, { id: campaign.id, input: { mailboxIds: [seed.id] } });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'mailbox_is_seed', details: { mailbox_ids: [seed.id] } });
    expect((await me().client.get(`/campaigns/${campaign.id}`)).body.mailbox_ids).toEqual([]);
  });

  it('a seed carrying one of the pool tags is never in sending_mailbox_ids', async () => {
    const campaign = await createCampaign(world.service, me().workspaceId);
    const tagged = await createInbox(world.service, me().workspaceId, { tags: ['pool'] });
    await createInbox(world.service, me().workspaceId, { tags: ['pool'], purpose: 'seed', seedProvider: 'google' });
    expect((await me().client.patch(`/campaigns/${campaign.id}`, { mailbox_tags: ['pool'] })).status).toBe(200);
    expect((await me().client.get(`/campaigns/${campaign.id}`)).body.sending_mailbox_ids).toEqual([tagged.id]);
    const gql = await me().client.gql(ops.SeedCampaignPoolDocument, { id: campaign.id });
    expect(gql.data!.campaign.sendingMailboxIds).toEqual([tagged.id]);
  });

  it('a one-off email from a seed is refused: 400 mailbox_is_seed, REST and GraphQL', async () => {
    const campaign = await createCampaign(world.service, me().workspaceId);
    const [lead] = await createLeads(world.service, me().workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 6)}@client.test` }]);
    const seed = await restSeed();
    const input = { mailboxId: seed.id, subject: 'Hello', body: 'Hi there' };
    expectError(await me().client.post(`/leads/${lead!.id}/send`, input), 400, 'mailbox_is_seed');
    const gql = await me().client.gql(ops.SeedOneOffDocument, { id: lead!.id, input });
    expect(gql.errors?.[0]?.extensions?.code).toBe('mailbox_is_seed');
    const [{ n }] = await world.db(`select count(*)::int as n from send where lead_id = ?`, [lead!.id]);
    expect(n).toBe(0);
  });
});

describe('an inbox deleted and added back as a seed (the same row, api.md Inboxes 5) never sends', () => {
  /** A sending inbox on the SMTP peer, the own inbox of a lead of `campaign`. */
  async function senderWithLead(campaignId: string) {
    const inbox = await world.senderInbox(campaignId, { email: `x-${randomUUID().slice(0, 6)}@own-seed.test` });
    const [lead] = await createLeads(world.service, me().workspaceId, campaignId, [
      { email: `lee-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(world.clock.now().getTime() - HOUR) },
    ]);
    await world.db(`update lead set mailbox_id = ? where id = ?`, [inbox.id, lead!.id]);
    return { inbox, lead: lead! };
  }

  /** DELETE, then POST /mailboxes with the address as a seed on the same servers and login: the same row
   *  comes back (its leads, items and queued sends still name it), now a seed. */
  async function addBackAsSeed(inbox: { id: string; email: string }) {
    expect((await me().client.delete(`/mailboxes/${inbox.id}`)).status).toBe(200);
    const login = { smtp_host: world.peer.host, smtp_port: world.peer.port, username: 'sender@example.com', password: 'smtp-secret' };
    const res = await me().client.post('/mailboxes', seedBody({ email: inbox.email, ...login }));
    expect(res.body).toMatchObject({ id: inbox.id, purpose: 'seed' });
  }

  const mailTo = (address: string) => world.peer.messages.filter((m) => m.envelope.rcptTo.includes(address));

  it("answering its lead's reply is 400 mailbox_is_seed, REST and GraphQL; nothing goes", async () => {
    const campaign = await createCampaign(world.service, me().workspaceId);
    const { inbox, lead } = await senderWithLead(campaign.id);
    const item = await createReplyItem(world.service, me().workspaceId, { inbox: inbox.id, lead: lead.id, campaign: campaign.id, fromEmail: lead.email });
    await addBackAsSeed(inbox);

    const rest = expectError(await me().client.post(`/replies/${item.id}/reply`, { body: 'Thanks, talk soon.' }), 400, 'mailbox_is_seed');
    expect(rest.details).toEqual({ mailbox_ids: [inbox.id] });
    const gql = await me().client.gql(ops.SendReplyAnswerDocument, { id: item.id, input: { body: 'Thanks, talk soon.' } });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'mailbox_is_seed', details: { mailbox_ids: [inbox.id] } });
    expect(mailTo(lead.email)).toEqual([]);
    expect(await world.db(`select id from send where lead_id = ?`, [lead.id])).toEqual([]);
  });

  it('a one-off queued from it before is dropped at send time', async () => {
    const campaign = await createCampaign(world.service, me().workspaceId, { ...SENDS_ANY_HOUR, status: 'draft' });
    const { inbox, lead } = await senderWithLead(campaign.id);
    const queued = await me().client.post(`/leads/${lead.id}/send`, { mailboxId: inbox.id, subject: 'One more thing', body: 'A short note.' });
    expect(queued.status).toBe(200);
    await addBackAsSeed(inbox);
    await world.tick();
    expect(mailTo(lead.email)).toEqual([]);
    expect(await world.db(`select status, error from send where lead_id = ?`, [lead.id])).toEqual([{ status: 'dropped', error: SEED_DROP }]);
  });

  it('a step email deferred once from it is not retried from it: it waits, as for a removed inbox', async () => {
    const campaign = await createCampaign(world.service, me().workspaceId, { ...SENDS_ANY_HOUR, name: 'Revived' });
    await addStep(world.service, me().workspaceId, campaign.id, {});
    const { inbox, lead } = await senderWithLead(campaign.id);
    // Deferred once (4xx): its retry goes from the inbox it was tried from, past the pool check (§11).
    world.peer.behaviour = { data: { code: 451, message: '4.3.0 Try again later' } };
    try {
      await world.tick();
    } finally {
      world.peer.behaviour = {};
    }
    expect(await world.db(`select status, attempts from send where lead_id = ?`, [lead.id])).toEqual([{ status: 'queued', attempts: 1 }]);
    await addBackAsSeed(inbox);
    world.clock.advance(HOUR);
    await world.tick();
    expect(mailTo(lead.email)).toEqual([]);
    expect(await world.db(`select status, attempts from send where lead_id = ?`, [lead.id])).toEqual([{ status: 'queued', attempts: 1 }]);
  });
});

describe('domain health', () => {
  it("checks the sending inboxes' domains only, not a seed's", async () => {
    await createInbox(world.service, me().workspaceId, { email: `s-${randomUUID().slice(0, 6)}@own-seed.test` });
    await createInbox(world.service, me().workspaceId, { email: `g-${randomUUID().slice(0, 6)}@gsuite-seed.test`, purpose: 'seed', seedProvider: 'google' });
    const res = await me().client.get('/mailboxes/domain-health');
    expect(res.status).toBe(200);
    expect(res.body.domains.map((d: { domain: string }) => d.domain)).toEqual(['own-seed.test']);
  });
});

describe("a seed's mail", () => {
  it('never becomes reply items: reply polling leaves seeds unread, while it reads a sending inbox on the same server', async () => {
    const campaign = await createCampaign(world.service, me().workspaceId);
    await addStep(world.service, me().workspaceId, campaign.id, {});
    const sender = await dovecot.imapInbox([campaign.id]);
    const seed = await dovecot.imapInbox([], { purpose: 'seed', seedProvider: 'other' });
    const [lead] = await createLeads(world.service, me().workspaceId, campaign.id, [{ email: `lee-${randomUUID().slice(0, 6)}@client.test` }]);
    const sent = await createSentEmail(world.service, {
      workspaceId: me().workspaceId,
      campaignId: campaign.id,
      leadId: lead!.id,
      inboxId: sender.id,
      inboxEmail: sender.email,
      sentAt: new Date(world.clock.now().getTime() - HOUR),
    });
    // The lead answers our email and copies the seed: in the seed's mailbox it is a reply to our mail.
    const reply = personReply({ from: lead!.email, to: sender.email, inReplyTo: sent.messageId, at: world.clock.now() });
    await dovecot.imap.appendMessage(seed.email, reply, { date: world.clock.now() });
    await dovecot.imap.appendMessage(sender.email, reply, { date: world.clock.now() });

    await pollAllInboxes(world.service.deps, { workspaceIds: [me().workspaceId] });

    expect(await world.db(`select inbox_id from reply_item where workspace_id = ?`, [me().workspaceId])).toEqual([{ inbox_id: sender.id }]);
    expect(await world.db(`select folder from inbox_folder_cursor where inbox_id = ?`, [seed.id])).toEqual([]);
    const [row] = await world.db(`select polled_at from inbox where id = ?`, [seed.id]);
    expect(row.polled_at).toBeNull();
  });

  it("is not counted in the oldest unpolled inbox's lag (a seed is never polled)", async () => {
    const longAgo = new Date('1990-01-01T00:00:00.000Z');
    await createInbox(world.service, me().workspaceId, { purpose: 'seed', seedProvider: 'other', createdAt: longAgo });
    const state = await readSharedState(world.service.deps.orm.em.fork(), world.clock.now());
    expect(state.oldestPollAt === null || state.oldestPollAt.getTime() > longAgo.getTime()).toBe(true);
  });
});

describe('pausedReason', () => {
  it('is null when paused by hand; resuming by hand clears a placement pause, REST and GraphQL', async () => {
    const byHand = await createInbox(world.service, me().workspaceId, { pausedReason: 'placement' });
    expect((await me().client.post(`/mailboxes/${byHand.id}/pause`)).body).toEqual({ status: 'paused' });
    expect((await me().client.get('/mailboxes')).body.find((m: { id: string }) => m.id === byHand.id)).toMatchObject({ status: 'paused', pausedReason: null });

    const rest = await createInbox(world.service, me().workspaceId, { status: 'paused', pausedReason: 'placement' });
    expect((await me().client.get('/mailboxes')).body.find((m: { id: string }) => m.id === rest.id)).toMatchObject({ status: 'paused', pausedReason: 'placement' });
    expect((await me().client.post(`/mailboxes/${rest.id}/resume`)).body).toEqual({ status: 'active' });
    const [r] = await world.db(`select status, paused_reason from inbox where id = ?`, [rest.id]);
    expect(r).toEqual({ status: 'active', paused_reason: null });

    const gqlInbox = await createInbox(world.service, me().workspaceId, { status: 'paused', pausedReason: 'placement' });
    expect((await me().client.gql(ops.ResumePlacementPausedDocument, { id: gqlInbox.id })).data!.resumeMailbox.status).toBe('active');
    const list = await me().client.gql(ops.SeedMailboxesDocument);
    expect(list.data!.mailboxes.find((m) => m.id === gqlInbox.id)).toMatchObject({ status: 'active', pausedReason: null });
  });
});
