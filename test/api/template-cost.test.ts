// decisions.md §10: templates are parsed in linear time, and one request cannot hold the service. The
// reported attack: a column template of `{{` and 4,000 spaces took 25 s in the merge-field expression, and
// /api/health stalled the whole time; the column was saved, so every preview or run fired it again. Step
// bodies and saved replies reach the same parser. Here each is saved and used at its largest size, over
// REST and GraphQL, while /api/health is asked again and again; without the scanner this file's requests
// take minutes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEMPLATE_MAX } from '../../src/modules/columns/columns.inputs';
import { MAX_ANSWER } from '../../src/modules/replies/replies.inputs';
import { MAX_BODY_CHARS } from '../../src/modules/steps/step-rules';
import { firstTemplateError } from '../../src/modules/templates/template-parse';
import * as ops from '../graphql/generated';
import { Client, expectError, signUp, type Account } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { REPORTED_TEMPLATE, pathologicalTemplates } from '../support/pathological';
import { startTestService } from '../support/service';

let model: http.Server;
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let campaignId: string;
let leadId: string;

beforeAll(async () => {
  // An OpenAI-style model endpoint on loopback that answers every prompt with a short line.
  model = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'A fine opener' } }] })),
    );
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  service = await startTestService({ env: { ALLOW_PRIVATE_FETCH: 'true', LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1` } });
  me = await signUp(service.url);
  campaignId = (await me.client.post('/campaigns', { name: 'Template cost' })).body.id;
  await me.client.post(`/campaigns/${campaignId}/leads/manual`, { leads: [{ email: 'ada@example.com', vars: { company: 'Acme' } }] });
  leadId = (await me.client.get(`/campaigns/${campaignId}/leads`)).body[0].id;
});
afterAll(async () => {
  await service.stop();
  await new Promise<void>((resolve) => model.close(() => resolve()));
});

/** Runs `work` while asking /api/health over and over, one request after another until `work` ends;
 *  every answer must be 200. (Before the scanner, each request below held the event loop for seconds to
 *  hours, and health with it.) */
async function whileHealthAnswers<T>(work: () => Promise<T>): Promise<T> {
  const anonymous = new Client(service.url);
  let done = false;
  const statuses: number[] = [];
  const poll = (async () => {
    do statuses.push((await anonymous.get('/health')).status);
    while (!done);
  })();
  try {
    return await work();
  } finally {
    done = true;
    await poll;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }
}

/** A column template at the largest size: one real field, then the report's unclosed `{{` and blanks. */
const columnTemplate = `an opener for {{company}} ${REPORTED_TEMPLATE}`.padEnd(TEMPLATE_MAX, ' ');

describe('a column template of `{{` and blanks', () => {
  it('refuses the reported template at once (it names no field) over REST and GraphQL', async () => {
    await whileHealthAnswers(async () => {
      const rest = await me.client.post(`/campaigns/${campaignId}/blocks`, { name: 'reported', kind: 'prompt', template: REPORTED_TEMPLATE });
      expect(rest.status).toBe(400);
      expect(rest.body.error).toMatchObject({ code: 'validation_failed', details: { fields: { template: [expect.any(String)] } } });
      const gql = await me.client.gql(ops.CreateBlockDocument, { campaignId, input: { name: 'reported', kind: 'prompt', template: REPORTED_TEMPLATE } });
      expect(gql.errors?.[0]?.extensions?.code).toBe('validation_failed');
    });
  });

  it('saves, previews and edits one at the largest size, with a field, over REST and GraphQL', async () => {
    expect(columnTemplate).toHaveLength(TEMPLATE_MAX);
    await whileHealthAnswers(async () => {
      const preview = await me.client.post(`/campaigns/${campaignId}/blocks/preview`, { name: 'opener', kind: 'prompt', template: columnTemplate });
      expect(preview.status).toBe(200);
      expect(preview.body.rows).toEqual([expect.objectContaining({ status: 'done', value: 'A fine opener', input: expect.stringMatching(/^an opener for Acme \{\{ +$/) })]);
      const saved = await me.client.post(`/campaigns/${campaignId}/blocks`, { name: 'opener', kind: 'prompt', template: columnTemplate });
      expect(saved.status).toBe(200);
      const edited = await me.client.patch(`/blocks/${saved.body.id}`, { template: `${columnTemplate.slice(0, -3)}{{}` });
      expect(edited.status).toBe(200);
      const gql = await me.client.gql(ops.PreviewBlockDocument, { campaignId, input: { name: 'opener2', kind: 'prompt', template: columnTemplate } });
      expect(gql.data?.previewBlock.rows.map((r) => r.status)).toEqual(['done']);
    });
  });
});

describe('step bodies and saved replies of the largest size', () => {
  it.each(Object.keys(pathologicalTemplates))('saves (or refuses, template_invalid) and previews a step body of %s', async (family) => {
    const body = pathologicalTemplates[family as keyof typeof pathologicalTemplates](MAX_BODY_CHARS);
    await whileHealthAnswers(async () => {
      const steps = await me.client.put(`/campaigns/${campaignId}/steps`, [
        { position: 1, wait_minutes: 0, variants: [{ subject: `Hi {{company}} ${REPORTED_TEMPLATE}`.slice(0, 998), body }] },
      ]);
      // decisions.md §11: a body with a broken block tag is refused, at the tag; the rest is saved.
      const broken = firstTemplateError(body);
      if (broken) expect(expectError(steps, 400, 'template_invalid').details).toEqual({ position: 1, variant: 1, field: 'body', at: broken.at });
      else expect(steps.status).toBe(200);
      const preview = await me.client.post(`/campaigns/${campaignId}/preview`, { lead_id: leadId });
      expect(preview.status).toBe(200);
      expect(preview.body.steps).toHaveLength(1);
      for (const check of ['merge-check', 'copy-check', 'diagnose']) expect((await me.client.get(`/campaigns/${campaignId}/${check}`)).status).toBe(200);
      const gql = await me.client.gql(ops.PreviewCampaignDocument, { id: campaignId, input: { leadId, steps: [{ subject: 'Hi', body }] } });
      expect(gql.errors).toBeUndefined();
    });
  });

  it('saves and renders a saved reply of `{{` and blanks at the largest size, over REST and GraphQL', async () => {
    const inbox = await createInbox(service, me.workspaceId, { fromName: 'Sam Example' });
    const body = `Hi {{company}}, ${REPORTED_TEMPLATE}`.padEnd(MAX_ANSWER, ' ');
    await whileHealthAnswers(async () => {
      const created = await me.client.post('/saved-replies', { name: `Long ${Date.now()}`, body });
      expect(created.status).toBe(201);
      const rendered = await me.client.post(`/saved-replies/${created.body.id}/render`, { lead_id: leadId, mailbox_id: inbox.id });
      expect(rendered.status).toBe(200);
      expect(JSON.stringify(rendered.body)).toContain('Hi Acme, {{');
      const gql = await me.client.gql(ops.RenderSavedReplyDocument, { id: created.body.id, input: { leadId, mailboxId: inbox.id } });
      expect(gql.errors).toBeUndefined();
    });
  });
});
