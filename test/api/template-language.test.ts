// The template language from outside (decisions.md §11; src/modules/templates/README.md), through REST and
// GraphQL: merge field names matched ignoring case, spaces, underscores and hyphens (preview, merge-check,
// saved replies, blank_columns, column names); RANDOM drawn per lead, step and variant; conditions in
// preview, merge-check and copy-check; 400 template_invalid at PUT steps, sequence templates, saved
// replies, one-off emails, answers to replies, prompt columns and activation.
import { randomUUID } from 'node:crypto';
import { renderTemplate } from '../../src/modules/templates/render';
import { leadValue } from '../../src/modules/templates/field-names';
import { spinSeed } from '../../src/modules/templates/spin';
import { expectError, signUp, type Account } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { createTemplateRow } from '../support/factories/step-campaign.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url, { timezone: 'UTC' });
});
afterAll(() => service?.stop());

const db = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

type Variant = { subject: string; body: string; enabled?: boolean };

/** A campaign through the API, with steps (PUT) and an inbox when asked; leads by the factory. */
async function campaignWith(opts: { steps?: Variant[][]; inbox?: boolean; leads?: Record<string, string>[] } = {}) {
  const id = (await me.client.post('/campaigns', { name: `Templates ${randomUUID().slice(0, 6)}` })).body.id as string;
  if (opts.steps) {
    const put = await me.client.put(
      `/campaigns/${id}/steps`,
      opts.steps.map((variants, i) => ({ position: i + 1, wait_minutes: i ? 1440 : 0, variants })),
    );
    expect(put.status).toBe(200);
  }
  if (opts.inbox) {
    const inbox = await createInbox(service, me.workspaceId, { email: `sam-${randomUUID().slice(0, 6)}@sender.test`, fromName: 'Sam Lee' });
    expect((await me.client.patch(`/campaigns/${id}`, { mailbox_ids: [inbox.id] })).status).toBe(200);
  }
  const leads = await createLeads(
    service,
    me.workspaceId,
    id,
    (opts.leads ?? []).map((vars, i) => ({ email: `lead-${i}-${randomUUID().slice(0, 8)}@client.test`, vars, createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)) })),
  );
  return { id, leads };
}

/** POST preview and previewCampaign: the same answer through both doors. */
async function preview(id: string, input: { lead_id?: string; steps?: { subject: string; body: string }[] } = {}) {
  const rest = await me.client.post(`/campaigns/${id}/preview`, input);
  expect(rest.status).toBe(200);
  const gql = await me.client.gql(ops.PreviewCampaignDocument, { id, input: { leadId: input.lead_id, steps: input.steps } });
  expect(gql.errors).toBeUndefined();
  expect(gql.data!.previewCampaign).toEqual(rest.body);
  return rest.body as { steps: { subject: string; text: string; blanks: { field: string; source: string }[] }[]; notes: { code: string; text: string }[] };
}

async function mergeCheck(id: string) {
  const rest = await me.client.get(`/campaigns/${id}/merge-check`);
  expect(rest.status).toBe(200);
  expect((await me.client.gql(ops.CampaignMergeCheckDocument, { id })).data!.campaignMergeCheck).toEqual(rest.body);
  return rest.body as { field: string; source: string; blank: number; total: number; steps: { position: number; variant: number }[] }[];
}

/** The same refusal through REST and GraphQL: status, code and details. */
function expectBoth(rest: Parameters<typeof expectError>[0], gql: { errors?: readonly { extensions?: Record<string, unknown> }[] }, code: string, details: unknown) {
  expect(expectError(rest, 400, code).details).toEqual(details);
  expect(gql.errors?.[0]?.extensions).toMatchObject({ code, status: 400, details });
}

// ---------------------------------------------------------------------------------------------------
describe('merge field names: exact first, then ignoring case, spaces, underscores and hyphens', () => {
  it('preview finds a field by any spelling, and an exact match wins', async () => {
    const { id, leads } = await campaignWith({
      inbox: true,
      leads: [
        { first_name: 'Ana', 'Company Name': 'Acme' },
        { 'First Name': 'loose', first_name: 'exact' },
      ],
    });
    const steps = [{ subject: 'Hi {{firstName}}', body: '{{First Name}}/{{firstname}}/{{ FIRST-NAME }} at {{company_name}}, {{companyName}}, {{COMPANY NAME}}' }];
    const ana = await preview(id, { lead_id: leads[0]!.id, steps });
    expect(ana.steps[0]).toMatchObject({ subject: 'Hi Ana', text: 'Ana/Ana/Ana at Acme, Acme, Acme', blanks: [] });
    const both = await preview(id, { lead_id: leads[1]!.id, steps: [{ subject: '{{first_name}}', body: '{{firstName}} {{First Name}}' }] });
    expect(both.steps[0]).toMatchObject({ subject: 'exact', text: 'loose loose' });
  });

  it('merge-check counts what sending renders: a field found by another spelling is not blank', async () => {
    const { id } = await campaignWith({
      steps: [[{ subject: 'Hi {{firstName}}', body: '{{Company_Name}} {{sendingAccountFirstName}} {{sending_account_first_name}}' }]],
      leads: [{ first_name: 'A', company: 'x' }, { 'First Name': 'B' }, { firstname: ' ', 'company-name': 'Acme' }, {}],
    });
    const rows = (await db(`select vars from lead where campaign_id = ?`, [id])) as { vars: Record<string, string> }[];
    const blank = (name: string) => rows.filter((r) => (leadValue(r.vars, name) ?? '').trim() === '').length;
    expect(blank('firstName')).toBe(2);
    expect(await mergeCheck(id)).toEqual([
      { field: 'firstName', source: 'lead', blank: 2, total: 4, steps: [{ position: 1, variant: 1 }] },
      { field: 'Company_Name', source: 'lead', blank: blank('Company_Name'), total: 4, steps: [{ position: 1, variant: 1 }] },
    ]);
    expect(blank('Company_Name')).toBe(3);
  });

  it('saved replies render any spelling of a lead field and of the sender fields', async () => {
    const { id, leads } = await campaignWith({ leads: [{ first_name: 'Ana' }] });
    const inbox = await createInbox(service, me.workspaceId, { fromName: 'Sam Lee' });
    const saved = (
      await me.client.post('/saved-replies', { name: `Names ${id}`, body: 'Hi {{First Name}}, {{ first-name }}! {{Sending Account Name}} / {{sending_account_first_name}}' })
    ).body;
    const rest = await me.client.post(`/saved-replies/${saved.id}/render`, { lead_id: leads[0]!.id, mailbox_id: inbox.id });
    expect(rest.body).toEqual({ subject: null, body: 'Hi Ana, Ana! Sam Lee / Sam' });
    const gql = await me.client.gql(ops.RenderSavedReplyDocument, { id: saved.id, input: { leadId: leads[0]!.id, mailboxId: inbox.id } });
    expect(gql.data?.renderSavedReply).toEqual(rest.body);
  });

  it('blank_columns finds a column by any spelling, and leaves out a field guarded by its own condition', async () => {
    const { id, leads } = await campaignWith({ inbox: true, leads: [{ company: 'Acme' }, { company: 'Bolt' }] });
    const column = (await me.client.post(`/campaigns/${id}/blocks`, { name: 'company_line', kind: 'prompt', template: 'A line about {{company}}' })).body;
    expect((await me.client.patch(`/blocks/${column.id}/cells/${leads[0]!.id}`, { value: 'Nice launch' })).status).toBe(200);
    const put = (body: string) => me.client.put(`/campaigns/${id}/steps`, [{ position: 1, wait_minutes: 0, variants: [{ subject: 'Hi', body }] }]);

    expect((await put('{{Company Line}} and more')).status).toBe(200);
    expectBoth(await me.client.post(`/campaigns/${id}/activate`), await me.client.gql(ops.ActivateCampaignDocument, { id }), 'blank_columns', {
      columns: [{ name: 'company_line', leads: 1 }],
    });
    // Inside a condition on itself (any spelling), a column's merge field never renders blank.
    expect((await put('{{#if companyLine}}{{company-line}} and {{/if}}more')).status).toBe(200);
    expect((await me.client.post(`/campaigns/${id}/activate`)).body.status).toBe('active');
  });

  it('refuses a column name another spelling of which a lead field or column already has, and reserved names by any spelling', async () => {
    const { id } = await campaignWith({ leads: [{ 'First Name': 'Ana' }] });
    expectError(await me.client.post(`/campaigns/${id}/blocks`, { name: 'first_name', kind: 'prompt', template: '{{x}}' }), 400, 'column_name_taken');
    expect((await me.client.post(`/campaigns/${id}/blocks`, { name: 'opener_line', kind: 'prompt', template: '{{x}}' })).status).toBe(200);
    expectError(await me.client.post(`/campaigns/${id}/blocks`, { name: 'openerline', kind: 'prompt', template: '{{x}}' }), 400, 'column_name_taken');
    const gql = await me.client.gql(ops.CreateBlockDocument, { campaignId: id, input: { name: 'sending_account_name', kind: 'prompt', template: '{{x}}' } });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', details: { fields: { name: [expect.stringContaining('reserved')] } } });
  });
});

// ---------------------------------------------------------------------------------------------------
describe('RANDOM', () => {
  it("previews each lead's own option, the same every time, as the renderer draws it for the lead, step and variant", async () => {
    const step1 = { subject: '{{RANDOM | Hello | Hi | Hey}} {{first_name}}', body: '{{RANDOM|one|two|three|four}} {{RANDOM|a|b|c|d}}' };
    const step2 = { subject: '', body: 'Again: {{RANDOM|one|two|three|four}}' };
    const { id, leads } = await campaignWith({
      inbox: true,
      steps: [[step1], [step2]],
      leads: Array.from({ length: 12 }, (_, i) => ({ first_name: `L${i}` })),
    });
    const seen = new Set<string>();
    for (const lead of leads) {
      const expected = (step: { subject: string; body: string }, position: number, stream: number, field: 'subject' | 'body') =>
        renderTemplate(step[field], lead.vars, { unsubscribeUrl: '', seed: spinSeed(lead.id, { position, variant: 1 }), stream }).text;
      const first = await preview(id, { lead_id: lead.id });
      expect(first.steps.map((s) => [s.subject, s.text])).toEqual([
        [expected(step1, 1, 1, 'subject'), expected(step1, 1, 2, 'body')],
        [`Re: ${expected(step1, 1, 1, 'subject')}`, expected(step2, 2, 2, 'body')],
      ]);
      expect((await preview(id, { lead_id: lead.id })).steps).toEqual(first.steps);
      seen.add(first.steps[0]!.text);
    }
    // Twelve leads do not all draw alike.
    expect(seen.size).toBeGreaterThan(3);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('conditions', () => {
  const body = 'Hi {{first_name|there}},{{#if company}} a question about {{company}}{{#unless title}}.{{else}}, as {{title}}.{{/unless}}{{else}} a question.{{/if}}';

  it('preview renders the branch each lead gets, through REST and GraphQL', async () => {
    const { id, leads } = await campaignWith({
      inbox: true,
      steps: [[{ subject: 'Hi', body }]],
      leads: [{ first_name: 'Ana', company: 'Acme', title: 'CTO' }, { company: 'Bolt' }, { first_name: 'Bo', company: ' ' }],
    });
    const texts = [];
    for (const lead of leads) texts.push((await preview(id, { lead_id: lead.id })).steps[0]!.text);
    expect(texts).toEqual(['Hi Ana, a question about Acme, as CTO.', 'Hi there, a question about Bolt.', 'Hi Bo, a question.']);
  });

  it('merge-check leaves out a field inside a branch that guards it, and counts it anywhere else', async () => {
    const { id } = await campaignWith({
      steps: [
        [
          {
            subject: '{{#if first_name}}Hi {{firstName}}{{else}}Hello{{/if}}',
            body: '{{#if company}}at {{company}}{{/if}} {{#unless title}}{{else}}as {{title}}{{/unless}} {{#if company}}{{city}}{{/if}} {{#unless role}}{{role}}{{/unless}}',
          },
        ],
      ],
      leads: [{}, { company: 'Acme' }],
    });
    expect(await mergeCheck(id)).toEqual([
      { field: 'city', source: 'lead', blank: 2, total: 2, steps: [{ position: 1, variant: 1 }] },
      { field: 'role', source: 'lead', blank: 2, total: 2, steps: [{ position: 1, variant: 1 }] },
    ]);
  });

  it('copy-check counts a spam word inside a branch or a RANDOM option, through REST and GraphQL', async () => {
    const { id } = await campaignWith({
      steps: [[{ subject: '{{RANDOM|Hello|Act now}}', body: 'Hi{{#if company}} {{#unless title}}100% free{{/unless}}{{/if}} there. {{unsubscribe}}' }]],
    });
    const rest = await me.client.get(`/campaigns/${id}/copy-check`);
    expect(rest.body).toEqual([expect.objectContaining({ position: 1, variant: 1, code: 'spam_words', terms: ['act now', '100% free'] })]);
    expect((await me.client.gql(ops.CampaignCopyCheckDocument, { id })).data!.campaignCopyCheck).toEqual(rest.body);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('template_invalid', () => {
  const step = (variants: Variant[], over: Record<string, unknown> = {}) => ({ position: 1, wait_minutes: 0, variants, ...over });

  it.each([
    ['an unclosed {{#if}}', 'Hi {{#if company}}at {{company}}', 3],
    ['an unknown block', 'Hi {{#each items}}x{{/each}}', 3],
    ['a stray {{else}}', 'Hi {{first_name}} {{else}} there', 18],
    ['a close that matches nothing', 'Hi{{/if}}', 2],
    ['a mismatched close', '{{#if a}}x{{/unless}}', 10],
    ['conditions four deep', '{{#if a}}{{#if b}}{{#unless c}}{{#if d}}x{{/if}}{{/unless}}{{/if}}{{/if}}', 31],
    ['a condition without a field', 'x {{#if }}y{{/if}}', 2],
  ])('refuses PUT steps with %s in a body (details: position, variant, field, at), through REST and GraphQL; nothing is saved', async (_name, broken, at) => {
    const { id } = await campaignWith({ steps: [[{ subject: 'Hi', body: 'Saved before' }]] });
    const steps = [
      step([{ subject: 'Hi', body: 'fine' }]),
      step(
        [
          { subject: '', body: 'fine' },
          { subject: '', body: broken },
        ],
        { position: 2, wait_minutes: 1440 },
      ),
    ];
    const details = { position: 2, variant: 2, field: 'body', at };
    const gql = await me.client.gql(ops.UpdateCampaignStepsDocument, {
      campaignId: id,
      steps: steps.map((s) => ({ position: s.position, waitMinutes: s.wait_minutes, variants: s.variants })),
    });
    expectBoth(await me.client.put(`/campaigns/${id}/steps`, steps), gql, 'template_invalid', details);
    expect(((await db(`select variants from step where campaign_id = ?`, [id])) as { variants: Variant[] }[]).map((r) => r.variants[0]!.body)).toEqual(['Saved before']);
  });

  it('names a broken subject, and a task step text with variant null and field text', async () => {
    const { id } = await campaignWith();
    const subject = await me.client.put(`/campaigns/${id}/steps`, [step([{ subject: 'Hi {{#if a}}', body: 'x' }])]);
    expect(expectError(subject, 400, 'template_invalid').details).toEqual({ position: 1, variant: 1, field: 'subject', at: 3 });
    const task = await me.client.put(`/campaigns/${id}/steps`, [
      step([{ subject: 'Hi', body: 'x' }]),
      { position: 2, wait_minutes: 60, variants: [], task: { kind: 'call', text: 'Call {{#unless phone}}' } },
    ]);
    expect(expectError(task, 400, 'template_invalid').details).toEqual({ position: 2, variant: null, field: 'text', at: 5 });
    expect(expectError(task, 400).message).toContain('{{#unless phone}} at character 5 is never closed');
  });

  it('saves valid conditions, RANDOM and what only looks like a tag', async () => {
    const { id } = await campaignWith();
    const res = await me.client.put(`/campaigns/${id}/steps`, [
      step([{ subject: '{{RANDOM|Hi|Hello}}', body: '{{#if a}}{{#if b}}{{#unless c}}x{{else}}{{RANDOM|y|z}}{{/unless}}{{/if}}{{/if}} {# if}} {{#if a}\n}} {{#if {{}} {{a' }]),
    ]);
    expect(res.status).toBe(200);
  });

  it('refuses to save a sequence template from steps saved before the rule, and to apply a template holding one', async () => {
    const campaign = await createCampaign(service, me.workspaceId);
    await addStep(service, me.workspaceId, campaign.id, { position: 1, variants: [{ subject: 'Hi', body: 'Old {{#if company}} text', enabled: true }] });
    const name = `Broken ${randomUUID().slice(0, 6)}`;
    expectBoth(
      await me.client.post('/sequence-templates', { campaign_id: campaign.id, name }),
      await me.client.gql(ops.CreateSequenceTemplateDocument, { input: { campaignId: campaign.id, name } }),
      'template_invalid',
      { position: 1, variant: 1, field: 'body', at: 4 },
    );
    const templateId = await createTemplateRow(service.deps.orm, me.workspaceId, `${name} row`, [
      { position: 1, waitMinutes: 0, variants: [{ subject: 'Hi {{else}}', body: 'x', enabled: true }], task: null, condition: null },
    ]);
    const { id } = await campaignWith();
    expectBoth(
      await me.client.post(`/campaigns/${id}/steps/from-template`, { template_id: templateId }),
      await me.client.gql(ops.ApplySequenceTemplateDocument, { campaignId: id, templateId }),
      'template_invalid',
      { position: 1, variant: 1, field: 'subject', at: 3 },
    );
  });

  it('refuses activation while an enabled variant saved before the rule holds a broken tag; a disabled one does not count', async () => {
    const { id } = await campaignWith({ inbox: true, leads: [{ company: 'Acme' }] });
    const campaign = { id };
    await addStep(service, me.workspaceId, campaign.id, {
      position: 1,
      variants: [
        { subject: 'Hi', body: 'Fine', enabled: true },
        { subject: 'Hi', body: 'Old {{/if}} text', enabled: true },
      ],
    });
    expectBoth(await me.client.post(`/campaigns/${id}/activate`), await me.client.gql(ops.ActivateCampaignDocument, { id }), 'template_invalid', {
      position: 1,
      variant: 2,
      field: 'body',
      at: 4,
    });
    expect((await me.client.patch(`/campaigns/${id}/steps/1/variants/2`, { enabled: false })).status).toBe(200);
    expect((await me.client.post(`/campaigns/${id}/activate`)).body.status).toBe('active');
  });

  it('refuses saved replies with a broken subject or body on create and PATCH (details: field, at), through REST and GraphQL', async () => {
    const name = `Broken reply ${randomUUID().slice(0, 6)}`;
    expectBoth(
      await me.client.post('/saved-replies', { name, body: 'Thanks {{#if first_name}}{{first_name}}' }),
      await me.client.gql(ops.CreateSavedReplyDocument, { input: { name, body: 'Thanks {{#if first_name}}{{first_name}}' } }),
      'template_invalid',
      { field: 'body', at: 7 },
    );
    const saved = (await me.client.post('/saved-replies', { name, subject: 'Re', body: '{{#if first_name}}Hi {{first_name}}{{else}}Hi{{/if}} {{RANDOM|a|b}}' })).body;
    expect(saved.id).toEqual(expect.any(String));
    expectBoth(
      await me.client.patch(`/saved-replies/${saved.id}`, { subject: 'A {{/unless}}' }),
      await me.client.gql(ops.UpdateSavedReplyDocument, { id: saved.id, input: { subject: 'A {{/unless}}' } }),
      'template_invalid',
      { field: 'subject', at: 2 },
    );
    expect((await me.client.get('/saved-replies')).body.find((r: { id: string }) => r.id === saved.id).subject).toBe('Re');
  });

  it('refuses a prompt column template with a broken tag (details: field template, at), through REST and GraphQL', async () => {
    const { id } = await campaignWith();
    const template = 'Write about {{company}}{{#if title}} as {{title}}';
    expectBoth(
      await me.client.post(`/campaigns/${id}/blocks`, { name: 'opener', kind: 'prompt', template }),
      await me.client.gql(ops.CreateBlockDocument, { campaignId: id, input: { name: 'opener', kind: 'prompt', template } }),
      'template_invalid',
      { field: 'template', at: 23 },
    );
    const ok = await me.client.post(`/campaigns/${id}/blocks`, { name: 'opener', kind: 'prompt', template: 'Write about {{company}}{{#if title}} as {{title}}{{/if}}' });
    expect(ok.status).toBe(200);
    expect(expectError(await me.client.patch(`/blocks/${ok.body.id}`, { template: '{{company}} {{else}}' }), 400, 'template_invalid').details).toEqual({
      field: 'template',
      at: 12,
    });
  });

  it('refuses a one-off email with a broken subject or body (details: field, at), through REST and GraphQL; nothing is queued', async () => {
    const { id, leads } = await campaignWith({ inbox: true, leads: [{ first_name: 'Ana' }] });
    const [inboxId] = (await me.client.get(`/campaigns/${id}`)).body.mailbox_ids as string[];
    const lead = leads[0]!.id;
    for (const [input, details] of [
      [
        { subject: 'Hi {{#if first_name}}{{first_name}}', body: 'Fine' },
        { field: 'subject', at: 3 },
      ],
      [
        { subject: 'Hi', body: 'Thanks {{first_name}} {{/if}}' },
        { field: 'body', at: 22 },
      ],
    ] as const) {
      expectBoth(
        await me.client.post(`/leads/${lead}/send`, { mailboxId: inboxId, ...input }),
        await me.client.gql(ops.SendLeadEmailDocument, { id: lead, input: { mailboxId: inboxId!, ...input } }),
        'template_invalid',
        details,
      );
    }
    // An answer in a reply's thread (replyTo) is checked the same way, before the reply is looked up.
    const answer = await me.client.post(`/leads/${lead}/send`, { mailboxId: inboxId, replyTo: randomUUID(), body: '{{#unless first_name}}there' });
    expect(expectError(answer, 400, 'template_invalid').details).toEqual({ field: 'body', at: 0 });
    expect(await db(`select 1 from send where lead_id = ?`, [lead])).toEqual([]);
    // Valid conditions and RANDOM go into the queue.
    const ok = await me.client.post(`/leads/${lead}/send`, { mailboxId: inboxId, subject: '{{RANDOM|Hi|Hello}}', body: '{{#if first_name}}Hi {{first_name}}{{else}}Hi{{/if}}' });
    expect(ok.body).toMatchObject({ status: 'queued' });
  });

  it('refuses an answer to a reply with a broken body (details: field body, at), through REST and GraphQL; nothing is sent', async () => {
    const { id, leads } = await campaignWith({ inbox: true, leads: [{ first_name: 'Ana' }] });
    const [inboxId] = (await me.client.get(`/campaigns/${id}`)).body.mailbox_ids as string[];
    const item = await createReplyItem(service, me.workspaceId, { inbox: inboxId!, lead: leads[0]!.id, campaign: id, fromEmail: leads[0]!.email, subject: 'Re: Hi' });
    const body = 'Thanks {{#if first_name}}{{first_name}}, talk soon';
    expectBoth(
      await me.client.post(`/replies/${item.id}/reply`, { body }),
      await me.client.gql(ops.SendReplyAnswerDocument, { id: item.id, input: { body } }),
      'template_invalid',
      { field: 'body', at: 7 },
    );
    expect(await db(`select 1 from send where lead_id = ?`, [leads[0]!.id])).toEqual([]);
  });

  it('previews broken text as written, with a note saying saving it is refused', async () => {
    const { id } = await campaignWith({ leads: [{ company: 'Acme' }] });
    const res = await preview(id, { steps: [{ subject: 'Hi', body: 'About {{company}} {{#if company}}and more' }] });
    expect(res.steps[0]!.text).toBe('About Acme {{#if company}}and more');
    expect(res.notes).toEqual(
      expect.arrayContaining([{ code: 'template_invalid', text: expect.stringContaining('Email 1, body: {{#if company}} at character 18 is never closed') }]),
    );
  });
});
