// Placement tests with inboxes connected over OAuth (decisions.md §15, §16), on real peers: the local
// OpenID provider, an SMTP peer that takes XOAUTH2 alone, the password SMTP peer of the sending world, and
// Dovecot with its oauth2 passdb holding the seeds' mailboxes (both SMTP peers deliver into it). A test
// logs in as every mail path does: an OAuth sender sends its copies over XOAUTH2 beside password senders,
// an OAuth seed is read with its token, and a sender whose login cannot be had fails only its own copies.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runPlacementTest, type RunOptions } from '../../src/modules/placement/run-test';
import type { Ports } from '../../src/runtime/ports';
import { createInbox } from '../support/factories/inbox.factory';
import { connectedId, oauthPorts, signInWith, startOAuthMailPeers, type OAuthMailPeers } from '../support/oauth';
import { PLACEMENT_NOW } from '../support/placement-world';
import { seedDelivery, type SeedDelivery } from '../support/seed-delivery';
import { MINUTE, sendingWorld } from '../support/sending-world';

jest.setTimeout(60_000);

const SEEDS = Array.from({ length: 8 }, (_, i) => `seed${i}-${randomUUID().slice(0, 6)}@contoso.test`);
const SEED_PASSWORD = 'seed-secret';
const PASS = 'mx.seeds.test; spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test';

// The service needs the provider's settings, known only once the peers run: filled in by the first
// beforeAll, which jest runs before the sending world's (hooks run in the order they are registered).
const env: Record<string, string> = {};
const ports: Partial<Ports> = {};
let peers: OAuthMailPeers;
let delivery: SeedDelivery;
beforeAll(async () => {
  peers = await startOAuthMailPeers(Object.fromEntries(SEEDS.map((m) => [m, SEED_PASSWORD])));
  Object.assign(env, peers.env());
  Object.assign(ports, oauthPorts(peers.provider));
});
const world = sendingWorld({ accountPer: 'test', env, ports, startAt: PLACEMENT_NOW });
beforeAll(() => {
  // Every copy, from either SMTP peer, lands in its seed's INBOX with a passing Authentication-Results.
  delivery = seedDelivery(peers.imap, () => ({ folder: 'INBOX', authResults: PASS }));
  world.peer.behaviour.deliver = (m) => delivery.deliver(m);
  peers.smtp.behaviour.deliver = (m) => delivery.deliver(m);
});
afterAll(async () => {
  await delivery?.close();
  await peers?.stop();
});

let nextSeed = 0;
/** A seed on the next Dovecot mailbox, logging in with its password. */
function passwordSeed() {
  const email = SEEDS[nextSeed++]!;
  return createInbox(world.service, world.me.workspaceId, {
    email,
    purpose: 'seed',
    seedProvider: 'microsoft',
    imapHost: peers.imap.host,
    imapPort: peers.imap.port,
    username: email,
    password: SEED_PASSWORD,
  });
}

/** An inbox connected through the OAuth flow (Microsoft); with `mailboxId`, that inbox reconnected. */
async function connect(email: string, mailboxId?: string): Promise<string> {
  const signIn = await signInWith(world.me.client, world.service.url, peers.provider, 'microsoft', { as: { email }, mailboxId });
  return connectedId(signIn.location);
}

async function start(body: Record<string, unknown> = {}): Promise<string> {
  const res = await world.me.client.post('/placement-tests', { subject: 'Hello', body: 'A short note.', ...body });
  if (res.status !== 202) throw new Error(`start failed: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** Runs the test in-process on the world's clock, which stands still: the run should end by itself once
 *  every copy is found or failed (decisions.md §16). One still running after ENDS_WITHIN_MS is ended at
 *  its deadline instead (the clock moved past it), so what it left can be read. */
const ENDS_WITHIN_MS = 15_000;
async function run(testId: string): Promise<{ byItself: boolean; outcome: unknown }> {
  const running = runPlacementTest(world.service.deps, testId, { wakeMs: 20 } satisfies RunOptions).then(
    (outcome) => ({ outcome }),
    (err: unknown) => ({ outcome: { failed: String(err) } }),
  );
  const byItself = await Promise.race([running.then(() => true), sleep(ENDS_WITHIN_MS).then(() => false)]);
  if (!byItself) world.clock.advance(31 * MINUTE);
  return { byItself, outcome: (await running).outcome };
}

type Result = { mailbox_id: string; seed_id: string; placement: string; detail: string | null; auth: unknown };
const results = async (testId: string): Promise<{ status: string; results: Result[] }> => (await world.me.client.get(`/placement-tests/${testId}`)).body;
const xoauth2Logins = (email: string) => peers.smtp.logins.filter((l) => l.username === email);

it('an OAuth sender sends its copies over XOAUTH2 beside a password sender; every copy is found and the test ends before its deadline', async () => {
  const oauthEmail = `kim-${randomUUID().slice(0, 6)}@contoso.test`;
  const oauthSender = await connect(oauthEmail);
  const passwordSender = await world.senderInbox(null, { email: `sam-${randomUUID().slice(0, 6)}@acme.test` });
  const seeds = [await passwordSeed(), await passwordSeed()];

  const testId = await start();
  const ran = await run(testId);

  const t = await results(testId);
  expect(t.status).toBe('done');
  expect(t.results).toHaveLength(4);
  for (const sender of [oauthSender, passwordSender.id]) {
    for (const seed of seeds) {
      expect(t.results.find((r) => r.mailbox_id === sender && r.seed_id === seed.id)).toMatchObject({
        placement: 'inbox',
        detail: null,
        auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
      });
    }
  }
  // The OAuth sender logged in with its token, never a password; nothing said the sessions closed.
  expect(xoauth2Logins(oauthEmail).length).toBeGreaterThan(0);
  expect(xoauth2Logins(oauthEmail).every((l) => l.ok && l.method === 'XOAUTH2')).toBe(true);
  expect(t.results.filter((r) => /session was closed/.test(r.detail ?? ''))).toEqual([]);
  // Ended by itself, every copy found or failed, before its deadline.
  expect(ran).toMatchObject({ byItself: true, outcome: { ended: { paused: [] } } });
});

it('reads a seed reconnected with OAuth over XOAUTH2 (Dovecot asks the provider about its token)', async () => {
  const seed = await passwordSeed();
  expect(await connect(seed.email, seed.id)).toBe(seed.id);
  const [row] = await world.db(`select purpose, auth_type, password_enc from inbox where id = ?`, [seed.id]);
  expect(row).toEqual({ purpose: 'seed', auth_type: 'oauth2', password_enc: null });
  const sender = await world.senderInbox(null, { email: `sam-${randomUUID().slice(0, 6)}@acme.test` });

  const asked = peers.provider.stats.introspections;
  const testId = await start();
  const ran = await run(testId);
  const t = await results(testId);
  expect(t.results).toEqual([expect.objectContaining({ mailbox_id: sender.id, seed_id: seed.id, placement: 'inbox', detail: null })]);
  expect(peers.provider.stats.introspections).toBeGreaterThan(asked);
  // Ended by itself, every copy found or failed, before its deadline.
  expect(ran).toMatchObject({ byItself: true, outcome: { ended: { paused: [] } } });
});

it('a sender whose login cannot be had (its grant revoked, its password unreadable) fails only its own copies, with the reason', async () => {
  const revokedEmail = `lee-${randomUUID().slice(0, 6)}@contoso.test`;
  const revoked = await connect(revokedEmail);
  // Consent revoked at the provider: the cached token is refused, and the refresh answers invalid_grant.
  peers.provider.revokeAccount(revokedEmail);
  const unreadable = await world.senderInbox(null, { email: `old-${randomUUID().slice(0, 6)}@acme.test` });
  // As after SECRET_KEY changed: the stored password is no sealed secret of this service.
  await world.db(`update inbox set password_enc = 'garbled' where id = ?`, [unreadable.id]);
  const good = await world.senderInbox(null, { email: `sam-${randomUUID().slice(0, 6)}@acme.test` });
  const seeds = [await passwordSeed(), await passwordSeed()];

  const testId = await start();
  const ran = await run(testId);

  const t = await results(testId);
  expect(t.status).toBe('done');
  const of = (sender: string) => t.results.filter((r) => r.mailbox_id === sender);
  expect(of(good.id)).toEqual(seeds.map(() => expect.objectContaining({ placement: 'inbox', detail: null })));
  expect(of(revoked)).toEqual(seeds.map(() => expect.objectContaining({ placement: 'failed', detail: expect.stringContaining("ended this inbox's access") })));
  expect(of(unreadable.id)).toEqual(
    seeds.map(() => expect.objectContaining({ placement: 'failed', detail: expect.stringMatching(/^Not sent: the inbox could not log in .*not a sealed secret/) })),
  );
  // The revoked inbox needs reconnecting, as on any other mail path.
  expect((await world.db(`select status from inbox where id = ?`, [revoked]))[0].status).toBe('reconnect_needed');
  // Ended by itself, every copy found or failed, before its deadline.
  expect(ran).toMatchObject({ byItself: true, outcome: { ended: { paused: [] } } });
});
