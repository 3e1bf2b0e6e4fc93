// A placement test from start to end against real peers (decisions.md §16): the SMTP peer delivers each
// copy into its seed's Dovecot mailbox by IMAP APPEND, in the folder the seed's rule picks, with the
// Authentication-Results it gives; the run (called in-process, on the test's clock) reads the seeds and
// ends the test. Read back through REST and GraphQL: placements, auth, delays, figures, the event, the
// score; what the copies carry (and do not); protection; a seed server down or trickling.
import { setTimeout as sleep } from 'node:timers/promises';
import { ImapFlow } from 'imapflow';
import { runPlacementTest, type RunOptions } from '../../src/modules/placement/run-test';
import { LANE_FAILED_DETAIL, SENDER_NOW_SEED_DETAIL } from '../../src/modules/placement/send-copies';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { startWebhookReceiver, verifyWebhook } from '../support/webhook-receiver';
import { startTrickleImapPeer } from '../support/trickle-imap-peer';
import { addStep, createCampaign, SENDS_ANY_HOUR } from '../support/factories/campaign.factory';
import { isFrom, placementWorld, PLACEMENT_NOW } from '../support/placement-world';
import { freePort, waitUntil } from '../support/service-process';
import { sendingWorld, MINUTE } from '../support/sending-world';
import * as ops from '../graphql/generated';

jest.setTimeout(90_000);
const world = sendingWorld({ accountPer: 'test', startAt: PLACEMENT_NOW });
const pw = placementWorld(world, { mailboxes: 30 });
const FAST: RunOptions = { wakeMs: 20 };

const PASS = 'mx.seeds.test; spf=pass smtp.mailfrom=acme.test; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test';
const BAD = 'mx.seeds.test; spf=softfail (not permitted) smtp.mailfrom=acme.test; dkim=fail header.d=acme.test; dmarc=fail header.from=acme.test';

const start = async (body: Record<string, unknown>) => {
  const res = await world.me.client.post('/placement-tests', body);
  if (res.status !== 202) throw new Error(`start failed: ${res.status} ${res.text}`);
  return res.body as { id: string; status: string; content: Record<string, unknown> };
};
const copies = (testId: string) => world.db(`select * from placement_copy where test_id = ? order by seed_email, sender_email`, [testId]);
/** Runs the test until every copy still looked for is found (`found` of them), then moves the clock past
 *  its deadline (what is not found by then is missing) and waits for the run to end. */
async function runUntil(testId: string, found: number, opts: RunOptions = {}) {
  const run = runPlacementTest(world.service.deps, testId, { ...FAST, ...opts });
  await waitUntil(
    async () => (await world.db(`select count(*)::int as n from placement_copy where test_id = ? and placement is not null`, [testId]))[0].n,
    (n) => n >= found,
    30_000,
  );
  world.clock.advance(31 * MINUTE);
  return run;
}

describe('a test from start to end', () => {
  it('finds each copy where the seed put it (inbox, spam, another folder, missing), with its auth and delay; a sender refused with 550 fails every copy', async () => {
    const inbox = await pw.seed({ folder: 'INBOX', authResults: PASS }, { seedProvider: 'google' });
    const junk = await pw.seed({ folder: 'Junk', authResults: BAD }, { seedProvider: 'microsoft' });
    const custom = await pw.seed({ folder: 'Newsletters' }, { seedProvider: 'other' });
    const dropped = await pw.seed({ folder: null }, { seedProvider: 'yahoo' });
    const good = await pw.sender({ signature: 'Sam Sender\nAcme Ltd' });
    const refused = await pw.sender();
    world.peer.behaviour.mailFrom = (from) => (from === refused.email ? { code: 550, message: '5.7.1 Sender address rejected: not permitted' } : undefined);

    const started = await start({ subject: 'Hello {{first_name|there}}', body: 'A short note for {{company|your team}}.', wait_minutes: 5 });
    expect(started).toMatchObject({ status: 'running', wait_minutes: 5, content: { campaign_id: null, step: null, variant: null, subject: 'Hello {{first_name|there}}' } });
    const ended = await runUntil(started.id, 7);
    expect(ended).toMatchObject({ ended: { paused: [] } });

    const res = await world.me.client.get(`/placement-tests/${started.id}`);
    expect(res.status).toBe(200);
    const t = res.body;
    expect(t).toMatchObject({ id: started.id, status: 'done', wait_minutes: 5, finished_at: expect.any(String) });
    expect(t.summary).toEqual({ sent: 8, inbox: 1, category: 0, spam: 1, other: 1, missing: 1, failed: 4, inbox_rate: 25 });
    const byId = (id: string) => t.by_sender.find((s: { mailbox_id: string }) => s.mailbox_id === id);
    expect(byId(good.id)).toEqual({ mailbox_id: good.id, email: good.email, sent: 4, inbox: 1, category: 0, spam: 1, other: 1, missing: 1, failed: 0, inbox_rate: 25 });
    expect(byId(refused.id)).toMatchObject({ sent: 4, failed: 4, inbox_rate: null });
    expect(t.by_provider.map((p: { provider: string; inbox_rate: number | null }) => [p.provider, p.inbox_rate])).toEqual([
      ['google', 100],
      ['microsoft', 0],
      ['other', 0],
      ['yahoo', 0],
    ]);
    const result = (sender: string, seed: string) => t.results.find((r: { mailbox_id: string; seed_id: string }) => r.mailbox_id === sender && r.seed_id === seed);
    expect(result(good.id, inbox.id)).toMatchObject({
      seed_provider: 'google',
      placement: 'inbox',
      folder: 'INBOX',
      auth: { spf: 'pass', dkim: 'pass', dmarc: 'pass' },
      detail: null,
    });
    expect(result(good.id, junk.id)).toMatchObject({ placement: 'spam', folder: 'Junk', auth: { spf: 'softfail', dkim: 'fail', dmarc: 'fail' } });
    expect(result(good.id, custom.id)).toMatchObject({ placement: 'other', folder: 'Newsletters', auth: null });
    expect(result(good.id, dropped.id)).toMatchObject({ placement: 'missing', folder: null, auth: null, delay_seconds: null });
    for (const seed of [inbox, junk, custom]) expect(result(good.id, seed.id).delay_seconds).toEqual(expect.any(Number));
    for (const seed of [inbox, junk, custom, dropped]) {
      expect(result(refused.id, seed.id)).toMatchObject({ placement: 'failed', detail: expect.stringContaining('550 5.7.1 Sender address rejected') });
    }

    // GraphQL answers the same test.
    const gql = await world.me.client.gql(ops.PlacementTestDocument, { id: started.id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.placementTest).toMatchObject({ status: 'done', summary: { sent: 8, inbox: 1, spam: 1, other: 1, missing: 1, failed: 4, inboxRate: 25 } });
    expect(gql.data!.placementTest.results).toHaveLength(8);

    // The event, with the summary.
    const [event] = await world.db(`select payload from event where workspace_id = ? and kind = 'placement_test_completed'`, [world.me.workspaceId]);
    expect(event.payload).toMatchObject({ test_id: started.id, scheduled: false, summary: { sent: 8, inbox: 1, failed: 4, inbox_rate: 25 } });
  });

  it("a sender's lane that fails unexpectedly fails only its own copies (the error goes to the log); the others go out and are found, and the test ends by itself", async () => {
    const seeds = [await pw.seed({ folder: 'INBOX' }), await pw.seed({ folder: 'INBOX' })];
    const good = await pw.sender();
    const broken = await pw.sender();
    // Fault injection in the real database: handing the broken sender's copies to SMTP fails, as a lost
    // connection would (a trigger on its rows only: the database is shared with other test files).
    const fn = `placement_fault_${broken.id.replace(/-/g, '')}`;
    await world.db(`create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'the database went away'; end $$`);
    await world.db(`create trigger ${fn} before update of handed_at on placement_copy for each row when (new.sender_id = '${broken.id}') execute function ${fn}()`);
    try {
      const started = await start({ subject: 'Hi', body: 'Hello' });
      const run = runPlacementTest(world.service.deps, started.id, FAST);
      // The clock stands still: only a test whose every copy is found or failed ends now.
      const ended = await Promise.race([run, sleep(15_000).then(() => 'still running at its deadline' as const)]);
      if (ended === 'still running at its deadline') world.clock.advance(31 * MINUTE);
      await run.catch(() => undefined);
      const t = (await world.me.client.get(`/placement-tests/${started.id}`)).body;
      const of = (sender: string) => t.results.filter((r: { mailbox_id: string }) => r.mailbox_id === sender);
      expect(of(good.id)).toEqual(seeds.map(() => expect.objectContaining({ placement: 'inbox', detail: null })));
      expect(of(broken.id)).toEqual(seeds.map(() => expect.objectContaining({ placement: 'failed', detail: LANE_FAILED_DETAIL })));
      expect(ended).toMatchObject({ ended: { paused: [] } });
    } finally {
      await world.db(`drop trigger ${fn} on placement_copy`);
      await world.db(`drop function ${fn}()`);
    }
  });

  it('a sender deleted and added back as a seed during the test sends nothing: its copies fail with the reason (decisions.md §16)', async () => {
    const seed = await pw.seed({ folder: 'INBOX' });
    const stays = await pw.sender();
    const turned = await pw.sender();
    const started = await start({ subject: 'Hi', body: 'Hello' });
    // The same row comes back (api.md Inboxes 5), with the same servers and login, now a seed.
    expect((await world.me.client.delete(`/mailboxes/${turned.id}`)).status).toBe(200);
    const login = { smtp_host: world.peer.host, smtp_port: world.peer.port, smtp_secure: false, username: 'sender@example.com', password: 'smtp-secret' };
    const back = await world.me.client.post('/mailboxes', {
      email: turned.email,
      from_name: 'Seed',
      ...login,
      imap_host: 'imap.gmail.com',
      imap_port: 993,
      daily_cap: 1,
      purpose: 'seed',
    });
    expect(back.body).toMatchObject({ id: turned.id, purpose: 'seed' });
    const before = world.peer.messages.length;
    await runUntil(started.id, 2);
    expect(world.peer.messages.slice(before).filter((m) => isFrom(m.raw, turned.email))).toEqual([]);
    const t = (await world.me.client.get(`/placement-tests/${started.id}`)).body;
    const of = (sender: string) => t.results.find((r: { mailbox_id: string; seed_id: string }) => r.mailbox_id === sender && r.seed_id === seed.id);
    expect(of(stays.id)).toMatchObject({ placement: 'inbox' });
    expect(of(turned.id)).toMatchObject({ placement: 'failed', detail: SENDER_NOW_SEED_DETAIL });
  });

  it('never looks in Sent (marked \\Sent) or Trash (by its name): a copy filed there ends missing', async () => {
    const seen = await pw.sender();
    const hidden = await pw.sender();
    // At each seed, one sender's copy lands in INBOX and the other's in Sent or Trash: the read that finds
    // the first (once both are delivered, the seed's first read) has looked for the second everywhere.
    const filed = (folder: string) => (raw: string) => ({ folder: isFrom(raw, seen.email) ? 'INBOX' : folder });
    const sent = await pw.seed(filed('Sent'));
    const trash = await pw.seed(filed('Trash'));
    const started = await start({ subject: 'Hi', body: 'Hello', mailbox_ids: [seen.id, hidden.id] });
    await runUntil(started.id, 2);
    const t = (await world.me.client.get(`/placement-tests/${started.id}`)).body;
    const of = (sender: string, seed: string) => t.results.find((r: { mailbox_id: string; seed_id: string }) => r.mailbox_id === sender && r.seed_id === seed);
    expect([of(seen.id, sent.id), of(seen.id, trash.id)]).toEqual([
      expect.objectContaining({ placement: 'inbox', folder: 'INBOX' }),
      expect.objectContaining({ placement: 'inbox', folder: 'INBOX' }),
    ]);
    expect([of(hidden.id, sent.id), of(hidden.id, trash.id)]).toEqual([
      expect.objectContaining({ placement: 'missing', folder: null }),
      expect.objectContaining({ placement: 'missing', folder: null }),
    ]);
  });

  it('sends each copy with the signature and the unsubscribe header, no tracking, no marker but its stored Message-ID, outside the daily cap and gap', async () => {
    await pw.seed({ folder: 'INBOX' });
    const sender = await pw.sender({ signature: 'Sam Sender\nAcme Ltd', dailyCap: 1, rampStart: 1, minGapMinutes: 60 });
    await world.db(`update inbox set next_free_at = ? where id = ?`, [new Date(world.clock.now().getTime() + 60 * MINUTE), sender.id]);
    const before = world.peer.messages.length;
    const started = await start({ subject: 'Quick {{RANDOM | one | two}}', body: 'See https://acme.test/page and {{unsubscribe}}' });
    await runUntil(started.id, 1);
    const mail = world.peer.messages.slice(before);
    expect(mail).toHaveLength(1);
    const [copy] = await copies(started.id);
    const raw = mail[0]!.raw;
    expect(raw).toContain(`Message-ID: ${copy.message_id}`);
    expect(raw).toMatch(/^List-Unsubscribe: <http[^>]+\/u\/[^>]+>/m);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('Acme Ltd');
    // No open pixel, no rewritten link, nothing naming the test.
    expect(raw).not.toMatch(/\/o\/|\/c\//);
    expect(raw).toContain('https://acme.test/page');
    expect(raw).not.toContain(started.id);
    expect(raw).not.toMatch(/placement/i);
    // The sender's sending state is untouched: no day count, no gap moved.
    expect(await world.db(`select * from inbox_day_stat where inbox_id = ?`, [sender.id])).toEqual([]);
    const [row] = await world.db(`select last_sent_at, next_free_at from inbox where id = ?`, [sender.id]);
    expect(row.last_sent_at).toBeNull();
    expect(new Date(row.next_free_at).getTime()).toBe(world.clock.now().getTime() - 31 * MINUTE + 60 * MINUTE);
  });

  it("takes a campaign step's variant as content, rendered as for a lead with no fields; a follow-up with a blank subject goes as Re: the first", async () => {
    await pw.seed({ folder: 'INBOX' });
    await pw.sender({ fromName: 'Sam Sender' });
    const campaign = await createCampaign(world.service, world.me.workspaceId, { ...SENDS_ANY_HOUR, textOnly: true });
    await addStep(world.service, world.me.workspaceId, campaign.id, {
      position: 1,
      variants: [
        { subject: 'Off', body: 'x', enabled: false },
        { subject: 'Hi {{first_name|there}}', body: '{{#if company}}At {{company}}{{else}}Hello{{/if}}, {{first_name}}! {{sendingAccountName}}', enabled: true },
      ],
    });
    await addStep(world.service, world.me.workspaceId, campaign.id, { position: 2, waitMinutes: 2 * 1440, variants: [{ subject: '', body: 'Following up.', enabled: true }] });

    const before = world.peer.messages.length;
    const first = await start({ campaign_id: campaign.id });
    expect(first.content).toEqual({ campaign_id: campaign.id, step: 1, variant: 2, subject: 'Hi {{first_name|there}}' });
    await runUntil(first.id, 1);
    const [one] = world.peer.messages.slice(before);
    expect(one!.raw).toContain('Subject: Hi there');
    expect(one!.raw).toContain('Hello, ! Sam Sender');
    expect(one!.raw).not.toContain('text/html');

    const second = await start({ campaign_id: campaign.id, step: 2 });
    await runUntil(second.id, 1);
    expect(world.peer.messages[world.peer.messages.length - 1]!.raw).toContain('Subject: Re: Hi there');
  });
});

describe('protection', () => {
  it('pauses a sender whose inbox rate falls below placement_protect_below (pausedReason placement, mailbox_paused, inbox_placement); resuming clears it', async () => {
    expect((await world.me.client.patch('/settings/workspace', { placement_protect_below: 50 })).body).toMatchObject({ placement_protect_below: 50 });
    const low = await pw.sender();
    const high = await pw.sender();
    // At every seed, low's copies land in spam and high's in the inbox.
    const rule = (raw: string) => ({ folder: isFrom(raw, low.email) ? 'Junk' : 'INBOX' });
    await pw.seed(rule);
    await pw.seed(rule);
    const campaign = await createCampaign(world.service, world.me.workspaceId, { ...SENDS_ANY_HOUR, status: 'active' });
    await addStep(world.service, world.me.workspaceId, campaign.id, {});
    await world.db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, low.id]);

    const started = await start({ subject: 'Hi', body: 'Hello' });
    const ended = await runUntil(started.id, 4);
    expect(ended).toMatchObject({ ended: { paused: [low.id] } });

    const mailboxes = (await world.me.client.get('/mailboxes')).body as { id: string; status: string; pausedReason: string | null }[];
    expect(mailboxes.find((m) => m.id === low.id)).toMatchObject({ status: 'paused', pausedReason: 'placement' });
    expect(mailboxes.find((m) => m.id === high.id)).toMatchObject({ status: 'active', pausedReason: null });
    const events = await world.db(`select payload from event where workspace_id = ? and kind = 'mailbox_paused'`, [world.me.workspaceId]);
    const [test] = await world.db(`select finished_at from placement_test where id = ?`, [started.id]);
    expect(events.map((e) => e.payload)).toEqual([
      { inbox_id: low.id, email: low.email, reason: 'placement', inbox_rate: 0, threshold: 50, test_id: started.id, paused_at: new Date(test.finished_at).toISOString() },
    ]);

    // The campaign that sends from it says why, REST and GraphQL.
    const status = await world.me.client.get(`/campaigns/${campaign.id}/sending-status`);
    expect(status.body.reasons.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['inbox_stopped', 'inbox_placement']));
    const gqlStatus = await world.me.client.gql(ops.PlacementSendingStatusDocument, { id: campaign.id });
    expect(gqlStatus.data!.campaignSendingStatus.reasons.map((r) => r.code)).toContain('inbox_placement');

    expect((await world.me.client.post(`/mailboxes/${low.id}/resume`)).body).toEqual({ status: 'active' });
    const after = (await world.me.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === low.id);
    expect(after).toMatchObject({ status: 'active', pausedReason: null });
    const again = await world.me.client.get(`/campaigns/${campaign.id}/sending-status`);
    expect(again.body.reasons.map((r: { code: string }) => r.code)).not.toContain('inbox_placement');
  });

  it('placement_test_completed and mailbox_paused reach a subscribed webhook receiver, signed', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = (await world.me.client.post('/webhooks', { url: receiver.url, events: ['placement_test_completed', 'mailbox_paused'] })).body as { id: string; secret: string };
      await world.me.client.patch('/settings/workspace', { placement_protect_below: 50 });
      const low = await pw.sender();
      await pw.seed({ folder: 'Junk' });
      const started = await start({ subject: 'Hi', body: 'Hello' });
      await runUntil(started.id, 1);
      expect(await runWebhooksOnce(world.service.deps, { workspaceIds: [world.me.workspaceId] })).toBe(2);
      const bodies = receiver.received.map((r) => verifyWebhook(hook.secret, r, { ignoreTime: true }));
      expect(bodies.map((b) => b.type).sort()).toEqual(['mailbox_paused', 'placement_test_completed']);
      expect(bodies.find((b) => b.type === 'placement_test_completed')).toMatchObject({
        data: { test_id: started.id, scheduled: false, summary: { sent: 1, spam: 1, inbox_rate: 0 } },
      });
      expect(bodies.find((b) => b.type === 'mailbox_paused')).toMatchObject({ data: { inbox_id: low.id, reason: 'placement', inbox_rate: 0, threshold: 50, test_id: started.id } });
    } finally {
      await receiver.stop();
    }
  });

  it('pauses nobody without the setting, and the setting is read and written through GraphQL too', async () => {
    const low = await pw.sender();
    await pw.seed({ folder: 'Junk' });
    const started = await start({ subject: 'Hi', body: 'Hello' });
    expect(await runUntil(started.id, 1)).toMatchObject({ ended: { paused: [] } });
    expect((await world.me.client.get('/mailboxes')).body.find((m: { id: string }) => m.id === low.id)).toMatchObject({ status: 'active' });

    const set = await world.me.client.gql(ops.UpdatePlacementSettingsDocument, { input: { placementProtectBelow: 80, placementSchedule: 'weekly' } });
    expect(set.data!.updateWorkspace).toMatchObject({ placementProtectBelow: 80, placementSchedule: 'weekly' });
    expect((await world.me.client.gql(ops.PlacementSettingsDocument)).data!.settings.workspace).toEqual({ placementSchedule: 'weekly', placementProtectBelow: 80 });
    expect((await world.me.client.get('/settings')).body.workspace).toMatchObject({ placement_schedule: 'weekly', placement_protect_below: 80 });
    const cleared = await world.me.client.patch('/settings/workspace', { placement_protect_below: null, placement_schedule: 'off' });
    expect(cleared.body).toMatchObject({ placement_protect_below: null, placement_schedule: 'off' });
    for (const bad of [{ placement_protect_below: 0 }, { placement_protect_below: 101 }, { placement_schedule: 'hourly' }]) {
      expect((await world.me.client.patch('/settings/workspace', bad)).status).toBe(400);
    }
  });
});

describe('the score', () => {
  it("takes the inbox's inbox rate over its placement copies of the last 30 days, REST and GraphQL", async () => {
    const sender = await pw.sender();
    const untested = await pw.sender();
    await pw.seed({ folder: 'INBOX' });
    await pw.seed({ folder: 'Junk' });
    await pw.seed({ folder: 'INBOX' });
    await pw.seed({ folder: null });
    const started = await start({ subject: 'Hi', body: 'Hello', mailbox_ids: [sender.id] });
    await runUntil(started.id, 3);
    const scores = (await world.me.client.get('/mailboxes/scores')).body as { mailbox_id: string; parts: { placement: number }; inputs: { placement: number | null } }[];
    // 2 of 4 in the inbox: 50%, so 10 of the placement part's 20 points are lost.
    expect(scores.find((s) => s.mailbox_id === sender.id)).toMatchObject({ parts: { placement: 10 }, inputs: { placement: 50 } });
    expect(scores.find((s) => s.mailbox_id === untested.id)).toMatchObject({ parts: { placement: 0 }, inputs: { placement: null } });
    const gql = await world.me.client.gql(ops.PlacementScoresDocument);
    expect(gql.data!.mailboxScores.find((s) => s.mailboxId === sender.id)).toMatchObject({ parts: { placement: 10 }, inputs: { placement: 50 } });

    // 30 days on (the session still valid), the test's day has left the window.
    world.clock.advance((30 * 24 - 2) * 60 * MINUTE);
    const later = (await world.me.client.get('/mailboxes/scores')).body.find((s: { mailbox_id: string }) => s.mailbox_id === sender.id);
    expect(later).toMatchObject({ parts: { placement: 0 }, inputs: { placement: null } });
  });
});

describe('seed servers that fail', () => {
  it('a seed server that is down or trickles delays only its own copies, which end missing with the reason', async () => {
    const trickle = await startTrickleImapPeer();
    const closed = await freePort();
    try {
      const good = await pw.seed({ folder: 'INBOX' });
      const slow = await pw.seed({ folder: 'INBOX' }, { imapHost: trickle.host, imapPort: trickle.port });
      const down = await pw.seed({ folder: 'INBOX' }, { imapPort: closed });
      const sender = await pw.sender();
      const started = await start({ subject: 'Hi', body: 'Hello' });
      const run = runPlacementTest(world.service.deps, started.id, { ...FAST, seedDeadlineMs: 15_000 });
      // The good seed's copy is found while the trickling server still holds its read open.
      await waitUntil(
        async () => trickle.open,
        (n) => n > 0,
        10_000,
      );
      await waitUntil(
        async () => (await world.db(`select placement from placement_copy where test_id = ? and seed_id = ?`, [started.id, good.id]))[0].placement,
        (p) => p !== null,
        10_000,
      );
      const [slowCopy] = await world.db(`select placement, detail from placement_copy where test_id = ? and seed_id = ?`, [started.id, slow.id]);
      expect({ open: trickle.open, ...slowCopy }).toEqual({ open: 1, placement: null, detail: null });
      const downDetail = await waitUntil(
        async () => (await world.db(`select detail from placement_copy where test_id = ? and seed_id = ?`, [started.id, down.id]))[0].detail as string | null,
        (d) => d !== null,
        10_000,
      );
      expect(downDetail).toContain(`The seed ${down.email} could not be read`);
      world.clock.advance(31 * MINUTE);
      await run;
      const t = (await world.me.client.get(`/placement-tests/${started.id}`)).body;
      const of = (id: string) => t.results.find((r: { seed_id: string; mailbox_id: string }) => r.seed_id === id && r.mailbox_id === sender.id);
      expect(of(good.id)).toMatchObject({ placement: 'inbox' });
      expect(of(down.id)).toMatchObject({ placement: 'missing', detail: expect.stringContaining('could not be read') });
      expect(of(slow.id)).toMatchObject({ placement: 'missing', detail: expect.stringContaining('not read within 15 s') });
    } finally {
      await trickle.stop();
    }
  });
});

describe('reading is read-only', () => {
  it('leaves every message of the seed as it was: nothing seen, moved or flagged', async () => {
    const seed = await pw.seed({ folder: 'INBOX' });
    await pw.sender();
    const started = await start({ subject: 'Hi', body: 'Hello' });
    await runUntil(started.id, 1);
    const client = new ImapFlow({ host: pw.imap.host, port: pw.imap.port, secure: false, auth: { user: seed.email, pass: 'seed-secret' }, logger: false });
    await client.connect();
    try {
      await client.mailboxOpen('INBOX', { readOnly: true });
      const flags: string[][] = [];
      // \Recent is only this session's news that the message is new: not a flag anything set.
      for await (const m of client.fetch('1:*', { flags: true })) flags.push([...(m.flags ?? [])].filter((f) => f !== '\\Recent'));
      expect(flags).toEqual([[]]);
    } finally {
      await client.logout();
    }
  });
});
