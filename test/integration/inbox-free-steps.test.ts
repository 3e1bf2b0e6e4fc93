// decisions.md §11 "One sender per lead": only an email waits for the lead's own inbox. A task step, and a
// step its condition skips (down to completing the lead), go on while that inbox rests in its gap, is
// capped, paused or backing off (sending/engine/due.queries.ts dueLeadRows), and the waiting inbox's
// backlog of leads that need it is still never read in front of anyone. On the dispatch tick at fixed
// clocks; test/integration/task-step-wall-clock.test.ts runs the first case on the real job runner.
import { randomUUID } from 'node:crypto';
import { conditionHolds, conditionHoldsSql } from '../../src/modules/sending/schedule';
import { leadClicks } from '../../src/modules/sending/engine/due.queries';
import { sql } from '../../src/storage/sql';
import type { StepCondition } from '../../src/modules/steps/step.entity';
import * as ops from '../graphql/generated';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { DAY, HOUR, MINUTE, sendingWorld } from '../support/sending-world';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;

type StepFields = Parameters<typeof addStep>[3];
const EMAIL = (subject: string, extra: StepFields = {}): StepFields => ({ variants: [{ subject, body: 'Hi {{firstName}}.', enabled: true }], ...extra });
const TASK = (extra: StepFields = {}): StepFields => ({ task: { kind: 'linkedin_connect', text: 'Connect with {{firstName}}' }, variants: [], waitMinutes: 0, ...extra });

async function campaignWith(steps: StepFields[], campaign: Record<string, unknown> = {}) {
  const c = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', dailyLimit: 100, ...campaign });
  for (const step of steps) await addStep(world.service, world.me.workspaceId, c.id, step);
  return c.id;
}

/** An inbox of the campaign, with the gap a new inbox gets (api.md Inbox: 9 minutes and 5 of jitter;
 *  the ticks draw the jitter at 0) unless `gap` says otherwise. */
const inboxOf = (campaignId: string, gap = { minGapMinutes: 9, gapJitterMinutes: 5 }) =>
  world.senderInbox(campaignId, { email: `sam-${randomUUID().slice(0, 6)}@acme.test`, dailyCap: 100, rampStart: 100, ...gap });

const leadsOf = (campaignId: string, n: number) =>
  createLeads(
    world.service,
    world.me.workspaceId,
    campaignId,
    Array.from({ length: n }, (_, i) => ({
      email: `lead${i}-${randomUUID().slice(0, 6)}@client.test`,
      vars: { firstName: `Ada${i}` },
      createdAt: new Date(clock.now().getTime() - DAY),
    })),
  );

const leadRow = async (id: string) => (await db(`select * from lead where id = ?`, [id]))[0];
const inboxRow = async (id: string) => (await db(`select * from inbox where id = ?`, [id]))[0];
const tasksOf = (leadId: string) => db(`select * from task where lead_id = ? order by step_position`, [leadId]);
const sendsOf = (leadId: string) => db(`select * from send where lead_id = ? order by step_position`, [leadId]);

describe('a task step', () => {
  it("opens right after the email before it, while the lead's own inbox is still in its gap", async () => {
    const campaignId = await campaignWith([EMAIL('Hello {{firstName}}'), TASK(), EMAIL('', { waitMinutes: 1440 })]);
    const inbox = await inboxOf(campaignId);
    const [lead] = await leadsOf(campaignId, 1);
    expect(await tick()).toMatchObject({ sent: 1 });
    const gapEnds = new Date((await inboxRow(inbox.id)).next_free_at);
    expect(gapEnds.getTime()).toBe(clock.now().getTime() + 9 * MINUTE);

    clock.advance(MINUTE);
    await tick();
    expect(clock.now().getTime()).toBeLessThan(gapEnds.getTime());
    const [task] = await tasksOf(lead!.id);
    expect(task).toMatchObject({ step_position: 2, status: 'open', kind: 'linkedin_connect', text: 'Connect with Ada0' });
    expect(await leadRow(lead!.id)).toMatchObject({ current_step: 1, next_due_at: null, mailbox_id: inbox.id });
    // The team sees it at once, through either door.
    expect((await world.me.client.get('/tasks')).body.map((t: { id: string }) => t.id)).toContain(task.id);
    const gql = await world.me.client.gql(ops.TasksDocument, {});
    expect(gql.data!.tasks.map((t) => t.id)).toContain(task.id);

    // Closed, the lead's next email still goes from its own inbox, once its gap is over, in its thread.
    expect((await world.me.client.post(`/tasks/${task.id}/done`)).status).toBe(200);
    clock.at = new Date(clock.now().getTime() + DAY + MINUTE);
    await tick();
    const sends = await sendsOf(lead!.id);
    expect(sends.map((s: { step_position: number; inbox_id: string; status: string }) => [s.step_position, s.inbox_id, s.status])).toEqual([
      [1, inbox.id, 'sent'],
      [3, inbox.id, 'sent'],
    ]);
    expect(sends[1].subject).toBe(`Re: ${sends[0].subject}`);
  });

  it("opens for a new lead that already has its own inbox (a subsequence's joined lead) while that inbox is paused", async () => {
    const campaignId = await campaignWith([TASK(), EMAIL('Hello {{firstName}}', { waitMinutes: 1440 })]);
    const inbox = await inboxOf(campaignId, { minGapMinutes: 0, gapJitterMinutes: 0 });
    const [lead] = await leadsOf(campaignId, 1);
    // A joined lead carries its parent lead's inbox from the start (subsequences.queries.ts JOINED_COLUMNS).
    await db(`update lead set mailbox_id = ? where id = ?`, [inbox.id, lead!.id]);
    expect((await world.me.client.post(`/mailboxes/${inbox.id}/pause`)).status).toBe(200);
    await tick();
    expect(await tasksOf(lead!.id)).toMatchObject([{ step_position: 1, status: 'open' }]);
    expect(await sendsOf(lead!.id)).toEqual([]);
  });
});

describe('a lead whose remaining steps are all skipped', () => {
  it("completes at once while its own inbox is paused (a clicked step it did not click); a clicker's email waits for the inbox", async () => {
    const campaignId = await campaignWith([EMAIL('Hello {{firstName}}'), EMAIL('', { waitMinutes: 60, condition: 'clicked' })]);
    const inbox = await inboxOf(campaignId, { minGapMinutes: 0, gapJitterMinutes: 0 });
    const [quiet, clicker] = await leadsOf(campaignId, 2);
    await tick();
    await tick();
    const [sent] = await sendsOf(clicker!.id);
    await db(
      `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human, human_at, person_at, last_hit_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, 'click', 'GET', 'https://acme.test/a', true, ?, ?, ?)`,
      [clock.now(), world.me.workspaceId, sent.id, clicker!.id, campaignId, ...Array(3).fill(new Date(clock.now().getTime() + 30 * MINUTE))],
    );
    expect((await world.me.client.post(`/mailboxes/${inbox.id}/pause`)).status).toBe(200);
    clock.advance(61 * MINUTE);
    await tick();
    expect(await leadRow(quiet!.id)).toMatchObject({ status: 'completed', current_step: 2 });
    const waiting = await leadRow(clicker!.id);
    expect(waiting).toMatchObject({ status: 'active', current_step: 1 });
    expect(await sendsOf(clicker!.id)).toHaveLength(1);
    const events = await db(`select payload from event where kind = 'lead_completed' and payload->>'campaign_id' = ?`, [campaignId]);
    expect(events.map((e: { payload: { lead_id: string } }) => e.payload.lead_id)).toEqual([quiet!.id]);
  });

  it('completes at once a lead that replied (no_reply steps skipped, stop_on_reply off) while its own inbox rests in its gap', async () => {
    const campaignId = await campaignWith([EMAIL('Hello {{firstName}}'), EMAIL('', { waitMinutes: 1440 })], { stopOnReply: false });
    const inbox = await inboxOf(campaignId);
    const [lead] = await leadsOf(campaignId, 1);
    await tick();
    await db(`update lead set replied_at = ? where id = ?`, [clock.now(), lead!.id]);
    // The next day the inbox has just sent another lead's email and rests for nine minutes.
    clock.advance(DAY);
    await db(`update inbox set next_free_at = ? where id = ?`, [new Date(clock.now().getTime() + 9 * MINUTE), inbox.id]);
    await tick();
    expect(await leadRow(lead!.id)).toMatchObject({ status: 'completed', current_step: 2 });
    expect(await sendsOf(lead!.id)).toHaveLength(1);
  });
});

describe("a waiting inbox's backlog", () => {
  it('is never read in front of the leads that can move: 60 clickers waiting for their paused inbox, due first, keep no task from opening and no other inbox from sending', async () => {
    // Step 2 is for clickers; the others skip it to the task, then a bump.
    const campaignId = await campaignWith([EMAIL('Hello {{firstName}}'), EMAIL('', { waitMinutes: 60, condition: 'clicked' }), TASK(), EMAIL('', { waitMinutes: 1440 })]);
    const paused = await inboxOf(campaignId, { minGapMinutes: 0, gapJitterMinutes: 0 });
    const ready = await inboxOf(campaignId, { minGapMinutes: 0, gapJitterMinutes: 0 });
    const clickers = await leadsOf(campaignId, 60);
    const [quiet, other] = await leadsOf(campaignId, 2);
    // Each had step 1 from its own inbox two hours ago; the clickers' step 2 became due first.
    const sentAt = new Date(clock.now().getTime() - 2 * HOUR);
    const stepOne = async (leadId: string, inboxId: string, dueAt: Date) => {
      await db(`update lead set status = 'active', current_step = 1, last_step_at = ?, last_sent_at = ?, next_due_at = ?, mailbox_id = ? where id = ?`, [
        sentAt,
        sentAt,
        dueAt,
        inboxId,
        leadId,
      ]);
      const [send] = await db(
        `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, subject, scheduled_for, sent_at, attempts)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, 'step', 1, 1, true, 'sent', ?, 'Hello', ?, ?, 1) returning id`,
        [sentAt, world.me.workspaceId, campaignId, leadId, inboxId, `<${randomUUID()}@acme.test>`, sentAt, sentAt],
      );
      return send.id as string;
    };
    const click = (sendId: string, leadId: string) =>
      db(
        `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human, human_at, person_at, last_hit_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, 'click', 'GET', 'https://acme.test/a', true, ?, ?, ?)`,
        [sentAt, world.me.workspaceId, sendId, leadId, campaignId, ...Array(3).fill(new Date(sentAt.getTime() + 30 * MINUTE))],
      );
    for (const [i, c] of clickers.entries()) await click(await stepOne(c.id, paused.id, new Date(sentAt.getTime() + 60 * MINUTE + i)), c.id);
    await stepOne(quiet!.id, paused.id, new Date(sentAt.getTime() + 90 * MINUTE));
    // The other inbox's lead clicked too: its step 2 is an email, from its own inbox, which can send.
    await click(await stepOne(other!.id, ready.id, new Date(sentAt.getTime() + 90 * MINUTE)), other!.id);
    expect((await world.me.client.post(`/mailboxes/${paused.id}/pause`)).status).toBe(200);
    const before = await db(`select id, next_due_at, current_step from lead where campaign_id = ? and mailbox_id = ? order by id`, [campaignId, paused.id]);

    expect(await tick()).toMatchObject({ sent: 1 });
    // The quiet lead skipped the clickers' step to its task; the other inbox sent its own lead's step.
    expect(await tasksOf(quiet!.id)).toMatchObject([{ step_position: 3, status: 'open' }]);
    expect(await leadRow(quiet!.id)).toMatchObject({ current_step: 2, next_due_at: null });
    expect(await sendsOf(other!.id)).toMatchObject([{ step_position: 1 }, { step_position: 2, inbox_id: ready.id, status: 'sent' }]);
    // The clickers wait for their own inbox, untouched.
    const after = await db(`select id, next_due_at, current_step from lead where campaign_id = ? and mailbox_id = ? and id <> ? order by id`, [campaignId, paused.id, quiet!.id]);
    expect(after).toEqual(before.filter((l: { id: string }) => l.id !== quiet!.id));
    expect(await db(`select 1 from send where campaign_id = ? and step_position = 2 and inbox_id = ?`, [campaignId, paused.id])).toEqual([]);
  });
});

describe('the due read judges a condition in SQL as nextDue does', () => {
  it('conditionHoldsSql agrees with conditionHolds for replies, interest labels and clicks (a person, a scanner, none)', async () => {
    const campaignId = await campaignWith([EMAIL('Hello')]);
    const inbox = await inboxOf(campaignId, { minGapMinutes: 0, gapJitterMinutes: 0 });
    const shapes = [] as { replied: boolean; interest: string | null; click: 'none' | 'person' | 'scanner' | 'unsent' }[];
    for (const replied of [false, true])
      for (const interest of [null, 'interested', 'not_interested', 'won'])
        for (const click of ['none', 'person', 'scanner', 'unsent'] as const) shapes.push({ replied, interest, click });
    const leads = await leadsOf(campaignId, shapes.length);
    for (const [i, shape] of shapes.entries()) {
      const lead = leads[i]!;
      await db(`update lead set replied_at = ?, interest = ? where id = ?`, [shape.replied ? clock.now() : null, shape.interest, lead.id]);
      if (shape.click === 'none') continue;
      const sentAt = shape.click === 'unsent' ? null : new Date(clock.now().getTime() - HOUR);
      const [send] = await db(
        `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, scheduled_for, sent_at, attempts)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, 'step', 1, 1, true, ?, ?, ?, ?, 1) returning id`,
        [clock.now(), world.me.workspaceId, campaignId, lead.id, inbox.id, sentAt ? 'sent' : 'queued', `<${randomUUID()}@acme.test>`, clock.now(), sentAt],
      );
      // A scanner's click is recorded with no person_at (public-links.service.ts).
      const personAt = shape.click === 'scanner' ? null : clock.now();
      await db(
        `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human, human_at, person_at, last_hit_at)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, 'click', 'GET', 'https://acme.test/a', ?, ?, ?, ?)`,
        [clock.now(), world.me.workspaceId, send.id, lead.id, campaignId, personAt !== null, personAt, personAt, clock.now()],
      );
    }
    const em = world.service.deps.orm.em.fork();
    const clicks = await leadClicks(
      em,
      leads.map((l) => l.id),
    );
    const conditions: StepCondition[] = ['no_reply', 'interested', 'not_interested', 'clicked'];
    const rows = await sql(
      em,
      `select l.id, x.cond, ${conditionHoldsSql('x.cond', 'l')} as holds from lead l cross join unnest(?::text[]) as x(cond) where l.id = any(?::uuid[])`,
      [`{${conditions.join(',')}}`, `{${leads.map((l) => l.id).join(',')}}`],
    );
    expect(rows).toHaveLength(leads.length * conditions.length);
    let held = 0;
    for (const r of rows) {
      const row = await leadRow(String(r.id));
      const lead = { repliedAt: row.replied_at, interest: row.interest, clicks: clicks.get(String(r.id)) ?? [] };
      expect({ id: r.id, cond: r.cond, holds: r.holds }).toEqual({ id: r.id, cond: r.cond, holds: conditionHolds(r.cond as StepCondition, lead) });
      if (r.holds) held++;
    }
    // Both answers occur for every condition.
    expect(held).toBeGreaterThan(0);
    for (const cond of conditions) expect(new Set(rows.filter((r) => r.cond === cond).map((r) => r.holds))).toEqual(new Set([true, false]));
  });
});
