// api.md "Steps and templates" rules 9 and 10: saving, listing, applying and deleting sequence
// templates, through REST and GraphQL, with workspace isolation.
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { type Account, type Client, expectError, signUp } from '../support/client';
import { createStepCampaign, createTemplateRow, startCampaign, storedSteps } from '../support/factories/step-campaign.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let orm: MikroORM;
let a: Account;
let b: Account;
let api: Client;

beforeAll(async () => {
  service = await startTestService();
  orm = service.deps.orm;
  [a, b] = await Promise.all([signUp(service.url), signUp(service.url)]);
  api = a.client;
});
afterAll(() => service.stop());

const SEQUENCE = [
  {
    position: 1,
    wait_minutes: 0,
    variants: [
      { subject: 'Hello', body: 'First' },
      { subject: 'Hi', body: 'Other' },
    ],
  },
  { position: 2, wait_minutes: 60, variants: [], task: { kind: 'linkedin_message', text: 'Message {{firstName}}' }, condition: 'not_interested' },
  { position: 3, wait_minutes: 2880, variants: [{ subject: '', body: 'Bump' }] },
];

/** A campaign of `owner` holding `steps` (written through PUT). */
async function campaignWith(steps: unknown[] = SEQUENCE, owner = a): Promise<string> {
  const id = await createStepCampaign(orm, owner.workspaceId);
  if (steps.length) expect((await owner.client.put(`/campaigns/${id}/steps`, steps)).status).toBe(200);
  return id;
}

const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

async function saveTemplate(name = unique('Template'), campaignId?: string, owner = a): Promise<{ id: string; name: string }> {
  const res = await owner.client.post('/sequence-templates', { name, campaign_id: campaignId ?? (await campaignWith(SEQUENCE, owner)) });
  expect(res.status).toBe(200);
  return res.body;
}

/** The parts of stored steps a template carries (ids and campaign differ by design). */
const contents = (steps: Awaited<ReturnType<typeof storedSteps>>) =>
  steps.map(({ position, waitMinutes, variants, task, condition }) => ({ position, waitMinutes, variants, task, condition }));

describe('POST /sequence-templates', () => {
  it('saves the steps as they are now and answers {id, name, steps}', async () => {
    const campaignId = await campaignWith();
    await api.patch(`/campaigns/${campaignId}/steps/1/variants/2`, { enabled: false });
    const name = unique('Three touches');
    const res = await api.post('/sequence-templates', { name: `  ${name} `, campaign_id: campaignId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String), name, steps: 3 });
    // Applying it elsewhere reproduces the steps, switched-off variant included.
    const target = await campaignWith([]);
    await api.post(`/campaigns/${target}/steps/from-template`, { template_id: res.body.id });
    expect(contents(await storedSteps(orm, target))).toEqual(contents(await storedSteps(orm, campaignId)));
    expect((await storedSteps(orm, target))[0].variants[1].enabled).toBe(false);
  });

  it('refuses a campaign with no steps (400 no_steps)', async () => {
    expectError(await api.post('/sequence-templates', { name: unique('Empty'), campaign_id: await campaignWith([]) }), 400, 'no_steps');
  });

  it('refuses a name already used in the workspace (409 name_taken), trimmed', async () => {
    const { name } = await saveTemplate();
    expectError(await api.post('/sequence-templates', { name: ` ${name}`, campaign_id: await campaignWith() }), 409, 'name_taken');
  });

  it('allows a name another workspace uses', async () => {
    const { name } = await saveTemplate();
    expect((await b.client.post('/sequence-templates', { name, campaign_id: await campaignWith(SEQUENCE, b) })).status).toBe(200);
  });

  it.each([
    ['no name', { campaign_id: randomUUID() }, 'name'],
    ['a blank name', { name: '   ', campaign_id: randomUUID() }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201), campaign_id: randomUUID() }, 'name'],
    ['no campaign', { name: 'T' }, 'campaign_id'],
    ['a numeric campaign id', { name: 'T', campaign_id: 7 }, 'campaign_id'],
    ['an unknown field', { name: 'T', campaign_id: randomUUID(), steps: [] }, 'steps'],
    ['a NUL character in the name', { name: 'T\u0000', campaign_id: randomUUID() }, 'name'],
  ])('refuses %s (400)', async (_what, body, field) => {
    const err = expectError(await api.post('/sequence-templates', body), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  it('answers 404 for a malformed, unknown or other workspace campaign', async () => {
    expectError(await api.post('/sequence-templates', { name: unique('T'), campaign_id: 'abc' }), 404, 'not_found');
    expectError(await api.post('/sequence-templates', { name: unique('T'), campaign_id: randomUUID() }), 404, 'not_found');
    expectError(await b.client.post('/sequence-templates', { name: unique('T'), campaign_id: await campaignWith() }), 404, 'not_found');
  });
});

describe('GET /sequence-templates', () => {
  it('lists the workspace templates by name with their step count and created_at, never others', async () => {
    const owner = await signUp(service.url);
    const other = await signUp(service.url);
    const id = await campaignWith(SEQUENCE, owner);
    for (const name of ['Zulu', 'alpha', 'Mike']) await owner.client.post('/sequence-templates', { name, campaign_id: id });
    await other.client.post('/sequence-templates', { name: 'Other workspace', campaign_id: await campaignWith(SEQUENCE, other) });
    const res = await owner.client.get('/sequence-templates');
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(['alpha', 'Mike', 'Zulu']);
    expect(res.body[0]).toEqual({ id: expect.any(String), name: expect.any(String), steps: 3, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect((await other.client.get('/sequence-templates')).body.map((t: { name: string }) => t.name)).toEqual(['Other workspace']);
  });
});

describe('POST /campaigns/:id/steps/from-template', () => {
  it("replaces the campaign's steps with the template's and answers {steps}", async () => {
    const template = await saveTemplate();
    const target = await campaignWith([{ position: 1, wait_minutes: 0, variants: [{ subject: 'Old', body: 'old' }] }]);
    const res = await api.post(`/campaigns/${target}/steps/from-template`, { template_id: template.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ steps: 3 });
    const stored = await storedSteps(orm, target);
    expect(stored.map((s) => [s.position, s.task?.kind ?? 'email', s.condition])).toEqual([
      [1, 'email', null],
      [2, 'linkedin_message', 'not_interested'],
      [3, 'email', null],
    ]);
  });

  it('keeps the template a copy: later edits to the source campaign do not change it', async () => {
    const source = await campaignWith();
    const template = await saveTemplate(unique('Copy'), source);
    await api.put(`/campaigns/${source}/steps`, [{ position: 1, wait_minutes: 0, variants: [{ subject: 'Changed', body: 'changed' }] }]);
    const target = await campaignWith([]);
    expect((await api.post(`/campaigns/${target}/steps/from-template`, { template_id: template.id })).body).toEqual({ steps: 3 });
    expect((await storedSteps(orm, target))[0].variants[0].subject).toBe('Hello');
  });

  it.each(['sent', 'task_closed'] as const)('answers 409 sequence_locked once the campaign has started (%s)', async (how) => {
    const template = await saveTemplate();
    const target = await campaignWith([{ position: 1, wait_minutes: 0, variants: [{ subject: 'Live', body: 'live' }] }]);
    await startCampaign(orm, target, how);
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, { template_id: template.id }), 409, 'sequence_locked');
    expect((await storedSteps(orm, target)).map((s) => s.variants[0].subject)).toEqual(['Live']);
  });

  it('runs the same validation as PUT on the template steps', async () => {
    const templateId = await createTemplateRow(orm, a.workspaceId, unique('Too quick'), [
      { position: 1, waitMinutes: 0, variants: [{ subject: 'S', body: 'B', enabled: true }], task: null, condition: null },
      { position: 2, waitMinutes: 30, variants: [{ subject: '', body: 'Too soon', enabled: true }], task: null, condition: null },
    ]);
    const target = await campaignWith([]);
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, { template_id: templateId }), 400, 'follow_up_wait_too_short');
    expect(await storedSteps(orm, target)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed template and an unknown campaign', async () => {
    const target = await campaignWith([]);
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, { template_id: randomUUID() }), 404, 'not_found');
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, { template_id: 'nope' }), 404, 'not_found');
    expectError(await api.post(`/campaigns/${randomUUID()}/steps/from-template`, { template_id: (await saveTemplate()).id }), 404, 'not_found');
  });

  it('refuses a body without template_id (400)', async () => {
    const target = await campaignWith([]);
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, {}), 400, 'validation_failed');
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, { templateId: randomUUID() }), 400, 'validation_failed');
  });
});

describe('DELETE /sequence-templates/:id', () => {
  it('deletes the template and leaves campaigns that used it unchanged', async () => {
    const template = await saveTemplate();
    const target = await campaignWith([]);
    await api.post(`/campaigns/${target}/steps/from-template`, { template_id: template.id });
    const before = await storedSteps(orm, target);
    const res = await api.delete(`/sequence-templates/${template.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await api.get('/sequence-templates')).body.map((t: { id: string }) => t.id)).not.toContain(template.id);
    expect(await storedSteps(orm, target)).toEqual(before);
    expectError(await api.delete(`/sequence-templates/${template.id}`), 404, 'not_found');
    expectError(await api.post(`/campaigns/${target}/steps/from-template`, { template_id: template.id }), 404, 'not_found');
  });

  it('frees the name for a new template', async () => {
    const template = await saveTemplate();
    await api.delete(`/sequence-templates/${template.id}`);
    expect((await api.post('/sequence-templates', { name: template.name, campaign_id: await campaignWith() })).status).toBe(200);
  });

  it('answers 404 for a malformed id', async () => {
    expectError(await api.delete('/sequence-templates/not-an-id'), 404, 'not_found');
  });
});

describe('workspace isolation', () => {
  it('never lets another workspace read, apply or delete a template, or apply one to its campaign', async () => {
    const template = await saveTemplate();
    const ownCampaign = await campaignWith([]);
    const theirCampaign = await campaignWith([], b);
    // B cannot use A's template on B's campaign, nor A's campaign with B's template.
    expectError(await b.client.post(`/campaigns/${theirCampaign}/steps/from-template`, { template_id: template.id }), 404, 'not_found');
    const theirTemplate = await saveTemplate(unique('Theirs'), await campaignWith(SEQUENCE, b), b);
    expectError(await api.post(`/campaigns/${ownCampaign}/steps/from-template`, { template_id: theirTemplate.id }), 404, 'not_found');
    expectError(await b.client.post(`/campaigns/${ownCampaign}/steps/from-template`, { template_id: theirTemplate.id }), 404, 'not_found');
    expectError(await b.client.delete(`/sequence-templates/${template.id}`), 404, 'not_found');
    expect((await b.client.get('/sequence-templates')).body.map((t: { id: string }) => t.id)).not.toContain(template.id);
    expect((await api.get('/sequence-templates')).body.map((t: { id: string }) => t.id)).toContain(template.id);
    expect(await storedSteps(orm, ownCampaign)).toEqual([]);
    expect(await storedSteps(orm, theirCampaign)).toEqual([]);

    const gqlApply = await b.client.gql(ops.ApplySequenceTemplateDocument, { campaignId: theirCampaign, templateId: template.id });
    expect(gqlApply.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const gqlDelete = await b.client.gql(ops.DeleteSequenceTemplateDocument, { id: template.id });
    expect(gqlDelete.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const gqlCreate = await b.client.gql(ops.CreateSequenceTemplateDocument, { input: { name: unique('Steal'), campaignId: await campaignWith() } });
    expect(gqlCreate.errors?.[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const gqlList = await b.client.gql(ops.SequenceTemplatesDocument);
    expect(gqlList.data!.sequenceTemplates.map((t) => t.id)).not.toContain(template.id);
  });
});

describe('GraphQL', () => {
  it('createSequenceTemplate, sequenceTemplates, applySequenceTemplate and deleteSequenceTemplate', async () => {
    const owner = await signUp(service.url);
    const source = await campaignWith(SEQUENCE, owner);
    const created = await owner.client.gql(ops.CreateSequenceTemplateDocument, { input: { name: 'Via GraphQL', campaignId: source } });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createSequenceTemplate).toEqual({ id: expect.any(String), name: 'Via GraphQL', steps: 3, createdAt: expect.any(String) });
    const templateId = created.data!.createSequenceTemplate.id;

    const list = await owner.client.gql(ops.SequenceTemplatesDocument);
    expect(list.data!.sequenceTemplates).toEqual([created.data!.createSequenceTemplate]);

    const target = await campaignWith([], owner);
    const applied = await owner.client.gql(ops.ApplySequenceTemplateDocument, { campaignId: target, templateId });
    expect(applied.data!.applySequenceTemplate).toEqual({ steps: 3 });
    expect(contents(await storedSteps(orm, target))).toEqual(contents(await storedSteps(orm, source)));

    const deleted = await owner.client.gql(ops.DeleteSequenceTemplateDocument, { id: templateId });
    expect(deleted.data!.deleteSequenceTemplate).toEqual({ deleted: true });
    expect((await owner.client.gql(ops.SequenceTemplatesDocument)).data!.sequenceTemplates).toEqual([]);
  });

  it('refuses with the same codes as REST', async () => {
    const empty = await campaignWith([]);
    const noSteps = await api.gql(ops.CreateSequenceTemplateDocument, { input: { name: unique('None'), campaignId: empty } });
    expect(noSteps.errors?.[0].extensions).toMatchObject({ code: 'no_steps', status: 400 });

    const template = await saveTemplate();
    const taken = await api.gql(ops.CreateSequenceTemplateDocument, { input: { name: template.name, campaignId: await campaignWith() } });
    expect(taken.errors?.[0].extensions).toMatchObject({ code: 'name_taken', status: 409 });

    const blank = await api.gql(ops.CreateSequenceTemplateDocument, { input: { name: ' ', campaignId: empty } });
    expect(blank.errors?.[0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });

    const started = await campaignWith();
    await startCampaign(orm, started);
    const locked = await api.gql(ops.ApplySequenceTemplateDocument, { campaignId: started, templateId: template.id });
    expect(locked.errors?.[0].extensions).toMatchObject({ code: 'sequence_locked', status: 409 });

    const anonymous = await api.withToken(null).gql(ops.SequenceTemplatesDocument);
    expect(anonymous.errors?.[0].extensions).toMatchObject({ code: 'unauthorized' });
  });
});
