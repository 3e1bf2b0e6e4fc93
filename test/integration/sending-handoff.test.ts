// A claimed send's fate after its claimant dies (sending/README.md "Deliver" and "Sweep"): the claim names
// the claiming process, a lane marks its next rows as handed to the wire before they go, and once the
// claimant's owner lock is gone its rows never handed go back to the queue at once (and out once), its
// handed rows are interrupted at once and never sent again. A live claimant's rows are left alone.
import { startDispatchChild } from '../support/dispatch-child-process';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { claimSends, HAND_GROUP } from '../../src/modules/sending/engine/deliver';
import { dropClaimedSend, handSends, releaseClaimedBatch, releaseClaimedSend, withdrawClaimedSend } from '../../src/modules/sending/engine/deliver.queries';
import { planTick } from '../../src/modules/sending/engine/tick';
import { lockKeySql, OWNER_LOCK_PREFIX } from '../../src/storage/owner-sql';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';
import { createReplyItem } from '../support/factories/reply.factory';
import { insertAnswerClaim } from '../../src/modules/replies/replies.queries';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';

const DAY = 86_400_000;
const world = sendingWorld({ accountPer: 'test', env: { PUBLIC_URL: 'https://links.example.test' } });
const { clock, db, tick } = world;
beforeEach(() => {
  world.peer.messages.length = 0;
  world.peer.behaviour = {};
});

/** A campaign with one step, `inboxes` inboxes on the peer and `leads` leads due now. */
async function campaignWith(opts: { leads: number; inboxes: number; status?: 'active' | 'paused' }) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: opts.status ?? 'active', timezone: 'UTC', dailyLimit: 100 });
  await addStep(world.service, world.me.workspaceId, campaign.id, {});
  const inboxIds: string[] = [];
  for (let i = 0; i < opts.inboxes; i++) {
    const inbox = await world.senderInbox(campaign.id, { email: `hand${i}-${randomUUID().slice(0, 6)}@acme.test`, dailyCap: 100, rampStart: 100 });
    inboxIds.push(inbox.id);
  }
  const leads = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    Array.from({ length: opts.leads }, (_, i) => ({ email: `lead${i}-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(MONDAY_10.getTime() - DAY) })),
  );
  return { campaignId: campaign.id, inboxIds, leadIds: leads.map((l) => l.id) };
}

/** The campaign's planned sequence emails, queued (one per inbox). */
async function queueSequence(campaignId: string) {
  await planTick(world.service.deps, clock.now(), [world.me.workspaceId]);
  return db(`select id, lead_id from send where campaign_id = ? and status = 'queued' order by id`, [campaignId]);
}

const rcpts = () => world.peer.messages.map((m) => m.envelope.rcptTo[0]);
const emailOf = async (leadId: string) => (await db(`select email from lead where id = ?`, [leadId]))[0].email as string;
const em = () => world.service.deps.orm.em.fork();

/** An owner name with no process behind it: its owner lock is held by nobody. */
const deadOwner = () => `gone-host:4242:${randomUUID().slice(0, 8)}`;

describe('a dead claimant (its owner lock gone)', () => {
  it('puts the sends it never handed back in the queue at once; the same tick sends each once', async () => {
    const s = await campaignWith({ leads: 3, inboxes: 3 });
    expect(await queueSequence(s.campaignId)).toHaveLength(3);
    const claimed = await claimSends(em(), clock.now(), 10, deadOwner(), [world.me.workspaceId]);
    expect(claimed).toHaveLength(3);
    expect((await db(`select distinct status, attempts from send where campaign_id = ?`, [s.campaignId]))[0]).toEqual({ status: 'sending', attempts: 1 });

    // No 10-minute wait: the very next tick gives them back (their try too) and sends them.
    expect(await tick()).toMatchObject({ requeued: 3, swept: 0, sent: 3 });
    expect(await db(`select status, attempts, claimed_by from send where campaign_id = ?`, [s.campaignId])).toEqual(
      Array.from({ length: 3 }, () => ({ status: 'sent', attempts: 1, claimed_by: world.service.deps.owner.name })),
    );
    clock.advance(20 * MINUTE);
    expect(await tick()).toMatchObject({ requeued: 0, swept: 0, sent: 0 });
    const emails = await Promise.all(s.leadIds.map(emailOf));
    expect(rcpts().sort()).toEqual([...emails].sort());
  });

  it("marks a reply's answer it was sending interrupted at once (claimed and handed as it was inserted), not after the backstop", async () => {
    const s = await campaignWith({ leads: 1, inboxes: 1, status: 'paused' });
    const item = await createReplyItem(world.service, world.me.workspaceId, { inbox: s.inboxIds[0]!, lead: s.leadIds[0]!, campaign: s.campaignId });
    const claim = {
      id: randomUUID(),
      campaignId: s.campaignId,
      leadId: s.leadIds[0]!,
      inboxId: s.inboxIds[0]!,
      dedupeKey: `answer:${randomUUID()}`,
      messageId: `<${randomUUID()}@acme.test>`,
      subject: 'Re: hello',
      body: 'Thanks',
      replyToId: item.id,
      inReplyTo: null,
      references: null,
    };
    expect(await insertAnswerClaim(em(), world.me.workspaceId, claim, clock.now(), deadOwner())).toBe(true);
    expect(await tick()).toMatchObject({ requeued: 0, swept: 1, sent: 0 });
    expect(await db(`select status, error from send where id = ?`, [claim.id])).toEqual([{ status: 'failed', error: 'interrupted' }]);
    expect(rcpts()).toEqual([]);
  });

  it('marks the sends it handed to the wire interrupted at once, never to be sent again; the lead moves on', async () => {
    const s = await campaignWith({ leads: 2, inboxes: 2 });
    const queued = await queueSequence(s.campaignId);
    expect(queued).toHaveLength(2);
    const owner = deadOwner();
    await claimSends(em(), clock.now(), 10, owner, [world.me.workspaceId]);
    const [handed, unhanded] = queued as { id: string; lead_id: string }[];
    expect([...(await handSends(em(), [handed!.id], owner, clock.now()))]).toEqual([handed!.id]);

    expect(await tick()).toMatchObject({ requeued: 1, swept: 1, sent: 1 });
    expect((await db(`select status, error from send where id = ?`, [handed!.id]))[0]).toEqual({ status: 'failed', error: 'interrupted' });
    expect((await db(`select status from send where id = ?`, [unhanded!.id]))[0]).toEqual({ status: 'sent' });
    expect((await db(`select status, current_step from lead where id = ?`, [handed!.lead_id]))[0]).toEqual({ status: 'completed', current_step: 1 });
    clock.advance(20 * MINUTE);
    expect(await tick()).toMatchObject({ requeued: 0, swept: 0, sent: 0 });
    expect(rcpts()).toEqual([await emailOf(unhanded!.lead_id)]);
  });
});

describe('a live claimant', () => {
  it("has its sends left alone, handed or not, by every other process's sweep; once it dies they are settled", async () => {
    const s = await campaignWith({ leads: 2, inboxes: 2 });
    const queued = (await queueSequence(s.campaignId)) as { id: string; lead_id: string }[];
    // Another process, alive: its owner lock held on a connection of its own.
    const owner = `other-host:4343:${randomUUID().slice(0, 8)}`;
    const other = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(${lockKeySql('$1::text')})`, [OWNER_LOCK_PREFIX + owner]);
      await claimSends(em(), clock.now(), 10, owner, [world.me.workspaceId]);
      await handSends(em(), [queued[0]!.id], owner, clock.now());
      clock.advance(5 * MINUTE);
      expect(await tick()).toMatchObject({ requeued: 0, swept: 0, sent: 0 });
      expect(await db(`select status, claimed_by from send where campaign_id = ?`, [s.campaignId])).toEqual([
        { status: 'sending', claimed_by: owner },
        { status: 'sending', claimed_by: owner },
      ]);
    } finally {
      await other.end();
    }
    // Its session is gone: now it is dead, and the next tick settles both.
    expect(await tick()).toMatchObject({ requeued: 1, swept: 1, sent: 1 });
    expect(rcpts()).toEqual([await emailOf(queued[1]!.lead_id)]);
  });

  it('does not send a row the sweep gave back meanwhile (its mark finds it no longer claimed by it)', async () => {
    const s = await campaignWith({ leads: 1, inboxes: 1 });
    const [row] = (await queueSequence(s.campaignId)) as { id: string }[];
    const owner = deadOwner();
    await claimSends(em(), clock.now(), 10, owner, [world.me.workspaceId]);
    await tick(); // requeued and sent by this process
    expect((await handSends(em(), [row!.id], owner, clock.now())).size).toBe(0);
  });

  it('cannot drop, withdraw or requeue a row another process claimed since the sweep gave it back', async () => {
    const s = await campaignWith({ leads: 4, inboxes: 4 });
    const rows = (await queueSequence(s.campaignId)) as { id: string }[];
    const first = deadOwner();
    await claimSends(em(), clock.now(), 10, first, [world.me.workspaceId]);
    // The sweep gave them back and a second claimant took them: they are its own now.
    const second = deadOwner();
    await db(`update send set status = 'queued', claimed_by = null where campaign_id = ?`, [s.campaignId]);
    await claimSends(em(), clock.now(), 10, second, [world.me.workspaceId]);
    const ids = rows.map((r) => r.id);
    // The first claimant, still running, settles what it thinks it holds.
    await dropClaimedSend(em(), ids[0]!, first, 'The lead or campaign is gone');
    await withdrawClaimedSend(em(), ids[1]!, first);
    await releaseClaimedSend(em(), ids[2]!, first, clock.now());
    await releaseClaimedBatch(em(), [ids[3]!], first);
    expect(await db(`select status, claimed_by from send where campaign_id = ?`, [s.campaignId])).toEqual(
      Array.from({ length: 4 }, () => ({ status: 'sending', claimed_by: second })),
    );
  });
});

describe('a dispatcher process killed mid-batch (SIGKILL)', () => {
  it('sends once the emails it never handed to the wire, and never again those it handed', async () => {
    // One inbox, ten one-offs: one lane, its rows handed HAND_GROUP at a time, each email slow at the
    // peer, so the process dies with a few rows handed and the rest only claimed.
    const n = 10;
    const s = await campaignWith({ leads: n, inboxes: 1, status: 'paused' });
    for (const leadId of s.leadIds) {
      expect((await world.me.client.post(`/leads/${leadId}/send`, { mailboxId: s.inboxIds[0], subject: 'A note', body: 'Hello' })).status).toBe(200);
    }
    // Each SMTP stage answers a second late: the process dies with a few rows handed, far from answered.
    world.peer.behaviour = { delayMs: 1_000 };
    const dispatcher = startDispatchChild(world.me.workspaceId, clock.now());
    const handedCount = async () => (await db(`select count(*)::int as n from send where inbox_id = ? and handed_at is not null`, [s.inboxIds[0]]))[0].n as number;
    for (let waited = 0; (await handedCount()) === 0; waited += 50) {
      if (waited > 20_000) throw new Error(`the dispatcher never handed its emails: ${dispatcher.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 200));
    await dispatcher.killAndAwaitSessionEnd(db);

    const handed = await db(`select s.id, l.email from send s join lead l on l.id = s.lead_id where s.inbox_id = ? and s.handed_at is not null and s.status = 'sending'`, [
      s.inboxIds[0],
    ]);
    expect(handed.length).toBeGreaterThan(0);
    expect(handed.length).toBeLessThanOrEqual(HAND_GROUP);
    const beforeKill = rcpts();
    world.peer.behaviour = {};
    const after = await tick();
    expect(after).toMatchObject({ swept: handed.length, requeued: n - handed.length, sent: n - handed.length });
    clock.advance(20 * MINUTE);
    expect(await tick()).toMatchObject({ requeued: 0, swept: 0, sent: 0 });

    expect(await db(`select status, error, count(*)::int as n from send where inbox_id = ? group by status, error order by status`, [s.inboxIds[0]])).toEqual([
      { status: 'failed', error: 'interrupted', n: handed.length },
      { status: 'sent', error: null, n: n - handed.length },
    ]);
    // Every lead got at most one email; the handed ones got nothing after the kill.
    const to = rcpts();
    expect(new Set(to).size).toBe(to.length);
    const handedEmails = new Set(handed.map((h: { email: string }) => h.email));
    expect(to.slice(beforeKill.length).filter((t) => handedEmails.has(t))).toEqual([]);
    expect(to.length).toBe(beforeKill.length + n - handed.length);
  });
});
