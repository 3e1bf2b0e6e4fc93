// decisions.md §15 on real peers: inboxes connected with the local OpenID provider send, read replies,
// answer them, take DMARC reports and pass the connection test over XOAUTH2 against an SMTP peer that
// takes XOAUTH2 alone (tokens checked with the provider) and Dovecot's oauth2 passdb (tokens checked at
// the provider's introspection endpoint). Tokens: cached, refreshed a minute before they expire, across
// several lifetimes with no refresh token used twice; a token the server refuses is refreshed once and
// the login tried again. When access ends (invalid_grant) the inbox needs reconnecting, stops sending and
// being read, says so in the campaign's sending status and fires mailbox_disconnected; reconnecting
// brings it back and its waiting lead goes on in its thread. An unreachable provider is only transient.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { inboxesToPoll } from '../../src/modules/replies/poll/poll.queries';
import { imapClientOptions, smtpTransportOptions } from '../../src/mail/connection-test';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import * as ops from '../graphql/generated';
import { signUp, type Account } from '../support/client';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import type { ImapPeer } from '../support/imap-peer';
import { dmarcReportMail, personReply } from '../support/inbound-mail';
import { connectedId, oauthEnv, oauthPorts, signInWith, startOAuthMailPeers, type OAuthMailPeers } from '../support/oauth';
import type { OidcProvider } from '../support/oidc-provider';
import { DAY, HOUR, MINUTE, TestClock } from '../support/sending-world';
import { startTestService } from '../support/service';
import type { SmtpPeer } from '../support/smtp-peer';

const MAILBOXES = Array.from({ length: 14 }, (_, i) => `kim${i}-${randomUUID().slice(0, 6)}@contoso.test`);
const DOVECOT_PASSWORD = 'only-for-the-test-to-append';
// Dovecot files mail under the time it arrived and a first poll reads from the inbox's first send: the
// file lives a few days in the real past, at 10:00 UTC.
const clock = new TestClock(new Date(Math.floor(Date.now() / DAY) * DAY - 4 * DAY + 10 * HOUR));
let provider: OidcProvider;
let smtp: SmtpPeer;
let imap: ImapPeer;
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let nextMailbox = 0;

let peers: OAuthMailPeers;

beforeAll(async () => {
  peers = await startOAuthMailPeers(Object.fromEntries(MAILBOXES.map((m) => [m, DOVECOT_PASSWORD])));
  ({ provider, smtp, imap } = peers);
  service = await startTestService({ clock, env: peers.env(), ports: oauthPorts(provider) });
  me = await signUp(service.url, { timezone: 'UTC' });
});
afterAll(async () => {
  await service?.stop();
  await peers?.stop();
});
afterEach(() => {
  provider.tokenFailure = null;
  provider.accessTokenSeconds = 3600;
});

const db = (q: string, p: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(q, p);
const tick = () => runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] });

/** A Microsoft inbox connected through the flow, sending without gaps. */
async function connectInbox(flavour: 'google' | 'microsoft' = 'microsoft'): Promise<{ id: string; email: string }> {
  const email = MAILBOXES[nextMailbox++]!;
  const id = connectedId((await signInWith(me.client, service.url, provider, flavour, { as: { email } })).location);
  const res = await me.client.patch(`/mailboxes/${id}`, { min_gap_minutes: 0, gap_jitter_minutes: 0, daily_cap: 100, ramp_start: 100 });
  expect(res.status).toBe(200);
  return { id, email };
}

/** An active campaign of two steps (the second in the first one's thread, a day later) sending from `inboxId`. */
async function campaignFrom(inboxId: string, leads: number) {
  const campaign = await createCampaign(service, me.workspaceId, { ...SENDS_ANY_HOUR, name: `OAuth ${randomUUID().slice(0, 6)}` });
  await addStep(service, me.workspaceId, campaign.id, { variants: [{ subject: 'A quick question', body: 'Hello {{firstName|there}}.', enabled: true }] });
  await addStep(service, me.workspaceId, campaign.id, { waitMinutes: 1440, variants: [{ subject: '', body: 'Following up.', enabled: true }] });
  await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, inboxId]);
  const rows = await createLeads(
    service,
    me.workspaceId,
    campaign.id,
    Array.from({ length: leads }, (_, i) => ({ email: `lead${i}-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(clock.now().getTime() - HOUR) })),
  );
  return { campaign, leads: rows };
}

const sentTo = (email: string) => smtp.messages.filter((m) => m.envelope.rcptTo.includes(email));
const inboxRow = async (id: string) => (await db(`select status, last_error, backoff_until from inbox where id = ?`, [id]))[0];

it('passes the connection test over XOAUTH2 on SMTP and IMAP, REST and GraphQL; Dovecot asks the provider about the token', async () => {
  const { id, email } = await connectInbox();
  let asked = provider.stats.introspections;
  const res = await me.client.post(`/mailboxes/${id}/test`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ smtp: { ok: true }, imap: { ok: true }, status: 'active' });
  expect(smtp.logins.at(-1)).toEqual({ username: email, ok: true, method: 'XOAUTH2' });
  // Dovecot's oauth2 passdb took the IMAP login only after the provider's introspection endpoint said so.
  expect(provider.stats.introspections).toBeGreaterThan(asked);
  asked = provider.stats.introspections;
  const gql = await me.client.gql(ops.TestMailboxDocument, { id });
  expect(gql.data!.testMailbox).toMatchObject({ smtp: { ok: true }, imap: { ok: true } });
  expect(provider.stats.introspections).toBeGreaterThan(asked);
});

it('sends and reads replies across several token lifetimes, refreshing a minute before each expires, no refresh token used twice', async () => {
  // Tokens of two minutes: usable for one, by the service's clock.
  provider.accessTokenSeconds = 120;
  const { id, email } = await connectInbox();
  const before = provider.stats.refreshes;
  const { campaign } = await campaignFrom(id, 0);
  for (let round = 0; round < 4; round++) {
    const [lead] = await createLeads(service, me.workspaceId, campaign.id, [
      { email: `round${round}-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(clock.now().getTime() - MINUTE) },
    ]);
    await tick();
    expect(sentTo(lead!.email)).toHaveLength(1);
    // And reading replies, over IMAP, with the same token.
    expect((await pollInbox(service.deps, id)).folders).toBeGreaterThan(0);
    expect((await inboxRow(id)).last_error).toBeNull();
    clock.advance(2 * MINUTE);
  }
  expect(provider.stats.refreshes - before).toBeGreaterThanOrEqual(3);
  expect(smtp.logins.filter((l) => l.username === email).every((l) => l.ok && l.method === 'XOAUTH2')).toBe(true);
  expect(provider.stats.reuses).toBe(0);
  const [{ token_version }] = await db(`select token_version from inbox_oauth where inbox_id = ?`, [id]);
  expect(token_version).toBeGreaterThanOrEqual(4);
});

it('uses the cached access token until a minute before it expires, then refreshes it (REST and GraphQL connection tests)', async () => {
  const { id } = await connectInbox();
  const before = provider.stats.refreshes;
  // The token lives an hour from its connection, by the service's clock: 61 s left, still used.
  clock.advance(HOUR - MINUTE - 1000);
  expect((await me.client.post(`/mailboxes/${id}/test`)).body).toMatchObject({ smtp: { ok: true }, imap: { ok: true } });
  expect(provider.stats.refreshes).toBe(before);
  // 59 s left: within the minute, refreshed before it is used.
  clock.advance(2000);
  expect((await me.client.gql(ops.TestMailboxDocument, { id })).data!.testMailbox).toMatchObject({ smtp: { ok: true }, imap: { ok: true } });
  expect(provider.stats.refreshes).toBe(before + 1);
});

it('reads replies over XOAUTH2 and answers them from the same inbox', async () => {
  const { id, email } = await connectInbox();
  const { leads } = await campaignFrom(id, 1);
  await tick();
  const [sent] = sentTo(leads[0]!.email);
  const messageId = /^Message-ID: (.+)$/im.exec(sent!.raw)![1]!.trim();
  const replyId = `<${randomUUID()}@client.test>`;
  await imap.appendMessage(email, personReply({ from: leads[0]!.email, to: email, inReplyTo: messageId, messageId: replyId, text: 'Yes, tell me more.' }), { date: clock.now() });
  const report = await pollInbox(service.deps, id);
  expect(report).toMatchObject({ items: 1 });
  const [item] = await db(`select id, kind from reply_item where inbox_id = ?`, [id]);
  expect(item.kind).toBe('reply');
  const answer = await me.client.post(`/replies/${item.id}/reply`, { body: 'Happy to: how is Thursday?' });
  expect(answer.status).toBe(200);
  expect(sentTo(leads[0]!.email)).toHaveLength(2);
  expect(sentTo(leads[0]!.email)[1]!.raw).toContain(`In-Reply-To: ${replyId}`);
});

it('sends a one-off email over XOAUTH2', async () => {
  const { id, email } = await connectInbox();
  const { leads } = await campaignFrom(id, 1);
  await tick();
  const queued = await me.client.post(`/leads/${leads[0]!.id}/send`, { mailboxId: id, subject: 'One more thing', body: 'A short note.' });
  expect(queued.status).toBe(200);
  await tick();
  expect(sentTo(leads[0]!.email).map((m) => /^Subject: (.*)$/im.exec(m.raw)![1])).toEqual(['A quick question', 'One more thing']);
  expect(smtp.logins.filter((l) => l.username === email).every((l) => l.method === 'XOAUTH2' && l.ok)).toBe(true);
});

it('reads DMARC aggregate reports of an OAuth report address over XOAUTH2', async () => {
  const { id, email } = await connectInbox('google');
  expect((await me.client.patch('/reports/dmarc', { report_address: email })).status).toBe(200);
  const zip = readFileSync(join(__dirname, '../fixtures/dmarc/google-one-record.zip'));
  // Not sent from yet: the first poll reads from the inbox's creation (the wall clock's).
  await imap.appendMessage(email, dmarcReportMail({ to: email, filename: 'google-one-record.zip', content: zip, contentType: 'application/zip' }));
  expect(await pollInbox(service.deps, id)).toMatchObject({ reports: 1 });
  expect(await db(`select messages from dmarc_report_row where workspace_id = ? and inbox_id = ?`, [me.workspaceId, id])).toEqual([{ messages: 42 }]);
  await me.client.patch('/reports/dmarc', { report_address: null });
});

it('refreshes a token the server refused once, then logs in again: sending, polling and the connection test', async () => {
  const { id, email } = await connectInbox();
  const { leads } = await campaignFrom(id, 1);
  // The servers stop taking the cached token, while the service still thinks it good.
  provider.expireAccessTokens();
  let before = provider.stats.refreshes;
  await tick();
  expect(sentTo(leads[0]!.email)).toHaveLength(1);
  expect(provider.stats.refreshes - before).toBe(1);
  // The cached token refused, then the refreshed one taken.
  expect(smtp.logins.filter((l) => l.username === email).slice(-2)).toEqual([
    { username: email, ok: false, method: 'XOAUTH2' },
    { username: email, ok: true, method: 'XOAUTH2' },
  ]);

  provider.expireAccessTokens();
  before = provider.stats.refreshes;
  const asked = provider.stats.introspections;
  expect((await pollInbox(service.deps, id)).folders).toBeGreaterThan(0);
  expect(provider.stats.refreshes - before).toBe(1);
  // Dovecot asked the provider twice: the refused token (inactive), then the refreshed one.
  expect(provider.stats.introspections - asked).toBeGreaterThanOrEqual(2);
  expect((await inboxRow(id)).last_error).toBeNull();

  provider.expireAccessTokens();
  before = provider.stats.refreshes;
  expect((await me.client.post(`/mailboxes/${id}/test`)).body).toMatchObject({ smtp: { ok: true }, imap: { ok: true } });
  expect(provider.stats.refreshes - before).toBe(1);
});

it('an unreachable provider is transient: the email waits and the inbox backs off, never a disconnection', async () => {
  const { id } = await connectInbox();
  const { leads } = await campaignFrom(id, 1);
  provider.expireAccessTokens();
  await db(`update inbox_oauth set access_expires_at = ? where inbox_id = ?`, [clock.now(), id]);
  provider.tokenFailure = 'unavailable';
  await tick();
  expect(sentTo(leads[0]!.email)).toHaveLength(0);
  const row = await inboxRow(id);
  expect(row.status).toBe('active');
  expect(row.last_error).toMatch(/could not be refreshed/);
  expect(new Date(row.backoff_until).getTime()).toBeGreaterThan(clock.now().getTime());
  const [send] = await db(`select status, error from send where lead_id = ?`, [leads[0]!.id]);
  expect(send.status).toBe('queued');
  await pollInbox(service.deps, id);
  expect((await inboxRow(id)).last_error).toMatch(/^Reading replies failed: The access token could not be refreshed/);
  expect(await db(`select 1 from event where workspace_id = ? and kind = 'mailbox_disconnected' and payload->>'inbox_id' = ?`, [me.workspaceId, id])).toHaveLength(0);

  provider.tokenFailure = null;
  clock.advance(2 * HOUR);
  await tick();
  expect(sentTo(leads[0]!.email)).toHaveLength(1);
});

it('when access ends (invalid_grant): reconnect_needed, lastError, mailbox_disconnected, inbox_reconnect_needed; no sending, no polling; a reconnect goes on in the thread', async () => {
  const { id, email } = await connectInbox();
  const hook = await me.client.post('/webhooks', { url: 'https://hooks.example.test/outreach', events: ['mailbox_disconnected'] });
  expect(hook.status).toBe(201);
  const { campaign, leads } = await campaignFrom(id, 1);
  const lead = leads[0]!;
  await tick();
  const [first] = sentTo(lead.email);
  const firstId = /^Message-ID: (.+)$/im.exec(first!.raw)![1]!.trim();

  // Consent revoked at the provider; the cached token dies with it.
  provider.revokeAccount(email);
  clock.advance(DAY + HOUR);
  await tick();
  expect(sentTo(lead.email)).toHaveLength(1);
  const row = await inboxRow(id);
  expect(row.status).toBe('reconnect_needed');
  expect(row.last_error).toMatch(/^Microsoft ended the access: invalid_grant: AADSTS50173/);
  expect(await db(`select status from send where lead_id = ? and status in ('queued', 'sending')`, [lead.id])).toHaveLength(0);
  const [event] = await db(`select payload from event where workspace_id = ? and kind = 'mailbox_disconnected'`, [me.workspaceId]);
  expect(event.payload).toMatchObject({ inbox_id: id, email, provider: 'microsoft', reason: row.last_error });

  const status = await me.client.get(`/campaigns/${campaign.id}/sending-status`);
  expect(status.body.reasons.map((r: { code: string }) => r.code)).toEqual(['inbox_stopped', 'inbox_reconnect_needed']);
  expect(status.body.reasons[1].text).toContain(email);
  const gql = await me.client.gql(ops.CampaignSendingStatusDocument, { id: campaign.id });
  expect(gql.data!.campaignSendingStatus.reasons.map((r) => r.code)).toEqual(['inbox_stopped', 'inbox_reconnect_needed']);
  expect((await me.client.get(`/mailboxes`)).body.find((m: { id: string }) => m.id === id)).toMatchObject({ status: 'reconnect_needed', lastError: row.last_error });
  const diagnosis = await me.client.get(`/campaigns/${campaign.id}/diagnose`);
  expect(diagnosis.body.problems).toContainEqual(expect.objectContaining({ code: 'inbox_reconnect_needed', severity: 'medium' }));
  expect(diagnosis.body.problems.map((p: { code: string }) => p.code)).toContain('no_active_inbox');
  const activated = await me.client.post(`/campaigns/${campaign.id}/activate`);
  expect(activated.body.warnings.filter((w: { code: string }) => w.code === 'inbox_reconnect_needed')).toHaveLength(1);

  // Not polled, and nothing more asked of the provider.
  expect((await inboxesToPoll(service.deps.orm.em.fork(), [me.workspaceId])).map((i) => i.id)).not.toContain(id);
  const refreshes = provider.stats.refreshes;
  await tick();
  expect(provider.stats.refreshes).toBe(refreshes);

  // Reconnected: active again, and the lead's follow-up goes from the same inbox, in its thread.
  const back = await signInWith(me.client, service.url, provider, 'microsoft', { as: { email }, mailboxId: id });
  expect(back.location).toBe(`/app/settings?connected=${id}`);
  expect((await inboxRow(id)).status).toBe('active');
  await tick();
  const follow = sentTo(lead.email);
  expect(follow).toHaveLength(2);
  expect(follow[1]!.raw).toContain(`In-Reply-To: ${firstId}`);
  expect(follow[1]!.raw).toMatch(/^Subject: Re: A quick question/im);
});

describe('a disconnection keeps a pause or a bounce stop (api.md Inbox status, decisions.md §15)', () => {
  const viewOf = async (id: string) => {
    const rest = (await me.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === id);
    const gql = (await me.client.gql(ops.OAuthMailboxDocument, { id })).data!.mailbox;
    expect({ status: gql.status, lastError: gql.lastError }).toEqual({ status: rest.status, lastError: rest.lastError });
    return { status: rest.status as string, lastError: rest.lastError as string | null };
  };
  const disconnections = async (id: string) =>
    db(`select payload from event where workspace_id = ? and kind = 'mailbox_disconnected' and payload->>'inbox_id' = ?`, [me.workspaceId, id]);

  it('an inbox paused by hand: reconnect_needed while disconnected, paused again after the reconnect, sending only once resumed', async () => {
    const { id, email } = await connectInbox();
    const { leads } = await campaignFrom(id, 1);
    expect((await me.client.post(`/mailboxes/${id}/pause`)).body).toEqual({ status: 'paused' });
    // A paused inbox is still read for replies: that poll meets the ended grant.
    expect((await inboxesToPoll(service.deps.orm.em.fork(), [me.workspaceId])).map((i) => i.id)).toContain(id);
    provider.revokeAccount(email);
    await pollInbox(service.deps, id);
    const disconnected = await viewOf(id);
    expect(disconnected).toEqual({ status: 'reconnect_needed', lastError: expect.stringMatching(/^Microsoft ended the access: invalid_grant/) });
    expect((await disconnections(id)).map((e) => e.payload)).toEqual([expect.objectContaining({ inbox_id: id, email, reason: disconnected.lastError })]);

    const back = await signInWith(me.client, service.url, provider, 'microsoft', { as: { email }, mailboxId: id });
    expect(back.location).toBe(`/app/settings?connected=${id}`);
    expect(await viewOf(id)).toEqual({ status: 'paused', lastError: null });
    await tick();
    expect(sentTo(leads[0]!.email)).toHaveLength(0);
    // Only resume lifts the pause.
    expect((await me.client.gql(ops.ResumeMailboxDocument, { id })).data!.resumeMailbox.status).toBe('active');
    await tick();
    expect(sentTo(leads[0]!.email)).toHaveLength(1);
  });

  it('a bounce-stopped inbox: reconnect_needed while disconnected, bounce_stopped after the reconnect, active only after a passed connection test', async () => {
    const { id, email } = await connectInbox();
    const { leads } = await campaignFrom(id, 1);
    await db(`update inbox set status = 'bounce_stopped', last_error = 'Stopped: hard bounces over 5% of the last 100 sends' where id = ?`, [id]);
    provider.revokeAccount(email);
    // The connection test meant to lift the stop meets the ended grant.
    const test = await me.client.post(`/mailboxes/${id}/test`);
    expect(test.body).toMatchObject({ smtp: { ok: false }, imap: { ok: false }, status: 'reconnect_needed' });
    const disconnected = await viewOf(id);
    expect(disconnected).toEqual({ status: 'reconnect_needed', lastError: expect.stringMatching(/^Microsoft ended the access: invalid_grant/) });
    expect(await disconnections(id)).toHaveLength(1);

    const back = await signInWith(me.client, service.url, provider, 'microsoft', { as: { email }, mailboxId: id });
    expect(back.location).toBe(`/app/settings?connected=${id}`);
    expect((await viewOf(id)).status).toBe('bounce_stopped');
    await tick();
    expect(sentTo(leads[0]!.email)).toHaveLength(0);
    expect((await me.client.post(`/mailboxes/${id}/resume`)).status).toBe(409);
    // A passed connection test, with the new grant, brings it back.
    expect((await me.client.gql(ops.TestMailboxDocument, { id })).data!.testMailbox).toMatchObject({ smtp: { ok: true }, imap: { ok: true }, status: 'active' });
    expect((await viewOf(id)).status).toBe('active');
    await tick();
    expect(sentTo(leads[0]!.email)).toHaveLength(1);
  });
});

describe('transport security (decisions.md §10, §15)', () => {
  it('logs in with XOAUTH2 only over TLS to a remote server; plain text only to this machine', () => {
    const remote = { host: 'smtp.office365.com', address: '52.96.0.1' };
    const login = { host: 'smtp.office365.com', port: 587, secure: false, username: 'kim@contoso.test', accessToken: 'token' };
    expect(smtpTransportOptions(login, remote)).toMatchObject({ requireTLS: true, auth: { type: 'OAuth2', user: 'kim@contoso.test', accessToken: 'token' } });
    expect(smtpTransportOptions(login, { host: 'smtp.office365.com', address: '127.0.0.1' })).toMatchObject({ requireTLS: false });
    const imapLogin = { host: 'outlook.office365.com', port: 143, username: 'kim@contoso.test', accessToken: 'token' };
    expect(imapClientOptions(imapLogin, { host: 'outlook.office365.com', address: '52.96.0.2' })).toMatchObject({
      doSTARTTLS: true,
      auth: { user: 'kim@contoso.test', accessToken: 'token' },
    });
    expect(imapClientOptions({ ...imapLogin, port: 993 }, { host: 'outlook.office365.com', address: '52.96.0.2' })).toMatchObject({ secure: true });
  });

  it('connects only through the address guard: servers on loopback are refused without ALLOW_PRIVATE_FETCH', async () => {
    const { id } = await connectInbox();
    const guarded = await startTestService({ clock, env: oauthEnv(provider, { ALLOW_PRIVATE_FETCH: 'false' }), ports: oauthPorts(provider) });
    try {
      expect((await me.client.post(`/mailboxes/${id}/test`)).status).toBe(200); // the first service, for contrast
      const refused = await fetch(`${guarded.url}/api/mailboxes/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${me.token}` } });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('host_not_allowed');
    } finally {
      await guarded.stop();
    }
  });
});

it('never used a refresh token twice in this file (Microsoft rotates them)', () => {
  expect(provider.stats.reuses).toBe(0);
  expect(provider.stats.concurrentRefreshes).toBe(0);
});
