// decisions.md §15: one refresh at a time per inbox across every process. Two service processes (the
// real `src/main.ts`, trusting the OpenID provider's throw-away CA through NODE_EXTRA_CA_CERTS, as a
// deployment trusts a private CA) test the same Microsoft inbox at the same moment, round after round,
// each time just after its access token came due; the provider answers refreshes slowly, so the two
// would race if they could. Microsoft rotates refresh tokens: a second refresh with the spent token
// would log the inbox out. The provider counts every refresh, every reuse of a spent refresh token and
// every refresh that overlapped another: one refresh per round, no reuse, no overlap, and both
// processes log in with the new token (XOAUTH2 against the SMTP peer and Dovecot's oauth2 passdb).
import { Client } from 'pg';
import { signUp } from '../support/client';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { connectedId, signInWith } from '../support/oauth';
import { startOidcProvider, type OidcProvider } from '../support/oidc-provider';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { killServiceProcess, startServiceProcess, type ServiceProcess } from '../support/service-process';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

jest.setTimeout(240_000);

const ADDRESS = 'kim.race@contoso.test';
let db: OwnDatabase;
let sql: Client;
let provider: OidcProvider;
let smtp: SmtpPeer;
let imap: ImapPeer;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createOwnDatabase();
  sql = new Client({ connectionString: db.url });
  await sql.connect();
  provider = await startOidcProvider();
  smtp = await startSmtpPeer({ users: {}, xoauth2: (token) => provider.introspect(token) });
  imap = await startImapPeer({ users: { [ADDRESS]: 'unused' }, oauth2: { introspectionUrl: `${provider.base}/introspect`, ca: provider.ca } });
  const env = {
    DATABASE_URL: db.url,
    // API only: no job runner of these processes works on anything but the requests below.
    SERVICE_ROLES: 'api',
    ALLOW_PRIVATE_FETCH: 'true',
    NODE_EXTRA_CA_CERTS: provider.caFile,
    LOG_LEVEL: 'info',
    ...provider.env('microsoft'),
    OAUTH_MICROSOFT_SMTP: `127.0.0.1:${smtp.port}`,
    OAUTH_MICROSOFT_IMAP: `127.0.0.1:${imap.port}`,
  };
  // One after the other: the first applies the migrations.
  processes.push(await startServiceProcess(env));
  processes.push(await startServiceProcess(env));
});
afterAll(async () => {
  for (const p of processes) await killServiceProcess(p, 'SIGTERM');
  await sql?.end().catch(() => undefined);
  await imap?.stop();
  await smtp?.stop();
  await provider?.stop();
  await db?.drop();
});

it('refreshes once per due token while two processes ask for it at once, never using a refresh token twice', async () => {
  const [a, b] = processes as [ServiceProcess, ServiceProcess];
  const me = await signUp(a.url);
  const id = connectedId((await signInWith(me.client, a.url, provider, 'microsoft', { as: { email: ADDRESS } })).location);
  const test = (url: string) => fetch(`${url}/api/mailboxes/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${me.token}` } }).then((r) => r.json());
  // Each refresh takes a while at the provider: time enough for the other process to try its own.
  provider.refreshDelayMs = 700;
  const rounds = 4;
  const refreshes = provider.stats.refreshes;
  for (let round = 1; round <= rounds; round++) {
    // The cached token comes due (as a minute before its expiry would), in both processes' eyes.
    await sql.query(`update inbox_oauth set access_expires_at = now() where inbox_id = $1`, [id]);
    const [fromA, fromB] = await Promise.all([test(a.url), test(b.url)]);
    for (const answer of [fromA, fromB]) expect(answer).toMatchObject({ smtp: { ok: true }, imap: { ok: true }, status: 'active' });
    expect(provider.stats.refreshes - refreshes).toBe(round);
  }
  expect(provider.stats.reuses).toBe(0);
  expect(provider.stats.concurrentRefreshes).toBe(0);
  const { rows } = await sql.query(`select token_version, refresh_claim from inbox_oauth where inbox_id = $1`, [id]);
  expect(rows[0]).toEqual({ token_version: 1 + rounds, refresh_claim: null });
  // Whichever process won a round's lease refreshed; together exactly once a round.
  const refreshedBy = processes.map((p) => p.logs('oauth token refreshed').length);
  expect(refreshedBy.reduce((x, y) => x + y, 0)).toBe(rounds);
  console.log(`refreshes per process over ${rounds} rounds: ${refreshedBy.join(', ')}`);
});
