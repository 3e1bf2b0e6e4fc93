// decisions.md §15: tokens never appear in an answer, a log line, an event, an error or a metric. A whole
// life of two OAuth inboxes runs against the real peers (connect, test, send, read and answer replies, a
// token refused and refreshed, the provider unreachable, the grant revoked, failed callbacks, an inbox
// deleted while its grant cannot be revoked), with the service logging everything it logs (trace) into
// this file; then every answer the client got (REST and GraphQL), every log line, every event, every
// stored error, the audit log, GET /metrics and every row the workspace has in the database are searched
// for each token the provider ever handed out (access, refresh and ID tokens, authorization codes), their
// base64, and the app's client secret.
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../src/observability/logger';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import * as ops from '../graphql/generated';
import { signUp, type Account, type Reply } from '../support/client';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import type { ImapPeer } from '../support/imap-peer';
import { personReply } from '../support/inbound-mail';
import { connectedId, oauthPorts, openCallback, signInWith, startOAuthMailPeers, type OAuthMailPeers } from '../support/oauth';
import { OAUTH_CLIENT, type OidcProvider } from '../support/oidc-provider';
import { scrape } from '../support/metrics';
import { DAY, HOUR, TestClock } from '../support/sending-world';
import { startTestService } from '../support/service';
import type { SmtpPeer } from '../support/smtp-peer';

const MS = `kim-${randomUUID().slice(0, 6)}@contoso.test`;
const GOOGLE = `sam-${randomUUID().slice(0, 6)}@acme.test`;
const clock = new TestClock(new Date(Math.floor(Date.now() / DAY) * DAY - 4 * DAY + 10 * HOUR));
const captured: string[] = [];
const answers: string[] = [];
let provider: OidcProvider;
let smtp: SmtpPeer;
let imap: ImapPeer;
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;

let peers: OAuthMailPeers;

beforeAll(async () => {
  peers = await startOAuthMailPeers({ [MS]: 'x', [GOOGLE]: 'x' });
  ({ provider, smtp, imap } = peers);
  service = await startTestService({
    clock,
    env: peers.env({ LOG_LEVEL: 'trace' }),
    ports: oauthPorts(provider),
    log: createLogger({ level: 'trace', destination: { write: (line: string) => void captured.push(line) } }),
  });
  me = await signUp(service.url, { timezone: 'UTC' });
});
afterAll(async () => {
  await service?.stop();
  await peers?.stop();
});

const db = (q: string, p: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(q, p);
const keep = (r: Reply) => (answers.push(r.text), r);
const rest = {
  get: async (path: string) => keep(await me.client.get(path)),
  post: async (path: string, body?: unknown) => keep(await me.client.post(path, body)),
};
const tick = () => runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] });

it('leaves no token in any answer, log line, event, error, metric or stored row', async () => {
  // Connect both, and fail a few callbacks on the way (a refused ID token, an address already connected).
  const ms = connectedId((await signInWith(me.client, service.url, provider, 'microsoft', { as: { email: MS } })).location);
  const google = connectedId((await signInWith(me.client, service.url, provider, 'google', { as: { email: GOOGLE } })).location);
  provider.idTokenOverrides = { aud: 'someone-else' };
  expect((await signInWith(me.client, service.url, provider, 'google', { as: { email: `x-${GOOGLE}` } })).location).toContain('provider_error');
  provider.idTokenOverrides = null;
  expect((await signInWith(me.client, service.url, provider, 'google', { as: { email: GOOGLE } })).location).toContain('mailbox_exists');
  const replayed = await signInWith(me.client, service.url, provider, 'google', { as: { email: `y-${GOOGLE}` } });
  expect((await openCallback(service.url, replayed.callback)).location).toContain('invalid_state');
  for (const id of [ms, google]) await me.client.request('PATCH', `/api/mailboxes/${id}`, { min_gap_minutes: 0, gap_jitter_minutes: 0, ramp_start: 50 });

  // Answers: the inbox list and objects, both doors; connection tests.
  await rest.get('/mailboxes');
  answers.push(JSON.stringify(await me.client.gql(ops.MailboxesDocument)));
  answers.push(JSON.stringify(await me.client.gql(ops.OAuthMailboxDocument, { id: ms })));
  await rest.post(`/mailboxes/${ms}/test`);
  answers.push(JSON.stringify(await me.client.gql(ops.TestMailboxDocument, { id: google })));

  // Send, with a cached token the servers no longer take (refused, refreshed, sent again).
  const campaign = await createCampaign(service, me.workspaceId, { ...SENDS_ANY_HOUR });
  await addStep(service, me.workspaceId, campaign.id);
  await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, ms]);
  const [lead] = await createLeads(service, me.workspaceId, campaign.id, [
    { email: `lead-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(clock.now().getTime() - HOUR) },
  ]);
  provider.expireAccessTokens();
  await tick();
  const [sent] = smtp.messages.filter((m) => m.envelope.rcptTo.includes(lead!.email));
  const messageId = /^Message-ID: (.+)$/im.exec(sent!.raw)![1]!.trim();

  // A reply read and answered.
  await imap.appendMessage(MS, personReply({ from: lead!.email, to: MS, inReplyTo: messageId }), { date: clock.now() });
  await pollInbox(service.deps, ms);
  const replies = await rest.get('/replies');
  await rest.post(`/replies/${replies.body[0].id}/reply`, { body: 'Thanks!' });

  // The provider unreachable: errors with a due token.
  await db(`update inbox_oauth set access_expires_at = ? where inbox_id = ?`, [clock.now(), google]);
  provider.tokenFailure = 'unavailable';
  await rest.post(`/mailboxes/${google}/test`);
  await pollInbox(service.deps, google);
  provider.tokenFailure = null;

  // The grant revoked: reconnect_needed, lastError, the event.
  provider.revokeAccount(MS);
  await db(`update inbox_oauth set access_expires_at = ? where inbox_id = ?`, [clock.now(), ms]);
  await rest.post(`/mailboxes/${ms}/test`);
  await rest.get(`/campaigns/${campaign.id}/sending-status`);
  expect((await rest.get('/mailboxes')).body.find((m: { id: string }) => m.id === ms).status).toBe('reconnect_needed');
  await rest.get('/webhooks/events');
  await rest.get('/settings/audit-log?limit=100');
  await rest.get('/oauth/providers');

  // The tokens are stored, but only sealed (AES-256-GCM).
  const [grant] = await db(`select refresh_token_enc, access_token_enc from inbox_oauth where inbox_id = ?`, [google]);
  expect([grant.refresh_token_enc, grant.access_token_enc].every((v: string) => v.startsWith('v1.'))).toBe(true);

  // An inbox deleted while the provider cannot be reached to revoke its grant: the failure is logged.
  provider.tokenFailure = 'unavailable';
  keep(await me.client.delete(`/mailboxes/${google}`));
  provider.tokenFailure = null;
  expect(captured.join('')).toContain('oauth revocation failed');

  // Everything the service wrote about this workspace.
  const events = await db(`select kind, payload::text as payload from event where workspace_id = ?`, [me.workspaceId]);
  expect(events.map((e) => e.kind)).toContain('mailbox_disconnected');
  const tables = (await db(`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'workspace_id' group by table_name`)) as {
    table_name: string;
  }[];
  const rows: string[] = [];
  for (const { table_name } of tables) {
    for (const r of await db(`select t::text as row from "${table_name}" t where workspace_id = ?`, [me.workspaceId])) rows.push(r.row);
  }
  const metrics = await scrape(service.url);
  expect(metrics.text).toContain('outreach_oauth_refreshes_total{provider="microsoft",outcome="invalid_grant"} 1');

  const secrets = provider.issued();
  expect(secrets.length).toBeGreaterThan(10);
  const haystacks: [string, string][] = [
    ['answers', answers.join('\n')],
    ['log lines', captured.join('')],
    ['events', events.map((e) => e.payload).join('\n')],
    ['stored rows', rows.join('\n')],
    ['metrics', metrics.text],
  ];
  expect(captured.join('')).toContain('oauth token refreshed');
  for (const [where, text] of haystacks) {
    for (const secret of [...secrets, OAUTH_CLIENT.secret]) {
      const forms = [secret, Buffer.from(secret).toString('base64')];
      for (const form of forms) if (text.includes(form)) throw new Error(`a token (${secret.slice(0, 12)}…) is in the ${where}`);
    }
  }
});
