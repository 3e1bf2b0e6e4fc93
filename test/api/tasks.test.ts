// Tasks (api.md Tasks) as the engine opens them: listed due first while the lead fits its step; done
// and skip close them once (409 after) and move the lead on, the next wait counting from the close.
import { randomUUID } from 'node:crypto';
import { expectError, signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { HOUR, MONDAY_10, sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db, tick } = world;

/** A campaign whose step 1 is a LinkedIn task and step 2 an email a day later; leads added an hour apart. */
async function taskCampaign(leads: Record<string, string>[]) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', name: 'Social first' });
  await addStep(world.service, world.me.workspaceId, campaign.id, { variants: [], task: { kind: 'linkedin_connect', text: 'Connect with {{firstName|them}} at {{company}}' } });
  await addStep(world.service, world.me.workspaceId, campaign.id, { waitMinutes: 1440 });
  await world.senderInbox(campaign.id);
  const rows = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    leads.map((vars, i) => ({ email: `t${i}-${randomUUID().slice(0, 6)}@client.test`, vars, createdAt: new Date(MONDAY_10.getTime() - (10 - i) * HOUR) })),
  );
  return { campaignId: campaign.id, leadIds: rows.map((l) => l.id) };
}

it("opens a task when a task step comes due and lists it, due first, with the lead's profile and phone", async () => {
  const s = await taskCampaign([{ firstName: 'Ann', company: 'Acme', linkedin_url: 'https://linkedin.example/in/ann', phone: '+1 555 0100' }, { company: 'Bolt' }]);
  const report = await tick();
  expect(report.sent).toBe(0);
  const res = await world.me.client.get('/tasks');
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(2);
  expect(res.body[0]).toMatchObject({
    kind: 'linkedin_connect',
    text: 'Connect with Ann at Acme',
    step_position: 1,
    due_at: new Date(MONDAY_10.getTime() - 10 * HOUR).toISOString(),
    campaign: { id: s.campaignId, name: 'Social first' },
    lead: { id: s.leadIds[0], linkedin: 'https://linkedin.example/in/ann', phone: '+1 555 0100', vars: { firstName: 'Ann' } },
  });
  expect(res.body[1]).toMatchObject({ text: 'Connect with them at Bolt', lead: { id: s.leadIds[1], linkedin: null, phone: null } });
  // Ticks do not open it twice.
  await tick();
  expect((await db(`select count(*)::int as n from task where campaign_id = ?`, [s.campaignId]))[0].n).toBe(2);
});

it('done moves the lead to its next step, counted from the close, once; the email follows after the wait', async () => {
  const s = await taskCampaign([{ firstName: 'Ann' }]);
  await tick();
  const [task] = (await world.me.client.get('/tasks')).body;
  clock.at = new Date(MONDAY_10.getTime() + 2 * HOUR);
  expect((await world.me.client.post(`/tasks/${task.id}/done`, {})).body).toEqual({ status: 'done' });
  expectError(await world.me.client.post(`/tasks/${task.id}/done`, {}), 409, 'task_closed');
  expectError(await world.me.client.post(`/tasks/${task.id}/skip`, {}), 409, 'task_closed');
  const [lead] = await db(`select status, current_step, next_due_at from lead where id = ?`, [s.leadIds[0]]);
  expect(lead.status).toBe('active');
  expect(lead.current_step).toBe(1);
  expect(new Date(lead.next_due_at).getTime()).toBe(MONDAY_10.getTime() + 2 * HOUR + 24 * HOUR);
  const [campaign] = await db(`select first_task_closed_at from campaign where id = ?`, [s.campaignId]);
  expect(new Date(campaign.first_task_closed_at).getTime()).toBe(MONDAY_10.getTime() + 2 * HOUR);
  expect((await world.me.client.get('/tasks')).body).toEqual([]);
  clock.at = new Date(MONDAY_10.getTime() + 25 * HOUR);
  expect((await tick()).sent).toBe(0);
  clock.at = new Date(MONDAY_10.getTime() + 26 * HOUR);
  expect((await tick()).sent).toBe(1);
  const timeline = (await world.me.client.get(`/leads/${s.leadIds[0]}/activity`)).body.timeline;
  expect(timeline.map((e: { type: string; step_label: string | null }) => [e.type, e.step_label])).toEqual([
    ['added', null],
    ['task', 'LinkedIn connection'],
    ['task_done', 'LinkedIn connection'],
    ['sent', 'Step 2'],
  ]);
});

it('skip closes the task as skipped and moves the lead on too', async () => {
  const s = await taskCampaign([{}]);
  await tick();
  const [task] = (await world.me.client.get('/tasks')).body;
  expect((await world.me.client.post(`/tasks/${task.id}/skip`, {})).body).toEqual({ status: 'skipped' });
  expect((await db(`select status, closed_at from task where id = ?`, [task.id]))[0].status).toBe('skipped');
  expect((await db(`select current_step from lead where id = ?`, [s.leadIds[0]]))[0].current_step).toBe(1);
});

it('does not list a task whose lead no longer fits its step: paused, stopped, or the step is no longer a task', async () => {
  const s = await taskCampaign([{}, {}, {}]);
  await tick();
  expect((await world.me.client.get('/tasks')).body).toHaveLength(3);
  await db(`update lead set status = 'paused' where id = ?`, [s.leadIds[0]]);
  await db(`update lead set status = 'replied', stop_reason = 'replied' where id = ?`, [s.leadIds[1]]);
  expect((await world.me.client.get('/tasks')).body.map((t: { lead: { id: string } }) => t.lead.id)).toEqual([s.leadIds[2]]);
  await db(`update step set task = null, variants = '[{"subject":"Hi","body":"Hello","enabled":true}]' where campaign_id = ? and position = 1`, [s.campaignId]);
  expect((await world.me.client.get('/tasks')).body).toEqual([]);
});

it("answers 404 for another workspace's or a malformed task id, and works through GraphQL", async () => {
  await taskCampaign([{ firstName: 'Gil' }]);
  await tick();
  const other = await signUp(world.service.url);
  const [task] = (await world.me.client.get('/tasks')).body;
  expectError(await other.client.post(`/tasks/${task.id}/done`, {}), 404, 'not_found');
  expectError(await world.me.client.post('/tasks/not-a-task/done', {}), 404, 'not_found');
  const list = await world.me.client.gql(ops.TasksDocument, {});
  expect(list.data?.tasks).toHaveLength(1);
  expect(list.data?.tasks[0]).toMatchObject({ text: 'Connect with Gil at ', stepPosition: 1, lead: { linkedin: null } });
  const done = await world.me.client.gql(ops.SkipTaskDocument, { id: task.id });
  expect(done.data?.skipTask).toEqual({ status: 'skipped' });
  const again = await world.me.client.gql(ops.DoneTaskDocument, { id: task.id });
  expect(again.errors?.[0]?.extensions?.code).toBe('task_closed');
});
