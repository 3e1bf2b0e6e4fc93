// SMTP and IMAP through the address guard (decisions.md §10): with ALLOW_PRIVATE_FETCH off (this file's
// service, as in production by default) loopback and private hosts are refused at creation, PATCH and
// the connection test (400 host_not_allowed, REST and GraphQL), and the poller, the sender and answers
// record a clear failure rather than connect; link-local and cloud metadata addresses are refused even
// with ALLOW_PRIVATE_FETCH on. The connection test never tells an open port from a closed one.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { expectError, signUp, type Account } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { MONDAY_10, sendingWorld } from '../support/sending-world';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

// The guard as deployed by default: the SMTP peer on loopback must not be reached.
const world = sendingWorld({ accountPer: 'test', env: { ALLOW_PRIVATE_FETCH: 'false' } });
const { db } = world;

/** A TCP server on loopback that counts the connections it gets: a port the guard must never reveal. */
let listener: net.Server;
let connections = 0;
let openPort: number;
let closedPort: number;
/** The same service code with ALLOW_PRIVATE_FETCH=true. */
let open: Awaited<ReturnType<typeof startTestService>>;
let openOwner: Account;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  openPort = (listener.address() as net.AddressInfo).port;
  const spare = net.createServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  closedPort = (spare.address() as net.AddressInfo).port;
  await new Promise<void>((r) => spare.close(() => r()));
  open = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true' } });
  openOwner = await signUp(open.url);
});
afterAll(async () => {
  await open?.stop();
  await new Promise<void>((r) => listener.close(() => r()));
});
beforeEach(() => {
  connections = 0;
  world.peer.connections = 0;
});

const mailbox = (overrides: Record<string, unknown> = {}) => ({
  email: `sam-${randomUUID().slice(0, 8)}@acme.test`,
  from_name: 'Sam',
  smtp_host: 'smtp.acme.test',
  smtp_port: 587,
  smtp_secure: false,
  imap_host: 'imap.acme.test',
  imap_port: 993,
  username: 'sam',
  password: 'app password',
  daily_cap: 30,
  ...overrides,
});
const gqlMailbox = (overrides: Record<string, unknown> = {}) => ({
  email: `sam-${randomUUID().slice(0, 8)}@acme.test`,
  fromName: 'Sam',
  smtpHost: 'smtp.acme.test',
  smtpPort: 587,
  smtpSecure: false,
  imapHost: 'imap.acme.test',
  imapPort: 993,
  username: 'sam',
  password: 'app password',
  dailyCap: 30,
  ...overrides,
});

const LOOPBACK_AND_PRIVATE = [
  ['127.0.0.1', 'loopback'],
  ['localhost', 'loopback'], // a name: judged by what it resolves to
  ['::1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['192.168.1.10', 'private'],
  ['0.0.0.0', 'unspecified'],
] as const;
const NEVER = [
  ['169.254.169.254', 'link_local'],
  ['fe80::1', 'link_local'],
  ['fd00:ec2::254', 'metadata'],
] as const;

describe('saving an inbox', () => {
  it('refuses loopback, private, link-local and metadata hosts for SMTP and IMAP with 400 host_not_allowed, through REST and GraphQL, saving nothing', async () => {
    const me = world.me;
    for (const [host, category] of [...LOOPBACK_AND_PRIVATE, ...NEVER]) {
      for (const field of ['smtp_host', 'imap_host']) {
        const err = expectError(await me.client.post('/mailboxes', mailbox({ [field]: host })), 400, 'host_not_allowed');
        expect(err.details).toEqual({ host, category });
      }
      const res = await me.client.gql(ops.CreateMailboxDocument, { input: gqlMailbox({ imapHost: host }) });
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'host_not_allowed', details: { host, category } });
    }
    expect((await me.client.get('/mailboxes')).body).toEqual([]);
  });

  it('refuses them when PATCH moves the inbox to such a host, through REST and GraphQL, changing nothing', async () => {
    const me = world.me;
    const made = (await me.client.post('/mailboxes', mailbox())).body;
    expect(made).toMatchObject({ smtpHost: 'smtp.acme.test' });
    expectError(await me.client.patch(`/mailboxes/${made.id}`, { smtp_host: '169.254.169.254', password: 'p' }), 400, 'host_not_allowed');
    expectError(await me.client.patch(`/mailboxes/${made.id}`, { imap_host: '127.0.0.1', password: 'p' }), 400, 'host_not_allowed');
    const res = await me.client.gql(ops.UpdateMailboxDocument, { id: made.id, input: { smtpHost: '10.1.2.3', password: 'p' } });
    expect(res.errors?.[0]?.extensions?.code).toBe('host_not_allowed');
    expect((await me.client.get('/mailboxes')).body[0]).toMatchObject({ smtpHost: 'smtp.acme.test', imapHost: 'imap.acme.test' });
    // Other changes of an inbox still go through.
    expect((await me.client.patch(`/mailboxes/${made.id}`, { daily_cap: 12 })).body).toMatchObject({ dailyCap: 12 });
  });

  it('with ALLOW_PRIVATE_FETCH=true accepts loopback and private hosts, but never link-local or metadata ones', async () => {
    expect((await openOwner.client.post('/mailboxes', mailbox({ smtp_host: '127.0.0.1', imap_host: '10.0.0.1' }))).body).toMatchObject({
      smtpHost: '127.0.0.1',
      imapHost: '10.0.0.1',
    });
    for (const [host, category] of NEVER) {
      const err = expectError(await openOwner.client.post('/mailboxes', mailbox({ smtp_host: host })), 400, 'host_not_allowed');
      expect(err.details).toEqual({ host, category });
      const res = await openOwner.client.gql(ops.CreateMailboxDocument, { input: gqlMailbox({ imapHost: host }) });
      expect(res.errors?.[0]?.extensions?.code).toBe('host_not_allowed');
    }
  });
});

describe('the connection test', () => {
  /** An inbox saved before the guard (or behind it): the test must still refuse it. */
  const stored = (account: Account, host: string, port: number, service = world.service) =>
    createInbox(service, account.workspaceId, { smtpHost: host, smtpPort: port, imapHost: host, imapPort: port, username: 'u', password: 'p' });

  it('refuses a loopback host with 400 host_not_allowed before connecting: an open port and a closed one answer the same', async () => {
    const me = world.me;
    const toOpen = await stored(me, '127.0.0.1', openPort);
    const toClosed = await stored(me, '127.0.0.1', closedPort);
    const a = expectError(await me.client.post(`/mailboxes/${toOpen.id}/test`), 400, 'host_not_allowed');
    const b = expectError(await me.client.post(`/mailboxes/${toClosed.id}/test`), 400, 'host_not_allowed');
    expect(a).toEqual(b);
    expect(a.details).toEqual({ host: '127.0.0.1', category: 'loopback' });
    const gql = await me.client.gql(ops.TestMailboxDocument, { id: toOpen.id });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'host_not_allowed', details: { host: '127.0.0.1', category: 'loopback' } });
    expect(connections).toBe(0);
  });

  it('refuses the cloud metadata address even with ALLOW_PRIVATE_FETCH=true, while a loopback port is tested there', async () => {
    const metadata = await stored(openOwner, '169.254.169.254', 80, open);
    const err = expectError(await openOwner.client.post(`/mailboxes/${metadata.id}/test`), 400, 'host_not_allowed');
    expect(err.details).toEqual({ host: '169.254.169.254', category: 'link_local' });
    const gql = await openOwner.client.gql(ops.TestMailboxDocument, { id: metadata.id });
    expect(gql.errors?.[0]?.extensions?.code).toBe('host_not_allowed');
    // Allowed there, a loopback port is really tried (and the listener hangs up at once).
    const local = await stored(openOwner, '127.0.0.1', openPort, open);
    const res = await openOwner.client.post(`/mailboxes/${local.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body.smtp.ok).toBe(false);
    expect(connections).toBeGreaterThan(0);
  });
});

describe('work that connects by itself', () => {
  it('the poller records the refusal in lastError instead of connecting', async () => {
    const inbox = await createInbox(world.service, world.me.workspaceId, { imapHost: '127.0.0.1', imapPort: openPort });
    await pollInbox(world.service.deps, inbox.id);
    const [row] = await db(`select last_error from inbox where id = ?`, [inbox.id]);
    expect(row.last_error).toMatch(/^Reading replies failed: The mail server 127\.0\.0\.1 points at a loopback address, which the service does not connect to/);
    expect(connections).toBe(0);
  });

  it('the sender records the refusal on the inbox and keeps the email queued, instead of connecting', async () => {
    const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC' });
    await addStep(world.service, world.me.workspaceId, campaign.id, {});
    const inbox = await world.senderInbox(campaign.id, { dailyCap: 100, rampStart: 100 });
    const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [
      { email: `lead-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(MONDAY_10.getTime() - 86_400_000) },
    ]);
    const report = await world.tick();
    expect(report).toMatchObject({ sent: 0, deferred: 1 });
    const [row] = await db(`select last_error, backoff_until from inbox where id = ?`, [inbox.id]);
    expect(row.last_error).toMatch(/Not connected: The mail server 127\.0\.0\.1 points at a loopback address/);
    expect(row.backoff_until).not.toBeNull();
    expect(await db(`select status from send where lead_id = ?`, [lead!.id])).toEqual([{ status: 'queued' }]);
    expect(world.peer.connections).toBe(0);
    expect(world.peer.messages).toHaveLength(0);
  });

  it('an answer to a reply fails with 400 send_failed saying why, through REST and GraphQL, instead of connecting', async () => {
    const campaign = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC' });
    const inbox = await world.senderInbox(null);
    const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 6)}@client.test` }]);
    const item = await createReplyItem(world.service, world.me.workspaceId, { inbox: inbox.id, lead: lead!.id, campaign: campaign.id, fromEmail: lead!.email });
    const err = expectError(await world.me.client.post(`/replies/${item.id}/reply`, { body: 'Thanks!' }), 400, 'send_failed');
    expect(err.message).toMatch(/Not connected: The mail server 127\.0\.0\.1 points at a loopback address/);
    const gql = await world.me.client.gql(ops.SendReplyAnswerDocument, { id: item.id, input: { body: 'Thanks!' } });
    expect(gql.errors?.[0]?.extensions?.code).toBe('send_failed');
    expect(await db(`select id from send where lead_id = ?`, [lead!.id])).toEqual([]);
    expect(world.peer.connections).toBe(0);
  });
});
